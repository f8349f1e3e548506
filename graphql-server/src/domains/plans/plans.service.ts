import { COMING_SOON_PLANS, containsNul, ERROR_TEXTS, LIMITS, normalisedPromoCode, PAID_PLANS, type PlanName, PLANS, PROMO_MESSAGES, type PromoDiscount } from "@clube-coroa/schema";
import type { Clock } from "../../lib/clock.js";
import type { PrismaClient } from "../../lib/db.js";
import { AppError } from "../../lib/errors.js";
import { assertAllowed, type RateLimiter } from "../../lib/rate-limit.js";

export interface PlansDeps {
  prisma: PrismaClient;
  clock: Clock;
  /** Promo-code checks per member: a code is a secret worth guessing. */
  promoLimiter?: RateLimiter;
}

/** A promo code that applies to a plan: its discounts and description. */
export interface ValidPromo extends PromoDiscount {
  valid: true;
  id: number;
  code: string;
  description: string;
}

/** A promo code that does not apply, and why (the product's text). */
export interface InvalidPromo {
  valid: false;
  error: string;
}

export type PromoCheck = ValidPromo | InvalidPromo;

const isPlan = (value: unknown): value is PlanName => typeof value === "string" && (PLANS as readonly string[]).includes(value);

/**
 * Plans and promo codes. `checkPromoCode` is what the checkout shows while she types and what
 * billing asks again when it charges, so a code is judged the same way at both moments.
 */
export function createPlansService(deps: PlansDeps) {
  const { prisma, clock } = deps;

  /** Whether a code applies to a plan now; never throws for a code that merely does not apply. */
  async function checkPromoCode(rawCode: string, plan: PlanName): Promise<PromoCheck> {
    const code = normalisedPromoCode(rawCode);
    if (code.length < LIMITS.promoCodeMin || code.length > 40 || containsNul(code)) return { valid: false, error: PROMO_MESSAGES.invalid };
    if (!PAID_PLANS.includes(plan) || COMING_SOON_PLANS.includes(plan)) return { valid: false, error: PROMO_MESSAGES.notSold };
    const promo = await prisma.promoCode.findUnique({ where: { code } });
    if (!promo || !promo.active) return { valid: false, error: PROMO_MESSAGES.invalid };
    const now = clock.now();
    if (promo.validFrom && promo.validFrom > now) return { valid: false, error: PROMO_MESSAGES.notYet };
    if (promo.validUntil && promo.validUntil <= now) return { valid: false, error: PROMO_MESSAGES.expired };
    if (promo.maxUses !== null && promo.usesCount >= promo.maxUses) return { valid: false, error: PROMO_MESSAGES.usedUp };
    if (promo.plans.length > 0 && !promo.plans.includes(plan)) return { valid: false, error: PROMO_MESSAGES.wrongPlan(plan) };
    return {
      valid: true,
      id: promo.id,
      code: promo.code,
      description: promo.description,
      monthlyDiscountCents: promo.monthlyDiscountCents,
      annualDiscountCents: promo.annualDiscountCents,
    };
  }

  /** The checkout's check while she types: counted per member, refuses what is not a code or a plan. */
  async function validatePromoCode(user: { id: number }, input: { code?: unknown; plan?: unknown }): Promise<PromoCheck> {
    if (typeof input.code !== "string" || !isPlan(input.plan)) throw new AppError("VALIDATION", ERROR_TEXTS.promoInputRequired);
    await assertAllowed(deps.promoLimiter, user.id);
    return checkPromoCode(input.code, input.plan);
  }

  return { checkPromoCode, validatePromoCode };
}

export type PlansService = ReturnType<typeof createPlansService>;
