/**
 * The board's speed machinery on the client, in one place (issue 26, item 1): what `prefetchBoard`
 * asked for before the board mounted, and when. It is module state on purpose: it bridges the
 * moment before React starts (the home page's frame calls `prefetchBoard`) and the board's first
 * render. Only this module reads or writes it; OfferBoard asks through `takeMemberFirstPage` and
 * `prefetchedJustNow` and holds no module-level state of its own.
 */
import type { ApolloClient } from "@apollo/client";
import type { BoardOffersQuery } from "../../gql/graphql";
import { firstScreenDataAt, takeMemberRefresh } from "../../lib/firstScreenData";
import { BOARD_FIRST_PAGE, hasFirstPage } from "./firstPage";

/** A member's own first page, asked for by prefetchBoard before React started, not yet in the cache. */
let memberFirstPage: Promise<BoardOffersQuery | undefined> | null = null;

/** When prefetchBoard's answer arrived: a board mounting within PREFETCH_FRESH_MS uses it as it is. */
let prefetchedAt = Number.NEGATIVE_INFINITY;
const PREFETCH_FRESH_MS = 10_000;

/**
 * Asks for the board's first page while the session is still being read (the home page's frame),
 * so the cards are in the cache when the board mounts (issue 14: the first card on a slow phone).
 * The request carries her cookie, so a member gets her own answer. A board mounting right after
 * uses that answer without asking again (one request and one drawing fewer on a slow phone); later
 * mounts, filters and live changes ask the server as before. When the page came with a visitor's
 * answer, a visitor uses it as it is and a member (`member`: a session is stored) asks for hers.
 */
export function prefetchBoard(client: ApolloClient, { member = false }: { member?: boolean } = {}): Promise<unknown> {
  const refresh = member && takeMemberRefresh();
  if (refresh) {
    // Her own answer (her likes, the photos members see) is asked for now but kept out of the cache
    // until React has taken over the page the server drew for a visitor: React's first render must
    // draw that page as it is, or it throws the board away and draws it again (OfferBoard puts it in).
    memberFirstPage = client
      .query({ ...BOARD_FIRST_PAGE, fetchPolicy: "no-cache" })
      .then((answer) => answer.data, () => undefined);
    return memberFirstPage;
  }
  // Already in hand (sent with the page): reading it through a query again would only cost a slow
  // phone a long task.
  if (hasFirstPage(client)) {
    prefetchedAt = Date.now();
    return Promise.resolve();
  }
  return client
    .query({ ...BOARD_FIRST_PAGE, fetchPolicy: "cache-first" })
    .then((answer) => {
      prefetchedAt = Date.now();
      return answer;
    })
    .catch(() => undefined);
}

/** The member's early first page, handed over once (the next board asks the server itself). */
export function takeMemberFirstPage(): Promise<BoardOffersQuery | undefined> | null {
  const early = memberFirstPage;
  memberFirstPage = null;
  return early;
}

/** Whether the cards in the cache were just asked for (or came with the page): the first render draws them as they are. */
export function prefetchedJustNow(): boolean {
  return Date.now() - Math.max(prefetchedAt, firstScreenDataAt()) < PREFETCH_FRESH_MS;
}
