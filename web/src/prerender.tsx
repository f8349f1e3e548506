import { ApolloClient, ApolloLink } from "@apollo/client";
import { ApolloProvider } from "@apollo/client/react";
import { prerender } from "react-dom/static";
import { StaticRouter } from "react-router-dom";
import { Observable } from "rxjs";
import { ServerStyleSheet, ThemeProvider } from "styled-components";
import { AppShell } from "./app/AppShell";
import { createCache } from "./lib/apollo";
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
 * Renders the real app at `path` as the browser first draws it: nobody known yet (the session is
 * being read, no stored user), no server answer. The link never answers, so every query stays
 * loading. Returns the markup for #root and the styled-components CSS of what it drew.
 */
export async function render(path: string): Promise<{ html: string; css: string }> {
  const client = new ApolloClient({ link: new ApolloLink(() => new Observable(() => undefined)), cache: createCache(), ssrMode: true });
  const sheet = new ServerStyleSheet();
  try {
    const { prelude } = await prerender(
      sheet.collectStyles(
        <ApolloProvider client={client}>
          <StaticRouter location={path}>
            <ThemeProvider theme={theme}>
              <GlobalStyle />
              <AppShell />
            </ThemeProvider>
          </StaticRouter>
        </ApolloProvider>,
      ),
    );
    const html = await new Response(prelude).text();
    return { html, css: sheet.getStyleTags() };
  } finally {
    sheet.seal();
    client.stop();
  }
}
