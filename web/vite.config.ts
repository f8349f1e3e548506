import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { defineConfig, type Plugin } from "vite";
import react from "@vitejs/plugin-react";
import { compression } from "vite-plugin-compression2";
import { PRODUCT_NAME } from "../schema/src/constants";
import { COUNTRIES } from "../schema/src/countries";
import { EARLY_TAPS_SCRIPT } from "../schema/src/earlyTaps";
import { countryFlags } from "./build/countryFlags";
import { compileHints } from "./build/compileHints";
import { initialLoadBudget } from "./build/initialLoadBudget";
import { inlineGraphqlDocuments } from "./build/inlineGraphqlDocuments";
import { prerenderFirstScreens } from "./build/prerender";
import { startAfterFirstPaint } from "./build/startAfterFirstPaint";

const backend = "http://localhost:3000";

/**
 * Writes this build's id, app shell and the product's name into dist/sw.js (copied from public/sw.js): the id names the
 * service worker's cache (a new build, a new cache; the old one is deleted when it activates), the
 * shell is the entry chunk, its static imports and their CSS. Built names are content-hashed, so the
 * id is a hash of them.
 */
function serviceWorkerBuild(): Plugin {
  let outDir = "dist";
  let buildId = "";
  let shell: string[] = [];
  return {
    name: "service-worker-build",
    apply: "build",
    enforce: "post",
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    generateBundle(_options, bundle) {
      const hash = createHash("sha256");
      for (const name of Object.keys(bundle).sort()) hash.update(`${name}\n`);
      const html = bundle["index.html"];
      if (html?.type === "asset") hash.update(html.source);
      buildId = hash.digest("hex").slice(0, 16);
      const files = new Set<string>();
      const visit = (fileName: string) => {
        const chunk = bundle[fileName];
        if (files.has(fileName) || chunk?.type !== "chunk") return;
        files.add(fileName);
        chunk.viteMetadata?.importedCss.forEach((css) => files.add(css));
        chunk.imports.forEach(visit);
      };
      for (const chunk of Object.values(bundle)) if (chunk.type === "chunk" && chunk.isEntry) visit(chunk.fileName);
      // The script that starts the app after the first paint (build/startAfterFirstPaint.ts).
      for (const file of Object.keys(bundle)) if (/^assets\/start-[\w-]+\.js$/.test(file)) files.add(file);
      shell = ["/favicon.svg", ...[...files].sort().map((file) => `/${file}`)];
    },
    closeBundle() {
      const file = join(outDir, "sw.js");
      const source = readFileSync(file, "utf8");
      const built = source
        .replace(/\/\* build:id \*\/ "[^"]*"/, `/* build:id */ ${JSON.stringify(buildId)}`)
        .replace(/\/\* build:product \*\/ "[^"]*"/, `/* build:product */ ${JSON.stringify(PRODUCT_NAME)}`)
        .replace(/\/\* build:shell \*\/ \[[^\]]*\]/, `/* build:shell */ ${JSON.stringify(shell)}`);
      if (!buildId || !built.includes(buildId) || !built.includes(JSON.stringify(shell))) {
        throw new Error("sw.js: the build id or shell markers were not found");
      }
      writeFileSync(file, built);
    },
  };
}

/**
 * The early-tap script (schema/src/earlyTaps.ts) inline at the top of every page, so a tap on a card
 * the server drew is kept from the first paint. Sent exactly as written: the server's
 * Content-Security-Policy allows it by its hash.
 */
function earlyTaps(): Plugin {
  return {
    name: "early-taps",
    transformIndexHtml: () => [{ tag: "script", children: EARLY_TAPS_SCRIPT, injectTo: "head" }],
  };
}

// Oxc's styled-components transform gives each styled component an id from its file and place (not
// from the order modules run in), so the pages drawn in Node (src/prerender.tsx, at build time and
// by the server) and the browser's chunks name the same classes, and React hydrates them in place.
// It also minifies the components' CSS and marks them pure, so unused ones are dropped.
const oxc = { plugins: { styledComponents: { ssr: true, displayName: false, fileName: false, minify: true, transpileTemplateLiterals: true, pure: true } } };
const graphqlDocuments = () => inlineGraphqlDocuments(resolve(import.meta.dirname, "src/gql"));

/**
 * `vite build --ssr src/prerender.tsx` (first step of `npm run build`): the app as Node draws it,
 * one self-contained module in dist-ssr (every library bundled in), which the build then uses to
 * prerender the first screens and the server to draw `/` with the board's cards.
 */
const ssrBuild = defineConfig({
  oxc,
  plugins: [react(), graphqlDocuments()],
  publicDir: false,
  ssr: { noExternal: true, target: "node" },
  build: {
    outDir: "dist-ssr",
    emptyOutDir: true,
    sourcemap: false,
    minify: false,
    rolldownOptions: { output: { entryFileNames: "[name].js" } },
  },
});

const clientBuild = defineConfig({
  oxc,
  plugins: [
    react(),
    graphqlDocuments(),
    earlyTaps(),
    startAfterFirstPaint(),
    countryFlags(COUNTRIES.map((country) => country.code)),
    serviceWorkerBuild(),
    compileHints(),
    initialLoadBudget(170),
    // Brotli and gzip files beside the content-hashed assets, at the highest levels (once per build);
    // the server sends them by Accept-Encoding. Pages and sw.js change after this step (the service
    // worker's build id, prerendering), so the server compresses those per request instead.
    compression({ include: /(^|[\\/])assets[\\/].+\.(js|mjs|css|svg|json|txt)$/, algorithms: ["brotliCompress", "gzip"], logLevel: "silent" }),
    prerenderFirstScreens(),
  ],
  build: {
    outDir: "dist",
    emptyOutDir: true,
    // Written for whoever debugs a production stack trace with the build at hand, never linked from
    // the bundles nor served (the server answers 404 to any .map).
    sourcemap: "hidden",
    // Every browser we serve preloads modules itself (Safari since 17); an older one still loads them
    // through the imports, only later. The polyfill would be part of every first load.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // Libraries change less often than the app: separate chunks stay cached between releases.
        codeSplitting: {
          groups: [
            { name: "react", test: /node_modules[\\/](react|react-dom|react-router|react-router-dom|scheduler)[\\/]/ },
            // Not graphql-ws nor Apollo's link to it: they load with the first subscription.
            { name: "apollo", test: /node_modules[\\/](@apollo[\\/](?!client[\\/]link[\\/]subscriptions)|(graphql|rxjs|optimism|@wry|tslib)[\\/])/ },
            // Radix is not grouped: its dialog parts load with the dialogs that use them.
            { name: "styled", test: /node_modules[\\/](styled-components|stylis|@emotion)[\\/]/ },
            // The app's own code the first screen runs, in one chunk: Rolldown otherwise folds a module
            // shared with lazy chunks into the entry only when its merge order allows (record 0246), and
            // a change anywhere can leave a dozen sub-kilobyte chunks in the first load instead.
            { name: "app", test: /[\\/](web|schema)[\\/]src[\\/](?!main\.tsx$)/, tags: ["$initial"] },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      "/graphql": { target: backend, ws: true, changeOrigin: true },
      "/api": { target: backend, changeOrigin: true },
      "/healthz": { target: backend, changeOrigin: true },
      "/chat": { target: backend, ws: true, changeOrigin: true },
      "/notifications": { target: backend, ws: true, changeOrigin: true },
    },
  },
});

export default defineConfig(({ isSsrBuild }) => (isSsrBuild ? ssrBuild : clientBuild));
