import { randomBytes, randomInt } from "node:crypto";
import { dayInSaoPaulo, isValidCpfCnpj } from "@clube-coroa/schema";
import type { Logger } from "../../lib/log.js";
import { asaasDateTime, PAYMENT_MESSAGES, reaisFromCentsExact } from "./asaas.js";
import {
  PaymentProviderError,
  type AsaasWebhookEvent,
  type CreatedSubscription,
  type CreateSubscriptionInput,
  type PaymentProvider,
  type ProviderBillingType,
  type ProviderPayment,
} from "./payments.js";

export interface LocalPaymentOptions {
  now: () => Date;
  /** Hands an event to our own webhook route, as ASAAS would POST it. */
  deliver: (event: AsaasWebhookEvent) => Promise<void>;
  log?: Logger;
}

/** A charge the local provider is asked to confirm: billing's own record of it (the provider keeps none). */
export interface LocalPaymentToConfirm {
  id: string;
  subscriptionId: string | null;
  customerId?: string | null;
  billingType: ProviderBillingType;
  valueCents: number;
  dueDate: string;
  externalReference?: string | null;
  /** Brand and last four digits of a card charge, when billing kept them. */
  card?: { brand: string | null; last4: string | null } | null;
}

type AsaasPaymentObject = NonNullable<AsaasWebhookEvent["payment"]>;

/** How long a simulated PIX code lives. */
const PIX_LIFETIME_MS = 24 * 60 * 60 * 1000;
/** The made-up PIX codes point here: `.invalid` is a reserved top-level domain, so no bank app resolves it. */
const PIX_LOCATION_HOST = "pix.simulado.invalid";
/** Card numbers ending in these digits are refused, as a declined card would be (a demo of the refusal path). */
const REFUSED_CARD_SUFFIX = "0002";

/** An id in ASAAS's shape with a marker of its origin and 96 random bits: `sub_local_…`, `pay_local_…`. */
const localId = (prefix: "sub" | "cus" | "pay") => `${prefix}_local_${randomBytes(12).toString("hex")}`;

// ---- PIX "copia e cola" (BR Code, EMV® QRCPS-MPM as the Banco Central's manual specifies) ----

const emv = (id: string, value: string) => `${id}${String(value.length).padStart(2, "0")}${value}`;

/** CRC-16/CCITT-FALSE (polynomial 0x1021, initial 0xFFFF), four upper-case hex digits: the BR Code's field 63. */
export function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, "utf8")) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, "0");
}

/**
 * A dynamic BR Code (point of initiation 12, location URL in field 26-25, txid "***" as dynamic codes
 * carry) for an amount in cents, ending in its CRC16. Well formed; payable nowhere.
 */
export function pixCopyPaste({ location, amountCents, merchantName, merchantCity }: {
  location: string;
  amountCents: number;
  merchantName: string;
  merchantCity: string;
}): string {
  const amount = reaisFromCentsExact(amountCents).toFixed(2);
  const body =
    emv("00", "01") +
    emv("01", "12") +
    emv("26", emv("00", "br.gov.bcb.pix") + emv("25", location)) +
    emv("52", "0000") +
    emv("53", "986") +
    emv("54", amount) +
    emv("58", "BR") +
    emv("59", merchantName.slice(0, 25)) +
    emv("60", merchantCity.slice(0, 15)) +
    emv("62", emv("05", "***")) +
    "6304";
  return body + crc16(body);
}

/** A real QR code of `text`, as a PNG data URL (qrcode loaded with the first one: issue 25). */
export const qrCodePng = async (text: string) => (await import("qrcode")).default.toDataURL(text, { type: "image/png", errorCorrectionLevel: "M", margin: 2, scale: 6 });

// ---- Boleto: a 44-digit barcode and its 47-digit digitable line (FEBRABAN layout, check digits computed) ----

function mod10(digits: string): number {
  let sum = 0;
  for (let i = digits.length - 1, weight = 2; i >= 0; i--, weight = weight === 2 ? 1 : 2) {
    const product = Number(digits[i]) * weight;
    sum += Math.floor(product / 10) + (product % 10);
  }
  return (10 - (sum % 10)) % 10;
}

function mod11(digits: string): number {
  let sum = 0;
  for (let i = digits.length - 1, weight = 2; i >= 0; i--, weight = weight === 9 ? 2 : weight + 1) sum += Number(digits[i]) * weight;
  const dv = 11 - (sum % 11);
  return dv === 0 || dv === 10 || dv === 11 ? 1 : dv;
}

/** Days since 1997-10-07, restarting at 1000 on 2025-02-22 (the factor's rollover). */
function dueFactor(dueDate: string): string {
  const [year, month, day] = dueDate.split("-").map(Number);
  const days = Math.round((Date.UTC(year, month - 1, day) - Date.UTC(1997, 9, 7)) / 86_400_000);
  return String((((days - 1000) % 9000) + 9000) % 9000 + 1000);
}

/** A boleto's barcode and digitable line (digits only, as ASAAS's identificationField) for a due date and amount. */
export function boletoCodes({ bankCode, dueDate, valueCents, freeField = randomDigits(25) }: {
  bankCode: string;
  dueDate: string;
  valueCents: number;
  freeField?: string;
}): { barCode: string; identificationField: string } {
  const head = `${bankCode.padStart(3, "0").slice(-3)}9`;
  const tail = `${dueFactor(dueDate)}${String(valueCents).padStart(10, "0").slice(-10)}`;
  const dv = mod11(`${head}${tail}${freeField}`);
  const barCode = `${head}${dv}${tail}${freeField}`;
  const field = (digits: string) => `${digits}${mod10(digits)}`;
  const identificationField =
    field(`${head}${freeField.slice(0, 5)}`) + field(freeField.slice(5, 15)) + field(freeField.slice(15, 25)) + dv + tail;
  return { barCode, identificationField };
}

const randomDigits = (length: number) => Array.from({ length }, () => randomInt(10)).join("");

// ---- Cards ----

const CARD_BRANDS: [RegExp, string][] = [
  [/^(401178|401179|431274|438935|451416|457393|457631|457632|504175|506699|5067|509|627780|636297|636368|6500|6504|6505|6507|6509|6516|6550)/, "ELO"],
  [/^(606282|3841)/, "HIPERCARD"],
  [/^3[47]/, "AMEX"],
  [/^3(0[0-5]|[68])/, "DINERS"],
  [/^35(2[89]|[3-8])/, "JCB"],
  [/^6(011|5)/, "DISCOVER"],
  [/^(5[1-5]|222[1-9]|22[3-9]\d|2[3-6]\d\d|27[01]\d|2720)/, "MASTERCARD"],
  [/^4/, "VISA"],
];

/** The brand ASAAS would name for a card number, from its first digits. */
export const cardBrandOf = (number: string) => CARD_BRANDS.find(([prefix]) => prefix.test(number))?.[1] ?? "UNKNOWN";

// ---- ASAAS's webhook envelope ----

/** An event as ASAAS POSTs it: `evt_…` id, the event name, São Paulo's "yyyy-mm-dd HH:mm:ss", the payment. */
export function asaasEvent(event: string, payment: AsaasPaymentObject, now: Date): AsaasWebhookEvent {
  return { id: `evt_${randomBytes(16).toString("hex")}&${randomInt(100_000_000, 1_000_000_000)}`, event, dateCreated: asaasDateTime(now), payment };
}

/**
 * The simulated ASAAS of development and demos. It answers in ASAAS's shapes (ids, statuses, a real
 * QR code of a made-up BR Code, a well-formed boleto line) and keeps nothing: a charge is confirmed
 * through `confirm`, from billing's record of it, which delivers the webhook event ASAAS would send.
 * Card charges confirm at once (PAYMENT_CONFIRMED is delivered just after createSubscription returns);
 * a card number ending in 0002 is refused. Nothing about cards is logged.
 */
export class LocalPaymentProvider implements PaymentProvider {
  readonly kind = "local" as const;

  constructor(private readonly options: LocalPaymentOptions) {}

  async createSubscription(input: CreateSubscriptionInput): Promise<CreatedSubscription> {
    if (!isValidCpfCnpj(input.customer.cpfCnpj)) {
      throw new PaymentProviderError(PAYMENT_MESSAGES.invalidCpfCnpj, "invalid_data", "invalid_cpfCnpj");
    }
    const now = this.options.now();
    const subscriptionId = localId("sub");
    const customerId = localId("cus");
    const paymentId = localId("pay");
    const payment: ProviderPayment = {
      id: paymentId,
      subscriptionId,
      status: "PENDING",
      billingType: input.billingType,
      valueCents: input.valueCents,
      dueDate: input.nextDueDate,
      invoiceUrl: null,
      pix: null,
      boleto: null,
      card: null,
    };

    if (input.billingType === "PIX") {
      const copyPaste = pixCopyPaste({
        location: `${PIX_LOCATION_HOST}/qr/v2/${paymentId.slice("pay_local_".length)}`,
        amountCents: input.valueCents,
        merchantName: "CLUBE COROA",
        merchantCity: "SAO PAULO",
      });
      payment.pix = { qrCodeImage: await qrCodePng(copyPaste), copyPaste, expiresAt: new Date(now.getTime() + PIX_LIFETIME_MS).toISOString() };
    } else if (input.billingType === "BOLETO") {
      const { identificationField } = boletoCodes({ bankCode: "000", dueDate: input.nextDueDate, valueCents: input.valueCents });
      // Under our own server, not served: the demo shows the line; there is no PDF to fetch.
      payment.boleto = { identificationField, bankSlipUrl: `/api/dev/payments/${paymentId}/boleto` };
    } else {
      const number = input.card?.card.number.replace(/\D/g, "") ?? "";
      if (!number) throw new PaymentProviderError(PAYMENT_MESSAGES.invalidData, "invalid_data", "missing_card");
      if (number.endsWith(REFUSED_CARD_SUFFIX)) {
        throw new PaymentProviderError(PAYMENT_MESSAGES.cardRefused, "card_refused", "invalid_creditCard");
      }
      payment.status = "CONFIRMED";
      payment.card = { brand: cardBrandOf(number), last4: number.slice(-4) };
      const event = asaasEvent(
        "PAYMENT_CONFIRMED",
        this.paymentObject({ ...payment, customerId, externalReference: input.externalReference, card: payment.card }, "CONFIRMED", now),
        now,
      );
      // After createSubscription has answered, as ASAAS's webhook arrives after its HTTP answer.
      setTimeout(() => {
        this.options.deliver(event).catch((error: unknown) => {
          this.options.log?.error({ err: error, paymentId, event: event.event }, "[payments:local] entrega do evento falhou");
        });
      }, 0);
    }

    this.options.log?.info(
      { subscriptionId, paymentId, billingType: input.billingType, valueCents: input.valueCents },
      `[payments:local] assinatura simulada ${subscriptionId} (${input.billingType})`,
    );
    return { subscriptionId, customerId, firstPayment: payment };
  }

  async cancelSubscription(subscriptionId: string): Promise<void> {
    this.options.log?.info({ subscriptionId }, `[payments:local] assinatura simulada ${subscriptionId} cancelada`);
  }

  /**
   * Confirms a charge as its payer would: PAYMENT_RECEIVED for PIX and boleto, PAYMENT_CONFIRMED for a
   * card. The event is delivered (awaited) and returned.
   */
  async confirm(payment: LocalPaymentToConfirm): Promise<AsaasWebhookEvent> {
    const now = this.options.now();
    const card = payment.billingType === "CREDIT_CARD";
    const event = asaasEvent(card ? "PAYMENT_CONFIRMED" : "PAYMENT_RECEIVED", this.paymentObject(payment, card ? "CONFIRMED" : "RECEIVED", now), now);
    await this.options.deliver(event);
    this.options.log?.info({ paymentId: payment.id, event: event.event }, `[payments:local] cobrança simulada ${payment.id} confirmada`);
    return event;
  }

  /** The payment as ASAAS's webhook carries it, in reais, after it was paid (RECEIVED) or authorised (CONFIRMED). */
  private paymentObject(payment: LocalPaymentToConfirm, status: "RECEIVED" | "CONFIRMED", now: Date): AsaasPaymentObject {
    const today = dayInSaoPaulo(now);
    const value = reaisFromCentsExact(payment.valueCents);
    return {
      object: "payment",
      id: payment.id,
      dateCreated: today,
      customer: payment.customerId ?? undefined,
      subscription: payment.subscriptionId,
      installment: null,
      paymentLink: null,
      value,
      // The simulation charges no fee.
      netValue: value,
      originalValue: null,
      interestValue: null,
      description: null,
      billingType: payment.billingType,
      status,
      pixTransaction: null,
      dueDate: payment.dueDate,
      originalDueDate: payment.dueDate,
      // A card is authorised now and credited later; PIX and boleto are paid and credited at once.
      paymentDate: status === "RECEIVED" ? today : null,
      clientPaymentDate: today,
      confirmedDate: today,
      creditDate: status === "RECEIVED" ? today : null,
      estimatedCreditDate: status === "RECEIVED" ? today : dayInSaoPaulo(now, 30),
      invoiceUrl: null,
      invoiceNumber: null,
      bankSlipUrl: payment.billingType === "BOLETO" ? `/api/dev/payments/${payment.id}/boleto` : null,
      transactionReceiptUrl: null,
      nossoNumero: null,
      externalReference: payment.externalReference ?? null,
      deleted: false,
      anticipated: false,
      anticipable: false,
      postalService: false,
      ...(payment.billingType === "CREDIT_CARD"
        ? { creditCard: { creditCardNumber: payment.card?.last4 ?? undefined, creditCardBrand: payment.card?.brand ?? undefined } }
        : {}),
    };
  }
}
