import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  collect,
  createMember,
  createOfferRow,
  eventually,
  legacySocket,
  pokeUntil,
  sleep,
  startTestApp,
  TestClient,
  withTwoInstances,
  type TestApp,
} from "../../../test/harness.js";
import { mayContact, OFFER_TYPES, PLANS } from "@clube-coroa/schema";
import { PRESENCE_TIMEOUT_MS } from "../presence/presence.service.js";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ SEED_DEMO: "never", LOG_LEVEL: process.env.TEST_LOG ?? "silent" });
});
afterAll(async () => {
  await t?.close();
});

const member = (options: Parameters<typeof createMember>[2] = {}) => createMember(t, "55319", options);
/** Owner with a permuta offer, and an interested alteza member. */
async function pair(type: "collab" | "permuta" | "apoio" = "permuta") {
  const owner = await member();
  const asker = await member();
  const offer = await createOfferRow(t, owner.user.id, type);
  return { owner, asker, offer };
}

const CONVERSATION = `id unreadCount lastMessageAt offer { id title type }
  otherUser { id fullName nickname profilePhoto plan isOnline }
  lastMessage { id content senderId isMine }`;
const START = `mutation Start($offerId: Int!) {
  startConversation(offerId: $offerId) {
    __typename
    ... on Conversation { ${CONVERSATION} }
    ... on UpgradeRequiredError { code message action targetPlan upgradeMessage showUpgrade }
    ... on AppError { code message }
  }
}`;
const SEND = `mutation Send($conversationId: Int!, $content: String!) {
  sendMessage(conversationId: $conversationId, content: $content) {
    __typename
    ... on Message { id conversationId senderId content createdAt isMine }
    ... on UpgradeRequiredError { code message action targetPlan upgradeMessage showUpgrade }
    ... on AppError { code message }
  }
}`;
const LIST = `{ conversations { ${CONVERSATION} } unreadCount }`;
const MESSAGES = `query Messages($conversationId: Int!, $before: Int, $after: Int, $limit: Int) {
  messages(conversationId: $conversationId, before: $before, after: $after, limit: $limit) { id content senderId isMine }
}`;
const READ = `mutation Read($conversationId: Int!) {
  markConversationRead(conversationId: $conversationId) {
    __typename ... on MarkConversationReadPayload { conversationId unreadCount } ... on AppError { code message }
  }
}`;
const DELETE = `mutation Delete($conversationId: Int!) {
  deleteConversation(conversationId: $conversationId) {
    __typename ... on DeleteConversationPayload { conversationId } ... on AppError { code message }
  }
}`;

const messageCount = (conversationId: number) => t.app.services.prisma.message.count({ where: { conversationId } });

describe("conversations over GraphQL", () => {
  it("starts, exchanges, counts unread, marks read and deletes for her only", async () => {
    const { owner, asker, offer } = await pair();
    const started = await asker.client.gql(START, { offerId: offer.id });
    const conversation = started.body.data.startConversation;
    expect(conversation).toMatchObject({
      __typename: "Conversation",
      unreadCount: 0,
      offer: { id: offer.id, title: offer.title, type: "permuta" },
      otherUser: { id: owner.user.id, nickname: owner.user.nickname, plan: "alteza", isOnline: false },
      lastMessage: null,
    });
    const again = await asker.client.gql(START, { offerId: offer.id });
    expect(again.body.data.startConversation.id).toBe(conversation.id);

    const sent = await asker.client.gql(SEND, { conversationId: conversation.id, content: "  Olá! Tenho interesse.  " });
    expect(sent.body.data.sendMessage).toMatchObject({ __typename: "Message", content: "Olá! Tenho interesse.", isMine: true, senderId: asker.user.id });
    t.clock.advance(1000);
    await owner.client.gql(SEND, { conversationId: conversation.id, content: "Que bom! Vamos conversar." });
    t.clock.advance(1000);
    await asker.client.gql(SEND, { conversationId: conversation.id, content: "Pode ser amanhã?" });

    const ownerList = await owner.client.gql(LIST);
    expect(ownerList.body.data.unreadCount).toBe(2);
    expect(ownerList.body.data.conversations).toEqual([
      expect.objectContaining({
        id: conversation.id,
        unreadCount: 2,
        otherUser: expect.objectContaining({ id: asker.user.id }),
        lastMessage: expect.objectContaining({ content: "Pode ser amanhã?", isMine: false }),
      }),
    ]);
    const thread = await owner.client.gql(MESSAGES, { conversationId: conversation.id });
    expect(thread.body.data.messages.map((m: { content: string }) => m.content)).toEqual([
      "Olá! Tenho interesse.",
      "Que bom! Vamos conversar.",
      "Pode ser amanhã?",
    ]);
    const page = await owner.client.gql(MESSAGES, { conversationId: conversation.id, limit: 2 });
    expect(page.body.data.messages.map((m: { content: string }) => m.content)).toEqual(["Que bom! Vamos conversar.", "Pode ser amanhã?"]);
    const older = await owner.client.gql(MESSAGES, { conversationId: conversation.id, before: page.body.data.messages[0].id });
    expect(older.body.data.messages.map((m: { content: string }) => m.content)).toEqual(["Olá! Tenho interesse."]);

    const read = await owner.client.gql(READ, { conversationId: conversation.id });
    expect(read.body.data.markConversationRead).toEqual({ __typename: "MarkConversationReadPayload", conversationId: conversation.id, unreadCount: 0 });
    expect((await owner.client.gql(LIST)).body.data.unreadCount).toBe(0);
    expect((await asker.client.gql(LIST)).body.data.unreadCount).toBe(1);

    const deleted = await owner.client.gql(DELETE, { conversationId: conversation.id });
    expect(deleted.body.data.deleteConversation).toEqual({ __typename: "DeleteConversationPayload", conversationId: conversation.id });
    expect((await owner.client.gql(LIST)).body.data.conversations).toEqual([]);
    expect((await asker.client.gql(LIST)).body.data.conversations).toHaveLength(1);
    expect(await messageCount(conversation.id)).toBe(3);

    t.clock.advance(1000);
    await asker.client.gql(SEND, { conversationId: conversation.id, content: "Ainda está aí?" });
    const back = await owner.client.gql(LIST);
    expect(back.body.data.conversations).toEqual([expect.objectContaining({ id: conversation.id, unreadCount: 1 })]);

    // Starting again after deleting brings the same conversation back for her.
    await asker.client.gql(DELETE, { conversationId: conversation.id });
    expect((await asker.client.gql(LIST)).body.data.conversations).toEqual([]);
    expect((await asker.client.gql(START, { offerId: offer.id })).body.data.startConversation.id).toBe(conversation.id);
    expect((await asker.client.gql(LIST)).body.data.conversations).toEqual([expect.objectContaining({ id: conversation.id })]);
    expect(await t.app.services.prisma.conversation.count({ where: { offerId: offer.id } })).toBe(1);
  });

  it("orders conversations by last activity, newest first", async () => {
    const me = await member();
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      const other = await member();
      const offer = await createOfferRow(t, other.user.id, "apoio");
      const started = await me.client.gql(START, { offerId: offer.id });
      ids.push(started.body.data.startConversation.id);
      t.clock.advance(1000);
    }
    await me.client.gql(SEND, { conversationId: ids[0], content: "primeira" });
    const list = await me.client.gql(LIST);
    expect(list.body.data.conversations.map((c: { id: number }) => c.id)).toEqual([ids[0], ids[2], ids[1]]);
  });

  it("refuses her own offer and, for nobreza, anything but apoio with the upgrade prompt", async () => {
    const owner = await member({ plan: "nobreza" });
    const own = await createOfferRow(t, owner.user.id, "apoio");
    const mine = await owner.client.gql(START, { offerId: own.id });
    expect(mine.body.data.startConversation).toEqual({
      __typename: "AppError",
      code: "OWN_OFFER",
      message: "Você não pode entrar em contato com sua própria oferta",
    });
    const other = await member();
    const permuta = await createOfferRow(t, other.user.id, "permuta");
    const refused = await owner.client.gql(START, { offerId: permuta.id });
    expect(refused.body.data.startConversation).toMatchObject({
      __typename: "UpgradeRequiredError",
      code: "UPGRADE_REQUIRED",
      action: "contact",
      targetPlan: "alteza",
      showUpgrade: true,
    });
    const apoio = await createOfferRow(t, other.user.id, "apoio");
    expect((await owner.client.gql(START, { offerId: apoio.id })).body.data.startConversation.__typename).toBe("Conversation");
    expect(await t.app.services.prisma.conversation.count({ where: { offerId: permuta.id } })).toBe(0);
  });

  it("validates the content: trimmed, non-blank, at most 2,000 characters", async () => {
    const { asker, offer } = await pair();
    const id = (await asker.client.gql(START, { offerId: offer.id })).body.data.startConversation.id;
    const blank = await asker.client.gql(SEND, { conversationId: id, content: "   \n " });
    expect(blank.body.data.sendMessage).toEqual({ __typename: "AppError", code: "MESSAGE_EMPTY", message: "A mensagem não pode estar vazia" });
    const long = await asker.client.gql(SEND, { conversationId: id, content: "a".repeat(2001) });
    expect(long.body.data.sendMessage).toMatchObject({ code: "MESSAGE_TOO_LONG", message: "A mensagem deve ter no máximo 2.000 caracteres" });
    const max = await asker.client.gql(SEND, { conversationId: id, content: ` ${"b".repeat(2000)} ` });
    expect(max.body.data.sendMessage.content).toHaveLength(2000);
    expect(await messageCount(id)).toBe(1);
  });

  it("refuses a member who is not in the conversation, and writes nothing", async () => {
    const { owner, asker, offer } = await pair();
    const id = (await asker.client.gql(START, { offerId: offer.id })).body.data.startConversation.id;
    await owner.client.gql(SEND, { conversationId: id, content: "Oi" });
    const intruder = await member({ plan: "imperatriz" });

    const send = await intruder.client.gql(SEND, { conversationId: id, content: "Entrei?" });
    expect(send.body.data.sendMessage).toMatchObject({ __typename: "AppError", code: "CONVERSATION_NOT_FOUND" });
    const read = await intruder.client.gql(MESSAGES, { conversationId: id });
    expect(read.body.errors?.[0]?.extensions?.code).toBe("CONVERSATION_NOT_FOUND");
    expect((await intruder.client.gql(READ, { conversationId: id })).body.data.markConversationRead.code).toBe("CONVERSATION_NOT_FOUND");
    expect((await intruder.client.gql(DELETE, { conversationId: id })).body.data.deleteConversation.code).toBe("CONVERSATION_NOT_FOUND");
    const sub = collect(intruder.client.ws(), `subscription($id: Int!) { messageAdded(conversationId: $id) { id } }`, { id });
    await eventually(() => sub.errors.length > 0, 5000, "the refusal");
    expect(JSON.stringify(sub.errors)).toContain("Conversa não encontrada");

    expect(await messageCount(id)).toBe(1);
    const members = await t.app.services.prisma.conversationMember.findMany({ where: { conversationId: id } });
    expect(members.map((m) => m.userId).sort()).toEqual([owner.user.id, asker.user.id].sort());
    expect(members.every((m) => m.hiddenAt === null)).toBe(true);

    const anonymous = new TestClient(t.url);
    expect((await anonymous.gql(LIST)).body.errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");
  });
});

describe("a conversation started and still empty (issue 24)", () => {
  it("is in the list of the member who started it only, and reaches the owner's list, live, with its first message", async () => {
    const { owner, asker, offer } = await pair("apoio");
    const id = (await asker.client.gql(START, { offerId: offer.id })).body.data.startConversation.id;

    // She who pressed 'Pedir Apoio' has it (the page she was sent to); the owner has nothing yet.
    expect((await asker.client.gql(LIST)).body.data.conversations).toEqual([expect.objectContaining({ id, lastMessage: null })]);
    const ownerList = await owner.client.gql(LIST);
    expect(ownerList.body.data).toEqual({ conversations: [], unreadCount: 0 });
    expect((await owner.client.rest("GET", "/api/conversations")).body).toEqual([]);
    expect((await asker.client.rest("GET", "/api/conversations")).body).toEqual([expect.objectContaining({ id, lastMessage: null })]);

    const ws = owner.client.ws();
    const notes = collect(ws, `subscription { notifications { conversationId content } }`);
    const counts = collect(ws, `subscription { unreadCountChanged }`);
    await sleep(200);
    t.clock.advance(1000);
    await asker.client.rest("POST", `/api/conversations/${id}/messages`, { content: "Oi! Posso ajudar?" });
    expect(await notes.next()).toEqual({ notifications: { conversationId: id, content: "Oi! Posso ajudar?" } });
    expect(await counts.next()).toEqual({ unreadCountChanged: 1 });
    await ws.dispose();

    expect((await owner.client.gql(LIST)).body.data).toEqual({
      conversations: [expect.objectContaining({ id, unreadCount: 1, lastMessage: expect.objectContaining({ content: "Oi! Posso ajudar?" }) })],
      unreadCount: 1,
    });
    expect((await owner.client.rest("GET", "/api/conversations")).body).toEqual([expect.objectContaining({ id, unreadCount: 1 })]);
  });
});

describe("a member moved down to nobreza", () => {
  /** A superuser moves her to another plan, as the staff page does. */
  async function setPlan(userId: number, plan: "nobreza" | "alteza") {
    const admin = await member({ plan: "majestade" });
    await t.app.services.prisma.user.update({ where: { id: admin.user.id }, data: { role: "superuser" } });
    expect((await admin.client.rest("PUT", `/api/admin/user/${userId}/plan`, { plan })).status).toBe(200);
  }
  const send = (client: TestClient, id: number, content: string) => client.rest("POST", `/api/conversations/${id}/messages`, { content });
  const upgradeBody = {
    success: false,
    code: "UPGRADE_REQUIRED",
    error: "Faça upgrade para o plano Alteza para enviar mensagens em conversas de Collabs e Permutas.",
    action: "message",
    targetPlan: "alteza",
    upgradeMessage: "Faça upgrade para o plano Alteza e converse com parceiras de Collabs e Permutas.",
    showUpgrade: true,
  };

  it("reads every conversation she has, writes in apoio ones, and gets the upgrade prompt in collab and permuta ones", async () => {
    const { owner, asker, offer: permuta } = await pair("permuta");
    const apoio = await createOfferRow(t, owner.user.id, "apoio");
    const permutaId = (await asker.client.rest("POST", "/api/conversations", { offerId: permuta.id })).body.id;
    const apoioId = (await asker.client.rest("POST", "/api/conversations", { offerId: apoio.id })).body.id;
    const first = await asker.client.rest("POST", `/api/conversations/${permutaId}/messages`, { content: "Tenho interesse na permuta", clientMessageId: "m-1" });
    expect(first.status).toBe(201);
    await setPlan(asker.user.id, "nobreza");
    // A retry of what was stored before is still answered with it.
    expect((await asker.client.rest("POST", `/api/conversations/${permutaId}/messages`, { content: "Tenho interesse na permuta", clientMessageId: "m-1" })).body).toEqual(first.body);

    const refused = await send(asker.client, permutaId, "Ainda tem interesse?");
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual(upgradeBody);
    const overGraphql = await asker.client.gql(SEND, { conversationId: permutaId, content: "Ainda tem interesse?" });
    const { success: _success, error: message, ...fields } = upgradeBody;
    expect(overGraphql.body.data.sendMessage).toEqual({ __typename: "UpgradeRequiredError", message, ...fields });
    // Starting the same conversation again is contacting the offer: the contact prompt, not the old conversation.
    const again = await asker.client.rest("POST", "/api/conversations", { offerId: permuta.id });
    expect(again.status).toBe(403);
    expect(again.body).toMatchObject({ code: "UPGRADE_REQUIRED", action: "contact", targetPlan: "alteza" });
    expect((await asker.client.gql(START, { offerId: permuta.id })).body.data.startConversation).toMatchObject({
      __typename: "UpgradeRequiredError",
      action: "contact",
    });
    expect(await messageCount(permutaId)).toBe(1);

    // Reading stays: her list, the thread, marking read.
    expect((await asker.client.rest("GET", "/api/conversations")).body.map((c: { id: number }) => c.id).sort()).toEqual([permutaId, apoioId].sort());
    expect((await asker.client.rest("GET", `/api/conversations/${permutaId}/messages`)).body.map((m: { content: string }) => m.content)).toEqual([
      "Tenho interesse na permuta",
    ]);
    expect((await asker.client.rest("POST", `/api/conversations/${permutaId}/read`)).status).toBe(200);
    // Apoio is every plan's: she writes there, and reopens it.
    expect((await send(asker.client, apoioId, "Posso ajudar no apoio")).status).toBe(201);
    expect((await asker.client.rest("POST", "/api/conversations", { offerId: apoio.id })).body.id).toBe(apoioId);
    // The other member still writes to her.
    expect((await send(owner.client, permutaId, "Oi! Ainda estou aqui.")).status).toBe(201);

    await setPlan(asker.user.id, "alteza");
    expect((await send(asker.client, permutaId, "Voltei para o Alteza")).status).toBe(201);
  });

  it("may not answer in a collab conversation on an offer of her own published on a higher plan", async () => {
    const { owner, asker, offer } = await pair("collab");
    const id = (await asker.client.rest("POST", "/api/conversations", { offerId: offer.id })).body.id;
    expect((await send(asker.client, id, "Vamos criar juntas?")).status).toBe(201);
    await setPlan(owner.user.id, "nobreza");
    const refused = await send(owner.client, id, "Vamos!");
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual(upgradeBody);
    expect((await send(asker.client, id, "Está aí?")).status).toBe(201);

    // A conversation whose offer is gone is no longer an apoio conversation she may write in.
    const gone = await createOfferRow(t, asker.user.id, "apoio");
    const goneId = (await owner.client.rest("POST", "/api/conversations", { offerId: gone.id })).body.id;
    expect((await send(owner.client, goneId, "Obrigada pelo apoio")).status).toBe(201);
    await t.app.services.prisma.offer.delete({ where: { id: gone.id } });
    expect((await send(owner.client, goneId, "Ainda posso falar?")).status).toBe(403);
    expect((await owner.client.rest("GET", `/api/conversations/${goneId}/messages`)).body).toHaveLength(1);
  });
});

describe("the plans' contact rule (schema's entitlements.ts)", () => {
  it("lets each plan contact and write about each kind exactly as mayContact says, the web's rule and the SQL's alike", async () => {
    const admin = await member({ plan: "majestade", role: "superuser" });
    for (const plan of PLANS) {
      for (const kind of OFFER_TYPES) {
        const owner = await member();
        const offer = await createOfferRow(t, owner.user.id, kind);
        // Started on alteza (who may contact every kind), then moved to the plan under test.
        const her = await member({ plan: "alteza" });
        const started = await her.client.gql(START, { offerId: offer.id });
        expect(started.body.data.startConversation.__typename).toBe("Conversation");
        // As the staff page moves her (her session sees the new plan at once).
        expect((await admin.client.rest("PUT", `/api/admin/user/${her.user.id}/plan`, { plan })).status).toBe(200);
        const allowed = mayContact(plan, kind);
        const again = (await her.client.gql(START, { offerId: offer.id })).body.data.startConversation;
        const sent = (await her.client.gql(SEND, { conversationId: started.body.data.startConversation.id, content: `Olá, ${plan} sobre ${kind}` })).body.data.sendMessage;
        expect([plan, kind, again.__typename, sent.__typename]).toEqual([
          plan,
          kind,
          allowed ? "Conversation" : "UpgradeRequiredError",
          allowed ? "Message" : "UpgradeRequiredError",
        ]);
      }
    }
  });
});

describe("conversations over REST", () => {
  it("follows the spec's calls from start to deletion", async () => {
    const { owner, asker, offer } = await pair();
    const body = { offerId: offer.id, offerOwnerId: owner.user.id, interestedUserId: asker.user.id };
    const started = await asker.client.rest("POST", "/api/conversations", body);
    expect(started.status).toBe(200);
    const id = started.body.id;
    expect(typeof id).toBe("number");
    expect((await asker.client.rest("POST", "/api/conversations", body)).body.id).toBe(id);

    const sent = await asker.client.rest("POST", `/api/conversations/${id}/messages`, { content: " Oi, tudo bem? " });
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({ id: expect.any(Number), conversationId: id, senderId: asker.user.id, content: "Oi, tudo bem?" });
    // Stamped with the server's clock (at most 1 ms later, to stay after the conversation's start).
    expect(Date.parse(sent.body.createdAt) - t.clock.now().getTime()).toBeGreaterThanOrEqual(0);
    expect(Date.parse(sent.body.createdAt) - t.clock.now().getTime()).toBeLessThanOrEqual(1);
    expect((await owner.client.rest("GET", "/api/messages/unread-count")).body).toEqual({ count: 1 });

    const list = await owner.client.rest("GET", "/api/conversations");
    expect(list.body).toEqual([
      expect.objectContaining({
        id,
        offer: { id: offer.id, title: offer.title, type: "permuta" },
        otherUser: expect.objectContaining({ id: asker.user.id, isOnline: false }),
        unreadCount: 1,
        lastMessageAt: sent.body.createdAt,
      }),
    ]);
    const messages = await owner.client.rest("GET", `/api/conversations/${id}/messages`);
    expect(messages.body).toEqual([sent.body]);
    expect((await owner.client.rest("POST", `/api/conversations/${id}/read`)).status).toBe(200);
    expect((await owner.client.rest("GET", "/api/messages/unread-count")).body).toEqual({ count: 0 });

    const blank = await owner.client.rest("POST", `/api/conversations/${id}/messages`, { content: "  " });
    expect(blank.status).toBe(400);
    expect(blank.body).toMatchObject({ success: false, code: "MESSAGE_EMPTY", error: "A mensagem não pode estar vazia" });

    expect((await owner.client.rest("DELETE", `/api/conversations/${id}`)).status).toBe(200);
    expect((await owner.client.rest("GET", "/api/conversations")).body).toEqual([]);
    expect((await asker.client.rest("GET", "/api/conversations")).body).toHaveLength(1);
  });

  it("checks the ids of the start call against the session and the offer", async () => {
    const { owner, asker, offer } = await pair();
    const forged = await asker.client.rest("POST", "/api/conversations", {
      offerId: offer.id,
      offerOwnerId: owner.user.id,
      interestedUserId: owner.user.id,
    });
    expect(forged.status).toBe(403);
    const wrongOwner = await asker.client.rest("POST", "/api/conversations", {
      offerId: offer.id,
      offerOwnerId: asker.user.id,
      interestedUserId: asker.user.id,
    });
    expect(wrongOwner.status).toBe(400);
    expect(wrongOwner.body.code).toBe("OFFER_OWNER_MISMATCH");
    const own = await owner.client.rest("POST", "/api/conversations", { offerId: offer.id, offerOwnerId: owner.user.id, interestedUserId: owner.user.id });
    expect(own.status).toBe(403);
    expect(own.body).toMatchObject({ code: "OWN_OFFER", error: "Você não pode entrar em contato com sua própria oferta" });
    expect(await t.app.services.prisma.conversation.count({ where: { offerId: offer.id } })).toBe(0);
    const anonymous = await new TestClient(t.url).rest("POST", "/api/conversations", { offerId: offer.id });
    expect(anonymous.status).toBe(401);
  });

  it("answers nobreza's contact with a collab or permuta with 403 and the upgrade body", async () => {
    const { owner, offer } = await pair("collab");
    const nobreza = await member({ plan: "nobreza" });
    const refused = await nobreza.client.rest("POST", "/api/conversations", {
      offerId: offer.id,
      offerOwnerId: owner.user.id,
      interestedUserId: nobreza.user.id,
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      success: false,
      code: "UPGRADE_REQUIRED",
      error: expect.any(String),
      action: "contact",
      targetPlan: "alteza",
      upgradeMessage: expect.stringContaining("Alteza"),
      showUpgrade: true,
    });
  });

  it("refuses reads and writes of another's conversation with 404, writing nothing", async () => {
    const { asker, offer } = await pair();
    const { id } = (await asker.client.rest("POST", "/api/conversations", { offerId: offer.id })).body;
    await asker.client.rest("POST", `/api/conversations/${id}/messages`, { content: "Oi" });
    const intruder = await member();
    for (const [method, path, body] of [
      ["GET", `/api/conversations/${id}/messages`],
      ["POST", `/api/conversations/${id}/messages`, { content: "Invadi" }],
      ["POST", `/api/conversations/${id}/read`],
      ["DELETE", `/api/conversations/${id}`],
    ] as const) {
      const answer = await intruder.client.rest(method, path, body);
      expect(answer.status, `${method} ${path}`).toBe(404);
      expect(answer.body.code).toBe("CONVERSATION_NOT_FOUND");
    }
    expect(await messageCount(id)).toBe(1);
    expect((await intruder.client.rest("GET", "/api/conversations")).body).toEqual([]);
  });
});

describe("a message sent again with its clientMessageId", () => {
  const SEND_KEYED = `mutation Send($conversationId: Int!, $content: String!, $key: String) {
    sendMessage(conversationId: $conversationId, content: $content, clientMessageId: $key) {
      __typename
      ... on Message { id conversationId senderId content createdAt }
      ... on AppError { code message }
    }
  }`;
  const post = (client: TestClient, id: number, body: Record<string, unknown>, headers?: Record<string, string>) =>
    client.rest("POST", `/api/conversations/${id}/messages`, body, headers);

  it("is answered with the stored message: one row, one event, one notification, one unread", async () => {
    const { owner, asker, offer } = await pair();
    const id = (await asker.client.rest("POST", "/api/conversations", { offerId: offer.id })).body.id;
    const chat = await legacySocket(owner.client, "/chat");
    chat.send({ type: "join_conversation", conversationId: id });
    await chat.frame((f) => f.type === "joined");
    const notifications = await legacySocket(owner.client, "/notifications");
    notifications.send({ type: "register_user", userId: owner.user.id });
    await notifications.frame((f) => f.type === "registered");

    const key = randomUUID();
    const first = await post(asker.client, id, { content: "Oi! Tenho interesse.", clientMessageId: key });
    expect(first.status).toBe(201);
    const again = await post(asker.client, id, { content: "Oi! Tenho interesse.", clientMessageId: key });
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    const overGraphql = await asker.client.gql(SEND_KEYED, { conversationId: id, content: " Oi! Tenho interesse. ", key });
    expect(overGraphql.body.data.sendMessage).toEqual({ __typename: "Message", ...first.body });
    // The Idempotency-Key header works the same way.
    const headerKey = { "idempotency-key": "composer-7_2" };
    const second = await post(asker.client, id, { content: "Pode ser amanhã?" }, headerKey);
    expect(second.status).toBe(201);
    expect((await post(asker.client, id, { content: "Pode ser amanhã?" }, headerKey)).body).toEqual(second.body);
    const last = await post(asker.client, id, { content: "Até logo" });

    await chat.frame((f) => f.type === "new_message" && f.message.id === last.body.id);
    expect(chat.frames.filter((f) => f.type === "new_message").map((f) => f.message.id)).toEqual([first.body.id, second.body.id, last.body.id]);
    await notifications.frame((f) => f.type === "new_message" && f.messageId === last.body.id);
    expect(notifications.frames.filter((f) => f.type === "new_message").map((f) => f.messageId)).toEqual([first.body.id, second.body.id, last.body.id]);
    expect(await messageCount(id)).toBe(3);
    expect((await owner.client.rest("GET", "/api/messages/unread-count")).body).toEqual({ count: 3 });
    chat.close();
    notifications.close();
  });

  it("stores one message when the sends race", async () => {
    const { asker, offer } = await pair();
    const id = (await asker.client.rest("POST", "/api/conversations", { offerId: offer.id })).body.id;
    const key = randomUUID();
    const answers = await Promise.all([
      ...Array.from({ length: 4 }, () => post(asker.client, id, { content: "Só uma vez", clientMessageId: key })),
      ...Array.from({ length: 4 }, () => asker.client.gql(SEND_KEYED, { conversationId: id, content: "Só uma vez", key })),
    ]);
    const ids = answers.map((a) => (a.status === 201 ? a.body.id : a.body.data?.sendMessage?.id));
    expect(answers.slice(0, 4).map((a) => a.status)).toEqual([201, 201, 201, 201]);
    expect(new Set(ids).size).toBe(1);
    expect(ids[0]).toEqual(expect.any(Number));
    expect(await messageCount(id)).toBe(1);
  });

  it("refuses a key used for another text or conversation (409) and a malformed one (400), writing nothing", async () => {
    const { owner, asker, offer } = await pair();
    const id = (await asker.client.rest("POST", "/api/conversations", { offerId: offer.id })).body.id;
    const other = await createOfferRow(t, owner.user.id, "apoio");
    const otherId = (await asker.client.rest("POST", "/api/conversations", { offerId: other.id })).body.id;
    const key = randomUUID();
    expect((await post(asker.client, id, { content: "Primeira", clientMessageId: key })).status).toBe(201);

    const reused = { success: false, code: "CLIENT_MESSAGE_ID_REUSED", error: "Este identificador já foi usado em outra mensagem. Envie a nova mensagem com outro identificador." };
    for (const [conversation, content] of [[id, "Outra"], [otherId, "Primeira"]] as const) {
      const refused = await post(asker.client, conversation, { content, clientMessageId: key });
      expect(refused.status).toBe(409);
      expect(refused.body).toEqual(reused);
    }
    expect((await asker.client.gql(SEND_KEYED, { conversationId: id, content: "Outra", key })).body.data.sendMessage).toEqual({
      __typename: "AppError",
      code: reused.code,
      message: reused.error,
    });

    const invalid = "Identificador da mensagem inválido: use de 1 a 64 letras, números, '-' ou '_'";
    for (const clientMessageId of ["não vale", "x".repeat(65), "", 42]) {
      const refused = await post(asker.client, id, { content: "Com chave ruim", clientMessageId });
      expect(refused.status, JSON.stringify(clientMessageId)).toBe(400);
      expect(refused.body).toMatchObject({ code: "CLIENT_MESSAGE_ID_INVALID", error: invalid });
    }
    expect((await asker.client.gql(SEND_KEYED, { conversationId: id, content: "Com chave ruim", key: "a/b" })).body.data.sendMessage).toMatchObject({
      code: "CLIENT_MESSAGE_ID_INVALID",
    });
    const disagree = await post(asker.client, id, { content: "Duas chaves", clientMessageId: "a" }, { "idempotency-key": "b" });
    expect(disagree.status).toBe(400);
    expect(disagree.body.code).toBe("CLIENT_MESSAGE_ID_INVALID");
    expect(await messageCount(id)).toBe(1);
    expect(await messageCount(otherId)).toBe(0);

    // Keys are per sender, and without a key every send is a new message, as before.
    expect((await post(owner.client, id, { content: "Primeira", clientMessageId: key })).status).toBe(201);
    expect((await post(asker.client, id, { content: "Sem chave" })).body.id).not.toBe((await post(asker.client, id, { content: "Sem chave" })).body.id);
    expect(await messageCount(id)).toBe(4);
  });
});

describe("unread counts", () => {
  it("are exact after 20 concurrent sends, and the subscription ends on the exact value", async () => {
    const { owner, asker, offer } = await pair();
    const id = (await asker.client.gql(START, { offerId: offer.id })).body.data.startConversation.id;
    const ws = owner.client.ws();
    const changes = collect<{ unreadCountChanged: number }>(ws, `subscription { unreadCountChanged }`);
    await sleep(200);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => asker.client.rest("POST", `/api/conversations/${id}/messages`, { content: `Mensagem ${i + 1}` })),
    );
    expect(answers.every((a) => a.status === 201)).toBe(true);
    expect((await owner.client.rest("GET", "/api/messages/unread-count")).body).toEqual({ count: 20 });
    await eventually(() => changes.values.at(-1)?.unreadCountChanged === 20, 5000, "the count of 20");
    const times = (await t.app.services.prisma.message.findMany({ where: { conversationId: id }, orderBy: { id: "asc" } })).map((m) => +m.createdAt);
    expect(new Set(times).size).toBe(20);
    expect([...times].sort((a, b) => a - b)).toEqual(times);

    await owner.client.rest("POST", `/api/conversations/${id}/read`);
    await asker.client.rest("POST", `/api/conversations/${id}/messages`, { content: "mais uma" });
    expect((await owner.client.rest("GET", "/api/messages/unread-count")).body).toEqual({ count: 1 });
    await eventually(() => changes.values.at(-1)?.unreadCountChanged === 1, 5000, "the count of 1");
    changes.dispose();
    await ws.dispose();
  });
});

describe("real time over GraphQL", () => {
  it("delivers a message sent over REST to messageAdded and notifications", async () => {
    const { owner, asker, offer } = await pair();
    const id = (await asker.client.gql(START, { offerId: offer.id })).body.data.startConversation.id;
    const ws = owner.client.ws();
    const added = collect(ws, `subscription($id: Int!) { messageAdded(conversationId: $id) { id conversationId content isMine } }`, { id });
    const notes = collect(ws, `subscription { notifications { messageId senderName content conversationId offerId offerTitle } }`);
    await sleep(200);
    const sent = await asker.client.rest("POST", `/api/conversations/${id}/messages`, { content: "Chegou?" });
    expect(await added.next()).toEqual({ messageAdded: { id: sent.body.id, conversationId: id, content: "Chegou?", isMine: false } });
    expect(await notes.next()).toEqual({
      notifications: {
        messageId: sent.body.id,
        senderName: asker.user.nickname,
        content: "Chegou?",
        conversationId: id,
        offerId: offer.id,
        offerTitle: offer.title,
      },
    });
    await ws.dispose();
  });

  it("lets a client that lost its socket fetch what it missed with messages(after:)", async () => {
    const { owner, asker, offer } = await pair();
    const id = (await asker.client.gql(START, { offerId: offer.id })).body.data.startConversation.id;
    const first = owner.client.ws();
    const live = collect(first, `subscription($id: Int!) { messageAdded(conversationId: $id) { id content } }`, { id });
    await sleep(200);
    await asker.client.gql(SEND, { conversationId: id, content: "antes da queda" });
    const lastSeen = (await live.next()).messageAdded.id;
    await first.dispose();
    for (const content of ["perdida 1", "perdida 2", "perdida 3"]) await asker.client.gql(SEND, { conversationId: id, content });
    const missed = await owner.client.gql(MESSAGES, { conversationId: id, after: lastSeen });
    expect(missed.body.data.messages.map((m: { content: string }) => m.content)).toEqual(["perdida 1", "perdida 2", "perdida 3"]);
    expect(live.values).toHaveLength(1);
  });

  it("serves a subscription sent again with the same text on new sockets (as after a restart), still checking each member, and refuses a wrong document each time", async () => {
    const { owner, asker, offer } = await pair();
    const intruder = await member();
    const id = (await asker.client.gql(START, { offerId: offer.id })).body.data.startConversation.id;
    const ADDED = `subscription Again($id: Int!) { messageAdded(conversationId: $id) { id content isMine } }`;
    for (const content of ["na primeira conexão", "na segunda conexão", "na terceira conexão"]) {
      const ws = owner.client.ws();
      const live = collect(ws, ADDED, { id });
      // Until the subscription is live (a busy machine may take a while to set it up).
      const sent: number[] = [];
      await pokeUntil(
        async () => sent.push((await asker.client.rest("POST", `/api/conversations/${id}/messages`, { content })).body.id),
        () => live.values.length > 0,
        "the subscription to be live",
      );
      expect(sent).toContain(live.values[0].messageAdded.id);
      expect(live.values[0]).toMatchObject({ messageAdded: { content, isMine: false } });
      await ws.dispose();
    }
    // The same text from someone outside the conversation: the document is known, the member is not.
    const refused = collect(intruder.client.ws(), ADDED, { id });
    await eventually(() => refused.errors.length > 0, 5000, "the refusal");
    expect(JSON.stringify(refused.errors)).toContain("Conversa não encontrada");
    for (let attempt = 0; attempt < 2; attempt++) {
      const wrong = collect(owner.client.ws(), `subscription Wrong($id: Int!) { messageAdded(conversationId: $id) { id senderPhone } }`, { id });
      await eventually(() => wrong.errors.length > 0, 5000, "the validation refusal");
      expect(JSON.stringify(wrong.errors)).toContain("senderPhone");
    }
  });
});

describe("presence", () => {
  it("goes online with a heartbeat, offline on false or after 90 s of silence, told to her partners", async () => {
    const { owner, asker, offer } = await pair();
    const started = (await asker.client.gql(START, { offerId: offer.id })).body.data.startConversation.id;
    const ws = owner.client.ws();
    const changes = collect(ws, `subscription { presenceChanged { userId isOnline } }`);
    await sleep(200);
    // The watcher's own socket made her online; the partner is still offline.
    const SET = `mutation($on: Boolean!) { setOnlineStatus(isOnline: $on) { __typename ... on Presence { userId isOnline } } }`;
    expect((await asker.client.gql(SET, { on: true })).body.data.setOnlineStatus).toEqual({ __typename: "Presence", userId: asker.user.id, isOnline: true });
    expect(await changes.next(1)).toEqual({ presenceChanged: { userId: asker.user.id, isOnline: true } });
    await asker.client.gql(SET, { on: true });
    // With its first message the conversation is in the owner's list too.
    await asker.client.gql(SEND, { conversationId: started, content: "Olá!" });
    const list = await owner.client.rest("GET", "/api/conversations");
    expect(list.body[0].otherUser.isOnline).toBe(true);

    const beacon = await asker.client.request("POST", "/api/user/online-status", undefined, { "content-type": "text/plain" });
    expect(beacon.status).toBe(400);
    const forged = await fetch(`${t.url}/api/user/online-status`, {
      method: "POST",
      headers: { "content-type": "text/plain;charset=UTF-8", cookie: asker.client.cookieHeader },
      body: JSON.stringify({ isOnline: false, userId: owner.user.id }),
    });
    expect(forged.status).toBe(403);
    const unload = await fetch(`${t.url}/api/user/online-status`, {
      method: "POST",
      headers: { "content-type": "text/plain;charset=UTF-8", cookie: asker.client.cookieHeader },
      body: JSON.stringify({ isOnline: false, userId: asker.user.id }),
    });
    expect(unload.status).toBe(200);
    expect(await changes.next(2)).toEqual({ presenceChanged: { userId: asker.user.id, isOnline: false } });

    expect((await asker.client.rest("POST", "/api/user/online-status", { isOnline: true })).status).toBe(200);
    await changes.next(3);
    t.clock.advance(PRESENCE_TIMEOUT_MS - 1000);
    expect(await t.app.services.presence.sweep()).not.toContain(asker.user.id);
    t.clock.advance(2000);
    expect(await t.app.services.presence.sweep()).toContain(asker.user.id);
    expect(await changes.next(4)).toEqual({ presenceChanged: { userId: asker.user.id, isOnline: false } });
    // The watcher's own open socket keeps her online through the sweep.
    expect((await t.app.services.prisma.user.findUniqueOrThrow({ where: { id: owner.user.id } })).isOnline).toBe(true);
    // A member she has no conversation with is not reported.
    const stranger = await member();
    await stranger.client.rest("POST", "/api/user/online-status", { isOnline: true });
    await sleep(200);
    expect(changes.values).toHaveLength(4);
    await ws.dispose();
    await eventually(async () => !(await t.app.services.prisma.user.findUniqueOrThrow({ where: { id: owner.user.id } })).isOnline, 5000, "offline on close");
  });
});

/** The WhatsApp notices of new messages queued for a member (issue 29: the queue's worker sends them). */
const whatsappNotices = async (userId: number) =>
  (await t.app.services.prisma.job.findMany({ where: { kind: "whatsapp_new_message" }, orderBy: { id: "asc" } }))
    .map((job) => job.payload as { userId: number; conversationId: number; senderName: string; offerTitle: string })
    .filter((payload) => payload.userId === userId);

describe("WhatsApp notices of new messages", () => {
  it("tells an offline member at most once per conversation every 15 minutes, never an online one", async () => {
    const { owner, asker, offer } = await pair();
    const quiet = await member({ whatsappNotificationsEnabled: false });
    const quietOffer = await createOfferRow(t, quiet.user.id, "apoio");
    const id = (await asker.client.gql(START, { offerId: offer.id })).body.data.startConversation.id;
    const quietId = (await asker.client.gql(START, { offerId: quietOffer.id })).body.data.startConversation.id;
    // The notices wait in the durable queue (issue 29), stored with the message.
    const notices = (userId: number) => whatsappNotices(userId);

    await asker.client.gql(SEND, { conversationId: id, content: "um" });
    await asker.client.gql(SEND, { conversationId: id, content: "dois" });
    await asker.client.gql(SEND, { conversationId: quietId, content: "oi" });
    expect(await notices(owner.user.id)).toEqual([{ userId: owner.user.id, conversationId: id, senderName: asker.user.nickname, offerTitle: offer.title }]);
    expect(await notices(quiet.user.id)).toEqual([]);
    // Login codes stay what the plain outbox answers.
    expect((await owner.client.rest("GET", `/api/dev/outbox?phone=${owner.user.phone}`)).body).toEqual([]);

    t.clock.advance(15 * 60 * 1000);
    await asker.client.gql(SEND, { conversationId: id, content: "três" });
    expect(await notices(owner.user.id)).toHaveLength(2);

    t.clock.advance(15 * 60 * 1000);
    await owner.client.rest("POST", "/api/user/online-status", { isOnline: true });
    await asker.client.gql(SEND, { conversationId: id, content: "quatro" });
    expect(await notices(owner.user.id)).toHaveLength(2);
  });

  it("brings a conversation she deleted back and tells her on WhatsApp when she is offline", async () => {
    const { owner, asker, offer } = await pair();
    const id = (await asker.client.gql(START, { offerId: offer.id })).body.data.startConversation.id;
    await owner.client.gql(SEND, { conversationId: id, content: "Olá! Pode falar." });
    expect((await owner.client.gql(DELETE, { conversationId: id })).body.data.deleteConversation.__typename).not.toBe("AppError");
    expect((await owner.client.rest("GET", "/api/conversations")).body).toEqual([]);
    const before = (await whatsappNotices(owner.user.id)).length;

    await asker.client.gql(SEND, { conversationId: id, content: "Voltei com uma proposta" });
    expect((await owner.client.rest("GET", "/api/conversations")).body.map((c: { id: number }) => c.id)).toEqual([id]);
    expect(await whatsappNotices(owner.user.id)).toHaveLength(before + 1);
  });
});

describe("sending too fast", () => {
  it("refuses a member's messages beyond the per-minute allowance, on both doors, and writes nothing", async () => {
    const fast = await startTestApp({ SEED_DEMO: "never", LOG_LEVEL: "silent", MESSAGES_PER_MINUTE: "3" });
    try {
      const owner = await createMember(fast, "55319");
      const asker = await createMember(fast, "55319");
      const offer = await createOfferRow(fast, owner.user.id, "permuta");
      const id = (await asker.client.gql(START, { offerId: offer.id })).body.data.startConversation.id;
      for (const content of ["um", "dois", "três"]) {
        expect((await asker.client.rest("POST", `/api/conversations/${id}/messages`, { content })).status).toBe(201);
      }
      const refused = await asker.client.rest("POST", `/api/conversations/${id}/messages`, { content: "quatro" });
      expect(refused.status).toBe(429);
      expect(refused.body).toMatchObject({
        success: false,
        code: "MESSAGES_TOO_FAST",
        error: "Você está enviando mensagens rápido demais. Aguarde alguns segundos e tente de novo.",
      });
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      const overGraphql = await asker.client.gql(SEND, { conversationId: id, content: "cinco" });
      expect(overGraphql.body.data.sendMessage).toMatchObject({ __typename: "AppError", code: "MESSAGES_TOO_FAST" });
      expect(await fast.app.services.prisma.message.count({ where: { conversationId: id } })).toBe(3);
      // The other member is not slowed down by her.
      expect((await owner.client.rest("POST", `/api/conversations/${id}/messages`, { content: "oi!" })).status).toBe(201);
    } finally {
      await fast.close();
    }
  });

  it("counts her messages across instances sharing Redis", async () => {
    await withTwoInstances({ MESSAGES_PER_MINUTE: "3" }, async (a, b) => {
      const owner = await createMember(a, "55319");
      const asker = await createMember(a, "55319");
      const offer = await createOfferRow(a, owner.user.id, "permuta");
      const id = (await asker.client.gql(START, { offerId: offer.id })).body.data.startConversation.id;
      const onB = new TestClient(b.url);
      onB.cookies = asker.client.cookies;
      const statuses = [];
      for (const [client, content] of [[asker.client, "um"], [onB, "dois"], [asker.client, "três"], [onB, "quatro"]] as const) {
        statuses.push((await client.rest("POST", `/api/conversations/${id}/messages`, { content })).status);
      }
      expect(statuses).toEqual([201, 201, 201, 429]);
      expect(await a.app.services.prisma.message.count({ where: { conversationId: id } })).toBe(3);
    });
  });
});
