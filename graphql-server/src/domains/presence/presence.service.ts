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
  /** Runs the sweep on one instance at a time (lib/jobs.ts); without it, it simply runs. */
  runOnce?: (job: "presence-sweep", task: () => Promise<unknown>) => Promise<unknown>;
}

/**
 * A heartbeat keeps her online this long; the spec's clients send one every 60 s (the web app only
 * when the page is shown: its socket keeps her online).
 */
export const PRESENCE_TIMEOUT_MS = 90_000;
/** Each instance tells the others it is alive this often (with Redis). */
export const INSTANCE_BEAT_MS = 5_000;
/**
 * An instance silent this long is taken for dead: its sockets stop counting. Three beats missed: a
 * pause of a live instance (GC, a slow Redis) shorter than 10 s costs nothing.
 */
export const INSTANCE_TIMEOUT_MS = 15_000;
/**
 * How often every instance takes offline whoever has neither a live socket anywhere nor a recent
 * heartbeat. A dead instance's members are offline at most INSTANCE_TIMEOUT_MS + PRESENCE_SWEEP_MS
 * (25 s) after its last beat, whatever their last heartbeat if it came before the next beat was due.
 */
export const PRESENCE_SWEEP_MS = 10_000;
/**
 * How late a beat may come after INSTANCE_BEAT_MS (a timer behind a busy event loop). A heartbeat
 * within INSTANCE_BEAT_MS + this after an instance's last beat may have come before it died.
 */
const BEAT_LATE_MS = 1_000;
/** A dead instance's socket list is forgotten by Redis after this long (garbage only). */
const FORGET_DEAD_INSTANCE_MS = 10 * 60_000;

/**
 * Presence (docs/decisions/0043-presence.md, 0180-presence-after-an-instance-dies.md): online while one of her sockets is open on a live instance or her
 * last heartbeat (User.lastSeenAt) is within 90 s; offline on an explicit false, when her last
 * socket closes, or when a sweep finds neither. With Redis each instance keeps there the set of
 * members with a socket open on it and beats every 5 s; an instance that stops beating (killed,
 * frozen, cut off) no longer counts after 15 s, so its members go offline at the next sweep of any
 * other instance — also those whose last heartbeat is recent but came before the dead instance's
 * next beat was due (it may have come a moment before a kill): her socket there said as lately that
 * she was present, and it is gone. Only a heartbeat after that keeps her 90 s. An instance judges
 * others only after beating for 15 s itself (after its start, or Redis's return), and one that was
 * silent that long brings its own members back online at its next beat. User.isOnline holds the
 * state, so every instance sees it; presence:changed is published on transitions only.
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

  /** Since when this instance has beaten without a gap over INSTANCE_TIMEOUT_MS (null: its last beat failed). */
  let beatingSince: number | null = null;
  let lastBeat = 0;

  /**
   * The other instances that beat lately, as live (beat within INSTANCE_TIMEOUT_MS) and dead (silent
   * longer, but within PRESENCE_TIMEOUT_MS: before that, the heartbeat rule has taken their members
   * offline). Until this instance has beaten for INSTANCE_TIMEOUT_MS itself, every one counts as live:
   * after its start or Redis's return, the others may not have beaten again yet.
   */
  async function otherInstances() {
    if (!redis) return { live: [], dead: [] };
    const now = clock.now().getTime();
    const listed = await redis.zrangebyscore(instancesKey, now - PRESENCE_TIMEOUT_MS, "+inf", "WITHSCORES");
    const judging = beatingSince !== null && now - beatingSince >= INSTANCE_TIMEOUT_MS;
    const live: string[] = [];
    const dead: { id: string; lastBeat: number }[] = [];
    for (let i = 0; i < listed.length; i += 2) {
      const [id, beat] = [listed[i], Number(listed[i + 1])];
      if (id === instanceId) continue;
      if (!judging || beat >= now - INSTANCE_TIMEOUT_MS) live.push(id);
      else dead.push({ id, lastBeat: beat });
    }
    return { live, dead };
  }

  /** Tells the others this instance is alive, with the members it holds sockets for. */
  async function beat() {
    if (!redis || stopped) return;
    // Cut off (or not yet connected): nothing is queued; the beat on its return says it all.
    if (redis.status !== "ready") return void (beatingSince = null);
    const now = clock.now().getTime();
    const mine = socketsKey(instanceId);
    const write = redis.multi().zadd(instancesKey, now, instanceId).del(mine);
    if (sockets.size) write.sadd(mine, ...sockets.keys()).pexpire(mine, FORGET_DEAD_INSTANCE_MS);
    try {
      await write.zremrangebyscore(instancesKey, "-inf", now - FORGET_DEAD_INSTANCE_MS).exec();
    } catch (error) {
      beatingSince = null;
      throw error;
    }
    const silentFor = now - lastBeat;
    lastBeat = now;
    if (silentFor <= INSTANCE_TIMEOUT_MS) return void (beatingSince ??= now);
    // Silent this long (start-up, a pause, Redis away), it may have been taken for dead: its members
    // come back online, and it judges the others only once they had the time to beat again.
    beatingSince = now;
    if (sockets.size) await backOnline([...sockets.keys()]);
  }

  async function backOnline(userIds: number[]) {
    const back = await prisma.user.updateManyAndReturn({ where: { id: { in: userIds }, isOnline: false }, data: { isOnline: true }, select: { id: true } });
    for (const { id } of back) bus.pubsub.publish("presence:changed", id, { userId: id, isOnline: true });
    if (back.length) deps.statsTouched?.();
  }

  function socketOpened(userId: number) {
    const count = (sockets.get(userId) ?? 0) + 1;
    sockets.set(userId, count);
    if (count > 1) return;
    const mine = socketsKey(instanceId);
    // Listed for the others at once when Redis answers; the next beat lists her anyway.
    if (redis?.status === "ready") redis.multi().sadd(mine, userId).pexpire(mine, FORGET_DEAD_INSTANCE_MS).exec().catch(warn(userId));
    set(userId, true).catch(warn(userId));
  }

  /** Whether she has a socket here or on a live instance; while Redis is unreachable, only here counts. */
  async function hasLiveSocket(userId: number) {
    if (sockets.has(userId)) return true;
    if (!redis || redis.status !== "ready") return false;
    const { live } = await otherInstances();
    if (!live.length) return false;
    const check = redis.pipeline();
    for (const id of live) check.sismember(socketsKey(id), userId);
    const answers = (await check.exec()) ?? [];
    return answers.some(([error, isMember]) => !error && isMember === 1);
  }

  function socketClosed(userId: number) {
    const left = (sockets.get(userId) ?? 1) - 1;
    if (left > 0) return void sockets.set(userId, left);
    sockets.delete(userId);
    if (stopped) return;
    (async () => {
      if (redis?.status === "ready") await redis.srem(socketsKey(instanceId), userId);
      if (!(await hasLiveSocket(userId))) await set(userId, false);
    })().catch(warn(userId));
  }

  /** Takes offline whoever is online with no live socket anywhere and no heartbeat within 90 s. */
  async function sweep() {
    // Cut off from Redis, this instance cannot tell whose sockets live elsewhere: nobody is judged.
    if (redis && redis.status !== "ready") return [];
    await beat();
    const now = clock.now().getTime();
    const { live: others, dead } = await otherInstances();
    const live = new Set(sockets.keys());
    if (redis && others.length) for (const id of await redis.sunion(...others.map(socketsKey))) live.add(Number(id));
    const notLive = (ids: number[]) => ids.filter((id) => !live.has(id));
    const offline: number[] = [];
    const takeOffline = async (ids: number[], heardBefore: Date) => {
      if (!ids.length) return;
      const silent = { isOnline: true, OR: [{ lastSeenAt: null }, { lastSeenAt: { lte: heardBefore } }] };
      const gone = await prisma.user.updateManyAndReturn({ where: { id: { in: ids }, ...silent }, data: { isOnline: false }, select: { id: true } });
      offline.push(...gone.map((u) => u.id));
    };

    const silentSince = new Date(now - PRESENCE_TIMEOUT_MS);
    const candidates = await prisma.user.findMany({
      where: { isOnline: true, OR: [{ lastSeenAt: null }, { lastSeenAt: { lt: silentSince } }] },
      select: { id: true },
    });
    await takeOffline(notLive(candidates.map((c) => c.id)), new Date(silentSince.getTime() - 1));
    // Members of an instance that died: no socket on a live one, and no heartbeat since its next beat
    // was due (one between its last beat and then may have come just before it was killed).
    for (const instance of dead) {
      const members = (await redis!.smembers(socketsKey(instance.id))).map(Number);
      await takeOffline(notLive(members), new Date(instance.lastBeat + INSTANCE_BEAT_MS + BEAT_LATE_MS));
    }

    for (const id of offline) bus.pubsub.publish("presence:changed", id, { userId: id, isOnline: false });
    if (offline.length) deps.statsTouched?.();
    return offline;
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

  // Beats at once when Redis answers: at start-up, and on its return after an outage.
  const beatNow = () => void beat().catch(warnUnlessStopped("presence beat"));

  function start() {
    if (timers.length) return;
    beatNow();
    if (redis) {
      redis.on("ready", beatNow);
      every(INSTANCE_BEAT_MS, beat, "presence beat");
    }
    const runOnce = deps.runOnce;
    every(PRESENCE_SWEEP_MS, runOnce ? () => runOnce("presence-sweep", sweep) : sweep, "presence sweep");
  }

  /** Stops beating and sweeping without telling anyone (a dead instance looks the same to the others). */
  function stop() {
    stopped = true;
    redis?.off("ready", beatNow);
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
