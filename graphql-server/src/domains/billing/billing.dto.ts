import type { PlanName } from "@clube-coroa/schema";
import type { Payment, PlanSubscription, PromoCode } from "../../generated/prisma/client.js";

/** A charge as she sees it: never any card data beyond the brand and the last four digits. */
export interface PaymentDTO {
  id: number;
  providerPaymentId: string;
  plan: PlanName | null;
  /** The cycle of the subscription it charges (null for a charge without one). */
  billingCycle: PlanSubscription["billingCycle"] | null;
  billingType: Payment["billingType"];
  status: Payment["status"];
  amountCents: number;
  dueDate: string;
  paidAt: string | null;
  invoiceUrl: string | null;
  pix: { qrCodeImage: string; copyPaste: string; expiresAt: string | null } | null;
  boleto: { identificationField: string; bankSlipUrl: string } | null;
  cardBrand: string | null;
  cardLast4: string | null;
  createdAt: string;
}

export interface SubscriptionDTO {
  id: number;
  plan: PlanName;
  billingCycle: PlanSubscription["billingCycle"];
  billingType: PlanSubscription["billingType"];
  status: PlanSubscription["status"];
  priceCents: number;
  discountCents: number;
  promoCode: string | null;
  paidUntil: string | null;
  startedAt: string;
  canceledAt: string | null;
}

/** A @db.Date column as YYYY-MM-DD (Prisma reads it as UTC midnight). */
export const dateOnly = (date: Date) => date.toISOString().slice(0, 10);
/** YYYY-MM-DD as the value a @db.Date column takes. */
export const dateColumn = (day: string) => new Date(`${day}T00:00:00.000Z`);

export function toPaymentDTO(payment: Payment & { subscription?: Pick<PlanSubscription, "plan" | "billingCycle"> | null }): PaymentDTO {
  const unpaid = payment.status === "pending" || payment.status === "overdue";
  return {
    id: payment.id,
    providerPaymentId: payment.asaasPaymentId ?? "",
    plan: payment.subscription?.plan ?? null,
    billingCycle: payment.subscription?.billingCycle ?? null,
    billingType: payment.billingType,
    status: payment.status,
    amountCents: payment.amountCents,
    dueDate: dateOnly(payment.dueDate),
    paidAt: payment.paidAt?.toISOString() ?? null,
    invoiceUrl: payment.invoiceUrl,
    // Instructions only while there is something to pay.
    pix:
      unpaid && payment.pixPayload && payment.pixQrCodeImage
        ? { qrCodeImage: payment.pixQrCodeImage, copyPaste: payment.pixPayload, expiresAt: payment.pixExpiresAt?.toISOString() ?? null }
        : null,
    boleto: unpaid && payment.boletoLine && payment.boletoUrl ? { identificationField: payment.boletoLine, bankSlipUrl: payment.boletoUrl } : null,
    cardBrand: payment.cardBrand,
    cardLast4: payment.cardLast4,
    createdAt: payment.createdAt.toISOString(),
  };
}

export function toSubscriptionDTO(subscription: PlanSubscription & { promoCode?: Pick<PromoCode, "code"> | null }): SubscriptionDTO {
  return {
    id: subscription.id,
    plan: subscription.plan,
    billingCycle: subscription.billingCycle,
    billingType: subscription.billingType,
    status: subscription.status,
    priceCents: subscription.priceCents,
    discountCents: subscription.discountCents,
    promoCode: subscription.promoCode?.code ?? null,
    paidUntil: subscription.paidUntil?.toISOString() ?? null,
    startedAt: subscription.startedAt.toISOString(),
    canceledAt: subscription.canceledAt?.toISOString() ?? null,
  };
}
