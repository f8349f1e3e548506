import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import { ERROR_MESSAGES } from "@clube-coroa/schema";
import { GraphQLError, specifiedRules, validate, type DocumentNode, type ValidationRule } from "graphql";
import { useServer } from "graphql-ws/use/ws";
import { LRUCache } from "lru-cache";
import { WebSocketServer } from "ws";
import type { GraphQLContext } from "./context.js";
import { nestingRefusal, parseWithTokenLimit, refusalInPortuguese } from "./lib/graphql-limits.js";
import { deviceKeyOf, sessionTokenOf } from "./lib/http.js";
import { bearerKeyOf, hasBearer } from "./graphql/partner-door.js";
import { refuseTooManySockets, type SocketDoor } from "./lib/socket-caps.js";
import { CLOSE_SESSION_ENDED, closeForRestart, keepAlive, SESSION_ENDED_REASON } from "./lib/websocket.js";
import { schema } from "./schema.js";
import type { Services } from "./services.js";

/** A refusal of graphql-js as HTTP clients get it (lib/graphql-limits.ts). */
function inPortuguese(error: GraphQLError, code: string) {
  const refusal = refusalInPortuguese({ message: error.message, extensions: { ...error.extensions, code } });
  return new GraphQLError(refusal.message, { nodes: error.nodes, extensions: refusal.extensions });
}

/** Operations one connection may have running at once; the web app keeps fewer than ten. */
export const MAX_OPERATIONS_PER_SOCKET = 50;
/** The same without a session: a visitor's pages hold two (offersChanged, bannersUpdated). */
export const MAX_ANONYMOUS_OPERATIONS_PER_SOCKET = 5;

/**
 * Documents kept parsed and validated, by their text (the web app subscribes with a handful), the
 * least recently used forgotten first. A reconnecting client subscribes again with the same texts:
 * after a restart hundreds of sockets come back at once (1012), and parsing and validating each
 * subscription again cost about a millisecond of the event loop apiece while messages were being
 * delivered. The rules depend on the document alone, so a document valid once is valid again;
 * refusals are not kept.
 */
export const VALID_DOCUMENTS_KEPT = 500;

type ConnectionState = {
  /** The client's address (TRUST_PROXY applied), read once when the connection is initialised. */
  address?: string;
  /** Set when the connection was opened with a session: it counts for presence and ends with it. */
  signedIn?: { userId: number; untrack(): void };
};

/**
 * GraphQL over WebSocket (graphql-ws) on /graphql. The session cookie of the upgrade is resolved
 * for every operation; a connection opened with a session counts as one of her sockets for
 * presence and is closed with 4401 when that session ends, on any instance. Our keep-alive pings
 * it every 30 s like the legacy sockets (graphql-ws's own per-socket timer is turned off).
 * Sockets beyond the caps per address and per member are refused with 429 before the handshake;
 * every operation of a connection without a session counts against the anonymous GraphQL limit of
 * its address, the same bucket as the HTTP door's.
 */
export function graphqlWebSocket(services: Services, validationRules: readonly ValidationRule[], door: SocketDoor) {
  const { sessions, presence, limits, log } = services;
  const server = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
  const heartbeat = keepAlive([server]);
  /** The operations of every open connection (graphql-ws keeps them per connection), for the metrics. */
  const connections = new Set<{ subscriptions: Record<string, unknown> }>();
  const documents = new LRUCache<string, DocumentNode>({ max: VALID_DOCUMENTS_KEPT });
  const graphqlWs = useServer<Record<string, unknown>, ConnectionState>(
    {
      schema,
      onConnect: async (ctx) => {
        connections.add(ctx);
        ctx.extra.address = door.addressOf(ctx.extra.request);
        // Partners' keys read sponsorData and sponsorStats over HTTP only: no subscriptions (closed with 4403).
        const params = ctx.connectionParams ?? {};
        if (hasBearer(ctx.extra.request) || bearerKeyOf(params.authorization ?? params.Authorization) !== undefined) return false;
        const session = await sessions.resolve(sessionTokenOf(ctx.extra.request)).catch(() => null);
        const { socket } = ctx.extra;
        // A socket that closed while the session was looked up has already run onClose.
        if (!session || ctx.extra.signedIn || socket.readyState !== socket.OPEN) return true;
        const userId = session.user.id;
        const untrack = sessions.track({
          sessionId: session.sessionId,
          userId,
          end: () => socket.close(CLOSE_SESSION_ENDED, SESSION_ENDED_REASON),
        });
        ctx.extra.signedIn = { userId, untrack };
        presence.socketOpened(userId);
        return true;
      },
      onClose: (ctx) => {
        connections.delete(ctx);
        const { signedIn } = ctx.extra;
        if (!signedIn) return;
        ctx.extra.signedIn = undefined;
        signedIn.untrack();
        presence.socketClosed(signedIn.userId);
      },
      // Parsed and validated here, before anything runs: the number of operations a connection holds
      // is capped, the nesting limit applies to the variables and extensions, the token limit to the
      // text, the other limits to the document.
      onSubscribe: async (ctx, _id, payload) => {
        // Checked before anything is awaited: a burst of operations is counted as it arrives.
        const anonymous = !ctx.extra.signedIn;
        if (Object.keys(ctx.subscriptions).length > (anonymous ? MAX_ANONYMOUS_OPERATIONS_PER_SOCKET : MAX_OPERATIONS_PER_SOCKET)) {
          return [new GraphQLError("Assinaturas demais abertas nesta conexão", { extensions: { code: "RATE_LIMITED" } })];
        }
        const tooDeep = nestingRefusal(payload);
        if (tooDeep) return [tooDeep];
        if (anonymous) {
          const verdict = await limits.anonymousGraphql.hit(ctx.extra.address ?? "unknown").catch((error: unknown) => {
            log.warn({ err: error }, "anonymous GraphQL limit not checked on a socket");
            return { allowed: true as const };
          });
          if (!verdict.allowed) {
            const extensions = { code: "RATE_LIMITED", status: 429, retryAfterSeconds: verdict.retryAfterSeconds };
            return [new GraphQLError(ERROR_MESSAGES.RATE_LIMITED, { extensions })];
          }
        }
        let document = documents.get(payload.query);
        if (!document) {
          try {
            document = parseWithTokenLimit(payload.query);
          } catch (error) {
            return [inPortuguese(error instanceof GraphQLError ? error : new GraphQLError(String(error)), "GRAPHQL_PARSE_FAILED")];
          }
          const errors = validate(schema, document, [...specifiedRules, ...validationRules]);
          if (errors.length) return errors.map((error) => inPortuguese(error, "GRAPHQL_VALIDATION_FAILED"));
          documents.set(payload.query, document);
        }
        return { schema, document, operationName: payload.operationName, variableValues: payload.variables };
      },
      context: async (ctx) => {
        const request = ctx.extra.request;
        const token = sessionTokenOf(request);
        const session = await sessions.resolve(token);
        return {
          services,
          user: session?.user ?? null,
          partner: null,
          sessionToken: token,
          meta: { ip: ctx.extra.address, userAgent: request.headers["user-agent"], deviceKey: deviceKeyOf(request) },
          setSessionCookie: () => undefined,
          clearSessionCookie: () => undefined,
          setDeviceCookie: () => undefined,
        } satisfies GraphQLContext;
      },
    },
    server,
    0,
  );

  return {
    /** Looks the session up to count the socket as hers (or as a visitor's), then upgrades it if the caps allow. */
    async upgrade(request: IncomingMessage, socket: Duplex, head: Buffer) {
      const token = sessionTokenOf(request);
      const session = token ? await sessions.resolve(token).catch(() => null) : null;
      const refusal = door.caps.admit(socket, door.addressOf(request), session?.user.id ?? null);
      if (refusal) return refuseTooManySockets(socket, refusal);
      server.handleUpgrade(request, socket, head, (ws) => server.emit("connection", ws, request));
    },

    /** One round of the 30-second keep-alive, callable from tests. */
    ping: heartbeat.round,

    /** Sockets open now, and the operations running on them (the metrics). */
    openSockets: () => server.clients.size,
    activeOperations: () => {
      let count = 0;
      for (const ctx of connections) count += Object.keys(ctx.subscriptions).length;
      return count;
    },

    /** Shutdown: every socket is closed with 1012 so its client reconnects (elsewhere); resolves when closed or after `waitMs`. */
    closeForRestart: (waitMs: number) => closeForRestart([server], waitMs),

    /** Apollo's drain: tells every client the server is going away. */
    dispose: () => graphqlWs.dispose(),

    close() {
      heartbeat.stop();
      for (const client of server.clients) client.terminate();
    },
  };
}
