// The plans' public face: the flow every screen opens (the modal, checkout, migration), what the
// others ask of a plan, and the plans' own screens, each fetched when first drawn (not with the
// first load: a loader, which the feature using it wraps in lazyWhenOpen).
export { PlansContext, usePlans, type PlansFlow } from "./plansFlow";
export { isPaidPlan } from "./paidPlans";

/** The plans' cards and their choice, below the fold of the home page. */
export const loadPlansSection = () => import("./PlansSection").then((m) => m.PlansSection);
/** 'Sua assinatura' on 'Meu Perfil': her subscription and payments. */
export const loadSubscriptionPanel = () => import("./SubscriptionPanel").then((m) => m.SubscriptionPanel);
