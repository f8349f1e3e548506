import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { Logger } from "./lib/log.js";
import { FIRST_SCREEN_DRAWN_FOR, FIRST_SCREEN_MARKERS, type DrawnFor } from "@clube-coroa/schema";

/** What `vite build --ssr src/prerender.tsx` writes into web/dist-ssr (see web/src/prerender.tsx). */
interface SsrModule {
  FIRST_SCREEN_QUERY: { query: string; variables: Record<string, unknown>; dataId: string };
  render(path: string, options: { board?: unknown; drawnFor?: DrawnFor }): Promise<{ html: string; css: string; data: unknown }>;
}

/** After a drawing failed, how long `/` is sent as index.html before drawing is tried again. */
const FAILED_RETRY_MS = 30_000;

/** Where the web build's template of `/` takes the drawn page. */
const MARKERS = FIRST_SCREEN_MARKERS;
/** The template's #root, which says whom the page was drawn for (read by the app before it starts). */
const ROOT = /<div id="?root"? data-prerendered="\/"/;

// Whom `/` is drawn for (DrawnFor): the same board for all, but a request with a session cookie gets
// the members' layout (a compact hero, the board right after the counters), which is what her page
// becomes once she is known, so nothing jumps then (issue 15). Two drawings per board change.

export interface HomePageDeps {
  /** web/dist-ssr: the app as Node draws it, and the template of `/`. */
  ssrDir: string;
  /** Runs a query as a visitor (no session, no cookie) through the GraphQL server. */
  executeAsVisitor(query: string, variables: Record<string, unknown>): Promise<{ data?: unknown; errors?: readonly unknown[] }>;
  /** The board's changes on every instance (`offers:changed`): each makes the drawn page stale. */
  changes: AsyncIterable<unknown> & { return?: () => unknown };
  log: Logger;
}

/**
 * `/` with the board's first cards already drawn (issue 14: the first card on a slow phone before
 * any script runs). The page is drawn by the app's own components (web/src/prerender.tsx) from the
 * board's first page as a visitor sees it, and carries that answer as JSON, so React takes the cards
 * over in place. Drawn once per change of the board (on any instance, through the bus) and kept;
 * concurrent requests share one drawing. `page()` answers null when the build has no SSR module or
 * drawing fails: the server then sends the prerendered index.html, as before.
 */
export function createHomePage({ ssrDir, executeAsVisitor, changes, log }: HomePageDeps) {
  const entry = join(ssrDir, "prerender.js");
  const templateFile = join(ssrDir, "index.html");
  let module: Promise<{ ssr: SsrModule; template: string } | null> | null = null;
  let version = 0;
  const kept = new Map<DrawnFor, { version: number; html: string }>();
  const drawing = new Map<DrawnFor, { version: number; html: Promise<string | null> }>();
  // A drawing that failed is not tried again for every request: not before the board changes or
  // FAILED_RETRY_MS have passed (index.html is sent meanwhile).
  const failed = new Map<DrawnFor, { version: number; at: number }>();
  let closed = false;

  void (async () => {
    try {
      for await (const _change of changes) version += 1;
    } catch (error) {
      if (!closed) log.warn({ err: error }, "offers:changed subscription of the home page ended");
    }
  })();

  function load() {
    module ??= (async () => {
      if (!existsSync(entry) || !existsSync(templateFile)) return null;
      const template = readFileSync(templateFile, "utf8");
      if (!Object.values(MARKERS).every((marker) => template.includes(marker)) || !ROOT.test(template)) {
        log.warn({ templateFile }, "the home page's template has no place for the drawn board: index.html is sent");
        return null;
      }
      return { ssr: (await import(pathToFileURL(entry).href)) as SsrModule, template };
    })().catch((error: unknown) => {
      log.warn({ err: error }, "the app's SSR module did not load: index.html is sent for /");
      return null;
    });
    return module;
  }

  async function draw(drawnFor: DrawnFor): Promise<string | null> {
    const loaded = await load();
    if (!loaded) return null;
    const { ssr, template } = loaded;
    const { query, variables, dataId } = ssr.FIRST_SCREEN_QUERY;
    const answer = await executeAsVisitor(query, variables);
    if (answer.errors?.length || !answer.data) {
      log.warn({ errors: answer.errors }, "the board's first page could not be read for /: index.html is sent");
      return null;
    }
    const { html, css, data } = await ssr.render("/", { board: answer.data, drawnFor });
    // Function replacements: what members wrote must never be read as a replacement pattern ($&).
    return template
      .replace(ROOT, (root) => (drawnFor === "member" ? `${root} ${FIRST_SCREEN_DRAWN_FOR}="member"` : root))
      .replace(MARKERS.markup, () => html)
      .replace(MARKERS.styles, () => css.trim())
      .replace(MARKERS.data, () => `<script type="application/json" id="${dataId}">${jsonForHtml(data)}</script>`);
  }

  return {
    /** `/`'s HTML with the board drawn, or null (send index.html). */
    async page(drawnFor: DrawnFor = "visitor"): Promise<string | null> {
      const have = kept.get(drawnFor);
      if (have?.version === version) return have.html;
      const failure = failed.get(drawnFor);
      if (failure?.version === version && Date.now() - failure.at < FAILED_RETRY_MS) return null;
      let current = drawing.get(drawnFor);
      if (current?.version !== version) {
        const at = version;
        const html = draw(drawnFor).catch((error: unknown) => {
          log.warn({ err: error }, "drawing / failed: index.html is sent");
          return null;
        });
        current = { version: at, html };
        drawing.set(drawnFor, current);
        void html.then((drawn) => {
          if (drawn === null) failed.set(drawnFor, { version: at, at: Date.now() });
          else failed.delete(drawnFor);
          const before = kept.get(drawnFor);
          if (drawn !== null && (!before || before.version < at)) kept.set(drawnFor, { version: at, html: drawn });
          if (drawing.get(drawnFor)?.html === html) drawing.delete(drawnFor);
        });
      }
      return current.html;
    },
    close() {
      closed = true;
      void changes.return?.();
    },
  };
}

/**
 * JSON inside a <script> element: `<`, `>` and `&` escaped (no `</script>` or comment can end it
 * early, whatever a member wrote), and the two line separators JavaScript once refused.
 */
export function jsonForHtml(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

export type HomePage = ReturnType<typeof createHomePage>;
