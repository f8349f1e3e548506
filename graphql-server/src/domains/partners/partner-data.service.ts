import { todayInSaoPaulo } from "@clube-coroa/schema";
import type { Bus } from "../../events.js";
import type { Clock } from "../../lib/clock.js";
import type { PrismaClient } from "../../lib/db.js";
import { AppError } from "../../lib/errors.js";
import type { Logger } from "../../lib/log.js";
import { logDataShares } from "../privacy/data-sharing.service.js";
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
import { listenTo } from "../../lib/bus.js";

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

/** The fields of a partner's row, as the sharing log names them when the query's selection is unknown. */
export const PARTNER_ROW_FIELDS = ["id", "fullName", "phone", "email", "plan", "region", "businessType", "ageBand", "serviceType", "entrepreneurProfile", "professionalActivity", "createdAt"] as const;

/**
 * How long one instance answers the counts from memory: counts for partners need not be live, but a
 * member who withdraws `sponsors` leaves them at once (every instance forgets them, see sponsorsChanged).
 */
export const STATS_CACHE_MS = 60_000;
export const ONE_FILTER_MESSAGE = "Os totais por grupo aceitam um filtro por vez.";

/**
 * What partners read (issue 13): the consenting members' rows with an age band in place of the
 * birth date, and counts by group over the consenting members. Both in SQL: the birth date, CPF and address
 * are never selected, and the counts are one statement (one GROUP BY) whatever the club's size.
 */
export function createPartnerDataService({ prisma, clock, bus, log }: { prisma: PrismaClient; clock: Clock; bus: Bus; log: Logger }) {
  let released: { today: string; counts: Promise<ProtectedCounts>; until: number } | undefined;
  const forget = () => {
    released = undefined;
  };
  const stopListening = listenTo(bus.pubsub.subscribe("sponsors:changed"), forget, log, "sponsor counts (sponsors:changed)");
  // A withdrawal on another instance cannot reach this one while the bus is cut off: when it is
  // back, the counts kept meanwhile are forgotten.
  const stopMissed = bus.onEventsMissed(forget);
  /** Sharing-log writes of answers already sent: waited for at shutdown. */
  const writing = new Set<Promise<unknown>>();

  /** A member gave or withdrew `sponsors` (or left): this instance and every other one forget the counts. */
  function sponsorsChanged() {
    forget();
    bus.pubsub.publish("sponsors:changed", { at: Date.now() });
  }

  /** Consenting members, paged by id (first: default 50, at most 200), like 'Dados para Patrocinadores'. */
  async function sponsorData(
    viewer: SponsorDataViewer,
    input: { filter?: unknown; first?: number | null; after?: string | null } = {},
    /** The row fields the partner's query selected (the sharing log's); undefined: every field. */
    fields: readonly string[] = PARTNER_ROW_FIELDS,
  ): Promise<PartnerSponsorPage> {
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
    // Every partner read of her row is shown to her (issue 30): one statement for the page, written
    // beside the answer rather than before it (it cost as much as the read itself: decision 0284).
    if (viewer.partner) {
      const recipient = { kind: "partner" as const, id: viewer.partner.keyId, name: viewer.partner.name };
      const write = logDataShares(prisma, recipient, rows.map((row) => row.id), fields, clock.now())
        .catch((error: unknown) => log.error({ err: error, keyId: recipient.id }, "partner read not written to the sharing log"))
        .finally(() => writing.delete(write));
      writing.add(write);
    }
    let counted: Promise<number> | undefined;
    return {
      rows,
      nextCursor: users.length > first ? encodeSponsorCursor(rows[rows.length - 1]!.id) : null,
      total: () =>
        (counted ??= prisma.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM "User" WHERE ${where}`.then(([row]) => row?.n ?? 0)),
    };
  }

  /**
   * Counts by group over the members who share with sponsors (issue 30: withdrawing takes her out of
   * the counts too, decision 0283), small groups hidden, with no
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
      FROM "User" WHERE "shareWithSponsors" GROUP BY 1, 2, 3, 4, 5, 6`;
    const counts = new ClubCounts();
    for (const row of rows) {
      const key = (dim: Dimension) => row[dim] ?? UNKNOWN_GROUP;
      counts.total += row.n;
      for (const { dim } of DIMENSIONS) counts.addGroup(dim, key(dim), row.n);
      for (const [a, b] of DIMENSION_PAIRS) counts.addCell(a, key(a), b, key(b), row.n);
    }
    return counts;
  }

  return {
    sponsorData,
    sponsorStats,
    sponsorsChanged,
    /** Stops listening and waits for the sharing-log writes under way. */
    async stop() {
      stopMissed();
      stopListening();
      await Promise.all([...writing]);
    },
  };
}

export type PartnerDataService = ReturnType<typeof createPartnerDataService>;
