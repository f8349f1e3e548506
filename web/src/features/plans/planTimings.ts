import { TIMINGS } from "@clube-coroa/schema";

/** The plans flow's waits (spec part 2 section 9), in milliseconds. */
export const PLAN_TIMINGS = {
  /** A promo code is checked once she has stopped typing for this long. */
  promoDebounceMs: 500,
  /** After a cancellation, home after this long. */
  redirectAfterCancelMs: TIMINGS.redirectAfterProfileMs,
  /**
   * The server cancels, then creates, in one call with no wait between (the spec's 2 s pause is not
   * needed there): while it works, the progress reads 'canceling' this long, then 'creating'.
   */
  migrationStepMs: 700,
  /** How long a copy button reads 'Copiado'. */
  copiedFeedbackMs: 2000,
} as const;
