import { cpSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { freshPostgres, requireServers } from "../../test/harness.js";
import { openDatabase, type Database } from "./db.js";
import { applyMigrations, MIGRATIONS_DIR, MigrationError } from "./migrate.js";

const open: Database[] = [];
const drops: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (open.length) await open.pop()!.close();
  while (drops.length) await drops.pop()!();
});

async function emptyDatabase(kind: "pglite" | "postgres"): Promise<Database> {
  if (kind === "pglite") {
    const db = await openDatabase({ dataDir: "memory" });
    open.push(db);
    return db;
  }
  const database = await freshPostgres(requireServers("postgres").postgres, "cc_migrate");
  drops.push(database.drop);
  const db = await openDatabase({ databaseUrl: database.url, dataDir: "unused" });
  open.push(db);
  return db;
}

const migrationNames = () =>
  readdirSync(MIGRATIONS_DIR, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();

describe.each(["pglite", "postgres"] as const)("migrations on an empty %s database", (kind) => {
  it("applies every migration once, recorded as Prisma records them", async () => {
    const db = await emptyDatabase(kind);
    expect(await applyMigrations(db.raw)).toEqual(migrationNames());
    const rows = await db.raw.query<{ migration_name: string; checksum: string; finished_at: Date | null; applied_steps_count: number }>(
      `SELECT migration_name, checksum, finished_at, applied_steps_count FROM "_prisma_migrations" ORDER BY migration_name`,
    );
    expect(rows.map((r) => r.migration_name)).toEqual(migrationNames());
    for (const row of rows) {
      expect(row.checksum).toMatch(/^[0-9a-f]{64}$/);
      expect(row.finished_at).not.toBeNull();
      expect(row.applied_steps_count).toBe(1);
    }
    expect(await applyMigrations(db.raw)).toEqual([]);
    // The schema is usable through Prisma.
    const user = await db.prisma.user.create({ data: { phone: "5511987654321" } });
    expect(user.plan).toBe("nobreza");
  });
});

describe("migration safety", () => {
  it("stops with a clear message when an applied migration's file has changed", async () => {
    const dir = mkdtempSync(join(tmpdir(), "cc-migrations-"));
    cpSync(MIGRATIONS_DIR, dir, { recursive: true });
    const db = await emptyDatabase("pglite");
    await applyMigrations(db.raw, dir);
    const first = join(dir, migrationNames()[0], "migration.sql");
    writeFileSync(first, `${readFileSync(first, "utf8")}\n-- edited later\n`);
    await expect(applyMigrations(db.raw, dir)).rejects.toThrow(MigrationError);
    await expect(applyMigrations(db.raw, dir)).rejects.toThrow(/was changed after it was applied/);
  });

  it("rolls a failing migration back whole and does not record it", async () => {
    const dir = mkdtempSync(join(tmpdir(), "cc-migrations-"));
    cpSync(MIGRATIONS_DIR, dir, { recursive: true });
    const broken = join(dir, "99999999999999_broken");
    cpSync(join(dir, migrationNames()[0]), broken, { recursive: true });
    writeFileSync(join(broken, "migration.sql"), `CREATE TABLE "Half" (id int);\nSELECT * FROM "DoesNotExist";\n`);
    const db = await emptyDatabase("pglite");
    await expect(applyMigrations(db.raw, dir)).rejects.toThrow();
    const half = await db.raw.query(`SELECT to_regclass('"Half"') AS t`);
    expect(half[0]).toEqual({ t: null });
    const recorded = await db.raw.query(`SELECT 1 FROM "_prisma_migrations" WHERE migration_name = '99999999999999_broken'`);
    expect(recorded).toHaveLength(0);
  });
});
