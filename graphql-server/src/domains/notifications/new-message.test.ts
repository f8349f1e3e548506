import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMember, createOfferRow, startTestApp, type TestApp } from "../../../test/harness.js";

// A new message in 'Avisos' and its deliveries (issue 29), on the real server and database (both
// passes): one entry per conversation, nothing from a muted or blocked member or in a conversation
// whose notices she muted; push jobs per device only when she is away, wants them and is not in her
// quiet hours; the WhatsApp notice queued with the message. Jobs are asserted by reading the table.

let t: TestApp;
beforeAll(async () => {
  // Pushes planned here go to made-up devices: the local sender takes them, so what was planned stays as written.
  t = await startTestApp({ SEED_DEMO: "never", LOG_LEVEL: process.env.TEST_LOG ?? "silent", PUSH_PROVIDER: "local" });
});
afterAll(async () => {
  await t?.close();
});

const member = (options: Parameters<typeof createMember>[2] = {}) => createMember(t, "55372", options);
type Member = Awaited<ReturnType<typeof member>>;

const START = `mutation Start($offerId: Int!) { startConversation(offerId: $offerId) { ... on Conversation { id } } }`;
const CONVERSATIONS = `{ conversations { id noticesMuted } }`;

/** Owner and asker, and the asker's conversation on the owner's offer. */
async function pair() {
  const owner = await member();
  const asker = await member();
  const offer = await createOfferRow(t, owner.user.id, "permuta", "Bolos para festas");
  const conversationId = (await asker.client.gql(START, { offerId: offer.id })).body.data.startConversation.id as number;
  // The conversation's start has its own entry (producers.test.ts): out of the way here.
  await t.app.services.prisma.notification.deleteMany({ where: { userId: owner.user.id, type: "conversation_started" } });
  await t.app.services.prisma.job.deleteMany({ where: { kind: "push" } });
  return { owner, asker, offer, conversationId };
}

const send = async (from: Member, conversationId: number, content: string) => {
  const answer = await from.client.rest("POST", `/api/conversations/${conversationId}/messages`, { content });
  expect(answer.status).toBe(201);
  t.clock.advance(1000);
  return answer.body as { id: number };
};

const centre = async (her: Member) => (await her.client.rest("GET", "/api/notifications")).body as { items: { id: number; type: string; title: string; body: string; link: string; readAt: string | null }[]; unread: number };

const jobs = async (kind: string, userId: number) =>
  (await t.app.services.prisma.job.findMany({ where: { kind }, orderBy: { id: "asc" } })).filter((job) => (job.payload as { userId: number }).userId === userId);

async function device(userId: number, name: string) {
  return t.app.services.prisma.pushSubscription.create({ data: { userId, endpoint: `https://fcm.googleapis.com/fcm/send/${name}-${userId}`, p256dh: "p", auth: "a" } });
}

/** Moves the clock to a later day at `hour`:00 on São Paulo's wall clock (UTC−3). */
function setSaoPauloHour(hour: number) {
  const now = t.clock.now();
  const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1, (hour + 3) % 24));
  t.clock.set(next);
}

describe("a new message in 'Avisos'", () => {
  it("is one entry per conversation, rewritten by each message and unread again, linking to the conversation", async () => {
    const { owner, asker, conversationId } = await pair();
    await send(asker, conversationId, "Oi! Tenho interesse");
    let page = await centre(owner);
    expect(page.unread).toBe(1);
    expect(page.items).toEqual([
      expect.objectContaining({ type: "new_message", title: `Nova mensagem de ${asker.user.nickname}`, body: "Na conversa sobre “Bolos para festas”.", link: `/mensagens/${conversationId}`, readAt: null }),
    ]);
    await owner.client.rest("POST", "/api/notifications/read", { all: true });
    await send(asker, conversationId, "Podemos conversar amanhã?");
    page = await centre(owner);
    expect(page.items).toHaveLength(1);
    expect(page.unread).toBe(1);
    const row = await t.app.services.prisma.notification.findUniqueOrThrow({ where: { id: page.items[0].id } });
    expect(row.count).toBe(2);
    expect(row.readAt).toBeNull();
    // The sender gets none of her own.
    expect((await centre(asker)).items).toEqual([]);
  });

  it("is read when she reads the conversation, and unread again with the next message", async () => {
    const { owner, asker, conversationId } = await pair();
    await send(asker, conversationId, "Oi! Tenho interesse");
    expect((await centre(owner)).unread).toBe(1);
    expect((await owner.client.rest("POST", `/api/conversations/${conversationId}/read`)).status).toBe(200);
    const page = await centre(owner);
    expect(page.unread).toBe(0);
    expect(page.items[0].readAt).not.toBeNull();
    await send(asker, conversationId, "Ainda está aí?");
    expect((await centre(owner)).unread).toBe(1);
  });

  it("writes nothing from a member she muted, in a conversation whose notices she muted, or when her centre is off for messages", async () => {
    const muted = await pair();
    await muted.owner.client.rest("POST", `/api/users/${muted.asker.user.id}/mute`, { days: 1 });
    await send(muted.asker, muted.conversationId, "Oi");
    expect((await centre(muted.owner)).items).toEqual([]);

    const quiet = await pair();
    const mute = await quiet.owner.client.rest("POST", `/api/conversations/${quiet.conversationId}/notices/mute`);
    expect(mute.body).toEqual({ success: true, conversationId: quiet.conversationId, noticesMuted: true });
    await send(quiet.asker, quiet.conversationId, "Oi");
    expect((await quiet.owner.client.gql(CONVERSATIONS)).body.data.conversations).toEqual([{ id: quiet.conversationId, noticesMuted: true }]);
    expect((await quiet.owner.client.rest("GET", "/api/conversations")).body[0].noticesMuted).toBe(true);
    expect((await centre(quiet.owner)).items).toEqual([]);
    expect(await jobs("whatsapp_new_message", quiet.owner.user.id)).toEqual([]);
    // The message itself still arrives unread.
    expect((await quiet.owner.client.rest("GET", "/api/messages/unread-count")).body).toEqual({ count: 1 });
    const unmute = await quiet.owner.client.gql(`mutation U($id: Int!) { unmuteConversationNotices(conversationId: $id) { ... on ConversationNoticesPayload { noticesMuted } } }`, { id: quiet.conversationId });
    expect(unmute.body.data.unmuteConversationNotices).toEqual({ noticesMuted: false });
    await send(quiet.asker, quiet.conversationId, "Oi de novo");
    expect((await centre(quiet.owner)).items).toHaveLength(1);

    const off = await pair();
    await off.owner.client.rest("PUT", "/api/user/notification-preferences", { types: { new_message: { inApp: false } } });
    await send(off.asker, off.conversationId, "Oi");
    expect((await centre(off.owner)).items).toEqual([]);
  });

  it("mutes only a conversation of hers: 404 for another's or an unknown one, on both doors", async () => {
    const { conversationId } = await pair();
    const stranger = await member();
    for (const id of [conversationId, 999999, "abc"]) {
      for (const method of ["POST", "DELETE"]) {
        const answer = await stranger.client.rest(method, `/api/conversations/${id}/notices/mute`);
        expect(answer.status, `${method} ${id}`).toBe(404);
        expect(answer.body.code).toBe("CONVERSATION_NOT_FOUND");
      }
    }
    const gql = await stranger.client.gql(`mutation M($id: Int!) { muteConversationNotices(conversationId: $id) { __typename ... on AppError { code } } }`, { id: conversationId });
    expect(gql.body.data.muteConversationNotices).toEqual({ __typename: "AppError", code: "CONVERSATION_NOT_FOUND" });
  });
});

describe("deliveries of a new message", () => {
  it("queues one push per device, once per message, when she is away and wants them", async () => {
    const { owner, asker, conversationId } = await pair();
    const phone = await device(owner.user.id, "phone");
    const laptop = await device(owner.user.id, "laptop");
    await device(asker.user.id, "asker");
    await send(asker, conversationId, "Primeira");
    await send(asker, conversationId, "Segunda");
    const pushes = await jobs("push", owner.user.id);
    const [entry] = (await centre(owner)).items;
    expect(pushes.map((job) => job.key).sort()).toEqual(
      [`push:${entry.id}:1:${phone.id}`, `push:${entry.id}:1:${laptop.id}`, `push:${entry.id}:2:${phone.id}`, `push:${entry.id}:2:${laptop.id}`].sort(),
    );
    expect(pushes[0].payload).toEqual({ subscriptionId: phone.id, userId: owner.user.id, notificationId: entry.id, title: entry.title, body: entry.body, link: entry.link });
    expect(JSON.stringify(pushes.map((job) => job.payload))).not.toContain(asker.user.phone);
    // The sender is never pushed her own message.
    expect(await jobs("push", asker.user.id)).toEqual([]);
  });

  it("queues no push while she is online, when her push for messages is off, or in her quiet hours; and does once she turns them off", async () => {
    const { owner, asker, conversationId } = await pair();
    await device(owner.user.id, "phone");
    await t.app.services.prisma.user.update({ where: { id: owner.user.id }, data: { isOnline: true } });
    await send(asker, conversationId, "Online");
    expect(await jobs("push", owner.user.id)).toEqual([]);
    await t.app.services.prisma.user.update({ where: { id: owner.user.id }, data: { isOnline: false } });
    await owner.client.rest("PUT", "/api/user/notification-preferences", { types: { new_message: { push: false } } });
    await send(asker, conversationId, "Push desligado");
    expect(await jobs("push", owner.user.id)).toEqual([]);
    await owner.client.rest("PUT", "/api/user/notification-preferences", { types: { new_message: { push: true } } });

    setSaoPauloHour(23);
    await send(asker, conversationId, "De noite");
    expect(await jobs("push", owner.user.id)).toEqual([]);
    expect(await jobs("whatsapp_new_message", owner.user.id)).toHaveLength(1); // the first message's, at 9:00
    await owner.client.rest("PUT", "/api/user/notification-preferences", { quietHours: null });
    t.clock.advance(16 * 60 * 1000);
    await send(asker, conversationId, "De noite, sem silêncio");
    expect(await jobs("push", owner.user.id)).toHaveLength(1);
    expect(await jobs("whatsapp_new_message", owner.user.id)).toHaveLength(2);
    setSaoPauloHour(12);
  });

  it("queues the WhatsApp notice with the message for an away member, at most every 15 minutes, never in her quiet hours", async () => {
    setSaoPauloHour(10);
    const { owner, asker, offer, conversationId } = await pair();
    const first = await send(asker, conversationId, "Oi");
    await send(asker, conversationId, "Oi de novo");
    const queued = await jobs("whatsapp_new_message", owner.user.id);
    expect(queued.map((job) => ({ key: job.key, payload: job.payload, runAt: job.runAt.toISOString() }))).toEqual([
      {
        key: `whatsapp_new_message:${first.id}:${owner.user.id}`,
        payload: { userId: owner.user.id, conversationId, senderName: asker.user.nickname, offerTitle: offer.title },
        runAt: new Date(t.clock.now().getTime() - 2000).toISOString(),
      },
    ]);
    await owner.client.rest("PUT", "/api/user/notification-preferences", { quietHours: { start: "09:00", end: "11:00" } });
    t.clock.advance(16 * 60 * 1000);
    await send(asker, conversationId, "Nas horas de silêncio");
    expect(await jobs("whatsapp_new_message", owner.user.id)).toHaveLength(1);
    setSaoPauloHour(12);
  });

  it("writes nothing across a block", async () => {
    const { owner, asker, conversationId } = await pair();
    await device(owner.user.id, "phone");
    await owner.client.rest("POST", `/api/users/${asker.user.id}/block`);
    const refused = await asker.client.rest("POST", `/api/conversations/${conversationId}/messages`, { content: "Oi" });
    expect(refused.status).toBe(403);
    expect((await centre(owner)).items).toEqual([]);
    expect(await jobs("push", owner.user.id)).toEqual([]);
    expect(await jobs("whatsapp_new_message", owner.user.id)).toEqual([]);
  });
});
