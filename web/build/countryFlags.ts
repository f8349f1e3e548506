import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type { Plugin } from "vite";
import { FLAGS_PATH, flagUrl } from "../../schema/src/countries";

/**
 * The sign-in page's country flags as SVG files (issue 15: emoji flags show as empty boxes or letter
 * pairs on many systems), from country-flag-icons (3:2): written into the build as `flags/XX.svg`
 * for the countries of the selector only, and served by the dev server from the package. They cost
 * the page's JavaScript nothing: the page shows the chosen country's flag as an image.
 */
export function countryFlags(codes: readonly string[]): Plugin {
  const dir = join(dirname(createRequire(import.meta.url).resolve("country-flag-icons/package.json")), "3x2");
  const known = new Set(codes);
  const svg = (code: string) => readFileSync(join(dir, `${code}.svg`));
  return {
    name: "country-flags",
    configureServer(server) {
      server.middlewares.use(FLAGS_PATH, (req, res, next) => {
        const code = /^\/([A-Z]{2})\.svg$/.exec(req.url ?? "")?.[1];
        if (!code || !known.has(code)) return next();
        res.setHeader("Content-Type", "image/svg+xml");
        res.end(svg(code));
      });
    },
    generateBundle() {
      for (const code of known) this.emitFile({ type: "asset", fileName: flagUrl(code).slice(1), source: svg(code) });
    },
  };
}
