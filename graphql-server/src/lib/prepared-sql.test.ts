import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Prisma } from "../generated/prisma/client.js";
import { openDatabase, type Database } from "./db.js";
import { preparedSql } from "./prepared-sql.js";

describe("a statement built once (preparedSql)", () => {
  it("binds each slot once however often it appears, and each constant once", () => {
    const part = (id: unknown) => Prisma.sql`(${id}::int + ${"x"}::text::int)`;
    const statement = preparedSql(["a", "b"], ({ a, b }) => Prisma.sql`SELECT ${part(a)}, ${part(a)}, ${b}::text, ${"x"}::text`);
    expect(statement.text).toBe("SELECT ($1::int + $2::text::int), ($1::int + $2::text::int), $3::text, $2::text");
    expect(statement.parameters).toBe(3);
  });

  it("refuses a slot its statement never uses (a value that would be dropped silently)", () => {
    expect(() => preparedSql(["a", "b"], ({ a }) => Prisma.sql`SELECT ${a}::int`)).toThrow(/slot\(s\) b never used/);
  });

  describe("run on the embedded database", () => {
    let db: Database;
    beforeAll(async () => {
      db = await openDatabase({ dataDir: "memory" });
    });
    afterAll(() => db.close());

    it("answers each run's values, with the same text every time", async () => {
      const statement = preparedSql(
        ["id", "at", "word"],
        ({ id, at, word }) =>
          Prisma.sql`SELECT ${id}::int * 2 AS "double", ${id}::int AS "same", ${at}::timestamp(3) AS "at", ${word}::text || ${"!"} AS "said"`,
      );
      const at = new Date("2026-11-28T15:00:00.000Z");
      const first = await statement.run<{ double: number; same: number; at: Date; said: string }>(db.prisma, { id: 21, at, word: "olá" });
      const text = statement.text;
      const second = await statement.run<{ double: number; same: number; at: Date; said: string }>(db.prisma, {
        id: 5,
        at,
        word: "tchau'; DROP TABLE x; --",
      });
      expect(first).toEqual([{ double: 42, same: 21, at, said: "olá!" }]);
      // A value is bound, never part of the text: a quote in it is just a character.
      expect(second).toEqual([{ double: 10, same: 5, at, said: "tchau'; DROP TABLE x; --!" }]);
      expect(statement.text).toBe(text);
    });
  });
});
