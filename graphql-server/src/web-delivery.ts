import { existsSync } from "node:fs";
import type { ServerResponse } from "node:http";
import { join } from "node:path";
import express, { type Express, type NextFunction, type Request, type Response } from "express";
import expressStaticGzip from "express-static-gzip";
import { APP_ROUTES, isAppRoute } from "@clube-coroa/schema";
import { toAppError } from "./lib/errors.js";
import { sessionTokenOf } from "./lib/http.js";
import type { HomePage } from "./first-screen.js";

const IMMUTABLE = "public, max-age=31536000, immutable";

/**
 * The built web app (web/dist): content-hashed assets with the brotli or gzip file the build wrote
 * beside them, chosen by Accept-Encoding, cached for a year; pages revalidated on every visit; the
 * app's pages answer 200 and any other path 404 with the same page (the app shows its 404); source
 * maps are never sent. `/` is sent with the board's first cards drawn in when `homePage` can draw
 * them (first-screen.ts), else as the build prerendered it. Pages, sw.js and other files without a precompressed copy are compressed per
 * request by the `compression` middleware in app.ts.
 */
export function webDelivery(
  webDist: string,
  { homePage, ownBoard }: {
    homePage?: HomePage;
    /**
     * Whether the member of this session token sees a board of her own (authors hidden from her across
     * a block, issue 27): her `/` is then sent without the shared board drawn in.
     */
    ownBoard?: (token: string) => Promise<boolean>;
  } = {},
): Express {
  // An app of its own: pages carry an ETag (for revalidation), which the API's answers do not.
  const web = express();
  web.disable("x-powered-by");
  web.enable("etag");
  const pages = pageFiles(webDist);
  const index = join(webDist, "index.html");

  const sendPage = (req: Request, res: Response, status: number) => {
    res.status(status).set("Cache-Control", "no-cache");
    res.sendFile(status === 200 ? pageFileFor(pages, req.path, index) : index);
  };

  web.use((req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    try {
      decodeURIComponent(req.path);
    } catch (error) {
      res.status(400).type("text/plain").send(toAppError(error)!.message);
      return;
    }
    // Built as hidden source maps (for debugging a trace beside the build), never served.
    if (/\.map$/i.test(req.path)) return sendPage(req, res, 404);
    next();
  });
  web.use(
    expressStaticGzip(webDist, {
      enableBrotli: true,
      orderPreference: ["br", "gzip"],
      index: false,
      serveStatic: { index: false, maxAge: "1h", setHeaders: cacheHeaders },
    }),
  );
  // `/` with the board's cards drawn in (first-screen.ts); an invitation (`?id=`) draws its own page.
  web.get("/", (req, res, next) => {
    if (!homePage || "id" in req.query) return next();
    const token = sessionTokenOf(req);
    const drawing = token && ownBoard
      ? ownBoard(token).then((own) => (own ? null : homePage.page("member")))
      : homePage.page(token ? "member" : "visitor");
    drawing.then((html) => {
      if (html === null) return next();
      res.status(200).set("Cache-Control", "no-cache").type("html").send(html);
    }, next);
  });
  web.get(/^(?!\/(api|graphql|healthz)(\/|$)).*/, (req, res) => sendPage(req, res, isAppRoute(req.path) ? 200 : 404));
  return web;
}

function cacheHeaders(res: ServerResponse, path: string) {
  if (/[\\/]assets[\\/]/.test(path)) res.setHeader("Cache-Control", IMMUTABLE);
  // Pages, and the service worker (a new release must not wait an hour to arrive), are revalidated.
  else if (/\.html$|[\\/]sw\.js$/.test(path)) res.setHeader("Cache-Control", "no-cache");
}

/**
 * Pages prerendered at build time for a route without parameters: `auth.html` for /auth. Any other
 * page of the app is index.html.
 */
function pageFiles(webDist: string) {
  const files = new Map<string, string>();
  for (const route of Object.values(APP_ROUTES)) {
    if (route === "/" || route.includes(":")) continue;
    const file = join(webDist, `${route.slice(1)}.html`);
    if (existsSync(file)) files.set(route.toLowerCase(), file);
  }
  return files;
}

function pageFileFor(pages: Map<string, string>, path: string, index: string) {
  return pages.get(path.replace(/(.)\/$/, "$1").toLowerCase()) ?? index;
}
