#!/usr/bin/env node
// Turns the change between prisma/schema.prisma and the newest migration's snapshot into a new
// migration folder. Prisma 7's CLI needs a native engine we cannot download here, so this runs
// Prisma 6.19's WASM schema engine from the dev-only tool folder prisma/tool (see
// docs/decisions/0007-migrations.md).
//   npm run db:migration -- <name>        write prisma/migrations/<timestamp>_<name>/
//   npm run db:migration -- --check       exit 1 when the schema differs from the newest snapshot
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const schemaPath = join(root, "prisma/schema.prisma");
const migrationsDir = join(root, "prisma/migrations");
const toolDir = join(root, "prisma/tool");

const arg = process.argv[2];
const normalise = (text) => text.replace(/\s+/g, " ").trim();

function newestMigration() {
  if (!existsSync(migrationsDir)) return null;
  const names = readdirSync(migrationsDir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();
  return names.length ? names[names.length - 1] : null;
}

const newest = newestMigration();
const snapshotPath = newest ? join(migrationsDir, newest, "schema.prisma") : null;
const schema = readFileSync(schemaPath, "utf8");

if (arg === "--check") {
  if (!snapshotPath || !existsSync(snapshotPath)) {
    console.error("Nenhuma migração com snapshot encontrada em prisma/migrations.");
    process.exit(1);
  }
  if (normalise(readFileSync(snapshotPath, "utf8")) !== normalise(schema)) {
    console.error(`prisma/schema.prisma differs from the snapshot of ${newest}: run npm run db:migration -- <name>`);
    process.exit(1);
  }
  console.log(`schema matches migration ${newest}`);
  process.exit(0);
}

if (!arg || !/^[a-z0-9_]+$/.test(arg)) {
  console.error("usage: npm run db:migration -- <name in snake_case> | --check");
  process.exit(2);
}

if (!existsSync(join(toolDir, "node_modules/prisma"))) {
  console.log("Installing the migration tool (Prisma 6.19 WASM engine) into prisma/tool ...");
  execFileSync("npm", ["install", "--no-audit", "--no-fund"], { cwd: toolDir, stdio: "inherit" });
}

// Prisma 6 wants a url in the datasource; the snapshot kept in the repo is the Prisma 7 text.
const forPrisma6 = (text) =>
  text.replace(/datasource\s+db\s*\{([^}]*)\}/, (_m, body) => `datasource db {${body}  url = env("DATABASE_URL")\n}`)
    .replace(/generator\s+client\s*\{[^}]*\}/, 'generator client {\n  provider = "prisma-client-js"\n}');

const work = mkdtempSync(join(tmpdir(), "cc-migration-"));
const toPath = join(work, "to.prisma");
writeFileSync(toPath, forPrisma6(schema));
const args = ["prisma", "migrate", "diff", "--config", "diff.config.ts", "--to-schema-datamodel", toPath, "--script"];
if (snapshotPath && existsSync(snapshotPath)) {
  const fromPath = join(work, "from.prisma");
  writeFileSync(fromPath, forPrisma6(readFileSync(snapshotPath, "utf8")));
  args.push("--from-schema-datamodel", fromPath);
} else {
  args.push("--from-empty");
}

const sql = execFileSync("npx", args, {
  cwd: toolDir,
  encoding: "utf8",
  env: {
    ...process.env,
    DATABASE_URL: "postgresql://unused",
    DIFF_SCHEMA: toPath,
    PRISMA_SCHEMA_ENGINE_BINARY: "/bin/true",
    PRISMA_QUERY_ENGINE_LIBRARY: "/bin/true",
    CHECKPOINT_DISABLE: "1",
    NODE_OPTIONS: `--require ${join(toolDir, "unref-long-timers.cjs")}`,
  },
});

if (!sql.trim() || /^-- This is an empty migration\.?\s*$/m.test(sql.trim())) {
  console.error("The schema has not changed since the newest migration: nothing written.");
  process.exit(1);
}

const stamp = new Date().toISOString().replace(/[-:T]/g, "").slice(0, 14);
const folder = join(migrationsDir, `${stamp}_${arg}`);
mkdirSync(folder, { recursive: true });
writeFileSync(join(folder, "migration.sql"), sql);
writeFileSync(join(folder, "schema.prisma"), schema);
console.log(`wrote ${folder}/migration.sql`);
