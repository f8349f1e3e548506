import { PRODUCT_TIME_ZONE, yearInSaoPaulo } from "@clube-coroa/schema";
import { onFirstUse } from "./intl";

const money = onFirstUse(() => new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" }));

/** Integer cents as pt-BR money, e.g. 2790 → "R$ 27,90". */
export function formatCents(cents: number): string {
  return money().format(cents / 100).replace(/\u00a0/g, " ");
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const plural = (n: number, one: string, many: string) => `Há ${n} ${n === 1 ? one : many}`;

/**
 * How long ago an ISO instant was, in pt-BR: 'Agora mesmo', 'Há 5 minutos', 'Há 2 horas',
 * 'Há 3 dias', 'Há 1 mês', 'Há 2 anos'. A future instant (a fast clock) reads 'Agora mesmo';
 * an unreadable one reads ''.
 */
export function formatRelativeTime(iso: string, now: Date = new Date()): string {
  const then = Date.parse(iso);
  if (Number.isNaN(then)) return "";
  const elapsed = now.getTime() - then;
  if (elapsed < MINUTE) return "Agora mesmo";
  if (elapsed < HOUR) return plural(Math.floor(elapsed / MINUTE), "minuto", "minutos");
  if (elapsed < DAY) return plural(Math.floor(elapsed / HOUR), "hora", "horas");
  const days = Math.floor(elapsed / DAY);
  if (days < 30) return plural(days, "dia", "dias");
  if (days < 365) return plural(Math.floor(days / 30), "mês", "meses");
  return plural(Math.floor(days / 365), "ano", "anos");
}

/** The calendar year of an ISO instant on the product's calendar (America/Sao_Paulo), or null. */
export function yearOf(iso: string | null | undefined): number | null {
  if (!iso) return null;
  const time = Date.parse(iso);
  return Number.isNaN(time) ? null : yearInSaoPaulo(time);
}

/** Up to two initials of a display name ('Ana Souza' → 'AS'), or 'U' when there is no name. */
export function initialsOf(name: string | null | undefined): string {
  const words = (name ?? "").trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return "U";
  const first = words[0][0];
  const last = words.length > 1 ? words[words.length - 1][0] : "";
  return `${first}${last}`.toUpperCase();
}

const longDay = onFirstUse(() => new Intl.DateTimeFormat("pt-BR", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }));

/** A calendar day (yyyy-mm-dd, e.g. a boleto's due date) in pt-BR: '12 de março de 2025'; '' when unreadable. */
export function formatDay(day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  return match ? longDay().format(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : "";
}

const dayPart = onFirstUse(() => new Intl.DateTimeFormat("pt-BR", { day: "2-digit", month: "2-digit", year: "numeric", timeZone: PRODUCT_TIME_ZONE }));
const timePart = onFirstUse(() => new Intl.DateTimeFormat("pt-BR", { hour: "2-digit", minute: "2-digit", timeZone: PRODUCT_TIME_ZONE }));

/** The day of an instant on the product's calendar: '12/03/2025'; '' when unreadable. */
export function formatDate(iso: string | null | undefined): string {
  const time = iso ? Date.parse(iso) : Number.NaN;
  return Number.isNaN(time) ? "" : dayPart().format(time);
}

/** An instant on the product's calendar: '12/03/2025 às 14:30'; '' when unreadable. */
export function formatDateTime(iso: string): string {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? "" : `${dayPart().format(time)} às ${timePart().format(time)}`;
}
