import { containsNul, dayInSaoPaulo, ERROR_TEXTS, NOTIFICATION_TEXTS, kindLockedFor, MONTHLY_PUBLICATIONS, monthlyLimitReached, offerInputSchema, type OfferTypeName, offerUpdateSchema, PLAN_RANK, POST_TYPES, startOfMonthInSaoPaulo, TEXT_MESSAGES } from "@clube-coroa/schema";
import type { z } from "zod";
import type { User } from "../../generated/prisma/client.js";
import type { Bus, BusEvents } from "../../events.js";
import type { Clock } from "../../lib/clock.js";
import type { PrismaClient, Tx } from "../../lib/db.js";
import { AppError } from "../../lib/errors.js";
import type { Logger } from "../../lib/log.js";
import type { ImproveTextInput, TextImprover } from "../../providers/ai/ai.js";
import { assertAllowed, type RateLimiter } from "../../lib/rate-limit.js";
import { notify, publishEntries } from "../notifications/deliveries.js";
import { authorSelect, BOARD_VISIBLE, createBoardReadModel, isOneOf, type ListOffersArgs, offerCard, type OfferDTO, type OfferFilter, presentOffer } from "./board-read-model.js";

export interface OffersDeps {
  prisma: PrismaClient;
  /** BoardCache time limit in ms (config BOARD_CACHE_MS); 0 reads the database every time. */
  boardCacheMs?: number;
  clock: Clock;
  log: Logger;
  bus: Bus;
  ai: TextImprover;
  /** 'Ajustar por IA' requests per member (an outside model costs money); beyond it RATE_LIMITED. */
  improveLimiter?: RateLimiter;
  /** Likes and unlikes per member (each is pushed to every board watching); beyond it RATE_LIMITED. */
  likeLimiter?: RateLimiter;
}

export type OfferChange = BusEvents["offers:changed"][0];

/** A refusal by plan: REST answers 403 with `{ error, upgradeMessage, showUpgrade: true }`. */
export class PlanLimitError extends AppError {
  readonly upgradeMessage: string;
  readonly showUpgrade = true as const;
  constructor(message: string, upgradeMessage: string) {
    super("PLAN_LIMIT", message, { details: { upgradeMessage, showUpgrade: true } });
    this.name = "PlanLimitError";
    this.upgradeMessage = upgradeMessage;
  }
}

export const BOARD_PAGE_DEFAULT = 24;
export const BOARD_PAGE_MAX = 50;
/** GET /api/offers answers one plain array: the first this many offers in board order. */
export const REST_BOARD_LIMIT = 200;
/** Alteza's monthly allowance per restricted kind (schema's MONTHLY_PUBLICATIONS); apoio is free for every plan. */
export const ALTEZA_MONTHLY_LIMIT = MONTHLY_PUBLICATIONS.alteza.permuta ?? 0;
/** 'Minhas Publicações' lists at most this many of her offers, newest first. */
export const MY_OFFERS_MAX = 200;

/** Her entry of 'Avisos' for a like: the likes of one São Paulo day are one entry (issue 29). */
function notifyLike(tx: Tx, offer: { id: number; userId: number; title: string }, likerId: number, now: Date) {
  return notify(tx, [{
    userId: offer.userId,
    type: "offer_liked",
    groupKey: `likes:${offer.id}:${dayInSaoPaulo(now)}`,
    actorId: likerId,
    text: (count) => NOTIFICATION_TEXTS.offer_liked({ offerTitle: offer.title, offerId: offer.id, count }),
  }], now);
}

/** Her entry of 'Avisos' when the staff deleted her offer. */
function notifyRemoved(tx: Tx, offer: { id: number; userId: number; title: string }, now: Date) {
  const text = NOTIFICATION_TEXTS.offer_removed({ offerTitle: offer.title });
  return notify(tx, [{ userId: offer.userId, type: "offer_removed", groupKey: `offer_removed:${offer.id}`, text: () => text }], now);
}

/**
 * Rewrites the board copies of the author's plan rank, join date and state on all her offers.
 * Call it inside the transaction that changes her plan or state.
 */
export async function syncAuthorFields(tx: Tx | PrismaClient, userId: number): Promise<number> {
  const author = await tx.user.findUnique({ where: { id: userId }, select: { plan: true, createdAt: true, state: true } });
  if (!author) return 0;
  const { count } = await tx.offer.updateMany({
    where: { userId },
    data: { authorPlanRank: PLAN_RANK[author.plan], authorJoinedAt: author.createdAt, state: author.state },
  });
  return count;
}

function validate<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
  const parsed = schema.safeParse(input ?? {});
  if (!parsed.success) throw new AppError("VALIDATION", parsed.error.issues[0]?.message);
  return parsed.data;
}

export function createOffersService(deps: OffersDeps) {
  const { prisma, clock, bus, ai, log } = deps;

  const board = createBoardReadModel({ prisma, boardCacheMs: deps.boardCacheMs, bus, log });

  /** After commit: this instance forgets its pages at once, the others when the bus tells them. */
  const publish = (change: OfferChange) => {
    board.invalidate();
    return bus.pubsub.publish("offers:changed", change);
  };

  /** Serialises one author's writes so that two parallel creations cannot both pass a limit. */
  const lockAuthor = (tx: Tx, userId: number) =>
    tx.$queryRaw`SELECT 1 AS locked FROM (SELECT pg_advisory_xact_lock(hashtext(${`offers:${userId}`}))) AS l`;

  /** The plan rules of publishing (schema's MONTHLY_PUBLICATIONS, docs/decisions/0018-plan-limits.md): refuses with PlanLimitError. */
  async function assertPlanAllows(tx: Tx, author: Pick<User, "id" | "plan">, type: OfferTypeName, now: Date) {
    const locked = kindLockedFor(author.plan, type);
    if (locked) throw new PlanLimitError(locked.message, locked.upgradeMessage);
    if (MONTHLY_PUBLICATIONS[author.plan][type] === null) return;
    // Publications, not offers: a deleted offer still used its slot this month.
    const used = await tx.offerPublication.count({ where: { userId: author.id, type, createdAt: { gte: startOfMonthInSaoPaulo(now) } } });
    const reached = monthlyLimitReached(author.plan, type, used);
    if (reached) throw new PlanLimitError(reached.message, reached.upgradeMessage);
  }

  const { likedAmong } = board;

  /** One page of the board in board order, with keyset paging over the board indexes. */
  function listOffers(args: ListOffersArgs, viewerId?: number) {
    const first = Math.min(Math.max(Math.trunc(args.first ?? BOARD_PAGE_DEFAULT), 1), BOARD_PAGE_MAX);
    return board.page(args, first, args.after, viewerId);
  }

  /** The legacy board: the first REST_BOARD_LIMIT offers as one array. */
  async function boardArray(filter: OfferFilter, viewerId?: number) {
    return (await board.page(filter, REST_BOARD_LIMIT, null, viewerId)).items.map((i) => i.offer);
  }

  /** The legacy board as JSON bytes, serialised once per cached page (see the read model's pageJson). */
  function boardArrayJson(filter: OfferFilter, viewerId?: number): Promise<Buffer> {
    return board.pageJson(filter, REST_BOARD_LIMIT, viewerId);
  }

  async function getOffer(id: number, viewerId?: number, viewerIsStaff = false): Promise<OfferDTO | null> {
    const row = await prisma.offer.findUnique({ where: { id }, include: { user: { select: authorSelect } } });
    if (!row) return null;
    const own = viewerId !== undefined && row.userId === viewerId;
    // A hidden offer exists for its owner only, who sees it marked hidden.
    if (row.hiddenAt && !own) return null;
    // Under review, or of a suspended member: for its owner and the staff only (issue 27).
    if ((row.underReviewAt || row.authorSuspended) && !own && !viewerIsStaff) return null;
    // Nor across a block, either way (issue 27): the same answer as an offer that does not exist.
    if (!(await board.mayView(viewerId, row.userId))) return null;
    const card = presentOffer(offerCard(row), viewerId, (await likedAmong(viewerId, [row.id])).has(row.id));
    return marked(row, card);
  }

  /** The owner's (and staff's) marks on a card off the board: hidden by the staff, or under review. */
  function marked(row: { hiddenAt: Date | null; underReviewAt: Date | null }, card: OfferDTO): OfferDTO {
    if (row.hiddenAt) return { ...card, hidden: true };
    if (row.underReviewAt) return { ...card, underReview: true };
    return card;
  }

  /**
   * Her own offers in one place (issue 24: on the board a nobreza member's offer sorts last), newest
   * first, hidden ones marked, each with the conversations started on it that have a message (an
   * empty one is not in her list either). At most MY_OFFERS_MAX.
   */
  async function myOffers(user: Pick<User, "id">): Promise<{ offer: OfferDTO; conversationCount: number }[]> {
    const rows = await prisma.offer.findMany({
      where: { userId: user.id },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: MY_OFFERS_MAX,
      include: {
        user: { select: authorSelect },
        _count: { select: { conversations: { where: { messages: { some: {} } } } } },
      },
    });
    const liked = await likedAmong(user.id, rows.map((r) => r.id));
    return rows.map((row) => {
      const card = presentOffer(offerCard(row), user.id, liked.has(row.id));
      return { offer: marked(row, card), conversationCount: row._count.conversations };
    });
  }

  async function createOffer(user: Pick<User, "id">, input: unknown): Promise<OfferDTO> {
    const data = validate(offerInputSchema, input);
    const now = clock.now();
    const row = await prisma.$transaction(async (tx) => {
      await lockAuthor(tx, user.id);
      const author = await tx.user.findUnique({ where: { id: user.id } });
      if (!author) throw new AppError("UNAUTHENTICATED");
      await assertPlanAllows(tx, author, data.type, now);
      const created = await tx.offer.create({
        data: {
          ...data,
          userId: author.id,
          authorPlanRank: PLAN_RANK[author.plan],
          authorJoinedAt: author.createdAt,
          state: author.state,
          createdAt: now,
        },
        include: { user: { select: authorSelect } },
      });
      await tx.offerPublication.create({ data: { userId: author.id, offerId: created.id, type: created.type, createdAt: now } });
      return created;
    });
    await publish({ kind: "created", offerId: row.id });
    return presentOffer(offerCard(row), user.id);
  }

  async function ownedOffer(tx: Tx, user: Pick<User, "id" | "role">, id: number, action: "editar" | "excluir") {
    const offer = await tx.offer.findUnique({ where: { id }, select: { id: true, userId: true, type: true, title: true } });
    if (!offer) throw new AppError("NOT_FOUND", ERROR_TEXTS.offerNotFound);
    const mayAct = offer.userId === user.id || (action === "excluir" && user.role === "superuser");
    if (!mayAct) throw new AppError("FORBIDDEN", ERROR_TEXTS.offerForbidden(action));
    return offer;
  }

  /** Only the owner edits; a new kind is checked against her plan like a new publication. */
  async function updateOffer(user: Pick<User, "id" | "role">, id: number, input: unknown): Promise<OfferDTO> {
    const data = validate(offerUpdateSchema, input);
    // The shared schema's `.partial()` still applies isUrgent's default: keep it only when sent.
    if ((input as { isUrgent?: unknown } | null)?.isUrgent === undefined) delete data.isUrgent;
    const now = clock.now();
    const row = await prisma.$transaction(async (tx) => {
      await lockAuthor(tx, user.id);
      const offer = await ownedOffer(tx, user, id, "editar");
      if (data.type && data.type !== offer.type) {
        const author = await tx.user.findUniqueOrThrow({ where: { id: user.id }, select: { id: true, plan: true } });
        await assertPlanAllows(tx, author, data.type, now);
        // Turning an offer into another kind publishes one of that kind.
        await tx.offerPublication.create({ data: { userId: user.id, offerId: id, type: data.type, createdAt: now } });
      }
      return tx.offer.update({ where: { id }, data, include: { user: { select: authorSelect } } });
    });
    await publish({ kind: "updated", offerId: id });
    return presentOffer(offerCard(row), user.id, (await likedAmong(user.id, [id])).has(id));
  }

  /** The owner deletes her offer; a superuser may delete any. */
  async function deleteOffer(user: Pick<User, "id" | "role">, id: number) {
    const entries = await prisma.$transaction(async (tx) => {
      const offer = await ownedOffer(tx, user, id, "excluir");
      await tx.offer.deleteMany({ where: { id } });
      // Removed by the staff: the author hears it (issue 29).
      return offer.userId === user.id ? [] : notifyRemoved(tx, offer, clock.now());
    });
    publishEntries(bus, entries);
    await publish({ kind: "deleted", offerId: id });
    return { success: true as const };
  }

  /**
   * Likes or unlikes. The offer row is locked first, so toggles on one offer run one after the
   * other and the count always equals the number of Like rows.
   */
  async function toggleLike(user: Pick<User, "id">, offerId: number) {
    await assertAllowed(deps.likeLimiter, user.id);
    const result = await prisma.$transaction(async (tx) => {
      const found = await tx.$queryRaw<{ id: number; userId: number; title: string }[]>`SELECT id, "userId", title FROM "Offer" WHERE id = ${offerId} AND "hiddenAt" IS NULL AND "underReviewAt" IS NULL AND NOT "authorSuspended" FOR UPDATE`;
      if (found.length === 0) throw new AppError("NOT_FOUND", ERROR_TEXTS.offerNotFound);
      const removed = await tx.like.deleteMany({ where: { userId: user.id, offerId } });
      const liked = removed.count === 0;
      const now = clock.now();
      if (liked) await tx.like.create({ data: { userId: user.id, offerId, createdAt: now } });
      const offer = await tx.offer.update({
        where: { id: offerId },
        data: { likesCount: { increment: liked ? 1 : -1 } },
        select: { likesCount: true },
      });
      const entries = liked ? await notifyLike(tx, found[0], user.id, now) : [];
      return { liked, totalLikes: offer.likesCount, entries };
    });
    publishEntries(bus, result.entries);
    await publish({ kind: "liked", offerId, totalLikes: result.totalLikes });
    return { liked: result.liked, totalLikes: result.totalLikes };
  }

  async function likedOfferIds(user: Pick<User, "id">) {
    const likes = await prisma.like.findMany({ where: { userId: user.id }, orderBy: { createdAt: "desc" }, select: { offerId: true } });
    return likes.map((l) => l.offerId);
  }

  async function communityStats() {
    const [totalMembers, byType] = await Promise.all([
      prisma.user.count(),
      prisma.offer.groupBy({ by: ["type"], where: BOARD_VISIBLE, _count: { _all: true } }),
    ]);
    const count = (type: OfferTypeName) => byType.find((g) => g.type === type)?._count._all ?? 0;
    return { totalMembers, totalCollabs: count("collab"), totalPermutas: count("permuta"), totalApoios: count("apoio") };
  }

  /** 'Ajustar por IA': needs a title and a description; answers the improved description. */
  async function improveText(user: Pick<User, "id">, input: { title?: unknown; description?: unknown; postType?: unknown }) {
    if (containsNul(input)) throw new AppError("VALIDATION", TEXT_MESSAGES.invalidCharacters);
    const title = typeof input.title === "string" ? input.title.trim() : "";
    const description = typeof input.description === "string" ? input.description.trim() : "";
    if (!title || !description) throw new AppError("VALIDATION", ERROR_TEXTS.offerFieldsRequired);
    if (title.length > 500 || description.length > 5000) throw new AppError("PAYLOAD_TOO_LARGE");
    await assertAllowed(deps.improveLimiter, user.id);
    const request: ImproveTextInput = {
      title,
      description,
      postType: isOneOf(POST_TYPES, input.postType) ? input.postType : "oferta",
    };
    try {
      return { description: await ai.improve(request) };
    } catch (error) {
      if (error instanceof AppError) throw error;
      log.warn({ err: error, provider: ai.kind }, "text improver failed");
      throw new AppError("AI_FAILED");
    }
  }

  return {
    /** Every change of the board, as it happens. */
    changes: () => bus.pubsub.subscribe("offers:changed"),
    listOffers,
    boardArray,
    boardArrayJson,
    getOffer,
    myOffers,
    createOffer,
    updateOffer,
    deleteOffer,
    toggleLike,
    likedOfferIds,
    /** What a viewer sees of the board, its personal fields and its caches (the GraphQL door's response cache asks it). */
    board,
    communityStats,
    improveText,
    /** Tells every board that a member's cards changed (her plan, state or display fields), after commit. */
    authorChanged(authorId: number) {
      publish({ kind: "author", authorId });
    },
    /** The staff hid an offer, or reports put it under review or the staff ended that (after commit): every board changes at once. */
    offerHidden(offerId: number) {
      void publish({ kind: "updated", offerId });
    },
    /** Stops listening to the bus (app shutdown). */
    stop() {
      board.stop();
    },
  };
}

export type OffersService = ReturnType<typeof createOffersService>;
