import { ApolloClient, ApolloLink } from "@apollo/client";
import { ApolloProvider } from "@apollo/client/react";
import { prerender } from "react-dom/static";
import { StaticRouter } from "react-router-dom";
import { print } from "graphql";
import { Observable } from "rxjs";
import { ServerStyleSheet, ThemeProvider } from "styled-components";
import { AppShell } from "./app/AppShell";
import { offerBoard } from "./app/pages";
import { BOARD_FIRST_PAGE } from "./features/offers/firstPage";
import { createCache } from "./lib/apollo";
import { FIRST_SCREEN_DATA_ID } from "./lib/firstScreenData";
import type { DrawnFor } from "@clube-coroa/schema";
import { DrawnForProvider } from "./lib/drawnFor";
import { documentTitle, PAGE_TITLES } from "./lib/documentTitle";
import { GlobalStyle } from "./styles/GlobalStyle";
import { theme } from "./styles/theme";

/**
 * The addresses whose HTML the build prerenders (issue 14), with their documents' titles and the
 * module of the page's own code (app/pages.ts loads it on demand), which the page preloads.
 */
export const PRERENDERED = [
  { path: "/", file: "index.html", title: documentTitle(PAGE_TITLES.home), code: "src/features/offers/OfferBoard.tsx" },
  { path: "/auth", file: "auth.html", title: documentTitle(PAGE_TITLES.auth), code: "src/features/auth/LoginPage.tsx" },
] as const;

/**
 * The query whose answer the server draws into `/` at request time (the board's first page as a
 * visitor sees it), printed for the server to run, and the id of the page's JSON block that carries
 * the cache it drew from (lib/firstScreenData.ts).
 */
export const FIRST_SCREEN_QUERY = {
  // As Apollo sends it (with __typename, which the cache needs to keep the offers).
  query: print(createCache().transformDocument(BOARD_FIRST_PAGE.query)),
  variables: BOARD_FIRST_PAGE.variables,
  dataId: FIRST_SCREEN_DATA_ID,
};

/**
 * Renders the real app at `path` as the browser first draws it: nobody known yet (the session is
 * being read, no stored user). The link never answers, so every query stays loading, except the
 * board's first page when `board` (its answer, as FIRST_SCREEN_QUERY gave it) is passed: its cards
 * are drawn; `drawnFor`: a member's layout of `/` (lib/drawnFor.ts). Returns the markup for #root, the styled-components CSS of what it drew and the cache
 * it drew from (to send with the page).
 */
export async function render(
  path: string,
  { board, drawnFor = "visitor" }: { board?: unknown; drawnFor?: DrawnFor } = {},
): Promise<{ html: string; css: string; data: unknown }> {
  const client = new ApolloClient({ link: new ApolloLink(() => new Observable(() => undefined)), cache: createCache(), ssrMode: true });
  if (board) {
    client.writeQuery({ ...BOARD_FIRST_PAGE, data: board as never });
    // Drawn at once, as the browser does once its code is here (main.tsx waits for it).
    await offerBoard.preload();
  }
  const sheet = new ServerStyleSheet();
  try {
    const { prelude } = await prerender(
      sheet.collectStyles(
        <ApolloProvider client={client}>
          <StaticRouter location={path}>
            <ThemeProvider theme={theme}>
              <GlobalStyle />
              <DrawnForProvider value={drawnFor}>
                <AppShell />
              </DrawnForProvider>
            </ThemeProvider>
          </StaticRouter>
        </ApolloProvider>,
      ),
      // One piece of HTML, however long: React would otherwise send a large Suspense boundary (the
      // board) after its fallback, with an inline script to swap it in, which the page's CSP forbids.
      { progressiveChunkSize: Number.POSITIVE_INFINITY },
    );
    const html = await new Response(prelude).text();
    return { html, css: sheet.getStyleTags(), data: client.cache.extract() };
  } finally {
    sheet.seal();
    client.stop();
  }
}
