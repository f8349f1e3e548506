import { pino, type Logger } from "pino";

export type { Logger };

/** Card data and secrets never reach a log line, at whatever depth (up to three levels) they sit. */
const SECRET_KEYS = ["creditCard", "creditCardHolderInfo", "card", "cardNumber", "number", "ccv", "cvv", "access_token", "ASAAS_API_KEY"];
export const REDACTED = [
  "req.headers.cookie",
  "req.headers.authorization",
  'req.headers["asaas-access-token"]',
  'req.headers["access_token"]',
  'res.headers["set-cookie"]',
  ...SECRET_KEYS.flatMap((key) => [key, `*.${key}`, `*.*.${key}`]),
];

export function createLogger(level: string): Logger {
  return pino({
    level,
    base: { app: "clube-coroa" },
    redact: { paths: REDACTED, censor: "[removido]" },
  });
}
