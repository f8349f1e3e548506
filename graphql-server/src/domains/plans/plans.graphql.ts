import { annualSavingCents, CHECKOUT_FEATURES, COMING_SOON_PLANS, PLAN_BADGE_COLOUR, PLAN_FEATURES, PLAN_LABELS, PLANS, priceOf, type PlanName } from "@clube-coroa/schema";
import { builder, requireUser } from "../../builder.js";
import { AppError } from "../../lib/errors.js";
import { PlanEnum } from "../users/users.graphql.js";
import type { PromoCheck } from "./plans.service.js";

const PlanInfo = builder.objectRef<PlanName>("PlanInfo").implement({
  description: "A plan as the plans section and the checkout show it; prices in integer cents.",
  fields: (t) => ({
    plan: t.field({ type: PlanEnum, resolve: (plan) => plan }),
    label: t.string({ resolve: (plan) => PLAN_LABELS[plan] }),
    badgeColour: t.string({ description: "gray, blue, orange or pink.", resolve: (plan) => PLAN_BADGE_COLOUR[plan] }),
    comingSoon: t.boolean({ description: "Announced, not yet sold ('EM BREVE').", resolve: (plan) => COMING_SOON_PLANS.includes(plan) }),
    monthlyCents: t.int({ resolve: (plan) => priceOf(plan, "monthly").chargeCents }),
    annualPerMonthCents: t.int({ resolve: (plan) => priceOf(plan, "annual").perMonthCents }),
    annualCents: t.int({ description: "One year's charge on the annual cycle.", resolve: (plan) => priceOf(plan, "annual").chargeCents }),
    annualSavingCents: t.int({ description: "12 × monthly − 12 × annual per month.", resolve: (plan) => annualSavingCents(plan) }),
    features: t.stringList({ description: "The plans section's list.", resolve: (plan) => [...PLAN_FEATURES[plan]] }),
    checkoutFeatures: t.stringList({ description: "The checkout's list.", resolve: (plan) => [...CHECKOUT_FEATURES[plan]] }),
  }),
});

builder.queryField("plans", (t) =>
  t.field({
    type: [PlanInfo],
    description: "The four plans in rank order, with their prices and features.",
    resolve: () => [...PLANS],
  }),
);

const PromoValidation = builder.objectRef<PromoCheck>("PromoValidation").implement({
  description: "Whether a promo code applies to a plan now; when not, `error` says why.",
  fields: (t) => ({
    valid: t.exposeBoolean("valid"),
    code: t.string({ nullable: true, resolve: (p) => (p.valid ? p.code : null) }),
    description: t.string({ nullable: true, resolve: (p) => (p.valid ? p.description : null) }),
    monthlyDiscountCents: t.int({ resolve: (p) => (p.valid ? p.monthlyDiscountCents : 0) }),
    annualDiscountCents: t.int({ resolve: (p) => (p.valid ? p.annualDiscountCents : 0) }),
    error: t.string({ nullable: true, resolve: (p) => (p.valid ? null : p.error) }),
  }),
});

builder.queryField("validatePromoCode", (t) =>
  t.field({
    type: PromoValidation,
    args: { code: t.arg.string({ required: true }), plan: t.arg({ type: PlanEnum, required: true }) },
    errors: { types: [AppError], directResult: true, union: { name: "ValidatePromoCodeResult" } },
    resolve: (_root, { code, plan }, ctx) => ctx.services.plans.validatePromoCode(requireUser(ctx), { code, plan }),
  }),
);
