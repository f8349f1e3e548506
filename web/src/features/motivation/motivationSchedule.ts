import { STORAGE_KEYS } from "../../lib/storage";

/** When the motivational popup may show (spec part 2 §4 and §9). */
export const MOTIVATION_KEY = STORAGE_KEYS.lastMotivationalPopup;
export const MOTIVATION_DELAY_MS = 3000;
export const MOTIVATION_INTERVAL_MS = 24 * 60 * 60 * 1000;

function storage(): Storage | null {
  try {
    return typeof window !== "undefined" ? window.localStorage : null;
  } catch {
    return null;
  }
}

/**
 * The last display time in ms, or null when it was never shown. A value that is not a whole positive
 * number counts as never shown.
 */
export function readLastShown(): number | null {
  const raw = storage()?.getItem(MOTIVATION_KEY);
  if (!raw || !/^\d{1,16}$/.test(raw.trim())) return null;
  const value = Number(raw.trim());
  return Number.isSafeInteger(value) && value > 0 ? value : null;
}

/**
 * Due when never shown or shown 24 h ago or more. A time in the future (a clock put back) counts as
 * just shown: the popup is a nicety, and the safe side is not to repeat it.
 */
export function isMotivationDue(now: number, lastShown: number | null): boolean {
  return lastShown === null || now - lastShown >= MOTIVATION_INTERVAL_MS;
}

export function markShown(now: number): void {
  try {
    storage()?.setItem(MOTIVATION_KEY, String(now));
  } catch {
    // A full or refused storage only means she may see it again.
  }
}

export function pickPhrase<T>(phrases: readonly T[], random: () => number = Math.random): T {
  return phrases[Math.min(phrases.length - 1, Math.floor(random() * phrases.length))];
}
