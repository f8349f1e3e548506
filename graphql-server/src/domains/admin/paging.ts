import { ERROR_TEXTS, parseId } from "@clube-coroa/schema";
import { AppError } from "../../lib/errors.js";

/** The most rows one admin page answers, whatever `first` asks. */
export const ADMIN_PAGE_MAX = 100;

/** `first` as asked, within 1..ADMIN_PAGE_MAX; the default when absent or not a whole number. */
export function pageSize(first: unknown, fallback: number): number {
  const asked = typeof first === "string" && first.trim() !== "" ? Number(first) : first;
  if (typeof asked !== "number" || !Number.isInteger(asked)) return fallback;
  return Math.min(Math.max(asked, 1), ADMIN_PAGE_MAX);
}

/** An opaque cursor: base64url of the last row's id. */
export const encodeIdCursor = (id: number) => Buffer.from(String(id)).toString("base64url");

/** The id a cursor names; undefined when there is none; a forged or broken one is refused (400). */
export function decodeIdCursor(after: unknown): number | undefined {
  if (after === undefined || after === null || after === "") return undefined;
  const id = typeof after === "string" && after.length <= 20 ? parseId(Buffer.from(after, "base64url").toString("utf8")) : null;
  if (id === null) throw new AppError("BAD_REQUEST", ERROR_TEXTS.cursorInvalid);
  return id;
}

/** Rows read one past the page: the page, and the cursor of its last row when more follow. */
export function pageOf<T extends { id: number }>(rows: T[], take: number): { items: T[]; nextCursor: string | null } {
  const items = rows.slice(0, take);
  return { items, nextCursor: rows.length > take ? encodeIdCursor(items[items.length - 1]!.id) : null };
}
