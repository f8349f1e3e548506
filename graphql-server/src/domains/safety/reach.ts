/**
 * "May X reach Y" in one place (issue 27, docs/decisions/0250-member-safety-block-mute.md): the
 * SQL every reader and writer of what passes between two members uses, so that a block or a mute
 * means the same on the board, in conversations, notifications, unread counts and presence.
 */
import { Prisma } from "../../generated/prisma/client.js";
import type { PrismaClient, Tx } from "../../lib/db.js";
import type { SqlValue } from "../../lib/prepared-sql.js";

/**
 * A block and the pair's sends (record 0248, amending 0251): the block's transaction sets
 * `Conversation.blockedAt` on the conversations the two share before writing its row. A send locks
 * its conversation's row (FOR UPDATE) and reads `blockedAt` from it, so a send either holds the row
 * first and commits before the block, or waits for the block's update and, READ COMMITTED re-reading
 * the row it waited for (not the rest of its snapshot), finds `blockedAt` set and stores nothing. No
 * message is written, delivered or counted across a block made at the same moment, and a send is
 * still one statement (no transaction of its own, no advisory lock).
 */
export async function markSharedConversations(tx: Tx, a: number, b: number, blockedAt: Date): Promise<void> {
  await tx.$executeRaw`
    UPDATE "Conversation" c SET "blockedAt" = ${blockedAt}::timestamp(3)
    WHERE c.id IN (SELECT ma."conversationId" FROM "ConversationMember" ma JOIN "ConversationMember" mb
      ON mb."conversationId" = ma."conversationId" AND mb."userId" = ${b} WHERE ma."userId" = ${a})`;
}

/** After an unblock: the shared conversations are open again unless a block still stands between their members. */
export async function unmarkSharedConversations(tx: Tx, a: number, b: number): Promise<void> {
  await tx.$executeRaw`
    UPDATE "Conversation" c SET "blockedAt" = NULL
    WHERE c."blockedAt" IS NOT NULL
      AND c.id IN (SELECT ma."conversationId" FROM "ConversationMember" ma JOIN "ConversationMember" mb
        ON mb."conversationId" = ma."conversationId" AND mb."userId" = ${b} WHERE ma."userId" = ${a})
      AND NOT EXISTS (SELECT 1 FROM "ConversationMember" m1 JOIN "ConversationMember" m2
        ON m2."conversationId" = m1."conversationId" AND m2."userId" <> m1."userId"
        JOIN "MemberBlock" mb ON mb."blockerId" = m1."userId" AND mb."blockedId" = m2."userId"
        WHERE m1."conversationId" = c.id)`;
}

/** True when either of the two blocked the other (a block holds in both directions). */
export const blockedBetweenSql = (a: SqlValue<Prisma.Sql | number>, b: SqlValue<Prisma.Sql | number>) => Prisma.sql`EXISTS (
  SELECT 1 FROM "MemberBlock" mb
  WHERE (mb."blockerId" = ${a} AND mb."blockedId" = ${b}) OR (mb."blockerId" = ${b} AND mb."blockedId" = ${a}))`;

/** True while `muter` has `muted` muted at `now` (an expired mute ends by itself). */
export const mutedSql = (muter: SqlValue<Prisma.Sql | number>, muted: SqlValue<Prisma.Sql | number>, now: SqlValue<Date>) => Prisma.sql`EXISTS (
  SELECT 1 FROM "MemberMute" mm
  WHERE mm."muterId" = ${muter} AND mm."mutedId" = ${muted} AND (mm."expiresAt" IS NULL OR mm."expiresAt" > ${now}::timestamp(3)))`;

/** The members she blocked and the members who blocked her: each hidden from the other. */
export async function blockedAround(db: PrismaClient | Tx, userId: number): Promise<number[]> {
  const rows = await db.$queryRaw<{ id: number }[]>`
    SELECT "blockedId" AS id FROM "MemberBlock" WHERE "blockerId" = ${userId}
    UNION SELECT "blockerId" AS id FROM "MemberBlock" WHERE "blockedId" = ${userId}`;
  return rows.map((r) => r.id);
}

/** Whether either of the two blocked the other. */
export async function isBlockedBetween(db: PrismaClient | Tx, a: number, b: number): Promise<boolean> {
  const [row] = await db.$queryRaw<{ blocked: boolean }[]>`SELECT ${blockedBetweenSql(a, b)} AS blocked`;
  return Boolean(row?.blocked);
}

/**
 * Whether a member is hidden from a viewer: across a block either way, each is to the other a member
 * who does not exist (profile, banner: 404 / null, as for an unknown id). Never hidden from herself.
 */
export async function hiddenBetween(db: PrismaClient | Tx, viewerId: number, memberId: number): Promise<boolean> {
  return viewerId !== memberId && isBlockedBetween(db, viewerId, memberId);
}
