import { Repeater } from "@graphql-yoga/subscription";
import { OFFER_TYPES, PLANS, startOfDayInSaoPaulo, type OfferTypeName, type PlanName } from "@clube-coroa/schema";
import type { User } from "../../generated/prisma/client.js";
import type { Bus } from "../../events.js";
import type { Clock } from "../../lib/clock.js";
import type { PrismaClient } from "../../lib/db.js";
import type { Logger } from "../../lib/log.js";
import { requireSuperuser } from "./admin.policy.js";
import { listenTo } from "../../lib/bus.js";

/** The dashboard's 'Métricas Gerais' and its three breakdowns (spec part 2 section 3, Admin statistics). */
export interface AdminStats {
  totalUsers: number;
  onlineUsers: number;
  totalOffers: number;
  totalConversations: number;
  totalMessages: number;
  totalLikes: number;
  pendingReports: number;
  /** Members who joined in the last 30 days of São Paulo's calendar (today and the 29 before). */
  newUsers: number;
  /** Conversations by the type of the offer they are about (a conversation whose offer is gone counts in none). */
  connectionsByType: Record<OfferTypeName, number>;
  usersByPlan: Record<PlanName, number>;
  /** Every offer, hidden ones included (the staff's view of what exists). */
  offersByType: Record<OfferTypeName, number>;
}

/** How long one computation answers every dashboard of the instance, unless a change arrives first. */
export const STATS_CACHE_MS = 1000;
/** At most one push of `adminStatsChanged` per instance in this window. */
export const STATS_PUSH_MS = 2000;
/** At most one `stats:changed` publication per instance in this window (trailing edge kept). */
export const STATS_SIGNAL_MS = 500;

/**
 * What the services call when a count of the dashboard may have changed: throttled per instance
 * (the last change in a burst is always told), so a flood of messages costs a few publications.
 */
export function createStatsSignal(bus: Bus, everyMs = STATS_SIGNAL_MS) {
  let timer: NodeJS.Timeout | null = null;
  let last = 0;
  const fire = () => {
    timer = null;
    last = Date.now();
    bus.pubsub.publish("stats:changed", { at: last });
  };
  return {
    touch() {
      if (timer) return;
      const wait = last + everyMs - Date.now();
      if (wait <= 0) fire();
      else {
        timer = setTimeout(fire, wait);
        timer.unref();
      }
    },
    stop() {
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}
export type StatsSignal = ReturnType<typeof createStatsSignal>;

const countsOf = <K extends string>(keys: readonly K[], rows: { key: string; n: number }[]) =>
  Object.fromEntries(keys.map((k) => [k, Number(rows.find((r) => r.key === k)?.n ?? 0)])) as Record<K, number>;

export interface StatsDeps {
  prisma: PrismaClient;
  clock: Clock;
  log: Logger;
  bus: Bus;
}

/**
 * The admin dashboard's counts. One statement of count(*) sub-queries, each served by an index or
 * a narrow scan (docs/decisions/0072-dashboard-counts.md); the answer is kept for STATS_CACHE_MS and
 * forgotten as soon as a change is told on the bus, so a dashboard full of superusers (or the 30 s
 * poll of older clients) costs at most one computation a second per instance. `adminStatsChanged`
 * pushes fresh counts at most every STATS_PUSH_MS per instance, only while someone listens.
 */
export function createStatsService(deps: StatsDeps) {
  const { prisma, clock, log, bus } = deps;
  let cached: { value: Promise<AdminStats>; at: number } | null = null;
  const listeners = new Set<(stats: AdminStats) => void>();
  let pushTimer: NodeJS.Timeout | null = null;
  let lastPush = 0;
  let stopped = false;

  async function compute(): Promise<AdminStats> {
    const since = startOfDayInSaoPaulo(clock.now(), -29);
    const [row] = await prisma.$queryRaw<
      {
        totalUsers: number;
        onlineUsers: number;
        totalConversations: number;
        totalMessages: number;
        totalLikes: number;
        pendingReports: number;
        newUsers: number;
        usersByPlan: { key: string; n: number }[] | null;
        offersByType: { key: string; n: number }[] | null;
        connectionsByType: { key: string; n: number }[] | null;
      }[]
    >`
      SELECT
        (SELECT count(*) FROM "User")::int AS "totalUsers",
        (SELECT count(*) FROM "User" WHERE "isOnline")::int AS "onlineUsers",
        (SELECT count(*) FROM "Conversation")::int AS "totalConversations",
        (SELECT count(*) FROM "Message")::int AS "totalMessages",
        (SELECT count(*) FROM "Like")::int AS "totalLikes",
        (SELECT count(*) FROM "Report" WHERE status = 'pending')::int AS "pendingReports",
        (SELECT count(*) FROM "User" WHERE "createdAt" >= ${since})::int AS "newUsers",
        (SELECT json_agg(json_build_object('key', plan::text, 'n', n)) FROM (SELECT plan, count(*) AS n FROM "User" GROUP BY plan) p) AS "usersByPlan",
        (SELECT json_agg(json_build_object('key', type::text, 'n', n)) FROM (SELECT type, count(*) AS n FROM "Offer" GROUP BY type) o) AS "offersByType",
        (SELECT json_agg(json_build_object('key', type::text, 'n', n)) FROM (
          SELECT o.type, count(*) AS n FROM "Conversation" c JOIN "Offer" o ON o.id = c."offerId" GROUP BY o.type) c) AS "connectionsByType"`;
    const parse = (value: unknown) => (typeof value === "string" ? JSON.parse(value) : (value ?? [])) as { key: string; n: number }[];
    const offersByType = countsOf(OFFER_TYPES, parse(row!.offersByType));
    return {
      totalUsers: row!.totalUsers,
      onlineUsers: row!.onlineUsers,
      totalOffers: OFFER_TYPES.reduce((sum, type) => sum + offersByType[type], 0),
      totalConversations: row!.totalConversations,
      totalMessages: row!.totalMessages,
      totalLikes: row!.totalLikes,
      pendingReports: row!.pendingReports,
      newUsers: row!.newUsers,
      connectionsByType: countsOf(OFFER_TYPES, parse(row!.connectionsByType)),
      usersByPlan: countsOf(PLANS, parse(row!.usersByPlan)),
      offersByType,
    };
  }

  /** The cached counts while fresh; concurrent callers share one computation. */
  function current(): Promise<AdminStats> {
    const now = performance.now();
    if (cached && now - cached.at < STATS_CACHE_MS) return cached.value;
    const entry = { value: compute(), at: now };
    cached = entry;
    entry.value.catch(() => {
      if (cached === entry) cached = null;
    });
    return entry.value;
  }

  async function push() {
    pushTimer = null;
    if (!listeners.size || stopped) return;
    lastPush = performance.now();
    cached = null;
    try {
      const stats = await current();
      for (const listener of listeners) listener(stats);
    } catch (error) {
      log.warn({ err: error }, "admin stats push failed");
    }
  }

  /** Something changed: the cache goes, and the listeners hear fresh counts within STATS_PUSH_MS. */
  function changed() {
    cached = null;
    if (!listeners.size || pushTimer || stopped) return;
    const wait = Math.max(0, lastPush + STATS_PUSH_MS - performance.now());
    pushTimer = setTimeout(() => void push(), wait);
    pushTimer.unref();
  }

  const stopListening = [
    listenTo(bus.pubsub.subscribe("stats:changed"), changed, log, "admin stats (stats:changed)"),
    listenTo(bus.pubsub.subscribe("offers:changed"), changed, log, "admin stats (offers:changed)"),
  ];
  // Changes elsewhere while the bus was cut off never came: fresh counts for the open dashboards.
  const stopMissed = bus.onEventsMissed(changed);

  return {
    /** adminStats and GET /api/admin/stats. */
    async getStats(user: Pick<User, "id" | "role"> | null): Promise<AdminStats> {
      requireSuperuser(user);
      return current();
    },
    /** adminStatsChanged: fresh counts after changes, at most every STATS_PUSH_MS. */
    changes(user: Pick<User, "id" | "role"> | null) {
      requireSuperuser(user);
      return new Repeater<AdminStats>(async (emit, stop) => {
        const listener = (stats: AdminStats) => void emit(stats);
        listeners.add(listener);
        await stop;
        listeners.delete(listener);
      });
    },
    /** Forgets the cached counts (a change this instance made directly). */
    invalidate() {
      cached = null;
    },
    stop() {
      stopped = true;
      stopMissed();
      if (pushTimer) clearTimeout(pushTimer);
      for (const stop of stopListening) stop();
    },
  };
}

export type StatsService = ReturnType<typeof createStatsService>;
