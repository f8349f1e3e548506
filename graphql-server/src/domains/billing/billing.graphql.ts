import { BILLING_CYCLES, BILLING_TYPES } from "@clube-coroa/schema";
import { builder, requireUser } from "../../builder.js";
import { AppError } from "../../lib/errors.js";
import { ProfileRef } from "../users/profile.graphql.js";
import { toProfileDTO } from "../users/profile.service.js";
import { PlanEnum } from "../users/users.graphql.js";
import type { CheckoutOutcome } from "./billing.service.js";
import type { PaymentDTO, SubscriptionDTO } from "./billing.dto.js";

const BillingCycleEnum = builder.enumType("BillingCycle", { values: BILLING_CYCLES });
const BillingTypeEnum = builder.enumType("BillingType", { values: BILLING_TYPES });
const SubscriptionStatusEnum = builder.enumType("SubscriptionStatus", { values: ["pending", "active", "overdue", "canceled"] as const });
const PaymentStatusEnum = builder.enumType("PaymentStatus", {
  values: ["pending", "confirmed", "received", "overdue", "refunded", "canceled"] as const,
});

const PixInstructions = builder.objectRef<NonNullable<PaymentDTO["pix"]>>("PixInstructions").implement({
  fields: (t) => ({
    qrCodeImage: t.exposeString("qrCodeImage", { description: "The QR code as a data:image/png;base64 URL." }),
    copyPaste: t.exposeString("copyPaste", { description: "PIX copia e cola." }),
    expiresAt: t.exposeString("expiresAt", { nullable: true }),
  }),
});

const BoletoInstructions = builder.objectRef<NonNullable<PaymentDTO["boleto"]>>("BoletoInstructions").implement({
  fields: (t) => ({
    identificationField: t.exposeString("identificationField", { description: "The digitable line." }),
    bankSlipUrl: t.exposeString("bankSlipUrl", { description: "The boleto's PDF." }),
  }),
});

const PaymentRef = builder.objectRef<PaymentDTO>("Payment").implement({
  description: "One of her charges; amounts in integer cents. Card data: only the brand and the last four digits.",
  fields: (t) => ({
    id: t.exposeInt("id"),
    providerPaymentId: t.exposeString("providerPaymentId"),
    plan: t.field({ type: PlanEnum, nullable: true, resolve: (p) => p.plan }),
    billingCycle: t.field({ type: BillingCycleEnum, nullable: true, description: "The cycle of the subscription it charges.", resolve: (p) => p.billingCycle }),
    billingType: t.field({ type: BillingTypeEnum, resolve: (p) => p.billingType }),
    status: t.field({ type: PaymentStatusEnum, resolve: (p) => p.status }),
    amountCents: t.exposeInt("amountCents"),
    dueDate: t.exposeString("dueDate", { description: "yyyy-mm-dd" }),
    paidAt: t.exposeString("paidAt", { nullable: true }),
    invoiceUrl: t.exposeString("invoiceUrl", { nullable: true }),
    pix: t.field({ type: PixInstructions, nullable: true, resolve: (p) => p.pix }),
    boleto: t.field({ type: BoletoInstructions, nullable: true, resolve: (p) => p.boleto }),
    cardBrand: t.exposeString("cardBrand", { nullable: true }),
    cardLast4: t.exposeString("cardLast4", { nullable: true }),
    createdAt: t.exposeString("createdAt"),
  }),
});

const MemberSubscriptionRef = builder.objectRef<SubscriptionDTO>("MemberSubscription").implement({
  description: "A subscription of hers to a paid plan; prices in integer cents.",
  fields: (t) => ({
    id: t.exposeInt("id"),
    plan: t.field({ type: PlanEnum, resolve: (s) => s.plan }),
    billingCycle: t.field({ type: BillingCycleEnum, resolve: (s) => s.billingCycle }),
    billingType: t.field({ type: BillingTypeEnum, resolve: (s) => s.billingType }),
    status: t.field({ type: SubscriptionStatusEnum, resolve: (s) => s.status }),
    priceCents: t.exposeInt("priceCents", { description: "One charge after the promo." }),
    discountCents: t.exposeInt("discountCents"),
    promoCode: t.exposeString("promoCode", { nullable: true }),
    paidUntil: t.exposeString("paidUntil", { nullable: true, description: "End of the period her confirmed payments cover." }),
    startedAt: t.exposeString("startedAt"),
    canceledAt: t.exposeString("canceledAt", { nullable: true }),
  }),
});

const CheckoutResult = builder.objectRef<CheckoutOutcome>("CheckoutResult").implement({
  description: "A checkout accepted: pay with `payment`'s instructions; the plan starts when the provider confirms it.",
  fields: (t) => ({
    message: t.exposeString("message"),
    isMigration: t.exposeBoolean("isMigration"),
    subscription: t.field({ type: MemberSubscriptionRef, resolve: (o) => o.subscription }),
    payment: t.field({ type: PaymentRef, resolve: (o) => o.payment }),
  }),
});

const CheckoutCustomerInput = builder.inputType("CheckoutCustomerInput", {
  fields: (t) => ({
    name: t.string({ required: true }),
    email: t.string({ required: true }),
    phone: t.string({ required: true }),
    cpfCnpj: t.string({ required: true }),
    postalCode: t.string({ description: "CEP: required for card payments." }),
    addressNumber: t.string({ description: "House number: required for card payments." }),
  }),
});

const CreditCardInput = builder.inputType("CreditCardInput", {
  description: "Sent to the payment provider and nowhere else: never stored or logged.",
  fields: (t) => ({
    holderName: t.string({ required: true }),
    number: t.string({ required: true }),
    expiryMonth: t.string({ required: true }),
    expiryYear: t.string({ required: true }),
    ccv: t.string({ required: true }),
  }),
});

const CreateSubscriptionInput = builder.inputType("CreateSubscriptionInput", {
  fields: (t) => ({
    plan: t.field({ type: PlanEnum, required: true }),
    billingCycle: t.field({ type: BillingCycleEnum, required: true }),
    billingType: t.field({ type: BillingTypeEnum, required: true }),
    customer: t.field({ type: CheckoutCustomerInput, required: true }),
    creditCard: t.field({ type: CreditCardInput }),
    promoCode: t.string(),
    saveEmailToProfile: t.boolean({ description: "Keep customer.email as her profile's e-mail once the checkout is created." }),
  }),
});

const ImperatrizInterest = builder.objectRef<{ alreadyRegistered: boolean; registeredAt: string }>("ImperatrizInterest").implement({
  fields: (t) => ({
    alreadyRegistered: t.exposeBoolean("alreadyRegistered"),
    registeredAt: t.exposeString("registeredAt"),
  }),
});

builder.queryField("paymentsProvider", (t) =>
  t.string({
    description: "local (simulated payments) or asaas.",
    resolve: (_root, _args, ctx) => ctx.services.billing.providerKind,
  }),
);

builder.queryField("demoPayments", (t) =>
  t.boolean({
    description: "Whether the payment screen offers the demo control that confirms a simulated payment (local provider, outside production).",
    resolve: (_root, _args, ctx) => ctx.services.billing.demoConfirmations,
  }),
);

builder.queryField("mySubscription", (t) =>
  t.field({
    type: MemberSubscriptionRef,
    nullable: true,
    description: "The subscription that gives her current plan; null on nobreza.",
    resolve: (_root, _args, ctx) => ctx.services.billing.mySubscription(requireUser(ctx)),
  }),
);

builder.queryField("myPayments", (t) =>
  t.field({
    type: [PaymentRef],
    description: "Her latest 50 charges, newest first; unpaid ones carry their PIX or boleto instructions.",
    resolve: (_root, _args, ctx) => ctx.services.billing.myPayments(requireUser(ctx)),
  }),
);

builder.mutationField("createSubscription", (t) =>
  t.field({
    type: CheckoutResult,
    args: { input: t.arg({ type: CreateSubscriptionInput, required: true }) },
    description: "Checkout (also a migration from another paid plan). The plan changes only when the provider confirms the payment.",
    errors: { types: [AppError], directResult: true, union: { name: "CreateSubscriptionResult" } },
    resolve: (_root, { input }, ctx) => ctx.services.billing.createSubscription(requireUser(ctx), input, { ip: ctx.meta.ip }),
  }),
);

builder.mutationField("cancelSubscription", (t) =>
  t.field({
    type: ProfileRef,
    description: "Paid plans only: her provider subscription ends and her plan moves to nobreza at once.",
    errors: { types: [AppError], directResult: true, union: { name: "CancelSubscriptionResult" } },
    resolve: async (_root, _args, ctx) => toProfileDTO(await ctx.services.billing.cancelSubscription(requireUser(ctx), { ip: ctx.meta.ip })),
  }),
);

builder.mutationField("registerImperatrizInterest", (t) =>
  t.field({
    type: ImperatrizInterest,
    description: "'Notificar quando disponível': once per member; again answers alreadyRegistered.",
    errors: { types: [AppError], directResult: true, union: { name: "RegisterImperatrizInterestResult" } },
    resolve: (_root, _args, ctx) => ctx.services.billing.registerImperatrizInterest(requireUser(ctx)),
  }),
);

builder.subscriptionField("paymentUpdated", (t) =>
  t.field({
    type: PaymentRef,
    authScopes: { member: true },
    description: "Her payments as their state changes (created, confirmed, overdue...).",
    subscribe: (_root, _args, ctx) => ctx.services.billing.paymentsOf(requireUser(ctx).id),
    resolve: (payload: PaymentDTO) => payload,
  }),
);
