/**
 * Searching her conversations (issue 28, docs/decisions/0265-searching-her-conversations.md): which of
 * her conversations hold the words, and where. The service reads the answers through the list's own
 * loader and conditions, so a search never shows what her list would not.
 */
import { ERROR_TEXTS, searchTerms, searchTextSchema, snippetAround } from "@clube-coroa/schema";
import { Prisma } from "../../generated/prisma/client.js";
import type { PrismaClient } from "../../lib/db.js";
import { AppError } from "../../lib/errors.js";

export type ConversationMatchField = "name" | "title" | "message";

export interface ConversationMatch {
  /** Which of the other member's name, the offer's title and the messages hold any of the words. */
  fields: ConversationMatchField[];
  /** The newest message holding any of the words, shortened around them (null when no message does). */
  snippet: string | null;
  messageId: number | null;
  /** The words as searched (lower case, without accents): the client marks them in what it shows. */
  terms: string[];
}

/** Most conversations one search answers, most recent activity first. */
export const CONVERSATION_SEARCH_MAX = 100;

/** The search's words; null (the list as it is) for fewer than two letters; 400 over 100 characters. */
export function conversationSearchTerms(q: unknown): string[] | null {
  const parsed = searchTextSchema.safeParse(q ?? null);
  if (!parsed.success) throw new AppError("VALIDATION", parsed.error.issues[0]?.message ?? ERROR_TEXTS.filterInvalid);
  return searchTerms(parsed.data);
}

const folded = (column: Prisma.Sql) => Prisma.sql`public.cc_unaccent(lower(${column}))`;
const inMessages = (test: Prisma.Sql) => Prisma.sql`EXISTS (
  SELECT 1 FROM "Message" m WHERE m."conversationId" = c."id" AND ${folded(Prisma.sql`m."content"`)} LIKE ${test})`;

/**
 * Her conversations (her memberships not deleted, never another member's) in which each word is in the
 * other member's name, the offer's title or a message, without accents or case, by conversation id.
 */
export async function findConversationMatches(prisma: PrismaClient, userId: number, terms: string[]): Promise<Map<number, ConversationMatch>> {
  // Terms are letters and digits only: no LIKE wildcard of hers reaches the pattern.
  const patterns = terms.map((term) => `%${term}%`);
  const eachTerm = patterns.map(
    (pattern) => Prisma.sql`(mine."name" LIKE ${pattern} OR mine."title" LIKE ${pattern} OR ${inMessages(Prisma.sql`${pattern}`)})`,
  );
  const rows = await prisma.$queryRaw<{ id: number; name: boolean; title: boolean; message: boolean }[]>`
    WITH mine AS (
      SELECT c."id", c."lastMessageAt",
        ${folded(Prisma.sql`concat_ws(' ', u."nickname", u."fullName")`)} AS "name",
        ${folded(Prisma.sql`coalesce(o."title", '')`)} AS "title"
      FROM "ConversationMember" cm
      JOIN "Conversation" c ON c."id" = cm."conversationId"
      LEFT JOIN "ConversationMember" om ON om."conversationId" = c."id" AND om."userId" <> ${userId}
      LEFT JOIN "User" u ON u."id" = om."userId"
      LEFT JOIN "Offer" o ON o."id" = c."offerId"
      WHERE cm."userId" = ${userId} AND cm."hiddenAt" IS NULL
    )
    SELECT c."id", mine."name" LIKE ANY (${patterns}::text[]) AS "name", mine."title" LIKE ANY (${patterns}::text[]) AS "title",
      ${inMessages(Prisma.sql`ANY (${patterns}::text[])`)} AS "message"
    FROM mine JOIN "Conversation" c ON c."id" = mine."id"
    WHERE ${Prisma.join(eachTerm, " AND ")}
    ORDER BY mine."lastMessageAt" DESC, c."id" DESC
    LIMIT ${CONVERSATION_SEARCH_MAX}`;
  const withMessage = rows.filter((row) => row.message).map((row) => row.id);
  const newest = withMessage.length
    ? await prisma.$queryRaw<{ id: number; conversationId: number; content: string }[]>`
      SELECT DISTINCT ON ("conversationId") "id", "conversationId", "content" FROM "Message"
      WHERE "conversationId" IN (${Prisma.join(withMessage)}) AND ${folded(Prisma.sql`"content"`)} LIKE ANY (${patterns}::text[])
      ORDER BY "conversationId", "createdAt" DESC, "id" DESC`
    : [];
  const newestById = new Map(newest.map((m) => [m.conversationId, m]));
  return new Map(
    rows.map((row): [number, ConversationMatch] => {
      const message = newestById.get(row.id);
      const fields = (["name", "title", "message"] as const).filter((field) => row[field]);
      return [row.id, { fields, snippet: message ? snippetAround(message.content, terms) : null, messageId: message?.id ?? null, terms }];
    }),
  );
}
