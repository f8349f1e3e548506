import { createHash } from "node:crypto";
import type { Plugin } from "vite";

/** The id of the `<template>` that holds the page's script preloads until the first paint. */
export const CODE_AFTER_PAINT_ID = "code-after-paint";

/**
 * A page that never reports a first contentful paint (nothing contentful on it) starts this long
 * after the script ran. It was 1 s after the first frame, which a slow first paint could outrun: the
 * code then started before the paint it was meant to follow.
 */
const FIRST_PAINT_FALLBACK_MS = 5000;

/** Imports of the entry at least this large (bytes, minified) run in a task of their own. */
const STAGED_CHUNK_BYTES = 20_000;

/**
 * The app's code is fetched and run once the browser has painted the page it has (on `/` and `/auth`
 * the prerendered one, reported as its first contentful paint), never before: index.html's entry
 * script becomes a preload of the entry and a small script that, after that paint, puts the page's
 * script preloads in the head (build/prerender.ts holds them in a template until then) and imports
 * the entry. Without it a fast machine fetches and runs all of the app's code before painting
 * anything, and Lighthouse charges a phone the whole of it before the first paint; a slow phone
 * shares its network between the code and the page's fonts. A hidden tab paints nothing: there it
 * imports at once. The entry's large imports (React, Apollo, styled-components) are run first, each
 * in a task of its own.
 * The script is written as `assets/start-<hash>.js` (content-hashed, cached for good like the rest).
 */
/** Whether a file of the build is the start script (`assets/start-<hash>.js`). */
export const isStartScript = (fileName: string) => /^assets\/start-[0-9a-f]+\.js$/.test(fileName);

export function startAfterFirstPaint(): Plugin {
  return {
    name: "start-after-first-paint",
    apply: "build",
    enforce: "post",
    generateBundle(_options, bundle) {
      const html = bundle["index.html"];
      if (html?.type !== "asset") this.error("start-after-first-paint: no index.html in the bundle");
      const source = String(html.source);
      const tag = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>/.exec(source);
      if (!tag) this.error("start-after-first-paint: the entry script was not found in index.html");
      // The entry's largest imports are run one by one, each in its own task, before the entry: the
      // phone answers a tap between them instead of being held for all of them at once.
      const entry = Object.values(bundle).find((chunk) => chunk.type === "chunk" && `/${chunk.fileName}` === tag[1]);
      if (entry?.type !== "chunk") this.error("start-after-first-paint: the entry chunk was not found");
      const size = (file: string) => {
        const chunk = bundle[file];
        return chunk?.type === "chunk" ? chunk.code.length : 0;
      };
      const staged = entry.imports.filter((file) => size(file) >= STAGED_CHUNK_BYTES).map((file) => `/${file}`);
      const code =
        `const steps = ${JSON.stringify([...staged, tag[1]])};\n` +
        `const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));\n` +
        `const start = async () => { for (const step of steps) { await import(step); await nextTask(); } };\n` +
        // The preloads the prerendered page keeps inert until now (build/prerender.ts).
        `const fetchCode = () => { const held = document.getElementById(${JSON.stringify(CODE_AFTER_PAINT_ID)}); if (held) document.head.append(held.content); };\n` +
        `let started = false;\n` +
        `const run = () => { if (started) return; started = true; fetchCode(); start().catch((error) => console.error(error)); };\n` +
        `const afterPaint = () => setTimeout(run, 0);\n` +
        `const paintTimed = typeof PerformanceObserver === "function" && (PerformanceObserver.supportedEntryTypes || []).includes("paint");\n` +
        `if (document.visibilityState === "hidden") run();\n` +
        // Without paint timing: after the first frame.
        `else if (!paintTimed) requestAnimationFrame(afterPaint);\n` +
        `else {\n` +
        `  new PerformanceObserver((list, observer) => { if (list.getEntriesByName("first-contentful-paint").length) { observer.disconnect(); afterPaint(); } }).observe({ type: "paint", buffered: true });\n` +
        `  setTimeout(run, ${FIRST_PAINT_FALLBACK_MS});\n` +
        `}\n`;
      const fileName = `assets/start-${createHash("sha256").update(code).digest("hex").slice(0, 10)}.js`;
      this.emitFile({ type: "asset", fileName, source: code });
      html.source = source.replace(
        tag[0],
        `<link rel="modulepreload" crossorigin href="${tag[1]}">\n    <script type="module" crossorigin src="/${fileName}"></script>`,
      );
    },
  };
}
