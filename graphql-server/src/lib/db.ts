import { createHash } from "node:crypto";
import { cpSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaClient } from "../generated/prisma/client.js";
import { repoPath } from "../paths.js";
import { claimDataDir } from "./data-dir-owner.js";

export type { PrismaClient };

/** Keys of the start-up steps that run once however many instances start together. */
export const ADVISORY_LOCK = { migrations: 7_240_613, demoSeed: 7_240_614 } as const;
/** Keys of the timed jobs that run on one instance at a time (lib/jobs.ts). */
export const JOB_LOCK = { "billing-sweep": 7_240_620, housekeeping: 7_240_621, "presence-sweep": 7_240_622, "banners-schedule": 7_240_623, "suspensions-sweep": 7_240_624, "queue-purge": 7_240_625, "data-exports-sweep": 7_240_626 } as const;
export type Tx = Parameters<Parameters<PrismaClient["$transaction"]>[0]>[0];

/** Plain SQL access below Prisma, used to apply migrations (multi-statement scripts). */
export interface RawDb {
  kind: "pglite" | "postgres";
  exec(sql: string): Promise<void>;
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Runs fn inside one transaction on one connection. */
  transaction<T>(fn: (tx: Pick<RawDb, "exec" | "query">) => Promise<T>): Promise<T>;
  /** Runs fn while holding a cluster-wide lock (PostgreSQL advisory lock; PGlite has one connection). */
  withLock<T>(key: number, fn: () => Promise<T>): Promise<T>;
  /**
   * Runs fn only if no other session holds the lock (pg_try_advisory_lock, held for fn's duration on
   * a connection of its own); answers whether it ran. PGlite (one process) always runs it.
   */
  tryWithLock(key: number, fn: () => Promise<unknown>): Promise<boolean>;
  close(): Promise<void>;
}

export interface Database {
  prisma: PrismaClient;
  raw: RawDb;
  describe: string;
  /** PostgreSQL's pool: connections open, idle, and requests waiting for one (absent on PGlite). */
  pool?: () => { total: number; idle: number; waiting: number };
  close(): Promise<void>;
}

function pgliteRaw(pglite: PGlite): RawDb {
  const query = async <T>(sql: string, params: unknown[] = []) => (await pglite.query<T>(sql, params)).rows;
  return {
    kind: "pglite",
    exec: async (sql) => void (await pglite.exec(sql)),
    query,
    transaction: (fn) =>
      pglite.transaction((tx) =>
        fn({
          exec: async (sql) => void (await tx.exec(sql)),
          query: async <T>(sql: string, params: unknown[] = []) => (await tx.query<T>(sql, params)).rows,
        }),
      ),
    withLock: (_key, fn) => fn(),
    tryWithLock: async (_key, fn) => {
      await fn();
      return true;
    },
    close: async () => {
      if (!pglite.closed) await pglite.close();
    },
  };
}

function postgresRaw(pool: pg.Pool): RawDb {
  const onClient = (client: pg.PoolClient | pg.Pool) => ({
    exec: async (sql: string) => void (await client.query(sql)),
    query: async <T>(sql: string, params: unknown[] = []) => (await client.query(sql, params)).rows as T[],
  });
  return {
    kind: "postgres",
    ...onClient(pool),
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query("BEGIN");
        // Migrations may wait for the traffic's locks and run long: no timeouts for them.
        await client.query("SET LOCAL lock_timeout = 0; SET LOCAL statement_timeout = 0");
        const result = await fn(onClient(client));
        await client.query("COMMIT");
        return result;
      } catch (error) {
        await client.query("ROLLBACK").catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    async withLock(key, fn) {
      const client = await pool.connect();
      try {
        // Another instance may hold the lock for a whole migration or seed: wait without a timeout.
        await client.query("SET lock_timeout = 0; SET statement_timeout = 0");
        await client.query("SELECT pg_advisory_lock($1)", [key]);
        try {
          return await fn();
        } finally {
          await client.query("SELECT pg_advisory_unlock($1)", [key]);
          await client.query("RESET lock_timeout; RESET statement_timeout");
        }
      } finally {
        client.release();
      }
    },
    async tryWithLock(key, fn) {
      const client = await pool.connect();
      let broken: Error | undefined;
      try {
        const [{ locked }] = (await client.query<{ locked: boolean }>("SELECT pg_try_advisory_lock($1) AS locked", [key])).rows;
        if (!locked) return false;
        try {
          await fn();
          return true;
        } finally {
          // A connection that cannot unlock is not returned to the pool: closing it frees the lock.
          await client.query("SELECT pg_advisory_unlock($1)", [key]).catch((error: Error) => (broken = error));
        }
      } finally {
        client.release(broken);
      }
    },
    close: async () => {
      if (!pool.ending) await pool.end();
    },
  };
}

/** Interactive transactions wait at most 2 s for a connection and may last 15 s (see the pool's timeouts). */
export const TRANSACTION_OPTIONS = { maxWait: 2000, timeout: 15_000 };

export interface DatabaseOptions {
  /** PostgreSQL when set; otherwise the embedded PGlite. */
  databaseUrl?: string;
  /** Folder for PGlite's data; "memory" keeps it in memory (tests). */
  dataDir: string;
  /** PostgreSQL pool size. */
  poolMax?: number;
}

/**
 * PGlite's PostgreSQL with 16 MB of shared buffers instead of initdb's 128 MB: its WASM memory then
 * stays at the module's 128 MB minimum instead of growing to ~190 MB, and never shrinks once grown
 * (docs/decisions/0213-pglite-s-wasm-memory-190-mb-after-any-start.md). Set at start (an existing data folder's postgresql.conf says 128 MB)
 * and at initdb (the in-memory databases of the tests, the template below).
 */
export const PGLITE_SHARED_BUFFERS = "16MB";
export const pgliteOptions = (defaultStartParams: string[]) => ({
  startParams: [...defaultStartParams, "-c", `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
  initDbStartParams: ["-c", `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
});

/**
 * The data folder PGlite's initdb makes, written by the build (scripts/pglite-template.mjs, same
 * PGlite, same settings): a fresh data folder is copied from it instead of running initdb in this
 * process. PGlite's initdb starts a second PostgreSQL and copies its whole WASM memory, ~600 MB at
 * its peak, which a 1 GB machine cannot spare beside the server. Absent (sources run with tsx, no
 * build): initdb runs here as before.
 */
export const PGLITE_TEMPLATE = repoPath("graphql-server", "dist", "pglite-datadir");

/** At most this many distinct statements are prepared on each connection (the app has a few hundred). */
export const PREPARED_STATEMENTS_MAX = 500;

/**
 * Names Prisma's statements so that each PostgreSQL connection parses and plans a statement once
 * and then only binds and executes it (pg keeps a named statement per connection). Planning was most
 * of PostgreSQL's work for sendMessage's statement: pgbench, 4 clients, 1,683 per second unnamed
 * against 5,911 prepared (docs/decisions/0270-prepared-statements-on-postgresql.md). The name is a
 * hash of the text, so one text is one statement; past PREPARED_STATEMENTS_MAX distinct texts the rest
 * run unnamed, which bounds the memory every connection's backend spends on plans.
 */
export function statementNames(max = PREPARED_STATEMENTS_MAX) {
  const names = new Map<string, string>();
  return ({ sql }: { sql: string }): string => {
    const known = names.get(sql);
    // "" is pg's unnamed statement: parsed and planned each time, as before.
    if (known !== undefined || names.size >= max) return known ?? "";
    const name = `cc_${createHash("sha256").update(sql).digest("base64url").slice(0, 22)}`;
    names.set(sql, name);
    return name;
  };
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    // One pool for Prisma and for raw SQL. An idle connection the server ends (restart, failover,
    // a dropped database) emits 'error' on the pool; without a listener that would crash the process,
    // and the next query reports the problem anyway.
    // A request waits at most connectionTimeoutMillis for a connection, then is answered 503. A
    // statement waits at most 3 s for a lock and runs at most 10 s, so that every statement of a
    // transaction ends before Prisma's transaction timer (TRANSACTION_OPTIONS): when that timer fired
    // first, the adapter rolled back while statements were still queued on the connection, and they
    // ran outside the transaction (prisma/prisma#29762).
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolMax ?? 20,
      connectionTimeoutMillis: 5000,
      options: "-c lock_timeout=3000 -c statement_timeout=10000",
    });
    pool.on("error", () => undefined);
    const adapter = new PrismaPg(pool, { statementNameGenerator: statementNames() });
    const prisma = new PrismaClient({ adapter, transactionOptions: TRANSACTION_OPTIONS });
    const raw = postgresRaw(pool);
    const url = new URL(options.databaseUrl);
    return {
      prisma,
      raw,
      describe: `PostgreSQL ${url.host}${url.pathname}`,
      pool: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      async close() {
        await prisma.$disconnect();
        await raw.close();
      },
    };
  }
  // Loaded only for the embedded database: a server on PostgreSQL does not hold PGlite's code (issue 25).
  const [{ PGlite }, { PrismaPGlite }, { unaccent }, { pg_trgm }] = await Promise.all([
    import("@electric-sql/pglite"),
    import("pglite-prisma-adapter"),
    // The search's extensions (migration offer_search), which PGlite loads only when asked.
    import("@electric-sql/pglite/contrib/unaccent"),
    import("@electric-sql/pglite/contrib/pg_trgm"),
  ]);
  const PGLITE_OPTIONS = { ...pgliteOptions(PGlite.defaultStartParams), extensions: { unaccent, pg_trgm } };
  let pglite: PGlite;
  let describe: string;
  let release = () => undefined as void;
  if (options.dataDir === "memory") {
    pglite = new PGlite(PGLITE_OPTIONS);
    describe = "PGlite (in memory)";
  } else {
    const dir = resolve(options.dataDir, "pglite");
    mkdirSync(dir, { recursive: true });
    // One process at a time (a second PGlite on the same files would corrupt them): a server
    // started while a backup runs, or the other way round, stops here with the reason.
    release = claimDataDir(options.dataDir);
    if (readdirSync(dir).length === 0 && existsSync(join(PGLITE_TEMPLATE, "PG_VERSION"))) {
      // Copied beside it, then renamed: a start stopped halfway leaves no half-made database behind.
      const copying = `${dir}.copying`;
      rmSync(copying, { recursive: true, force: true });
      cpSync(PGLITE_TEMPLATE, copying, { recursive: true });
      rmSync(dir, { recursive: true });
      renameSync(copying, dir);
    }
    pglite = new PGlite(dir, PGLITE_OPTIONS);
    describe = `PGlite (${dir})`;
  }
  try {
    await pglite.waitReady;
  } catch (error) {
    release();
    throw error;
  }
  const prisma = new PrismaClient({ adapter: new PrismaPGlite(pglite) });
  const raw = pgliteRaw(pglite);
  return {
    prisma,
    raw,
    describe,
    async close() {
      await prisma.$disconnect();
      await raw.close();
      release();
    },
  };
}
