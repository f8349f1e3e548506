// Compiles the server for production: one ES module, graphql-server/dist/main.js, with its source map
// (not loaded by `npm run serve`: NODE_OPTIONS=--enable-source-maps shows TypeScript lines in stack
// traces, at ~40 MB of memory for every package's maps; docs/decisions/0215-source-maps-40-mb.md). Our own TypeScript is bundled —
// the server, the workspace package @clube-coroa/schema and the generated Prisma client — and every
// other package stays in node_modules, loaded by Node as it is (native addons, WASM files and
// packages that find their own files keep working).
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = fileURLToPath(new URL("..", import.meta.url));
const outdir = `${root}graphql-server/dist`;
const started = performance.now();
const require = createRequire(`${root}graphql-server/package.json`);

/**
 * Prisma's generated client loads its query compiler from a module holding the WASM as a 4.5 MB
 * base64 string, which stays in memory for the process's life (the module's source and the string,
 * ~9 MB) after it has been compiled once. The build writes the decoded bytes next to main.js and the
 * client reads them from the file instead: the bytes are garbage once compiled (issue 25, memory).
 */
function prismaWasmFromFile() {
  const pattern = /getQueryCompilerWasmModule: async \(\) => \{\s*const \{ wasm \} = await import\("(@prisma\/client\/runtime\/([\w.]+)\.wasm-base64\.mjs)"\)\s*return await decodeBase64AsWasm\(wasm\)\s*\}/;
  return {
    name: "prisma-wasm-from-file",
    setup(builder) {
      builder.onLoad({ filter: /generated[\\/]prisma[\\/]internal[\\/]class\.ts$/ }, async (args) => {
        const source = readFileSync(args.path, "utf8");
        const found = pattern.exec(source);
        if (!found) throw new Error("prisma-wasm-from-file: the generated client no longer loads its query compiler as expected; update scripts/build-server.mjs");
        const [, specifier, name] = found;
        const { wasm } = await import(require.resolve(specifier));
        mkdirSync(outdir, { recursive: true });
        writeFileSync(`${outdir}/${name}.wasm`, Buffer.from(wasm, "base64"));
        const replacement = `getQueryCompilerWasmModule: async () => {
    const { readFile } = await import("node:fs/promises")
    return new WebAssembly.Module(await readFile(new URL("./${name}.wasm", import.meta.url)))
  }`;
        return { contents: source.replace(pattern, replacement), loader: "ts" };
      });
    },
  };
}

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
    prismaWasmFromFile(),
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
