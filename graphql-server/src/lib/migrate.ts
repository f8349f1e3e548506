import { createHash, randomUUID } from "node:crypto";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { repoPath } from "../paths.js";
import { ADVISORY_LOCK, type RawDb } from "./db.js";

export const MIGRATIONS_DIR = repoPath("prisma", "migrations");

export class MigrationError extends Error {}

interface AppliedRow {
  migration_name: string;
  checksum: string;
  finished_at: Date | null;
}

/**
 * Applies every migration folder not yet applied, in name order, each in its own transaction,
 * recording it in `_prisma_migrations` with Prisma's own columns and checksum so that
 * `prisma migrate status` on a machine with Prisma's engines sees the same history.
 */
export async function applyMigrations(raw: RawDb, dir = MIGRATIONS_DIR): Promise<string[]> {
  const folders = readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(join(dir, d.name, "migration.sql")))
    .map((d) => d.name)
    .sort();
  return raw.withLock(ADVISORY_LOCK.migrations, async () => {
    await raw.exec(`CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
      "id" VARCHAR(36) PRIMARY KEY NOT NULL,
      "checksum" VARCHAR(64) NOT NULL,
      "finished_at" TIMESTAMPTZ,
      "migration_name" VARCHAR(255) NOT NULL,
      "logs" TEXT,
      "rolled_back_at" TIMESTAMPTZ,
      "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
      "applied_steps_count" INTEGER NOT NULL DEFAULT 0
    )`);
    const rows = await raw.query<AppliedRow>(
      `SELECT migration_name, checksum, finished_at FROM "_prisma_migrations" WHERE rolled_back_at IS NULL`,
    );
    const applied = new Map(rows.filter((r) => r.finished_at).map((r) => [r.migration_name, r.checksum]));
    const done: string[] = [];
    for (const name of folders) {
      const sql = readFileSync(join(dir, name, "migration.sql"), "utf8");
      const checksum = createHash("sha256").update(sql).digest("hex");
      const known = applied.get(name);
      if (known) {
        if (known !== checksum) {
          throw new MigrationError(
            `Migration ${name} was changed after it was applied (checksum differs). Committed migrations are immutable: restore the file and add a new migration instead.`,
          );
        }
        continue;
      }
      await raw.transaction(async (tx) => {
        await tx.exec(sql);
        await tx.query(
          `INSERT INTO "_prisma_migrations" (id, checksum, finished_at, migration_name, started_at, applied_steps_count)
           VALUES ($1, $2, now(), $3, now(), 1)`,
          [randomUUID(), checksum, name],
        );
      });
      done.push(name);
    }
    return done;
  });
}
