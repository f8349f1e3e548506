import { ERROR_TEXTS } from "@clube-coroa/schema";
import { AppError } from "../../lib/errors.js";
import { dateOnly, toPaymentDTO, toSubscriptionDTO, type PaymentDTO, type SubscriptionDTO } from "./billing.dto.js";
import { type BillingContext, UNPAID } from "./shared.js";

/** Reading her subscription and payments, the Imperatriz interest, the demo confirmation. */
export function createBillingReads(ctx: BillingContext) {
  const { prisma, clock } = ctx;

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
    if (!ctx.confirmLocally) throw new AppError("NOT_FOUND", ERROR_TEXTS.routeNotFound);
    const payment = await prisma.payment.findUnique({ where: { asaasPaymentId: providerPaymentId.slice(0, 200) }, include: { subscription: true } });
    if (!payment || (payment.userId !== user.id && user.role !== "superuser")) throw new AppError("NOT_FOUND", ERROR_TEXTS.paymentNotFound);
    if (!UNPAID.includes(payment.status)) throw new AppError("PAYMENT_NOT_PENDING");
    await ctx.confirmLocally({
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

  return { mySubscription, myPayments, registerImperatrizInterest, confirmDemoPayment };
}
