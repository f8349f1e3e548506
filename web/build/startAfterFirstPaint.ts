import { createHash } from "node:crypto";
import type { Plugin } from "vite";

/**
 * The app's code runs once the browser has painted the page it has (on `/` and `/auth` the
 * prerendered one), never before: index.html's entry script becomes a preload of the entry (fetched
 * at once, as before) and a small script that imports it after the first frame. Without it a fast
 * machine runs all of the app's code before painting anything, and Lighthouse charges a phone the
 * whole of it before the first paint. A hidden tab paints nothing: there it imports at once. The
 * entry's large imports (React, Apollo, styled-components) are run first, each in a task of its own.
 * The script is written as `assets/start-<hash>.js` (content-hashed, cached for good like the rest).
 */
/** Imports of the entry at least this large (bytes, minified) run in a task of their own. */
const STAGED_CHUNK_BYTES = 20_000;

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
        `const run = () => start().catch((error) => console.error(error));\n` +
        `if (document.visibilityState === "hidden") run();\n` +
        `else requestAnimationFrame(() => setTimeout(run, 0));\n`;
      const fileName = `assets/start-${createHash("sha256").update(code).digest("hex").slice(0, 10)}.js`;
      this.emitFile({ type: "asset", fileName, source: code });
      html.source = source.replace(
        tag[0],
        `<link rel="modulepreload" crossorigin href="${tag[1]}">\n    <script type="module" crossorigin src="/${fileName}"></script>`,
      );
    },
  };
}
