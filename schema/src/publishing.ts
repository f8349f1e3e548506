import type { OfferTypeName, PlanName } from "./constants.js";
import { MONTHLY_PUBLICATIONS } from "./entitlements.js";

/**
 * The refusals of publishing on the board (issue 24) in members' words, by the limits of
 * entitlements.ts; shared by the server, which refuses by them, and the proposal form, which shows
 * them at the kind step. Beside plans.ts rather than in it: plans.ts
 * rides in the web's first load, and these are needed only once the form opens.
 */

/** A plan's name as members read it ('Nobreza'). */
export const planLabel = (plan: PlanName) => plan.charAt(0).toUpperCase() + plan.slice(1);

const KIND_PLURAL: Record<OfferTypeName, string> = { collab: "Collabs", permuta: "Permutas", apoio: "Apoios" };

/** Why a publication is refused, in the words of 'Limitação do Plano', and the plan that lifts it. */
export interface PublishRefusal {
  message: string;
  upgradeMessage: string;
  upgradeTo: PlanName;
}

/** Her plan may never publish this kind: why, and the upgrade (null when it may, within a limit or not). */
export function kindLockedFor(plan: PlanName, type: OfferTypeName): PublishRefusal | null {
  if (MONTHLY_PUBLICATIONS[plan][type] !== 0) return null;
  return {
    message: `Seu plano ${planLabel(plan)} permite publicar apenas ofertas de Apoio.`,
    upgradeMessage: "Faça upgrade para o plano Alteza e publique Permutas e Collabs.",
    upgradeTo: "alteza",
  };
}

/** She has used this month's publications of this kind: why, and the upgrade (null while some remain). */
export function monthlyLimitReached(plan: PlanName, type: OfferTypeName, usedThisMonth: number): PublishRefusal | null {
  const limit = MONTHLY_PUBLICATIONS[plan][type];
  if (limit === null || limit === 0 || usedThisMonth < limit) return null;
  return {
    message: `Você já publicou ${limit} ${KIND_PLURAL[type]} este mês, o limite do plano ${planLabel(plan)}.`,
    upgradeMessage: "Faça upgrade para o plano Majestade e publique sem limites.",
    upgradeTo: "majestade",
  };
}
