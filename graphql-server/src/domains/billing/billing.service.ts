import { createCancellation } from "./cancellation.js";
import { createCheckout } from "./checkout.js";
import { createBillingReads } from "./reads.js";
import { type BillingDeps, createBillingContext } from "./shared.js";
import { createSweep } from "./sweep.js";
import { createWebhook } from "./webhook.js";

<<<<<<< HEAD
/** The smallest charge ASAAS accepts for PIX and boleto (R$ 5,00). */
export const MIN_CHARGE_CENTS = 500;

/** How billing writes a plan: the profile service's writer (offers follow, premium fields go) and its announcement. */
export interface PlanWriter {
  writePlan(tx: Tx, userId: number, plan: PlanName): Promise<User>;
  /** After commit: the banner goes when the plan no longer has it, `meUpdated` and the board are told. */
  planChanged(user: User): Promise<void>;
}

export interface BillingDeps {
  prisma: PrismaClient;
  clock: Clock;
  log: Logger;
  bus: Bus;
  provider: PaymentProvider;
  plans: PlansService;
  planWriter: PlanWriter;
  /** Days an overdue (or migrated-away) subscription keeps her plan past its paid period. */
  graceDays: number;
  /** ASAAS_WEBHOOK_TOKEN; with none, every webhook call is refused. */
  webhookToken: string | null;
  /** Checkouts per member (each one calls the provider). */
  checkoutLimiter?: RateLimiter;
  /** The local provider's confirmation (demo control); null with a real provider. */
  confirmLocally?: (payment: LocalConfirmable) => Promise<AsaasWebhookEvent>;
}

export interface LocalConfirmable {
  id: string;
  subscriptionId: string | null;
  customerId: string | null;
  billingType: "PIX" | "BOLETO" | "CREDIT_CARD";
  valueCents: number;
  dueDate: string;
  externalReference: string | null;
}

export interface CheckoutOutcome {
  message: string;
  isMigration: boolean;
  subscription: SubscriptionDTO;
  payment: PaymentDTO;
}

type UnpaidStatus = Extract<PaymentStatus, "pending" | "overdue">;
const UNPAID: PaymentStatus[] = ["pending", "overdue"];
const PAID: PaymentStatus[] = ["confirmed", "received"];
const LIVE_SUBSCRIPTION = ["pending", "active", "overdue"] as const;
/**
 * A plan given by the staff (simple admin): active, free, with no provider subscription and no end
 * (paidUntil null: until the staff or she change it). No provider event reaches it and the sweep,
 * which ends only periods that ran out, never ends it.
 */
export const STAFF_GRANT = { status: "active", paidUntil: null, asaasSubscriptionId: null } as const;
const isStaffGrant = (s: { status: string; paidUntil: Date | null; asaasSubscriptionId: string | null }) =>
  s.status === "active" && s.paidUntil === null && s.asaasSubscriptionId === null;

/**
 * What each ASAAS event makes of a payment, and the states it may come from: a state never moves
 * backwards, so a late or replayed event changes nothing (a CREATED after a RECEIVED, an OVERDUE
 * after a CONFIRMED).
 */
const TRANSITIONS: Record<string, { to: PaymentStatus; from: PaymentStatus[] }> = {
  PAYMENT_CONFIRMED: { to: "confirmed", from: UNPAID },
  PAYMENT_RECEIVED: { to: "received", from: [...UNPAID, "confirmed"] },
  PAYMENT_RECEIVED_IN_CASH: { to: "received", from: [...UNPAID, "confirmed"] },
  PAYMENT_OVERDUE: { to: "overdue", from: ["pending"] },
  PAYMENT_REFUNDED: { to: "refunded", from: ["confirmed", "received"] },
  PAYMENT_CHARGEBACK_REQUESTED: { to: "refunded", from: ["confirmed", "received"] },
  PAYMENT_DELETED: { to: "canceled", from: UNPAID },
};

const eventSchema = z.object({
  id: z.string().min(1).max(200),
  event: z.string().min(1).max(100),
  dateCreated: z.string().max(40).optional(),
  payment: z
    .object({
      id: z.string().min(1).max(200),
      subscription: z.string().max(200).nullish(),
      customer: z.string().max(200).nullish(),
      value: z.number().nonnegative().max(10_000_000),
      status: z.string().max(60),
      billingType: z.string().max(40),
      dueDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
      externalReference: z.string().max(200).nullish(),
      invoiceUrl: z.string().max(2000).nullish(),
      bankSlipUrl: z.string().max(2000).nullish(),
      creditCard: z.object({ creditCardNumber: z.string().max(30).optional(), creditCardBrand: z.string().max(40).optional() }).nullish(),
    })
    .optional(),
});
type ParsedEvent = z.output<typeof eventSchema>;

/** Reais as ASAAS writes them (a number with at most two decimals) in integer cents, without float drift. */
export const centsOfReais = (value: number) => Math.round(value * 100);

/** What an event says that its payment does not (docs/decisions/0158-webhook-amounts-and-mismatched-ids.md). */
type Mismatch =
  | { field: "value"; expectedCents: number; receivedCents: number }
  | { field: "customer" | "subscription" | "externalReference"; expected: string; received: string };

/**
 * The ids an event names that are not its payment's. The payment stays whose it is (its id is
 * the provider's own key); the others are only compared, where both sides have one.
 */
function foreignIds(
  payment: { subscriptionId: number | null; subscription: Pick<PlanSubscription, "asaasSubscriptionId" | "asaasCustomerId"> | null },
  incoming: NonNullable<ParsedEvent["payment"]>,
): Mismatch[] {
  const ours = {
    customer: payment.subscription?.asaasCustomerId ?? null,
    subscription: payment.subscription?.asaasSubscriptionId ?? null,
    externalReference: payment.subscriptionId === null ? null : String(payment.subscriptionId),
  };
  const mismatches: Mismatch[] = [];
  for (const field of ["customer", "subscription", "externalReference"] as const) {
    const received = incoming[field];
    const expected = ours[field];
    if (received && expected && received !== expected) mismatches.push({ field, expected, received });
  }
  return mismatches;
}

const sha256 = (text: string) => createHash("sha256").update(text).digest();
/** Constant-time: the comparison takes as long whatever the first wrong character. */
function tokenMatches(given: unknown, expected: string | null): boolean {
  if (!expected || typeof given !== "string" || given.length === 0) return false;
  return timingSafeEqual(sha256(given), sha256(expected));
}

/** One transaction at a time per provider subscription (or payment): the checkout's writes and its webhooks. */
async function lockProviderKey(tx: Tx, key: string) {
  await tx.$queryRaw`SELECT 1 AS locked FROM pg_advisory_xact_lock(hashtext(${`asaas:${key}`}))`;
}
async function lockUser(tx: Tx, userId: number) {
  await tx.$queryRaw`SELECT id FROM "User" WHERE id = ${userId} FOR UPDATE`;
}

const lastFour = (value: string | undefined | null) => (value ? value.replace(/\D/g, "").slice(-4) || null : null);

function validationError(error: z.ZodError): AppError {
  const issue = error.issues[0]!;
  const field = issue.path.join(".") || "input";
  return new AppError("VALIDATION", issue.message, { details: { field, fieldErrors: { [field]: issue.message } } });
}

const cardAddressMissing = (field: string, message: string) =>
  new AppError("VALIDATION", message, { details: { field: `customer.${field}`, fieldErrors: { [`customer.${field}`]: message } } });

function providerError(error: unknown, log: Logger, context: Record<string, unknown>): AppError {
  if (error instanceof PaymentProviderError) {
    if (error.failure === "invalid_data") return new AppError("VALIDATION", error.message);
    if (error.failure === "card_refused") return new AppError("PAYMENT_REFUSED", error.message);
    log.error({ ...context, failure: error.failure, providerCode: error.providerCode }, "payment provider failed");
    return new AppError("PAYMENT_UNAVAILABLE");
  }
  log.error({ ...context, err: error }, "payment provider failed unexpectedly");
  return new AppError("PAYMENT_UNAVAILABLE");
}

const brl = (cents: number) => (cents / 100).toLocaleString("pt-BR", { style: "currency", currency: "BRL" });
const ptDate = (day: string) => day.split("-").reverse().join("/");
=======
export { centsOfReais } from "./webhook.js";
export { type BillingDeps, type CheckoutOutcome, type LocalConfirmable, MIN_CHARGE_CENTS, type PlanWriter, STAFF_GRANT } from "./shared.js";
>>>>>>> h/srvunits

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
