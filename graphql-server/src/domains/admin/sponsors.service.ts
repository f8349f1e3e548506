import { ageOn, birthDateRangeOfBand, ERROR_TEXTS, parseId, type PlanName, regionOfState, type SponsorFilter, sponsorFilterQuery, sponsorFilterSchema, type SponsorRegion, statesOfRegion, todayInSaoPaulo } from "@clube-coroa/schema";
import type { Prisma, User } from "../../generated/prisma/client.js";
import type { Clock } from "../../lib/clock.js";
import type { PrismaClient } from "../../lib/db.js";
import { AppError } from "../../lib/errors.js";
import { requireSuperuser } from "./admin.policy.js";

export interface SponsorsDeps {
  prisma: PrismaClient;
  clock: Clock;
}

/**
 * What every sponsor-data row carries, for the staff ('Dados para Patrocinadores', spec part 2
 * section 3) and for partners: the stored values, as the filters name them.
 */
export interface SponsorRowBase {
  id: number;
  fullName: string | null;
  /** E.164 digits without '+', as every other answer carries it. */
  phone: string;
  email: string | null;
  plan: PlanName;
  region: SponsorRegion | null;
  businessType: string | null;
  serviceType: string | null;
  entrepreneurProfile: string | null;
  professionalActivity: string | null;
  createdAt: string;
}

/** The staff's row: her age. */
export interface SponsorRowDTO extends SponsorRowBase {
  /** Whole years on São Paulo's calendar today; null without a birth date. */
  age: number | null;
}

export interface SponsorPage {
  rows: SponsorRowDTO[];
  nextCursor: string | null;
  /** Every member the filters keep, on all pages; counted when first asked for (a page shown without it costs no count). */
  total(): Promise<number>;
  /** The same filters as a CSV download (session cookie), relative to the site. */
  csvUrl: string;
}

type Actor = Pick<User, "id" | "role"> | null | undefined;

/** The path of the sponsor-data route; the CSV link is built on it. */
export const SPONSOR_USERS_PATH = "/api/admin/sponsor-users";
export const SPONSOR_PAGE = { default: 50, max: 200 } as const;
/** Rows read per statement while a whole list is streamed. */
export const EXPORT_BATCH = 1000;

const SPONSOR_SELECT = {
  id: true,
  fullName: true,
  phone: true,
  email: true,
  plan: true,
  state: true,
  businessType: true,
  birthDate: true,
  serviceType: true,
  entrepreneurProfile: true,
  professionalActivity: true,
  createdAt: true,
} satisfies Prisma.UserSelect;
type SponsorUser = Prisma.UserGetPayload<{ select: typeof SPONSOR_SELECT }>;

const isoDay = (date: Date) => date.toISOString().slice(0, 10);
const dateColumn = (day: string) => new Date(`${day}T00:00:00Z`);

/** The filters a client sent (query string or GraphQL input), or a 400 naming the unknown value. */
export function parseSponsorFilter(input: unknown): SponsorFilter {
  const parsed = sponsorFilterSchema.safeParse(input && typeof input === "object" ? input : {});
  if (!parsed.success) throw new AppError("VALIDATION", parsed.error.issues[0]?.message);
  return Object.fromEntries(Object.entries(parsed.data).filter(([, value]) => value !== undefined)) as SponsorFilter;
}

/** `first` of a sponsor page within 1..SPONSOR_PAGE.max, SPONSOR_PAGE.default when absent. */
export const sponsorPageSize = (first: number | null | undefined) => Math.min(Math.max(Math.trunc(first ?? SPONSOR_PAGE.default), 1), SPONSOR_PAGE.max);

export const encodeSponsorCursor = (id: number) => Buffer.from(String(id)).toString("base64url");

export function decodeSponsorCursor(cursor: string): number {
  const id = cursor.length <= 40 ? parseId(Buffer.from(cursor, "base64url").toString("utf8")) : null;
  if (id === null) throw new AppError("BAD_REQUEST", ERROR_TEXTS.cursorInvalid);
  return id;
}

/**
 * Who may appear and which of them the filters keep, all in SQL: only members who consented
 * (`shareWithSponsors`), the region as the list of its states, the age band as a range of birth
 * dates computed once for São Paulo's today (so the birthDate column is compared, never each
 * member's age).
 */
function whereOf(filter: SponsorFilter, today: string): Prisma.UserWhereInput {
  const where: Prisma.UserWhereInput = { shareWithSponsors: true };
  if (filter.region) where.state = { in: statesOfRegion(filter.region) };
  if (filter.businessType) where.businessType = filter.businessType;
  if (filter.serviceType) where.serviceType = filter.serviceType;
  if (filter.profile) where.entrepreneurProfile = filter.profile;
  if (filter.age) {
    const { bornOnOrBefore, bornAfter } = birthDateRangeOfBand(filter.age, today);
    where.birthDate = { lte: dateColumn(bornOnOrBefore), ...(bornAfter ? { gt: dateColumn(bornAfter) } : {}) };
  }
  return where;
}

function toSponsorRow(user: SponsorUser, today: string): SponsorRowDTO {
  return {
    id: user.id,
    fullName: user.fullName,
    phone: user.phone,
    email: user.email,
    plan: user.plan,
    region: regionOfState(user.state),
    businessType: user.businessType,
    age: user.birthDate ? ageOn(isoDay(user.birthDate), today) : null,
    serviceType: user.serviceType,
    entrepreneurProfile: user.entrepreneurProfile,
    professionalActivity: user.professionalActivity,
    createdAt: user.createdAt.toISOString(),
  };
}

/**
 * 'Dados para Patrocinadores' (spec part 2 sections 2 and 9): the members who consented to share
 * their business data with sponsors, filtered by region, business type, service type, entrepreneur
 * profile and age band, paged by id. Superusers only.
 */
export function createSponsorsService(deps: SponsorsDeps) {
  const { prisma, clock } = deps;

  /** One page of the table, the count of every match and the CSV link of the same filters. */
  async function listSponsorUsers(actor: Actor, input: { filter?: unknown; first?: number | null; after?: string | null } = {}): Promise<SponsorPage> {
    requireSuperuser(actor);
    const filter = parseSponsorFilter(input.filter);
    const first = sponsorPageSize(input.first);
    const afterId = input.after ? decodeSponsorCursor(input.after) : null;
    const today = todayInSaoPaulo(clock.now());
    const where = whereOf(filter, today);
    const users = await prisma.user.findMany({
      where: afterId ? { ...where, id: { gt: afterId } } : where,
      select: SPONSOR_SELECT,
      orderBy: { id: "asc" },
      take: first + 1,
    });
    let counted: Promise<number> | undefined;
    const rows = users.slice(0, first).map((user) => toSponsorRow(user, today));
    const query = sponsorFilterQuery(filter);
    return {
      rows,
      nextCursor: users.length > first ? encodeSponsorCursor(rows[rows.length - 1].id) : null,
      total: () => (counted ??= prisma.user.count({ where })),
      csvUrl: `${SPONSOR_USERS_PATH}?format=csv${query ? `&${query}` : ""}`,
    };
  }

  /**
   * Every matching row, a batch at a time (one statement per `batchSize` rows, keyed by id), so a
   * file of the whole club is written in bounded memory. Checked and parsed before the first row;
   * today is fixed when it starts, so a list that crosses midnight agrees with itself.
   */
  function sponsorRowBatches(actor: Actor, filterInput: unknown, batchSize = EXPORT_BATCH) {
    requireSuperuser(actor);
    const filter = parseSponsorFilter(filterInput);
    const today = todayInSaoPaulo(clock.now());
    const where = whereOf(filter, today);
    async function* batches(): AsyncGenerator<SponsorRowDTO[]> {
      let last = 0;
      for (;;) {
        const users = await prisma.user.findMany({
          where: { ...where, id: { gt: last } },
          select: SPONSOR_SELECT,
          orderBy: { id: "asc" },
          take: batchSize,
        });
        if (users.length) yield users.map((user) => toSponsorRow(user, today));
        if (users.length < batchSize) return;
        last = users[users.length - 1].id;
      }
    }
    return { filter, batches: batches() };
  }

  return { listSponsorUsers, sponsorRowBatches };
}

export type SponsorsService = ReturnType<typeof createSponsorsService>;
