// The session cache (docs/decisions/0100-session-cache.md): an instance trusts a session it resolved
// for SESSION_CACHE_MS, and forgets it at once when it ends or her row changes, on every instance.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cpfFor, eventually, startTestApp, TestClient, withTwoInstances, type TestApp } from "./harness.js";
import { SESSION_COOKIE } from "../src/lib/http.js";

// Long enough that only an invalidation can explain a change seen within a test.
const LONG_CACHE = { SESSION_CACHE_MS: "300000" };
/** How long the bus may take to bring an event to the other instance in these tests. */
const BUS_MS = 3000;

let seq = 0;
/** A member (a valid mobile phone, so staff can name her) with a session of her own on `t`. */
async function member(t: TestApp, options: { plan?: "nobreza" | "alteza" | "majestade"; role?: "superuser" } = {}) {
  const { prisma, sessions } = t.app.services;
  seq += 1;
  const local = `3199372${String(seq).padStart(4, "0")}`;
  const user = await prisma.user.create({
    data: {
      phone: `55${local}`,
      plan: options.plan ?? "nobreza",
      role: options.role ?? "member",
      nickname: `Sessão ${seq}`,
      fullName: `Maria Sessão ${seq}`,
      profileComplete: true,
    },
  });
  const { token } = await sessions.create(prisma, user.id, {});
  return { user, local, token, client: clientOf(t, token) };
}

/** Another client of `t` presenting the same cookie (a copied cookie, or her tab on another server). */
function clientOf(t: TestApp, token: string) {
  const client = new TestClient(t.url);
  client.cookies.set(SESSION_COOKIE, token);
  return client;
}

const meOf = async (client: TestClient) =>
  (await client.gql<{ me: { id: number; plan: string; isSuperuser: boolean } | null }>("{ me { id plan isSuperuser } }")).body.data!.me;

/**
 * She pays alteza by PIX on `payOn` (the demo control confirms it) while her socket on `watchOn`
 * waits for the payment; the moment it is told the payment was received, she asks for herself there,
 * as the app does. Answers the plan that first question saw.
 */
async function planSeenWhenToldPaid(payOn: TestApp, watchOn: TestApp) {
  const her = await member(payOn, { plan: "nobreza" });
  const watcher = clientOf(watchOn, her.token);
  expect((await meOf(watcher))?.plan).toBe("nobreza");
  const ws = watcher.ws();
  try {
    const seen = new Promise<string | undefined>((resolve, reject) => {
      ws.subscribe<{ paymentUpdated: { status: string } }>(
        { query: "subscription { paymentUpdated { status } }" },
        {
          next: ({ data }) => {
            if (data?.paymentUpdated.status === "received") meOf(watcher).then((me) => resolve(me?.plan), reject);
          },
          error: reject,
          complete: () => undefined,
        },
      );
    });
    await new Promise((r) => setTimeout(r, 150));
    const customer = { name: "Maria Sessão", email: "maria@example.com", phone: her.local, cpfCnpj: cpfFor(900 + seq), postalCode: "01310-100", addressNumber: "10" };
    const created = await her.client.rest("POST", "/api/subscriptions/create", { plan: "alteza", billingType: "PIX", billingCycle: "monthly", customer });
    expect(created.status).toBe(200);
    expect((await her.client.rest("POST", `/api/dev/payments/${created.body.paymentInstructions.paymentId}/confirm`, {})).status).toBe(200);
    return await seen;
  } finally {
    await ws.dispose();
  }
}

describe("the session cache of one instance", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ ...LONG_CACHE, LOG_LEVEL: process.env.TEST_LOG ?? "silent" });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("answers the old cookie as anonymous right after a REST logout", async () => {
    const her = await member(t);
    const copy = clientOf(t, her.token);
    expect((await meOf(copy))?.id).toBe(her.user.id);
    expect((await copy.rest("GET", "/api/auth/me")).status).toBe(200);
    expect((await her.client.rest("POST", "/api/auth/logout")).status).toBe(200);
    expect(await meOf(copy)).toBeNull();
    expect((await copy.rest("GET", "/api/auth/me")).status).toBe(401);
  });

  it("answers the old cookie as anonymous right after the logout mutation", async () => {
    const her = await member(t);
    const copy = clientOf(t, her.token);
    expect((await meOf(copy))?.id).toBe(her.user.id);
    expect((await her.client.gql("mutation { logout }")).body.data.logout).toBe(true);
    expect(await meOf(copy)).toBeNull();
    expect((await copy.rest("GET", "/api/auth/me")).status).toBe(401);
  });

  it("shows a plan change by the staff on her next request", async () => {
    const staff = await member(t, { role: "superuser" });
    const her = await member(t, { plan: "nobreza" });
    expect((await meOf(her.client))?.plan).toBe("nobreza");
    const changed = await staff.client.rest("PUT", `/api/admin/user/${her.user.id}/plan`, { plan: "majestade" });
    expect(changed.status).toBe(200);
    expect((await meOf(her.client))?.plan).toBe("majestade");
    expect((await her.client.rest("GET", "/api/auth/me")).body.plan).toBe("majestade");
  });

  it("shows the paid plan to the question she asks the moment she is told her payment was received", async () => {
    for (let i = 0; i < 5; i++) expect(await planSeenWhenToldPaid(t, t)).toBe("alteza");
  });

  it("refuses a session once it expires, even while the instance still trusts it", async () => {
    const her = await member(t);
    await t.app.services.prisma.session.updateMany({
      where: { userId: her.user.id },
      data: { expiresAt: new Date(t.clock.now().getTime() + 10_000) },
    });
    expect((await meOf(her.client))?.id).toBe(her.user.id);
    t.clock.advance(11_000);
    expect(await meOf(her.client)).toBeNull();
    expect((await her.client.rest("GET", "/api/auth/me")).status).toBe(401);
  });

  it("still renews a session used after an hour, and sends the cookie again", async () => {
    const her = await member(t);
    expect((await meOf(her.client))?.id).toBe(her.user.id);
    t.clock.advance(61 * 60 * 1000);
    const answer = await her.client.rest("GET", "/api/auth/me");
    expect(answer.status).toBe(200);
    expect(String(answer.headers.get("set-cookie"))).toContain(`${SESSION_COOKIE}=${her.token}`);
    const row = await t.app.services.prisma.session.findFirstOrThrow({ where: { userId: her.user.id } });
    expect(row.lastUsedAt.getTime()).toBe(t.clock.now().getTime());
  });
});

describe("the session cache over two instances sharing PostgreSQL and Redis", () => {
  it("forgets a session logged out on B: at once on B, within the bus's latency on A", async () => {
    await withTwoInstances(LONG_CACHE, async (a, b) => {
      const her = await member(b);
      const onA = clientOf(a, her.token);
      const onB = clientOf(b, her.token);
      expect((await meOf(onA))?.id).toBe(her.user.id);
      expect((await meOf(onB))?.id).toBe(her.user.id);
      expect((await her.client.rest("POST", "/api/auth/logout")).status).toBe(200);
      expect((await onB.rest("GET", "/api/auth/me")).status).toBe(401);
      await eventually(async () => (await onA.rest("GET", "/api/auth/me")).status === 401, BUS_MS, "the old cookie refused on A");
      expect(await meOf(onA)).toBeNull();
    });
  });

  it("shows a plan change made on B at her next request on A", async () => {
    await withTwoInstances(LONG_CACHE, async (a, b) => {
      const staff = await member(b, { role: "superuser" });
      const her = await member(a, { plan: "nobreza" });
      expect((await meOf(her.client))?.plan).toBe("nobreza");
      const changed = await staff.client.gql(`mutation($id: Int!) { adminChangePlan(userId: $id, plan: alteza) { __typename } }`, { id: her.user.id });
      expect(changed.body.data.adminChangePlan.__typename).toBe("AdminUser");
      await eventually(async () => (await meOf(her.client))?.plan === "alteza", BUS_MS, "the new plan on A");
      expect((await her.client.rest("GET", "/api/auth/me")).body.plan).toBe("alteza");
    });
  });

  it("shows the plan paid on B to the question she asks on A the moment A tells her the payment was received", async () => {
    await withTwoInstances(LONG_CACHE, async (a, b) => {
      for (let i = 0; i < 3; i++) expect(await planSeenWhenToldPaid(b, a)).toBe("alteza");
    });
  });

  it("shows a role change made on B at her next request on A", async () => {
    await withTwoInstances(LONG_CACHE, async (a, b) => {
      const staff = await member(b, { role: "superuser" });
      const her = await member(a);
      expect((await meOf(her.client))?.isSuperuser).toBe(false);
      expect((await her.client.rest("GET", "/api/admin/stats")).status).toBe(403);
      const added = await staff.client.gql(`mutation($phone: String!) { addSuperUser(phone: $phone) { __typename } }`, { phone: her.local });
      expect(added.body.data.addSuperUser.__typename).toBe("SuperUser");
      await eventually(async () => (await meOf(her.client))?.isSuperuser === true, BUS_MS, "the new role on A");
      expect((await her.client.rest("GET", "/api/admin/stats")).status).toBe(200);
    });
  });
});
