/**
 * The web app's pages, in one place: the router (web/src/app/AppRoutes.tsx) takes its paths from
 * here and the server answers 200 for these and 404 (with the app's 404 page) for anything else.
 */
export const APP_ROUTES = {
  home: "/",
  signIn: "/auth",
  profile: "/perfil",
  messages: "/mensagens",
  conversation: "/mensagens/:id",
  /** 'Avisos', her notification centre (issue 29). */
  notifications: "/avisos",
  members: "/parceiras",
  admin: "/admin",
  simpleAdmin: "/admin-simples",
  terms: "/termos",
  privacy: "/privacidade",
} as const;

export type AppRoutePath = (typeof APP_ROUTES)[keyof typeof APP_ROUTES];

// As react-router matches: case-insensitive, an optional trailing slash, `:param` one non-empty segment.
const PATTERNS = Object.values(APP_ROUTES).map(
  (path) => new RegExp(`^${path.replace(/\/$/, "").replace(/:[A-Za-z]+/g, "[^/]+")}/?$`, "i"),
);

/** Whether the router has a page for this path (the path of a URL, without query or fragment). */
export function isAppRoute(pathname: string): boolean {
  return PATTERNS.some((pattern) => pattern.test(pathname));
}

/**
 * Whom the server drew `/` for: a request with a session cookie gets the members' layout, which is
 * what her page becomes once she is known (issue 15). Written on #root as FIRST_SCREEN_DRAWN_FOR
 * (`data-drawn-for`) by the server, read there by the app before it starts.
 */
export type DrawnFor = "visitor" | "member";
export const FIRST_SCREEN_DRAWN_FOR = "data-drawn-for";

/**
 * Where, in the web build's template of `/` (web/dist-ssr/index.html, written by
 * web/build/prerender.ts), the server puts what it draws per request
 * (graphql-server/src/first-screen.ts): #root's markup, the styled-components CSS and the JSON block
 * of the answers it drew from.
 */
export const FIRST_SCREEN_MARKERS = { markup: "<!--ssr:markup-->", styles: "<!--ssr:styles-->", data: "<!--ssr:data-->" } as const;
