// The product's calendar (America/Sao_Paulo), for server and web alike. Offsets come from the time
// zone database through @date-fns/tz, never from a fixed UTC-3: São Paulo kept summer time until
// 2019, and the data of those years is read on the calendar it was written in.
import { TZDate } from "@date-fns/tz";
import { PRODUCT_TIME_ZONE } from "./constants.js";

/** A moment read on São Paulo's wall clock: getFullYear(), getMonth(), getDate(), getHours()… */
export const inSaoPaulo = (moment: Date | number | string) => new TZDate(new Date(moment).getTime(), PRODUCT_TIME_ZONE);

/** The calendar day (YYYY-MM-DD) of a moment in São Paulo, or of the day `plusDays` after it. */
export function dayInSaoPaulo(moment: Date | number | string, plusDays = 0): string {
  const local = inSaoPaulo(moment);
  if (plusDays) local.setDate(local.getDate() + plusDays);
  // TZDate writes its ISO form on the zone's wall clock ("2025-12-31T23:00:00.000-03:00").
  return local.toISOString().slice(0, 10);
}

/** Today's date (YYYY-MM-DD) on the product's calendar. */
export const todayInSaoPaulo = (now: Date = new Date()) => dayInSaoPaulo(now);

/** The year of a moment on São Paulo's calendar ('Parceira desde 2023'). */
export const yearInSaoPaulo = (moment: Date | number | string) => inSaoPaulo(moment).getFullYear();

/** The instant São Paulo's calendar month of `now` began (monthly plan limits count from it). */
export function startOfMonthInSaoPaulo(now: Date): Date {
  const local = inSaoPaulo(now);
  return new Date(new TZDate(local.getFullYear(), local.getMonth(), 1, PRODUCT_TIME_ZONE).getTime());
}
