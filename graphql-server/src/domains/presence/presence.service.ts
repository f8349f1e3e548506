import type { Bus } from "../../lib/bus.js";
import type { Clock } from "../../lib/clock.js";
import type { PrismaClient } from "../../lib/db.js";
import type { Logger } from "../../lib/log.js";

export interface PresenceDeps {
  prisma: PrismaClient;
  clock: Clock;
  log: Logger;
  bus: Bus;
  /** This deployment's prefix of shared Redis keys (see services.ts). */
  redisPrefix?: string;
}

/** A crashed instance's sockets stop counting after this long (its members then time out). */
const SOCKET_COUNT_TTL_SECONDS = 3600;

/** A heartbeat keeps her online this long; the client sends one every 60 s (spec section 9). */
export const PRESENCE_TIMEOUT_MS = 90_000;
export const PRESENCE_SWEEP_MS = 30_000;

/**
 * Presence (docs/decisions.md): online while one of her sockets is open on any instance or a
 * heartbeat came within 90 s; offline on an explicit false, when her last socket closes, or when
 * the sweep finds neither. With Redis her open sockets are counted there across instances, so
 * closing a tab on one instance does not take her offline while another instance holds one.
 * User.isOnline/lastSeenAt hold the state, so every instance sees it; presence:changed is
 * published on transitions only.
 */
export function createPresenceService(deps: PresenceDeps) {
  const { prisma, clock, log, bus } = deps;
  const sockets = new Map<number, number>();
  const redis = bus.redis;
  const countKey = (userId: number) => `${deps.redisPrefix ?? "coroa:default"}:sockets:${userId}`;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  async function set(userId: number, isOnline: boolean) {
    if (stopped) return;
    const now = clock.now();
    const changed = await prisma.user.updateMany({ where: { id: userId, isOnline: !isOnline }, data: { isOnline, lastSeenAt: now } });
    if (changed.count === 1) bus.pubsub.publish("presence:changed", userId, { userId, isOnline });
    else if (isOnline) await prisma.user.updateMany({ where: { id: userId }, data: { lastSeenAt: now } });
  }

  /** The online-status call and the setOnlineStatus mutation. */
  async function heartbeat(userId: number, isOnline: boolean) {
    await set(userId, isOnline);
    return { userId, isOnline };
  }

  const warn = (userId: number) => (error: unknown) => log.warn({ err: error, userId }, "presence update failed");

  function socketOpened(userId: number) {
    sockets.set(userId, (sockets.get(userId) ?? 0) + 1);
    const counted = redis
      ? redis.multi().incr(countKey(userId)).expire(countKey(userId), SOCKET_COUNT_TTL_SECONDS).exec()
      : Promise.resolve();
    counted.then(() => set(userId, true)).catch(warn(userId));
  }

  /** Her open sockets on every instance after this one closed; this instance's count without Redis. */
  async function socketsLeftEverywhere(userId: number) {
    if (!redis) return 0;
    const left = await redis.decr(countKey(userId));
    if (left <= 0) await redis.del(countKey(userId));
    return left;
  }

  function socketClosed(userId: number) {
    const left = (sockets.get(userId) ?? 1) - 1;
    if (left > 0) sockets.set(userId, left);
    else sockets.delete(userId);
    socketsLeftEverywhere(userId)
      .then(async (elsewhere) => {
        if (left <= 0 && elsewhere <= 0) await set(userId, false);
      })
      .catch(warn(userId));
  }

  /** Keeps members with open sockets here fresh, then takes offline whoever went silent. */
  async function sweep() {
    const now = clock.now();
    const connected = [...sockets.keys()];
    if (connected.length) await prisma.user.updateMany({ where: { id: { in: connected } }, data: { lastSeenAt: now } });
    if (redis && connected.length) {
      const refresh = redis.multi();
      for (const id of connected) refresh.expire(countKey(id), SOCKET_COUNT_TTL_SECONDS);
      await refresh.exec();
    }
    const silent = await prisma.user.updateManyAndReturn({
      where: {
        isOnline: true,
        id: { notIn: connected },
        OR: [{ lastSeenAt: null }, { lastSeenAt: { lt: new Date(now.getTime() - PRESENCE_TIMEOUT_MS) } }],
      },
      data: { isOnline: false },
      select: { id: true },
    });
    for (const { id } of silent) bus.pubsub.publish("presence:changed", id, { userId: id, isOnline: false });
    return silent.map((u) => u.id);
  }

  function start() {
    timer ??= setInterval(() => {
      sweep().catch((error: unknown) => log.warn({ err: error }, "presence sweep failed"));
    }, PRESENCE_SWEEP_MS);
    timer.unref();
  }

  function stop() {
    stopped = true;
    if (timer) clearInterval(timer);
    timer = undefined;
  }

  return { heartbeat, socketOpened, socketClosed, sweep, start, stop };
}

export type PresenceService = ReturnType<typeof createPresenceService>;
