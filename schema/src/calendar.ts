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

/** The date (YYYY-MM-DD) `days` business days (Monday to Friday) after `now` on São Paulo's calendar; a boleto's due date. */
export function businessDaysAfterInSaoPaulo(now: Date, days: number): string {
  const local = inSaoPaulo(now);
  let added = 0;
  while (added < days) {
    local.setDate(local.getDate() + 1);
    const weekday = local.getDay();
    if (weekday !== 0 && weekday !== 6) added++;
  }
  return local.toISOString().slice(0, 10);
}

/**
 * The instant a paid period ends: a charge due on `dueDate` (YYYY-MM-DD) covers one month (or one
 * year) of days, through the eve of the same day a cycle later, midnight in São Paulo. A day that
 * does not exist in the next month (31st) falls on that month's last day.
 */
export function periodEndInSaoPaulo(dueDate: string, cycle: "monthly" | "annual"): Date {
  const [year, month, day] = dueDate.split("-").map(Number) as [number, number, number];
  // `month` counts from 1, so as a 0-based index it already names the month after.
  const targetIndex = cycle === "monthly" ? month : month + 11;
  const lastDay = new Date(Date.UTC(year, targetIndex + 1, 0)).getUTCDate();
  return new Date(new TZDate(year, targetIndex, Math.min(day, lastDay), PRODUCT_TIME_ZONE).getTime());
}

/** The instant São Paulo's calendar day of `now` (or the day `plusDays` after it) began. */
export function startOfDayInSaoPaulo(now: Date, plusDays = 0): Date {
  const local = inSaoPaulo(now);
  return new Date(new TZDate(local.getFullYear(), local.getMonth(), local.getDate() + plusDays, PRODUCT_TIME_ZONE).getTime());
}

const WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/**
 * A wall-clock time in São Paulo as a datetime-local input writes it ('2026-03-12T14:30') → the
 * instant (UTC); null when unreadable or not a real date.
 */
export function instantFromSaoPauloWallClock(local: string): Date | null {
  const match = WALL_CLOCK.exec(local.trim());
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number];
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59) return null;
  const moment = new TZDate(year, month - 1, day, hour, minute, PRODUCT_TIME_ZONE);
  if (moment.getMonth() !== month - 1 || moment.getDate() !== day) return null;
  return new Date(moment.getTime());
}

/** An instant as São Paulo's wall clock in datetime-local form ('2026-03-12T14:30'); '' when unreadable. */
export function saoPauloWallClock(moment: Date | number | string): string {
  const time = new Date(moment).getTime();
  if (Number.isNaN(time)) return "";
  // TZDate writes its ISO form on the zone's wall clock ("2026-03-12T14:30:00.000-03:00").
  return new TZDate(time, PRODUCT_TIME_ZONE).toISOString().slice(0, 16);
}
