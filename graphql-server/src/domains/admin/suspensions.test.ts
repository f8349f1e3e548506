import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ERROR_MESSAGES, SUSPENSION_TEXTS } from "@clube-coroa/schema";
import { CLOSE_SESSION_ENDED } from "../../lib/websocket.js";
import {
  collect,
  createMember,
  createOfferRow,
  eventually,
  lastCode,
  legacySocket,
  signIn,
  startTestApp,
  TestClient,
  withTwoInstances,
  type TestApp,
} from "../../../test/harness.js";

// Suspension by the staff (issue 27): REST and GraphQL, sessions and sockets on every instance,
// sign-in, the board, conversations, expiry, the audit log.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ SEED_DEMO: "never", LOG_LEVEL: process.env.TEST_LOG ?? "silent" });
});
afterAll(async () => {
  await t?.close();
});

const PREFIX = "55348";
const DAY_MS = 24 * 60 * 60 * 1000;
const BOARD = `query { offers(first: 50) { edges { node { id } } } }`;
const SUSPEND = `mutation Suspend($userId: Int!, $reason: String!, $days: Int) {
  suspendMember(userId: $userId, reason: $reason, days: $days) { __typename ... on Suspension { userId suspended suspendedUntil reason } ... on AppError { code message } }
}`;
const LIFT = `mutation Lift($userId: Int!) { liftSuspension(userId: $userId) { __typename ... on Suspension { suspended } ... on AppError { code message } } }`;
const START = `mutation Start($offerId: Int!) { startConversation(offerId: $offerId) { __typename ... on Conversation { id } } }`;
const SEND = `mutation Send($conversationId: Int!, $content: String!) {
  sendMessage(conversationId: $conversationId, content: $content) { __typename ... on Message { id } ... on AppError { code message } }
}`;

const closeCodeOf = (subscription: { errors: unknown[] }) =>
  (subscription.errors.find((e) => typeof (e as { code?: unknown }).code === "number") as { code: number } | undefined)?.code;

/** An offer written behind the services' back (createOfferRow): the boards' kept pages are told. */
async function offerOf(userId: number, ...apps: TestApp[]) {
  const offer = await createOfferRow(apps[0], userId);
  for (const app of apps) app.app.services.offers.board.invalidate();
  return offer;
}

const onBoard = async (app: TestApp, client: TestClient, offerId: number) => ({
  rest: ((await client.at(app.url).rest("GET", "/api/offers")).body as { id: number }[]).some((o) => o.id === offerId),
  gql: ((await client.at(app.url).gql(BOARD)).body.data.offers.edges as { node: { id: number } }[]).some((e) => e.node.id === offerId),
});

let localSeq = 0;
/** A member who signed up through the real sign-in (a valid mobile number), with her session. */
async function signedUp(app: TestApp) {
  localSeq += 1;
  const local = `3498765${String(4000 + localSeq).padStart(4, "0")}`;
  const client = new TestClient(app.url);
  const user = await signIn(client, local);
  return { client, user: await app.app.services.prisma.user.findUniqueOrThrow({ where: { id: user.id } }) };
}

/** Signs in over REST with her phone: answers the verify-token answer. */
async function signInAs(app: TestApp, phone: string) {
  // Past the resend wait of her previous code.
  app.clock.advance(61_000);
  const client = new TestClient(app.url);
  const local = phone.slice(2);
  expect((await client.rest("POST", "/api/auth/send-token", { phone: local, countryCode: "BR" })).status).toBe(200);
  const code = await lastCode(client, phone);
  return client.rest("POST", "/api/auth/verify-token", { phone: local, countryCode: "BR", token: code });
}

describe("suspending a member", () => {
  it("refuses members, herself, staff, a bad length and no reason; audits suspend and lift", async () => {
    const staff = await createMember(t, PREFIX, { role: "superuser" });
    const other = await createMember(t, PREFIX, { role: "superuser" });
    const m = await createMember(t, PREFIX);
    expect((await m.client.rest("POST", `/api/admin/users/${m.user.id}/suspend`, { reason: "x" })).status).toBe(403);
    expect((await new TestClient(t.url).rest("POST", `/api/admin/users/${m.user.id}/suspend`, { reason: "x" })).status).toBe(401);
    const self = await staff.client.rest("POST", `/api/admin/users/${staff.user.id}/suspend`, { reason: "teste" });
    expect(self.status).toBe(400);
    expect(self.body.error).toBe(SUSPENSION_TEXTS.suspendSelf);
    expect((await staff.client.rest("POST", `/api/admin/users/${other.user.id}/suspend`, { reason: "teste" })).body.error).toBe(SUSPENSION_TEXTS.suspendStaff);
    expect((await staff.client.rest("POST", `/api/admin/users/${m.user.id}/suspend`, { reason: "Golpe", days: 3 })).body.error).toBe(SUSPENSION_TEXTS.daysInvalid);
    expect((await staff.client.rest("POST", `/api/admin/users/${m.user.id}/suspend`, { reason: "  " })).body.error).toBe(SUSPENSION_TEXTS.reasonRequired);
    expect((await staff.client.rest("POST", "/api/admin/users/99999999/suspend", { reason: "Golpe" })).status).toBe(404);
    expect((await staff.client.rest("DELETE", `/api/admin/users/${m.user.id}/suspend`)).status).toBe(409);

    const suspended = await staff.client.rest("POST", `/api/admin/users/${m.user.id}/suspend`, { reason: "Golpe com PIX", days: 7 });
    expect(suspended.status).toBe(200);
    const until = new Date(t.clock.now().getTime() + 7 * DAY_MS).toISOString();
    expect(suspended.body).toEqual({
      success: true,
      suspension: { userId: m.user.id, suspended: true, suspendedAt: t.clock.now().toISOString(), suspendedUntil: until, reason: "Golpe com PIX" },
    });
    const seen = await staff.client.gql(`query($id: Int!) { adminUser(id: $id) { ... on AdminUser { suspension { suspended suspendedUntil } } } }`, { id: m.user.id });
    expect(seen.body.data.adminUser.suspension).toEqual({ suspended: true, suspendedUntil: until });
    expect((await staff.client.rest("DELETE", `/api/admin/users/${m.user.id}/suspend`)).body.suspension.suspended).toBe(false);
    const audit = await t.app.services.prisma.auditLog.findMany({ where: { targetType: "User", targetId: String(m.user.id) }, orderBy: { id: "asc" } });
    expect(audit.map((a) => [a.action, a.actorId, a.data])).toEqual([
      ["member.suspend", staff.user.id, { reason: "Golpe com PIX", days: 7, until }],
      ["member.unsuspend", staff.user.id, {}],
    ]);
  });

  it("ends her sessions and sockets at once, refuses her sign-in with the date, hides her offers; lifting brings them back", async () => {
    const staff = await createMember(t, PREFIX, { role: "superuser" });
    const m = await signedUp(t);
    const viewer = await createMember(t, PREFIX);
    const offer = await offerOf(m.user.id, t);
    expect(await onBoard(t, viewer.client, offer.id)).toEqual({ rest: true, gql: true });
    const socket = await legacySocket(m.client, "/notifications");
    const graphqlWs = m.client.ws();
    const notes = collect(graphqlWs, `subscription { unreadCountChanged }`);
    await new Promise((resolve) => setTimeout(resolve, 300));

    const answer = await staff.client.gql(SUSPEND, { userId: m.user.id, reason: "Assédio", days: 30 });
    expect(answer.body.data.suspendMember).toMatchObject({ __typename: "Suspension", suspended: true, reason: "Assédio" });
    expect(await socket.closed()).toBe(CLOSE_SESSION_ENDED);
    await eventually(() => closeCodeOf(notes) === CLOSE_SESSION_ENDED, 5000, "her graphql-ws connection to close");
    expect((await m.client.rest("GET", "/api/profile")).status).toBe(401);
    expect(await t.app.services.prisma.session.count({ where: { userId: m.user.id } })).toBe(0);

    const refused = await signInAs(t, m.user.phone);
    expect(refused.status).toBe(403);
    const date = new Date(t.clock.now().getTime() + 30 * DAY_MS);
    const ddmmyyyy = new Intl.DateTimeFormat("pt-BR", { timeZone: "America/Sao_Paulo", day: "2-digit", month: "2-digit", year: "numeric" }).format(date);
    expect(refused.body).toMatchObject({ success: false, code: "ACCOUNT_SUSPENDED", error: `Sua conta está suspensa até ${ddmmyyyy}.` });

    expect(await onBoard(t, viewer.client, offer.id)).toEqual({ rest: false, gql: false });
    expect(await onBoard(t, new TestClient(t.url), offer.id)).toEqual({ rest: false, gql: false });

    expect((await staff.client.gql(LIFT, { userId: m.user.id })).body.data.liftSuspension).toEqual({ __typename: "Suspension", suspended: false });
    expect(await onBoard(t, viewer.client, offer.id)).toEqual({ rest: true, gql: true });
    expect((await signInAs(t, m.user.phone)).status).toBe(200);
  });

  it("without days: 'Sua conta está suspensa.' until lifted; with days: ends by itself", async () => {
    const staff = await createMember(t, PREFIX, { role: "superuser" });
    const forever = await signedUp(t);
    await staff.client.gql(SUSPEND, { userId: forever.user.id, reason: "Perfil falso" });
    const refused = await signInAs(t, forever.user.phone);
    expect(refused.body.error).toBe(SUSPENSION_TEXTS.suspended);

    const week = await signedUp(t);
    const offer = await offerOf(week.user.id, t);
    await staff.client.gql(SUSPEND, { userId: week.user.id, reason: "Spam", days: 7 });
    expect(await onBoard(t, staff.client, offer.id)).toEqual({ rest: false, gql: false });
    t.clock.advance(7 * DAY_MS + 1000);
    expect((await signInAs(t, week.user.phone)).status).toBe(200);
    expect(await t.app.services.suspensions.sweep()).toBeGreaterThanOrEqual(1);
    expect(await onBoard(t, staff.client, offer.id)).toEqual({ rest: true, gql: true });
    // The one without an end is still on.
    expect((await signInAs(t, forever.user.phone)).status).toBe(403);
  });

  it("her conversations say 'Conta suspensa' to the other member, and refuse sends to her neutrally", async () => {
    const staff = await createMember(t, PREFIX, { role: "superuser" });
    const owner = await createMember(t, PREFIX);
    const asker = await createMember(t, PREFIX);
    const offer = await createOfferRow(t, owner.user.id);
    const conversationId = (await asker.client.gql(START, { offerId: offer.id })).body.data.startConversation.id as number;
    expect((await asker.client.gql(SEND, { conversationId, content: "Oi!" })).body.data.sendMessage.__typename).toBe("Message");
    await staff.client.rest("POST", `/api/admin/users/${owner.user.id}/suspend`, { reason: "Golpe" });
    const [conversation] = (await asker.client.gql(`{ conversations { id otherSuspended messagingClosed } }`)).body.data.conversations;
    expect(conversation).toEqual({ id: conversationId, otherSuspended: true, messagingClosed: true });
    const refused = await asker.client.gql(SEND, { conversationId, content: "Ainda aí?" });
    expect(refused.body.data.sendMessage).toEqual({ __typename: "AppError", code: "CONVERSATION_UNAVAILABLE", message: ERROR_MESSAGES.CONVERSATION_UNAVAILABLE });
    const rest = await asker.client.rest("POST", `/api/conversations/${conversationId}/messages`, { content: "Ainda aí?" });
    expect(rest.status).toBe(403);
    expect(rest.body.error).toBe(ERROR_MESSAGES.CONVERSATION_UNAVAILABLE);
  });
});

describe("a suspension on one instance", () => {
  it("closes her sockets on the other at once", async () => {
    await withTwoInstances({}, async (a, b) => {
      const staff = await createMember(a, PREFIX, { role: "superuser" });
      const m = await createMember(a, PREFIX);
      const offer = await offerOf(m.user.id, a, b);
      const viewer = await createMember(a, PREFIX);
      expect(await onBoard(b, viewer.client, offer.id)).toEqual({ rest: true, gql: true });
      const socket = await legacySocket(m.client.at(b.url), "/notifications");
      const graphqlWs = m.client.at(b.url).ws();
      const notes = collect(graphqlWs, `subscription { unreadCountChanged }`);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect((await staff.client.rest("POST", `/api/admin/users/${m.user.id}/suspend`, { reason: "Golpe", days: 7 })).status).toBe(200);
      expect(await socket.closed()).toBe(CLOSE_SESSION_ENDED);
      await eventually(() => closeCodeOf(notes) === CLOSE_SESSION_ENDED, 5000, "her graphql-ws connection on B to close");
      expect((await m.client.at(b.url).rest("GET", "/api/profile")).status).toBe(401);
      await eventually(async () => !(await onBoard(b, viewer.client, offer.id)).gql, 5000, "her offer to leave B's board");
    });
  });
});
