import { randomUUID } from "node:crypto";
import { Repeater } from "@graphql-yoga/subscription";
import type { Bus } from "../../events.js";
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
  /** Someone went on- or offline: the admin dashboard's 'Usuárias Online' changed. */
  statsTouched?: () => void;
}

/** A heartbeat keeps her online this long; the client sends one every 60 s (spec section 9). */
export const PRESENCE_TIMEOUT_MS = 90_000;
/** Each instance tells the others it is alive this often (with Redis). */
export const INSTANCE_BEAT_MS = 5_000;
/** An instance silent this long is taken for dead: its sockets stop counting. */
export const INSTANCE_TIMEOUT_MS = 15_000;
/**
 * How often every instance takes offline whoever has neither a live socket anywhere nor a recent
 * heartbeat. A dead instance's members are offline at most INSTANCE_TIMEOUT_MS + PRESENCE_SWEEP_MS
 * (25 s) after its last beat.
 */
export const PRESENCE_SWEEP_MS = 10_000;
/** A dead instance's socket list is forgotten by Redis after this long (garbage only). */
const FORGET_DEAD_INSTANCE_MS = 10 * 60_000;

/**
 * Presence (docs/decisions.md): online while one of her sockets is open on a live instance or her
 * last heartbeat (User.lastSeenAt) is within 90 s; offline on an explicit false, when her last
 * socket closes, or when a sweep finds neither. With Redis each instance keeps there the set of
 * members with a socket open on it and beats every 5 s; an instance that stops beating (killed,
 * frozen, cut off) no longer counts after 15 s, so its members go offline at the next sweep of any
 * other instance. User.isOnline holds the state, so every instance sees it; presence:changed is
 * published on transitions only.
 */
export function createPresenceService(deps: PresenceDeps) {
  const { prisma, clock, log, bus } = deps;
  const sockets = new Map<number, number>();
  const redis = bus.redis;
  const instanceId = randomUUID();
  const keyPrefix = `${deps.redisPrefix ?? "coroa:default"}:presence`;
  const instancesKey = `${keyPrefix}:instances`;
  const socketsKey = (instance: string) => `${keyPrefix}:sockets:${instance}`;
  const timers: NodeJS.Timeout[] = [];
  let stopped = false;

  /** Writes her state; `heartbeatAt` when the signal was a heartbeat (sockets do not touch lastSeenAt). */
  async function set(userId: number, isOnline: boolean, heartbeatAt?: Date) {
    if (stopped) return;
    const seen = heartbeatAt ? { lastSeenAt: heartbeatAt } : {};
    const changed = await prisma.user.updateMany({ where: { id: userId, isOnline: !isOnline }, data: { isOnline, ...seen } });
    if (changed.count === 1) {
      bus.pubsub.publish("presence:changed", userId, { userId, isOnline });
      deps.statsTouched?.();
    } else if (heartbeatAt) await prisma.user.updateMany({ where: { id: userId }, data: seen });
  }

  /** The online-status call and the setOnlineStatus mutation. */
  async function heartbeat(userId: number, isOnline: boolean) {
    await set(userId, isOnline, isOnline ? clock.now() : undefined);
    return { userId, isOnline };
  }

  const warn = (userId: number) => (error: unknown) => log.warn({ err: error, userId }, "presence update failed");

  /** The instances (other than this one) that beat within INSTANCE_TIMEOUT_MS. */
  async function otherLiveInstances() {
    if (!redis) return [];
    const since = clock.now().getTime() - INSTANCE_TIMEOUT_MS;
    return (await redis.zrangebyscore(instancesKey, since, "+inf")).filter((id) => id !== instanceId);
  }

  /** Tells the others this instance is alive, with the members it holds sockets for. */
  async function beat() {
    if (!redis || stopped) return;
    const now = clock.now().getTime();
    const mine = socketsKey(instanceId);
    const write = redis.multi().zadd(instancesKey, now, instanceId).del(mine);
    if (sockets.size) write.sadd(mine, ...sockets.keys()).pexpire(mine, FORGET_DEAD_INSTANCE_MS);
    await write.zremrangebyscore(instancesKey, "-inf", now - FORGET_DEAD_INSTANCE_MS).exec();
  }

  function socketOpened(userId: number) {
    const count = (sockets.get(userId) ?? 0) + 1;
    sockets.set(userId, count);
    const mine = socketsKey(instanceId);
    const listed = redis && count === 1 ? redis.multi().sadd(mine, userId).pexpire(mine, FORGET_DEAD_INSTANCE_MS).exec() : Promise.resolve();
    listed.then(() => set(userId, true)).catch(warn(userId));
  }

  async function hasLiveSocket(userId: number) {
    if (sockets.has(userId)) return true;
    const others = await otherLiveInstances();
    if (!redis || !others.length) return false;
    const check = redis.pipeline();
    for (const id of others) check.sismember(socketsKey(id), userId);
    const answers = (await check.exec()) ?? [];
    return answers.some(([error, isMember]) => !error && isMember === 1);
  }

  function socketClosed(userId: number) {
    const left = (sockets.get(userId) ?? 1) - 1;
    if (left > 0) return void sockets.set(userId, left);
    sockets.delete(userId);
    if (stopped) return;
    (async () => {
      if (redis) await redis.srem(socketsKey(instanceId), userId);
      if (!(await hasLiveSocket(userId))) await set(userId, false);
    })().catch(warn(userId));
  }

  /** Members with a socket open on this instance or on any live one. */
  async function withLiveSockets() {
    const live = new Set(sockets.keys());
    const others = await otherLiveInstances();
    if (redis && others.length) for (const id of await redis.sunion(...others.map(socketsKey))) live.add(Number(id));
    return live;
  }

  /** Takes offline whoever is online with no live socket anywhere and no heartbeat within 90 s. */
  async function sweep() {
    await beat();
    const silentSince = new Date(clock.now().getTime() - PRESENCE_TIMEOUT_MS);
    const silent = { isOnline: true, OR: [{ lastSeenAt: null }, { lastSeenAt: { lt: silentSince } }] };
    const candidates = await prisma.user.findMany({ where: silent, select: { id: true } });
    if (!candidates.length) return [];
    const live = await withLiveSockets();
    const gone = candidates.map((c) => c.id).filter((id) => !live.has(id));
    if (!gone.length) return [];
    const offline = await prisma.user.updateManyAndReturn({
      where: { id: { in: gone }, ...silent },
      data: { isOnline: false },
      select: { id: true },
    });
    for (const { id } of offline) bus.pubsub.publish("presence:changed", id, { userId: id, isOnline: false });
    if (offline.length) deps.statsTouched?.();
    return offline.map((u) => u.id);
  }

  // A round still running when the instance stops may meet a closed connection: not worth a warning.
  const warnUnlessStopped = (what: string) => (error: unknown) => {
    if (!stopped) log.warn({ err: error }, `${what} failed`);
  };

  function every(ms: number, task: () => Promise<unknown>, what: string) {
    const timer = setInterval(() => void task().catch(warnUnlessStopped(what)), ms);
    timer.unref();
    timers.push(timer);
  }

  function start() {
    if (timers.length) return;
    beat().catch(warnUnlessStopped("presence beat"));
    if (redis) every(INSTANCE_BEAT_MS, beat, "presence beat");
    every(PRESENCE_SWEEP_MS, sweep, "presence sweep");
  }

  /** Stops beating and sweeping without telling anyone (a dead instance looks the same to the others). */
  function stop() {
    stopped = true;
    for (const timer of timers.splice(0)) clearInterval(timer);
  }

  /** Online and offline changes of these members, merged into one stream (none: a stream that only ends). */
  function changesOf(userIds: number[]): AsyncIterable<{ userId: number; isOnline: boolean }> {
    if (userIds.length === 0) return new Repeater<{ userId: number; isOnline: boolean }>(async (_push, stop) => void (await stop));
    return Repeater.merge(userIds.map((id) => bus.pubsub.subscribe("presence:changed", id)));
  }

  return { heartbeat, socketOpened, socketClosed, sweep, start, stop, changesOf };
}

export type PresenceService = ReturnType<typeof createPresenceService>;
