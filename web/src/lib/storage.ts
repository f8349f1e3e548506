import { STORAGE_PREFIX, userIdFromReferralCode } from "@clube-coroa/schema";

/** Browser storage keys, named for the product (spec part 1 section 3). */
export const STORAGE_KEYS = {
  user: `${STORAGE_PREFIX}_user`,
  authToken: `${STORAGE_PREFIX}_authToken`,
  affiliateCode: `${STORAGE_PREFIX}_affiliate_code`,
  /** The spec names this one exactly (part 2 §4): the motivational popup's last display, in ms. */
  lastMotivationalPopup: "lastMotivationalPopup",
  /** She answered 'Agora não' to the invitation to turn push on (issue 29): not offered again under the composer. */
  pushInviteDismissed: `${STORAGE_PREFIX}_push_invite_dismissed`,
} as const;

/**
 * The signed-in user as kept in the browser, only to paint the shell before `me` answers.
 * It grants nothing: the server decides from its own session cookie.
 */
export interface StoredUser {
  id: number;
  phone: string;
  plan: string;
  email?: string | null;
  profileComplete?: boolean;
  fullName?: string | null;
  nickname?: string | null;
}

function storage(): Storage | null {
  try {
    return typeof window !== "undefined" ? window.localStorage : null;
  } catch {
    return null;
  }
}

function isStoredUser(value: unknown): value is StoredUser {
  if (!value || typeof value !== "object") return false;
  const v = value as Record<string, unknown>;
  return typeof v.id === "number" && Number.isFinite(v.id) && typeof v.phone === "string" && typeof v.plan === "string";
}

/**
 * Keys that outlive a sign-out: the affiliate code (permanent, spec part 2) and the motivational
 * popup's last display time (so signing in again within 24 h does not show it again).
 */
const KEPT_KEYS = [STORAGE_KEYS.affiliateCode, STORAGE_KEYS.lastMotivationalPopup] as const;

/** Clears everything the app keeps, except the keys above. */
export function clearAppStorage(): void {
  const store = storage();
  if (!store) return;
  const kept = KEPT_KEYS.map((key) => [key, store.getItem(key)] as const);
  store.clear();
  for (const [key, value] of kept) if (value !== null) store.setItem(key, value);
}

/**
 * Reads the stored user (spec part 1 section 4): accepted only when it is an object with a numeric
 * id, a string phone and a string plan; anything else clears the app's storage.
 */
export function readStoredUser(): StoredUser | null {
  const store = storage();
  if (!store) return null;
  const raw = store.getItem(STORAGE_KEYS.user);
  const token = store.getItem(STORAGE_KEYS.authToken);
  if (token !== null) {
    try {
      JSON.parse(token);
    } catch {
      store.removeItem(STORAGE_KEYS.authToken);
    }
  }
  if (raw === null) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    clearAppStorage();
    return null;
  }
  if (!isStoredUser(parsed)) {
    clearAppStorage();
    return null;
  }
  return parsed;
}

export function writeStoredUser(user: StoredUser): void {
  const { id, phone, plan, email, profileComplete, fullName, nickname } = user;
  storage()?.setItem(
    STORAGE_KEYS.user,
    JSON.stringify({ id, phone, plan, email: email ?? null, profileComplete: profileComplete ?? false, fullName: fullName ?? null, nickname: nickname ?? null }),
  );
}

export function clearStoredUser(): void {
  const store = storage();
  store?.removeItem(STORAGE_KEYS.user);
  store?.removeItem(STORAGE_KEYS.authToken);
}

/** Normalises a referral code such as `KC12` to `kc12`; anything else gives null. */
export function normaliseReferralCode(code: string | null | undefined): string | null {
  const id = userIdFromReferralCode(code);
  return id === null ? null : `kc${id}`;
}

export function readAffiliateCode(): string | null {
  return normaliseReferralCode(storage()?.getItem(STORAGE_KEYS.affiliateCode));
}

export function writeAffiliateCode(code: string): void {
  storage()?.setItem(STORAGE_KEYS.affiliateCode, code);
}
