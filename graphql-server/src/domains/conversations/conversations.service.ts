import { clientMessageIdSchema, ERROR_TEXTS, mayContact, messageContentSchema, type OfferTypeName, parseId, type PlanName } from "@clube-coroa/schema";
import { Prisma, type User } from "../../generated/prisma/client.js";
import type { Bus } from "../../events.js";
import type { MessageDTO, NewMessageNotification } from "./messages.js";
import type { Clock } from "../../lib/clock.js";
import type { PrismaClient, Tx } from "../../lib/db.js";
import { AppError, UpgradeRequiredError } from "../../lib/errors.js";
import type { Logger } from "../../lib/log.js";
import type { WhatsAppSender } from "../../providers/whatsapp/whatsapp.js";
import type { RateLimiter } from "../../lib/rate-limit.js";

export interface ConversationsDeps {
  /** Messages a member may send per minute (see services.ts); beyond it MESSAGES_TOO_FAST. */
  sendLimiter?: RateLimiter;
  prisma: PrismaClient;
  clock: Clock;
  log: Logger;
  bus: Bus;
  whatsapp: WhatsAppSender;
  /** A conversation or message was added: the admin dashboard's counts changed. */
  statsTouched?: () => void;
}

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
}

export const MESSAGES_PAGE_DEFAULT = 50;
export const MESSAGES_PAGE_MAX = 200;
/** At most one WhatsApp notice per conversation and member in this window. */
export const WHATSAPP_NOTICE_INTERVAL_MS = 15 * 60 * 1000;

const userCard = { id: true, fullName: true, nickname: true, profilePhoto: true, plan: true, isOnline: true } satisfies Prisma.UserSelect;

type MessageRow = { id: number; conversationId: number; senderId: number | null; content: string; createdAt: Date };

/** What sendMessage's statement answers: the message, who sent it, the offer, whom to tell. */
type SentRow = MessageRow & {
  senderNickname: string | null;
  senderFullName: string | null;
  senderPhone: string;
  offerId: number | null;
  offerTitle: string | null;
  recipients: number[];
  notice: string[];
};
/**
 * The statement's row for her conversation: the message it stored, or `id` null when it stored
 * none (`locked`: her plan keeps her from writing there; otherwise her key was used already).
 */
type SendRow = { locked: boolean } & (SentRow | { id: null });

export const toMessageDTO = (m: MessageRow): MessageDTO => ({
  id: m.id,
  conversationId: m.conversationId,
  senderId: m.senderId,
  content: m.content,
  createdAt: m.createdAt.toISOString(),
});

export const displayName = (u: { nickname: string | null; fullName: string | null }) => u.nickname || u.fullName || "Parceira";

const notFound = () => new AppError("CONVERSATION_NOT_FOUND");

// Who may contact and write is schema's `mayContact` (entitlements.ts): nobreza only in apoio
// conversations; a conversation whose offer was deleted counts as not apoio. sendMessage's statement
// says the same in SQL (`locked`), reading her plan inside it; a test holds the two together.

function validContent(content: unknown): string {
  const parsed = messageContentSchema.safeParse(content);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  if (issue?.code === "too_big") throw new AppError("MESSAGE_TOO_LONG");
  if (issue?.code === "custom") throw new AppError("VALIDATION", issue.message);
  throw new AppError("MESSAGE_EMPTY");
}

/** The client's key for a message, when it gave one (absent or null: none). */
function validClientMessageId(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  const parsed = clientMessageIdSchema.safeParse(value);
  if (!parsed.success) throw new AppError("CLIENT_MESSAGE_ID_INVALID");
  return parsed.data;
}

/** A message cursor (a message id); 0 is accepted as "from the start". */
function validCursor(value: unknown): number | undefined {
  if (value === undefined || value === null || value === "") return undefined;
  if (value === 0 || value === "0") return 0;
  const id = parseId(value);
  if (id === null) throw new AppError("BAD_REQUEST", ERROR_TEXTS.cursorInvalid);
  return id;
}

export function createConversationsService(deps: ConversationsDeps) {
  const { prisma, clock, log, bus, whatsapp } = deps;

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

  /**
   * Her conversations with everything the list shows, in three queries whatever their number:
   * memberships with offer and members, then last messages and unread counts for all at once.
   */
  async function load(userId: number, where: Prisma.ConversationMemberWhereInput): Promise<ConversationDTO[]> {
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
    const [lasts, unread] = await Promise.all([
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
    ]);
    const lastById = new Map(lasts.map((m) => [m.conversationId, m]));
    const unreadById = new Map(unread.map((u) => [u.conversationId, Number(u.count)]));
    return rows.map(({ conversation: c }) => {
      const other = c.members[0]?.user ?? null;
      const last = lastById.get(c.id);
      return {
        id: c.id,
        offer: c.offer,
        otherUser: other,
        lastMessage: last ? toMessageDTO({ ...last, createdAt: new Date(last.createdAt) }) : null,
        lastMessageAt: c.lastMessageAt.toISOString(),
        createdAt: c.createdAt.toISOString(),
        unreadCount: unreadById.get(c.id) ?? 0,
      };
    });
  }

  async function getConversation(user: Pick<User, "id">, conversationId: number) {
    const [conversation] = await load(user.id, { conversationId });
    if (!conversation) throw notFound();
    return conversation;
  }

  /** Messages from others after her lastReadAt, in the conversations she has not deleted. */
  async function unreadCount(user: Pick<User, "id">): Promise<number> {
    const [row] = await prisma.$queryRaw<{ count: number }[]>`
      SELECT count(*)::int AS "count"
      FROM "Message" m JOIN "ConversationMember" cm ON cm."conversationId" = m."conversationId"
      WHERE cm."userId" = ${user.id} AND cm."hiddenAt" IS NULL AND m."senderId" IS DISTINCT FROM ${user.id}
        AND (cm."lastReadAt" IS NULL OR m."createdAt" > cm."lastReadAt")`;
    return Number(row?.count ?? 0);
  }

  function publishUnread(userIds: number[]) {
    for (const userId of userIds) bus.pubsub.publish("unread:changed", userId, {});
  }

  async function startConversation(
    user: Pick<User, "id" | "plan">,
    offerId: number,
    options: { expectedOwnerId?: number } = {},
  ): Promise<ConversationDTO> {
    const offer = parseId(offerId) !== null
      ? await prisma.offer.findUnique({ where: { id: offerId }, select: { id: true, userId: true, type: true, hiddenAt: true } })
      : null;
    if (!offer) throw new AppError("NOT_FOUND", ERROR_TEXTS.offerNotFound);
    if (options.expectedOwnerId !== undefined && options.expectedOwnerId !== offer.userId) {
      throw new AppError("OFFER_OWNER_MISMATCH");
    }
    if (offer.userId === user.id) throw new AppError("OWN_OFFER");
    // Contacting is refused whether or not the conversation exists (one she opened on a higher plan
    // stays in her list to read; docs/decisions/0181-a-member-moved-down-to-nobreza-in-her-conversations.md).
    if (!mayContact(user.plan, offer.type)) throw new UpgradeRequiredError("contact", "alteza");
    const key = { offerId_interestedUserId: { offerId: offer.id, interestedUserId: user.id } };
    let existing = await prisma.conversation.findUnique({ where: key, select: { id: true } });
    // A hidden offer starts no new conversation; the ones already open go on.
    if (!existing && offer.hiddenAt) throw new AppError("NOT_FOUND", ERROR_TEXTS.offerNotFound);
    if (!existing) {
      const now = clock.now();
      try {
        existing = await prisma.$transaction(async (tx) => {
          const created = await tx.conversation.create({
            data: { offerId: offer.id, offerOwnerId: offer.userId, interestedUserId: user.id, createdAt: now, lastMessageAt: now },
          });
          await tx.conversationMember.createMany({
            data: [
              { conversationId: created.id, userId: user.id, joinedAt: now },
              { conversationId: created.id, userId: offer.userId, joinedAt: now },
            ],
          });
          return { id: created.id };
        });
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
  async function listConversations(user: Pick<User, "id">) {
    return load(user.id, {
      hiddenAt: null,
      OR: [{ conversation: { interestedUserId: user.id } }, { conversation: { messages: { some: {} } } }],
    });
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

  /**
   * The message she already stored under `key` (a retry whose first answer was lost), as it was
   * answered then; null when there is none. The key names one message: another text or
   * conversation under it is refused.
   */
  async function storedUnderKey(user: Pick<User, "id">, key: string, conversationId: number, text: string): Promise<MessageDTO | null> {
    const stored = await prisma.message.findUnique({ where: { senderId_clientMessageId: { senderId: user.id, clientMessageId: key } } });
    if (!stored) return null;
    if (stored.conversationId !== conversationId || stored.content !== text) throw new AppError("CLIENT_MESSAGE_ID_REUSED");
    return toMessageDTO(stored);
  }

  /**
   * Sends her message. With `clientMessageId`, sending it again (her first answer lost) answers the
   * message already stored, with no second event, notice or unread message, also when both sends
   * race: the unique (sender, key) lets one insert win and the other reads it.
   */
  async function sendMessage(
    user: Pick<User, "id">,
    conversationId: number,
    content: unknown,
    clientMessageId?: unknown,
  ): Promise<MessageDTO> {
    const text = validContent(content);
    const key = validClientMessageId(clientMessageId);
    if (parseId(conversationId) === null) throw notFound();
    const verdict = await deps.sendLimiter?.hit(String(user.id));
    if (verdict && !verdict.allowed) throw new AppError("MESSAGES_TOO_FAST", undefined, { retryAfterSeconds: verdict.retryAfterSeconds });
    const now = clock.now();
    const cutoff = new Date(now.getTime() - WHATSAPP_NOTICE_INTERVAL_MS);
    // One statement, so one round trip and no interactive transaction (every send pays for it):
    // - conv: her conversation, row-locked, so sends to it run one after the other and each
    //   message is strictly later than the one before ("createdAt > lastReadAt" stays exact);
    //   `locked` when her plan, read here rather than from the session, keeps her from writing in
    //   it (mayContact): then nothing below writes;
    // - ins / touched: the message, and the conversation's last activity; nothing when her key
    //   names a stored message (ON CONFLICT waits for a racing insert of it to commit);
    // - claimed: the other members who are offline with WhatsApp notices on and were not told in
    //   the last 15 minutes (also shown again if hidden); shown: the others she had hidden.
    //   The two updates never touch the same row.
    const eligible = Prisma.sql`cm."userId" <> ${user.id} AND NOT u."isOnline" AND u."whatsappNotificationsEnabled"
      AND (cm."lastWhatsappNotifiedAt" IS NULL OR cm."lastWhatsappNotifiedAt" <= ${cutoff})`;
    const [sent] = await prisma.$queryRaw<SendRow[]>`
      WITH conv AS (
        SELECT c.id, c."lastMessageAt", c."offerId",
          (s.plan = 'nobreza' AND o.type IS DISTINCT FROM 'apoio') AS "locked"
        FROM "Conversation" c JOIN "User" s ON s.id = ${user.id} LEFT JOIN "Offer" o ON o.id = c."offerId"
        WHERE c.id = ${conversationId}
          AND EXISTS (SELECT 1 FROM "ConversationMember" m WHERE m."conversationId" = c.id AND m."userId" = ${user.id})
        FOR UPDATE OF c
      ), ins AS (
        INSERT INTO "Message" ("conversationId", "senderId", "content", "createdAt", "clientMessageId")
        SELECT id, ${user.id}, ${text}, GREATEST(${now}::timestamp(3), "lastMessageAt" + interval '1 millisecond'), ${key} FROM conv
        WHERE NOT conv."locked"
        ON CONFLICT ("senderId", "clientMessageId") DO NOTHING
        RETURNING "id", "conversationId", "senderId", "content", "createdAt"
      ), touched AS (
        UPDATE "Conversation" c SET "lastMessageAt" = ins."createdAt" FROM ins WHERE c.id = ins."conversationId" RETURNING c.id
      ), claimed AS (
        UPDATE "ConversationMember" cm SET "lastWhatsappNotifiedAt" = ${now}::timestamp(3), "hiddenAt" = NULL
        FROM ins, "User" u
        WHERE cm."conversationId" = ins."conversationId" AND u.id = cm."userId" AND ${eligible}
        RETURNING u.phone
      ), shown AS (
        UPDATE "ConversationMember" cm SET "hiddenAt" = NULL
        FROM ins, "User" u
        WHERE cm."conversationId" = ins."conversationId" AND u.id = cm."userId" AND cm."hiddenAt" IS NOT NULL AND NOT (${eligible})
        RETURNING cm."userId"
      )
      SELECT conv."locked", ins."id", ins."conversationId", ins."senderId", ins."content", ins."createdAt",
        s.nickname AS "senderNickname", s."fullName" AS "senderFullName", s.phone AS "senderPhone",
        o.id AS "offerId", o.title AS "offerTitle",
        ARRAY(SELECT m."userId" FROM "ConversationMember" m WHERE m."conversationId" = conv.id AND m."userId" <> ${user.id} ORDER BY m."userId") AS "recipients",
        ARRAY(SELECT phone FROM claimed) AS "notice"
      FROM conv LEFT JOIN ins ON ins."conversationId" = conv.id LEFT JOIN "User" s ON s.id = ins."senderId"
      LEFT JOIN "Offer" o ON o.id = conv."offerId"`;
    if (!sent) throw notFound();
    if (sent.id === null) {
      // A message stored under her key is answered even if her plan changed since.
      const stored = key === null ? null : await storedUnderKey(user, key, conversationId, text);
      if (stored) return stored;
      throw sent.locked ? new UpgradeRequiredError("message", "alteza") : notFound();
    }
    const message: MessageRow = sent;
    const recipients = sent.recipients;
    const notice = sent.notice;
    const sender = { nickname: sent.senderNickname, fullName: sent.senderFullName, phone: sent.senderPhone };
    const offer = sent.offerId === null ? null : { id: sent.offerId, title: sent.offerTitle ?? "" };

    const dto = toMessageDTO(message);
    bus.pubsub.publish("message:added", conversationId, dto);
    deps.statsTouched?.();
    const notification: NewMessageNotification = {
      messageId: message.id,
      senderName: displayName(sender),
      senderPhone: sender.phone,
      content: message.content,
      conversationId,
      offerId: offer?.id ?? null,
      offerTitle: offer?.title ?? null,
    };
    for (const userId of recipients) bus.pubsub.publish("notification:new", userId, notification);
    publishUnread(recipients);
    for (const phone of notice) {
      whatsapp
        .sendMessageNotification(phone, { senderName: notification.senderName, offerTitle: offer?.title ?? "sua oferta" })
        .catch((error: unknown) => log.warn({ err: error, conversationId }, "WhatsApp new-message notice failed"));
    }
    return dto;
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

  /** The ids of the members she has a conversation with (for presence). */
  async function partnerIds(user: Pick<User, "id">): Promise<number[]> {
    const rows = await prisma.conversationMember.findMany({
      where: { userId: { not: user.id }, conversation: { members: { some: { userId: user.id } } } },
      select: { userId: true },
      distinct: ["userId"],
    });
    return rows.map((r) => r.userId);
  }

  return {
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
    listMessages,
    sendMessage,
    markRead,
    deleteConversation,
    unreadCount,
    partnerIds,
  };
}

export type ConversationsService = ReturnType<typeof createConversationsService>;
