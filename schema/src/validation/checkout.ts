// Before any schema is built: the browser's CSP refuses zod's eval probe (validation/jitless.ts).
import "./jitless.js";
import { z } from "zod";
import { inSaoPaulo } from "../calendar.js";
import { BILLING_CYCLES } from "../plans.js";
import { PLANS } from "../constants.js";
import { isValidCpfCnpj } from "./cpf.js";
import { withoutNul } from "./text.js";

/** The checkout's texts: the required ones are the spec's (part 2 section 5), the others in its voice. */
export const CHECKOUT_MESSAGES = {
  nameRequired: "Nome completo é obrigatório",
  emailRequired: "Email é obrigatório",
  phoneRequired: "Telefone é obrigatório",
  cpfRequired: "CPF é obrigatório",
  holderRequired: "Nome do portador do cartão é obrigatório",
  numberRequired: "Número do cartão é obrigatório",
  monthRequired: "Mês de vencimento é obrigatório",
  yearRequired: "Ano de vencimento é obrigatório",
  ccvRequired: "CVV é obrigatório",
  postalCodeRequired: "CEP é obrigatório para pagamento com cartão",
  addressNumberRequired: "Número do endereço é obrigatório para pagamento com cartão",
  missingData: "Dados obrigatórios em falta",
  emailInvalid: "Email inválido",
  phoneInvalid: "Telefone inválido: informe DDD e número",
  cpfInvalid: "CPF ou CNPJ inválido",
  cardInvalid: "Número do cartão inválido",
  monthInvalid: "Mês de vencimento inválido",
  yearInvalid: "Ano de vencimento inválido",
  cardExpired: "Este cartão está vencido",
  ccvInvalid: "CVV inválido",
  postalCodeInvalid: "CEP inválido",
  billingTypeInvalid: "Escolha PIX, Boleto ou Cartão",
  cycleInvalid: "Escolha o ciclo mensal ou anual",
  planInvalid: "Plano inválido",
} as const;

export const BILLING_TYPES = ["PIX", "BOLETO", "CREDIT_CARD"] as const;
export type BillingTypeName = (typeof BILLING_TYPES)[number];

/** Years a card's expiry may be chosen from: this one and the next 9 (spec part 2 section 5). */
export const CARD_EXPIRY_YEARS = 10;
export const CCV_MAX_LENGTH = 4;

/** Luhn's check, which every card number passes. */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

const digitsOf = (value: unknown) => (typeof value === "string" ? value.replace(/\D/g, "") : "");
const required = (message: string) =>
  z.preprocess((v) => (typeof v === "string" ? v.trim() : v), withoutNul(z.string({ error: message }).min(1, message).max(200, message)));

/** A checkout as the browser sends it (REST and GraphQL alike); `now` bounds the card's expiry. */
export function checkoutSchema(now: Date = new Date()) {
  const local = inSaoPaulo(now);
  const thisYear = local.getFullYear();
  const thisMonth = local.getMonth() + 1;
  const card = z
    .object({
      holderName: required(CHECKOUT_MESSAGES.holderRequired),
      number: required(CHECKOUT_MESSAGES.numberRequired).transform(digitsOf).pipe(
        z.string().refine((d) => d.length >= 13 && d.length <= 19 && passesLuhn(d), CHECKOUT_MESSAGES.cardInvalid),
      ),
      expiryMonth: required(CHECKOUT_MESSAGES.monthRequired).pipe(z.string().regex(/^(0[1-9]|1[0-2])$/, CHECKOUT_MESSAGES.monthInvalid)),
      expiryYear: required(CHECKOUT_MESSAGES.yearRequired).pipe(
        z.string().refine((y) => /^\d{4}$/.test(y) && Number(y) >= thisYear && Number(y) < thisYear + CARD_EXPIRY_YEARS, CHECKOUT_MESSAGES.yearInvalid),
      ),
      ccv: required(CHECKOUT_MESSAGES.ccvRequired).pipe(z.string().regex(/^\d{3,4}$/, CHECKOUT_MESSAGES.ccvInvalid)),
    })
    .refine((c) => !(Number(c.expiryYear) === thisYear && Number(c.expiryMonth) < thisMonth), {
      message: CHECKOUT_MESSAGES.cardExpired,
      path: ["expiryMonth"],
    });
  return z
    .object({
      plan: z.enum(PLANS, { error: CHECKOUT_MESSAGES.planInvalid }),
      billingType: z.enum(BILLING_TYPES, { error: CHECKOUT_MESSAGES.billingTypeInvalid }),
      billingCycle: z.enum(BILLING_CYCLES, { error: CHECKOUT_MESSAGES.cycleInvalid }),
      customer: z.object(
        {
          name: required(CHECKOUT_MESSAGES.nameRequired),
          email: required(CHECKOUT_MESSAGES.emailRequired).pipe(z.email(CHECKOUT_MESSAGES.emailInvalid)),
          phone: required(CHECKOUT_MESSAGES.phoneRequired)
            .transform(digitsOf)
            .transform((d) => (d.length > 11 && d.startsWith("55") ? d.slice(2) : d))
            .pipe(z.string().regex(/^\d{10,11}$/, CHECKOUT_MESSAGES.phoneInvalid)),
          cpfCnpj: required(CHECKOUT_MESSAGES.cpfRequired).transform(digitsOf).pipe(z.string().refine(isValidCpfCnpj, CHECKOUT_MESSAGES.cpfInvalid)),
          postalCode: z.preprocess((v) => (v === null || v === "" ? undefined : v), z.string().max(20).optional()).transform((v) => (v === undefined ? undefined : digitsOf(v))),
          addressNumber: z.preprocess((v) => (v === null || v === "" ? undefined : v), withoutNul(z.string().trim().max(20)).optional()),
        },
        { error: CHECKOUT_MESSAGES.missingData },
      ),
      creditCard: z.preprocess((v) => (v === null ? undefined : v), card.optional()),
      promoCode: z.preprocess((v) => (v === null ? undefined : v), withoutNul(z.string().max(40)).optional()),
      /** 'Salvar este e-mail no meu perfil': the customer's e-mail becomes her profile's once the checkout is created. */
      saveEmailToProfile: z.preprocess((v) => (v === null ? undefined : v), z.boolean().optional()),
    })
    .superRefine((input, ctx) => {
      if (input.billingType !== "CREDIT_CARD") return;
      if (!input.creditCard) ctx.addIssue({ code: "custom", path: ["creditCard", "number"], message: CHECKOUT_MESSAGES.numberRequired });
      // The card holder's CEP and house number: when absent, the server takes them from her profile.
      const cep = input.customer.postalCode;
      if (cep && cep.length !== 8) ctx.addIssue({ code: "custom", path: ["customer", "postalCode"], message: CHECKOUT_MESSAGES.postalCodeInvalid });
    });
}

export type CheckoutInput = z.output<ReturnType<typeof checkoutSchema>>;
export type CardInput = NonNullable<CheckoutInput["creditCard"]>;
