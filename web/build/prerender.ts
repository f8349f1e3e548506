import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join, relative, resolve, sep } from "node:path";
import { pathToFileURL } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { Plugin } from "vite";
import { FIRST_SCREEN_MARKERS } from "../../schema/src/routes";
import { CODE_AFTER_PAINT_ID } from "./startAfterFirstPaint";

interface PrerenderModule {
  PRERENDERED: readonly { path: string; file: string; title: string; code: string }[];
  render: (path: string) => Promise<{ html: string; css: string }>;
}


/** The fonts the first screen's text is set in (hero title, body): fetched with the HTML. */
const FIRST_SCREEN_FONTS = [/playfair-display-latin-700-normal-[\w-]+\.woff2$/, /nunito-latin-wght-normal-[\w-]+\.woff2$/];

/**
 * After the build, draws the first screens (`/` and `/auth`) with the real components
 * (src/prerender.tsx, as `vite build --ssr` built it into dist-ssr) and writes them into dist: index.html for `/`,
 * auth.html for `/auth` (the server sends it for that path). Each page carries its markup inside
 * #root, the styled-components CSS of what it drew and the built stylesheet (fonts) inline, and
 * preloads the first screen's fonts, so the browser paints the page before any script runs.
 * main.tsx then draws the same page over it.
 */
export function prerenderFirstScreens(): Plugin {
  let root = "";
  let outDir = "";
  // Per source module of a page's code: its chunk and the chunks it imports that the entry does not.
  const pageChunks = new Map<string, string[]>();
  return {
    name: "prerender-first-screens",
    apply: "build",
    enforce: "post",
    configResolved(config) {
      root = config.root;
      outDir = resolve(config.root, config.build.outDir);
    },
    generateBundle(_options, bundle) {
      const closure = (fileName: string, into = new Set<string>()) => {
        const chunk = bundle[fileName];
        if (into.has(fileName) || chunk?.type !== "chunk") return into;
        into.add(fileName);
        chunk.imports.forEach((imported) => closure(imported, into));
        return into;
      };
      const initial = new Set<string>();
      for (const chunk of Object.values(bundle)) if (chunk.type === "chunk" && chunk.isEntry) closure(chunk.fileName, initial);
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== "chunk" || !chunk.facadeModuleId) continue;
        const module = relative(root, chunk.facadeModuleId).split(sep).join("/");
        pageChunks.set(module, [...closure(chunk.fileName)].filter((file) => !initial.has(file)));
      }
    },
    async closeBundle() {
      // The app as Node draws it: `vite build --ssr src/prerender.tsx` ran first (npm run build).
      const ssrDir = resolve(root, "dist-ssr");
      const ssrEntry = join(ssrDir, "prerender.js");
      if (!existsSync(ssrEntry)) throw new Error("prerender: dist-ssr/prerender.js is missing: run `vite build --ssr src/prerender.tsx` first");
      const entry = (await import(pathToFileURL(ssrEntry).href)) as PrerenderModule;
      const template = readFileSync(join(outDir, "index.html"), "utf8");
      for (const page of entry.PRERENDERED) {
        const { html, css } = await entry.render(page.path);
        const code = pageChunks.get(page.code);
        if (!code?.length) throw new Error(`prerender: no chunk for ${page.code}`);
        write(join(outDir, page.file), pageHtml(template, outDir, page.path, page.title, html, css, code));
        // `/` once more, as the server's template: it draws the board's cards into it per request.
        if (page.path === "/") {
          const markers = pageHtml(template, outDir, page.path, page.title, FIRST_SCREEN_MARKERS.markup, FIRST_SCREEN_MARKERS.styles, code);
          writeFileSync(join(ssrDir, "index.html"), markers.replace("</body>", `${FIRST_SCREEN_MARKERS.data}\n  </body>`));
        }
      }
    },
  };
}

/**
 * The page's HTML: the template with the page's title, markup, CSS and preloads. Nothing on the
 * first paint waits for the scripts: their preloads (the page's own code beside the entry's) are
 * put in the head only after it (codeAfterFirstPaint).
 */
function pageHtml(template: string, outDir: string, path: string, title: string, markup: string, styles: string, code: string[]): string {
  const stylesheet = /<link rel="stylesheet" crossorigin href="(\/assets\/[^"]+\.css)">/.exec(template);
  if (!stylesheet) throw new Error("prerender: the built stylesheet link was not found in index.html");
  const css = readFileSync(join(outDir, stylesheet[1]), "utf8");
  const fonts = FIRST_SCREEN_FONTS.map((pattern) => {
    const url = /url\((\/assets\/[^)]+)\)/g;
    for (const match of css.matchAll(url)) if (pattern.test(match[1])) return match[1];
    throw new Error(`prerender: no font matches ${pattern}`);
  });
  const preloads = [
    ...fonts.map((href) => `<link rel="preload" as="font" type="font/woff2" crossorigin href="${href}">`),
    ...code.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
  ].join("\n    ");
  if (!template.includes('<script type="module" crossorigin')) throw new Error("prerender: the entry script was not found in index.html");
  const out = template
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`)
    .replace(stylesheet[0], `${preloads}\n    <style>${css}</style>\n    ${styles.trim()}`)
    // data-prerendered names the address it was drawn for: main.tsx hydrates only there.
    .replace('<div id="root"></div>', `<div id="root" data-prerendered="${escapeHtml(path)}">${markup}</div>`);
  if (!out.includes(markup) || !out.includes(`<title>${escapeHtml(title)}</title>`)) {
    throw new Error("prerender: index.html does not have the expected shape");
  }
  return codeAfterFirstPaint(out);
}

/**
 * Moves the page's script preloads into `<template id="${CODE_AFTER_PAINT_ID}">`, where they fetch
 * nothing: the start script (startAfterFirstPaint.ts) puts them in the head once the browser has
 * painted the page. On a slow phone the HTML, its fonts and the first paint have the network to
 * themselves, and the app's code follows them rather than competing with them.
 */
function codeAfterFirstPaint(html: string): string {
  const preload = /\n?\s*<link rel="modulepreload" crossorigin href="[^"]+">/g;
  const links = html.match(preload)?.map((link) => link.trim()) ?? [];
  if (links.length === 0) throw new Error("prerender: no script preloads found in index.html");
  const start = /<script type="module" crossorigin src="\/assets\/start-[\w-]+\.js"><\/script>/.exec(html);
  if (!start) throw new Error("prerender: the start script was not found in index.html");
  return html
    .replace(preload, "")
    .replace(start[0], `${start[0]}\n    <template id="${CODE_AFTER_PAINT_ID}">${links.join("")}</template>`);
}

const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** Writes the page and, replacing any the build made before it was prerendered, its compressed copies. */
function write(file: string, html: string) {
  writeFileSync(file, html);
  writeFileSync(`${file}.gz`, gzipSync(html, { level: 9 }));
  writeFileSync(`${file}.br`, brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
}
