import type { Bus } from "../../events.js";
import type { PrismaClient, Tx } from "../../lib/db.js";
import type { Clock } from "../../lib/clock.js";
import type { Logger } from "../../lib/log.js";
import { randomToken, sha256 } from "../../lib/crypto.js";
import type { SessionIdentity } from "../../lib/http.js";
import type { User } from "../../generated/prisma/client.js";

const DAY_MS = 24 * 60 * 60 * 1000;
// A session used again after this long gets its 30 days renewed (and a fresh cookie).
const SLIDE_AFTER_MS = 60 * 60 * 1000;
/**
 * How often an instance checks that the sessions of its open connections still exist and have not
 * expired: expiry publishes nothing, and a lost bus event must not leave a connection open.
 */
export const SESSION_CHECK_MS = 30_000;

export interface SessionMeta {
  ip?: string;
  userAgent?: string;
}

export type ResolvedSession = SessionIdentity;

/** A socket or graphql-ws connection opened with a session; `end` closes it (code 4401). */
export interface SessionConnection {
  sessionId: number;
  userId: number;
  end(): void;
}

/** Which of a member's sessions ended: one, or all of them but perhaps the one a sign-in just opened. */
export type EndedSessions = { sessionId?: number; exceptSessionId?: number };

/** The session's columns beside the user's in the lookup statement (names no User column has). */
interface SessionColumns {
  sessionId__: number;
  expiresAt__: Date;
  lastUsedAt__: Date;
}

export interface SessionStoreDeps {
  prisma: PrismaClient;
  clock: Clock;
  bus: Bus;
  log: Logger;
  days: number;
}

/**
 * Sessions, and the connections each opened on this instance: a session that ends (logout,
 * expiry, account deletion, role change) closes its connections on every instance through the bus.
 */
export function createSessionStore({ prisma, clock, bus, log, days }: SessionStoreDeps) {
  const lifetime = days * DAY_MS;
  const open = new Set<SessionConnection>();
  let checker: NodeJS.Timeout | undefined;

  function endWhere(ends: (connection: SessionConnection) => boolean) {
    for (const connection of open) {
      if (!ends(connection)) continue;
      open.delete(connection);
      connection.end();
    }
  }

  const ended = bus.pubsub.subscribe("session:ended");
  void (async () => {
    try {
      for await (const { userId, sessionId, exceptSessionId } of ended) {
        endWhere((c) => c.userId === userId && (sessionId === undefined || c.sessionId === sessionId) && c.sessionId !== exceptSessionId);
      }
    } catch (error) {
      log.warn({ err: error }, "session:ended subscription ended");
    }
  })();

  /** Closes the connections of her ended sessions on every instance (this one included, through the bus). */
  function endConnections(userId: number, which: EndedSessions = {}) {
    bus.pubsub.publish("session:ended", { userId, ...which });
  }

  /** Closes this instance's connections whose session was deleted or has expired; one statement. */
  async function checkConnections() {
    const ids = [...new Set([...open].map((c) => c.sessionId))];
    if (!ids.length) return;
    const live = await prisma.session.findMany({ where: { id: { in: ids }, expiresAt: { gt: clock.now() } }, select: { id: true } });
    const alive = new Set(live.map((s) => s.id));
    endWhere((c) => !alive.has(c.sessionId));
  }

  return {
    /** Remembers a connection until the returned function is called (on its close). */
    track(connection: SessionConnection) {
      open.add(connection);
      if (!checker) {
        checker = setInterval(() => {
          checkConnections().catch((error: unknown) => log.warn({ err: error }, "session check of open connections failed"));
        }, SESSION_CHECK_MS);
        checker.unref();
      }
      return () => void open.delete(connection);
    },

    endConnections,
    checkConnections,

    /** Whether the session still exists and has not expired (a socket asking to join something). */
    async isActive(sessionId: number) {
      return (await prisma.session.count({ where: { id: sessionId, expiresAt: { gt: clock.now() } } })) > 0;
    },

    stop() {
      if (checker) clearInterval(checker);
      checker = undefined;
      void ended.return?.();
    },

    async create(tx: Tx | PrismaClient, userId: number, meta: SessionMeta) {
      const token = randomToken();
      const now = clock.now();
      const expiresAt = new Date(now.getTime() + lifetime);
      const { id } = await tx.session.create({
        data: {
          tokenHash: sha256(token),
          userId,
          createdAt: now,
          lastUsedAt: now,
          expiresAt,
          ip: meta.ip?.slice(0, 64),
          userAgent: meta.userAgent?.slice(0, 300),
        },
      });
      return { id, token, expiresAt };
    },

    async resolve(token: string | undefined): Promise<ResolvedSession | null> {
      if (!token || token.length > 200) return null;
      const now = clock.now();
      // Every signed-in request starts here: one plain statement (columns as Prisma names them)
      // costs a third of the ORM's findUnique-with-include. A test checks the user equals the ORM's.
      const [row] = await prisma.$queryRaw<(User & SessionColumns)[]>`
        SELECT u.*, s.id AS "sessionId__", s."expiresAt" AS "expiresAt__", s."lastUsedAt" AS "lastUsedAt__"
        FROM "Session" s JOIN "User" u ON u.id = s."userId"
        WHERE s."tokenHash" = ${sha256(token)}`;
      if (!row) return null;
      const { sessionId__: sessionId, expiresAt__: sessionExpiresAt, lastUsedAt__: lastUsedAt, ...user } = row;
      if (sessionExpiresAt <= now) {
        await prisma.session.deleteMany({ where: { id: sessionId } });
        endConnections(user.id, { sessionId });
        return null;
      }
      if (now.getTime() - lastUsedAt.getTime() < SLIDE_AFTER_MS) {
        return { sessionId, user, expiresAt: sessionExpiresAt, renewed: false };
      }
      const expiresAt = new Date(now.getTime() + lifetime);
      await prisma.session.updateMany({ where: { id: sessionId }, data: { lastUsedAt: now, expiresAt } });
      return { sessionId, user, expiresAt, renewed: true };
    },

    /** Logout: deletes the session and closes what it opened, on every instance. */
    async destroy(token: string | undefined) {
      if (!token) return;
      const [ended] = await prisma.$queryRaw<{ id: number; userId: number }[]>`
        DELETE FROM "Session" WHERE "tokenHash" = ${sha256(token)} RETURNING id, "userId"`;
      if (ended) endConnections(ended.userId, { sessionId: ended.id });
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;
