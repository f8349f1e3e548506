import { PLAN_RANK, type OfferTypeName, type PlanName } from "./constants.js";

/**
 * What each plan may do, and its limits (spec part 1 section 6, part 2 section 6; docs/decisions/0018-plan-limits.md, 0237-plan-rules-in-the-contract.md):
 * one module for the server, which decides by it, and the web, which shows what the server will allow
 * (a locked kind, an upgrade prompt before she taps). The refusals' texts live with their callers
 * (publishing.ts, messages.ts); these are the rules alone, small enough for the web's first load.
 */

/** A plan name from an answer typed as a string (the web's generated types), else null. */
export const asPlan = (plan: string | null | undefined): PlanName | null => (plan && plan in PLAN_RANK ? (plan as PlanName) : null);

/**
 * What each plan may publish on the board, per kind: a number of publications per calendar month in
 * São Paulo (0: none), or null for no limit. Apoio is free for every plan.
 */
export const MONTHLY_PUBLICATIONS: Record<PlanName, Record<OfferTypeName, number | null>> = {
  nobreza: { apoio: null, permuta: 0, collab: 0 },
  alteza: { apoio: null, permuta: 2, collab: 2 },
  majestade: { apoio: null, permuta: null, collab: null },
  imperatriz: { apoio: null, permuta: null, collab: null },
};

/**
 * She may start a conversation about an offer of this kind, and write in one: nobreza only about
 * apoio (a conversation with no offer left counts as apoio's opposite: locked for her).
 */
export const mayContact = (plan: PlanName, offerType: OfferTypeName | null): boolean => plan !== "nobreza" || offerType === "apoio";

/** She may open another member's profile (nobreza is invited to alteza instead). */
export const mayOpenProfiles = (plan: PlanName): boolean => plan !== "nobreza";

/**
 * Her profile is a showcase: others may open it from her cards, and it shows the banner, its link, the
 * mini bio and the social links. Majestade and imperatriz.
 */
export const hasShowcaseProfile = (plan: PlanName): boolean => PLAN_RANK[plan] >= PLAN_RANK.majestade;
