import type { BillingCycle, PlanName } from "@clube-coroa/schema";

/** A call on the plans flow (plansFlow.ts), as PlansProvider hands it to the flow's host. */
export type PlansRequest = { kind: "open" } | { kind: "choose"; plan: PlanName; cycle?: BillingCycle } | { kind: "interest" };

/** Between the first screen's provider and the flow's host, which loads when first asked for. */
export interface PlansBridge {
  /** The host takes every request from now on (the queued ones first); returns its detach. */
  attach: (handler: (request: PlansRequest) => void) => () => void;
  /** 'Registrando...' while imperatriz's interest is on its way. */
  setRegistering: (busy: boolean) => void;
}
