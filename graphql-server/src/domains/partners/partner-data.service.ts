import { PLANS, regionOfState, SPONSOR_FILTERS, todayInSaoPaulo, type PlanName, type SponsorFilter } from "@clube-coroa/schema";
import type { Clock } from "../../lib/clock.js";
import type { PrismaClient } from "../../lib/db.js";
import { ageBandSql, regionSql, sponsorWhereSql } from "../admin/sponsor-sql.js";
import { decodeSponsorCursor, encodeSponsorCursor, parseSponsorFilter, sponsorPageSize } from "../admin/sponsors.service.js";
import { requirePartnerOrSuperuser, type SponsorDataViewer } from "./partners.policy.js";

/** Groups (and totals) under this many members are answered as null, so no one can be singled out. */
export const MIN_GROUP_SIZE = 5;
/** The key of the group of members without a value (no state, no birth date, no business type...). */
export const UNKNOWN_GROUP = "não-informado";

/** A consenting member as a partner sees her: an age band, never the birth date, CPF or address. */
export interface PartnerSponsorRowDTO {
  id: number;
  fullName: string | null;
  phone: string;
  email: string | null;
  plan: PlanName;
  region: string | null;
  businessType: string | null;
  ageBand: string | null;
  serviceType: string | null;
  entrepreneurProfile: string | null;
  professionalActivity: string | null;
  createdAt: string;
}

export interface PartnerSponsorPage {
  rows: PartnerSponsorRowDTO[];
  nextCursor: string | null;
  total(): Promise<number>;
}

export interface SponsorStatGroupDTO {
  key: string;
  count: number | null;
}

export interface SponsorStatsDTO {
  total: number | null;
  byRegion: SponsorStatGroupDTO[];
  byPlan: SponsorStatGroupDTO[];
  byBusinessType: SponsorStatGroupDTO[];
  byServiceType: SponsorStatGroupDTO[];
  byProfile: SponsorStatGroupDTO[];
  byAgeBand: SponsorStatGroupDTO[];
}

/** How long one instance answers a filter's counts from memory: counts for partners need not be live. */
export const STATS_CACHE_MS = 60_000;
const STATS_CACHE_MAX = 2000;

type Dimension = "region" | "plan" | "business" | "service" | "profile" | "band";
const DIMENSIONS: { dim: Dimension; field: keyof Omit<SponsorStatsDTO, "total">; known: readonly string[] }[] = [
  { dim: "region", field: "byRegion", known: SPONSOR_FILTERS.region },
  { dim: "plan", field: "byPlan", known: PLANS },
  { dim: "business", field: "byBusinessType", known: SPONSOR_FILTERS.businessType },
  { dim: "service", field: "byServiceType", known: SPONSOR_FILTERS.serviceType },
  { dim: "profile", field: "byProfile", known: SPONSOR_FILTERS.profile },
  { dim: "band", field: "byAgeBand", known: SPONSOR_FILTERS.age },
];

/**
 * One dimension's groups as a partner sees them: every known value listed (so an absent group
 * and a small one look alike), then any other stored value and the members without one; counts
 * under MIN_GROUP_SIZE null. When the hidden groups would add up to fewer than MIN_GROUP_SIZE
 * (the total minus the shown groups would then reveal a small group), the smallest shown group
 * is hidden too.
 */
export function suppressGroups(known: readonly string[], counts: Map<string, number>): SponsorStatGroupDTO[] {
  const keys = [...known, ...[...counts.keys()].filter((key) => !known.includes(key) && key !== UNKNOWN_GROUP).sort()];
  if (counts.has(UNKNOWN_GROUP)) keys.push(UNKNOWN_GROUP);
  const hidden = new Set(keys.filter((key) => (counts.get(key) ?? 0) < MIN_GROUP_SIZE));
  const hiddenSum = () => [...hidden].reduce((sum, key) => sum + (counts.get(key) ?? 0), 0);
  while (hiddenSum() > 0 && hiddenSum() < MIN_GROUP_SIZE) {
    const shown = keys.filter((key) => !hidden.has(key));
    if (!shown.length) break;
    hidden.add(shown.reduce((a, b) => ((counts.get(b) ?? 0) < (counts.get(a) ?? 0) ? b : a)));
  }
  return keys.map((key) => ({ key, count: hidden.has(key) ? null : (counts.get(key) ?? 0) }));
}

/**
 * What partners read (issue 13): the consenting members' rows with an age band in place of the
 * birth date, and counts by group over all members. Both in SQL: the birth date, CPF and address
 * are never selected, and the counts are one statement (GROUPING SETS) whatever the club's size.
 */
export function createPartnerDataService({ prisma, clock }: { prisma: PrismaClient; clock: Clock }) {
  const statsCache = new Map<string, { stats: Promise<SponsorStatsDTO>; until: number }>();

  /** Consenting members, paged by id (first: default 50, at most 200), like 'Dados para Patrocinadores'. */
  async function sponsorData(viewer: SponsorDataViewer, input: { filter?: unknown; first?: number | null; after?: string | null } = {}): Promise<PartnerSponsorPage> {
    requirePartnerOrSuperuser(viewer);
    const filter = parseSponsorFilter(input.filter);
    const first = sponsorPageSize(input.first);
    const afterId = input.after ? decodeSponsorCursor(input.after) : 0;
    const today = todayInSaoPaulo(clock.now());
    const where = sponsorWhereSql(filter, today, { consentingOnly: true });
    const users = await prisma.$queryRaw<(Omit<PartnerSponsorRowDTO, "createdAt"> & { createdAt: Date | string })[]>`
      SELECT id, "fullName", phone, email, plan::text AS plan, ${regionSql()} AS region, "businessType",
        ${ageBandSql(today)} AS "ageBand", "serviceType", "entrepreneurProfile", "professionalActivity", "createdAt"
      FROM "User" WHERE ${where} AND id > ${afterId}
      ORDER BY id LIMIT ${first + 1}`;
    const rows = users.slice(0, first).map((user) => ({ ...user, createdAt: new Date(user.createdAt).toISOString() }));
    let counted: Promise<number> | undefined;
    return {
      rows,
      nextCursor: users.length > first ? encodeSponsorCursor(rows[rows.length - 1]!.id) : null,
      total: () =>
        (counted ??= prisma.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM "User" WHERE ${where}`.then(([row]) => row?.n ?? 0)),
    };
  }

  /**
   * Counts by group over every member the filter keeps (consent not needed for counts), small groups
   * hidden. One scan of the members (GROUPING SETS; the state grouped as stored and named a region
   * here), answered from memory for STATS_CACHE_MS per filter, one computation at a time per filter.
   */
  async function sponsorStats(viewer: SponsorDataViewer, filterInput?: unknown): Promise<SponsorStatsDTO> {
    requirePartnerOrSuperuser(viewer);
    const filter = parseSponsorFilter(filterInput);
    const today = todayInSaoPaulo(clock.now());
    const key = JSON.stringify([today, filter]);
    const cached = statsCache.get(key);
    if (cached && cached.until > Date.now()) return cached.stats;
    if (statsCache.size >= STATS_CACHE_MAX) statsCache.clear();
    const stats = countGroups(filter, today);
    statsCache.set(key, { stats, until: Date.now() + STATS_CACHE_MS });
    stats.catch(() => statsCache.delete(key));
    return stats;
  }

  async function countGroups(filter: SponsorFilter, today: string): Promise<SponsorStatsDTO> {
    const where = sponsorWhereSql(filter, today, { consentingOnly: false });
    const rows = await prisma.$queryRaw<{ dim: Dimension | "state" | "total"; key: string | null; n: number }[]>`
      WITH m AS (
        SELECT state, plan::text AS plan, "businessType" AS business, "serviceType" AS service,
          "entrepreneurProfile" AS profile, ${ageBandSql(today)} AS band
        FROM "User" WHERE ${where}
      )
      SELECT CASE WHEN GROUPING(state) = 0 THEN 'state' WHEN GROUPING(plan) = 0 THEN 'plan'
          WHEN GROUPING(business) = 0 THEN 'business' WHEN GROUPING(service) = 0 THEN 'service'
          WHEN GROUPING(profile) = 0 THEN 'profile' WHEN GROUPING(band) = 0 THEN 'band' ELSE 'total' END AS dim,
        COALESCE(state, plan, business, service, profile, band) AS key, count(*)::int AS n
      FROM m GROUP BY GROUPING SETS ((state), (plan), (business), (service), (profile), (band), ())`;
    const counts = new Map<Dimension, Map<string, number>>();
    const add = (dim: Dimension, key: string, n: number) => {
      const groups = counts.get(dim) ?? new Map<string, number>();
      counts.set(dim, groups.set(key, (groups.get(key) ?? 0) + n));
    };
    let total = 0;
    for (const row of rows) {
      if (row.dim === "total") total = row.n;
      else if (row.dim === "state") add("region", regionOfState(row.key) ?? UNKNOWN_GROUP, row.n);
      else add(row.dim, row.key ?? UNKNOWN_GROUP, row.n);
    }
    const small = total < MIN_GROUP_SIZE;
    const stats = { total: small ? null : total } as SponsorStatsDTO;
    for (const { dim, field, known } of DIMENSIONS) {
      // Under MIN_GROUP_SIZE in all, every group is smaller still: all hidden.
      stats[field] = suppressGroups(known, small ? new Map() : (counts.get(dim) ?? new Map()));
    }
    return stats;
  }

  return { sponsorData, sponsorStats };
}

export type PartnerDataService = ReturnType<typeof createPartnerDataService>;
