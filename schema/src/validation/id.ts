// Before any schema is built: the browser's CSP refuses zod's eval probe (validation/jitless.ts).
import "./jitless.js";
import { z } from "zod";

/** The largest id a PostgreSQL integer column holds. */
export const MAX_ID = 2_147_483_647;

/**
 * An id as a client may send it (a number, or decimal digits in a path, query or body): a positive
 * integer that fits the database's integer columns; null for anything else. Every door parses ids
 * with this one function.
 */
export function parseId(value: unknown): number | null {
  let id: number;
  if (typeof value === "number") id = value;
  else if (typeof value === "string" && /^\s*\d{1,10}\s*$/.test(value)) id = Number(value);
  else return null;
  return Number.isInteger(id) && id >= 1 && id <= MAX_ID ? id : null;
}

/** parseId as a zod field: the number, or the given message. */
export const idField = (message: string) =>
  z.unknown().transform((value, ctx) => {
    const id = parseId(value);
    if (id === null) {
      ctx.addIssue({ code: "custom", message, input: value });
      return z.NEVER;
    }
    return id;
  });
