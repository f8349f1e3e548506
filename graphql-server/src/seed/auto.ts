import { spawn } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Config } from "../config.js";
import { ADVISORY_LOCK, type Database } from "../lib/db.js";
import type { Logger } from "../lib/log.js";
import type { Storage } from "../providers/storage/storage.js";
import { giveDemoAvatars } from "./avatars.js";
import { DEMO_SUPERUSER_PHONE, seedDemo } from "./demo.js";

/**
 * The first start on an empty embedded database fills it with the demo club, so a new person
 * sees a living board at once. PostgreSQL is seeded only when asked (SEED_DEMO=always).
 */
export async function seedIfEmpty(db: Database, config: Pick<Config, "SEED_DEMO" | "DATABASE_URL">, log: Logger, now: Date, storage: Storage) {
  if (config.SEED_DEMO === "never") return;
  if (config.SEED_DEMO === "auto" && config.DATABASE_URL) return;
  // Instances started together all see an empty database: the first to take the lock seeds it,
  // the others find members there once they get the lock.
  await db.raw.withLock(ADVISORY_LOCK.demoSeed, async () => {
    if ((await db.prisma.user.count()) > 0) return;
    const started = Date.now();
    const counts = await seedDemo(db.prisma, { now });
    const avatars = await giveDemoAvatars(db.prisma, storage);
    log.info({ ...counts, avatars, ms: Date.now() - started }, `dados de demonstração criados; superusuária de demonstração: +${DEMO_SUPERUSER_PHONE}`);
  });
}

/** Set in the environment of the child process that seeds an embedded database (`seedInChildProcess`). */
export const SEED_CHILD_ENV = "CLUBE_COROA_SEED_CHILD";

/** The compiled server's file when this code runs from the build (graphql-server/dist/main.js), else null. */
function compiledEntry() {
  const file = fileURLToPath(import.meta.url);
  return /[\\/]dist[\\/]main\.js$/.test(file) ? file : null;
}

/**
 * Whether the demo is seeded by a child process: the compiled server on an embedded database whose
 * folder is still empty (its first start), when the demo is wanted. The child makes the database,
 * applies the migrations and writes the demo before this process opens it; the seed's garbage and
 * what only it uses (DiceBear, sharp's threads, the pages PGlite's WASM touched while writing the
 * demo) leave with the child instead of staying resident in the server (docs/decisions/0240-issue-25-the-two-memory-targets-still-missed-embedded-first.md).
 * Sources run with tsx and the tests' databases seed in-process.
 */
export function seedsInChildProcess(config: Pick<Config, "SEED_DEMO" | "DATABASE_URL" | "DATA_DIR">) {
  if (!compiledEntry() || config.DATABASE_URL || config.DATA_DIR === "memory" || config.SEED_DEMO === "never") return false;
  const dir = join(config.DATA_DIR, "pglite");
  return !existsSync(dir) || readdirSync(dir).length === 0;
}

/**
 * Runs the compiled server again as a child that only makes and seeds the database (main.ts,
 * SEED_CHILD_ENV) and waits for it; called before this process opens the database (PGlite's folder
 * has one owner at a time). Whether it succeeded or not, the caller opens the database next: a failed
 * child leaves an empty database, which is then seeded in-process, or a reason the open reports.
 */
export async function seedInChildProcess(config: Pick<Config, "DATA_DIR">, log: Logger) {
  const entry = compiledEntry();
  if (!entry) throw new Error("seedInChildProcess: only the compiled server seeds in a child process");
  const child = spawn(process.execPath, [...process.execArgv, entry], {
    env: { ...process.env, [SEED_CHILD_ENV]: "1", DATA_DIR: config.DATA_DIR },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", (exitCode, signal) => resolve(signal ? null : exitCode));
  });
  if (code !== 0) log.error({ exitCode: code }, "the child process seeding the demo failed: seeding in this process");
  return code === 0;
}
