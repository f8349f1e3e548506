/**
 * "May X reach Y" in one place (issue 27, docs/decisions/0250-member-safety-block-mute.md): the
 * SQL every reader and writer of what passes between two members uses, so that a block or a mute
 * means the same on the board, in conversations, notifications, unread counts and presence.
 */
import { Prisma } from "../../generated/prisma/client.js";
import type { PrismaClient, Tx } from "../../lib/db.js";

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
