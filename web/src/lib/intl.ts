import { PRODUCT_TIME_ZONE } from "@clube-coroa/schema";

/**
 * A formatter made the first time it is used, not when its module runs. The first `Intl` formatter a
 * page makes loads ICU's locale data: about 45 ms on the slow phone (Chromium, CPU 4x slower),
 * and a time zone's rules about 9 ms more. Made at a module's top level, that cost landed inside the
 * first chunk's evaluation, the longest task of `/` (issue 14). main.tsx loads the data in a task of
 * its own instead (`loadLocaleData`), before React's first render formats anything.
 */
export function onFirstUse<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}

const count = onFirstUse(() => new Intl.NumberFormat("pt-BR"));

/** A whole number in pt-BR, e.g. 12345 → "12.345". */
export const formatCount = (value: number): string => count().format(value);

/**
 * Loads ICU's pt-BR data and the product's time zone (what the first screen's counters and dates
 * format with), so that the formatters made afterwards cost little.
 */
export function loadLocaleData(): void {
  formatCount(0);
  new Intl.DateTimeFormat("pt-BR", { timeZone: PRODUCT_TIME_ZONE, year: "numeric", hour: "numeric" }).format(0);
}
