import { createHash, timingSafeEqual } from "node:crypto";
import { dayInSaoPaulo, ERROR_TEXTS, NOTIFICATION_TEXTS, periodEndInSaoPaulo, PLAN_LABELS } from "@clube-coroa/schema";
import { z } from "zod";
import type { Payment, PaymentStatus, PlanSubscription, User } from "../../generated/prisma/client.js";
import type { Tx } from "../../lib/db.js";
import { AppError } from "../../lib/errors.js";
import { notify, publishEntries, type WrittenEntry } from "../notifications/deliveries.js";
import { dateColumn, dateOnly, toPaymentDTO, type PaymentDTO } from "./billing.dto.js";
import { type BillingContext, lastFour, lockProviderKey, PAID, UNPAID, type UnpaidStatus } from "./shared.js";

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

export const eventSchema = z.object({
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
export type ParsedEvent = z.output<typeof eventSchema>;

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

interface Effects {
  outcome: string;
  userId?: number;
  payment?: PaymentDTO;
  planChanged?: User;
  /** Her entries of 'Avisos' written with the event (issue 29), told after commit. */
  entries?: WrittenEntry[];
}

/**
 * The provider's webhook: every paid state comes from its events, applied once each, in order per
 * provider subscription (the state machine is TRANSITIONS).
 */
export function createWebhook(ctx: BillingContext) {
  const { prisma, clock, log, bus, planWriter, audit, movePlan, otherCover } = ctx;

  /**
   * POST /api/webhooks/asaas. The token from ASAAS's webhook settings must match; every
   * authenticated event is recorded once by its id and answered 200, including those that change
   * nothing (ASAAS pauses the queue after repeated failures).
   */
  async function receiveWebhook(token: unknown, body: unknown): Promise<{ outcome: string }> {
    if (!tokenMatches(token, ctx.webhookToken)) throw new AppError("WEBHOOK_UNAUTHORIZED");
    const parsed = eventSchema.safeParse(body);
    if (!parsed.success) throw new AppError("VALIDATION", ERROR_TEXTS.webhookEventInvalid);
    return processEvent(parsed.data);
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
    if (effects.entries) publishEntries(bus, effects.entries);
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
      const confirmed = NOTIFICATION_TEXTS.payment_confirmed({ planLabel: PLAN_LABELS[subscription.plan] });
      effects.entries = await notify(tx, [{ userId: subscription.userId, type: "payment_confirmed", groupKey: `payment:${payment.id}:confirmed`, text: () => confirmed }], now);
      return effects;
    }
    if (transition.to === "overdue") {
      await tx.planSubscription.updateMany({ where: { id: subscription.id, status: "active" }, data: { status: "overdue" } });
      const overdue = NOTIFICATION_TEXTS.payment_overdue({ planLabel: PLAN_LABELS[subscription.plan] });
      effects.entries = await notify(tx, [{ userId: subscription.userId, type: "payment_overdue", groupKey: `payment:${payment.id}:overdue`, text: () => overdue }], now);
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

  return { receiveWebhook, replayEarlyEvents };
}
