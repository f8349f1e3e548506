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

const CENSOR = "[removido]";

export function createLogger(level: string): Logger {
  return pino({
    level,
    base: { app: "clube-coroa" },
    redact: { paths: REDACTED, censor: CENSOR },
  });
}

/**
 * The request lines' logger (pino-http's options beside `logger`). pino-http binds a logger to every
 * request as it arrives, logged or not, so what it binds is kept small: a request is named by its id,
 * method, path and address, without its headers, and the response's cookies are removed by their exact
 * path (the wildcard search for card data above, run on every request's bindings, cost a tenth of a
 * board answer's CPU). No card data is in a request line: bodies are never logged.
 */
export const REQUEST_LINE_OPTIONS = {
  serializers: {
    req: (req: { id: unknown; method: string; url: string; remoteAddress: string }) => ({ id: req.id, method: req.method, url: req.url, remoteAddress: req.remoteAddress }),
  },
  redact: { paths: ['res.headers["set-cookie"]'], censor: CENSOR },
};
