import { COMING_SOON_PLANS, hasShowcaseProfile, PLAN_FEATURES, PLAN_RANK, PLANS, type PlanName } from "@clube-coroa/schema";
import { PLAN_FLOW_TEXTS as PLAN_TEXTS } from "./planFlowTexts";

/**
 * What choosing `target` means for a member on `current` (spec part 2 section 4):
 * - current: nothing to do ('Plano Atual');
 * - comingSoon: imperatriz cannot be bought, only her interest registered;
 * - checkout: from nobreza up, straight to the checkout;
 * - migration: from a paid plan up to another paid plan, the migration confirmation first;
 * - downgradePaid: to a lower paid plan, the downgrade warning, then the checkout as a migration;
 * - downgradeFree: to nobreza, the downgrade warning, then the cancellation.
 */
export type PlanChange = "current" | "comingSoon" | "checkout" | "migration" | "downgradePaid" | "downgradeFree";

export function planChangeOf(current: PlanName, target: PlanName): PlanChange {
  if (current === target) return "current";
  if (COMING_SOON_PLANS.includes(target)) return "comingSoon";
  if (PLAN_RANK[target] < PLAN_RANK[current]) return target === "nobreza" ? "downgradeFree" : "downgradePaid";
  return current === "nobreza" ? "checkout" : "migration";
}

// Every plan above nobreza opens its list with 'Tudo do <plano abaixo>'.
const inherits = (feature: string) => /^Tudo do /.test(feature);

/** A plan's features with the lower plans' spelt out (the 'Tudo do ...' line replaced by them). */
export function allFeaturesOf(plan: PlanName): string[] {
  return PLANS.filter((p) => PLAN_RANK[p] <= PLAN_RANK[plan]).flatMap((p) => PLAN_FEATURES[p].filter((f) => !inherits(f)));
}

/**
 * What she stops having when she moves from `current` to the lower `target`: her plan's features
 * the target lacks, and the profile's showcase (banner, miniBio, social links) when she leaves
 * majestade and imperatriz, the plans that show it.
 */
export function lostFeatures(current: PlanName, target: PlanName): string[] {
  const kept = new Set(allFeaturesOf(target));
  const profile = hasShowcaseProfile(current) && !hasShowcaseProfile(target) ? [PLAN_TEXTS.downgrade.profileShowcase] : [];
  return [...allFeaturesOf(current).filter((feature) => !kept.has(feature)), ...profile];
}
