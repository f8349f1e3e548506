import { chmodSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import webpush from "web-push";
import type { Config } from "../../config.js";
import type { Logger } from "../../lib/log.js";
import type { VapidKeys } from "./webpush.js";

const KEY_FILE = "vapid-keys.json";
/** The club's mailbox (README: VITE_CONTACT_EMAIL's default) when neither VAPID_SUBJECT nor an https PUBLIC_URL says. */
const DEFAULT_SUBJECT = "mailto:contato@clubecoroa.com.br";

/**
 * The VAPID key pair (docs/decisions/0278): VAPID_PUBLIC_KEY + VAPID_PRIVATE_KEY when set; on the
 * embedded database without them, a pair made once and kept in DATA_DIR (0600), or in memory when
 * DATA_DIR is "memory"; with DATABASE_URL and no keys, null: push is off (instances sharing a
 * database must sign with the same key, and no file is shared between them).
 */
export function resolveVapidKeys(config: Config, log: Pick<Logger, "info" | "warn">): VapidKeys | null {
  const subject = config.VAPID_SUBJECT ?? (config.PUBLIC_URL?.startsWith("https://") ? new URL(config.PUBLIC_URL).origin : DEFAULT_SUBJECT);
  if (config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY) {
    return { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY, subject };
  }
  if (config.DATABASE_URL) {
    log.warn("Web Push off: set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY (npx web-push generate-vapid-keys) to turn it on");
    return null;
  }
  if (config.DATA_DIR === "memory") return { ...webpush.generateVAPIDKeys(), subject };
  const file = join(config.DATA_DIR, KEY_FILE);
  try {
    const kept = JSON.parse(readFileSync(file, "utf8")) as { publicKey?: unknown; privateKey?: unknown };
    if (typeof kept.publicKey === "string" && typeof kept.privateKey === "string") return { publicKey: kept.publicKey, privateKey: kept.privateKey, subject };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  const made = webpush.generateVAPIDKeys();
  mkdirSync(config.DATA_DIR, { recursive: true });
  writeFileSync(file, JSON.stringify(made), { mode: 0o600, flag: "wx" });
  chmodSync(file, 0o600);
  log.info({ file }, "Web Push: VAPID key pair made and kept in DATA_DIR");
  return { ...made, subject };
}
