import type { Prisma } from "../generated/prisma/client.js";
import type { PrismaClient, Tx } from "./db.js";

/** A value a prepared statement takes on each run, named when the statement is built. */
export class SqlSlot<K extends string = string> {
  constructor(readonly name: K) {}
}

/** A value of a SQL fragment: given now, or a slot filled on each run of a prepared statement. */
export type SqlValue<T> = T | SqlSlot;

export interface PreparedSql<K extends string> {
  /** The statement's text, `$1`, `$2`… for its parameters: one string for the life of the process. */
  readonly text: string;
  /** How many parameters each run binds. */
  readonly parameters: number;
  run<T>(db: PrismaClient | Tx, values: { readonly [N in K]: unknown }): Promise<T[]>;
}

/**
 * A statement built once from `Prisma.sql` fragments, with `SqlSlot`s standing for the values of a run
 * (docs/decisions/0286). A hot statement built per call costs more than its parameters: a new text of
 * several KB each time (a rope of the fragments, flattened and hashed again to find its prepared
 * statement, then garbage), and a parameter per occurrence of each value. Here each slot is one
 * parameter however often it appears, a value of the code (a constant text) one parameter however often
 * it appears, and the text the same string on every run.
 *
 * The text holds only the fragments' own SQL: every value, slot or not, is bound, never spliced in.
 * A slot used in several places must mean one SQL type in all of them (cast it where the context
 * does not say), as PostgreSQL infers one type per parameter.
 */
export function preparedSql<const K extends string>(
  names: readonly K[],
  build: (slots: { readonly [N in K]: SqlSlot<N> }) => Prisma.Sql,
): PreparedSql<K> {
  const slots = Object.fromEntries(names.map((name) => [name, new SqlSlot(name)])) as { [N in K]: SqlSlot<N> };
  const sql = build(slots);
  const bound: unknown[] = [];
  const position = new Map<unknown, number>();
  let text = sql.strings[0] ?? "";
  sql.values.forEach((value, i) => {
    let n = position.get(value);
    if (n === undefined) {
      bound.push(value);
      n = bound.length;
      position.set(value, n);
    }
    text += `$${n}${sql.strings[i + 1] ?? ""}`;
  });
  const unused = names.filter((name) => !position.has(slots[name]));
  if (unused.length) throw new Error(`prepared statement: slot(s) ${unused.join(", ")} never used`);
  return {
    text,
    parameters: bound.length,
    run<T>(db: PrismaClient | Tx, values: { readonly [N in K]: unknown }) {
      const args = bound.map((value) => (value instanceof SqlSlot ? values[value.name as K] : value));
      // The text is ours, built once from the code's fragments; every value is a bound parameter.
      return db.$queryRawUnsafe<T[]>(text, ...args);
    },
  };
}
