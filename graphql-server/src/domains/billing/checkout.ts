import { businessDaysAfterInSaoPaulo, CHECKOUT_MESSAGES, type CheckoutInput, checkoutSchema, COMING_SOON_PLANS, ERROR_TEXTS, PLAN_LABELS, priceOf, PRODUCT_NAME, todayInSaoPaulo } from "@clube-coroa/schema";
import type { z } from "zod";
import { AppError } from "../../lib/errors.js";
import { assertAllowed } from "../../lib/rate-limit.js";
import type { Logger } from "../../lib/log.js";
import { PaymentProviderError } from "../../providers/payments/payments.js";
import { dateColumn, toPaymentDTO, toSubscriptionDTO } from "./billing.dto.js";
import { type BillingContext, type CheckoutOutcome, LIVE_SUBSCRIPTION, lockProviderKey, MIN_CHARGE_CENTS } from "./shared.js";

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
 * Checkout (also migration). The order of a migration (docs/decisions/0058-migration-from-a-paid-plan-to-any-other-paid-plan-or-cycle-u.md): the current
 * provider subscription is cancelled first (if that fails nothing else happens: 'Erro na migração'),
 * her plan holds until the period she paid for ends, and the new plan starts when its first payment
 * is confirmed. `replayEarlyEvents` applies the webhook's events that came before the payment was written.
 */
export function createCheckout(ctx: BillingContext, replayEarlyEvents: (providerPaymentId: string) => Promise<void>) {
  const { prisma, clock, log, bus, provider, plans, planWriter, audit, cancelAtProvider, endSubscriptions } = ctx;
  /** Members with a checkout under way on this instance: a double click gets a clear refusal. */
  const checkoutsUnderWay = new Set<number>();

  async function createSubscription(user: { id: number }, raw: unknown, meta: { ip?: string } = {}): Promise<CheckoutOutcome> {
    const parsed = checkoutSchema(clock.now()).safeParse(raw);
    if (!parsed.success) throw validationError(parsed.error);
    const input = parsed.data;
    if (input.plan === "nobreza") throw new AppError("VALIDATION", ERROR_TEXTS.nobrezaIsFree);
    if (COMING_SOON_PLANS.includes(input.plan)) throw new AppError("PLAN_NOT_AVAILABLE");
    if (checkoutsUnderWay.has(user.id)) throw new AppError("CHECKOUT_IN_PROGRESS");
    // Each checkout creates and cancels records at the provider: counted per member.
    await assertAllowed(ctx.checkoutLimiter, user.id);
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

  return { createSubscription };
}
