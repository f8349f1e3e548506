// Before any schema is built: the browser's CSP refuses zod's eval probe (validation/jitless.ts).
import "./jitless.js";
import { z } from "zod";

export const TEXT_MESSAGES = {
  invalidCharacters: "O texto contém caracteres inválidos",
} as const;

/** Whether a value (or any string inside it) holds a NUL character, which PostgreSQL cannot store. */
export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === "string") return value.includes("\u0000");
  if (depth > 8 || value === null || typeof value !== "object") return false;
  if (Array.isArray(value)) return value.some((item) => containsNul(item, depth + 1));
  return Object.entries(value).some(([key, item]) => key.includes("\u0000") || containsNul(item, depth + 1));
}

/**
 * Wraps a schema so that input holding NUL anywhere is refused with a readable message, the issue
 * naming the first field that holds it (so forms can show it beside the field).
 */
export function withoutNul<T extends z.ZodType>(schema: T) {
  return z.preprocess((value, ctx) => {
    if (containsNul(value)) {
      const field =
        value && typeof value === "object" && !Array.isArray(value)
          ? Object.keys(value).find((key) => containsNul((value as Record<string, unknown>)[key]))
          : undefined;
      ctx.addIssue({ code: "custom", message: TEXT_MESSAGES.invalidCharacters, path: field ? [field] : [], input: value });
    }
    return value;
  }, schema);
}
