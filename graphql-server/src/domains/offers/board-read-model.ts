/**
 * What a viewer sees of the board: the one owner of the cards' presentation (members' and anonymous
 * visitors'), of what is personal to each member (PERSONAL_OFFER_FIELDS: her likes, her own cards,
 * and where a member's own board will differ next, e.g. authors she blocked), and of every cache of
 * the board's reads (pages, a member's likes, the authors of cards shown, GET /api/offers's bytes and
 * the GraphQL door's whole answers), all emptied together when the board changes.
 *
 * The doors ask it rather than deciding for themselves: the GraphQL door's response cache
 * (graphql/board-response-cache.ts) serves one member's kept answer to another only after setting
 * every field this module declares personal, with the values this module gives. A field of `Offer`
 * whose value depends on who asks must be named here (test/board-read-model.test.ts fails otherwise).
 */
import { boardFilterSchema, type ConversationsFromName, categoriesForBoardSlug, ERROR_TEXTS, OFFER_TYPES, type OfferTypeName, parseId, type PlanName, POST_TYPES, type PostTypeName } from "@clube-coroa/schema";
import type { Prisma } from "../../generated/prisma/client.js";
import type { Bus } from "../../events.js";
import type { PrismaClient } from "../../lib/db.js";
import { AppError } from "../../lib/errors.js";
import type { Logger } from "../../lib/log.js";
import { BoardCache } from "./board-cache.js";
import { createBoardSearch, decodeSearchCursor, encodeSearchCursor, searchWords, type SearchNarrowing } from "./board-search.js";
import { blockedAround } from "../safety/reach.js";
import { listenTo } from "../../lib/bus.js";

/**
 * Fields of `Offer` whose value depends on which member asks (the rest of a members' card is the same
 * for every member). The GraphQL door's response cache sets these per member (personalValues), and
 * nothing else; a query selecting one without the card's `id` executes.
 */
export const PERSONAL_OFFER_FIELDS = ["isLiked", "isOwn"] as const;
export type PersonalOfferField = (typeof PERSONAL_OFFER_FIELDS)[number];

/**
 * Fields of `Offer` that differ between anonymous visitors and members (presentOffer), but not between
 * two members: visitors' answers and members' answers are kept apart, never served across.
 */
export const MEMBERS_ONLY_OFFER_FIELDS = ["userId", "userFullName", "userName", "userProfilePhoto"] as const;

/**
 * An offer as both doors answer it (spec part 1 section 3, Offer with the author's display fields),
 * shaped for its viewer by presentOffer.
 */
export interface OfferDTO {
  id: number;
  /** The author's id; null for anonymous visitors. */
  userId: number | null;
  postType: PostTypeName;
  type: OfferTypeName;
  title: string;
  description: string;
  categories: string[];
  likes: number;
  createdAt: Date;
  isUrgent: boolean;
  userNickname: string | null;
  userFullName: string | null;
  userName: string;
  userPlan: PlanName;
  userJoinedAt: Date;
  userProfilePhoto: string | null;
  userProfessionalActivity: string | null;
  /** 'Quem pode iniciar conversa comigo' of the author: 'nobody' shows she takes no new conversations. */
  userConversationsFrom: ConversationsFromName;
  isLiked: boolean;
  /** Set only on the owner's own view of an offer the staff took off the board (`offer(id)`). */
  hidden?: boolean;
  /** Set only on its owner's and the staff's view of an offer off the board while enough members' reports are open ('Em análise'). */
  underReview?: boolean;
}


export interface OfferFilter {
  type?: string | null;
  postType?: string | null;
  /** A board slug ('alimentacao'); 'all' or empty means every category. */
  category?: string | null;
  /** A state's UF ('SP'); 'all' or empty means everywhere. */
  state?: string | null;
  /** Words to search (issue 28): with two letters or more, the board ranked by them (board-search.ts). */
  q?: string | null;
}

export interface ListOffersArgs extends OfferFilter {
  first?: number | null;
  after?: string | null;
}


/** A whole anonymous GraphQL answer of the board, kept by the GraphQL door (graphql/board-response-cache.ts). */
export type CachedBoardResult = { data: Record<string, unknown> };

/** Board pages kept in memory per instance (filters × page sizes × cursors). */
export const BOARD_CACHE_ENTRIES = 200;

export const authorSelect = {
  nickname: true,
  fullName: true,
  plan: true,
  createdAt: true,
  profilePhoto: true,
  professionalActivity: true,
  conversationsFrom: true,
} satisfies Prisma.UserSelect;

type OfferRow = Prisma.OfferGetPayload<{ include: { user: { select: typeof authorSelect } } }>;

const BOARD_ORDER: Prisma.OfferOrderByWithRelationInput[] = [
  { authorPlanRank: "desc" },
  { authorJoinedAt: "asc" },
  { createdAt: "desc" },
  { id: "desc" },
];

/** The author's name on a card when she has none to show (spec). */
const NAMELESS_AUTHOR = "Parceira";

/** The card as members see it; what leaves the server goes through presentOffer. */
export function offerCard(row: OfferRow): OfferDTO {
  const { user } = row;
  return {
    id: row.id,
    userId: row.userId,
    postType: row.postType,
    type: row.type,
    title: row.title,
    description: row.description,
    categories: row.categories,
    likes: row.likesCount,
    createdAt: row.createdAt,
    isUrgent: row.isUrgent,
    userNickname: user.nickname,
    userFullName: user.fullName,
    userName: user.nickname || user.fullName || NAMELESS_AUTHOR,
    userPlan: user.plan,
    userJoinedAt: user.createdAt,
    userProfilePhoto: user.profilePhoto,
    userProfessionalActivity: user.professionalActivity,
    userConversationsFrom: user.conversationsFrom,
    isLiked: false,
  };
}

/**
 * What an offer card shows to whoever asks. Members (viewerId) see the author in full, with their
 * own like. Anonymous visitors see the author's nickname, plan, join date and activity only: no
 * member id, no full name and no photo, since every stored photo's address (`/api/users/{id}/photo`)
 * names her id, and any other address would still match that public one byte for byte.
 */
export function presentOffer(card: OfferDTO, viewerId: number | undefined, isLiked = false): OfferDTO {
  if (viewerId) return card.isLiked === isLiked ? card : { ...card, isLiked };
  return {
    ...card,
    userId: null,
    userFullName: null,
    userName: card.userNickname || NAMELESS_AUTHOR,
    userProfilePhoto: null,
    isLiked: false,
  };
}

type BoardKey = [rank: number, joinedAt: string, createdAt: string, id: number];

export function encodeCursor(row: { authorPlanRank: number; authorJoinedAt: Date; createdAt: Date; id: number }): string {
  const key: BoardKey = [row.authorPlanRank, row.authorJoinedAt.toISOString(), row.createdAt.toISOString(), row.id];
  return Buffer.from(JSON.stringify(key)).toString("base64url");
}

/** Dates a real cursor can hold; a forged one outside them would overflow PostgreSQL's timestamps. */
const CURSOR_DATES = { min: Date.UTC(1970, 0, 1), max: Date.UTC(2200, 0, 1) };
const cursorDate = (value: unknown) => {
  const date = new Date(typeof value === "string" ? value : NaN);
  const time = date.getTime();
  return time >= CURSOR_DATES.min && time < CURSOR_DATES.max ? date : null;
};

function decodeCursor(cursor: string) {
  let key: BoardKey | null = null;
  try {
    key = cursor.length <= 200 ? (JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as BoardKey) : null;
  } catch {
    // answered below
  }
  const [rank, joinedAt, createdAt, id] = Array.isArray(key) ? key : [];
  const decoded = { rank, joinedAt: cursorDate(joinedAt), createdAt: cursorDate(createdAt), id: parseId(id) };
  const validRank = typeof rank === "number" && Number.isInteger(rank) && rank >= 0 && rank <= 10;
  if (!validRank || decoded.id === null || !decoded.joinedAt || !decoded.createdAt) {
    throw new AppError("BAD_REQUEST", ERROR_TEXTS.cursorInvalid);
  }
  return { rank, joinedAt: decoded.joinedAt, createdAt: decoded.createdAt, id: decoded.id };
}

/**
 * Rows strictly after the cursor in board order (rank desc, joined asc, created desc, id desc), as
 * two index ranges read one after the other: the rest of the cursor's plan (bounded by
 * `rank = r AND joinedAt >= j`), then the lower plans (`rank < r`). Each is one range scan of a
 * board index, so a deep page costs as little as the first.
 */
function afterCursor(cursor: string): [samePlan: Prisma.OfferWhereInput, lowerPlans: Prisma.OfferWhereInput] {
  const { rank, joinedAt, createdAt, id } = decodeCursor(cursor);
  return [
    {
      authorPlanRank: rank,
      authorJoinedAt: { gte: joinedAt },
      OR: [
        { authorJoinedAt: { gt: joinedAt } },
        { createdAt: { lt: createdAt } },
        { createdAt, id: { lt: id } },
      ],
    },
    { authorPlanRank: { lt: rank } },
  ];
}

/** What keeps an offer on the board at all (the shared pages, search, counts and likes alike). */
export const BOARD_VISIBLE = { hiddenAt: null, underReviewAt: null, authorSuspended: false } satisfies Prisma.OfferWhereInput;

export const isOneOf = <T extends string>(list: readonly T[], value: unknown): value is T =>
  typeof value === "string" && (list as readonly string[]).includes(value);

/** The filter as a Prisma condition; unknown or 'all' values mean no filter, like the client sends. */
export function boardWhere(filter: OfferFilter): Prisma.OfferWhereInput {
  // Offers the staff hid (a resolved report) are on nobody's board; nor, while they last, offers
  // under review (REPORTS_TO_HIDE members' open reports) and offers of a suspended member (issue 27).
  const where: Prisma.OfferWhereInput = { ...BOARD_VISIBLE };
  if (isOneOf(OFFER_TYPES, filter.type)) where.type = filter.type;
  if (isOneOf(POST_TYPES, filter.postType)) where.postType = filter.postType;
  const state = filter.state?.trim().toUpperCase();
  if (state && state !== "ALL") where.state = state;
  const slug = filter.category?.trim().toLowerCase();
  if (slug && slug !== "all") {
    // Offers store the form's category names; the board filters by a category's slug or a group's.
    where.categories = { hasSome: categoriesForBoardSlug(slug) };
  }
  return where;
}

/** What of the board's condition a search can narrow its ranked list by in SQL (the rest is applied to each page). */
function narrowingOf(where: Prisma.OfferWhereInput): SearchNarrowing {
  const categories = where.categories && "hasSome" in where.categories ? where.categories.hasSome : undefined;
  return {
    type: typeof where.type === "string" ? where.type : undefined,
    postType: typeof where.postType === "string" ? where.postType : undefined,
    state: typeof where.state === "string" ? where.state : undefined,
    categories: Array.isArray(categories) ? categories : undefined,
  };
}

/** The board's filters as sent, refused (400) when they hold what no filter can (NUL, long text). */
function validFilter(filter: OfferFilter): OfferFilter {
  const parsed = boardFilterSchema.safeParse({ type: filter.type, postType: filter.postType, category: filter.category, state: filter.state, q: filter.q });
  if (!parsed.success) throw new AppError("VALIDATION", parsed.error.issues[0]?.message ?? ERROR_TEXTS.filterInvalid);
  return parsed.data;
}

interface BoardPage {
  items: { offer: OfferDTO; cursor: string }[];
  endCursor: string | null;
  hasNextPage: boolean;
}

/** A board page, cached until a write changes the board: members' cards (isLiked false) and anonymous visitors' cards. */
interface CachedPage {
  members: BoardPage;
  anonymous: BoardPage;
  /** GET /api/offers's body for anonymous visitors, serialised (and encoded) once per cached page. */
  anonymousJson?: Buffer;
  /** The same for members: each card serialised once, without its closing `false}` (isLiked comes last). */
  membersJson?: { heads: string[]; ids: number[]; noneLiked: Buffer };
}

/** How a serialised members' card ends: isLiked is its last field. */
const NOT_LIKED_TAIL = "false}";

/** Offers whose author is kept in memory at most (the map is emptied when full). */
const KNOWN_AUTHORS_MAX = 50_000;

/**
 * A member with authors hidden from her (a block) is served from at most this many shared pages in a
 * row (issue 27, record 0253); beyond, her page is read for her alone.
 */
const SHARED_PAGES_FOR_HIDDEN = 4;

/** Likes of one member kept in memory at most (beyond, her board pages ask the database page by page). */
const LIKED_SET_MAX = 2000;


/** Whether the card is the viewer's own (the resolver of `Offer.isOwn` and the kept answers alike). */
export function isOwnFor(card: { userId: number | null }, viewerId: number | undefined): boolean {
  return viewerId !== undefined && card.userId === viewerId;
}

/** A personal field's value on one card for one member; undefined when it cannot be told from memory. */
export type PersonalValues = (offerId: number, field: PersonalOfferField) => boolean;

export interface BoardReadModelDeps {
  prisma: PrismaClient;
  /** BoardCache time limit in ms (config BOARD_CACHE_MS); 0 reads the database every time. */
  boardCacheMs?: number;
  bus: Bus;
  log: Logger;
}

/**
 * Her page without the authors hidden from her, made of the shared pages (`read`: the page every
 * member is served from a cursor, kept like any other): the page from her cursor, then the ones after
 * it, skipping the hidden authors' cards, until `take` cards and one more are found (so hasNextPage is
 * exact). Null when that takes more than SHARED_PAGES_FOR_HIDDEN pages (many of the first cards
 * hidden): then hers is read alone (issue 27, record 0253).
 */
async function visibleCards(read: (cursor: string | null) => Promise<CachedPage>, take: number, after: string | null | undefined, hidden: ReadonlySet<number>) {
  const found: { chunk: CachedPage; index: number }[] = [];
  let cursor = after ?? null;
  for (let pages = 0; pages < SHARED_PAGES_FOR_HIDDEN; pages += 1) {
    const chunk = await read(cursor);
    const { items, hasNextPage, endCursor } = chunk.members;
    for (let index = 0; index < items.length; index += 1) {
      const author = items[index].offer.userId;
      if (author !== null && hidden.has(author)) continue;
      if (found.length === take) return { found, hasNextPage: true };
      found.push({ chunk, index });
    }
    if (!hasNextPage || !endCursor) return { found, hasNextPage: false };
    cursor = endCursor;
  }
  return null;
}

/** The members' cards of a page serialised once; null if a card's JSON does not end with its isLiked. */
function membersJsonOf(cached: CachedPage) {
  if (cached.membersJson) return cached.membersJson;
  const offers = cached.members.items.map((i) => i.offer);
  const whole = offers.map((offer) => JSON.stringify(offer));
  if (!whole.every((json) => json.endsWith(`"isLiked":${NOT_LIKED_TAIL}`))) return null;
  cached.membersJson = {
    heads: whole.map((json) => json.slice(0, -NOT_LIKED_TAIL.length)),
    ids: offers.map((offer) => offer.id),
    noneLiked: Buffer.from(`[${whole.join(",")}]`),
  };
  return cached.membersJson;
}

/** Her cards' JSON joined from the shared pages' serialised cards; null when one cannot be (then serialised here). */
async function hiddenAwareJson(
  read: (cursor: string | null) => Promise<CachedPage>,
  likedAmong: (viewerId: number, offerIds: number[]) => Promise<Set<number>>,
  take: number,
  viewerId: number,
  hidden: number[],
): Promise<Buffer | null> {
  const visible = await visibleCards(read, take, null, new Set(hidden));
  if (!visible) return null;
  const heads: string[] = [];
  const ids: number[] = [];
  for (const { chunk, index } of visible.found) {
    const json = membersJsonOf(chunk);
    if (!json) return null;
    heads.push(json.heads[index]);
    ids.push(json.ids[index]);
  }
  const liked = await likedAmong(viewerId, ids);
  return Buffer.from(`[${heads.map((head, i) => head + (liked.has(ids[i]) ? "true}" : NOT_LIKED_TAIL)).join(",")}]`);
}

/**
 * A page of a search's ranked offers, as members and as visitors see it: the board's conditions (and
 * `extra`, the authors hidden from one member) applied to the page's ids, so an offer the ranked list
 * holds but that may not be shown is left out of the page.
 */
async function readSearchPage(
  deps: { prisma: PrismaClient; search: ReturnType<typeof createBoardSearch>; rememberAuthor: (offerId: number, userId: number) => void },
  words: string[],
  where: Prisma.OfferWhereInput,
  take: number,
  from: number,
  extra?: Prisma.OfferWhereInput,
): Promise<CachedPage> {
  const { prisma, search, rememberAuthor } = deps;
  const ids = await search.rankedIds(words, narrowingOf(where));
  const slice = ids.slice(from, from + take);
  const rows = slice.length
    ? await prisma.offer.findMany({ where: { AND: [where, { id: { in: slice } }, ...(extra ? [extra] : [])] }, include: { user: { select: authorSelect } } })
    : [];
  const byId = new Map(rows.map((row) => [row.id, row]));
  const items = slice.flatMap((id, i) => {
    const row = byId.get(id);
    if (!row) return [];
    rememberAuthor(row.id, row.userId);
    return [{ offer: offerCard(row), cursor: encodeSearchCursor(from + i + 1) }];
  });
  const members: BoardPage = { items, endCursor: slice.length ? encodeSearchCursor(from + slice.length) : null, hasNextPage: from + take < ids.length };
  const anonymous = { ...members, items: items.map((i) => ({ ...i, offer: presentOffer(i.offer, undefined) })) };
  return { members, anonymous };
}

export function createBoardReadModel(deps: BoardReadModelDeps) {
  const { prisma, bus, log } = deps;
  const caching = (deps.boardCacheMs ?? 0) > 0;

  // Caches of what the board shows, emptied together whenever a write changes the board.
  const boardCaches: BoardCache<unknown>[] = [];
  const boardCache = <T>() => {
    const created = new BoardCache<T>({ maxEntries: BOARD_CACHE_ENTRIES, ttlMs: deps.boardCacheMs ?? 0 });
    boardCaches.push(created as BoardCache<unknown>);
    return created;
  };
  const invalidate = () => boardCaches.forEach((c) => c.invalidate());
  const cache = boardCache<CachedPage>();
  const stopListening = listenTo(bus.pubsub.subscribe("offers:changed"), invalidate, log, "the board cache (offers:changed)");
  // Board changes published elsewhere while the bus was cut off never came.
  const stopMissed = bus.onEventsMissed(invalidate);

  // A member's likes, kept beside the board (emptied with it: every like, on every instance, is a
  // board change) so that her board pages, in any filter, cost no statement while they are cached.
  const likedSets = boardCache<Set<number> | null>();

  /** Which of these offers she liked: from her kept set of likes, else one statement for the page. */
  async function likedAmong(viewerId: number | undefined, offerIds: number[]) {
    if (!viewerId || offerIds.length === 0) return new Set<number>();
    if (caching) {
      const all = await likedSets.get(String(viewerId), async () => {
        const likes = await prisma.$queryRaw<{ offerId: number }[]>`
          SELECT "offerId" FROM "Like" WHERE "userId" = ${viewerId} LIMIT ${LIKED_SET_MAX + 1}`;
        // Someone who liked more than this is asked page by page instead.
        return likes.length > LIKED_SET_MAX ? null : new Set(likes.map((l) => l.offerId));
      });
      if (all) return new Set(offerIds.filter((id) => all.has(id)));
    }
    // A plain statement, a fraction of the ORM's cost.
    const likes = await prisma.$queryRaw<{ offerId: number }[]>`
      SELECT "offerId" FROM "Like" WHERE "userId" = ${viewerId} AND "offerId" = ANY(${offerIds}::int[])`;
    return new Set(likes.map((l) => l.offerId));
  }

  // Who wrote each offer the board showed lately: an offer's author never changes, so a member's kept
  // answer can be told which cards are hers without reading them again.
  const authors = new Map<number, number>();
  function rememberAuthor(offerId: number, userId: number) {
    if (authors.size >= KNOWN_AUTHORS_MAX && !authors.has(offerId)) authors.clear();
    authors.set(offerId, userId);
  }

  async function readPage(where: Prisma.OfferWhereInput, take: number, after: string | null | undefined): Promise<CachedPage> {
    const read = (extra: Prisma.OfferWhereInput | null, limit: number) =>
      prisma.offer.findMany({
        where: extra ? { AND: [where, extra] } : where,
        orderBy: BOARD_ORDER,
        take: limit,
        include: { user: { select: authorSelect } },
      });
    let rows: OfferRow[];
    if (!after) rows = await read(null, take + 1);
    else {
      const [samePlan, lowerPlans] = afterCursor(after);
      rows = await read(samePlan, take + 1);
      if (rows.length < take + 1) rows = rows.concat(await read(lowerPlans, take + 1 - rows.length));
    }
    const items = rows.slice(0, take);
    for (const row of items) rememberAuthor(row.id, row.userId);
    const members: BoardPage = {
      items: items.map((row) => ({ offer: offerCard(row), cursor: encodeCursor(row) })),
      endCursor: items.length ? encodeCursor(items[items.length - 1]) : null,
      hasNextPage: rows.length > take,
    };
    const anonymous = { ...members, items: members.items.map((i) => ({ ...i, offer: presentOffer(i.offer, undefined) })) };
    return { members, anonymous };
  }

  function cachedPage(filter: OfferFilter, take: number, after: string | null | undefined) {
    const valid = validFilter(filter);
    const where = boardWhere(valid);
    const words = searchWords(valid.q);
    if (words) {
      const from = after ? decodeSearchCursor(after) : 0;
      return cache.get(JSON.stringify(["q", words, where, take, from]), () => readSearchPage(searching, words, where, take, from));
    }
    if (after) decodeCursor(after);
    const key = JSON.stringify([where, take, after ?? null]);
    return cache.get(key, () => readPage(where, take, after));
  }

  // Searches' ranked ids, kept beside the board and emptied with it (board-search.ts).
  const search = createBoardSearch({ prisma, kept: boardCache<number[]>() });
  const searching = { prisma, search, rememberAuthor: (offerId: number, userId: number) => rememberAuthor(offerId, userId) };

  // The authors hidden from each member, kept beside the board and emptied with it: a block or an
  // unblock is a board change (`offers:changed`) on every instance, so a member's board pages cost
  // no statement while they are kept (record 0263).
  const hiddenSets = boardCache<number[]>();

  /**
   * The authors hidden from this member: those she blocked and those who blocked her (issue 27).
   * Kept while the bus reaches the other instances (their blocks empty it); read afresh while it
   * is cut off. Empty for visitors.
   */
  async function hiddenAuthors(viewerId: number | undefined): Promise<number[]> {
    if (!viewerId) return [];
    if (caching && bus.connected) return hiddenSets.get(String(viewerId), () => blockedAround(prisma, viewerId));
    return blockedAround(prisma, viewerId);
  }

  /** Whether this member sees the board every member sees (nobody hidden from her): then kept answers may serve her. */
  async function seesSharedBoard(viewerId: number) {
    return (await hiddenAuthors(viewerId)).length === 0;
  }

  /**
   * What tells her board from the shared one: '' when nobody is hidden from her, else the hidden
   * authors in order. Answers kept for her are kept under it, so they serve only a member with the
   * same hidden authors, and a block made or lifted changes it at once (record 0253).
   */
  async function ownBoardKey(viewerId: number): Promise<string> {
    const hidden = await hiddenAuthors(viewerId);
    return hidden.length ? `hidden:${hidden.sort((a, b) => a - b).join(",")}` : "";
  }

  /** Whether this member may see this author's offers (not across a block). */
  async function mayView(viewerId: number | undefined, authorId: number) {
    return !(await hiddenAuthors(viewerId)).includes(authorId);
  }

  /** A board page as this viewer sees it (visitors' presentation, or members' with her likes), without the authors hidden from her. */
  async function page(filter: OfferFilter, take: number, after: string | null | undefined, viewerId?: number): Promise<BoardPage> {
    return pageFor(validFilter(filter), take, after, viewerId, await hiddenAuthors(viewerId));
  }

  async function pageFor(filter: OfferFilter, take: number, after: string | null | undefined, viewerId: number | undefined, hidden: number[]): Promise<BoardPage> {
    // Her own board: the shared pages (the board's or a search's) without the authors she must not
    // see, or read for her alone.
    if (viewerId && hidden.length) {
      const visible = await visibleCards((cursor) => cachedPage(filter, take, cursor), take, after, new Set(hidden));
      let own: BoardPage;
      if (visible) {
        const items = visible.found.map(({ chunk, index }) => chunk.members.items[index]);
        for (const { offer } of items) if (offer.userId !== null) rememberAuthor(offer.id, offer.userId);
        own = { items, endCursor: items.length ? items[items.length - 1].cursor : null, hasNextPage: visible.hasNextPage };
      } else {
        const valid = validFilter(filter);
        const where = boardWhere(valid);
        const words = searchWords(valid.q);
        const notHidden = { userId: { notIn: hidden } };
        own = (
          words
            ? await readSearchPage(searching, words, where, take, after ? decodeSearchCursor(after) : 0, notHidden)
            : await readPage({ AND: [where, notHidden] }, take, after)
        ).members;
      }
      const liked = await likedAmong(viewerId, own.items.map((i) => i.offer.id));
      return { ...own, items: own.items.map((i) => ({ ...i, offer: presentOffer(i.offer, viewerId, liked.has(i.offer.id)) })) };
    }
    const cached = await cachedPage(filter, take, after);
    if (!viewerId) return cached.anonymous;
    const { members } = cached;
    // Kept again here: the map may have been emptied since the page was read.
    for (const { offer } of members.items) if (offer.userId !== null) rememberAuthor(offer.id, offer.userId);
    const liked = await likedAmong(viewerId, members.items.map((i) => i.offer.id));
    if (liked.size === 0) return members;
    return { ...members, items: members.items.map((i) => ({ ...i, offer: presentOffer(i.offer, viewerId, liked.has(i.offer.id)) })) };
  }

  /**
   * A page's cards as JSON bytes, serialised once per cached page: an anonymous visitor gets the
   * page's bytes as they are, a member the members' bytes, or, when she likes some of the page, the
   * members' cards joined with her own isLiked (no serialisation per request).
   */
  async function pageJson(filter: OfferFilter, take: number, viewerId?: number): Promise<Buffer> {
    const hidden = await hiddenAuthors(viewerId);
    if (viewerId && hidden.length) {
      const joined = await hiddenAwareJson((cursor) => cachedPage(filter, take, cursor), likedAmong, take, viewerId, hidden);
      return joined ?? Buffer.from(JSON.stringify((await pageFor(filter, take, null, viewerId, hidden)).items.map((i) => i.offer)));
    }
    const cached = await cachedPage(filter, take, null);
    if (!viewerId) {
      cached.anonymousJson ??= Buffer.from(JSON.stringify(cached.anonymous.items.map((i) => i.offer)));
      return cached.anonymousJson;
    }
    const json = membersJsonOf(cached);
    if (!json) return Buffer.from(JSON.stringify((await pageFor(filter, take, null, viewerId, hidden)).items.map((i) => i.offer)));
    const liked = await likedAmong(viewerId, json.ids);
    if (liked.size === 0) return json.noneLiked;
    return Buffer.from(`[${json.heads.map((head, i) => head + (liked.has(json.ids[i]) ? "true}" : NOT_LIKED_TAIL)).join(",")}]`);
  }

  /**
   * Every personal field of these cards for one member, from memory but for her likes (one statement,
   * or none while her likes are kept); null when a card's author is not known (then her query executes).
   * `fields` says which are asked for, so that nothing is read for a field the query did not select.
   */
  async function personalValues(viewerId: number, offerIds: number[], fields: ReadonlySet<PersonalOfferField>): Promise<PersonalValues | null> {
    let own: Set<number> | null = null;
    if (fields.has("isOwn")) {
      own = new Set<number>();
      for (const id of offerIds) {
        const author = authors.get(id);
        if (author === undefined) return null;
        if (isOwnFor({ userId: author }, viewerId)) own.add(id);
      }
    }
    const liked = fields.has("isLiked") ? await likedAmong(viewerId, offerIds) : null;
    const values: Record<PersonalOfferField, (offerId: number) => boolean> = {
      isLiked: (offerId) => liked?.has(offerId) ?? false,
      isOwn: (offerId) => own?.has(offerId) ?? false,
    };
    return (offerId, field) => values[field](offerId);
  }

  return {
    page,
    pageJson,
    likedAmong,
    personalValues,
    seesSharedBoard,
    ownBoardKey,
    mayView,
    /** The fields of `Offer` that differ from one member to another (the GraphQL door reads them). */
    personalFields: PERSONAL_OFFER_FIELDS,
    /** Whole GraphQL answers of the board (graphql/board-response-cache.ts), emptied with the pages. */
    responseCache: boardCache<CachedBoardResult>(),
    /** Forgets everything kept (this instance): after a board change, or when the bus missed some. */
    invalidate,
    stop() {
      stopMissed();
      stopListening();
    },
  };
}

export type BoardReadModel = ReturnType<typeof createBoardReadModel>;
