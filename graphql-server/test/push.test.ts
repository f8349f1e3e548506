// Web Push end to end (issue 29): her browser's subscription (the allow-list and key checks), and
// the durable queue's push jobs delivered to a fake push service that checks the VAPID JWT and
// decrypts the payload with the subscriber's keys; 410 removes the subscription, 429 is retried
// after Retry-After; across two instances sharing PostgreSQL each job is sent once.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import webpush from "web-push";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../src/config.js";
import { resolveVapidKeys } from "../src/providers/push/vapid.js";
import { FakePushService, type FakeSubscriber } from "./fake-push.js";
import { createMember, createOfferRow, eventually, freshPostgres, requireServers, startTestApp, TestClient, withTwoInstances, type TestApp } from "./harness.js";

/** One pair for the suite (on PostgreSQL there is no pair without the settings), made as an operator makes it. */
const VAPID = webpush.generateVAPIDKeys();
const QUEUE = { QUEUE_POLL_MS: "100", QUEUE_RETRY_BASE_SECONDS: "0.2", VAPID_PUBLIC_KEY: VAPID.publicKey, VAPID_PRIVATE_KEY: VAPID.privateKey };
const fake = new FakePushService();
let t: TestApp;
beforeAll(async () => {
  await fake.start();
  t = await startTestApp(QUEUE);
  fake.expectedKey = VAPID.publicKey;
});
afterAll(async () => {
  await t?.close();
  await fake.stop();
});

const subscription = (s: FakeSubscriber) => ({ endpoint: s.endpoint, keys: s.keys });

let jobSeq = 0;
async function enqueuePush(app: TestApp, subscriptionId: number, userId: number, extra: Partial<{ title: string; body: string; link: string }> = {}) {
  jobSeq += 1;
  const notificationId = 1000 + jobSeq;
  const job = await app.app.services.prisma.job.create({
    data: {
      kind: "push",
      key: `push:${notificationId}:1:${subscriptionId}:${randomBytes(3).toString("hex")}`,
      payload: { subscriptionId, userId, notificationId, title: "Nova mensagem", body: "Ana: Oi! Vi sua oferta.", link: "/mensagens/7", ...extra },
    },
  });
  app.app.services.queue.wake();
  return job;
}

async function subscribed(app: TestApp, prefix: string) {
  const member = await createMember(app, prefix);
  const device = fake.subscriber();
  const answer = await member.client.rest("POST", "/api/push/subscriptions", subscription(device));
  expect(answer.status).toBe(201);
  const row = await app.app.services.prisma.pushSubscription.findUniqueOrThrow({ where: { endpoint: device.endpoint } });
  return { ...member, device, row };
}

describe("the public key", () => {
  it("is served to anyone, on REST and GraphQL, as an uncompressed P-256 key in base64url", async () => {
    const anonymous = new TestClient(t.url);
    const rest = await anonymous.rest("GET", "/api/push/public-key");
    expect(rest.status).toBe(200);
    expect(rest.body.enabled).toBe(true);
    expect(rest.body.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    const gql = await anonymous.gql(`{ pushPublicKey { enabled publicKey } }`);
    expect(gql.body.data.pushPublicKey).toEqual(rest.body);
  });

  it("says push is off with DATABASE_URL and no VAPID keys, and refuses a subscription with 409", async () => {
    const database = await freshPostgres(requireServers("postgres").postgres);
    const app = await startTestApp({ DATABASE_URL: database.url, QUEUE_POLL_MS: "100" });
    try {
      expect((await new TestClient(app.url).rest("GET", "/api/push/public-key")).body).toEqual({ enabled: false, publicKey: null });
      const member = await createMember(app, "5511933");
      const answer = await member.client.rest("POST", "/api/push/subscriptions", subscription(fake.subscriber()));
      expect(answer.status).toBe(409);
      expect(answer.body.error).toBe("As notificações no celular não estão disponíveis neste servidor.");
    } finally {
      await app.close();
      await database.drop();
    }
  });

  it("on the embedded database without settings, makes a pair once and keeps it in DATA_DIR, readable by the server alone", () => {
    const dir = mkdtempSync(join(tmpdir(), "coroa-vapid-"));
    try {
      const config = loadConfig({ NODE_ENV: "test", DATA_DIR: dir, DATABASE_URL: "" });
      const log = { info: () => undefined, warn: () => undefined };
      const first = resolveVapidKeys(config, log)!;
      expect(first.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
      expect(statSync(join(dir, "vapid-keys.json")).mode & 0o777).toBe(0o600);
      expect(resolveVapidKeys(config, log)).toEqual(first);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("her browser's subscription", () => {
  it("needs a session", async () => {
    const answer = await new TestClient(t.url).rest("POST", "/api/push/subscriptions", subscription(fake.subscriber()));
    expect(answer.status).toBe(401);
  });

  it.each([
    ["http on a push service's host", "http://fcm.googleapis.com/fcm/send/abc"],
    ["a host that is no push service", "https://example.com/push/abc"],
    ["a look-alike host", "https://fcm.googleapis.com.attacker.net/fcm/send/abc"],
    ["an apple look-alike", "https://push.apple.com.evil.io/3/device/abc"],
    ["another port", "https://fcm.googleapis.com:8443/fcm/send/abc"],
    ["credentials in the URL", "https://user:pw@fcm.googleapis.com/fcm/send/abc"],
    ["an internal address", "https://10.0.0.5/push"],
    ["no URL at all", "not a url"],
  ])("refuses %s with 400 in Portuguese", async (_case, endpoint) => {
    const { client } = await createMember(t, "5511934");
    const device = fake.subscriber();
    const answer = await client.rest("POST", "/api/push/subscriptions", { endpoint, keys: device.keys });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatch(/Endereço de notificação não aceito/);
  });

  it("her first device records her consent to push, and turning off her last one withdraws it ('Meus dados')", async () => {
    const { client } = await createMember(t, "5511936");
    const pushConsent = async () =>
      ((await client.rest("GET", "/api/user/consents")).body as { purpose: string; granted: boolean; source: string }[]).find((c) => c.purpose === "push");
    const [phone, laptop] = [fake.subscriber(), fake.subscriber()];
    expect((await client.rest("POST", "/api/push/subscriptions", subscription(phone))).status).toBe(201);
    expect((await client.rest("POST", "/api/push/subscriptions", subscription(laptop))).status).toBe(201);
    expect(await pushConsent()).toMatchObject({ granted: true, source: "notificacoes-push" });
    await client.rest("DELETE", "/api/push/subscriptions", { endpoint: phone.endpoint });
    expect((await pushConsent())?.granted).toBe(true);
    await client.rest("DELETE", "/api/push/subscriptions", { endpoint: laptop.endpoint });
    expect(await pushConsent()).toMatchObject({ granted: false, source: "notificacoes-push" });
    const history = (await client.rest("GET", "/api/user/consents?history=1")).body as { purpose: string; granted: boolean }[];
    expect(history.filter((c) => c.purpose === "push").map((c) => c.granted).sort()).toEqual([false, true]);
  });

  it.each([
    ["a short p256dh", { p256dh: "BAAA", auth: "x".repeat(22) }],
    ["a compressed point", { p256dh: Buffer.alloc(65, 3).toString("base64url"), auth: randomBytes(16).toString("base64url") }],
    ["an auth of 8 bytes", { p256dh: "", auth: randomBytes(8).toString("base64url") }],
    ["no keys", null],
  ])("refuses %s with 400", async (_case, keys) => {
    const { client } = await createMember(t, "5511935");
    const device = fake.subscriber();
    const body = { endpoint: device.endpoint, keys: keys && { ...keys, p256dh: keys.p256dh || device.keys.p256dh } };
    const answer = await client.rest("POST", "/api/push/subscriptions", body);
    expect(answer.status).toBe(400);
    expect(answer.body.success).toBe(false);
  });

  it("accepts the real push services' hosts (FCM, Mozilla, Apple, Windows) through GraphQL", async () => {
    const { client, user } = await createMember(t, "5511936");
    const keys = fake.subscriber().keys;
    const mutation = `mutation($input: SubscribePushInput!) { subscribePush(input: $input) { __typename ... on PushSubscriptionPayload { success } ... on AppError { message } } }`;
    for (const endpoint of [
      "https://fcm.googleapis.com/fcm/send/eXaMpLe:APA91b",
      "https://updates.push.services.mozilla.com/wpush/v2/gAAAAA",
      "https://web.push.apple.com/QGuQyavXutnMH",
      "https://wns2-par02p.notify.windows.com/w/?token=BQYAAA",
    ]) {
      const answer = await client.gql(mutation, { input: { endpoint, keys } });
      expect(answer.body.errors).toBeUndefined();
      expect(answer.body.data.subscribePush).toEqual({ __typename: "PushSubscriptionPayload", success: true });
    }
    const bad = await client.gql(mutation, { input: { endpoint: "https://evil.example/push", keys } });
    expect(bad.body.data.subscribePush.__typename).not.toBe("PushSubscriptionPayload");
    expect(await t.app.services.prisma.pushSubscription.count({ where: { userId: user.id } })).toBe(4);
  });

  it("moves a browser's subscription to the member who signs in on it last; she alone can remove it", async () => {
    const ana = await subscribed(t, "5511937");
    const bia = await createMember(t, "5511937");
    // Bia cannot remove Ana's device.
    const notHers = await bia.client.rest("DELETE", "/api/push/subscriptions", { endpoint: ana.device.endpoint });
    expect(notHers.status).toBe(200);
    expect(notHers.body.removed).toBe(false);
    expect(await t.app.services.prisma.pushSubscription.count({ where: { endpoint: ana.device.endpoint } })).toBe(1);
    // The same browser, now signed in as Bia, subscribes again: its pushes are hers.
    expect((await bia.client.rest("POST", "/api/push/subscriptions", subscription(ana.device))).status).toBe(201);
    const row = await t.app.services.prisma.pushSubscription.findUniqueOrThrow({ where: { endpoint: ana.device.endpoint } });
    expect(row.userId).toBe(bia.user.id);
    const removed = await bia.client.gql(`mutation($e: String!) { unsubscribePush(endpoint: $e) { ... on PushSubscriptionPayload { removed } } }`, {
      e: ana.device.endpoint,
    });
    expect(removed.body.data.unsubscribePush.removed).toBe(true);
    expect(await t.app.services.prisma.pushSubscription.count({ where: { endpoint: ana.device.endpoint } })).toBe(0);
  });
});

describe("a push job", () => {
  it("reaches the push service signed (VAPID) and encrypted (aes128gcm); the device decrypts title, body and link", async () => {
    const { user, device, row } = await subscribed(t, "5511938");
    const job = await enqueuePush(t, row.id, user.id);
    await eventually(() => fake.delivered(device.id).length === 1, 5000, "the push");
    const [push] = fake.delivered(device.id);
    expect(push.message).toEqual({ title: "Nova mensagem", body: "Ana: Oi! Vi sua oferta.", link: "/mensagens/7" });
    expect(push.ttl).toBeGreaterThan(0);
    expect(push.urgency).toBe("normal");
    expect(push.topic).toMatch(/^[A-Za-z0-9_-]{1,32}$/);
    expect(fake.received.filter((p) => p.subscriber === device.id && p.problem)).toEqual([]);
    const { prisma } = t.app.services;
    await eventually(async () => (await prisma.job.findUniqueOrThrow({ where: { id: job.id } })).doneAt !== null, 2000, "done");
    expect((await prisma.pushSubscription.findUniqueOrThrow({ where: { id: row.id } })).lastPushAt).not.toBeNull();
  });

  it("never sends a link off the app: anything but a path becomes /", async () => {
    const { user, device, row } = await subscribed(t, "5511939");
    await enqueuePush(t, row.id, user.id, { link: "//evil.example/x" });
    await eventually(() => fake.delivered(device.id).length === 1, 5000, "the push");
    expect(fake.delivered(device.id)[0].message?.link).toBe("/");
  });

  it("410 from the push service removes the subscription; the job is done, not retried", async () => {
    const { user, device, row } = await subscribed(t, "5511940");
    fake.answers.set(device.id, { status: 410 });
    const job = await enqueuePush(t, row.id, user.id);
    const { prisma } = t.app.services;
    await eventually(async () => (await prisma.job.findUniqueOrThrow({ where: { id: job.id } })).doneAt !== null, 5000, "done");
    expect(await prisma.pushSubscription.count({ where: { id: row.id } })).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(fake.received.filter((p) => p.subscriber === device.id)).toHaveLength(1);
  });

  it("429 is retried after the push service's Retry-After, then delivered once", async () => {
    const { user, device, row } = await subscribed(t, "5511941");
    fake.answers.set(device.id, [{ status: 429, retryAfter: "1" }]);
    const job = await enqueuePush(t, row.id, user.id);
    await eventually(() => fake.received.some((p) => p.subscriber === device.id), 5000, "the first try");
    const firstAt = Date.now();
    await eventually(() => fake.delivered(device.id).length === 1, 6000, "the retry");
    expect(Date.now() - firstAt).toBeGreaterThanOrEqual(900);
    const { prisma } = t.app.services;
    await eventually(async () => (await prisma.job.findUniqueOrThrow({ where: { id: job.id } })).doneAt !== null, 2000, "done");
    const done = await prisma.job.findUniqueOrThrow({ where: { id: job.id } });
    expect(done.attempts).toBe(2);
    expect(done.lastError).toMatch(/429/);
    expect(fake.received.filter((p) => p.subscriber === device.id).map((p) => p.status)).toEqual([429, 201]);
  });

  it("a 500 every time ends as failed after the attempts allowed, and the subscription stays", async () => {
    const app = await startTestApp({ ...QUEUE, QUEUE_MAX_ATTEMPTS: "3", QUEUE_RETRY_BASE_SECONDS: "0.05" });
    try {
      const { user, device, row } = await subscribed(app, "5511942");
      fake.answers.set(device.id, { status: 503 });
      const job = await enqueuePush(app, row.id, user.id);
      const { prisma } = app.app.services;
      await eventually(async () => (await prisma.job.findUniqueOrThrow({ where: { id: job.id } })).failedAt !== null, 8000, "failed");
      expect(fake.received.filter((p) => p.subscriber === device.id)).toHaveLength(3);
      expect(await prisma.pushSubscription.count({ where: { id: row.id } })).toBe(1);
    } finally {
      await app.close();
    }
  });

  it("sends nothing for a subscription removed since, or now another member's", async () => {
    const { user, device, row } = await subscribed(t, "5511943");
    const other = await createMember(t, "5511943");
    const job = await enqueuePush(t, row.id, other.user.id);
    const { prisma } = t.app.services;
    await eventually(async () => (await prisma.job.findUniqueOrThrow({ where: { id: job.id } })).doneAt !== null, 5000, "done");
    expect(fake.received.filter((p) => p.subscriber === device.id)).toHaveLength(0);
    expect(user.id).not.toBe(other.user.id);
  });
});

describe("a message to a member who is away", () => {
  it("reaches her phone at once: the send wakes the worker (its poll here is a minute)", async () => {
    const app = await startTestApp({ ...QUEUE, QUEUE_POLL_MS: "60000" });
    try {
      const owner = await subscribed(app, "5511951");
      // Whatever hour the test clock says, no quiet hours for her.
      expect((await owner.client.rest("PUT", "/api/user/notification-preferences", { quietHours: null })).status).toBe(200);
      const asker = await createMember(app, "5511952");
      const offer = await createOfferRow(app, owner.user.id, "permuta", "Bolos para festas");
      const started = await asker.client.rest("POST", "/api/conversations", { offerId: offer.id });
      const conversationId = started.body.id as number;
      expect((await asker.client.rest("POST", `/api/conversations/${conversationId}/messages`, { content: "Oi! Vi sua oferta." })).status).toBe(201);
      const title = `Nova mensagem de ${asker.user.nickname}`;
      await eventually(() => fake.delivered(owner.device.id).some((p) => p.message?.title === title), 10_000, "her push");
      const push = fake.delivered(owner.device.id).find((p) => p.message?.title === title);
      expect(push?.message?.link).toBe(`/mensagens/${conversationId}`);
      // Never a phone in what reaches the push service.
      expect(JSON.stringify(push?.message)).not.toContain(asker.user.phone);
    } finally {
      await app.close();
    }
  });
});

describe("two instances sharing PostgreSQL", () => {
  it("send each job once, not once per instance", async () => {
    await withTwoInstances(QUEUE, async (a, b) => {
      {
        const { user, device, row } = await subscribed(a, "5511944");
        const { prisma } = a.app.services;
        await prisma.job.createMany({
          data: Array.from({ length: 60 }, (_, i) => ({
            kind: "push",
            key: `push:two:${i}:${row.id}`,
            payload: { subscriptionId: row.id, userId: user.id, notificationId: 5000 + i, title: `Aviso ${i}`, body: "Corpo", link: "/avisos" },
          })),
        });
        a.app.services.queue.wake();
        b.app.services.queue.wake();
        await eventually(() => fake.delivered(device.id).length >= 60, 15_000, "60 pushes");
        await new Promise((resolve) => setTimeout(resolve, 500));
        const titles = fake.delivered(device.id).map((p) => p.message!.title);
        expect(titles).toHaveLength(60);
        expect(new Set(titles).size).toBe(60);
        expect(await prisma.job.count({ where: { doneAt: null } })).toBe(0);
      }
    });
  });
});

describe("done jobs", () => {
  it("are purged a day after they were done; pending and failed ones stay", async () => {
    const { prisma, queue } = t.app.services;
    const dayAndMore = new Date(Date.now() - 25 * 3600 * 1000);
    const payload = { subscriptionId: 0, userId: 0, notificationId: 0, title: "", body: "", link: "/" };
    const old = await prisma.job.create({ data: { kind: "push", key: "purge:old", payload, doneAt: dayAndMore } });
    const recent = await prisma.job.create({ data: { kind: "push", key: "purge:recent", payload, doneAt: new Date() } });
    const failed = await prisma.job.create({ data: { kind: "push", key: "purge:failed", payload, failedAt: dayAndMore } });
    expect(await queue.purgeDone()).toBeGreaterThanOrEqual(1);
    expect(await prisma.job.findUnique({ where: { id: old.id } })).toBeNull();
    expect(await prisma.job.findUnique({ where: { id: recent.id } })).not.toBeNull();
    expect(await prisma.job.findUnique({ where: { id: failed.id } })).not.toBeNull();
  });
});
