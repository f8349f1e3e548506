import { Repeater } from "@graphql-yoga/subscription";
import type { Bus } from "../../events.js";
import type { Clock } from "../../lib/clock.js";
import type { PrismaClient } from "../../lib/db.js";
import type { Logger } from "../../lib/log.js";
import { listenTo } from "../../lib/bus.js";

/** A timer further ahead than this is re-armed then (and long timers drift). */
const MAX_TIMER_MS = 24 * 60 * 60 * 1000;

/** What the banners' real time needs: the service's dependencies, its live list and its announcement. */
export interface BannersLiveDeps<Live> {
  prisma: PrismaClient;
  clock: Clock;
  log: Logger;
  bus: Bus;
  /** Announces a scheduled start or end from one instance at a time (lib/jobs.ts); without it, it simply runs. */
  runOnce?: (job: "banners-schedule", task: () => Promise<unknown>) => Promise<unknown>;
  /** The carousel's banners now. */
  listLive: () => Promise<Live[]>;
  /** Publishes `banners:changed` to every instance. */
  published: () => void;
}

/**
 * The banners' real time: one bus subscription and one schedule timer per instance. Each instance
 * arms a timer for the next start or end of a banner; the first instance there publishes
 * `banners:changed` for all (under the job's lock), the others see that the boundary was announced
 * and re-arm. While the bus is cut off from Redis each instance tells its own listeners.
 */
export function createBannersLive<Live>({ prisma, clock, log, bus, runOnce, listLive, published }: BannersLiveDeps<Live>) {
  const changeListeners = new Set<(event: { at: string }) => void>();
  const liveListeners = new Set<(banners: Live[]) => void>();
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let armings = 0;
  /** The latest `at` of a change heard here: a scheduled boundary before it was announced already. */
  let heardUpTo = 0;

  /** Reads the live list once per change for every bannersUpdated subscriber of this instance. */
  let refreshing = false;
  let refreshAgain = false;
  async function pushLive() {
    if (!liveListeners.size || stopped) return;
    if (refreshing) {
      refreshAgain = true;
      return;
    }
    refreshing = true;
    try {
      do {
        refreshAgain = false;
        const banners = await listLive();
        for (const listener of liveListeners) listener(banners);
      } while (refreshAgain && !stopped && liveListeners.size);
    } catch (error) {
      log.warn({ err: error }, "banners push failed");
    } finally {
      refreshing = false;
    }
  }

  function changed(event: { at: string }) {
    if (stopped) return;
    heardUpTo = Math.max(heardUpTo, Date.parse(event.at) || 0);
    for (const listener of changeListeners) listener(event);
    void pushLive();
    void arm();
  }

  /** Sets this instance's timer to the next start or end of an active banner (at most a day ahead). */
  async function arm() {
    const arming = ++armings;
    if (timer) clearTimeout(timer);
    timer = null;
    if (stopped) return;
    try {
      const now = clock.now();
      const [starting, ending] = await Promise.all([
        prisma.banner.findFirst({ where: { active: true, startsAt: { gt: now } }, orderBy: { startsAt: "asc" }, select: { startsAt: true } }),
        prisma.banner.findFirst({ where: { active: true, endsAt: { gt: now } }, orderBy: { endsAt: "asc" }, select: { endsAt: true } }),
      ]);
      if (arming !== armings || stopped) return;
      const boundaries = [starting?.startsAt, ending?.endsAt].filter((date): date is Date => !!date).map((date) => date.getTime());
      const next = boundaries.length ? Math.min(...boundaries) : null;
      const wait = next === null ? MAX_TIMER_MS : Math.min(next - now.getTime(), MAX_TIMER_MS);
      timer = setTimeout(() => {
        timer = null;
        if (next !== null && clock.now().getTime() >= next) void announce(next);
        else void arm();
      }, Math.max(wait, 1));
      timer.unref();
    } catch (error) {
      if (!stopped) log.warn({ err: error }, "banners schedule not armed");
    }
  }

  /** A scheduled boundary passed: told once to every instance through the bus, unless another instance did. */
  async function announce(boundary: number) {
    if (!runOnce || !bus.connected) return changed({ at: clock.now().toISOString() });
    await runOnce("banners-schedule", async () => {
      if (heardUpTo >= boundary) return;
      published();
    });
    // The change re-arms the timer when it arrives; until then (or if another instance's never comes) this does.
    if (heardUpTo < boundary) void arm();
  }

  const stopListening = listenTo(bus.pubsub.subscribe("banners:changed"), changed, log, "banners (banners:changed)");
  void arm();

  return {
    /** Every change of the banners on any instance, and every scheduled start or end passing here. */
    changes: () =>
      new Repeater<{ at: string }>(async (push, stop) => {
        const listener = (event: { at: string }) => void push(event);
        changeListeners.add(listener);
        await stop;
        changeListeners.delete(listener);
      }),
    /** bannersUpdated: the live list after every change (read once per change for all subscribers here). */
    liveUpdates: () =>
      new Repeater<Live[]>(async (push, stop) => {
        const listener = (banners: Live[]) => void push(banners);
        liveListeners.add(listener);
        await stop;
        liveListeners.delete(listener);
      }),
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      stopListening();
    },
  };
}
