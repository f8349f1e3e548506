import { createHash, timingSafeEqual } from "node:crypto";
import { businessDaysAfterInSaoPaulo, CHECKOUT_MESSAGES, type CheckoutInput, checkoutSchema, COMING_SOON_PLANS, dayInSaoPaulo, ERROR_TEXTS, parseId, periodEndInSaoPaulo, PLAN_LABELS, type PlanName, PLANS, priceOf, PRODUCT_NAME, todayInSaoPaulo } from "@clube-coroa/schema";
import { z } from "zod";
import type { Bus } from "../../events.js";
import type { Payment, PaymentStatus, PlanSubscription, User } from "../../generated/prisma/client.js";
import type { Clock } from "../../lib/clock.js";
import type { PrismaClient, Tx } from "../../lib/db.js";
import { AppError } from "../../lib/errors.js";
import { assertAllowed, type RateLimiter } from "../../lib/rate-limit.js";
import type { Logger } from "../../lib/log.js";
import { PaymentProviderError, type AsaasWebhookEvent, type PaymentProvider } from "../../providers/payments/payments.js";
import type { PlansService } from "../plans/plans.service.js";
import { writeAudit } from "../admin/audit.js";
import { requireSuperuser } from "../admin/admin.policy.js";
import { dateColumn, dateOnly, toPaymentDTO, toSubscriptionDTO, type PaymentDTO, type SubscriptionDTO } from "./billing.dto.js";

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
  const { prisma, clock, log, bus, provider, plans, planWriter } = deps;
  const graceMs = deps.graceDays * 86_400_000;
  /** Members with a checkout under way on this instance: a double click gets a clear refusal. */
  const checkoutsUnderWay = new Set<number>();

  /** An AuditLog row about a member (her plan, her subscriptions). */
  const audit = (tx: Tx, entry: { actorId: number | null; userId: number; action: string; data: Record<string, unknown>; ip?: string }) =>
    writeAudit(tx, { actorId: entry.actorId, action: entry.action, targetType: "User", targetId: entry.userId, data: entry.data, ip: entry.ip, at: clock.now() });

  /**
   * Cancels at the provider each of `subscriptions` it holds, in order, and returns the ids it
   * confirmed. With `refusal`, the first failure stops there and throws what `refusal` makes of it;
   * without, a failure is logged and left to the sweep's retry round.
   */
  async function cancelAtProvider(userId: number, subscriptions: PlanSubscription[], failureLog: string, refusal?: (failed: PlanSubscription) => AppError) {
    const confirmed = new Set<number>();
    for (const subscription of subscriptions) {
      if (!subscription.asaasSubscriptionId) continue;
      try {
        await provider.cancelSubscription(subscription.asaasSubscriptionId);
        confirmed.add(subscription.id);
      } catch (error) {
        log.warn({ userId, subscriptionId: subscription.id, err: error instanceof Error ? error.message : error }, failureLog);
        if (refusal) throw refusal(subscription);
      }
    }
    return confirmed;
  }

  /**
   * Ends her `live` subscriptions in tx (those the provider confirmed cancelling are marked so; the
   * sweep retries the others). The one rule for what happens to the periods they paid for:
   * - `kept` (she moves to another plan): a period she paid holds until the new one is paid; a plan
   *   the staff gave holds like a period paid until now; only the ended subscriptions' unpaid charges end;
   * - `ended` (she cancels, or the staff decide her plan): no period of hers holds a plan after now,
   *   and every unpaid charge of hers ends.
   */
  async function endSubscriptions(tx: Tx, userId: number, live: PlanSubscription[], options: { now: Date; confirmed: Set<number>; periods: "kept" | "ended" }) {
    const { now, confirmed, periods } = options;
    for (const subscription of live) {
      await tx.planSubscription.updateMany({
        where: { id: subscription.id, status: subscription.status },
        data: {
          status: "canceled",
          canceledAt: now,
          providerCanceledAt: confirmed.has(subscription.id) ? now : null,
          ...(periods === "kept" && isStaffGrant(subscription) ? { paidUntil: now } : {}),
        },
      });
    }
    if (periods === "ended") {
      await tx.planSubscription.updateMany({ where: { userId, paidUntil: { gt: now } }, data: { paidUntil: now } });
      await tx.payment.updateMany({ where: { userId, status: { in: UNPAID } }, data: { status: "canceled" } });
    } else if (live.length) {
      await tx.payment.updateMany({ where: { subscriptionId: { in: live.map((s) => s.id) }, status: { in: UNPAID } }, data: { status: "canceled" } });
    }
  }

  /** Moves her plan in tx (audited); null when it already was that plan. */
  async function movePlan(tx: Tx, userId: number, to: PlanName, cause: { actorId: number | null; reason: string; ip?: string; [k: string]: unknown }) {
    await lockUser(tx, userId);
    const member = await tx.user.findUnique({ where: { id: userId }, select: { plan: true } });
    if (!member || member.plan === to) return null;
    const { actorId, ip, ...data } = cause;
    const updated = await planWriter.writePlan(tx, userId, to);
    await audit(tx, { actorId, userId, action: "user.plan.change", data: { from: member.plan, to, ...data }, ip });
    return updated;
  }

  /** Whether another subscription of hers still pays for `plan` now (its period, plus the grace period). */
  async function otherCover(tx: Tx, userId: number, plan: PlanName, exceptId: number) {
    const cutoff = new Date(clock.now().getTime() - graceMs);
    const other = await tx.planSubscription.findFirst({
      where: {
        userId,
        plan,
        id: { not: exceptId },
        OR: [{ status: { in: ["active", "overdue", "canceled"] }, paidUntil: { gt: cutoff } }, STAFF_GRANT],
      },
      select: { id: true, status: true, paidUntil: true, canceledAt: true },
    });
    // A subscription she cancelled herself gave its period up (its paidUntil was cut to the cancellation).
    return other !== null;
  }

  // ---------------------------------------------------------------------------------------------
  // Checkout

  async function createSubscription(user: { id: number }, raw: unknown, meta: { ip?: string } = {}): Promise<CheckoutOutcome> {
    const parsed = checkoutSchema(clock.now()).safeParse(raw);
    if (!parsed.success) throw validationError(parsed.error);
    const input = parsed.data;
    if (input.plan === "nobreza") throw new AppError("VALIDATION", ERROR_TEXTS.nobrezaIsFree);
    if (COMING_SOON_PLANS.includes(input.plan)) throw new AppError("PLAN_NOT_AVAILABLE");
    if (checkoutsUnderWay.has(user.id)) throw new AppError("CHECKOUT_IN_PROGRESS");
    // Each checkout creates and cancels records at the provider: counted per member.
    await assertAllowed(deps.checkoutLimiter, user.id);
    checkoutsUnderWay.add(user.id);
    try {
      return await checkout(user.id, input, meta);
    } finally {
      checkoutsUnderWay.delete(user.id);
    }
  }

  async function checkout(userId: number, input: CheckoutInput, meta: { ip?: string }): Promise<CheckoutOutcome> {
    const member = await prisma.user.findUnique({ where: { id: userId } });
    if (!member) throw new AppError("UNAUTHENTICATED");
    if (input.billingType === "CREDIT_CARD") {
      // ASAAS needs the card holder's CEP and house number; clients of the earlier product never sent them.
      input.customer.postalCode ||= member.cep?.replace(/\D/g, "") || undefined;
      input.customer.addressNumber ||= member.houseNumber?.trim() || undefined;
      if (!input.customer.postalCode || input.customer.postalCode.length !== 8) {
        throw cardAddressMissing("postalCode", CHECKOUT_MESSAGES.postalCodeRequired);
      }
      if (!input.customer.addressNumber) throw cardAddressMissing("addressNumber", CHECKOUT_MESSAGES.addressNumberRequired);
    }
    // The code is judged again now, as it is when she typed it.
    let promo = null;
    if (input.promoCode && input.promoCode.trim()) {
      const check = await plans.checkPromoCode(input.promoCode, input.plan);
      if (!check.valid) throw new AppError("PROMO_INVALID", check.error, { details: { field: "promoCode", fieldErrors: { promoCode: check.error } } });
      promo = check;
    }
    const price = priceOf(input.plan, input.billingCycle, promo);
    if (price.chargeCents < MIN_CHARGE_CENTS) throw new AppError("CHARGE_TOO_SMALL");

    const live = await prisma.planSubscription.findMany({ where: { userId, status: { in: [...LIVE_SUBSCRIPTION] } }, orderBy: { id: "desc" } });
    const holding = live.find((s) => s.status !== "pending" && s.plan === member.plan);
    if (holding && holding.plan === input.plan && holding.billingCycle === input.billingCycle) throw new AppError("ALREADY_ON_PLAN");
    const isMigration = member.plan !== "nobreza";

    // 1. Her current provider subscriptions end first, so two are never active at once.
    const confirmed = await cancelAtProvider(userId, live, "checkout: cancelling the current subscription failed", (failed) =>
      new AppError(isMigration && failed.status !== "pending" ? "MIGRATION_FAILED" : "PAYMENT_UNAVAILABLE"),
    );
    const now = clock.now();
    const subscription = await prisma.$transaction(async (tx) => {
      await endSubscriptions(tx, userId, live, { now, confirmed, periods: "kept" });
      // 2. The new subscription, pending until the provider confirms its first payment.
      return tx.planSubscription.create({
        data: {
          userId,
          plan: input.plan,
          billingCycle: input.billingCycle,
          billingType: input.billingType,
          status: "pending",
          priceCents: price.chargeCents,
          discountCents: price.discountCents,
          promoCodeId: promo?.id ?? null,
          startedAt: now,
        },
      });
    });

    const dueDate = input.billingType === "BOLETO" ? businessDaysAfterInSaoPaulo(now, 3) : todayInSaoPaulo(now);
    const { customer } = input;
    let created;
    try {
      created = await provider.createSubscription({
        customer: { name: customer.name, email: customer.email, phone: customer.phone, cpfCnpj: customer.cpfCnpj, externalReference: String(userId) },
        billingType: input.billingType,
        cycle: input.billingCycle === "monthly" ? "MONTHLY" : "YEARLY",
        valueCents: price.chargeCents,
        nextDueDate: dueDate,
        description: `${PRODUCT_NAME}: plano ${PLAN_LABELS[input.plan]} (${input.billingCycle === "monthly" ? "mensal" : "anual"})`,
        externalReference: String(subscription.id),
        card:
          input.billingType === "CREDIT_CARD" && input.creditCard
            ? {
                card: input.creditCard,
                holder: {
                  name: input.creditCard.holderName,
                  email: customer.email,
                  cpfCnpj: customer.cpfCnpj,
                  postalCode: customer.postalCode ?? "",
                  addressNumber: customer.addressNumber ?? "",
                  phone: customer.phone,
                },
                remoteIp: meta.ip ?? "127.0.0.1",
              }
            : undefined,
      });
    } catch (error) {
      await prisma.planSubscription.update({ where: { id: subscription.id }, data: { status: "canceled", canceledAt: clock.now() } });
      throw providerError(error, log, { userId, subscriptionId: subscription.id });
    }

    const first = created.firstPayment;
    let saved;
    try {
      saved = await prisma.$transaction(async (tx) => {
        await lockProviderKey(tx, created.subscriptionId);
        const sub = await tx.planSubscription.update({
          where: { id: subscription.id },
          data: { asaasSubscriptionId: created.subscriptionId, asaasCustomerId: created.customerId, nextDueDate: dateColumn(first.dueDate) },
          include: { promoCode: { select: { code: true } } },
        });
        const payment = await tx.payment.create({
          data: {
            userId,
            subscriptionId: sub.id,
            asaasPaymentId: first.id,
            billingType: first.billingType,
            status: "pending",
            amountCents: first.valueCents,
            dueDate: dateColumn(first.dueDate),
            pixPayload: first.pix?.copyPaste ?? null,
            pixQrCodeImage: first.pix?.qrCodeImage ?? null,
            pixExpiresAt: first.pix?.expiresAt ? new Date(first.pix.expiresAt.replace(" ", "T")) : null,
            boletoLine: first.boleto?.identificationField ?? null,
            boletoUrl: first.boleto?.bankSlipUrl ?? null,
            invoiceUrl: first.invoiceUrl,
            cardBrand: first.card?.brand ?? null,
            cardLast4: first.card?.last4 ?? null,
          },
          include: { subscription: { select: { plan: true, billingCycle: true } } },
        });
        // 'Salvar este e-mail no meu perfil': the e-mail she typed is her profile's from now on.
        await tx.user.update({
          where: { id: userId },
          data: { asaasCustomerId: created.customerId, ...(input.saveEmailToProfile ? { email: customer.email } : {}) },
        });
        await audit(tx, {
          actorId: userId,
          userId,
          action: "subscription.create",
          data: { subscriptionId: sub.id, plan: sub.plan, cycle: sub.billingCycle, billingType: sub.billingType, priceCents: sub.priceCents, isMigration },
          ip: meta.ip,
        });
        return { sub, payment };
      });
    } catch (error) {
      // Never leave a provider subscription we do not know about.
      await provider.cancelSubscription(created.subscriptionId).catch((err) => log.error({ err, userId }, "orphan provider subscription not cancelled"));
      await prisma.planSubscription.updateMany({ where: { id: subscription.id }, data: { status: "canceled", canceledAt: clock.now() } }).catch(() => {});
      throw error;
    }
    // The provider may have told us about the payment before we had written it down.
    await replayEarlyEvents(first.id);
    // Her row changed (the e-mail she chose to keep): sessions and her open pages are told, as for any change of it.
    if (input.saveEmailToProfile) await planWriter.planChanged(await prisma.user.findUniqueOrThrow({ where: { id: userId } }));

    const label = PLAN_LABELS[input.plan];
    const message = isMigration
      ? `Migração iniciada! Seu plano ${label} começa assim que o pagamento for confirmado.`
      : input.billingType === "PIX"
        ? `Assinatura criada! Pague o PIX para ativar o plano ${label}.`
        : input.billingType === "BOLETO"
          ? `Assinatura criada! Pague o boleto até ${ptDate(first.dueDate)} para ativar o plano ${label}.`
          : `Pagamento de ${brl(first.valueCents)} enviado! O plano ${label} será ativado assim que a operadora confirmar.`;
    const payment = toPaymentDTO(saved.payment);
    bus.pubsub.publish("payment:updated", userId, payment);
    return { message, isMigration, subscription: toSubscriptionDTO(saved.sub), payment };
  }

  // ---------------------------------------------------------------------------------------------
  // Cancellation

  /** Paid plans only: her provider subscriptions end, and her plan is nobreza at once (spec part 2 section 4). */
  async function cancelSubscription(user: { id: number }, meta: { ip?: string; actorId?: number } = {}): Promise<User> {
    const member = await prisma.user.findUnique({ where: { id: user.id } });
    if (!member) throw new AppError("UNAUTHENTICATED");
    if (member.plan === "nobreza") throw new AppError("SUBSCRIPTION_NOT_PAID");
    const live = await prisma.planSubscription.findMany({ where: { userId: user.id, status: { in: [...LIVE_SUBSCRIPTION] } } });
    const confirmed = await cancelAtProvider(user.id, live, "cancellation failed at the provider", () => new AppError("CANCEL_FAILED"));
    const now = clock.now();
    const updated = await prisma.$transaction(async (tx) => {
      // She gave the rest of the period up, and of any subscription she had already left (a migration under way).
      await endSubscriptions(tx, user.id, live, { now, confirmed, periods: "ended" });
      return movePlan(tx, user.id, "nobreza", { actorId: meta.actorId ?? user.id, reason: "cancellation", ip: meta.ip });
    });
    if (!updated) return member;
    await planWriter.planChanged(updated);
    return updated;
  }

  /**
   * PATCH /api/users/{id}/plan. A member may only cancel (move herself to nobreza); paid plans come
   * through checkout. A superuser may set any plan for anyone, written to the audit log.
   */
  async function changePlanByMember(actor: User, targetId: number, plan: string, meta: { ip?: string } = {}): Promise<User> {
    if (!(PLANS as readonly string[]).includes(plan)) throw new AppError("VALIDATION", ERROR_TEXTS.planInvalid);
    const newPlan = plan as PlanName;
    if (actor.role !== "superuser") {
      if (targetId !== actor.id) throw new AppError("FORBIDDEN");
      if (newPlan !== "nobreza") throw new AppError("PLAN_CHANGE_FORBIDDEN");
      const current = await prisma.user.findUnique({ where: { id: actor.id } });
      if (!current) throw new AppError("UNAUTHENTICATED");
      if (current.plan === "nobreza") return current;
      return cancelSubscription(current, meta);
    }
    return changePlanByStaff(actor, targetId, newPlan, { ...meta, notFound: ERROR_TEXTS.memberNotFound });
  }

  /**
   * A superuser sets a member's plan (simple admin, and PATCH /api/users/{id}/plan): as the
   * warning says, her provider subscriptions are cancelled (one the provider does not confirm is
   * retried by the sweep, so she is never charged for a plan she no longer has), what she had paid
   * no longer holds a plan, and a paid plan is recorded as a staff grant (STAFF_GRANT). Audited;
   * `meUpdated` and the board are told. The same plan again changes nothing.
   */
  async function changePlanByStaff(
    actor: Pick<User, "id" | "role"> | null,
    targetId: unknown,
    plan: unknown,
    meta: { ip?: string; notFound?: string } = {},
  ): Promise<User> {
    const staff = requireSuperuser(actor);
    const notFound = () => new AppError("NOT_FOUND", meta.notFound ?? ERROR_TEXTS.staffMemberNotFound);
    const userId = parseId(targetId);
    if (userId === null) throw notFound();
    if (!(PLANS as readonly unknown[]).includes(plan)) throw new AppError("VALIDATION", ERROR_TEXTS.planInvalid);
    const newPlan = plan as PlanName;
    const target = await prisma.user.findUnique({ where: { id: userId } });
    if (!target) throw notFound();
    if (target.plan === newPlan) return target;

    const live = await prisma.planSubscription.findMany({ where: { userId, status: { in: [...LIVE_SUBSCRIPTION] } } });
    const confirmed = await cancelAtProvider(userId, live, "staff plan change: provider cancellation failed; the sweep retries it");
    const now = clock.now();
    const updated = await prisma.$transaction(async (tx) => {
      // Her plan is the staff's decision from now on: no earlier period holds one.
      await endSubscriptions(tx, userId, live, { now, confirmed, periods: "ended" });
      const grant =
        newPlan === "nobreza"
          ? null
          : await tx.planSubscription.create({
              data: { userId, plan: newPlan, billingCycle: "monthly", billingType: "PIX", priceCents: 0, startedAt: now, ...STAFF_GRANT },
            });
      return movePlan(tx, userId, newPlan, {
        actorId: staff.id,
        reason: "superuser",
        ip: meta.ip,
        canceledSubscriptions: live.map((s) => s.id),
        ...(grant ? { grantId: grant.id } : {}),
      });
    });
    if (!updated) return (await prisma.user.findUnique({ where: { id: userId } })) ?? target;
    await planWriter.planChanged(updated);
    return updated;
  }

  // ---------------------------------------------------------------------------------------------
  // Webhook

  /**
   * POST /api/webhooks/asaas. The token from ASAAS's webhook settings must match; every
   * authenticated event is recorded once by its id and answered 200, including those that change
   * nothing (ASAAS pauses the queue after repeated failures).
   */
  async function receiveWebhook(token: unknown, body: unknown): Promise<{ outcome: string }> {
    if (!tokenMatches(token, deps.webhookToken)) throw new AppError("WEBHOOK_UNAUTHORIZED");
    const parsed = eventSchema.safeParse(body);
    if (!parsed.success) throw new AppError("VALIDATION", ERROR_TEXTS.webhookEventInvalid);
    return processEvent(parsed.data);
  }

  interface Effects {
    outcome: string;
    userId?: number;
    payment?: PaymentDTO;
    planChanged?: User;
  }

  async function processEvent(event: ParsedEvent): Promise<{ outcome: string }> {
    // What is kept of the event: never a card token or anything beyond brand and last four digits.
    const stored = {
      ...event,
      payment: event.payment && {
        ...event.payment,
        creditCard: event.payment.creditCard
          ? { creditCardBrand: event.payment.creditCard.creditCardBrand, creditCardNumber: lastFour(event.payment.creditCard.creditCardNumber) }
          : null,
      },
    };
    const effects = await prisma.$transaction(async (tx): Promise<Effects> => {
      await lockProviderKey(tx, event.payment?.subscription ?? event.payment?.id ?? event.id);
      const inserted = await tx.$queryRaw<{ id: number }[]>`
        INSERT INTO "PaymentWebhookEvent" ("eventId", "event", "providerPaymentId", "outcome", "payload")
        VALUES (${event.id}, ${event.event}, ${event.payment?.id ?? null}, 'received', ${JSON.stringify(stored)}::jsonb)
        ON CONFLICT ("eventId") DO NOTHING RETURNING id`;
      if (inserted.length === 0) return { outcome: "duplicate" };
      const result = await applyEvent(tx, event);
      await tx.paymentWebhookEvent.update({ where: { id: inserted[0]!.id }, data: { outcome: result.outcome } });
      return result;
    });
    await announce(effects);
    if (effects.outcome !== "applied") log.info({ eventId: event.id, event: event.event, outcome: effects.outcome }, "payment webhook recorded");
    return { outcome: effects.outcome };
  }

  /**
   * Her new plan first: every instance forgets the session it trusted with her old row before she
   * is told her payment went through, so the `me` she asks for on hearing it has the new plan.
   */
  async function announce(effects: Effects) {
    if (effects.planChanged) await planWriter.planChanged(effects.planChanged);
    if (effects.userId !== undefined && effects.payment) bus.pubsub.publish("payment:updated", effects.userId, effects.payment);
  }

  /** Events recorded before the checkout had written its payment down, applied now that it has. */
  async function replayEarlyEvents(providerPaymentId: string) {
    const early = await prisma.paymentWebhookEvent.findMany({ where: { providerPaymentId, outcome: "unknown payment" }, orderBy: { id: "asc" } });
    for (const row of early) {
      const parsed = eventSchema.safeParse(row.payload);
      if (!parsed.success) continue;
      const effects = await prisma.$transaction(async (tx): Promise<Effects> => {
        await lockProviderKey(tx, parsed.data.payment?.subscription ?? providerPaymentId);
        const claimed = await tx.paymentWebhookEvent.updateMany({ where: { id: row.id, outcome: "unknown payment" }, data: { outcome: "replaying" } });
        if (claimed.count === 0) return { outcome: "duplicate" };
        const result = await applyEvent(tx, parsed.data);
        await tx.paymentWebhookEvent.update({ where: { id: row.id }, data: { outcome: `${result.outcome} (late)` } });
        return result;
      });
      await announce(effects);
    }
  }

  /**
   * Finds (or, for a renewal, records) the event's payment, checks what the event says against it,
   * then applies it. An event that would pay less than the charge changes nothing; it and any id
   * naming someone else's records are written to the AuditLog (`payment.mismatch`) and logged as a
   * warning, and its outcome says so.
   */
  async function applyEvent(tx: Tx, event: ParsedEvent): Promise<Effects> {
    const incoming = event.payment;
    if (!incoming) return { outcome: "ignored: no payment" };
    let payment = await tx.payment.findUnique({ where: { asaasPaymentId: incoming.id }, include: { subscription: true } });
    let recordedRenewal = false;
    if (!payment) {
      const subscription = incoming.subscription ? await tx.planSubscription.findUnique({ where: { asaasSubscriptionId: incoming.subscription } }) : null;
      if (!subscription) return { outcome: "unknown payment" };
      // A renewal: the provider charged the subscription's next period, at the subscription's price.
      payment = await tx.payment.create({
        data: {
          userId: subscription.userId,
          subscriptionId: subscription.id,
          asaasPaymentId: incoming.id,
          billingType: (["PIX", "BOLETO", "CREDIT_CARD"] as const).find((t) => t === incoming.billingType) ?? subscription.billingType,
          status: "pending",
          amountCents: subscription.priceCents,
          dueDate: dateColumn(incoming.dueDate),
          invoiceUrl: incoming.invoiceUrl ?? null,
          boletoUrl: incoming.bankSlipUrl ?? null,
        },
        include: { subscription: true },
      });
      recordedRenewal = true;
    } else if (payment.subscription?.asaasSubscriptionId && payment.subscription.asaasSubscriptionId !== incoming.subscription) {
      // The event was ordered under the subscription it named; the payment's own is the one its events queue on.
      await lockProviderKey(tx, payment.subscription.asaasSubscriptionId);
    }

    const mismatches = foreignIds(payment, incoming);
    // Own keys only: an event named "constructor" is not a transition.
    const transition = Object.hasOwn(TRANSITIONS, event.event) ? TRANSITIONS[event.event] : undefined;
    // The charge: the payment's amount (after any promo), never less than its subscription's price.
    const chargeCents = Math.max(payment.amountCents, payment.subscription?.priceCents ?? 0);
    const receivedCents = centsOfReais(incoming.value);
    let effects: Effects;
    if (!transition) {
      effects = { outcome: recordedRenewal ? "recorded renewal" : `ignored: ${event.event}` };
    } else if (PAID.includes(transition.to) && transition.from.includes(payment.status) && receivedCents < chargeCents) {
      effects = { outcome: `underpaid: ${receivedCents} of ${chargeCents} cents, payment kept ${payment.status}` };
      mismatches.unshift({ field: "value", expectedCents: chargeCents, receivedCents });
    } else {
      effects = await applyTransition(tx, event.event, incoming, payment, transition);
    }
    if (recordedRenewal && !effects.payment) Object.assign(effects, { userId: payment.userId, payment: toPaymentDTO(payment) });
    if (mismatches.length === 0) return effects;

    const foreign = mismatches.filter((m) => m.field !== "value").map((m) => m.field);
    if (foreign.length) effects.outcome += ` (mismatch: ${foreign.join(", ")})`;
    const details = { paymentId: payment.id, providerPaymentId: incoming.id, eventId: event.id, event: event.event, outcome: effects.outcome, mismatches };
    await audit(tx, { actorId: null, userId: payment.userId, action: "payment.mismatch", data: details });
    log.warn({ userId: payment.userId, ...details }, "payment webhook does not match its charge; recorded for staff");
    return effects;
  }

  /** What `transition` makes of the payment, its subscription and her plan. */
  async function applyTransition(
    tx: Tx,
    eventName: string,
    incoming: NonNullable<ParsedEvent["payment"]>,
    payment: Payment & { subscription: PlanSubscription | null },
    transition: { to: PaymentStatus; from: PaymentStatus[] },
  ): Promise<Effects> {
    if (!transition.from.includes(payment.status)) return { outcome: `ignored: ${payment.status} does not become ${transition.to}` };

    const now = clock.now();
    const wasUnpaid = UNPAID.includes(payment.status as UnpaidStatus);
    const card = incoming.creditCard;
    const savedPayment = await tx.payment.update({
      where: { id: payment.id },
      data: {
        status: transition.to,
        ...(wasUnpaid && (transition.to === "confirmed" || transition.to === "received") ? { paidAt: now } : {}),
        ...(card?.creditCardBrand ? { cardBrand: card.creditCardBrand.slice(0, 40) } : {}),
        ...(card?.creditCardNumber ? { cardLast4: lastFour(card.creditCardNumber) } : {}),
      },
      include: { subscription: { select: { plan: true, billingCycle: true } } },
    });
    const effects: Effects = { outcome: "applied", userId: payment.userId, payment: toPaymentDTO(savedPayment) };
    const subscription = payment.subscription;
    if (!subscription) return effects;

    if (wasUnpaid && (transition.to === "confirmed" || transition.to === "received")) {
      if (subscription.status === "canceled") {
        log.warn({ subscriptionId: subscription.id, paymentId: payment.id }, "a payment arrived for a cancelled subscription: refund it at the provider");
        return { ...effects, outcome: "applied: paid a cancelled subscription" };
      }
      const periodEnd = periodEndInSaoPaulo(dateOnly(payment.dueDate), subscription.billingCycle);
      const paidUntil = subscription.paidUntil && subscription.paidUntil > periodEnd ? subscription.paidUntil : periodEnd;
      await tx.planSubscription.update({
        where: { id: subscription.id },
        data: { status: "active", paidUntil, nextDueDate: dateColumn(dayInSaoPaulo(paidUntil)) },
      });
      // A promo code counts when it is paid for, not when a checkout is abandoned.
      if (subscription.paidUntil === null && subscription.promoCodeId !== null) {
        await tx.promoCode.update({ where: { id: subscription.promoCodeId }, data: { usesCount: { increment: 1 } } });
      }
      const moved = await movePlan(tx, subscription.userId, subscription.plan, {
        actorId: null,
        reason: "payment confirmed",
        event: eventName,
        subscriptionId: subscription.id,
        paymentId: payment.id,
      });
      if (moved) effects.planChanged = moved;
      return effects;
    }
    if (transition.to === "overdue") {
      await tx.planSubscription.updateMany({ where: { id: subscription.id, status: "active" }, data: { status: "overdue" } });
      return effects;
    }
    if (transition.to === "refunded") {
      // The money went back: the subscription ends (the sweep cancels it at the provider) and so does its plan.
      await tx.planSubscription.updateMany({
        where: { id: subscription.id, status: { not: "canceled" } },
        data: { status: "canceled", canceledAt: now, providerCanceledAt: null },
      });
      await tx.planSubscription.update({ where: { id: subscription.id }, data: { paidUntil: now } });
      const member = await tx.user.findUnique({ where: { id: subscription.userId }, select: { plan: true } });
      if (member?.plan === subscription.plan && !(await otherCover(tx, subscription.userId, subscription.plan, subscription.id))) {
        const moved = await movePlan(tx, subscription.userId, "nobreza", { actorId: null, reason: eventName, subscriptionId: subscription.id, paymentId: payment.id });
        if (moved) effects.planChanged = moved;
      }
    }
    return effects;
  }

  // ---------------------------------------------------------------------------------------------
  // The sweep: plans whose payments stopped, checkouts never paid, cancellations to retry

  /**
   * One round; safe to run on several instances at once (every change is conditional on the state
   * it read, and plan changes lock her row). Returns what it did, for tests and logs.
   */
  /**
   * `stopping` (the server is shutting down) ends it at a safe point: between members, and what was
   * already moved is still announced.
   */
  async function sweep(options: { stopping?: () => boolean } = {}): Promise<{ ended: number; plansEnded: number; cancelRetried: number }> {
    const stopping = options.stopping ?? (() => false);
    const now = clock.now();
    const cutoff = new Date(now.getTime() - graceMs);
    const report = { ended: 0, plansEnded: 0, cancelRetried: 0 };
    const announcements: User[] = [];

    // 1. Paid periods over for longer than the grace period, and first charges that late: the subscription ends.
    const lapsed = await prisma.planSubscription.findMany({
      where: {
        OR: [
          { status: { in: ["active", "overdue"] }, paidUntil: { lt: cutoff } },
          { status: "pending", nextDueDate: { lt: dateColumn(dayInSaoPaulo(cutoff)) } },
          // A checkout that never reached the provider.
          { status: "pending", asaasSubscriptionId: null, startedAt: { lt: new Date(now.getTime() - 3_600_000) } },
        ],
      },
      take: 200,
    });
    for (const subscription of lapsed) {
      if (stopping()) break;
      const moved = await prisma.$transaction(async (tx) => {
        const ended = await tx.planSubscription.updateMany({
          where: { id: subscription.id, status: subscription.status },
          data: { status: "canceled", canceledAt: now, providerCanceledAt: subscription.asaasSubscriptionId ? null : now },
        });
        if (ended.count === 0) return null;
        report.ended++;
        await tx.payment.updateMany({ where: { subscriptionId: subscription.id, status: "pending" }, data: { status: "canceled" } });
        if (subscription.status === "pending") return null;
        return endPlanIfUncovered(tx, subscription.userId, subscription.plan, subscription.id, "grace period over");
      });
      if (moved) announcements.push(moved);
    }

    // 2. Subscriptions left in a migration whose period (and grace) ran out before the new one was paid.
    const leftBehind = await prisma.planSubscription.findMany({
      where: { status: "canceled", paidUntil: { lt: cutoff, gt: new Date(cutoff.getTime() - 60 * 86_400_000) } },
      select: { id: true, userId: true, plan: true, user: { select: { plan: true } } },
      take: 500,
    });
    for (const subscription of leftBehind) {
      if (stopping()) break;
      if (subscription.user.plan !== subscription.plan) continue;
      const moved = await prisma.$transaction((tx) => endPlanIfUncovered(tx, subscription.userId, subscription.plan, subscription.id, "paid period over"));
      if (moved) announcements.push(moved);
    }

    // 3. Cancellations the provider has not confirmed yet.
    const toCancel = await prisma.planSubscription.findMany({
      where: { status: "canceled", asaasSubscriptionId: { not: null }, providerCanceledAt: null },
      select: { id: true, asaasSubscriptionId: true },
      take: 50,
    });
    for (const subscription of toCancel) {
      if (stopping()) break;
      try {
        await provider.cancelSubscription(subscription.asaasSubscriptionId!);
        await prisma.planSubscription.update({ where: { id: subscription.id }, data: { providerCanceledAt: clock.now() } });
        report.cancelRetried++;
      } catch (error) {
        log.warn({ subscriptionId: subscription.id, err: error instanceof Error ? error.message : error }, "provider cancellation still failing; retried next round");
      }
    }

    for (const user of announcements) {
      report.plansEnded++;
      await planWriter.planChanged(user);
    }
    return report;
  }

  async function endPlanIfUncovered(tx: Tx, userId: number, plan: PlanName, subscriptionId: number, reason: string) {
    await lockUser(tx, userId);
    const member = await tx.user.findUnique({ where: { id: userId }, select: { plan: true } });
    if (member?.plan !== plan) return null;
    if (await otherCover(tx, userId, plan, subscriptionId)) return null;
    return movePlan(tx, userId, "nobreza", { actorId: null, reason, subscriptionId });
  }

  // ---------------------------------------------------------------------------------------------
  // Reading, interest, demo confirmation

  /** The subscription that gives her current plan; null on nobreza or a plan given by staff. */
  async function mySubscription(user: { id: number }): Promise<SubscriptionDTO | null> {
    const member = await prisma.user.findUnique({ where: { id: user.id }, select: { plan: true } });
    if (!member || member.plan === "nobreza") return null;
    const subscription = await prisma.planSubscription.findFirst({
      where: { userId: user.id, plan: member.plan, status: { in: ["active", "overdue", "canceled"] }, paidUntil: { not: null } },
      orderBy: [{ paidUntil: "desc" }, { id: "desc" }],
      include: { promoCode: { select: { code: true } } },
    });
    return subscription ? toSubscriptionDTO(subscription) : null;
  }

  async function myPayments(user: { id: number }): Promise<PaymentDTO[]> {
    const payments = await prisma.payment.findMany({
      where: { userId: user.id },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: 50,
      include: { subscription: { select: { plan: true, billingCycle: true } } },
    });
    return payments.map(toPaymentDTO);
  }

  /** 'Notificar quando disponível': once per member; the second time says so. */
  async function registerImperatrizInterest(user: { id: number }): Promise<{ alreadyRegistered: boolean; registeredAt: string }> {
    const member = await prisma.user.findUnique({ where: { id: user.id } });
    if (!member) throw new AppError("UNAUTHENTICATED");
    const existing = await prisma.imperatrizInterest.findUnique({ where: { userId: user.id } });
    if (existing) return { alreadyRegistered: true, registeredAt: existing.createdAt.toISOString() };
    const saved = await prisma.imperatrizInterest
      .create({
        data: { userId: member.id, email: member.email, fullName: member.fullName, phone: member.phone, currentPlan: member.plan, createdAt: clock.now() },
      })
      .catch(async (error: { code?: string }) => {
        if (error.code !== "P2002") throw error;
        return null;
      });
    if (!saved) {
      const again = await prisma.imperatrizInterest.findUnique({ where: { userId: user.id } });
      return { alreadyRegistered: true, registeredAt: (again?.createdAt ?? clock.now()).toISOString() };
    }
    return { alreadyRegistered: false, registeredAt: saved.createdAt.toISOString() };
  }

  /**
   * The demo control of the local provider: the simulated ASAAS confirms the payment by sending
   * its webhook to our own route. Not found unless the local provider is active, and only for her
   * own payment (or a superuser's look).
   */
  async function confirmDemoPayment(user: { id: number; role: string }, providerPaymentId: string): Promise<PaymentDTO> {
    if (!deps.confirmLocally) throw new AppError("NOT_FOUND", ERROR_TEXTS.routeNotFound);
    const payment = await prisma.payment.findUnique({ where: { asaasPaymentId: providerPaymentId.slice(0, 200) }, include: { subscription: true } });
    if (!payment || (payment.userId !== user.id && user.role !== "superuser")) throw new AppError("NOT_FOUND", ERROR_TEXTS.paymentNotFound);
    if (!UNPAID.includes(payment.status)) throw new AppError("PAYMENT_NOT_PENDING");
    await deps.confirmLocally({
      id: providerPaymentId,
      subscriptionId: payment.subscription?.asaasSubscriptionId ?? null,
      customerId: payment.subscription?.asaasCustomerId ?? null,
      billingType: payment.billingType,
      valueCents: payment.amountCents,
      dueDate: dateOnly(payment.dueDate),
      externalReference: payment.subscriptionId !== null ? String(payment.subscriptionId) : null,
    });
    const fresh = await prisma.payment.findUniqueOrThrow({ where: { id: payment.id }, include: { subscription: { select: { plan: true, billingCycle: true } } } });
    return toPaymentDTO(fresh);
  }

  return {
    providerKind: provider.kind,
    /** Whether the demo control may confirm payments (local provider, outside production). */
    demoConfirmations: deps.confirmLocally !== undefined,
    createSubscription,
    cancelSubscription,
    changePlanByMember,
    changePlanByStaff,
    receiveWebhook,
    sweep,
    mySubscription,
    myPayments,
    registerImperatrizInterest,
    confirmDemoPayment,
    /** Her payments as their states change. */
    paymentsOf: (userId: number) => bus.pubsub.subscribe("payment:updated", userId),
  };
}

export type BillingService = ReturnType<typeof createBillingService>;
