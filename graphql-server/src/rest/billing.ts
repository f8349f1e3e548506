import { ERROR_TEXTS, reaisFromCents } from "@clube-coroa/schema";
import { Router } from "express";
import { z } from "zod";
import type { PaymentDTO } from "../domains/billing/billing.dto.js";
import { toProfileDTO } from "../domains/users/profile.service.js";
import { toUserDTO } from "../domains/users/users.service.js";
import { AppError } from "../lib/errors.js";
import { idOr, requireMember } from "../lib/http.js";
import type { Services } from "../services.js";
import { parseBody } from "./auth.js";

const planBody = z.object({ plan: z.string() });

/** The spec's `paymentInstructions`: value in reais, dueDate yyyy-mm-dd, PIX or boleto details. */
export function paymentInstructions(payment: PaymentDTO) {
  return {
    paymentId: payment.providerPaymentId,
    billingType: payment.billingType,
    value: reaisFromCents(payment.amountCents),
    dueDate: payment.dueDate,
    status: payment.status,
    ...(payment.invoiceUrl ? { invoiceUrl: payment.invoiceUrl } : {}),
    ...(payment.pix ? { pix: payment.pix } : {}),
    ...(payment.boleto ? { boleto: payment.boleto } : {}),
    ...(payment.cardLast4 ? { card: { brand: payment.cardBrand, last4: payment.cardLast4 } } : {}),
  };
}

/** Subscriptions, payments, the provider's webhook and imperatriz interest (spec part 2 section 7). */
export function billingRoutes(services: Services) {
  const router = Router();
  const { billing } = services;

  router.post("/subscriptions/create", async (req, res) => {
    const outcome = await billing.createSubscription(requireMember(req), req.body ?? {}, { ip: req.ip });
    res.json({ success: true, message: outcome.message, isMigration: outcome.isMigration, paymentInstructions: paymentInstructions(outcome.payment) });
  });

  router.post("/subscriptions/cancel", async (req, res) => {
    const saved = await billing.cancelSubscription(requireMember(req), { ip: req.ip });
    res.json({ success: true, message: "Assinatura cancelada", user: toProfileDTO(saved) });
  });

  router.get("/subscriptions/user", async (req, res) => {
    res.json({ subscription: await billing.mySubscription(requireMember(req)) });
  });

  router.get("/payments/user", async (req, res) => {
    const payments = await billing.myPayments(requireMember(req));
    res.json({ payments: payments.map((p) => ({ ...paymentInstructions(p), createdAt: p.createdAt, paidAt: p.paidAt, plan: p.plan })) });
  });

  router.patch("/users/:id/plan", async (req, res) => {
    const actor = requireMember(req);
    const { plan } = parseBody(planBody, req.body);
    const targetId = idOr(req.params.id, () => new AppError("NOT_FOUND", ERROR_TEXTS.memberNotFound));
    const user = await billing.changePlanByMember(actor, targetId, plan, { ip: req.ip });
    res.json({ success: true, user: toUserDTO(user) });
  });

  // The client sends {userId, email, fullName, phone, currentPlan}; all of it is read from her session and record.
  router.post("/imperatriz-interested", async (req, res) => {
    const interest = await billing.registerImperatrizInterest(requireMember(req));
    if (interest.alreadyRegistered) throw new AppError("ALREADY_REGISTERED");
    res.status(201).json({ success: true, registeredAt: interest.registeredAt });
  });

  // ASAAS calls this with the token of its webhook settings; no session, no cookies.
  router.post("/webhooks/asaas", async (req, res) => {
    const { outcome } = await billing.receiveWebhook(req.get("asaas-access-token"), req.body);
    res.json({ received: true, outcome });
  });

  // The local provider's demo control: 404 unless the local provider is active (and never in production).
  router.post("/dev/payments/:paymentId/confirm", async (req, res) => {
    const payment = await billing.confirmDemoPayment(requireMember(req), String(req.params.paymentId));
    res.json({ success: true, payment: paymentInstructions(payment) });
  });

  return router;
}
