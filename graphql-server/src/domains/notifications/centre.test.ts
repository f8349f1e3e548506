import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_NOTIFICATION_CHANNELS, NOTIFICATION_REFUSALS, NOTIFICATION_TYPES } from "@clube-coroa/schema";
import { collect, createMember, createOfferRow, pokeUntil, startTestApp, withTwoInstances, type TestApp } from "../../../test/harness.js";

// 'Avisos' and her preferences (issue 29), through REST and GraphQL on the real server and
// database (both passes): paging, marking read, who sees what, and every refusal in Portuguese.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ SEED_DEMO: "never", LOG_LEVEL: process.env.TEST_LOG ?? "silent" });
});
afterAll(async () => {
  await t?.close();
});

const member = (options: Parameters<typeof createMember>[2] = {}) => createMember(t, "55371", options);

/** `n` entries of hers written directly, one second apart (entry i is i seconds old). */
async function entries(userId: number, n: number) {
  const base = t.clock.now().getTime();
  for (let i = n - 1; i >= 0; i -= 1) {
    await t.app.services.prisma.notification.create({
      data: { userId, type: "offer_liked", groupKey: `test:${i}`, title: `Aviso ${i}`, body: "corpo", link: "/", createdAt: new Date(base - i * 1000) },
    });
  }
}

const CENTRE = `query Centre($after: String) {
  notificationCentre(after: $after) { __typename ... on NotificationCentre { unread nextCursor items { id type title body link createdAt readAt } } ... on AppError { code message } }
}`;
const MARK = `mutation Mark($ids: [Int!], $all: Boolean) {
  markNotificationsRead(ids: $ids, all: $all) { __typename ... on MarkNotificationsReadPayload { unread } ... on AppError { code message } }
}`;
const PREFS = `{ notificationPreferences { types { type inApp push whatsapp } quietHours { start end } } }`;
const UPDATE = `mutation Update($types: [NotificationTypePreferenceInput!], $quietHours: QuietHoursInput) {
  updateNotificationPreferences(types: $types, quietHours: $quietHours) {
    __typename ... on NotificationPreferences { types { type inApp push whatsapp } quietHours { start end } } ... on AppError { code message }
  }
}`;

describe("the centre", () => {
  it("pages her entries newest first, 20 at a time, with an opaque cursor, on both doors", async () => {
    const her = await member();
    const other = await member();
    await entries(her.user.id, 25);
    await entries(other.user.id, 2);
    const first = await her.client.rest("GET", "/api/notifications");
    expect(first.status).toBe(200);
    expect(first.body.items).toHaveLength(20);
    expect(first.body.items[0]).toEqual({
      id: expect.any(Number),
      type: "offer_liked",
      title: "Aviso 0",
      body: "corpo",
      link: "/",
      createdAt: t.clock.now().toISOString(),
      readAt: null,
    });
    expect(first.body.unread).toBe(25);
    expect(typeof first.body.nextCursor).toBe("string");
    const second = await her.client.rest("GET", `/api/notifications?cursor=${encodeURIComponent(first.body.nextCursor)}`);
    expect(second.body.items.map((n: { title: string }) => n.title)).toEqual(["Aviso 20", "Aviso 21", "Aviso 22", "Aviso 23", "Aviso 24"]);
    expect(second.body.nextCursor).toBeNull();
    const gql = await her.client.gql(CENTRE, { after: first.body.nextCursor });
    expect(gql.body.data.notificationCentre.items.map((n: { title: string }) => n.title)).toEqual(second.body.items.map((n: { title: string }) => n.title));
    // Hers only.
    expect((await other.client.rest("GET", "/api/notifications")).body.items).toHaveLength(2);
  });

  it("refuses a bad cursor with 400 in Portuguese, and a visitor with 401", async () => {
    const her = await member();
    for (const cursor of ["xyz", "%%%", "MTIz", Buffer.from("1.0").toString("base64url"), "a".repeat(80)]) {
      const answer = await her.client.rest("GET", `/api/notifications?cursor=${encodeURIComponent(cursor)}`);
      expect(answer.status, cursor).toBe(400);
      expect(answer.body.error).toBe(NOTIFICATION_REFUSALS.cursor);
    }
    expect((await her.client.gql(CENTRE, { after: "xyz" })).body.data.notificationCentre).toEqual({ __typename: "AppError", code: "VALIDATION", message: NOTIFICATION_REFUSALS.cursor });
    const visitor = await fetch(`${t.url}/api/notifications`);
    expect(visitor.status).toBe(401);
  });

  it("marks some of her entries or all of them read, never another member's, and refuses anything else", async () => {
    const her = await member();
    const other = await member();
    await entries(her.user.id, 3);
    await entries(other.user.id, 1);
    const mine = (await her.client.rest("GET", "/api/notifications")).body.items as { id: number }[];
    const theirs = (await other.client.rest("GET", "/api/notifications")).body.items as { id: number }[];
    const some = await her.client.rest("POST", "/api/notifications/read", { ids: [mine[0].id, theirs[0].id] });
    expect(some.body).toEqual({ success: true, unread: 2 });
    expect((await other.client.rest("GET", "/api/notifications")).body.unread).toBe(1);
    const page = (await her.client.rest("GET", "/api/notifications")).body;
    expect(page.items[0].readAt).toBe(t.clock.now().toISOString());
    for (const body of [{}, { ids: [] }, { ids: "1" }, { ids: [0] }, { ids: ["x"] }, { all: "yes" }, { all: false }, { ids: [1], all: true }, { ids: Array(101).fill(1) }]) {
      const answer = await her.client.rest("POST", "/api/notifications/read", body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.error).toBe(NOTIFICATION_REFUSALS.read);
    }
    expect((await her.client.gql(MARK, { all: true })).body.data.markNotificationsRead).toEqual({ __typename: "MarkNotificationsReadPayload", unread: 0 });
    expect((await other.client.rest("GET", "/api/notifications")).body.unread).toBe(1);
  });
});

describe("her preferences", () => {
  it("answers every type with the defaults filled, and quiet hours 22:00–08:00, on both doors", async () => {
    const her = await member();
    const rest = await her.client.rest("GET", "/api/user/notification-preferences");
    expect(rest.body).toEqual({ types: DEFAULT_NOTIFICATION_CHANNELS, quietHours: { start: "22:00", end: "08:00" } });
    const gql = (await her.client.gql(PREFS)).body.data.notificationPreferences;
    expect(gql.types.map((p: { type: string }) => p.type)).toEqual([...NOTIFICATION_TYPES]);
    expect(gql.types[0]).toEqual({ type: "new_message", ...DEFAULT_NOTIFICATION_CHANNELS.new_message });
    expect(gql.quietHours).toEqual({ start: "22:00", end: "08:00" });
  });

  it("takes a partial change, keeps the rest, records each change with its time", async () => {
    const her = await member();
    const put = await her.client.rest("PUT", "/api/user/notification-preferences", { types: { offer_liked: { push: true } }, quietHours: { start: "23:30", end: "07:00" } });
    expect(put.status).toBe(200);
    expect(put.body.types.offer_liked).toEqual({ inApp: true, push: true, whatsapp: false });
    expect(put.body.types.payment_overdue).toEqual(DEFAULT_NOTIFICATION_CHANNELS.payment_overdue);
    expect(put.body.quietHours).toEqual({ start: "23:30", end: "07:00" });
    const off = await her.client.gql(UPDATE, { quietHours: null, types: [{ type: "report_handled", inApp: false }] });
    expect(off.body.data.updateNotificationPreferences.quietHours).toBeNull();
    const again = (await her.client.rest("GET", "/api/user/notification-preferences")).body;
    expect(again.quietHours).toBeNull();
    expect(again.types.offer_liked.push).toBe(true);
    expect(again.types.report_handled).toEqual({ inApp: false, push: true, whatsapp: false });
    // The same choice again is no change.
    await her.client.rest("PUT", "/api/user/notification-preferences", { types: { offer_liked: { push: true } } });
    const changes = await t.app.services.prisma.notificationSettingsChange.findMany({ where: { userId: her.user.id }, orderBy: { id: "asc" } });
    expect(changes).toHaveLength(2);
    expect((changes[0].before as { quietHours: unknown }).quietHours).toEqual({ start: "22:00", end: "08:00" });
    expect((changes[0].after as { quietHours: unknown }).quietHours).toEqual({ start: "23:30", end: "07:00" });
    expect(changes[1].before).toEqual(changes[0].after);
    expect(changes[1].createdAt.toISOString()).toBe(t.clock.now().toISOString());
  });

  it("the WhatsApp channel of new messages is the profile's WhatsApp switch, both ways", async () => {
    const her = await member({ whatsappNotificationsEnabled: true });
    await her.client.rest("PUT", "/api/user/notification-preferences", { types: { new_message: { whatsapp: false } } });
    const user = await t.app.services.prisma.user.findUniqueOrThrow({ where: { id: her.user.id } });
    expect(user.whatsappNotificationsEnabled).toBe(false);
    await t.app.services.prisma.user.update({ where: { id: her.user.id }, data: { whatsappNotificationsEnabled: true } });
    expect((await her.client.rest("GET", "/api/user/notification-preferences")).body.types.new_message).toEqual({ inApp: true, push: true, whatsapp: true });
  });

  it("refuses unknown types and channels, non-booleans and bad hours with 400 in Portuguese", async () => {
    const her = await member();
    const cases: [unknown, string][] = [
      [{ types: { bogus: { push: true } } }, NOTIFICATION_REFUSALS.type("bogus")],
      [{ types: { new_message: { sms: true } } }, NOTIFICATION_REFUSALS.channel("sms")],
      [{ types: { new_message: { push: "yes" } } }, NOTIFICATION_REFUSALS.boolean],
      [{ types: { new_message: true } }, NOTIFICATION_REFUSALS.boolean],
      [{ types: [] }, NOTIFICATION_REFUSALS.preferences],
      [{ quietHours: { start: "24:00", end: "08:00" } }, NOTIFICATION_REFUSALS.quietHours],
      [{ quietHours: { start: "22:00" } }, NOTIFICATION_REFUSALS.quietHours],
      [{ quietHours: "22-08" }, NOTIFICATION_REFUSALS.quietHours],
      [{ other: 1 }, NOTIFICATION_REFUSALS.preferences],
    ];
    for (const [body, text] of cases) {
      const answer = await her.client.rest("PUT", "/api/user/notification-preferences", body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.error, JSON.stringify(body)).toBe(text);
    }
    const gql = await her.client.gql(UPDATE, { quietHours: { start: "7h", end: "08:00" } });
    expect(gql.body.data.updateNotificationPreferences).toEqual({ __typename: "AppError", code: "VALIDATION", message: NOTIFICATION_REFUSALS.quietHours });
    expect(await t.app.services.prisma.notificationSettingsChange.count({ where: { userId: her.user.id } })).toBe(0);
  });
});

const LIVE = `subscription { notificationCentreChanged { unread entry { id type title link readAt } } }`;
const START = `mutation Start($offerId: Int!) { startConversation(offerId: $offerId) { ... on Conversation { id } } }`;

describe("the centre, live", () => {
  it("tells her open centre each entry added or updated and each read, with the unread count; never another member's", async () => {
    const owner = await member();
    const asker = await member();
    const offer = await createOfferRow(t, owner.user.id);
    const conversationId = (await asker.client.gql(START, { offerId: offer.id })).body.data.startConversation.id as number;
    const ws = owner.client.ws();
    const changes = collect(ws, LIVE);
    const others = collect(asker.client.ws(), LIVE);
    // Live once a read of hers is heard (the subscription is registered asynchronously).
    await entries(owner.user.id, 1);
    const poke = async () => {
      await t.app.services.prisma.notification.updateMany({ where: { userId: owner.user.id }, data: { readAt: null } });
      await owner.client.rest("POST", "/api/notifications/read", { all: true });
    };
    await pokeUntil(poke, () => changes.values.length > 0, "her centre live");
    await new Promise((r) => setTimeout(r, 300));
    const before = changes.values.length;
    await asker.client.rest("POST", `/api/conversations/${conversationId}/messages`, { content: "Oi" });
    await changes.next(before + 1);
    const added = changes.values[before].notificationCentreChanged;
    expect(added.entry).toMatchObject({ type: "new_message", link: `/mensagens/${conversationId}`, readAt: null });
    const unreadNow = added.unread;
    expect(unreadNow).toBe((await owner.client.rest("GET", "/api/notifications")).body.unread);
    await owner.client.rest("POST", "/api/notifications/read", { all: true });
    await changes.next(before + 2);
    expect(changes.values[before + 1].notificationCentreChanged).toEqual({ unread: 0, entry: null });
    expect(others.values.filter((v: { notificationCentreChanged: { entry: unknown } }) => v.notificationCentreChanged.entry)).toEqual([]);
    await ws.dispose();
  });

  it("reaches her centre open on another instance (PostgreSQL and Redis)", async () => {
    await withTwoInstances({}, async (one, two) => {
      const owner = await createMember(one, "55371");
      const asker = await createMember(one, "55371");
      const offer = await createOfferRow(one, owner.user.id);
      const ownerOnTwo = owner.client.at(two.url);
      const ws = ownerOnTwo.ws();
      const changes = collect(ws, LIVE);
      let conversationId = 0;
      await pokeUntil(
        async () => {
          if (!conversationId) conversationId = (await asker.client.gql(START, { offerId: offer.id })).body.data.startConversation.id as number;
          else await asker.client.rest("POST", `/api/conversations/${conversationId}/messages`, { content: "Oi" });
        },
        () => changes.values.length > 0,
        "an entry written on instance one, heard on instance two",
      );
      const last = changes.values[changes.values.length - 1].notificationCentreChanged;
      expect(last.entry.type).toMatch(/^(conversation_started|new_message)$/);
      expect(last.unread).toBe((await ownerOnTwo.rest("GET", "/api/notifications")).body.unread);
      await ws.dispose();
    });
  });
});
