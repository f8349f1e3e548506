/**
 * Search of the board by words in Portuguese (issue 28, docs/decisions/0264-offer-search.md): which
 * offers match and in what order, as a list of ids kept beside the board's pages (emptied with them).
 * The read model (board-read-model.ts) turns a page of those ids into cards for one viewer, applying
 * the board's own conditions (boardWhere) and the authors hidden from her once more: what this module
 * filters in SQL only narrows the list, it never decides who may see an offer.
 *
 * The database does the language: the generated column "search" holds each offer's words without
 * accents, stemmed by PostgreSQL's `portuguese` configuration (title A, description B, categories C;
 * migration offer_search), so 'cafe' finds 'Café' and 'bolos' finds 'bolo', and the last word may be
 * the start of one ('confeit' finds 'confeitaria'). When nothing has her words, titles a small typo away
 * ('confetaria') are found by trigrams.
 */
import { ERROR_TEXTS, searchTerms } from "@clube-coroa/schema";
import { Prisma } from "../../generated/prisma/client.js";
import type { PrismaClient } from "../../lib/db.js";
import { AppError } from "../../lib/errors.js";
import type { BoardCache } from "./board-cache.js";

/** Most offers one search answers, best first (her words, not scrolling, narrow it further). */
export const SEARCH_RESULTS_MAX = 500;

/**
 * The words of a search (schema's searchTerms: letters and digits only, folded, at most 8; nothing in
 * them is tsquery syntax); null under two letters or digits, which leaves the board as it is. Its
 * length (at most SEARCH_MAX_CHARS) is checked with the board's filters (boardFilterSchema).
 */
export const searchWords = (q: string | null | undefined): string[] | null => searchTerms(q);

/**
 * Every word must be there, stemmed ('bolos' is 'bolo'); the last may also be the start of a word, as
 * she may still be typing it ('confeit'). That start is matched as typed, not stemmed: stemmed, 'bolo'
 * would be the start of 'bolsas'. A last word the stemmer drops ('de') adds nothing, rather than asking
 * for any word that starts with it. Single letters are left out (the trigram match still sees them).
 */
function tsquerySql(words: string[]): Prisma.Sql {
  const full = words.filter((word) => word.length >= 2);
  const last = full.pop() ?? "";
  const stemmed = (text: string) => Prisma.sql`to_tsquery('portuguese', public.cc_unaccent(${text}))`;
  const lastWord = Prisma.sql`(CASE WHEN numnode(${stemmed(last)}) = 0 THEN ''::tsquery
    ELSE ${stemmed(last)} || to_tsquery('simple', public.cc_unaccent(${last}) || ':*') END)`;
  return full.length ? Prisma.sql`(${stemmed(full.join(" & "))} && ${lastWord})` : lastWord;
}

/** The part of boardWhere's condition that SQL can narrow the search by (boardWhere itself is applied again to each page). */
export interface SearchNarrowing {
  type?: string;
  postType?: string;
  state?: string;
  categories?: string[];
}

/** The board's order (higher plan, earlier member, newest), as the board indexes hold it. */
const BOARD_ORDER_SQL = Prisma.sql`o."authorPlanRank" DESC, o."authorJoinedAt" ASC, o."createdAt" DESC, o."id" DESC`;

function narrowingSql(n: SearchNarrowing): Prisma.Sql {
  // The board's BOARD_VISIBLE (not hidden, not held for review, not a suspended author's).
  const parts = [Prisma.sql`o."hiddenAt" IS NULL AND o."underReviewAt" IS NULL AND NOT o."authorSuspended"`];
  if (n.type) parts.push(Prisma.sql`o."type"::text = ${n.type}`);
  if (n.postType) parts.push(Prisma.sql`o."postType"::text = ${n.postType}`);
  if (n.state) parts.push(Prisma.sql`o."state" = ${n.state}`);
  if (n.categories) parts.push(Prisma.sql`o."categories" && ${n.categories}::text[]`);
  return Prisma.join(parts, " AND ");
}

export function createBoardSearch(deps: { prisma: PrismaClient; kept: BoardCache<number[]> }) {
  const { prisma, kept } = deps;

  /**
   * The ids of the offers matching these words, best first: all the words in the title, then in the
   * title and description, then anywhere (categories too); within each, the board's own order (higher
   * plan, earlier member, newest). When no offer has the words, the titles a small typo away
   * ('confetaria'), in the board's order. Each is one statement on a GIN index.
   */
  function rankedIds(words: string[], narrowing: SearchNarrowing): Promise<number[]> {
    const key = JSON.stringify([words, narrowing]);
    return kept.get(key, async () => {
      const query = tsquerySql(words);
      const found = await prisma.$queryRaw<{ id: number }[]>`
        SELECT o."id" FROM "Offer" o
        WHERE ${narrowingSql(narrowing)} AND o."search" @@ ${query}
        ORDER BY
          CASE WHEN ts_filter(o."search", '{a}') @@ ${query} THEN 3
               WHEN ts_filter(o."search", '{a,b}') @@ ${query} THEN 2 ELSE 1 END DESC,
          ${BOARD_ORDER_SQL}
        LIMIT ${SEARCH_RESULTS_MAX}`;
      if (found.length) return found.map((row) => row.id);
      const typed = Prisma.sql`public.cc_unaccent(lower(${words.join(" ")}))`;
      // Materialised: with the board's order and a limit, the planner walked the board's index testing
      // every title (0.6 s over 100k offers) instead of asking the trigram index for the few near ones.
      const near = await prisma.$queryRaw<{ id: number }[]>`
        WITH near AS MATERIALIZED (
          SELECT o."id", o."authorPlanRank", o."authorJoinedAt", o."createdAt" FROM "Offer" o
          WHERE ${narrowingSql(narrowing)} AND ${typed} <<% public.cc_unaccent(lower(o."title")))
        SELECT o."id" FROM near o
        ORDER BY ${BOARD_ORDER_SQL}
        LIMIT ${SEARCH_RESULTS_MAX}`;
      return near.map((row) => row.id);
    });
  }

  return { rankedIds };
}

type SearchCursor = ["q", number];

/** A search page's cursor: the position in the ranked list after it. */
export const encodeSearchCursor = (position: number) => Buffer.from(JSON.stringify(["q", position] satisfies SearchCursor)).toString("base64url");

export function decodeSearchCursor(cursor: string): number {
  let key: unknown = null;
  try {
    key = cursor.length <= 40 ? JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) : null;
  } catch {
    // answered below
  }
  const position = Array.isArray(key) && key[0] === "q" ? key[1] : null;
  if (typeof position !== "number" || !Number.isInteger(position) || position < 0 || position > SEARCH_RESULTS_MAX) {
    throw new AppError("BAD_REQUEST", ERROR_TEXTS.cursorInvalid);
  }
  return position;
}
