import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ERROR_MESSAGES, SAFETY_REFUSALS } from "@clube-coroa/schema";
import pg from "pg";
import {
  collect,
  createMember,
  createOfferRow,
  eventually,
  freshPostgres,
  requireServers,
  legacySocket,
  pokeUntil,
  sleep,
  startTestApp,
  TestClient,
  withTwoInstances,
  type TestApp,
} from "../../../test/harness.js";
import { imageKey, PHOTO_MARKER } from "../users/profile.service.js";

// Safety between members (issue 27): block, mute, who may start a conversation, through REST,
// GraphQL and the sockets, on the real server and database (both passes).

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ SEED_DEMO: "never", LOG_LEVEL: process.env.TEST_LOG ?? "silent" });
});
afterAll(async () => {
  await t?.close();
});

const member = (options: Parameters<typeof createMember>[2] = {}) => createMember(t, "55327", options);
type Member = Awaited<ReturnType<typeof member>>;

const UNAVAILABLE = ERROR_MESSAGES.CONVERSATION_UNAVAILABLE;
const BOARD = `query Board($first: Int) { offers(first: $first) { edges { node { id userId isLiked isOwn userConversationsFrom } } } }`;
const OFFER = `query Offer($id: Int!) { offer(id: $id) { id } }`;
const START = `mutation Start($offerId: Int!) {
  startConversation(offerId: $offerId) { __typename ... on Conversation { id messagingClosed } ... on AppError { code message } }
}`;
const SEND = `mutation Send($conversationId: Int!, $content: String!) {
  sendMessage(conversationId: $conversationId, content: $content) { __typename ... on Message { id } ... on AppError { code message } }
}`;
const CONVERSATIONS = `{ conversations { id messagingClosed unreadCount otherUser { id isOnline } } unreadCount }`;
const BLOCK = `mutation Block($userId: Int!) {
  blockMember(userId: $userId) { __typename ... on SafetyPayload { success userId } ... on AppError { code message } }
}`;
const UNBLOCK = `mutation Unblock($userId: Int!) {
  unblockMember(userId: $userId) { __typename ... on SafetyPayload { success userId } ... on AppError { code message } }
}`;
const MUTE = `mutation Mute($userId: Int!, $days: Int) {
  muteMember(userId: $userId, days: $days) { __typename ... on MemberMute { userId mutedUntil } ... on AppError { code message } }
}`;
const UNMUTE = `mutation Unmute($userId: Int!) {
  unmuteMember(userId: $userId) { __typename ... on SafetyPayload { success } ... on AppError { code message } }
}`;

const boardIds = async (client: TestClient) => ({
  rest: ((await client.rest("GET", "/api/offers")).body as { id: number }[]).map((o) => o.id),
  gql: ((await client.gql(BOARD, { first: 50 })).body.data.offers.edges as { node: { id: number } }[]).map((e) => e.node.id),
});

/** A's and B's offers and the conversation B opened on A's offer, with a message each way. */
async function acquainted() {
  const a = await member();
  const b = await member();
  const offerOfA = await createOfferRow(t, a.user.id, "permuta", "Oferta da A");
  const offerOfB = await createOfferRow(t, b.user.id, "permuta", "Oferta da B");
  const conversationId = (await b.client.gql(START, { offerId: offerOfA.id })).body.data.startConversation.id as number;
  expect((await b.client.gql(SEND, { conversationId, content: "Oi, tenho interesse" })).body.data.sendMessage.__typename).toBe("Message");
  t.clock.advance(1000);
  expect((await a.client.gql(SEND, { conversationId, content: "Olá! Vamos conversar" })).body.data.sendMessage.__typename).toBe("Message");
  t.clock.advance(1000);
  return { a, b, offerOfA, offerOfB, conversationId };
}

const messagesFrom = async (client: TestClient, conversationId: number) =>
  ((await client.rest("GET", `/api/conversations/${conversationId}/messages`)).body as { content: string }[]).map((m) => m.content);

describe("blocking a member", () => {
  it("answers the blocker's list, and refuses herself, staff and unknown members in Portuguese", async () => {
    const a = await member();
    const b = await member({ nickname: "Bia Bloqueada" });
    const staff = await member({ role: "superuser" });
    const self = await a.client.rest("POST", `/api/users/${a.user.id}/block`);
    expect(self.status).toBe(400);
    expect(self.body).toMatchObject({ success: false, error: SAFETY_REFUSALS.blockSelf });
    const ofStaff = await a.client.rest("POST", `/api/users/${staff.user.id}/block`);
    expect(ofStaff.status).toBe(400);
    expect(ofStaff.body.error).toBe(SAFETY_REFUSALS.blockStaff);
    expect((await a.client.rest("POST", "/api/users/99999999/block")).status).toBe(404);
    expect((await a.client.gql(BLOCK, { userId: a.user.id })).body.data.blockMember).toEqual({
      __typename: "AppError", code: "SAFETY_TARGET_INVALID", message: SAFETY_REFUSALS.blockSelf,
    });
    expect((await new TestClient(t.url).rest("POST", `/api/users/${b.user.id}/block`)).status).toBe(401);

    const blocked = await a.client.rest("POST", `/api/users/${b.user.id}/block`);
    expect(blocked.status).toBe(200);
    expect(blocked.body).toEqual({ success: true, userId: b.user.id });
    // Blocking again changes nothing.
    expect((await a.client.gql(BLOCK, { userId: b.user.id })).body.data.blockMember).toEqual({ __typename: "SafetyPayload", success: true, userId: b.user.id });
    const list = await a.client.rest("GET", "/api/user/blocks");
    expect(list.body).toEqual([{ id: b.user.id, displayName: "Bia Bloqueada", blockedAt: t.clock.now().toISOString() }]);
    expect((await a.client.gql(`{ myBlocks { id displayName blockedAt } }`)).body.data.myBlocks).toEqual(list.body);
    // B's own list says nothing of it.
    expect((await b.client.rest("GET", "/api/user/blocks")).body).toEqual([]);

    expect((await a.client.gql(UNBLOCK, { userId: b.user.id })).body.data.unblockMember).toEqual({ __typename: "SafetyPayload", success: true, userId: b.user.id });
    expect((await a.client.rest("GET", "/api/user/blocks")).body).toEqual([]);
    expect((await a.client.rest("DELETE", `/api/users/${b.user.id}/block`)).body).toEqual({ success: true, userId: b.user.id });
  });

  it("hides each one's offers from the other on the board (REST and GraphQL, cached or not) and in offer(id), not from others", async () => {
    const { a, b, offerOfA, offerOfB } = await acquainted();
    const c = await member();
    // Every cache warmed first: the shared pages and the members' kept GraphQL answer.
    for (const viewer of [a, b, c]) {
      const seen = await boardIds(viewer.client);
      expect(seen.rest).toEqual(expect.arrayContaining([offerOfA.id, offerOfB.id]));
      expect(seen.gql).toEqual(expect.arrayContaining([offerOfA.id, offerOfB.id]));
    }

    await a.client.rest("POST", `/api/users/${b.user.id}/block`);
    for (const [viewer, hidden, own] of [[a, offerOfB.id, offerOfA.id], [b, offerOfA.id, offerOfB.id]] as const) {
      for (let round = 0; round < 2; round += 1) {
        const seen = await boardIds(viewer.client);
        expect(seen.rest).not.toContain(hidden);
        expect(seen.gql).not.toContain(hidden);
        expect(seen.rest).toContain(own);
        expect(seen.gql).toContain(own);
      }
      expect((await viewer.client.gql(OFFER, { id: hidden })).body.data.offer).toBeNull();
    }
    // Her own board was not kept for the others.
    const others = await boardIds(c.client);
    expect(others.gql).toEqual(expect.arrayContaining([offerOfA.id, offerOfB.id]));
    expect(others.rest).toEqual(expect.arrayContaining([offerOfA.id, offerOfB.id]));
    expect((await c.client.gql(OFFER, { id: offerOfB.id })).body.data.offer).toEqual({ id: offerOfB.id });

    await a.client.rest("DELETE", `/api/users/${b.user.id}/block`);
    expect((await boardIds(b.client)).gql).toContain(offerOfA.id);
    expect((await boardIds(a.client)).rest).toContain(offerOfB.id);
  });

  it("pages her board exactly without the hidden authors, however many of the first cards are theirs (both doors)", async () => {
    // Two blocked authors at the top of the board (imperatriz first), many cards each, between others'.
    const a = await member({ plan: "imperatriz" });
    const c = await member();
    const hiddenOnes = [await member({ plan: "imperatriz" }), await member({ plan: "imperatriz" })];
    const shown = await member({ plan: "imperatriz" });
    // Four hidden cards first (a whole page of four), then one hidden and one shown, twelve times.
    const order = [...hiddenOnes, ...hiddenOnes, ...Array.from({ length: 12 }, (_, i) => [hiddenOnes[i % 2], shown]).flat()];
    for (const [i, author] of order.entries()) {
      await createOfferRow(t, author.user.id, "permuta", `Oferta ${i} de ${author.user.id}`);
      t.clock.advance(1000);
    }
    await a.client.rest("POST", `/api/users/${hiddenOnes[0].user.id}/block`);
    await hiddenOnes[1].client.rest("POST", `/api/users/${a.user.id}/block`);
    const hiddenIds = new Set(hiddenOnes.map((m) => m.user.id));
    const PAGE = `query Page($first: Int, $after: String) { offers(first: $first, after: $after) {
      edges { node { id userId } } pageInfo { endCursor hasNextPage } } }`;
    const all = async (client: TestClient) => {
      const seen: { id: number; userId: number }[] = [];
      let after: string | null = null;
      for (let round = 0; round < 200; round += 1) {
        const { edges, pageInfo }: { edges: { node: { id: number; userId: number } }[]; pageInfo: { endCursor: string; hasNextPage: boolean } } = (
          await client.gql(PAGE, { first: 4, after })
        ).body.data.offers;
        seen.push(...edges.map((e) => e.node));
        if (!pageInfo.hasNextPage) {
          expect(edges.length).toBeGreaterThan(0);
          return seen;
        }
        expect(edges).toHaveLength(4);
        after = pageInfo.endCursor;
      }
      throw new Error("the board never ended");
    };
    const everyone = await all(c.client);
    const expected = everyone.filter((o) => !hiddenIds.has(o.userId)).map((o) => o.id);
    expect(everyone.length - expected.length).toBeGreaterThanOrEqual(16);
    // Twice: read from the database, then from what was kept.
    for (let round = 0; round < 2; round += 1) {
      expect((await all(a.client)).map((o) => o.id)).toEqual(expected);
      const rest = ((await a.client.rest("GET", "/api/offers")).body as { id: number }[]).map((o) => o.id);
      expect(rest).toEqual(expected.slice(0, 200));
    }
    // The others' board is whole still.
    expect((await all(c.client)).map((o) => o.id)).toEqual(everyone.map((o) => o.id));
  });

  it("closes their conversation both ways with the neutral refusal; it stays readable; no new one starts", async () => {
    const { a, b, offerOfA, offerOfB, conversationId } = await acquainted();
    await a.client.gql(BLOCK, { userId: b.user.id });

    // B (blocked) and A (blocker) get the same answer, over both doors.
    for (const sender of [b, a]) {
      const rest = await sender.client.rest("POST", `/api/conversations/${conversationId}/messages`, { content: "Oi de novo" });
      expect(rest.status).toBe(403);
      expect(rest.body).toEqual({ success: false, error: UNAVAILABLE, code: "CONVERSATION_UNAVAILABLE" });
      expect((await sender.client.gql(SEND, { conversationId, content: "Oi de novo" })).body.data.sendMessage).toEqual({
        __typename: "AppError", code: "CONVERSATION_UNAVAILABLE", message: UNAVAILABLE,
      });
    }
    expect(await messagesFrom(b.client, conversationId)).toEqual(["Oi, tenho interesse", "Olá! Vamos conversar"]);
    expect(await messagesFrom(a.client, conversationId)).toEqual(["Oi, tenho interesse", "Olá! Vamos conversar"]);
    for (const viewer of [a, b]) {
      const [conversation] = (await viewer.client.gql(CONVERSATIONS)).body.data.conversations;
      expect(conversation).toMatchObject({ id: conversationId, messagingClosed: true });
    }

    // No conversation starts either way, over both doors, with the same refusal.
    const started = await a.client.rest("POST", "/api/conversations", { offerId: offerOfB.id });
    expect(started.status).toBe(403);
    expect(started.body).toEqual({ success: false, error: UNAVAILABLE, code: "CONVERSATION_UNAVAILABLE" });
    expect((await b.client.gql(START, { offerId: offerOfA.id })).body.data.startConversation).toEqual({
      __typename: "AppError", code: "CONVERSATION_UNAVAILABLE", message: UNAVAILABLE,
    });
    expect(await t.app.services.prisma.conversation.count({ where: { offerId: offerOfB.id } })).toBe(0);

    // Blocked both ways, one unblock leaves it closed; the other opens it again.
    await b.client.gql(BLOCK, { userId: a.user.id });
    await a.client.gql(UNBLOCK, { userId: b.user.id });
    expect((await b.client.gql(SEND, { conversationId, content: "Ainda não" })).body.data.sendMessage.code).toBe("CONVERSATION_UNAVAILABLE");
    await b.client.gql(UNBLOCK, { userId: a.user.id });
    expect((await b.client.gql(SEND, { conversationId, content: "Voltamos" })).body.data.sendMessage.__typename).toBe("Message");
    const [open] = (await a.client.gql(CONVERSATIONS)).body.data.conversations;
    expect(open).toMatchObject({ id: conversationId, messagingClosed: false });
  });

  it("leaves no unread badge, presence or delivery between them, on GraphQL subscriptions and the legacy sockets", async () => {
    const { a, b, conversationId } = await acquainted();
    const c = await member();
    const offerOfC = await createOfferRow(t, c.user.id, "permuta", "Oferta da C");
    const withC = (await a.client.gql(START, { offerId: offerOfC.id })).body.data.startConversation.id as number;
    await a.client.rest("POST", `/api/conversations/${conversationId}/read`);
    // B's message waits unread for A.
    await b.client.gql(SEND, { conversationId, content: "Mensagem antes do bloqueio" });
    expect((await a.client.rest("GET", "/api/messages/unread-count")).body).toEqual({ count: 1 });

    const ws = a.client.ws();
    const presence = collect(ws, `subscription { presenceChanged { userId isOnline } }`);
    const notifications = collect(ws, `subscription { notifications { messageId conversationId } }`);
    const SET = `mutation($on: Boolean!) { setOnlineStatus(isOnline: $on) { __typename } }`;
    let on = false;
    await pokeUntil(() => b.client.gql(SET, { on: (on = !on) }), () => presence.values.length > 0, "B's presence before the block");
    const legacy = await legacySocket(a.client, "/notifications");
    legacy.send({ type: "register_user", userId: a.user.id });
    await legacy.frame((f) => f.type === "registered");
    const chat = await legacySocket(a.client, "/chat");
    chat.send({ type: "join_conversation", conversationId });
    await chat.frame((f) => f.type === "joined");

    await a.client.gql(BLOCK, { userId: b.user.id });
    expect((await a.client.rest("GET", "/api/messages/unread-count")).body).toEqual({ count: 0 });
    const afterBlock = (await a.client.gql(CONVERSATIONS)).body.data;
    expect(afterBlock.unreadCount).toBe(0);
    expect(afterBlock.conversations.find((x: { id: number }) => x.id === conversationId)).toMatchObject({ unreadCount: 0, messagingClosed: true });
    const seenBefore = presence.values.length;
    await b.client.gql(SET, { on: (on = !on) });
    await b.client.gql(SET, { on: (on = !on) });
    await b.client.gql(SEND, { conversationId, content: "Tentativa depois do bloqueio" });
    await b.client.rest("POST", `/api/conversations/${conversationId}/messages`, { content: "Outra tentativa" });
    // C's message and presence arrive: whatever B did would have arrived before them.
    await pokeUntil(() => c.client.gql(SEND, { conversationId: withC, content: "Oi, sou a C" }), () => notifications.values.length > 0, "C's notification");
    await legacy.frame((f) => f.type === "new_message" && f.conversationId === withC);
    await c.client.gql(SET, { on: true });
    await presence.next(seenBefore + 1);
    await sleep(100);
    expect(presence.values.slice(seenBefore).map((v) => v.presenceChanged.userId)).toEqual([c.user.id]);
    expect(notifications.values.map((v) => v.notifications.conversationId)).toEqual(expect.arrayContaining([withC]));
    expect(notifications.values.every((v) => v.notifications.conversationId === withC)).toBe(true);
    expect(legacy.frames.filter((f) => f.type === "new_message").every((f) => f.conversationId === withC)).toBe(true);
    expect(chat.frames.filter((f) => f.type === "new_message")).toEqual([]);
    // No presence of B in A's list either.
    const list = (await a.client.gql(CONVERSATIONS)).body.data.conversations as { id: number; otherUser: { id: number; isOnline: boolean } }[];
    expect(list.find((x) => x.id === conversationId)?.otherUser).toEqual({ id: b.user.id, isOnline: false });

    legacy.close();
    chat.close();
    await ws.dispose();
  });

  it("holds on another instance: the sends there at once, her board kept there as soon as the bus tells it (Redis)", async () => {
    await withTwoInstances({}, async (one, two) => {
      const a = await createMember(one, "55327");
      const b = await createMember(one, "55327");
      const offerOfA = await createOfferRow(one, a.user.id, "permuta", "Oferta da A");
      const offerOfB = await createOfferRow(one, b.user.id, "permuta", "Oferta da B");
      const conversationId = (await b.client.gql(START, { offerId: offerOfA.id })).body.data.startConversation.id as number;
      const aOnTwo = new TestClient(two.url);
      aOnTwo.cookies = a.client.cookies;
      const bOnTwo = new TestClient(two.url);
      bOnTwo.cookies = b.client.cookies;
      // Instance two keeps both boards.
      expect((await boardIds(aOnTwo)).gql).toContain(offerOfB.id);
      expect((await boardIds(bOnTwo)).rest).toContain(offerOfA.id);

      expect((await a.client.rest("POST", `/api/users/${b.user.id}/block`)).status).toBe(200);
      // The send is refused in its own statement: no event to wait for.
      const refused = await bOnTwo.rest("POST", `/api/conversations/${conversationId}/messages`, { content: "Oi" });
      expect(refused.status).toBe(403);
      expect(refused.body.error).toBe(UNAVAILABLE);
      // The boards kept on instance two are emptied by the block's board change, within the bus's delivery.
      await eventually(async () => {
        const onTwo = await boardIds(aOnTwo);
        return !onTwo.gql.includes(offerOfB.id) && !onTwo.rest.includes(offerOfB.id);
      }, 2000, "B's offer gone from A's board on instance two");
      await eventually(async () => !(await boardIds(bOnTwo)).gql.includes(offerOfA.id), 2000, "A's offer gone from B's board on instance two");
    });
  });
});

describe("a profile across a block", () => {
  const PROFILE = `query Profile($id: Int!) {
    publicProfile(id: $id) { __typename ... on PublicProfile { id displayName } ... on AppError { code message } ... on UpgradeRequiredError { code } }
  }`;

  it("answers each of the two as for a member who does not exist, both doors, both ways; others still see her", async () => {
    const a = await member({ plan: "majestade", nickname: "Ana Vitrine" });
    const b = await member({ plan: "imperatriz", nickname: "Bia Vitrine" });
    const c = await member({ plan: "alteza" });
    // Her banner, stored as an upload would store it.
    await t.app.services.storage.put(imageKey(b.user.id, "banner"), Buffer.from("RIFF....WEBP"), "image/webp");
    await t.app.services.prisma.user.update({ where: { id: b.user.id }, data: { bannerImage: PHOTO_MARKER, bannerImageUrl: `/api/users/${b.user.id}/banner?v=1` } });
    const unknown = await a.client.rest("GET", "/api/users/99999999");
    expect(unknown.status).toBe(404);
    const unknownGql = (await a.client.gql(PROFILE, { id: 99999999 })).body.data.publicProfile;
    expect(unknownGql.__typename).toBe("AppError");
    for (const [viewer, shown] of [[a, b], [b, a]] as const) {
      expect((await viewer.client.rest("GET", `/api/users/${shown.user.id}`)).status).toBe(200);
      expect((await viewer.client.gql(PROFILE, { id: shown.user.id })).body.data.publicProfile.__typename).toBe("PublicProfile");
    }
    expect((await a.client.rest("GET", `/api/users/${b.user.id}/banner`)).status).toBe(200);

    await a.client.rest("POST", `/api/users/${b.user.id}/block`);
    for (const [viewer, hidden] of [[a, b], [b, a]] as const) {
      const rest = await viewer.client.rest("GET", `/api/users/${hidden.user.id}`);
      expect(rest.status).toBe(unknown.status);
      expect(rest.body).toEqual(unknown.body);
      expect((await viewer.client.gql(PROFILE, { id: hidden.user.id })).body.data.publicProfile).toEqual(unknownGql);
      // Her own profile is still hers.
      expect((await viewer.client.rest("GET", `/api/users/${viewer.user.id}`)).status).toBe(200);
    }
    expect((await a.client.rest("GET", `/api/users/${b.user.id}/banner`)).status).toBe(404);
    expect((await c.client.rest("GET", `/api/users/${b.user.id}`)).body).toMatchObject({ id: b.user.id, displayName: "Bia Vitrine" });
    expect((await c.client.rest("GET", `/api/users/${b.user.id}/banner`)).status).toBe(200);

    await a.client.rest("DELETE", `/api/users/${b.user.id}/block`);
    expect((await b.client.gql(PROFILE, { id: a.user.id })).body.data.publicProfile).toEqual({ __typename: "PublicProfile", id: a.user.id, displayName: "Ana Vitrine" });
  });
});

describe("a send racing a block (PostgreSQL)", () => {
  /** Runs `fn` on an app of its own on a fresh PostgreSQL database, with a plain connection to it. */
  async function onPostgres(fn: (app: TestApp, sql: pg.Client) => Promise<void>) {
    const database = await freshPostgres(requireServers("postgres").postgres, "cc_race");
    const app = await startTestApp({ DATABASE_URL: database.url, MESSAGES_PER_MINUTE: "1000", LOG_LEVEL: process.env.TEST_LOG ?? "silent" });
    const sql = new pg.Client({ connectionString: database.url });
    await sql.connect();
    try {
      await fn(app, sql);
    } finally {
      await sql.end();
      await app.close();
      await database.drop();
    }
  }

  async function pair(app: TestApp) {
    const a = await createMember(app, "55327");
    const b = await createMember(app, "55327");
    const offer = await createOfferRow(app, a.user.id, "permuta", "Oferta da A");
    const conversationId = (await b.client.gql(START, { offerId: offer.id })).body.data.startConversation.id as number;
    return { a, b, conversationId };
  }
  const storedIds = async (sql: pg.Client, conversationId: number) =>
    (await sql.query<{ id: number }>(`SELECT id FROM "Message" WHERE "conversationId" = $1 ORDER BY id`, [conversationId])).rows.map((r) => r.id);
  const waiting = async (sql: pg.Client) =>
    Number((await sql.query<{ n: string }>(`SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`)).rows[0].n);

  it("a send whose statement started before the block commits lands before it, never after", async () => {
    await onPostgres(async (app, sql) => {
      const { a, b, conversationId } = await pair(app);
      // A plain transaction holds the conversation's row, so B's send is caught mid-way.
      const holder = new pg.Client({ connectionString: app.config.DATABASE_URL });
      await holder.connect();
      await holder.query("BEGIN");
      await holder.query(`SELECT id FROM "Conversation" WHERE id = $1 FOR UPDATE`, [conversationId]);
      const send = b.client.rest("POST", `/api/conversations/${conversationId}/messages`, { content: "Enviada no mesmo instante" });
      await eventually(async () => (await waiting(sql)) >= 1, 5000, "the send waiting");
      let storedAtBlock: number[] | null = null;
      const block = a.client.rest("POST", `/api/users/${b.user.id}/block`).then(async (answer) => {
        storedAtBlock = await storedIds(sql, conversationId);
        return answer;
      });
      // Either the block is done (it did not wait for the send) or it waits for it.
      await eventually(async () => storedAtBlock !== null || (await waiting(sql)) >= 2, 5000, "the block done or waiting");
      await holder.query("COMMIT");
      await holder.end();
      const [sent, blocked] = await Promise.all([send, block]);
      expect(blocked.status).toBe(200);
      // Nothing stored after the block committed: the message landed before it.
      expect(await storedIds(sql, conversationId)).toEqual(storedAtBlock);
      expect(sent.status).toBe(201);
      expect(storedAtBlock).toEqual([sent.body.id]);
    });
  });

  it("a send that reaches the conversation while the block is being written stores nothing once the block commits", async () => {
    await onPostgres(async (app, sql) => {
      const { a, b, conversationId } = await pair(app);
      const before = await storedIds(sql, conversationId);
      // A plain transaction holds A's row, so A's block is caught after it marked the conversation
      // (its row written, the block's own row waiting on A's key).
      const holder = new pg.Client({ connectionString: app.config.DATABASE_URL });
      await holder.connect();
      await holder.query("BEGIN");
      await holder.query(`SELECT id FROM "User" WHERE id = $1 FOR UPDATE`, [a.user.id]);
      const block = a.client.rest("POST", `/api/users/${b.user.id}/block`);
      await eventually(async () => (await waiting(sql)) >= 1, 5000, "the block waiting");
      const send = b.client.rest("POST", `/api/conversations/${conversationId}/messages`, { content: "Chegou durante o bloqueio" });
      await eventually(async () => (await waiting(sql)) >= 2, 5000, "the send waiting for the block");
      await holder.query("COMMIT");
      await holder.end();
      const [blocked, sent] = await Promise.all([block, send]);
      expect(blocked.status).toBe(200);
      expect(sent.status).toBe(403);
      expect(sent.body).toEqual({ success: false, error: UNAVAILABLE, code: "CONVERSATION_UNAVAILABLE" });
      expect(await storedIds(sql, conversationId)).toEqual(before);
    });
  });

  it("many sends racing a block: none stored after it, delivered to her or counted unread", async () => {
    await onPostgres(async (app, sql) => {
      const { a, b, conversationId } = await pair(app);
      const ws = a.client.ws();
      const notifications = collect(ws, `subscription { notifications { messageId } }`);
      await pokeUntil(
        () => b.client.rest("POST", `/api/conversations/${conversationId}/messages`, { content: "Antes de tudo" }),
        () => notifications.values.length > 0,
        "her notifications",
      );
      for (let round = 0; round < 3; round += 1) {
        const sends = Array.from({ length: 30 }, (_, i) =>
          i % 2
            ? b.client.rest("POST", `/api/conversations/${conversationId}/messages`, { content: `Rodada ${round}, mensagem ${i}` })
            : b.client.gql(SEND, { conversationId, content: `Rodada ${round}, mensagem ${i}` }),
        );
        await sleep(5 + round * 5);
        const blocked = await a.client.rest("POST", `/api/users/${b.user.id}/block`);
        expect(blocked.status).toBe(200);
        const storedAtBlock = await storedIds(sql, conversationId);
        const answers = await Promise.all(sends);
        expect(await storedIds(sql, conversationId)).toEqual(storedAtBlock);
        for (const answer of answers) {
          const refused = answer.status === 403 || answer.body?.data?.sendMessage?.code === "CONVERSATION_UNAVAILABLE";
          const id = answer.body?.id ?? answer.body?.data?.sendMessage?.id;
          expect(refused || storedAtBlock.includes(id), JSON.stringify(answer.body)).toBe(true);
        }
        await sleep(300);
        const delivered = notifications.values.map((v) => v.notifications.messageId as number);
        expect(delivered.every((id) => storedAtBlock.includes(id))).toBe(true);
        expect((await a.client.rest("GET", "/api/messages/unread-count")).body).toEqual({ count: 0 });
        // Unblocked, her badge counts exactly what landed before the block (she read none of it).
        await a.client.rest("DELETE", `/api/users/${b.user.id}/block`);
        expect((await a.client.rest("GET", "/api/messages/unread-count")).body).toEqual({ count: storedAtBlock.length });
      }
      await ws.dispose();
    });
  });
});

describe("muting a member", () => {
  // WhatsApp notices wait in the durable queue (issue 29), stored with the message.
  const notices = async (viewer: Member) =>
    (await t.app.services.prisma.job.findMany({ where: { kind: "whatsapp_new_message" } })).filter((job) => (job.payload as { userId: number }).userId === viewer.user.id).length;

  it("for a day: her messages arrive unread in the conversation, with no badge, notification or WhatsApp notice; then it ends by itself", async () => {
    const { a, b, conversationId } = await acquainted();
    await a.client.rest("POST", `/api/conversations/${conversationId}/read`);
    await eventually(async () => (await notices(a)) === 1, 3000, "A's first notice");
    t.clock.advance(16 * 60 * 1000);

    const muted = await a.client.rest("POST", `/api/users/${b.user.id}/mute`, { days: 1 });
    expect(muted.status).toBe(200);
    expect(muted.body).toEqual({ success: true, userId: b.user.id, displayName: b.user.nickname, mutedUntil: new Date(t.clock.now().getTime() + 86_400_000).toISOString() });
    expect((await a.client.gql(`{ myMutes { userId displayName mutedUntil } }`)).body.data.myMutes).toEqual([
      { userId: b.user.id, displayName: b.user.nickname, mutedUntil: muted.body.mutedUntil },
    ]);
    expect((await a.client.rest("GET", "/api/user/mutes")).body).toEqual([{ userId: b.user.id, displayName: b.user.nickname, mutedUntil: muted.body.mutedUntil }]);

    const ws = a.client.ws();
    const notifications = collect(ws, `subscription { notifications { messageId } }`);
    const badge = collect(ws, `subscription { unreadCountChanged }`);
    // Both subscriptions are live once her own read tells the badge.
    await pokeUntil(() => a.client.rest("POST", `/api/conversations/${conversationId}/read`), () => badge.values.length > 0, "her badge");
    const legacyAgain = await legacySocket(a.client, "/notifications");
    legacyAgain.send({ type: "register_user", userId: a.user.id });
    await legacyAgain.frame((f) => f.type === "registered");
    await sleep(200);
    // Her sockets count her online; offline she would get a WhatsApp notice but for the mute.
    await t.app.services.prisma.user.update({ where: { id: a.user.id }, data: { isOnline: false } });
    const badgeBefore = badge.values.length;

    const sent = await b.client.rest("POST", `/api/conversations/${conversationId}/messages`, { content: "Mensagem silenciada" });
    expect(sent.status).toBe(201);
    await sleep(300);
    expect(notifications.values).toEqual([]);
    expect(badge.values).toHaveLength(badgeBefore);
    expect(legacyAgain.frames.filter((f) => f.type === "new_message")).toEqual([]);
    expect(await notices(a)).toBe(1);
    expect((await a.client.rest("GET", "/api/messages/unread-count")).body).toEqual({ count: 0 });
    const [conversation] = (await a.client.gql(CONVERSATIONS)).body.data.conversations;
    expect(conversation).toMatchObject({ id: conversationId, unreadCount: 1, messagingClosed: false });
    // The conversation goes on both ways.
    expect((await a.client.gql(SEND, { conversationId, content: "Respondo mesmo assim" })).body.data.sendMessage.__typename).toBe("Message");

    // A day later the mute is over: B's next message tells her again.
    t.clock.advance(86_400_000 + 1000);
    expect((await a.client.gql(`{ myMutes { userId } }`)).body.data.myMutes).toEqual([]);
    const after = await b.client.rest("POST", `/api/conversations/${conversationId}/messages`, { content: "Depois do silêncio" });
    await notifications.next(1);
    expect(notifications.values[0]).toEqual({ notifications: { messageId: after.body.id } });
    await legacyAgain.frame((f) => f.type === "new_message" && f.messageId === after.body.id);
    await eventually(async () => (await notices(a)) === 2, 3000, "a WhatsApp notice after the mute");
    expect((await a.client.rest("GET", "/api/messages/unread-count")).body.count).toBeGreaterThan(0);
    legacyAgain.close();
    await ws.dispose();
  });

  it("until lifted (days null), over GraphQL; refuses other lengths, herself and staff", async () => {
    const { a, b, conversationId } = await acquainted();
    await a.client.rest("POST", `/api/conversations/${conversationId}/read`);
    const staff = await member({ role: "superuser" });
    for (const days of [0, 2, 30, "7", -1]) {
      const refused = await a.client.rest("POST", `/api/users/${b.user.id}/mute`, { days });
      expect(refused.status, String(days)).toBe(400);
      expect(refused.body.error).toBe(SAFETY_REFUSALS.muteDaysInvalid);
    }
    expect((await a.client.rest("POST", `/api/users/${a.user.id}/mute`, { days: 7 })).body.error).toBe(SAFETY_REFUSALS.muteSelf);
    expect((await a.client.gql(MUTE, { userId: staff.user.id, days: 7 })).body.data.muteMember).toEqual({
      __typename: "AppError", code: "SAFETY_TARGET_INVALID", message: SAFETY_REFUSALS.muteStaff,
    });

    expect((await a.client.gql(MUTE, { userId: b.user.id, days: null })).body.data.muteMember).toEqual({ __typename: "MemberMute", userId: b.user.id, mutedUntil: null });
    await b.client.gql(SEND, { conversationId, content: "Silenciada para sempre" });
    t.clock.advance(8 * 86_400_000);
    await b.client.gql(SEND, { conversationId, content: "Ainda silenciada" });
    expect((await a.client.rest("GET", "/api/messages/unread-count")).body).toEqual({ count: 0 });

    expect((await a.client.gql(UNMUTE, { userId: b.user.id })).body.data.unmuteMember).toEqual({ __typename: "SafetyPayload", success: true });
    expect((await a.client.rest("GET", "/api/messages/unread-count")).body).toEqual({ count: 2 });
    expect((await a.client.rest("DELETE", `/api/users/${b.user.id}/mute`)).body).toEqual({ success: true, userId: b.user.id });
  });
});

describe("who may start a conversation with her", () => {
  const SET = `mutation Set($value: ConversationsFrom!) {
    setConversationsFrom(conversationsFrom: $value) { __typename ... on ConversationsFromPayload { conversationsFrom } ... on AppError { code message } }
  }`;

  it("'ninguém por enquanto': her cards say so, nobody starts a new conversation, the open ones go on", async () => {
    const { a, b, offerOfA, conversationId } = await acquainted();
    const c = await member();
    expect((await a.client.rest("GET", "/api/profile")).body.conversationsFrom).toBe("everyone");
    const card = async () => ((await c.client.rest("GET", "/api/offers")).body as { id: number; userConversationsFrom: string }[]).find((o) => o.id === offerOfA.id);
    expect((await card())?.userConversationsFrom).toBe("everyone");

    const set = await a.client.rest("PUT", "/api/user/conversations-from", { conversationsFrom: "nobody" });
    expect(set.body).toEqual({ success: true, conversationsFrom: "nobody" });
    expect((await a.client.rest("GET", "/api/profile")).body.conversationsFrom).toBe("nobody");
    expect((await a.client.gql(`{ profile { conversationsFrom } }`)).body.data.profile).toEqual({ conversationsFrom: "nobody" });
    expect((await card())?.userConversationsFrom).toBe("nobody");
    const gqlCard = ((await c.client.gql(BOARD, { first: 50 })).body.data.offers.edges as { node: { id: number; userConversationsFrom: string } }[])
      .find((e) => e.node.id === offerOfA.id);
    expect(gqlCard?.node.userConversationsFrom).toBe("nobody");

    const refused = await c.client.rest("POST", "/api/conversations", { offerId: offerOfA.id });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ success: false, error: ERROR_MESSAGES.CONVERSATIONS_CLOSED, code: "CONVERSATIONS_CLOSED" });
    expect((await c.client.gql(START, { offerId: offerOfA.id })).body.data.startConversation.code).toBe("CONVERSATIONS_CLOSED");
    // B's conversation, opened before, goes on.
    expect((await b.client.gql(START, { offerId: offerOfA.id })).body.data.startConversation).toMatchObject({ id: conversationId });
    expect((await b.client.gql(SEND, { conversationId, content: "Seguimos" })).body.data.sendMessage.__typename).toBe("Message");

    expect((await a.client.gql(SET, { value: "everyone" })).body.data.setConversationsFrom).toEqual({ __typename: "ConversationsFromPayload", conversationsFrom: "everyone" });
    expect((await c.client.gql(START, { offerId: offerOfA.id })).body.data.startConversation.__typename).toBe("Conversation");
    const wrong = await a.client.rest("PUT", "/api/user/conversations-from", { conversationsFrom: "amigas" });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe(SAFETY_REFUSALS.conversationsFromInvalid);
  });

  it("'só quem tem perfil completo': a member without a complete profile is told so", async () => {
    const a = await member();
    const offer = await createOfferRow(t, a.user.id, "permuta");
    const incomplete = await member();
    await t.app.services.prisma.user.update({ where: { id: incomplete.user.id }, data: { profileComplete: false } });
    const complete = await member();
    expect((await a.client.gql(SET, { value: "complete_profiles" })).body.data.setConversationsFrom.conversationsFrom).toBe("complete_profiles");

    const refused = await incomplete.client.rest("POST", "/api/conversations", { offerId: offer.id });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe(SAFETY_REFUSALS.conversationsOnlyCompleteProfiles);
    expect((await complete.client.rest("POST", "/api/conversations", { offerId: offer.id })).status).toBe(200);
  });
});
