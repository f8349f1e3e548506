import type { Bus } from "../../events.js";
import type { PrismaClient, Tx } from "../../lib/db.js";
import type { Clock } from "../../lib/clock.js";
import type { Logger } from "../../lib/log.js";
import { randomToken, sha256 } from "../../lib/crypto.js";
import type { SessionIdentity } from "../../lib/http.js";
import type { User } from "../../generated/prisma/client.js";
import { SessionCache } from "./session-cache.js";
import { listenTo } from "../../lib/bus.js";

const DAY_MS = 24 * 60 * 60 * 1000;
// A session used again after this long gets its 30 days renewed (and a fresh cookie).
const SLIDE_AFTER_MS = 60 * 60 * 1000;
/**
 * How often an instance checks that the sessions of its open connections still exist and have not
 * expired: expiry publishes nothing, and a lost bus event must not leave a connection open.
 */
export const SESSION_CHECK_MS = 30_000;
/**
 * The same check while the bus is cut off from the other instances: their logouts cannot reach
 * this one's connections then.
 */
export const SESSION_CHECK_CUT_OFF_MS = 5_000;
/** Sessions one instance keeps in memory at most (each holds her user row: a few kilobytes). */
const SESSION_CACHE_ENTRIES = 10_000;

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
  /** How long a resolved session is trusted from memory (config SESSION_CACHE_MS); 0 reads it every time. */
  cacheMs?: number;
}

/**
 * Sessions, and the connections each opened on this instance: a session that ends (logout,
 * expiry, account deletion, role change) closes its connections on every instance through the bus.
 */
export function createSessionStore({ prisma, clock, bus, log, days, cacheMs = 0 }: SessionStoreDeps) {
  const lifetime = days * DAY_MS;
  const open = new Set<SessionConnection>();
  let checker: NodeJS.Timeout | undefined;
  const cache = new SessionCache({ ttlMs: cacheMs, maxEntries: SESSION_CACHE_ENTRIES, now: () => clock.now().getTime() });

  /** Forgets the trusted sessions that ended (all of hers when no session is named). */
  function forgetEnded(userId: number, sessionId?: number) {
    if (sessionId === undefined) cache.forgetUser(userId);
    else cache.forgetSession(sessionId);
  }

  function endWhere(ends: (connection: SessionConnection) => boolean) {
    for (const connection of open) {
      if (!ends(connection)) continue;
      open.delete(connection);
      connection.end();
    }
  }

  const stopEnded = listenTo(
    bus.pubsub.subscribe("session:ended"),
    ({ userId, sessionId, exceptSessionId }) => {
      forgetEnded(userId, sessionId);
      endWhere((c) => c.userId === userId && (sessionId === undefined || c.sessionId === sessionId) && c.sessionId !== exceptSessionId);
    },
    log,
    "sessions (session:ended)",
  );
  const stopStale = listenTo(bus.pubsub.subscribe("session:stale"), ({ userId }) => cache.forgetUser(userId), log, "the session cache (session:stale)");

  /**
   * Ends her sessions' connections and trusted copies on every instance: this one at once, the
   * others (and this one's sockets) through the bus. Call it after the change has committed.
   */
  function endConnections(userId: number, which: EndedSessions = {}) {
    forgetEnded(userId, which.sessionId);
    bus.pubsub.publish("session:ended", { userId, ...which });
  }

  /**
   * Her user row changed (plan, profile...): every instance forgets the sessions it trusted with
   * the old row, this one at once. Call it after the change has committed.
   */
  function userChanged(userId: number) {
    cache.forgetUser(userId);
    bus.pubsub.publish("session:stale", { userId });
  }

  // While the bus is cut off, logouts and role changes on the other instances cannot reach this one:
  // no session is trusted from memory (each request reads its row), and when it is back, whatever was
  // trusted is forgotten and the open connections are checked, since those events were lost.
  const stopMissed = bus.onEventsMissed(() => {
    cache.forgetAll();
    if (open.size) checkNow();
  });

  /** Closes this instance's connections whose session was deleted or has expired; one statement. */
  async function checkConnections() {
    const ids = [...new Set([...open].map((c) => c.sessionId))];
    if (!ids.length) return;
    const live = await prisma.session.findMany({ where: { id: { in: ids }, expiresAt: { gt: clock.now() } }, select: { id: true } });
    const alive = new Set(live.map((s) => s.id));
    // Only the sessions looked up: a connection opened while the statement ran is not judged by it.
    const looked = new Set(ids);
    endWhere((c) => looked.has(c.sessionId) && !alive.has(c.sessionId));
  }

  function checkNow() {
    checkConnections().catch((error: unknown) => log.warn({ err: error }, "session check of open connections failed"));
  }

  return {
    /** Remembers a connection until the returned function is called (on its close). */
    track(connection: SessionConnection) {
      open.add(connection);
      if (!checker) {
        // Every SESSION_CHECK_MS, or every SESSION_CHECK_CUT_OFF_MS while the bus is cut off.
        let ticks = 0;
        checker = setInterval(() => {
          ticks += 1;
          if (!bus.connected || ticks % (SESSION_CHECK_MS / SESSION_CHECK_CUT_OFF_MS) === 0) checkNow();
        }, SESSION_CHECK_CUT_OFF_MS);
        checker.unref();
      }
      return () => void open.delete(connection);
    },

    endConnections,
    userChanged,
    checkConnections,

    /**
     * Deletes the sessions that have expired (a request bearing one is answered as signed out and
     * deletes it anyway; these are the ones nobody came back with). Answers how many.
     */
    async pruneExpired() {
      return (await prisma.session.deleteMany({ where: { expiresAt: { lte: clock.now() } } })).count;
    },

    /** Whether the session still exists and has not expired (a socket asking to join something). */
    async isActive(sessionId: number) {
      return (await prisma.session.count({ where: { id: sessionId, expiresAt: { gt: clock.now() } } })) > 0;
    },

    stop() {
      if (checker) clearInterval(checker);
      checker = undefined;
      stopMissed();
      stopEnded();
      stopStale();
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
      const tokenHash = sha256(token);
      // Every signed-in request starts here: from memory when this instance resolved the session
      // in the last SESSION_CACHE_MS (expiry is still checked against the clock below), unless the
      // bus is cut off from the other instances.
      const trusted = bus.connected;
      let session = trusted ? cache.get(tokenHash) : undefined;
      if (!session) {
        const generation = cache.currentGeneration;
        // One plain statement (columns as Prisma names them) costs a third of the ORM's
        // findUnique-with-include. A test checks the user equals the ORM's.
        const [row] = await prisma.$queryRaw<(User & SessionColumns)[]>`
          SELECT u.*, s.id AS "sessionId__", s."expiresAt" AS "expiresAt__", s."lastUsedAt" AS "lastUsedAt__"
          FROM "Session" s JOIN "User" u ON u.id = s."userId"
          WHERE s."tokenHash" = ${tokenHash}`;
        if (!row) return null;
        const { sessionId__: sessionId, expiresAt__: expiresAt, lastUsedAt__: lastUsedAt, ...user } = row;
        session = { sessionId, user, expiresAt, lastUsedAt };
        if (expiresAt > now && trusted) cache.set(tokenHash, session, generation);
      }
      const { sessionId, user, lastUsedAt } = session;
      // A suspended member's sessions were deleted with her suspension; one opened just before is refused too.
      if (user.suspendedAt !== null && (user.suspendedUntil === null || user.suspendedUntil > now)) {
        cache.forgetToken(tokenHash);
        return null;
      }
      if (session.expiresAt <= now) {
        cache.forgetToken(tokenHash);
        await prisma.session.deleteMany({ where: { id: sessionId } });
        endConnections(user.id, { sessionId });
        return null;
      }
      if (now.getTime() - lastUsedAt.getTime() < SLIDE_AFTER_MS) {
        return { sessionId, user, expiresAt: session.expiresAt, renewed: false };
      }
      const expiresAt = new Date(now.getTime() + lifetime);
      cache.touch(tokenHash, { lastUsedAt: now, expiresAt });
      const renewed = await prisma.session.updateMany({ where: { id: sessionId }, data: { lastUsedAt: now, expiresAt } });
      // Renewing a trusted copy doubles as a check: a session deleted elsewhere is over here too.
      if (renewed.count === 0) {
        cache.forgetToken(tokenHash);
        return null;
      }
      return { sessionId, user, expiresAt, renewed: true };
    },

    /** Logout: deletes the session and closes what it opened, on every instance. */
    async destroy(token: string | undefined) {
      if (!token) return;
      const tokenHash = sha256(token);
      cache.forgetToken(tokenHash);
      const [ended] = await prisma.$queryRaw<{ id: number; userId: number }[]>`
        DELETE FROM "Session" WHERE "tokenHash" = ${tokenHash} RETURNING id, "userId"`;
      if (ended) endConnections(ended.userId, { sessionId: ended.id });
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;
