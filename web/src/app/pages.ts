import type { ApolloClient } from "@apollo/client";
import type { HomeBoard } from "../features/home/HomePage";
import { OfferBoardSkeleton } from "../features/offers/BoardStates";
import { hasFirstPage } from "../features/offers/firstPage";
import { MeDocument } from "../features/session/documents";
import { preloadable } from "../lib/lazyComponent";
import { nextTask } from "../lib/tasks";

/**
 * Pages fetched when first visited, not with the first chunk (issue 14). The home page stays in
 * the first chunk: it is what `/` paints first.
 */
export const loginPage = preloadable(() => import("../features/auth/LoginPage").then((m) => m.LoginPage));
export const profilePage = preloadable(() => import("../features/profile/ProfilePage").then((m) => m.ProfilePage));
export const membersPage = preloadable(() => import("../features/members/MembersPage").then((m) => m.MembersPage));
export const notificationsPage = preloadable(() => import("../features/notifications/NotificationsPage").then((m) => m.NotificationsPage));
export const messagesPage = preloadable(() => import("../features/messages/MessagesPage").then((m) => m.MessagesPage));
/** The board's module: its component, and its first page's request made while the session is read. */
export const loadOfferBoard = () => import("../features/offers/OfferBoard");
export const offerBoard = preloadable(() => loadOfferBoard().then((m) => m.OfferBoard));
/** The board as the home page draws it (HomeRoute hands it over: the home page does not import app/). */
export const homeBoard: HomeBoard = {
  Component: offerBoard.Component,
  Skeleton: OfferBoardSkeleton,
  hasFirstPage,
  prefetch: (client) => loadOfferBoard().then((board) => board.prefetchBoard(client)),
};
export const invitationPage = preloadable(() => import("../features/invitation/InvitationPage").then((m) => m.InvitationPage));

/**
 * Fetches the code an address needs beside the first chunk rather than after it. The promise is
 * what the startup frame needs drawn (the sign-in form on `/auth`): main.tsx waits for it when the
 * address was prerendered, so React draws the same page over the prerendered one, with no loading
 * state in between. The board is only fetched ahead: the frame shows its skeleton meanwhile.
 * Never rejects: a page that fails to load shows its error when it renders.
 */
export function preloadPageFor(location: { pathname: string; search: string }, { boardDrawn = false } = {}): Promise<void> {
  const { pathname, search } = location;
  const settle = (loading: Promise<unknown>) => loading.then(() => undefined, () => undefined);
  if (pathname === "/auth") return settle(loginPage.preload());
  if (pathname === "/perfil") return settle(profilePage.preload());
  if (pathname === "/mensagens" || pathname.startsWith("/mensagens/")) return settle(messagesPage.preload());
  if (pathname === "/parceiras") return settle(membersPage.preload());
  if (pathname === "/avisos") return settle(notificationsPage.preload());
  if (pathname === "/" && new URLSearchParams(search).has("id")) void settle(invitationPage.preload());
  else if (pathname === "/") {
    // Cards the server drew into the page (`boardDrawn`) are the board's own: React takes them over
    // once its code is here. Otherwise the frame shows the skeleton meanwhile.
    const board = settle(offerBoard.preload());
    if (boardDrawn) return board;
  }
  return Promise.resolve();
}

/**
 * The first screen's requests, sent as soon as the app's code runs rather than when React has drawn
 * the page (on a slow phone that is half a second later): who she is, and on `/` the board's first
 * page (its module is preloaded with the page; `member`: a session is stored, so the visitor's cards
 * the page came with are not hers). The components ask for the same queries and get
 * these answers, in flight or cached. Never rejects: each component shows its own failure.
 */
export function requestFirstScreen(client: ApolloClient, location: { pathname: string; search: string }, { member = false } = {}): void {
  client.query({ query: MeDocument }).catch(() => undefined);
  if (location.pathname === "/" && !new URLSearchParams(location.search).has("id")) {
    // In a task after the one that ran the board's module.
    loadOfferBoard().then(
      (board) => nextTask().then(() => board.prefetchBoard(client, { member })),
      () => undefined,
    );
  }
}
