import { useEffect, useRef, useState } from "react";
import { useApolloClient } from "@apollo/client/react";
import { LIMITS, normalisedPromoCode, type PlanName, type PromoDiscount } from "@clube-coroa/schema";
import { serverMessageOf } from "../../lib/errors";
import { ValidatePromoCodeDocument } from "./documents";
import { PLAN_TEXTS } from "./planTexts";
import { PLAN_TIMINGS } from "./planTimings";

export type PromoState =
  | { status: "idle" }
  | { status: "checking" }
  | { status: "valid"; discount: PromoDiscount; description: string | null }
  | { status: "invalid"; error: string };

/**
 * A promo code as she types it (spec part 2 section 5): upper-cased; checked with the server only
 * from 5 characters and once she has stopped typing for 500 ms; a shorter code clears the discount.
 * An answer to a code she has since changed is dropped.
 */
export function usePromoCode(plan: PlanName) {
  const client = useApolloClient();
  const [code, setCode] = useState("");
  const [state, setState] = useState<PromoState>({ status: "idle" });
  const latest = useRef(0);

  useEffect(() => {
    const request = ++latest.current;
    const normalised = normalisedPromoCode(code);
    setState({ status: "idle" });
    if (normalised.length < LIMITS.promoCodeMin) return;
    const timer = setTimeout(async () => {
      setState({ status: "checking" });
      let next: PromoState;
      try {
        const { data } = await client.query({
          query: ValidatePromoCodeDocument,
          variables: { code: normalised, plan },
          fetchPolicy: "network-only",
        });
        const result = data?.validatePromoCode;
        if (result?.__typename === "PromoValidation" && result.valid) {
          next = {
            status: "valid",
            discount: { monthlyDiscountCents: result.monthlyDiscountCents, annualDiscountCents: result.annualDiscountCents },
            description: result.description ?? null,
          };
        } else {
          const error = result?.__typename === "PromoValidation" ? result.error : result?.__typename === "AppError" ? result.message : null;
          next = { status: "invalid", error: error || PLAN_TEXTS.checkout.promoInvalid };
        }
      } catch (failure) {
        next = { status: "invalid", error: serverMessageOf(failure) || PLAN_TEXTS.checkout.promoInvalid };
      }
      if (request === latest.current) setState(next);
    }, PLAN_TIMINGS.promoDebounceMs);
    return () => clearTimeout(timer);
  }, [client, code, plan]);

  return {
    code,
    setCode: (value: string) => setCode(value.toUpperCase()),
    state,
    discount: state.status === "valid" ? state.discount : null,
    /** The checkout's own refusal of the code (used up or expired since it was checked). */
    refuse: (error: string) => setState({ status: "invalid", error }),
    /** What to send with the checkout: a code she typed that has not been refused. */
    codeToSend: normalisedPromoCode(code).length >= LIMITS.promoCodeMin && state.status !== "invalid" ? normalisedPromoCode(code) : null,
  };
}
