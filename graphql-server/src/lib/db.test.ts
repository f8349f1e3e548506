import { afterEach, describe, expect, it } from "vitest";
import { freshPostgres, requireServers } from "../../test/harness.js";
import { openDatabase, statementNames, type Database } from "./db.js";
import { applyMigrations } from "./migrate.js";

describe("statement names (prepared statements on PostgreSQL)", () => {
  it("gives one text one name and two texts two names", () => {
    const name = statementNames();
    const a = name({ sql: 'SELECT 1 FROM "User" WHERE id = $1' });
    expect(a).toMatch(/^cc_[\w-]{22}$/);
    expect(name({ sql: 'SELECT 1 FROM "User" WHERE id = $1' })).toBe(a);
    expect(name({ sql: 'SELECT 1 FROM "User" WHERE phone = $1' })).not.toBe(a);
    // A second server (another process) names the same text alike.
    expect(statementNames()({ sql: 'SELECT 1 FROM "User" WHERE id = $1' })).toBe(a);
  });

  it("leaves texts past its limit unnamed, and still names the ones it knows", () => {
    const name = statementNames(2);
    const first = name({ sql: "SELECT 1" });
    expect(name({ sql: "SELECT 2" })).toBeDefined();
    expect(name({ sql: "SELECT 3" })).toBe("");
    expect(name({ sql: "SELECT 1" })).toBe(first);
  });
});

describe("Prisma on PostgreSQL", () => {
  const open: { db: Database; drop: () => Promise<void> }[] = [];
  afterEach(async () => {
    while (open.length) {
      const { db, drop } = open.pop()!;
      await db.close();
      await drop();
    }
  });

  it("prepares a statement once per connection and runs it again by name, with the right answers", async () => {
    const database = await freshPostgres(requireServers("postgres").postgres, "cc_prepared");
    const migrating = await openDatabase({ databaseUrl: database.url, dataDir: "unused" });
    await applyMigrations(migrating.raw).finally(() => migrating.close());
    const db = await openDatabase({ databaseUrl: database.url, dataDir: "unused", poolMax: 1 });
    open.push({ db, drop: database.drop });
    const phones = ["+5511900000001", "+5511900000002"];
    for (const phone of phones) await db.prisma.user.create({ data: { phone } });
    // The same statement with other values answers each value's row.
    for (const phone of phones) expect((await db.prisma.user.findUnique({ where: { phone } }))?.phone).toBe(phone);
    expect(await db.prisma.user.findUnique({ where: { phone: "+5511900000009" } })).toBeNull();
    // One connection: it holds Prisma's statements, under our names.
    const prepared = await db.prisma.$queryRaw<{ name: string }[]>`SELECT name FROM pg_prepared_statements`;
    const names = prepared.map((row) => row.name);
    expect(names.length).toBeGreaterThanOrEqual(3);
    expect(names.every((name) => name.startsWith("cc_"))).toBe(true);
    expect(new Set(names).size).toBe(names.length);
  });
});
