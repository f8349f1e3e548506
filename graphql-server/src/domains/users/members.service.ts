/**
 * 'Parceiras', the members directory (issue 28, docs/decisions/0266-members-directory.md): the members
 * whose profiles the spec opens to others (majestade and imperatriz, hasShowcaseProfile), found by
 * words in their name and mini bio without accents, and by professional activity, interest and state.
 * Each is shown as her public profile (presentPublicProfile: never a phone, CPF, e-mail or address);
 * nobreza gets the upgrade prompt for view_profile, as when she opens a profile; nobody across a block.
 */
import { ERROR_TEXTS, hasShowcaseProfile, mayOpenProfiles, memberFilterSchema, type OfferTypeName, PLAN_RANK, type PlanName, type PostTypeName, searchTerms } from "@clube-coroa/schema";
import { Prisma, type User } from "../../generated/prisma/client.js";
import type { PrismaClient } from "../../lib/db.js";
import { AppError, UpgradeRequiredError } from "../../lib/errors.js";
import { blockedBetweenSql, isBlockedBetween } from "../safety/reach.js";
import { presentPublicProfile, type PublicProfileDTO } from "./profile.service.js";

export const MEMBERS_PAGE_DEFAULT = 24;
export const MEMBERS_PAGE_MAX = 50;
/** Her offers shown in her profile dialog, newest first. */
export const MEMBER_OFFERS_MAX = 10;
/** Deepest a directory page may start (the cursor is a position; her words and filters narrow it further). */
const MEMBERS_POSITION_MAX = 10_000;

export interface MemberFilter {
  q?: string | null;
  activity?: string | null;
  interest?: string | null;
  state?: string | null;
}

export interface MembersPage {
  items: { member: PublicProfileDTO; cursor: string }[];
  endCursor: string | null;
  hasNextPage: boolean;
}

export interface MemberOfferDTO {
  id: number;
  title: string;
  type: OfferTypeName;
  postType: PostTypeName;
  createdAt: string;
}

/** The plans whose profiles are open to others, higher first (the directory's order). */
const SHOWCASE_PLANS = (Object.keys(PLAN_RANK) as PlanName[]).filter(hasShowcaseProfile).sort((a, b) => PLAN_RANK[b] - PLAN_RANK[a]);

const encodeCursor = (position: number) => Buffer.from(JSON.stringify(["m", position])).toString("base64url");

function decodeCursor(cursor: string): number {
  let key: unknown = null;
  try {
    key = cursor.length <= 40 ? JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) : null;
  } catch {
    // answered below
  }
  const position = Array.isArray(key) && key[0] === "m" ? key[1] : null;
  if (typeof position !== "number" || !Number.isInteger(position) || position < 0 || position > MEMBERS_POSITION_MAX) {
    throw new AppError("BAD_REQUEST", ERROR_TEXTS.cursorInvalid);
  }
  return position;
}

/** Anyone but nobreza may look (staff too); nobreza is invited to alteza, as when she opens a profile. */
function assertMayBrowse(viewer: Pick<User, "plan" | "role">) {
  if (viewer.role !== "superuser" && !mayOpenProfiles(viewer.plan)) throw new UpgradeRequiredError("view_profile", "alteza");
}

export function createMembersService(deps: { prisma: PrismaClient }) {
  const { prisma } = deps;

  /**
   * A page of the directory: higher plan first, then the earlier member (the board's order). Never
   * herself, a member with an incomplete profile (no name to show), a member on the other side of a
   * block, nor a suspended one.
   */
  async function directory(viewer: User, filter: MemberFilter, page: { first?: number | null; after?: string | null } = {}): Promise<MembersPage> {
    assertMayBrowse(viewer);
    const parsed = memberFilterSchema.safeParse({ q: filter.q, activity: filter.activity, interest: filter.interest, state: filter.state });
    if (!parsed.success) throw new AppError("VALIDATION", parsed.error.issues[0]?.message ?? ERROR_TEXTS.filterInvalid);
    const { activity, interest } = parsed.data;
    const state = parsed.data.state?.toUpperCase();
    const take = Math.min(Math.max(page.first ?? MEMBERS_PAGE_DEFAULT, 1), MEMBERS_PAGE_MAX);
    const from = page.after ? decodeCursor(page.after) : 0;
    const conditions = [
      Prisma.sql`u."plan"::text = ANY (${SHOWCASE_PLANS}::text[])`,
      Prisma.sql`u."profileComplete"`,
      Prisma.sql`u."id" <> ${viewer.id}`,
      Prisma.sql`NOT ${blockedBetweenSql(viewer.id, Prisma.sql`u."id"`)}`,
      // Suspended by the staff (issue 27): not listed until the suspension ends (the minute's job clears it).
      Prisma.sql`u."suspendedAt" IS NULL`,
    ];
    for (const term of searchTerms(parsed.data.q) ?? []) {
      conditions.push(Prisma.sql`public.cc_unaccent(lower(concat_ws(' ', u."nickname", u."fullName", u."miniBio"))) LIKE ${`%${term}%`}`);
    }
    if (activity && activity !== "all") conditions.push(Prisma.sql`u."professionalActivity" = ${activity}`);
    if (interest && interest !== "all") conditions.push(Prisma.sql`${interest} = ANY (u."interests")`);
    if (state && state !== "ALL") conditions.push(Prisma.sql`u."state" = ${state}`);
    const rows = await prisma.$queryRaw<{ id: number }[]>`
      SELECT u."id" FROM "User" u
      WHERE ${Prisma.join(conditions, " AND ")}
      ORDER BY array_position(${SHOWCASE_PLANS}::text[], u."plan"::text), u."createdAt" ASC, u."id" ASC
      OFFSET ${from} LIMIT ${take + 1}`;
    const ids = rows.slice(0, take).map((row) => row.id);
    const users = ids.length ? await prisma.user.findMany({ where: { id: { in: ids } } }) : [];
    const byId = new Map(users.map((user) => [user.id, user]));
    const items = ids.flatMap((id, i) => {
      const user = byId.get(id);
      return user ? [{ member: presentPublicProfile(user, viewer), cursor: encodeCursor(from + i + 1) }] : [];
    });
    return { items, endCursor: items.at(-1)?.cursor ?? null, hasNextPage: rows.length > take };
  }

  /**
   * Her offers on the board, newest first (for her profile dialog, where 'Enviar mensagem' starts a
   * conversation about one): none across a block, none the staff hid.
   */
  async function offersOf(viewer: Pick<User, "id">, memberId: number): Promise<MemberOfferDTO[]> {
    if (memberId !== viewer.id && (await isBlockedBetween(prisma, viewer.id, memberId))) return [];
    const offers = await prisma.offer.findMany({
      where: { userId: memberId, hiddenAt: null },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: MEMBER_OFFERS_MAX,
      select: { id: true, title: true, type: true, postType: true, createdAt: true },
    });
    return offers.map((offer) => ({ ...offer, createdAt: offer.createdAt.toISOString() }));
  }

  return { directory, offersOf };
}

export type MembersService = ReturnType<typeof createMembersService>;
