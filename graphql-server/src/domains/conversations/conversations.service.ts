import {
  NOTIFICATION_TEXTS,
  type ConversationsFromName,
  ERROR_TEXTS,
  mayContact,
  type OfferTypeName,
  parseId,
  type PlanName,
  SAFETY_REFUSALS,
} from "@clube-coroa/schema";
import { filter } from "@graphql-yoga/subscription";
import { Prisma, type User } from "../../generated/prisma/client.js";
import { conversationSearchTerms, findConversationMatches, type ConversationMatch } from "./conversation-search.js";
import type { MessageDTO } from "./messages.js";
import { createMessageSender, displayName, type MessageRow, type MessageSenderDeps, notFound, toMessageDTO } from "./send-message.js";
import { notify, publishEntries } from "../notifications/deliveries.js";
import type { PrismaClient, Tx } from "../../lib/db.js";
import { AppError, UpgradeRequiredError } from "../../lib/errors.js";
import { blockedAround, blockedBetweenSql, isBlockedBetween, mutedSql } from "../safety/reach.js";

export { displayName, toMessageDTO, WHATSAPP_NOTICE_INTERVAL_MS } from "./send-message.js";

export type ConversationsDeps = MessageSenderDeps;

export interface ConversationDTO {
  id: number;
  offer: { id: number; title: string; type: OfferTypeName } | null;
  otherUser: {
    id: number;
    fullName: string | null;
    nickname: string | null;
    profilePhoto: string | null;
    plan: PlanName;
    isOnline: boolean;
  } | null;
  lastMessage: MessageDTO | null;
  lastMessageAt: string;
  createdAt: string;
  unreadCount: number;
  /**
   * Nobody can write in it any more (a block between the two, either way): it stays readable and the
   * client shows a calm notice instead of the composer. Said the same way to both members.
   */
  messagingClosed: boolean;
  /** Where her search's words were found (a search's answer only; record 0265). */
  match?: ConversationMatch;
  /** The other member is suspended by the staff (issue 27): the conversation shows 'Conta suspensa' and takes no message. */
  otherSuspended: boolean;
  /** She muted this conversation's notices (issue 29): no entry, push or WhatsApp for its messages. */
  noticesMuted: boolean;
}

export type { ConversationMatch } from "./conversation-search.js";

export const MESSAGES_PAGE_DEFAULT = 50;
export const MESSAGES_PAGE_MAX = 200;

const userCard = {
  id: true,
  fullName: true,
  nickname: true,
  profilePhoto: true,
  plan: true,
  isOnline: true,
  suspendedAt: true,
  suspendedUntil: true,
} satisfies Prisma.UserSelect;

/** A message cursor (a message id); 0 is accepted as "from the start". */
function validCursor(value: unknown): number | undefined {
  if (value === undefined || value === null || value === "") return undefined;
  if (value === 0 || value === "0") return 0;
  const id = parseId(value);
  if (id === null) throw new AppError("BAD_REQUEST", ERROR_TEXTS.cursorInvalid);
  return id;
}

/**
 * Her conversations with everything the list shows, in three queries whatever their number:
 * memberships with offer and members, then last messages and unread counts for all at once.
 */
async function loadConversations(prisma: PrismaClient, userId: number, where: Prisma.ConversationMemberWhereInput, now: Date): Promise<ConversationDTO[]> {
  const rows = await prisma.conversationMember.findMany({
    where: { userId, ...where },
    orderBy: [{ conversation: { lastMessageAt: "desc" } }, { conversationId: "desc" }],
    include: {
      conversation: {
        include: {
          offer: { select: { id: true, title: true, type: true } },
          members: { where: { userId: { not: userId } }, include: { user: { select: userCard } } },
        },
      },
    },
  });
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.conversationId);
  const [lasts, unread, blocked] = await Promise.all([
    prisma.$queryRaw<MessageRow[]>`
      SELECT DISTINCT ON ("conversationId") "id", "conversationId", "senderId", "content", "createdAt"
      FROM "Message" WHERE "conversationId" IN (${Prisma.join(ids)})
      ORDER BY "conversationId", "createdAt" DESC, "id" DESC`,
    prisma.$queryRaw<{ conversationId: number; count: number }[]>`
      SELECT m."conversationId", count(*)::int AS "count"
      FROM "Message" m JOIN "ConversationMember" cm ON cm."conversationId" = m."conversationId" AND cm."userId" = ${userId}
      WHERE m."conversationId" IN (${Prisma.join(ids)}) AND m."senderId" IS DISTINCT FROM ${userId}
        AND (cm."lastReadAt" IS NULL OR m."createdAt" > cm."lastReadAt")
      GROUP BY m."conversationId"`,
    blockedAround(prisma, userId).then((ids) => new Set(ids)),
  ]);
  const lastById = new Map(lasts.map((m) => [m.conversationId, m]));
  const unreadById = new Map(unread.map((u) => [u.conversationId, Number(u.count)]));
  return rows.map(({ conversation: c, noticesMutedAt }) => {
    const found = c.members[0]?.user ?? null;
    const suspended = found !== null && found.suspendedAt !== null && (found.suspendedUntil === null || found.suspendedUntil > now);
    const member = found && { id: found.id, fullName: found.fullName, nickname: found.nickname, profilePhoto: found.profilePhoto, plan: found.plan, isOnline: found.isOnline };
    const closed = member !== null && (blocked.has(member.id) || suspended);
    // No presence across a block, nor of a suspended member.
    const other = member && closed ? { ...member, isOnline: false } : member;
    const last = lastById.get(c.id);
    return {
      id: c.id,
      offer: c.offer,
      otherUser: other,
      lastMessage: last ? toMessageDTO({ ...last, createdAt: new Date(last.createdAt) }) : null,
      lastMessageAt: c.lastMessageAt.toISOString(),
      createdAt: c.createdAt.toISOString(),
      // No unread count across a block either (a mute keeps hers: marked unread inside the conversation).
      unreadCount: closed && !suspended ? 0 : (unreadById.get(c.id) ?? 0),
      messagingClosed: closed,
      otherSuspended: suspended,
      noticesMuted: noticesMutedAt !== null,
    };
  });
}

export function createConversationsService(deps: ConversationsDeps) {
  const { prisma, clock, bus } = deps;

  async function membership(db: Tx | PrismaClient, userId: number, conversationId: number) {
    const member = await db.conversationMember.findUnique({
      where: { conversationId_userId: { conversationId, userId } },
      include: { conversation: true },
    });
    if (!member) throw notFound();
    return member;
  }

  /** Refuses (404, so that ids of others' conversations reveal nothing) unless she is a member. */
  async function assertMember(user: Pick<User, "id">, conversationId: number) {
    if (parseId(conversationId) === null) throw notFound();
    await membership(prisma, user.id, conversationId);
  }
  const load = (userId: number, where: Prisma.ConversationMemberWhereInput) => loadConversations(prisma, userId, where, clock.now());
  const { sendMessage } = createMessageSender(deps, publishUnread);

  async function getConversation(user: Pick<User, "id">, conversationId: number) {
    const [conversation] = await load(user.id, { conversationId });
    if (!conversation) throw notFound();
    return conversation;
  }

  /**
   * Messages from others after her lastReadAt, in the conversations she has not deleted: her badge.
   * Not those of a member she muted (while the mute lasts) nor across a block (issue 27); a muted
   * member's messages stay unread inside the conversation.
   */
  async function unreadCount(user: Pick<User, "id">): Promise<number> {
    const sender = Prisma.sql`m."senderId"`;
    const [row] = await prisma.$queryRaw<{ count: number }[]>`
      SELECT count(*)::int AS "count"
      FROM "Message" m JOIN "ConversationMember" cm ON cm."conversationId" = m."conversationId"
      WHERE cm."userId" = ${user.id} AND cm."hiddenAt" IS NULL AND m."senderId" IS DISTINCT FROM ${user.id}
        AND (cm."lastReadAt" IS NULL OR m."createdAt" > cm."lastReadAt")
        AND NOT ${mutedSql(user.id, sender, clock.now())} AND NOT ${blockedBetweenSql(user.id, sender)}`;
    return Number(row?.count ?? 0);
  }

  function publishUnread(userIds: number[]) {
    for (const userId of userIds) bus.pubsub.publish("unread:changed", userId, {});
  }

  /** 'Quem pode iniciar conversa comigo' of the offer's author, for a new conversation only. */
  async function assertTakesConversationsFrom(rule: ConversationsFromName, askerId: number) {
    if (rule === "nobody") throw new AppError("CONVERSATIONS_CLOSED");
    if (rule === "complete_profiles") {
      const asker = await prisma.user.findUnique({ where: { id: askerId }, select: { profileComplete: true } });
      if (!asker?.profileComplete) throw new AppError("CONVERSATIONS_CLOSED", SAFETY_REFUSALS.conversationsOnlyCompleteProfiles);
    }
  }

  async function startConversation(
    user: Pick<User, "id" | "plan">,
    offerId: number,
    options: { expectedOwnerId?: number } = {},
  ): Promise<ConversationDTO> {
    const offer = parseId(offerId) !== null
      ? await prisma.offer.findUnique({
        where: { id: offerId },
        select: { id: true, userId: true, type: true, title: true, hiddenAt: true, user: { select: { conversationsFrom: true } } },
      })
      : null;
    if (!offer) throw new AppError("NOT_FOUND", ERROR_TEXTS.offerNotFound);
    if (options.expectedOwnerId !== undefined && options.expectedOwnerId !== offer.userId) {
      throw new AppError("OFFER_OWNER_MISMATCH");
    }
    if (offer.userId === user.id) throw new AppError("OWN_OFFER");
    // Contacting is refused whether or not the conversation exists (one she opened on a higher plan
    // stays in her list to read; docs/decisions/0181-a-member-moved-down-to-nobreza-in-her-conversations.md).
    if (!mayContact(user.plan, offer.type)) throw new UpgradeRequiredError("contact", "alteza");
    // Across a block (either way), the neutral refusal of any conversation she cannot write in (issue 27).
    if (await isBlockedBetween(prisma, user.id, offer.userId)) throw new AppError("CONVERSATION_UNAVAILABLE");
    const key = { offerId_interestedUserId: { offerId: offer.id, interestedUserId: user.id } };
    let existing = await prisma.conversation.findUnique({ where: key, select: { id: true } });
    // A hidden offer starts no new conversation; the ones already open go on.
    if (!existing && offer.hiddenAt) throw new AppError("NOT_FOUND", ERROR_TEXTS.offerNotFound);
    if (!existing) await assertTakesConversationsFrom(offer.user.conversationsFrom, user.id);
    if (!existing) {
      const now = clock.now();
      try {
        const started = await prisma.$transaction(async (tx) => {
          const created = await tx.conversation.create({
            data: { offerId: offer.id, offerOwnerId: offer.userId, interestedUserId: user.id, createdAt: now, lastMessageAt: now },
          });
          await tx.conversationMember.createMany({
            data: [
              { conversationId: created.id, userId: user.id, joinedAt: now },
              { conversationId: created.id, userId: offer.userId, joinedAt: now },
            ],
          });
          // The owner's entry of 'Avisos' (issue 29), with the conversation.
          const asker = await tx.user.findUniqueOrThrow({ where: { id: user.id }, select: { nickname: true, fullName: true } });
          const text = NOTIFICATION_TEXTS.conversation_started({ senderName: displayName(asker), offerTitle: offer.title, conversationId: created.id });
          const entries = await notify(tx, [{ userId: offer.userId, type: "conversation_started", groupKey: `conversation_started:${created.id}`, actorId: user.id, text: () => text }], now);
          return { id: created.id, entries };
        });
        existing = { id: started.id };
        publishEntries(bus, started.entries);
        deps.statsTouched?.();
      } catch (error) {
        // Two parallel starts: the unique (offerId, interestedUserId) lets one win; answer its row.
        if (!(error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002")) throw error;
        existing = await prisma.conversation.findUniqueOrThrow({ where: key, select: { id: true } });
      }
    } else {
      await prisma.conversationMember.updateMany({
        where: { conversationId: existing.id, userId: user.id, hiddenAt: { not: null } },
        data: { hiddenAt: null },
      });
    }
    return getConversation(user, existing.id);
  }

  /**
   * The conversations she has not deleted. One still without messages is hers only if she started
   * it (issue 24: 'Pedir Permuta' left an empty 'Sem mensagens' row in the owner's list); the owner
   * sees it with its first message, which also tells her live (notification and unread count).
   */
  const listWhere = (user: Pick<User, "id">): Prisma.ConversationMemberWhereInput => ({
    hiddenAt: null,
    OR: [{ conversation: { interestedUserId: user.id } }, { conversation: { messages: { some: {} } } }],
  });

  async function listConversations(user: Pick<User, "id">) {
    return load(user.id, listWhere(user));
  }

  /** Her conversations holding the words, each with where they were found (conversation-search.ts, record 0265). */
  async function searchConversations(user: Pick<User, "id">, q: unknown): Promise<ConversationDTO[]> {
    const terms = conversationSearchTerms(q);
    if (!terms) return listConversations(user);
    const matches = await findConversationMatches(prisma, user.id, terms);
    if (matches.size === 0) return [];
    const found = await load(user.id, { conversationId: { in: [...matches.keys()] }, ...listWhere(user) });
    return found.map((conversation) => ({ ...conversation, match: matches.get(conversation.id) }));
  }

  async function listMessages(
    user: Pick<User, "id">,
    conversationId: number,
    page: { before?: unknown; after?: unknown; limit?: unknown } = {},
  ): Promise<MessageDTO[]> {
    await assertMember(user, conversationId);
    const before = validCursor(page.before);
    const after = validCursor(page.after);
    const asked = Number(page.limit ?? MESSAGES_PAGE_DEFAULT);
    const take = Number.isInteger(asked) ? Math.min(Math.max(asked, 1), MESSAGES_PAGE_MAX) : MESSAGES_PAGE_DEFAULT;
    if (after !== undefined) {
      const rows = await prisma.message.findMany({
        where: { conversationId, id: { gt: after, ...(before !== undefined ? { lt: before } : {}) } },
        orderBy: { id: "asc" },
        take,
      });
      return rows.map(toMessageDTO);
    }
    const rows = await prisma.message.findMany({
      where: { conversationId, ...(before !== undefined ? { id: { lt: before } } : {}) },
      orderBy: { id: "desc" },
      take,
    });
    return rows.reverse().map(toMessageDTO);
  }
  /** Marks read up to the newest committed message; one committed later stays unread. */
  async function markRead(user: Pick<User, "id">, conversationId: number) {
    if (parseId(conversationId) === null) throw notFound();
    const { conversation } = await membership(prisma, user.id, conversationId);
    await prisma.conversationMember.update({
      where: { conversationId_userId: { conversationId, userId: user.id } },
      data: { lastReadAt: conversation.lastMessageAt },
    });
    const count = await unreadCount(user);
    publishUnread([user.id]);
    return { conversationId, unreadCount: count };
  }

  /**
   * Deletes the conversation for her only (docs/decisions/0033-deleting-a-conversation-hides-it-for-her-only.md): her membership is hidden and read;
   * the other member keeps hers and every message. A new message shows it to her again.
   */
  async function deleteConversation(user: Pick<User, "id">, conversationId: number) {
    if (parseId(conversationId) === null) throw notFound();
    const { conversation } = await membership(prisma, user.id, conversationId);
    await prisma.conversationMember.update({
      where: { conversationId_userId: { conversationId, userId: user.id } },
      data: { hiddenAt: clock.now(), lastReadAt: conversation.lastMessageAt },
    });
    publishUnread([user.id]);
    return { conversationId };
  }

  /** The ids of the members she has a conversation with (for presence), none across a block. */
  async function partnerIds(user: Pick<User, "id">): Promise<number[]> {
    const blocked = await blockedAround(prisma, user.id);
    const rows = await prisma.conversationMember.findMany({
      where: { userId: { not: user.id, notIn: blocked }, conversation: { members: { some: { userId: user.id } } } },
      select: { userId: true },
      distinct: ["userId"],
    });
    return rows.map((r) => r.userId);
  }

  /** Events about other members, without those of a member on the other side of a block (checked per event). */
  function withoutBlocked<T>(user: Pick<User, "id">, source: AsyncIterable<T>, memberOf: (event: T) => number) {
    return filter<T>(async (event) => !(await isBlockedBetween(prisma, user.id, memberOf(event))))(source);
  }

  return {
    withoutBlocked,
    /** New messages of one conversation, as they are sent (check membership first: assertMember). */
    messagesIn: (conversationId: number) => bus.pubsub.subscribe("message:added", conversationId),
    /** The spec's new-message notifications for one member. */
    notificationsFor: (userId: number) => bus.pubsub.subscribe("notification:new", userId),
    /** A signal each time her unread count may have changed (count it with unreadCount). */
    unreadChangesFor: (userId: number) => bus.pubsub.subscribe("unread:changed", userId),
    assertMember,
    startConversation,
    getConversation,
    listConversations,
    searchConversations,
    listMessages,
    sendMessage,
    markRead,
    deleteConversation,
    unreadCount,
    partnerIds,
  };
}

export type ConversationsService = ReturnType<typeof createConversationsService>;
