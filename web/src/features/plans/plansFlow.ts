import { createContext, useContext } from "react";
import type { BillingCycle, PlanName } from "@clube-coroa/schema";

/** The plans flow every screen opens (PlansProvider holds it, PlansFlowHost does it); apart from the provider so dialogs need not import it. */
export interface PlansFlow {
  /** Opens the plans modal (navigation, upgrade prompt, 'Limitação do Plano'). */
  openPlans: () => void;
  /** What choosing a plan leads to: checkout, migration, downgrade warning or imperatriz's info. */
  choosePlan: (plan: PlanName, cycle?: BillingCycle) => void;
  /** 'Notificar quando disponível': registers her interest in imperatriz, then thanks her. */
  registerInterest: () => void;
  registeringInterest: boolean;
}

export const PlansContext = createContext<PlansFlow | null>(null);

export function usePlans(): PlansFlow {
  const flow = useContext(PlansContext);
  if (!flow) throw new Error("usePlans must be used inside <PlansProvider>");
  return flow;
}
