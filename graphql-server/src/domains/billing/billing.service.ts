import { createCancellation } from "./cancellation.js";
import { createCheckout } from "./checkout.js";
import { createBillingReads } from "./reads.js";
import { type BillingDeps, createBillingContext } from "./shared.js";
import { createSweep } from "./sweep.js";
import { createWebhook } from "./webhook.js";

export { centsOfReais } from "./webhook.js";
export { type BillingDeps, type CheckoutOutcome, type LocalConfirmable, MIN_CHARGE_CENTS, type PlanWriter, STAFF_GRANT } from "./shared.js";

/**
 * Plans bought and lost: checkout (also migration), cancellation, the provider's webhook, and the
 * sweep that ends plans whose payments stopped. Every paid state comes from the provider's events;
 * every plan change writes an AuditLog row and publishes `meUpdated` after commit.
 *
 * The order of a migration (docs/decisions/0058-migration-from-a-paid-plan-to-any-other-paid-plan-or-cycle-u.md): the current provider subscription is
 * cancelled first (if that fails nothing else happens: 'Erro na migração'), her plan holds until the
 * period she paid for ends, and the new plan starts when its first payment is confirmed.
 */
export function createBillingService(deps: BillingDeps) {
  const ctx = createBillingContext(deps);
  const webhook = createWebhook(ctx);
  const checkout = createCheckout(ctx, webhook.replayEarlyEvents);
  const cancellation = createCancellation(ctx);
  const reads = createBillingReads(ctx);
  const { provider, bus } = deps;

  return {
    providerKind: provider.kind,
    /** Whether the demo control may confirm payments (local provider, outside production). */
    demoConfirmations: deps.confirmLocally !== undefined,
    createSubscription: checkout.createSubscription,
    cancelSubscription: cancellation.cancelSubscription,
    changePlanByMember: cancellation.changePlanByMember,
    changePlanByStaff: cancellation.changePlanByStaff,
    receiveWebhook: webhook.receiveWebhook,
    sweep: createSweep(ctx).sweep,
    mySubscription: reads.mySubscription,
    myPayments: reads.myPayments,
    registerImperatrizInterest: reads.registerImperatrizInterest,
    confirmDemoPayment: reads.confirmDemoPayment,
    /** Her payments as their states change. */
    paymentsOf: (userId: number) => bus.pubsub.subscribe("payment:updated", userId),
  };
}

export type BillingService = ReturnType<typeof createBillingService>;
