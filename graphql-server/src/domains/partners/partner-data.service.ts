import { todayInSaoPaulo } from "@clube-coroa/schema";
import type { Clock } from "../../lib/clock.js";
import type { PrismaClient } from "../../lib/db.js";
import { AppError } from "../../lib/errors.js";
import { ageBandSql, regionSql, sponsorWhereSql } from "../admin/sponsor-sql.js";
import { decodeSponsorCursor, encodeSponsorCursor, parseSponsorFilter, sponsorPageSize, type SponsorRowBase } from "../admin/sponsors.service.js";
import { requirePartnerOrSuperuser, type SponsorDataViewer } from "./partners.policy.js";
import {
  ClubCounts,
  DIMENSION_PAIRS,
  DIMENSIONS,
  filterDimension,
  protectClubCounts,
  UNKNOWN_GROUP,
  type Dimension,
  type ProtectedCounts,
  type SponsorStatsDTO,
} from "./sponsor-stats.js";

export { MIN_GROUP_SIZE, UNKNOWN_GROUP, type SponsorStatGroupDTO, type SponsorStatsDTO } from "./sponsor-stats.js";

/** A consenting member as a partner sees her: an age band, never the birth date, CPF or address. */
export interface PartnerSponsorRowDTO extends SponsorRowBase {
  ageBand: string | null;
}

export interface PartnerSponsorPage {
  rows: PartnerSponsorRowDTO[];
  nextCursor: string | null;
  total(): Promise<number>;
}

/** How long one instance answers the counts from memory: counts for partners need not be live. */
export const STATS_CACHE_MS = 60_000;
export const ONE_FILTER_MESSAGE = "Os totais por grupo aceitam um filtro por vez.";

/**
 * What partners read (issue 13): the consenting members' rows with an age band in place of the
 * birth date, and counts by group over all members. Both in SQL: the birth date, CPF and address
 * are never selected, and the counts are one statement (one GROUP BY) whatever the club's size.
 */
export function createPartnerDataService({ prisma, clock }: { prisma: PrismaClient; clock: Clock }) {
  let released: { today: string; counts: Promise<ProtectedCounts>; until: number } | undefined;

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
   * Counts by group over every member (consent not needed for counts), small groups hidden, with no
   * filter or one: every answer is read from one protected set of counts of the whole club
   * (protectClubCounts), so that no answer publishes a group another one hides. Two filters or more
   * are refused: the cells of a three-way table could not be protected consistently with the rest.
   */
  async function sponsorStats(viewer: SponsorDataViewer, filterInput?: unknown): Promise<SponsorStatsDTO> {
    requirePartnerOrSuperuser(viewer);
    const filter = parseSponsorFilter(filterInput);
    if (Object.keys(filter).length > 1) throw new AppError("VALIDATION", ONE_FILTER_MESSAGE);
    const answer = await protectedCounts(todayInSaoPaulo(clock.now()));
    return answer(filterDimension(filter));
  }

  /** The protected counts of `today` (age bands move with it), computed at most once per STATS_CACHE_MS, one computation at a time. */
  function protectedCounts(today: string): Promise<ProtectedCounts> {
    if (released && released.today === today && released.until > Date.now()) return released.counts;
    const counts = countClub(today).then(protectClubCounts);
    const entry = { today, counts, until: Date.now() + STATS_CACHE_MS };
    released = entry;
    counts.catch(() => {
      if (released === entry) released = undefined;
    });
    return counts;
  }

  /**
   * One scan of the members, counted by all six lists at once (a few thousand combinations at most:
   * the lists are closed), the region and age band derived in SQL exactly as the filters read them;
   * each list's groups, each pair's cross-table and the total are sums of those rows. One GROUP BY is
   * a single hash table, where GROUPING SETS over the 21 lists and pairs took four times as long.
   */
  async function countClub(today: string): Promise<ClubCounts> {
    const rows = await prisma.$queryRaw<({ n: number } & Record<Dimension, string | null>)[]>`
      SELECT ${regionSql()} AS region, plan::text AS plan, "businessType" AS business, "serviceType" AS service,
        "entrepreneurProfile" AS profile, ${ageBandSql(today)} AS band, count(*)::int AS n
      FROM "User" GROUP BY 1, 2, 3, 4, 5, 6`;
    const counts = new ClubCounts();
    for (const row of rows) {
      const key = (dim: Dimension) => row[dim] ?? UNKNOWN_GROUP;
      counts.total += row.n;
      for (const { dim } of DIMENSIONS) counts.addGroup(dim, key(dim), row.n);
      for (const [a, b] of DIMENSION_PAIRS) counts.addCell(a, key(a), b, key(b), row.n);
    }
    return counts;
  }

  return { sponsorData, sponsorStats };
}

export type PartnerDataService = ReturnType<typeof createPartnerDataService>;
