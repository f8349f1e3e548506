import { STORAGE_PREFIX } from "@clube-coroa/schema";

/**
 * The code she asked for on this browser, remembered until it expires (issue 24). A phone often
 * reloads the tab while she reads the code in WhatsApp; the sign-in page then returns to the code
 * step for that number instead of asking for it again (which, within the resend cooldown, only made
 * her wait with nowhere to type the code she held). Kept in localStorage, like the device cookie
 * the code belongs to: every tab of the browser shares it. It holds the number she typed and two
 * times, never the code; signing in, 'Alterar número', a dead code and signing out forget it.
 */
export interface PendingCode {
  countryCode: string;
  /** The national digits she typed. */
  digits: string;
  /** When 'Reenviar Token' may be pressed, in ms. */
  resendAt: number;
  /** When the code stops working, in ms. */
  expiresAt: number;
}

const KEY = `${STORAGE_PREFIX}_pendingCode`;

function storage(): Storage | null {
  try {
    return typeof window !== "undefined" ? window.localStorage : null;
  } catch {
    return null;
  }
}

export function rememberCode(code: PendingCode): void {
  try {
    storage()?.setItem(KEY, JSON.stringify(code));
  } catch {
    // A full or refused storage only means a reload asks for the number again.
  }
}

export function forgetCode(): void {
  storage()?.removeItem(KEY);
}

/** The code still valid at `now`, or null (anything expired or unreadable is forgotten). */
export function pendingCode(now = Date.now()): PendingCode | null {
  const raw = storage()?.getItem(KEY);
  if (!raw) return null;
  let held: Partial<PendingCode> | null = null;
  try {
    held = JSON.parse(raw) as Partial<PendingCode>;
  } catch {
    // Unreadable: forgotten below.
  }
  const { countryCode, digits, resendAt, expiresAt } = held ?? {};
  if (
    typeof countryCode === "string" &&
    typeof digits === "string" &&
    /^\d{1,15}$/.test(digits) &&
    typeof resendAt === "number" &&
    typeof expiresAt === "number" &&
    expiresAt > now
  ) {
    return { countryCode, digits, resendAt, expiresAt };
  }
  forgetCode();
  return null;
}
