import type { ApolloClient, NormalizedCacheObject } from "@apollo/client";
import { drawnForOfPage } from "./drawnFor";

/**
 * The id of the JSON block in which the server sends, with `/`'s HTML, the Apollo cache it drew the
 * page from (the board's first page, as a visitor sees it).
 */
export const FIRST_SCREEN_DATA_ID = "first-screen-data";

let cameWithPage = false;
let drawnWithoutSession = false;
let restoredAt = Number.NEGATIVE_INFINITY;

/**
 * Puts the answers the page came with into the cache before React starts, so React's first render
 * draws the same cards the HTML shows (and hydrates them in place). Returns whether there were any.
 */
export function restoreFirstScreenData(client: ApolloClient): boolean {
  const block = typeof document === "undefined" ? null : document.getElementById(FIRST_SCREEN_DATA_ID);
  if (!block?.textContent) return false;
  try {
    client.cache.restore(JSON.parse(block.textContent) as NormalizedCacheObject);
    cameWithPage = true;
    // The server draws `/` for a member whenever the request carries a session cookie.
    drawnWithoutSession = drawnForOfPage() === "visitor";
    restoredAt = Date.now();
  } catch {
    // A page cut short: the board asks for its cards as usual.
  }
  block.remove();
  return cameWithPage;
}

/** True once (then false): the page's visitor answer is still to be replaced by hers. */
export function takeMemberRefresh(): boolean {
  const pending = cameWithPage;
  cameWithPage = false;
  return pending;
}

/**
 * Whether the server drew this page for a request without a session cookie (graphql-server/src/
 * web-delivery.ts): she is a visitor, whatever `me` will say, so nothing needs to wait for it.
 */
export function drawnWithoutSessionCookie(): boolean {
  return drawnWithoutSession;
}

/** When the page's answers were put into the cache (never: -Infinity). */
export function firstScreenDataAt(): number {
  return restoredAt;
}
