// A rolling restart (issue 25): instance A is stopped as SIGTERM stops it while a member's thread is
// open on it and messages keep coming through instance B. Her socket is closed with 1012, reconnects
// through the "proxy" (which follows A's /readyz) to B, and the client's catch-up after a reconnect
// (web/src/features/messages/Thread.tsx: `messages(after: lastSeen)` on `onSocketConnected`) brings
// what was sent meanwhile: no message is missed.
import { createClient } from "graphql-ws";
import { describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { createMember, createOfferRow, eventually, legacySocket, sleep, withTwoInstances } from "./harness.js";

const ADDED = `subscription($c: Int!) { messageAdded(conversationId: $c) { id content } }`;
const SINCE = `query($c: Int!, $after: Int) { messages(conversationId: $c, after: $after, limit: 200) { id content } }`;

describe("a rolling restart of one of two instances", () => {
  it("closes her subscription and legacy sockets on the stopping instance with 1012; she reconnects to the other and, with the client's catch-up, misses no message", async () => {
    await withTwoInstances({ MESSAGES_PER_MINUTE: "1000", SHUTDOWN_GRACE_SECONDS: "4" }, async (a, b) => {
      const owner = await createMember(a, "5511944");
      const asker = await createMember(a, "5511944");
      const offer = await createOfferRow(a, owner.user.id);
      const conversation = (await asker.client.rest("POST", "/api/conversations", { offerId: offer.id })).body.id as number;
      const sender = asker.client.at(b.url);

      // The proxy: new connections go to A while its /readyz answers 200, else to B.
      const aReady = () => fetch(`${a.url}/readyz`).then((answer) => answer.status === 200, () => false);
      const instanceUrls: string[] = [];
      const closeCodes: number[] = [];
      const received = new Map<number, string>();
      let lastSeen: number | null = null;
      const seen = (messages: { id: number; content: string }[]) => {
        for (const message of messages) {
          received.set(message.id, message.content);
          lastSeen = Math.max(lastSeen ?? 0, message.id);
        }
      };
      let connections = 0;
      const cookie = owner.client.cookieHeader;
      const client = createClient({
        url: async () => {
          const base = (await aReady()) ? a.url : b.url;
          instanceUrls.push(base);
          return `${base.replace(/^http/, "ws")}/graphql`;
        },
        webSocketImpl: class extends WebSocket {
          constructor(address: string, protocols?: string | string[]) {
            super(address, protocols, { headers: { cookie } });
          }
        },
        lazy: false,
        retryAttempts: 20,
        shouldRetry: () => true,
        retryWait: async () => {
          await sleep(200);
        },
        on: {
          closed: (event) => void closeCodes.push((event as { code: number }).code),
          // As Thread.tsx does: after a reconnect, what came after the last message seen, from the instance answering.
          connected: () => {
            connections += 1;
            if (connections === 1) return;
            const base = instanceUrls.at(-1)!;
            void owner.client
              .at(base)
              .gql(SINCE, { c: conversation, after: lastSeen })
              .then((answer) => seen(answer.body.data.messages));
          },
        },
      });
      client.subscribe<{ messageAdded: { id: number; content: string } }>(
        { query: ADDED, variables: { c: conversation } },
        { next: (value) => value.data && seen([value.data.messageAdded]), error: () => undefined, complete: () => undefined },
      );
      // An older client's legacy sockets on A.
      const chat = await legacySocket(owner.client, "/chat");
      const notifications = await legacySocket(owner.client, "/notifications");
      await sleep(300);
      const first = await sender.rest("POST", `/api/conversations/${conversation}/messages`, { content: "Antes da troca" });
      expect(first.status).toBe(201);
      await eventually(() => received.size === 1, 5000, "the first message on A");

      // Messages keep coming through B while A stops.
      const sent: string[] = ["Antes da troca"];
      let sending = true;
      const sends = (async () => {
        for (let i = 1; sending || i <= 20; i++) {
          const content = `Mensagem ${i}`;
          const answer = await sender.rest("POST", `/api/conversations/${conversation}/messages`, { content });
          expect(answer.status).toBe(201);
          sent.push(content);
          await sleep(50);
        }
      })();
      await a.app.shutdown(4000);
      await eventually(() => connections >= 2, 10_000, "reconnected");
      sending = false;
      await sends;

      expect(closeCodes[0]).toBe(1012);
      expect(await chat.closed()).toBe(1012);
      expect(await notifications.closed()).toBe(1012);
      expect(instanceUrls[0]).toBe(a.url);
      expect(instanceUrls.at(-1)).toBe(b.url);
      await eventually(() => received.size === sent.length, 10_000, "every message received");
      expect([...received.values()].sort()).toEqual([...sent].sort());
      await client.dispose();
    });
  }, 180_000);
});
