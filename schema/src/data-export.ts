// 'Baixar meus dados' (issue 30, LGPD Art. 18 II and V): a zip of her data prepared in the
// background, its link valid for a day, one request a day. Shared by the server (the answers, the
// job) and the web (the panel's states).
import { inSaoPaulo, todayInSaoPaulo } from "./calendar.js";

export const DATA_EXPORT_STATUSES = ["queued", "running", "ready", "failed"] as const;
export type DataExportStatus = (typeof DATA_EXPORT_STATUSES)[number];

/** How long a ready file can be downloaded, from the moment it is ready. */
export const DATA_EXPORT_VALID_MS = 24 * 60 * 60 * 1000;
/** How long after one request she may ask again (a failed one does not count). */
export const DATA_EXPORT_REQUEST_EVERY_MS = 24 * 60 * 60 * 1000;

/** The download's name, on São Paulo's calendar: `clube-coroa-dados-2026-03-10.zip`. */
export const dataExportFileName = (readyAt: Date | string) => `clube-coroa-dados-${todayInSaoPaulo(new Date(readyAt))}.zip`;

/** '11/03 às 09:05' on São Paulo's clock. */
export function saoPauloDayAndTime(moment: Date | string): string {
  const local = inSaoPaulo(moment);
  const two = (n: number) => String(n).padStart(2, "0");
  return `${two(local.getDate())}/${two(local.getMonth() + 1)} às ${two(local.getHours())}:${two(local.getMinutes())}`;
}

export const DATA_EXPORT_MESSAGES = {
  /** The 429 of a second request within a day, saying when she may ask again. */
  tooSoon: (nextAt: Date | string) => `Você já pediu seus dados hoje. Você pode pedir de novo a partir de ${saoPauloDayAndTime(nextAt)}.`,
  notFound: "Pedido de dados não encontrado.",
} as const;
