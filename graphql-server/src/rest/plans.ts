import { reaisFromCents } from "@clube-coroa/schema";
import { Router } from "express";
import { requireMember } from "../lib/http.js";
import type { Services } from "../services.js";

/** Plans and promo codes (spec part 2 section 7). */
export function plansRoutes(services: Services) {
  const router = Router();
  const { plans } = services;

  // A code that does not apply is an answer, not an error: 200 with valid false and the reason.
  router.post("/promo-codes/validate", async (req, res) => {
    const check = await plans.validatePromoCode(requireMember(req), (req.body ?? {}) as Record<string, unknown>);
    res.json(
      check.valid
        ? {
            valid: true,
            code: check.code,
            monthlyDiscount: reaisFromCents(check.monthlyDiscountCents),
            annualDiscount: reaisFromCents(check.annualDiscountCents),
            description: check.description,
          }
        : { valid: false, monthlyDiscount: 0, annualDiscount: 0, description: null, error: check.error },
    );
  });

  return router;
}
