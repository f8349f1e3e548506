import {
  applyMask,
  CARD_EXPIRY_YEARS,
  CCV_MAX_LENGTH,
  CHECKOUT_MESSAGES,
  checkoutSchema,
  normalisedPromoCode,
  yearInSaoPaulo,
  type BillingCycle,
  type PlanName,
} from "@clube-coroa/schema";
import type { BillingType, CreateSubscriptionInput } from "../../gql/graphql";

export interface CheckoutValues {
  name: string;
  email: string;
  phone: string;
  cpfCnpj: string;
  holderName: string;
  number: string;
  expiryMonth: string;
  expiryYear: string;
  ccv: string;
  postalCode: string;
  addressNumber: string;
}

export type CheckoutField = keyof CheckoutValues;
export type CheckoutErrors = Partial<Record<CheckoutField, string>>;

/** Fields in screen order: the first with a message gets the focus, the toast lists them in this order. */
export const CHECKOUT_FIELDS = [
  "name",
  "email",
  "phone",
  "cpfCnpj",
  "holderName",
  "number",
  "expiryMonth",
  "expiryYear",
  "ccv",
  "postalCode",
  "addressNumber",
] as const satisfies readonly CheckoutField[];

const isField = (key: unknown): key is CheckoutField => (CHECKOUT_FIELDS as readonly unknown[]).includes(key);

export const CVV_MAX = CCV_MAX_LENGTH;
const CARD_DIGITS_MAX = 19;

export const onlyDigits = (value: string) => value.replace(/\D/g, "");

/** Groups of four digits, up to 19 digits (the longest card numbers). */
export const formatCardNumber = (value: string) => applyMask("#### #### #### #### ###", onlyDigits(value).slice(0, CARD_DIGITS_MAX));

export const formatCvv = (value: string) => onlyDigits(value).slice(0, CVV_MAX);

/** A stored phone as she reads it: Brazil's 55 dropped and the national mask applied. */
export function displayPhone(stored: string | null | undefined): string {
  const digits = onlyDigits(stored ?? "");
  const national = digits.length >= 12 && digits.startsWith("55") ? digits.slice(2) : digits;
  if (national.length === 11) return applyMask("(##) #####-####", national);
  if (national.length === 10) return applyMask("(##) ####-####", national);
  return digits;
}

/** Expiry month options '01' to '12' (spec part 2 section 5). */
export const EXPIRY_MONTHS = Array.from({ length: 12 }, (_, i) => String(i + 1).padStart(2, "0"));

/** Expiry year options: this year on the product's calendar and the next 9 (spec part 2 section 5). */
export function expiryYears(now: Date = new Date()): string[] {
  const year = yearInSaoPaulo(now.getTime());
  return Array.from({ length: CARD_EXPIRY_YEARS }, (_, i) => String(year + i));
}

export interface CheckoutChoice {
  plan: PlanName;
  billingCycle: BillingCycle;
  billingType: BillingType;
  /** A promo code to send, already upper-cased, or null. */
  promoCode: string | null;
}

/** What createSubscription receives: digits for the masked fields; card data only when paying by card. */
export function checkoutInput(values: CheckoutValues, choice: CheckoutChoice): CreateSubscriptionInput {
  const card = choice.billingType === "CREDIT_CARD";
  return {
    plan: choice.plan,
    billingCycle: choice.billingCycle,
    billingType: choice.billingType,
    promoCode: choice.promoCode ? normalisedPromoCode(choice.promoCode) : null,
    customer: {
      name: values.name.trim(),
      email: values.email.trim(),
      phone: onlyDigits(values.phone),
      cpfCnpj: onlyDigits(values.cpfCnpj),
      // Left empty, the server takes the card holder's CEP and number from her profile.
      postalCode: card ? onlyDigits(values.postalCode) || null : null,
      addressNumber: card ? values.addressNumber.trim() || null : null,
    },
    creditCard: card
      ? {
          holderName: values.holderName.trim(),
          number: onlyDigits(values.number),
          expiryMonth: values.expiryMonth,
          expiryYear: values.expiryYear,
          ccv: values.ccv,
        }
      : null,
  };
}

/**
 * The checkout's messages by field, from the same zod schema the server checks with (spec part 2
 * section 5): the required ones, then the shape of what was typed; card fields only for card.
 */
export function checkoutErrors(input: CreateSubscriptionInput, now: Date = new Date()): CheckoutErrors {
  const parsed = checkoutSchema(now).safeParse(input);
  if (parsed.success) return {};
  const errors: CheckoutErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path.at(-1);
    if (isField(field) && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

const REQUIRED_MESSAGES = new Set<string>(
  Object.entries(CHECKOUT_MESSAGES)
    .filter(([key]) => key.endsWith("Required"))
    .map(([, message]) => message),
);

/** The "é obrigatório" messages in screen order: the 'Dados obrigatórios em falta' toast's list. */
export function missingMessages(errors: CheckoutErrors): string[] {
  return CHECKOUT_FIELDS.map((field) => errors[field]).filter((message): message is string => !!message && REQUIRED_MESSAGES.has(message));
}

/** The field a server's fieldErrors entry names ('customer.cpfCnpj', 'cpfCnpj', 'creditCard.number'...). */
export function fieldOf(path: string): CheckoutField | null {
  const last = path.split(".").at(-1);
  return isField(last) ? last : null;
}
