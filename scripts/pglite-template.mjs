// Makes the data folder PGlite's initdb makes, for graphql-server/src/lib/db.ts: a fresh embedded
// database is copied from it instead of running initdb inside the server, whose peak (a second
// PostgreSQL and a copy of its whole WASM memory, ~600 MB) a 1 GB machine cannot spare beside the
// server. Run by scripts/build-server.mjs in a process of its own; kept in node_modules/.cache by
// PGlite's version and the settings below, so a build runs initdb once per PGlite upgrade.
// Usage: node scripts/pglite-template.mjs <output folder>
import { cpSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";

const output = process.argv[2];
if (!output) throw new Error("usage: node scripts/pglite-template.mjs <output folder>");
// Must match PGLITE_SHARED_BUFFERS in graphql-server/src/lib/db.ts.
const SHARED_BUFFERS = "16MB";

const root = fileURLToPath(new URL("..", import.meta.url));
const require = createRequire(import.meta.url);
const packageJson = join(dirname(dirname(require.resolve("@electric-sql/pglite"))), "package.json");
const { version } = JSON.parse(readFileSync(packageJson, "utf8"));
const cached = join(root, "node_modules", ".cache", "clube-coroa", `pglite-${version}-datadir-sb${SHARED_BUFFERS}`);

if (!existsSync(join(cached, "PG_VERSION"))) {
  const making = `${cached}.making`;
  rmSync(making, { recursive: true, force: true });
  mkdirSync(making, { recursive: true });
  const pglite = new PGlite(making, { initDbStartParams: ["-c", `shared_buffers=${SHARED_BUFFERS}`] });
  await pglite.waitReady;
  await pglite.close();
  rmSync(cached, { recursive: true, force: true });
  renameSync(making, cached);
}
rmSync(output, { recursive: true, force: true });
cpSync(cached, output, { recursive: true });
