import { WebSocket } from "ws";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  collect,
  createMember,
  createOfferRow,
  eventually,
  legacySocket,
  sleep,
  startTestApp,
  TestClient,
  withTwoInstances,
  type TestApp,
} from "../../test/harness.js";
import { CLOSE_FORBIDDEN } from "./sockets.js";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ SEED_DEMO: "never", LOG_LEVEL: process.env.TEST_LOG ?? "silent" });
});
afterAll(async () => {
  await t?.close();
});

async function conversationOf(app: TestApp, prefix: string) {
  const owner = await createMember(app, prefix);
  const asker = await createMember(app, prefix);
  const offer = await createOfferRow(app, owner.user.id, "permuta");
  const started = await asker.client.rest("POST", "/api/conversations", { offerId: offer.id });
  return { owner, asker, offer, id: started.body.id as number };
}

/** The status an upgrade to `path` is refused with, or "open". */
function upgradeStatus(url: string, headers: Record<string, string>) {
  return new Promise<number | "open">((resolve, reject) => {
    const ws = new WebSocket(url, { headers });
    ws.once("open", () => {
      ws.close();
      resolve("open");
    });
    ws.once("unexpected-response", (_req, res) => resolve(res.statusCode ?? 0));
    ws.once("error", reject);
  });
}

describe("the /notifications and /chat sockets", () => {
  it("deliver a message sent over REST to both sockets", async () => {
    const { owner, asker, offer, id } = await conversationOf(t, "55329");
    const notifications = await legacySocket(owner.client, "/notifications");
    notifications.send({ type: "register_user", userId: owner.user.id });
    await notifications.frame((f) => f.type === "registered");
    const chat = await legacySocket(owner.client, "/chat");
    chat.send({ type: "join_conversation", conversationId: id, userId: owner.user.id });
    await chat.frame((f) => f.type === "joined");

    const sent = await asker.client.rest("POST", `/api/conversations/${id}/messages`, { content: "Pelo socket" });
    expect(await notifications.frame((f) => f.type === "new_message")).toEqual({
      type: "new_message",
      messageId: sent.body.id,
      senderName: asker.user.nickname,
      senderPhone: asker.user.phone,
      content: "Pelo socket",
      conversationId: id,
      offerId: offer.id,
      offerTitle: offer.title,
    });
    expect(await chat.frame((f) => f.type === "new_message")).toEqual({ type: "new_message", message: sent.body });
    notifications.close();
    chat.close();
  });

  it("refuses a forged userId on register_user with an error frame and close code 4403", async () => {
    const { owner, asker } = await conversationOf(t, "55329");
    const socket = await legacySocket(asker.client, "/notifications");
    socket.send({ type: "register_user", userId: owner.user.id });
    expect(await socket.closed()).toBe(CLOSE_FORBIDDEN);
    expect(socket.frames).toEqual([{ type: "error", error: expect.stringContaining("Acesso negado") }]);
  });

  it("refuses a foreign conversation on join_conversation with close code 4403", async () => {
    const { id } = await conversationOf(t, "55329");
    const intruder = await createMember(t, "55329");
    const socket = await legacySocket(intruder.client, "/chat");
    socket.send({ type: "join_conversation", conversationId: id, userId: intruder.user.id });
    expect(await socket.closed()).toBe(CLOSE_FORBIDDEN);
    expect(socket.frames).toEqual([{ type: "error", error: "Acesso negado: você não participa desta conversa." }]);

    const other = await createMember(t, "55329");
    const forged = await legacySocket(other.client, "/chat");
    forged.send({ type: "join_conversation", conversationId: id, userId: intruder.user.id });
    expect(await forged.closed()).toBe(CLOSE_FORBIDDEN);
  });

  it("answers a malformed frame with an error frame and keeps the socket open", async () => {
    const m = await createMember(t, "55329");
    const socket = await legacySocket(m.client, "/chat");
    socket.ws.send("null");
    socket.ws.send("{not json");
    socket.send({ type: "unknown" });
    await eventually(() => socket.frames.length === 3, 3000, "three error frames");
    expect(socket.frames.every((f) => f.type === "error" && f.error === "Mensagem inválida.")).toBe(true);
    socket.send({ type: "join_conversation", conversationId: 1, userId: m.user.id });
    expect(await socket.closed()).toBe(CLOSE_FORBIDDEN);
  });

  it("answers a frame nested thousands of levels deep with an error frame and keeps the socket open", async () => {
    const m = await createMember(t, "55329");
    // Within the sockets' 16 kB frames; Number() of it ran out of stack in the message handler.
    const deep = `${"[".repeat(5000)}${m.user.id}${"]".repeat(5000)}`;
    const notifications = await legacySocket(m.client, "/notifications");
    const chat = await legacySocket(m.client, "/chat");
    notifications.ws.send(`{"type":"register_user","userId":${deep}}`);
    chat.ws.send(`{"type":"join_conversation","conversationId":1,"userId":${deep}}`);
    await eventually(() => notifications.frames.length === 1 && chat.frames.length === 1, 3000, "an error frame on each");
    expect([...notifications.frames, ...chat.frames]).toEqual([
      { type: "error", error: "Mensagem inválida." },
      { type: "error", error: "Mensagem inválida." },
    ]);
    notifications.send({ type: "register_user", userId: m.user.id });
    expect(await notifications.frame((f) => f.type === "registered")).toEqual({ type: "registered", userId: m.user.id });
    notifications.close();
    chat.close();
  });

  it("refuses the upgrade without a session (401) and from another site (403)", async () => {
    const base = t.url.replace(/^http/, "ws");
    expect(await upgradeStatus(`${base}/notifications`, {})).toBe(401);
    expect(await upgradeStatus(`${base}/chat`, { cookie: "coroa_session=forged" })).toBe(401);
    const { owner } = await conversationOf(t, "55329");
    expect(await upgradeStatus(`${base}/chat`, { cookie: owner.client.cookieHeader, origin: "https://evil.example" })).toBe(403);
    expect(await upgradeStatus(`${base}/chat`, { cookie: owner.client.cookieHeader, origin: t.url })).toBe("open");
  });

  it("tells every /chat socket when the banners change", async () => {
    const a = await createMember(t, "55329");
    const b = await createMember(t, "55329");
    const chats = [await legacySocket(a.client, "/chat"), await legacySocket(b.client, "/chat")];
    t.app.services.bus.pubsub.publish("banners:changed", { at: t.clock.now().toISOString() });
    for (const chat of chats) expect(await chat.frame((f) => f.type === "banner_update")).toEqual({ type: "banner_update" });
    for (const chat of chats) chat.close();
  });

  it("drops a socket that stops answering pings, and counts open sockets for presence", async () => {
    const m = await createMember(t, "55329");
    const socket = await legacySocket(m.client, "/notifications");
    const online = async () => (await t.app.services.prisma.user.findUniqueOrThrow({ where: { id: m.user.id } })).isOnline;
    await eventually(online, 3000, "online while the socket is open");
    // A client that never answers: stop the automatic pong.
    (socket.ws as unknown as { pong: () => void }).pong = () => undefined;
    socket.ws.removeAllListeners("ping");
    const raw = (socket.ws as unknown as { _receiver: { removeAllListeners(e: string): void } })._receiver;
    raw.removeAllListeners("ping");
    t.app.sockets.ping();
    await sleep(100);
    t.app.sockets.ping();
    expect(await socket.closed()).toBe(1006);
    await eventually(async () => !(await online()), 3000, "offline after the drop");
  });
});

describe("two instances over Redis", () => {
  it("delivers a message sent to instance A to subscribers on instance B", async () => {
    await withTwoInstances({}, async (a, b) => {
      expect(a.app.services.bus.kind).toBe("redis");
      const { owner, asker, id } = await conversationOf(a, "55339");
      const onB = new TestClient(b.url);
      onB.cookies = owner.client.cookies;
      const ws = onB.ws();
      const added = collect(ws, `subscription($id: Int!) { messageAdded(conversationId: $id) { id content } }`, { id });
      const notes = collect(ws, `subscription { notifications { messageId content } }`);
      const chat = await legacySocket(onB, "/chat");
      chat.send({ type: "join_conversation", conversationId: id, userId: owner.user.id });
      await chat.frame((f) => f.type === "joined");
      await sleep(500);

      // Unique text: another test run sharing this Redis may use the same conversation ids.
      const content = `De A para B ${Math.random().toString(36).slice(2)}`;
      const sent = await asker.client.rest("POST", `/api/conversations/${id}/messages`, { content });
      expect(sent.status).toBe(201);
      await eventually(() => added.values.some((v) => v.messageAdded.content === content), 5000, "messageAdded on B");
      expect(added.values.find((v) => v.messageAdded.content === content)).toEqual({ messageAdded: { id: sent.body.id, content } });
      await eventually(() => notes.values.some((v) => v.notifications.content === content), 5000, "notifications on B");
      const frame = await chat.frame((f) => f.type === "new_message" && f.message.content === content);
      expect(frame.message).toEqual(sent.body);
      chat.close();
      await ws.dispose();
    });
  });

  it("keeps her online while a socket on the other instance is open", async () => {
    await withTwoInstances({}, async (a, b) => {
      const m = await createMember(a, "55349");
      const onB = new TestClient(b.url);
      onB.cookies = m.client.cookies;
      const online = async () => (await a.app.services.prisma.user.findUniqueOrThrow({ where: { id: m.user.id } })).isOnline;
      const tabOnA = await legacySocket(m.client, "/notifications");
      const tabOnB = await legacySocket(onB, "/notifications");
      await eventually(online, 3000, "online with two tabs");
      tabOnA.close();
      await tabOnA.closed();
      await sleep(300);
      expect(await online()).toBe(true);
      tabOnB.close();
      await tabOnB.closed();
      await eventually(async () => !(await online()), 3000, "offline once both tabs are closed");
    });
  });
});
