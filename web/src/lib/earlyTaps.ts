import { EARLY_TAP_ATTRIBUTE, type EarlyTap } from "@clube-coroa/schema/earlyTaps";

interface EarlyTapsGlobal {
  __earlyTaps?: { release(): EarlyTap[] };
}

/** The props that mark a drawn button whose tap the page keeps until the board is live (schema/src/earlyTaps.ts). */
export const earlyTap = (key: string) => ({ [EARLY_TAP_ATTRIBUTE]: key });

/**
 * The board is live: the page's early-tap script stops taking taps, and each tap it kept is made
 * again on the same button, now the app's own, so it does what the live app does for that tap, once.
 * A toggle whose state already changed to something other than what she saw (her own likes arrived)
 * is left as it is. Buttons gone or disabled since are skipped. Returns how many taps were made.
 */
export function releaseEarlyTaps(doc: Document = document): number {
  if (!live) {
    live = true;
    for (const listener of listeners) listener();
  }
  const taps = (doc.defaultView as (Window & EarlyTapsGlobal) | null)?.__earlyTaps?.release() ?? [];
  let made = 0;
  for (const tap of taps) {
    const button = [...doc.querySelectorAll<HTMLElement>(`[${EARLY_TAP_ATTRIBUTE}]`)].find((b) => b.getAttribute(EARLY_TAP_ATTRIBUTE) === tap.key);
    if (!button || (button as HTMLButtonElement).disabled) continue;
    if (tap.pressed !== null && button.getAttribute("aria-pressed") !== tap.pressed) continue;
    button.click();
    made += 1;
  }
  return made;
}

let live = false;
const listeners = new Set<() => void>();

/**
 * Whether the board has gone live in this page (releaseEarlyTaps ran). The home page draws what lies
 * below the fold (the plans, the banners) only then, so that on a slow phone the render that makes
 * the board live is not also the one that draws them (issue 24 item 16).
 */
export const boardWentLive = () => live;

export function onBoardLive(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
