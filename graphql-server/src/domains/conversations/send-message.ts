import { clientMessageIdSchema, messageContentSchema, NOTIFICATION_LINKS, NOTIFICATION_TEXTS, parseId } from "@clube-coroa/schema";
import { Prisma, type User } from "../../generated/prisma/client.js";
import type { Bus } from "../../events.js";
import type { MessageDTO, NewMessageNotification } from "./messages.js";
import type { Clock } from "../../lib/clock.js";
import type { PrismaClient } from "../../lib/db.js";
import { AppError, UpgradeRequiredError } from "../../lib/errors.js";
import type { Logger } from "../../lib/log.js";
import type { WhatsAppSender } from "../../providers/whatsapp/whatsapp.js";
import type { RateLimiter } from "../../lib/rate-limit.js";
import { blockedBetweenSql, mutedSql } from "../safety/reach.js";
import { channelOnSql, conversationGroupKey, inQuietHoursSql, pushJobsSql, saoPauloMinute } from "../notifications/deliveries.js";
import { preparedSql } from "../../lib/prepared-sql.js";

/** Stand-ins for the sender's name and the offer's title in the words of her entry, filled by the statement. */
const SENDER_MARK = "\u0001sender\u0001";
const OFFER_MARK = "\u0001offer\u0001";
/** What the WhatsApp line says when the conversation's offer is gone (as before issue 29). */
const DEFAULT_OFFER_TITLE = "sua oferta";

/** The words of a conversation's entry, with the sender and offer left for the statement to fill. */
const NEW_MESSAGE_WORDS = (() => {
  const withOffer = NOTIFICATION_TEXTS.new_message({ senderName: SENDER_MARK, offerTitle: OFFER_MARK, conversationId: 0 });
  const withoutOffer = NOTIFICATION_TEXTS.new_message({ senderName: SENDER_MARK, offerTitle: null, conversationId: 0 });
  return { title: withOffer.title, body: withOffer.body, bodyWithoutOffer: withoutOffer.body };
})();

// Sending a message: one statement stores it and says whom to tell (the bus, unread counts, the
// WhatsApp notice), behind the conversations service's sendMessage.

/** What sending needs of the conversations service's dependencies. */
export interface MessageSenderDeps {
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

/** At most one WhatsApp notice per conversation and member in this window. */
export const WHATSAPP_NOTICE_INTERVAL_MS = 15 * 60 * 1000;

export type MessageRow = { id: number; conversationId: number; senderId: number | null; content: string; createdAt: Date };

/** What sendMessage's statement answers: the message, who sent it, the offer, whom to tell. */
type SentRow = MessageRow & {
  senderNickname: string | null;
  senderFullName: string | null;
  senderPhone: string;
  offerId: number | null;
  offerTitle: string | null;
  /** The other members to tell (notification, unread badge): not those who muted her. */
  recipients: number[];
  /** Her entries of 'Avisos' it wrote or updated, one per member told. */
  entries: { id: number; userId: number; title: string; body: string; link: string }[];
  /** Jobs it stored in the durable queue (pushes, WhatsApp notices). */
  queued: number;
};
/**
 * The statement's row for her conversation: the message it stored, or `id` null when it stored
 * none (`locked`: her plan keeps her from writing there; otherwise her key was used already).
 */
type SendRow = { locked: boolean; blocked: boolean } & (SentRow | { id: null });

export const toMessageDTO = (m: MessageRow): MessageDTO => ({
  id: m.id,
  conversationId: m.conversationId,
  senderId: m.senderId,
  content: m.content,
  createdAt: m.createdAt.toISOString(),
});

export const displayName = (u: { nickname: string | null; fullName: string | null }) => u.nickname || u.fullName || "Parceira";

export const notFound = () => new AppError("CONVERSATION_NOT_FOUND");

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

/**
 * The statement of a send, built once (lib/prepared-sql.ts, docs/decisions/0286): the same text on
 * every send, each value bound once.
 */
// One statement, no transaction of its own (every send pays for it):
// - conv: her conversation, row-locked, so sends to it run one after the other and each
//   message is strictly later than the one before ("createdAt > lastReadAt" stays exact);
//   `locked` when her plan, read here rather than from the session, keeps her from writing in
//   it (mayContact): then nothing below writes;
// - ins / touched: the message, and the conversation's last activity; nothing when her key
//   names a stored message (ON CONFLICT waits for a racing insert of it to commit);
// - claimed: the other members who are offline with WhatsApp notices on and were not told in
//   the last 15 minutes (also shown again if hidden); shown: the others she had hidden.
//   The two updates never touch the same row.
// A member who muted her gets no WhatsApp notice (issue 27); across a block nothing is sent at all.
// Issue 29: not while she muted this conversation's notices, nor in her quiet hours (wns: her settings).
const SEND_STATEMENT = preparedSql(
  ["sender", "conversationId", "text", "clientKey", "now", "cutoff", "minute", "groupKey", "link"],
  ({ sender, conversationId, text, clientKey, now, cutoff, minute, groupKey, link }) => {
    const eligible = Prisma.sql`cm."userId" <> ${sender} AND NOT u."isOnline" AND u."whatsappNotificationsEnabled"
      AND (cm."lastWhatsappNotifiedAt" IS NULL OR cm."lastWhatsappNotifiedAt" <= ${cutoff})
      AND cm."noticesMutedAt" IS NULL AND NOT ${inQuietHoursSql("wns", minute)}
      AND NOT ${mutedSql(Prisma.sql`cm."userId"`, sender, now)}`;
    const senderName = Prisma.sql`COALESCE(NULLIF(s.nickname, ''), NULLIF(s."fullName", ''), ${displayName({ nickname: null, fullName: null })})`;
    // A block marks the conversation's row (reach.ts): locked here FOR UPDATE, the row is read afresh
    // when a block that held it commits, so a send racing a block lands before it or stores nothing.
    return Prisma.sql`
      WITH conv AS (
        SELECT c.id, c."lastMessageAt", c."offerId",
          (s.plan = 'nobreza' AND o.type IS DISTINCT FROM 'apoio') AS "locked",
          c."blockedAt" IS NOT NULL OR EXISTS (SELECT 1 FROM "ConversationMember" om JOIN "User" ou ON ou.id = om."userId"
            WHERE om."conversationId" = c.id AND om."userId" <> ${sender}
            AND (${blockedBetweenSql(sender, Prisma.sql`om."userId"`)}
              -- a suspended member takes no message (issue 27), refused as neutrally as a block
              OR (ou."suspendedAt" IS NOT NULL AND (ou."suspendedUntil" IS NULL OR ou."suspendedUntil" > ${now}::timestamp(3))))) AS "blocked"
        FROM "Conversation" c JOIN "User" s ON s.id = ${sender} LEFT JOIN "Offer" o ON o.id = c."offerId"
        WHERE c.id = ${conversationId}
          AND EXISTS (SELECT 1 FROM "ConversationMember" m WHERE m."conversationId" = c.id AND m."userId" = ${sender})
        FOR UPDATE OF c
      ), ins AS (
        INSERT INTO "Message" ("conversationId", "senderId", "content", "createdAt", "clientMessageId")
        SELECT id, ${sender}, ${text}, GREATEST(${now}::timestamp(3), "lastMessageAt" + interval '1 millisecond'), ${clientKey} FROM conv
        WHERE NOT conv."locked" AND NOT conv."blocked"
        ON CONFLICT ("senderId", "clientMessageId") DO NOTHING
        RETURNING "id", "conversationId", "senderId", "content", "createdAt"
      ), touched AS (
        UPDATE "Conversation" c SET "lastMessageAt" = ins."createdAt" FROM ins WHERE c.id = ins."conversationId" RETURNING c.id
      ), claimed AS (
        UPDATE "ConversationMember" cm SET "lastWhatsappNotifiedAt" = ${now}::timestamp(3), "hiddenAt" = NULL
        FROM ins, "User" u LEFT JOIN "NotificationSettings" wns ON wns."userId" = u.id
        WHERE cm."conversationId" = ins."conversationId" AND u.id = cm."userId" AND ${eligible}
        RETURNING cm."userId"
      ), shown AS (
        UPDATE "ConversationMember" cm SET "hiddenAt" = NULL
        FROM ins, "User" u LEFT JOIN "NotificationSettings" wns ON wns."userId" = u.id
        WHERE cm."conversationId" = ins."conversationId" AND u.id = cm."userId" AND cm."hiddenAt" IS NOT NULL AND NOT (${eligible})
        RETURNING cm."userId"
      ), whatsapped AS (
        -- The WhatsApp notice goes through the durable queue, stored with the message (issue 29).
        INSERT INTO "Job" ("kind", "key", "payload", "runAt", "createdAt")
        SELECT 'whatsapp_new_message', 'whatsapp_new_message:' || ins.id || ':' || claimed."userId",
          jsonb_build_object('userId', claimed."userId", 'conversationId', ins."conversationId", 'senderName', ${senderName},
            'offerTitle', COALESCE(o.title, ${DEFAULT_OFFER_TITLE})),
          ${now}::timestamp(3), ${now}::timestamp(3)
        FROM claimed CROSS JOIN ins CROSS JOIN conv JOIN "User" s ON s.id = ${sender} LEFT JOIN "Offer" o ON o.id = conv."offerId"
        ON CONFLICT ("key") DO NOTHING
        RETURNING "id"
      ), notified AS (
        -- Her entry of 'Avisos' for this conversation (issue 29): one per conversation, rewritten by
        -- each message; not while she muted the sender or this conversation's notices, nor when her
        -- centre is off for new messages. Across a block nothing was stored above, so nothing here.
        INSERT INTO "Notification" ("userId", "type", "groupKey", "title", "body", "link", "count", "createdAt")
        SELECT cm."userId", 'new_message', ${groupKey},
          replace(${NEW_MESSAGE_WORDS.title}, ${SENDER_MARK}, ${senderName}),
          CASE WHEN o.title IS NULL THEN ${NEW_MESSAGE_WORDS.bodyWithoutOffer} ELSE replace(${NEW_MESSAGE_WORDS.body}, ${OFFER_MARK}, o.title) END,
          ${link}, 1, ins."createdAt"
        FROM ins CROSS JOIN conv JOIN "User" s ON s.id = ${sender} LEFT JOIN "Offer" o ON o.id = conv."offerId"
          JOIN "ConversationMember" cm ON cm."conversationId" = ins."conversationId" AND cm."userId" <> ${sender}
          LEFT JOIN "NotificationSettings" ns ON ns."userId" = cm."userId"
        WHERE cm."noticesMutedAt" IS NULL AND ${channelOnSql("ns", Prisma.sql`'new_message'`, "inApp")}
          AND NOT ${mutedSql(Prisma.sql`cm."userId"`, sender, now)}
        ON CONFLICT ("userId", "groupKey") DO UPDATE SET "title" = EXCLUDED."title", "body" = EXCLUDED."body", "link" = EXCLUDED."link",
          "createdAt" = EXCLUDED."createdAt", "count" = "Notification"."count" + 1, "readAt" = NULL
        RETURNING "id", "userId", "type", "count", "title", "body", "link"
      ), pushed AS (
        ${pushJobsSql("notified", now, minute)}
      )
      SELECT conv."locked", conv."blocked", ins."id", ins."conversationId", ins."senderId", ins."content", ins."createdAt",
        s.nickname AS "senderNickname", s."fullName" AS "senderFullName", s.phone AS "senderPhone",
        o.id AS "offerId", o.title AS "offerTitle",
        ARRAY(SELECT m."userId" FROM "ConversationMember" m WHERE m."conversationId" = conv.id AND m."userId" <> ${sender}
          AND NOT ${mutedSql(Prisma.sql`m."userId"`, sender, now)} ORDER BY m."userId") AS "recipients",
        (SELECT COALESCE(json_agg(json_build_object('id', n.id, 'userId', n."userId", 'title', n.title, 'body', n.body, 'link', n.link)), '[]'::json)
          FROM notified n) AS "entries",
        (SELECT count(*) FROM whatsapped)::int + (SELECT count(*) FROM pushed)::int AS "queued"
      FROM conv LEFT JOIN ins ON ins."conversationId" = conv.id LEFT JOIN "User" s ON s.id = ins."senderId"
      LEFT JOIN "Offer" o ON o.id = conv."offerId"`;
  },
);

export function createMessageSender(deps: MessageSenderDeps, publishUnread: (userIds: number[]) => void) {
  const { prisma, clock, bus } = deps;

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
    const [sent] = await SEND_STATEMENT.run<SendRow>(prisma, {
      sender: user.id,
      conversationId,
      text,
      clientKey: key,
      now,
      cutoff,
      minute: saoPauloMinute(now),
      groupKey: conversationGroupKey(conversationId),
      link: NOTIFICATION_LINKS.conversation(conversationId),
    });
    if (!sent) throw notFound();
    if (sent.id === null) {
      // A message stored under her key is answered even if her plan changed since.
      const stored = key === null ? null : await storedUnderKey(user, key, conversationId, text);
      if (stored) return stored;
      if (sent.locked) throw new UpgradeRequiredError("message", "alteza");
      // Across a block (either way) the same neutral refusal as any conversation she cannot write in.
      throw sent.blocked ? new AppError("CONVERSATION_UNAVAILABLE") : notFound();
    }
    const message: MessageRow = sent;
    const recipients = sent.recipients;
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
    for (const entry of sent.entries) {
      bus.pubsub.publish("notifications:changed", entry.userId, {
        entry: { id: entry.id, type: "new_message", title: entry.title, body: entry.body, link: entry.link, createdAt: dto.createdAt, readAt: null },
      });
    }
    // Its pushes and WhatsApp notices go now rather than at the workers' next poll.
    if (sent.queued > 0) bus.pubsub.publish("jobs:queued", { at: Date.now() });
    return dto;
  }

  return { sendMessage };
}
