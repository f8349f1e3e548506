/**
 * "May X reach Y" in one place (issue 27, docs/decisions/0250-member-safety-block-mute.md): the
 * SQL every reader and writer of what passes between two members uses, so that a block or a mute
 * means the same on the board, in conversations, notifications, unread counts and presence.
 */
import { Prisma } from "../../generated/prisma/client.js";
import type { PrismaClient, Tx } from "../../lib/db.js";

/**
 * The advisory lock two members' block and their sends share (ids are int4, so the pair is the key
 * itself: no hash, no collision, and above any int4 key the house's other advisory locks use). A
 * block takes it alone (pg_advisory_xact_lock) around writing its row; a send takes it shared
 * (pg_advisory_xact_lock_shared) in a statement of its own before the statement that reads the
 * block and stores the message. So a send either commits before the block commits, or reads the
 * block after it committed and stores nothing: no message is written, delivered or counted across
 * a block made at the same moment (READ COMMITTED takes each statement's snapshot as it starts,
 * which is why the lock cannot be taken inside the send's own statement).
 */
export const pairLockKey = (a: Prisma.Sql | number, b: Prisma.Sql | number) =>
  Prisma.sql`((LEAST(${a}::int, ${b}::int)::bigint << 32) | GREATEST(${a}::int, ${b}::int)::bigint)`;

/** Waits until no block of the two is being written, and keeps one from being written until commit. */
export const lockPairsForSendSql = (senderId: number, conversationId: number) => Prisma.sql`
  SELECT count(*)::int AS locked FROM (
    SELECT pg_advisory_xact_lock_shared(${pairLockKey(senderId, Prisma.sql`om."userId"`)})
    FROM "ConversationMember" om
    WHERE om."conversationId" = ${conversationId} AND om."userId" <> ${senderId}
    ORDER BY om."userId") AS l`;

/** Waits until no send between the two is in flight; held by the block's transaction until it commits. */
export async function lockPairForBlock(tx: Tx, a: number, b: number): Promise<void> {
  await tx.$queryRaw`SELECT 1 AS locked FROM (SELECT pg_advisory_xact_lock(${pairLockKey(a, b)})) AS l`;
}

/** True when either of the two blocked the other (a block holds in both directions). */
export const blockedBetweenSql = (a: Prisma.Sql | number, b: Prisma.Sql | number) => Prisma.sql`EXISTS (
  SELECT 1 FROM "MemberBlock" mb
  WHERE (mb."blockerId" = ${a} AND mb."blockedId" = ${b}) OR (mb."blockerId" = ${b} AND mb."blockedId" = ${a}))`;

/** True while `muter` has `muted` muted at `now` (an expired mute ends by itself). */
export const mutedSql = (muter: Prisma.Sql | number, muted: Prisma.Sql | number, now: Date) => Prisma.sql`EXISTS (
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
