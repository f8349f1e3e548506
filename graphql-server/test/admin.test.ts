import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  collect,
  cpfFor,
  createMember,
  createOfferRow,
  eventually,
  signIn,
  sleep,
  startTestApp,
  TestClient,
  type HttpAnswer,
  type TestApp,
} from "./harness.js";

// Staff tools (issue 12): the admin policy on every door, reports moderation, the dashboard's
// counts, superusers and the simple admin.
const PREFIX = "55481";
let t: TestApp;
let admin: Awaited<ReturnType<typeof createMember>>;
let member: Awaited<ReturnType<typeof createMember>>;

const prisma = () => t.app.services.prisma;

async function superuser() {
  const made = await createMember(t, PREFIX, { plan: "majestade" });
  await prisma().user.update({ where: { id: made.user.id }, data: { role: "superuser" } });
  return made;
}

beforeAll(async () => {
  t = await startTestApp({ SEED_DEMO: "never", LOG_LEVEL: process.env.TEST_LOG ?? "silent" });
  admin = await superuser();
  member = await createMember(t, PREFIX, { plan: "alteza" });
});
afterAll(async () => {
  await t?.close();
});

/** The refusal's code of a GraphQL answer: a typed AppError result, or the errors entry. */
function gqlCode(answer: HttpAnswer, field: string): string | undefined {
  const result = answer.body?.data?.[field];
  if (result && result.__typename === "AppError") return result.code;
  return answer.body?.errors?.[0]?.extensions?.code;
}

const STATS_FIELDS = `totalUsers onlineUsers totalOffers totalConversations totalMessages totalLikes pendingReports newUsers
  connectionsByType { collab permuta apoio } usersByPlan { nobreza alteza majestade imperatriz } offersByType { collab permuta apoio }`;
const REPORT_FIELDS = `id status reason customReason adminNotes createdAt resolvedAt reportedUser { id fullName phone } offer { id title content hidden }`;

/** Every admin GraphQL field, with arguments that a superuser gets an answer to. */
const GRAPHQL_FIELDS: { field: string; query: string; variables?: () => Record<string, unknown> }[] = [
  { field: "adminStats", query: `{ adminStats { ${STATS_FIELDS} } }` },
  { field: "adminReports", query: `{ adminReports(status: pending) { items { id } nextCursor } }` },
  { field: "superUsers", query: `{ superUsers { id phone pending } }` },
  {
    field: "adminUser",
    query: `query($id: Int!) { adminUser(id: $id) { __typename ... on AdminUser { id } ... on AppError { code message } } }`,
    variables: () => ({ id: member.user.id }),
  },
  { field: "adminUsers", query: `{ adminUsers(first: 2) { items { id } nextCursor } }` },
  { field: "auditLog", query: `{ auditLog(first: 5) { items { id action } nextCursor } }` },
  {
    field: "updateReportStatus",
    query: `mutation { updateReportStatus(reportId: 999999, status: resolved) { __typename ... on AppError { code message } ... on AdminReport { id } } }`,
  },
  {
    field: "addSuperUser",
    query: `mutation { addSuperUser(phone: "abc") { __typename ... on AppError { code message } ... on SuperUser { phone } } }`,
  },
  {
    field: "adminChangePlan",
    query: `mutation($id: Int!) { adminChangePlan(userId: $id, plan: nobreza) { __typename ... on AppError { code message } ... on AdminUser { id plan } } }`,
    variables: () => ({ id: 999999 }),
  },
];

/** Every admin REST route, with a body a superuser gets an answer to (maybe a 4xx of the service). */
const REST_ROUTES: { method: string; path: () => string; body?: unknown; ok: number[] }[] = [
  { method: "GET", path: () => "/api/admin/stats", ok: [200] },
  { method: "GET", path: () => "/api/admin/reports", ok: [200] },
  { method: "PATCH", path: () => "/api/admin/reports/999999", body: { status: "resolved" }, ok: [404] },
  { method: "GET", path: () => "/api/admin/super-users", ok: [200] },
  { method: "POST", path: () => "/api/admin/super-users", body: { phone: "abc" }, ok: [400] },
  { method: "GET", path: () => `/api/admin/user/${member.user.id}`, ok: [200] },
  { method: "PUT", path: () => "/api/admin/user/999999/plan", body: { plan: "alteza" }, ok: [404] },
  { method: "GET", path: () => "/api/admin/users-simple?first=2", ok: [200] },
];

describe("the admin policy on every door", () => {
  it("refuses every admin GraphQL field to anonymous visitors and members (also with a forged user-id), and answers a superuser", async () => {
    const anonymous = new TestClient(t.url);
    for (const { field, query, variables } of GRAPHQL_FIELDS) {
      const vars = variables?.();
      expect(gqlCode(await anonymous.gql(query, vars), field), `${field} anonymous`).toBe("UNAUTHENTICATED");
      expect(gqlCode(await anonymous.gql(query, vars, { "user-id": String(admin.user.id) }), field), `${field} anonymous + header`).toBe("UNAUTHENTICATED");
      const asMember = await member.client.gql(query, vars);
      expect(gqlCode(asMember, field), `${field} member`).toBe("FORBIDDEN");
      expect(asMember.body.data?.[field]?.__typename).not.toBe("AdminUser");
      const forged = await member.client.gql(query, vars, { "user-id": String(admin.user.id) });
      expect(forged.status === 403 || gqlCode(forged, field) === "FORBIDDEN", `${field} member + forged header`).toBe(true);
      expect(JSON.stringify(forged.body)).not.toContain(admin.user.phone);
      const asAdmin = await admin.client.gql(query, vars);
      expect(asAdmin.body.errors, `${field} superuser`).toBeUndefined();
      expect(asAdmin.body.data[field]).toBeTruthy();
    }
  });

  it("refuses every admin REST route with 401 and 403 (also with a forged user-id), and answers a superuser", async () => {
    const anonymous = new TestClient(t.url);
    for (const route of REST_ROUTES) {
      const path = route.path();
      const name = `${route.method} ${path}`;
      expect((await anonymous.rest(route.method, path, route.body)).status, `${name} anonymous`).toBe(401);
      expect((await anonymous.rest(route.method, path, route.body, { "user-id": String(admin.user.id) })).status, `${name} anonymous + header`).toBe(401);
      const asMember = await member.client.rest(route.method, path, route.body);
      expect(asMember.status, `${name} member`).toBe(403);
      expect(asMember.body).toMatchObject({ code: "FORBIDDEN", error: expect.any(String) });
      expect((await member.client.rest(route.method, path, route.body, { "user-id": String(admin.user.id) })).status, `${name} forged`).toBe(403);
      const asAdmin = await admin.client.rest(route.method, path, route.body, { "user-id": String(admin.user.id) });
      expect(route.ok, `${name} superuser: ${JSON.stringify(asAdmin.body)}`).toContain(asAdmin.status);
    }
  });

  it("refuses both admin subscriptions to anonymous visitors and members", async () => {
    for (const query of ["subscription { adminStatsChanged { totalUsers } }", "subscription { reportAdded { id } }"]) {
      for (const client of [new TestClient(t.url), member.client]) {
        const ws = client.ws();
        const sub = collect(ws, query);
        await eventually(() => sub.errors.length > 0 || sub.completed, 3000, "a refusal");
        expect(sub.values).toEqual([]);
        expect(JSON.stringify(sub.errors)).toMatch(/UNAUTHENTICATED|FORBIDDEN|Sessão expirada|Acesso negado/);
        await ws.dispose();
      }
    }
  });
});

describe("abuse reports", () => {
  async function reported(reason = "spam") {
    const author = await createMember(t, PREFIX, { plan: "alteza" });
    const reporter = await createMember(t, PREFIX, { plan: "alteza" });
    const offer = await createOfferRow(t, author.user.id, "permuta", `Oferta denunciada ${author.user.id}`);
    const sent = await reporter.client.rest("POST", "/api/reports", { offerId: offer.id, reason });
    expect(sent.status).toBe(201);
    return { author, reporter, offer, reportId: sent.body.id as number };
  }

  it("reaches a superuser's open dashboard live, then lists newest first over GraphQL and REST", async () => {
    const ws = admin.client.ws();
    const added = collect(ws, `subscription { reportAdded { ${REPORT_FIELDS} } }`);
    await sleep(150);
    const { author, offer, reportId } = await reported("scam");
    const pushed = (await added.next()).reportAdded;
    expect(pushed).toMatchObject({
      id: reportId,
      status: "pending",
      reason: "scam",
      resolvedAt: null,
      reportedUser: { id: author.user.id, fullName: author.user.fullName, phone: author.user.phone },
      offer: { id: offer.id, title: offer.title, content: offer.description, hidden: false },
    });
    await ws.dispose();

    const second = await reported();
    const listed = await admin.client.gql(`{ adminReports(status: pending, first: 1) { items { id } nextCursor } }`);
    expect(listed.body.data.adminReports.items).toEqual([{ id: second.reportId }]);
    const next = await admin.client.gql(`query($after: String) { adminReports(status: pending, first: 1, after: $after) { items { id } } }`, {
      after: listed.body.data.adminReports.nextCursor,
    });
    expect(next.body.data.adminReports.items).toEqual([{ id: reportId }]);

    const rest = await admin.client.rest("GET", "/api/admin/reports");
    expect(rest.status).toBe(200);
    expect(Array.isArray(rest.body)).toBe(true);
    expect(rest.body[0]).toMatchObject({
      id: second.reportId,
      status: "pending",
      reason: "spam",
      createdAt: expect.any(String),
      reportedUser: { fullName: second.author.user.fullName, phone: second.author.user.phone },
      offer: { title: second.offer.title, content: second.offer.description },
    });
    expect((await admin.client.rest("GET", "/api/admin/reports?after=%%%")).status).toBe(400);
  });

  it("moves pending → resolved ({status, adminNotes}) and pending → dismissed ({reportId, status}); a decided report is refused (409); audited", async () => {
    const one = await reported();
    const resolved = await admin.client.rest("PATCH", `/api/admin/reports/${one.reportId}`, { status: "resolved", adminNotes: "Conferido" });
    expect(resolved.status).toBe(200);
    expect(resolved.body.report).toMatchObject({ id: one.reportId, status: "resolved", adminNotes: "Conferido", resolvedAt: expect.any(String) });
    const again = await admin.client.rest("PATCH", `/api/admin/reports/${one.reportId}`, { status: "dismissed" });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: "REPORT_NOT_PENDING", error: expect.stringMatching(/já foi analisado/) });

    const two = await reported();
    const dismissed = await admin.client.rest("PATCH", `/api/admin/reports/${two.reportId}`, { reportId: two.reportId, status: "dismissed" });
    expect(dismissed.body.report.status).toBe("dismissed");
    const gqlAgain = await admin.client.gql(
      `mutation($id: Int!) { updateReportStatus(reportId: $id, status: resolved) { __typename ... on AppError { code message } } }`,
      { id: two.reportId },
    );
    expect(gqlAgain.body.data.updateReportStatus).toMatchObject({ __typename: "AppError", code: "REPORT_NOT_PENDING" });

    const three = await reported();
    const back = await admin.client.rest("PATCH", `/api/admin/reports/${three.reportId}`, { status: "pending" });
    expect(back.status).toBe(400);

    const audit = await prisma().auditLog.findMany({ where: { action: "report.status", targetId: { in: [String(one.reportId), String(two.reportId)] } }, orderBy: { id: "asc" } });
    expect(audit.map((a) => [a.actorId, a.targetType, a.data])).toEqual([
      [admin.user.id, "Report", { from: "pending", to: "resolved", adminNotes: "Conferido" }],
      [admin.user.id, "Report", { from: "pending", to: "dismissed" }],
    ]);
    expect(audit[0].ip).toBeTruthy();
  });

  it("resolving with hideOffer takes the offer off every board at once; its owner still sees it marked hidden", async () => {
    const { author, reporter, offer, reportId } = await reported();
    const onBoard = async (client: TestClient) => {
      const rest = await client.rest("GET", "/api/offers");
      const gql = await client.gql(`{ offers(first: 50) { edges { node { id } } } }`);
      return {
        rest: (rest.body as { id: number }[]).some((o) => o.id === offer.id),
        gql: gql.body.data.offers.edges.some((e: { node: { id: number } }) => e.node.id === offer.id),
      };
    };
    const anonymous = new TestClient(t.url);
    // Read first, so the board caches hold the offer.
    expect(await onBoard(anonymous)).toEqual({ rest: true, gql: true });
    expect(await onBoard(reporter.client)).toEqual({ rest: true, gql: true });
    const statsBefore = (await anonymous.rest("GET", "/api/statistics")).body;

    const ws = reporter.client.ws();
    const changes = collect(ws, "subscription { offersChanged { kind offerId } }");
    await sleep(150);
    const answer = await admin.client.gql(
      `mutation($id: Int!) { updateReportStatus(reportId: $id, status: resolved, hideOffer: true) { __typename ... on AdminReport { status offer { hidden } } } }`,
      { id: reportId },
    );
    expect(answer.body.data.updateReportStatus).toEqual({ __typename: "AdminReport", status: "resolved", offer: { hidden: true } });
    await eventually(() => changes.values.some((v) => v.offersChanged.offerId === offer.id), 3000, "offersChanged");
    await ws.dispose();

    expect(await onBoard(anonymous)).toEqual({ rest: false, gql: false });
    expect(await onBoard(reporter.client)).toEqual({ rest: false, gql: false });
    expect(await onBoard(author.client)).toEqual({ rest: false, gql: false });
    const ONE = `query($id: Int!) { offer(id: $id) { id hidden } }`;
    expect((await reporter.client.gql(ONE, { id: offer.id })).body.data.offer).toBeNull();
    expect((await anonymous.gql(ONE, { id: offer.id })).body.data.offer).toBeNull();
    expect((await author.client.gql(ONE, { id: offer.id })).body.data.offer).toEqual({ id: offer.id, hidden: true });
    // Nobody likes it or starts a conversation about it any more.
    expect((await reporter.client.rest("POST", `/api/offers/${offer.id}/like`)).status).toBe(404);
    expect((await prisma().offer.findUniqueOrThrow({ where: { id: offer.id } })).hiddenAt).not.toBeNull();
    expect((await new TestClient(t.url).gql("{ communityStats { totalPermutas } }")).body.data.communityStats.totalPermutas).toBeLessThanOrEqual(
      statsBefore.totalPermutas,
    );
  });
});

describe("the dashboard's counts", () => {
  it("match the database over GraphQL and REST (spec field names)", async () => {
    const a = await createMember(t, PREFIX, { plan: "nobreza" });
    const b = await createMember(t, PREFIX, { plan: "imperatriz" });
    await prisma().user.update({ where: { id: a.user.id }, data: { isOnline: true } });
    // One joined 40 days ago (the test clock's calendar): not new.
    await prisma().user.update({ where: { id: b.user.id }, data: { createdAt: new Date(t.clock.now().getTime() - 40 * 86_400_000) } });
    const collab = await createOfferRow(t, a.user.id, "collab");
    await createOfferRow(t, b.user.id, "apoio");
    const conversation = await prisma().conversation.create({ data: { offerId: collab.id, offerOwnerId: a.user.id, interestedUserId: b.user.id } });
    await prisma().message.create({ data: { conversationId: conversation.id, senderId: b.user.id, content: "Olá!" } });
    await prisma().like.create({ data: { userId: b.user.id, offerId: collab.id } });
    // Past the cache of the counts (these rows went around the services).
    await sleep(1100);

    const db = prisma();
    const since = new Date(t.clock.now().getTime() - 30 * 86_400_000);
    const byPlan = Object.fromEntries(
      await Promise.all((["nobreza", "alteza", "majestade", "imperatriz"] as const).map(async (plan) => [plan, await db.user.count({ where: { plan } })])),
    );
    const byType = Object.fromEntries(
      await Promise.all((["collab", "permuta", "apoio"] as const).map(async (type) => [type, await db.offer.count({ where: { type } })])),
    );
    const connections = Object.fromEntries(
      await Promise.all((["collab", "permuta", "apoio"] as const).map(async (type) => [type, await db.conversation.count({ where: { offer: { type } } })])),
    );
    const expected = {
      totalUsers: await db.user.count(),
      onlineUsers: await db.user.count({ where: { isOnline: true } }),
      totalOffers: await db.offer.count(),
      totalConversations: await db.conversation.count(),
      totalMessages: await db.message.count(),
      totalLikes: await db.like.count(),
      pendingReports: await db.report.count({ where: { status: "pending" } }),
    };
    expect(expected.onlineUsers).toBeGreaterThanOrEqual(1);
    expect(expected.totalMessages).toBeGreaterThanOrEqual(1);

    const gql = (await admin.client.gql(`{ adminStats { ${STATS_FIELDS} } }`)).body.data.adminStats;
    expect(gql).toMatchObject({ ...expected, usersByPlan: byPlan, offersByType: byType, connectionsByType: connections });
    // Everyone but b joined within the last 30 days of the product's calendar.
    expect(gql.newUsers).toBe(await db.user.count({ where: { createdAt: { gte: since } } }));
    expect(gql.newUsers).toBeLessThan(gql.totalUsers);

    const rest = await admin.client.rest("GET", "/api/admin/stats");
    expect(rest.status).toBe(200);
    expect(rest.body).toEqual({
      ...expected,
      growth: { newUsers: gql.newUsers },
      connectionsByType: connections,
      usersByPlan: byPlan,
      offersByType: byType,
    });
  });

  it("adminStatsChanged pushes fresh counts after a change, at most every 2 s", async () => {
    const ws = admin.client.ws();
    const pushes = collect(ws, `subscription { adminStatsChanged { pendingReports totalUsers } }`);
    await sleep(150);
    const author = await createMember(t, PREFIX);
    const offer = await createOfferRow(t, author.user.id);
    const before = await prisma().report.count({ where: { status: "pending" } });
    const started = Date.now();
    for (let i = 0; i < 3; i++) {
      const reporter = await createMember(t, PREFIX);
      expect((await reporter.client.rest("POST", "/api/reports", { offerId: offer.id, reason: "spam" })).status).toBe(201);
    }
    await eventually(() => pushes.values.some((v) => v.adminStatsChanged.pendingReports === before + 3), 6000, "the last count");
    // Three reports in a burst: at most two pushes (the first at once, then one 2 s later).
    expect(pushes.values.length).toBeLessThanOrEqual(2);
    expect(Date.now() - started).toBeLessThan(6000);
    await ws.dispose();
  });
});

describe("superusers", () => {
  it("adds a phone with no member yet; her first sign-in makes her a superuser", async () => {
    const local = "48991230001";
    const added = await admin.client.rest("POST", "/api/admin/super-users", { phone: "(48) 99123-0001" });
    expect(added.status).toBe(201);
    expect(added.body.superUser).toMatchObject({ id: null, phone: `55${local}`, pending: true });
    const again = await admin.client.gql(`mutation { addSuperUser(phone: "+55 48 99123 0001") { __typename ... on AppError { code message } } }`);
    expect(again.body.data.addSuperUser).toMatchObject({ code: "ALREADY_SUPERUSER" });
    const listed = await admin.client.gql(`{ superUsers { id phone pending } }`);
    expect(listed.body.data.superUsers).toContainEqual({ id: null, phone: `55${local}`, pending: true });

    const her = new TestClient(t.url);
    const user = await signIn(her, local);
    const me = await her.gql("{ me { id isSuperuser } }");
    expect(me.body.data.me).toEqual({ id: user.id, isSuperuser: true });
    expect((await her.rest("GET", "/api/admin/stats")).status).toBe(200);
    const after = await admin.client.rest("GET", "/api/admin/super-users");
    expect(after.body).toContainEqual(expect.objectContaining({ id: user.id, phone: `55${local}`, pending: false }));
    expect(after.body.some((s: { phone: string; pending: boolean }) => s.phone === `55${local}` && s.pending)).toBe(false);
    const audit = await prisma().auditLog.findMany({ where: { action: { in: ["superuser.invite", "superuser.invite.applied"] } }, orderBy: { id: "asc" } });
    expect(audit.map((a) => [a.action, a.actorId])).toEqual([
      ["superuser.invite", admin.user.id],
      ["superuser.invite.applied", null],
    ]);
  });

  it("promotes an existing member at once and ends her open connections; refuses an invalid phone", async () => {
    const local = "48991230002";
    const her = new TestClient(t.url);
    const user = await signIn(her, local);
    const ws = her.ws();
    const sub = collect(ws, "subscription { meUpdated { plan } }");
    await sleep(150);
    const added = await admin.client.gql(`mutation { addSuperUser(phone: "48 99123-0002") { __typename ... on SuperUser { id phone pending } } }`);
    expect(added.body.data.addSuperUser).toEqual({ __typename: "SuperUser", id: user.id, phone: `55${local}`, pending: false });
    await eventually(() => sub.completed || sub.errors.length > 0, 3000, "her socket to close");
    expect((await her.gql("{ me { isSuperuser } }")).body.data.me.isSuperuser).toBe(true);
    expect(await prisma().auditLog.count({ where: { action: "superuser.add", targetId: String(user.id), actorId: admin.user.id } })).toBe(1);
    const invalid = await admin.client.rest("POST", "/api/admin/super-users", { phone: "123" });
    expect(invalid.status).toBe(400);
    expect(invalid.body.code).toBe("PHONE_INVALID");
  });
});

describe("simple admin", () => {
  it("finds a member by id, or says 'Usuário não encontrado'", async () => {
    const found = await admin.client.rest("GET", `/api/admin/user/${member.user.id}`);
    expect(found.body).toEqual({
      id: member.user.id,
      fullName: member.user.fullName,
      nickname: member.user.nickname,
      phone: member.user.phone,
      email: null,
      city: null,
      plan: "alteza",
      // Issue 27: her suspension, for the staff's 'Suspender' / 'Retirar suspensão'.
      suspension: { userId: member.user.id, suspended: false, suspendedAt: null, suspendedUntil: null, reason: null },
    });
    const missing = await admin.client.rest("GET", "/api/admin/user/999999");
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe("Usuário não encontrado");
    expect((await admin.client.rest("GET", "/api/admin/user/abc")).body.error).toBe("Digite um ID válido");
    const gql = await admin.client.gql(`{ adminUser(id: 999999) { __typename ... on AppError { code message } } }`);
    expect(gql.body.data.adminUser).toEqual({ __typename: "AppError", code: "NOT_FOUND", message: "Usuário não encontrado" });
  });

  it("pages members newest first over GraphQL and REST", async () => {
    const first = await admin.client.gql(`{ adminUsers(first: 2) { items { id } nextCursor } }`);
    const page1 = first.body.data.adminUsers;
    expect(page1.items).toHaveLength(2);
    expect(page1.items[0].id).toBeGreaterThan(page1.items[1].id);
    const second = await admin.client.gql(`query($after: String) { adminUsers(first: 2, after: $after) { items { id } } }`, { after: page1.nextCursor });
    expect(second.body.data.adminUsers.items[0].id).toBeLessThan(page1.items[1].id);
    const rest = await admin.client.rest("GET", `/api/admin/users-simple?first=2&after=${page1.nextCursor}`);
    expect(rest.body.users.map((u: { id: number }) => u.id)).toEqual(second.body.data.adminUsers.items.map((u: { id: number }) => u.id));
    expect(rest.body.users[0]).toEqual(expect.objectContaining({ phone: expect.any(String), plan: expect.any(String) }));
  });

  it("changes a paying member's plan: her provider subscription is cancelled, she sees it at once, it is audited, and the sweep keeps it", async () => {
    const { user, client } = await createMember(t, PREFIX, { plan: "nobreza" });
    const checkout = {
      plan: "alteza",
      billingType: "PIX",
      billingCycle: "monthly",
      customer: { name: "Maria Souza", email: "maria@example.com", phone: "(11) 98765-4321", cpfCnpj: cpfFor(4801) },
    };
    const created = await client.rest("POST", "/api/subscriptions/create", checkout);
    expect(created.status).toBe(200);
    expect((await client.rest("POST", `/api/dev/payments/${created.body.paymentInstructions.paymentId}/confirm`, {})).status).toBe(200);
    const paid = await prisma().planSubscription.findFirstOrThrow({ where: { userId: user.id, status: "active" } });
    expect(paid.asaasSubscriptionId).toBeTruthy();

    const ws = client.ws();
    const me = collect(ws, "subscription { meUpdated { plan } }");
    await sleep(150);
    const changed = await admin.client.rest("PUT", `/api/admin/user/${user.id}/plan`, { plan: "majestade" });
    expect(changed.status).toBe(200);
    expect(changed.body.user).toMatchObject({ id: user.id, plan: "majestade" });
    expect((await client.rest("GET", "/api/auth/me")).body.plan).toBe("majestade");
    expect((await client.gql("{ me { plan } }")).body.data.me.plan).toBe("majestade");
    expect((await me.next()).meUpdated.plan).toBe("majestade");
    await ws.dispose();

    const old = await prisma().planSubscription.findUniqueOrThrow({ where: { id: paid.id } });
    expect(old).toMatchObject({ status: "canceled", providerCanceledAt: expect.any(Date) });
    const grant = await prisma().planSubscription.findFirstOrThrow({ where: { userId: user.id, status: "active" } });
    expect(grant).toMatchObject({ plan: "majestade", priceCents: 0, paidUntil: null, asaasSubscriptionId: null });

    const log = await admin.client.gql(`{ auditLog(first: 20) { items { action targetId data ip actor { id phone } } } }`);
    const entry = log.body.data.auditLog.items.find((e: { action: string; targetId: string; data: string }) => e.action === "user.plan.change" && e.targetId === String(user.id) && JSON.parse(e.data).reason === "superuser");
    expect(entry).toMatchObject({ actor: { id: admin.user.id, phone: admin.user.phone } });
    expect(JSON.parse(entry.data)).toMatchObject({ from: "alteza", to: "majestade", canceledSubscriptions: [paid.id], grantId: grant.id });

    // Past the old period and its grace, the sweep ends no staff grant.
    t.clock.advance(10 * 86_400_000);
    await t.app.services.billing.sweep();
    expect((await prisma().user.findUniqueOrThrow({ where: { id: user.id } })).plan).toBe("majestade");

    // Back to nobreza over GraphQL: the grant ends.
    const back = await admin.client.gql(`mutation($id: Int!) { adminChangePlan(userId: $id, plan: nobreza) { __typename ... on AdminUser { plan } } }`, { id: user.id });
    expect(back.body.data.adminChangePlan).toEqual({ __typename: "AdminUser", plan: "nobreza" });
    expect(await prisma().planSubscription.count({ where: { userId: user.id, status: "active" } })).toBe(0);
    expect((await admin.client.rest("PUT", `/api/admin/user/${user.id}/plan`, { plan: "rainha" })).status).toBe(400);
  });
});
