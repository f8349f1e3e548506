import { PAID_PLANS, type PlanName } from "@clube-coroa/schema";

/** A paid plan (alteza, majestade, imperatriz): she has a subscription to cancel. */
export const isPaidPlan = (plan: string) => (PAID_PLANS as readonly string[]).includes(plan as PlanName);
