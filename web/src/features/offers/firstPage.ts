import type { ApolloClient } from "@apollo/client";
import { BoardOffersDocument } from "./documents";

/** Offers per page of the board ('Ver mais' loads the next one). */
export const BOARD_PAGE_SIZE = 12;

/**
 * The board's first page without filters: what `/` shows first. The server draws it into `/`'s HTML
 * and sends its answer beside it (issue 14: the first card on a slow phone), and the browser asks
 * for it before React starts; both use exactly this query and these variables.
 */
export const BOARD_FIRST_PAGE = { query: BoardOffersDocument, variables: { first: BOARD_PAGE_SIZE } } as const;

/** Whether the first page is already in the cache (sent with the page, or asked for earlier). */
export function hasFirstPage(client: ApolloClient): boolean {
  try {
    return client.readQuery(BOARD_FIRST_PAGE) !== null;
  } catch {
    return false;
  }
}
