// Compiles the server for production: one ES module, graphql-server/dist/main.js, with its source map
// (not loaded by `npm run serve`: NODE_OPTIONS=--enable-source-maps shows TypeScript lines in stack
// traces, at ~40 MB of memory for every package's maps; docs/decisions/0215-source-maps-40-mb.md). Our own TypeScript is bundled —
// the server, the workspace package @clube-coroa/schema and the generated Prisma client — and every
// other package stays in node_modules, loaded by Node as it is (native addons, WASM files and
// packages that find their own files keep working).
import { execFileSync } from "node:child_process";
import { rmSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = fileURLToPath(new URL("..", import.meta.url));
const outdir = `${root}graphql-server/dist`;
const started = performance.now();

rmSync(outdir, { recursive: true, force: true });
const result = await build({
  absWorkingDir: root,
  entryPoints: ["graphql-server/src/main.ts"],
  outfile: `${outdir}/main.js`,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20.19",
  sourcemap: true,
  metafile: true,
  logLevel: "warning",
  plugins: [
    {
      name: "node-modules-external",
      setup(builder) {
        // A bare specifier is a package: leave it to Node, except our own TypeScript workspace.
        builder.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith("@clube-coroa/") ? undefined : { path: args.path, external: true }));
      },
    },
  ],
});
// The embedded database's fresh data folder, made once in a process of its own (scripts/pglite-template.mjs).
execFileSync(process.execPath, [`${root}scripts/pglite-template.mjs`, `${outdir}/pglite-datadir`], { stdio: "inherit" });
const bytes = Object.values(result.metafile.outputs).find((output) => output.entryPoint)?.bytes ?? 0;
console.log(`server: graphql-server/dist/main.js ${(bytes / 1024).toFixed(0)} KB in ${Math.round(performance.now() - started)} ms`);
