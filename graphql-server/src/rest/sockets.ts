import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import { WebSocketServer, type WebSocket } from "ws";
import type { ResolvedSession } from "../domains/auth/sessions.js";
import { isCrossSite, sessionTokenOf } from "../lib/http.js";
import { nestsDeeperThan } from "../lib/json-nesting.js";
import { refuseTooManySockets, type SocketDoor } from "../lib/socket-caps.js";
import { CLOSE_SESSION_ENDED, closeForRestart, keepAlive, SESSION_ENDED_REASON } from "../lib/websocket.js";
import type { Services } from "../services.js";

/** Close code of a refused register_user or join_conversation (4000-4999 are the application's). */
export const CLOSE_FORBIDDEN = 4403;
export const LEGACY_SOCKET_PATHS = ["/notifications", "/chat"] as const;
type LegacyPath = (typeof LEGACY_SOCKET_PATHS)[number];

const TEXTS = {
  notYou: "Acesso negado: este usuário não corresponde à sua sessão.",
  notMember: "Acesso negado: você não participa desta conversa.",
  badMessage: "Mensagem inválida.",
};

type Stoppable = { return?: () => unknown };

function refuse(socket: Duplex, status: 401 | 403, text: string) {
  socket.write(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  socket.destroy();
}

/** Reads a socket's bus subscription until it ends, sending each event through `send`. */
function forward<T>(iterator: AsyncIterable<T>, send: (value: T) => void, onError: (error: unknown) => void) {
  void (async () => {
    try {
      for await (const value of iterator) send(value);
    } catch (error) {
      onError(error);
    }
  })();
}

/**
 * The spec's two sockets for older clients, fed by the bus like the GraphQL subscriptions:
 * /notifications (register_user → new_message with the notification fields) and /chat
 * (join_conversation → new_message {message}; banner_update to everyone). The session cookie is
 * checked at the upgrade and again before each registration or join; a userId or conversation that
 * is not hers closes the socket with 4403, a session that ended with 4401 (on every instance).
 * They count in the same caps per address and per member as graphql-ws (429 beyond).
 */
export function legacySockets(services: Services, door: SocketDoor) {
  const { conversations, presence, sessions, log } = services;
  const servers: Record<LegacyPath, WebSocketServer> = {
    "/notifications": new WebSocketServer({ noServer: true, maxPayload: 16 * 1024 }),
    "/chat": new WebSocketServer({ noServer: true, maxPayload: 16 * 1024 }),
  };

  const send = (ws: WebSocket, frame: unknown) => {
    if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(frame));
  };
  const forbid = (ws: WebSocket, error: string) => {
    send(ws, { type: "error", error });
    ws.close(CLOSE_FORBIDDEN, "forbidden");
  };

  function attach(ws: WebSocket, { user, sessionId }: ResolvedSession, path: LegacyPath) {
    const subscriptions: Stoppable[] = [];
    const watched = new Set<number>();
    const endSession = () => ws.close(CLOSE_SESSION_ENDED, SESSION_ENDED_REASON);
    const untrack = sessions.track({ sessionId, userId: user.id, end: endSession });
    presence.socketOpened(user.id);
    ws.on("close", () => {
      untrack();
      for (const s of subscriptions) void s.return?.();
      presence.socketClosed(user.id);
    });
    const onError = (error: unknown) => log.warn({ err: error, path }, "legacy socket subscription ended");
    ws.on("error", (error) => log.debug({ err: error, path }, "legacy socket error"));

    // The bus closes the socket when her session ends; this also refuses a frame that arrives
    // before the event does (another instance's logout).
    async function sessionStillActive() {
      try {
        if (await sessions.isActive(sessionId)) return ws.readyState === ws.OPEN;
        endSession();
      } catch (error) {
        log.warn({ err: error, path }, "session check failed on a legacy socket");
        ws.close(1011, "Erro interno");
      }
      return false;
    }

    ws.on("message", async (raw) => {
      let frame: { type?: unknown; userId?: unknown; conversationId?: unknown } | null = null;
      try {
        frame = JSON.parse(String(raw));
      } catch {
        // answered below
      }
      // Number() of an array thousands deep runs out of stack (an unhandled rejection here).
      if (!frame || typeof frame !== "object" || nestsDeeperThan(frame)) return send(ws, { type: "error", error: TEXTS.badMessage });
      const claimed = Number(frame.userId);
      if (path === "/notifications" && frame.type === "register_user") {
        if (claimed !== user.id) return forbid(ws, TEXTS.notYou);
        if (!(await sessionStillActive()) || watched.has(0)) return;
        watched.add(0);
        const iterator = conversations.notificationsFor(user.id);
        subscriptions.push(iterator);
        forward(iterator, (notification) => send(ws, { type: "new_message", ...notification }), onError);
        return send(ws, { type: "registered", userId: user.id });
      }
      if (path === "/chat" && frame.type === "join_conversation") {
        const conversationId = Number(frame.conversationId);
        if (frame.userId !== undefined && claimed !== user.id) return forbid(ws, TEXTS.notYou);
        if (!(await sessionStillActive())) return;
        try {
          await conversations.assertMember(user, conversationId);
        } catch {
          return forbid(ws, TEXTS.notMember);
        }
        if (watched.has(conversationId) || ws.readyState !== ws.OPEN) return;
        watched.add(conversationId);
        const iterator = conversations.messagesIn(conversationId);
        subscriptions.push(iterator);
        forward(iterator, (message) => send(ws, { type: "new_message", message }), onError);
        return send(ws, { type: "joined", conversationId });
      }
      send(ws, { type: "error", error: TEXTS.badMessage });
    });
  }

  // One subscription per instance tells every /chat socket that the banners changed.
  const bannerChanges = services.banners.changes();
  forward(
    bannerChanges,
    () => {
      for (const ws of servers["/chat"].clients) send(ws, { type: "banner_update" });
    },
    (error) => log.warn({ err: error }, "banner subscription ended"),
  );

  const heartbeat = keepAlive(Object.values(servers));

  return {
    handles: (pathname: string): pathname is LegacyPath => (LEGACY_SOCKET_PATHS as readonly string[]).includes(pathname),

    /** Authenticates the upgrade with the session cookie, then hands the socket to its path. */
    async upgrade(path: LegacyPath, request: IncomingMessage, socket: Duplex, head: Buffer) {
      if (isCrossSite(request, services.config.PUBLIC_URL)) return refuse(socket, 403, "Forbidden");
      let session: ResolvedSession | null = null;
      try {
        session = await sessions.resolve(sessionTokenOf(request));
      } catch (error) {
        log.error({ err: error }, "session lookup failed on a socket upgrade");
      }
      if (!session) return refuse(socket, 401, "Unauthorized");
      const refusal = door.caps.admit(socket, door.addressOf(request), session.user.id);
      if (refusal) return refuseTooManySockets(socket, refusal);
      const signedIn = session;
      const server = servers[path];
      server.handleUpgrade(request, socket, head, (ws) => {
        attach(ws, signedIn, path);
        server.emit("connection", ws, request);
      });
    },

    /** One round of the 30-second keep-alive, callable from tests. */
    ping: heartbeat.round,

    /** Sockets open now, by path (the metrics). */
    openSockets: () => Object.fromEntries(Object.entries(servers).map(([path, server]) => [path, server.clients.size])),

    /** Shutdown: every socket is closed with 1012 so its client reconnects (elsewhere); resolves when closed or after `waitMs`. */
    closeForRestart: (waitMs: number) => closeForRestart(Object.values(servers), waitMs),

    close() {
      heartbeat.stop();
      void bannerChanges.return?.();
      for (const server of Object.values(servers)) {
        for (const ws of server.clients) ws.terminate();
        server.close();
      }
    },
  };
}
