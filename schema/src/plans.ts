import { PLAN_PRICES_CENTS, PLANS, type PlanName } from "./constants.js";

/**
 * Plans and every price the product shows or charges (spec part 2 sections 6 and 9). Money is in
 * integer cents everywhere; only the REST answers of the spec turn it into reais (`reaisFromCents`).
 */

export const BILLING_CYCLES = ["monthly", "annual"] as const;
export type BillingCycle = (typeof BILLING_CYCLES)[number];

/** Plan badges: the plan's name in upper case on its colour (spec part 2 section 3). */
export const PLAN_BADGE_COLOUR: Record<PlanName, "gray" | "blue" | "orange" | "pink"> = {
  nobreza: "gray",
  alteza: "blue",
  majestade: "orange",
  imperatriz: "pink",
};

/** Announced, not yet sold: its card says 'EM BREVE' and members may register interest. */
export const COMING_SOON_PLANS: readonly PlanName[] = ["imperatriz"];

/** What each plan offers, as the plans section lists it (spec part 2 section 6). */
export const PLAN_FEATURES: Record<PlanName, readonly string[]> = {
  nobreza: ["Biblioteca educacional", "Programa de bem-estar", "Networking básico"],
  alteza: ["Tudo do Nobreza", "2 permutas por mês", "2 projetos de colaboração por mês", "Clube do livro", "Masterclasses ao vivo"],
  majestade: ["Tudo do Alteza", "Permutas e collabs ilimitadas", "Parcerias corporativas", "Mentoria", "Eventos VIP"],
  imperatriz: ["Tudo do Majestade", "Banner promocional", "Suporte prioritário"],
};

/** What each plan allows on the board, as the checkout lists it (spec part 2 section 6). */
export const CHECKOUT_FEATURES: Record<PlanName, readonly string[]> = {
  nobreza: ["Ofertas de APOIO", "Perfil básico", "Mensagens limitadas"],
  alteza: ["APOIO ilimitado", "2 PERMUTAS por mês", "Chat ilimitado"],
  majestade: ["Tudo do Alteza", "COLLAB ilimitado", "Perfil em destaque"],
  imperatriz: ["Tudo do Majestade", "Banner promocional", "Suporte prioritário"],
};

/** A promo code's discounts, in cents: off each month of a monthly plan, and off a whole year. */
export interface PromoDiscount {
  monthlyDiscountCents: number;
  annualDiscountCents: number;
}

export interface Price {
  plan: PlanName;
  cycle: BillingCycle;
  /** The plan's price per month on this cycle before any promo. */
  listPerMonthCents: number;
  /** What she pays per month on this cycle after the promo (an annual year's charge over 12). */
  perMonthCents: number;
  /** What one charge is: a month on the monthly cycle, a year on the annual one. */
  chargeCents: number;
  /** What the promo takes off one charge. */
  discountCents: number;
}

const nonNegativeCents = (value: number) => Math.max(0, Math.round(value));

/**
 * The price of a plan on a cycle, after a promo (spec part 2 section 9): on the monthly cycle the
 * monthly discount comes off each month; on the annual cycle annualDiscount / 12 comes off each
 * month, that is annualDiscount off the year's charge; never below 0. The annual charge is counted
 * on the whole year, so twelve months are charged exactly; the per-month figure shown for it is
 * that charge over 12, to the nearest cent.
 */
export function priceOf(plan: PlanName, cycle: BillingCycle, promo?: PromoDiscount | null): Price {
  const list = PLAN_PRICES_CENTS[plan];
  if (cycle === "monthly") {
    const chargeCents = nonNegativeCents(list.monthly - (promo?.monthlyDiscountCents ?? 0));
    return { plan, cycle, listPerMonthCents: list.monthly, perMonthCents: chargeCents, chargeCents, discountCents: list.monthly - chargeCents };
  }
  const listYear = 12 * list.annualPerMonth;
  const chargeCents = nonNegativeCents(listYear - (promo?.annualDiscountCents ?? 0));
  return {
    plan,
    cycle,
    listPerMonthCents: list.annualPerMonth,
    perMonthCents: Math.round(chargeCents / 12),
    chargeCents,
    discountCents: listYear - chargeCents,
  };
}

/** What a year on the annual cycle saves against twelve monthly payments: 12 × monthly − 12 × annual. */
export function annualSavingCents(plan: PlanName): number {
  const list = PLAN_PRICES_CENTS[plan];
  return 12 * list.monthly - 12 * list.annualPerMonth;
}

/** Every plan's list prices on both cycles, for the plans section and modal. */
export function planPrices() {
  return PLANS.map((plan) => ({
    plan,
    monthly: priceOf(plan, "monthly"),
    annual: priceOf(plan, "annual"),
    annualSavingCents: annualSavingCents(plan),
  }));
}

/** Plan names as members read them. */
export const PLAN_LABELS: Record<PlanName, string> = { nobreza: "Nobreza", alteza: "Alteza", majestade: "Majestade", imperatriz: "Imperatriz" };

/** Why a promo code does not apply (spec part 2 section 8: the server's error is shown as it is). */
export const PROMO_MESSAGES = {
  invalid: "Código promocional inválido",
  notYet: "Este código promocional ainda não está valendo",
  expired: "Este código promocional expirou",
  usedUp: "Este código promocional já foi usado o máximo de vezes",
  wrongPlan: (plan: PlanName) => `Este código promocional não vale para o plano ${PLAN_LABELS[plan]}`,
  notSold: "Códigos promocionais valem só para os planos Alteza e Majestade",
} as const;

/** A promo code as typed: trimmed and upper-cased (spec part 2 section 5). */
export const normalisedPromoCode = (code: string) => code.trim().toUpperCase();

/** Reais as a number, for the spec's REST answers (`value`); never used in arithmetic. */
export const reaisFromCents = (cents: number) => cents / 100;
