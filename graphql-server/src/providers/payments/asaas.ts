import { inSaoPaulo } from "@clube-coroa/schema";
import {
  PaymentProviderError,
  type CreatedSubscription,
  type CreateSubscriptionInput,
  type PaymentCustomer,
  type PaymentProvider,
  type ProviderBillingType,
  type ProviderPayment,
  type ProviderPaymentStatus,
} from "./payments.js";

/** ASAAS's two environments; the version is part of the base URL (docs.asaas.com, "URLs para chamadas"). */
export const ASAAS_SANDBOX_URL = "https://api-sandbox.asaas.com/v3";
export const ASAAS_PRODUCTION_URL = "https://api.asaas.com/v3";

export interface AsaasOptions {
  /** Base URL with the version: ASAAS_SANDBOX_URL or ASAAS_PRODUCTION_URL. */
  apiUrl: string;
  apiKey: string;
  /** ASAAS refuses requests without one on accounts created since 2024-06-13. */
  userAgent?: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
  /** Pause before the one retry of the first charge's read (default 1 s). */
  retryDelayMs?: number;
  /**
   * ASAAS's own e-mail/SMS notices to the member about each charge (default on): renewals of PIX and
   * boleto subscriptions reach her that way with the invoice link.
   */
  notifyCustomers?: boolean;
}

/** What the member reads when ASAAS refuses or fails; the texts the local provider uses too. */
export const PAYMENT_MESSAGES = {
  unavailable: "O serviço de pagamento não respondeu. Tente novamente em instantes.",
  rateLimited: "Muitas tentativas de pagamento agora. Tente novamente em alguns minutos.",
  configuration: "Pagamento indisponível no momento. Tente novamente mais tarde.",
  cardRefused: "Cartão recusado. Confira os dados do cartão ou use outro cartão.",
  invalidData: "Confira os dados informados e tente novamente.",
  invalidCpfCnpj: "O CPF/CNPJ informado é inválido.",
  notFound: "Cobrança não encontrada no serviço de pagamento.",
  firstPaymentUnreadable: "Não foi possível gerar a cobrança agora. Tente novamente em instantes.",
} as const;

// ---- ASAAS's wire format (only what the adapter reads) ----

interface AsaasList<T> {
  object?: "list";
  hasMore?: boolean;
  totalCount?: number;
  data?: T[];
}

interface AsaasCustomer {
  id: string;
  deleted?: boolean;
}

interface AsaasCreditCardInfo {
  creditCardNumber?: string | null;
  creditCardBrand?: string | null;
}

interface AsaasSubscription {
  id: string;
  customer?: string;
  externalReference?: string | null;
  deleted?: boolean;
  creditCard?: AsaasCreditCardInfo | null;
}

interface AsaasPayment {
  id: string;
  subscription?: string | null;
  status: string;
  billingType: string;
  value: number | string;
  dueDate: string;
  invoiceUrl?: string | null;
  bankSlipUrl?: string | null;
  deleted?: boolean;
  creditCard?: AsaasCreditCardInfo | null;
}

interface AsaasPixQrCode {
  encodedImage: string;
  payload: string;
  expirationDate?: string | null;
}

interface AsaasIdentificationField {
  identificationField: string;
  nossoNumero?: string;
  barCode?: string;
}

interface AsaasErrorBody {
  errors?: { code?: string; description?: string }[];
}

// ---- Money and dates as ASAAS writes them ----

/** Integer cents as the reais number ASAAS expects (2790 → 27.9), written from the digits, never by float arithmetic. */
export function reaisFromCentsExact(cents: number): number {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`cents must be an integer, got ${cents}`);
  const abs = Math.abs(cents);
  return Number(`${cents < 0 ? "-" : ""}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`);
}

/** A reais amount from ASAAS (27.9, "484.92") as integer cents, read from its decimal digits; a third decimal rounds half up. */
export function centsFromReais(value: number | string): number {
  const text = typeof value === "number" ? String(value) : value.trim();
  const match = /^(-?)(\d+)(?:\.(\d*))?$/.exec(text);
  if (!match) {
    const number = Number(text);
    if (!Number.isFinite(number)) throw new RangeError(`not an amount: ${text}`);
    return Math.round(number * 100);
  }
  const [, sign, whole, fraction = ""] = match;
  const digits = `${fraction}000`;
  let cents = Number(whole) * 100 + Number(digits.slice(0, 2));
  if (Number(digits[2]) >= 5) cents += 1;
  return sign && cents ? -cents : cents;
}

/** "yyyy-mm-dd HH:mm:ss" on São Paulo's clock, as ASAAS dates its events. */
export const asaasDateTime = (moment: Date) => inSaoPaulo(moment).toISOString().slice(0, 19).replace("T", " ");

/** ASAAS's "yyyy-mm-dd HH:mm:ss" (São Paulo's clock) as an ISO instant; anything else is passed on as it came. */
export function instantFromAsaas(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})$/.exec(value.trim());
  if (!match) return value;
  const [year, month, day, hour, minute, second] = match.slice(1).map(Number);
  const wall = Date.UTC(year, month - 1, day, hour, minute, second);
  return new Date(wall + inSaoPaulo(wall).getTimezoneOffset() * 60_000).toISOString();
}

const STATUSES = new Set<ProviderPaymentStatus>([
  "PENDING",
  "CONFIRMED",
  "RECEIVED",
  "RECEIVED_IN_CASH",
  "OVERDUE",
  "REFUNDED",
  "REFUND_REQUESTED",
  "REFUND_IN_PROGRESS",
  "CHARGEBACK_REQUESTED",
  "CHARGEBACK_DISPUTE",
  "AWAITING_CHARGEBACK_REVERSAL",
  "DUNNING_REQUESTED",
  "DUNNING_RECEIVED",
  "AWAITING_RISK_ANALYSIS",
]);
const BILLING_TYPES = new Set<ProviderBillingType>(["PIX", "BOLETO", "CREDIT_CARD"]);

/** A status we do not know yet reads as PENDING: it never grants a plan. */
const paymentStatus = (status: string): ProviderPaymentStatus =>
  STATUSES.has(status as ProviderPaymentStatus) ? (status as ProviderPaymentStatus) : "PENDING";

// ---- Errors ----

// Codes about what the club sends (prices, cycles, dates, ids): the member cannot fix them.
const OUR_SIDE_CODES = new Set([
  "invalid_billingType",
  "invalid_cycle",
  "invalid_value",
  "invalid_nextDueDate",
  "invalid_dueDate",
  "invalid_customer",
  "invalid_externalReference",
  "invalid_description",
  "invalid_remoteIp",
  "invalid_action",
]);
const isCardCode = (code: string) => /^invalid_creditCard(?!HolderInfo)/.test(code);
const PORTUGUESE = /[áàâãéêíóôõúç]|\b(de|do|da|dos|das|não|deve|campo|informad[oa]|obrigatóri[oa])\b/i;

/** ASAAS's own description, when it is Portuguese and echoes no card number, CVV or long digit run. */
function safeDescription(description: string | undefined, secrets: readonly string[]) {
  const text = description?.trim();
  if (!text || text.length > 300 || !PORTUGUESE.test(text) || /\d{12,}/.test(text)) return null;
  const echoes = (secret: string) => new RegExp(`(^|\\D)${secret.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(\\D|$)`).test(text);
  if (secrets.some((secret) => secret && echoes(secret))) return null;
  return text;
}

/** No answer, or a 5xx: ASAAS may still have done what was asked. */
class UnansweredError extends PaymentProviderError {
  constructor(providerCode: string) {
    super(PAYMENT_MESSAGES.unavailable, "unavailable", providerCode);
  }
}

function errorFromAnswer(status: number, body: AsaasErrorBody, secrets: readonly string[]): PaymentProviderError {
  const errors = (Array.isArray(body.errors) ? body.errors : []).filter((e) => e && typeof e === "object");
  const firstCode = errors.find((e) => typeof e.code === "string")?.code ?? `http_${status}`;
  if (status === 401 || status === 403) return new PaymentProviderError(PAYMENT_MESSAGES.configuration, "configuration", firstCode);
  if (status === 404) return new PaymentProviderError(PAYMENT_MESSAGES.notFound, "not_found", firstCode);
  if (status === 429) return new PaymentProviderError(PAYMENT_MESSAGES.rateLimited, "unavailable", firstCode);
  if (status >= 500) return new UnansweredError(firstCode);
  if (status !== 400) return new PaymentProviderError(PAYMENT_MESSAGES.unavailable, "unavailable", firstCode);

  const card = errors.find((e) => isCardCode(e.code ?? ""));
  if (card) return new PaymentProviderError(PAYMENT_MESSAGES.cardRefused, "card_refused", card.code);
  const memberErrors = errors.filter((e) => !OUR_SIDE_CODES.has(e.code ?? ""));
  if (!memberErrors.length) return new PaymentProviderError(PAYMENT_MESSAGES.configuration, "configuration", firstCode);
  const texts = [...new Set(memberErrors.map((e) => safeDescription(e.description, secrets)).filter((t): t is string => !!t))];
  return new PaymentProviderError(texts.length ? texts.join(" ") : PAYMENT_MESSAGES.invalidData, "invalid_data", memberErrors[0].code ?? firstCode);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * ASAAS v3 adapter. createSubscription: find the customer by CPF/CNPJ (or create her), create the
 * subscription (card and holder data go in that one call and nowhere else), then read its first
 * charge with the PIX QR code or the boleto's digitable line.
 */
export class AsaasPaymentProvider implements PaymentProvider {
  readonly kind = "asaas" as const;
  private readonly baseUrl: string;

  constructor(private readonly options: AsaasOptions) {
    this.baseUrl = options.apiUrl.replace(/\/+$/, "");
  }

  async createSubscription(input: CreateSubscriptionInput): Promise<CreatedSubscription> {
    if (input.billingType === "CREDIT_CARD" && !input.card) {
      throw new PaymentProviderError(PAYMENT_MESSAGES.invalidData, "invalid_data", "missing_card");
    }
    const customerId = await this.findOrCreateCustomer(input.customer);
    const subscription = await this.createOrRecoverSubscription(input, customerId);
    try {
      const firstPayment = await this.readFirstPayment(subscription, input).catch(async () => {
        await sleep(this.options.retryDelayMs ?? 1000);
        return this.readFirstPayment(subscription, input);
      });
      return { subscriptionId: subscription.id, customerId, firstPayment };
    } catch (error) {
      // Without its first charge the member has nothing to pay with: cancel rather than leave an orphan.
      await this.cancelSubscription(subscription.id).catch(() => undefined);
      const code = error instanceof PaymentProviderError ? error.providerCode : undefined;
      throw new PaymentProviderError(PAYMENT_MESSAGES.firstPaymentUnreadable, "unavailable", code);
    }
  }

  async cancelSubscription(subscriptionId: string): Promise<void> {
    try {
      await this.call("DELETE", `/subscriptions/${encodeURIComponent(subscriptionId)}`);
    } catch (error) {
      if (error instanceof PaymentProviderError && error.failure === "not_found") return;
      throw error;
    }
  }

  private async findOrCreateCustomer(customer: PaymentCustomer): Promise<string> {
    const cpfCnpj = customer.cpfCnpj.replace(/\D/g, "");
    const found = await this.call<AsaasList<AsaasCustomer>>("GET", `/customers?cpfCnpj=${cpfCnpj}`);
    const existing = found.data?.find((c) => c && !c.deleted && typeof c.id === "string");
    if (existing) return existing.id;
    const created = await this.call<AsaasCustomer>("POST", "/customers", {
      name: customer.name,
      cpfCnpj,
      email: customer.email,
      mobilePhone: customer.phone,
      externalReference: customer.externalReference,
      notificationDisabled: this.options.notifyCustomers === false,
    });
    return created.id;
  }

  /**
   * POST /subscriptions. When it goes unanswered (timeout, 5xx) ASAAS may have created it all the
   * same, card charged: look for it by our reference before telling her to try again.
   */
  private async createOrRecoverSubscription(input: CreateSubscriptionInput, customerId: string): Promise<AsaasSubscription> {
    const card = input.card;
    const body = {
      customer: customerId,
      billingType: input.billingType,
      value: reaisFromCentsExact(input.valueCents),
      nextDueDate: input.nextDueDate,
      cycle: input.cycle,
      description: input.description,
      externalReference: input.externalReference,
      ...(input.billingType === "CREDIT_CARD" && card
        ? {
            creditCard: { ...card.card },
            creditCardHolderInfo: { ...card.holder },
            remoteIp: card.remoteIp,
          }
        : {}),
    };
    const secrets = card ? [card.card.number, card.card.ccv] : [];
    try {
      return await this.call<AsaasSubscription>("POST", "/subscriptions", body, secrets);
    } catch (error) {
      if (!(error instanceof UnansweredError)) throw error;
      const recovered = await this.call<AsaasList<AsaasSubscription>>(
        "GET",
        `/subscriptions?customer=${encodeURIComponent(customerId)}&externalReference=${encodeURIComponent(input.externalReference)}`,
      ).catch(() => null);
      const match = recovered?.data?.find((s) => s && !s.deleted && s.externalReference === input.externalReference);
      if (match) return match;
      throw error;
    }
  }

  private async readFirstPayment(subscription: AsaasSubscription, input: CreateSubscriptionInput): Promise<ProviderPayment> {
    const list = await this.call<AsaasList<AsaasPayment>>("GET", `/subscriptions/${encodeURIComponent(subscription.id)}/payments`);
    const payment = (list.data ?? [])
      .filter((p) => p && !p.deleted && typeof p.id === "string")
      .sort((a, b) => a.dueDate.localeCompare(b.dueDate) || a.id.localeCompare(b.id))[0];
    if (!payment) throw new PaymentProviderError(PAYMENT_MESSAGES.firstPaymentUnreadable, "unavailable", "no_payment_yet");

    const billingType = BILLING_TYPES.has(payment.billingType as ProviderBillingType)
      ? (payment.billingType as ProviderBillingType)
      : input.billingType;
    const result: ProviderPayment = {
      id: payment.id,
      subscriptionId: payment.subscription ?? subscription.id,
      status: paymentStatus(payment.status),
      billingType,
      valueCents: centsFromReais(payment.value),
      dueDate: payment.dueDate,
      invoiceUrl: payment.invoiceUrl ?? null,
      pix: null,
      boleto: null,
      card: null,
    };
    const paymentPath = `/payments/${encodeURIComponent(payment.id)}`;
    if (billingType === "PIX") {
      const qr = await this.call<AsaasPixQrCode>("GET", `${paymentPath}/pixQrCode`);
      if (!qr.encodedImage || !qr.payload) throw new PaymentProviderError(PAYMENT_MESSAGES.unavailable, "unavailable", "no_pix_qr_code");
      result.pix = {
        qrCodeImage: qr.encodedImage.startsWith("data:") ? qr.encodedImage : `data:image/png;base64,${qr.encodedImage}`,
        copyPaste: qr.payload,
        expiresAt: qr.expirationDate ? instantFromAsaas(qr.expirationDate) : "",
      };
    } else if (billingType === "BOLETO") {
      const line = await this.call<AsaasIdentificationField>("GET", `${paymentPath}/identificationField`);
      if (!line.identificationField) throw new PaymentProviderError(PAYMENT_MESSAGES.unavailable, "unavailable", "no_identification_field");
      result.boleto = { identificationField: line.identificationField, bankSlipUrl: payment.bankSlipUrl ?? payment.invoiceUrl ?? "" };
    } else {
      const info = payment.creditCard ?? subscription.creditCard ?? null;
      const last4 = info?.creditCardNumber?.replace(/\D/g, "").slice(-4) || input.card?.card.number.slice(-4) || null;
      result.card = { brand: info?.creditCardBrand ?? null, last4 };
    }
    return result;
  }

  /** One call to ASAAS: JSON both ways, the key in access_token; every failure a PaymentProviderError. */
  private async call<T>(method: "GET" | "POST" | "DELETE", path: string, body?: unknown, secrets: readonly string[] = []): Promise<T> {
    let response: Response;
    try {
      response = await (this.options.fetch ?? fetch)(`${this.baseUrl}${path}`, {
        method,
        headers: {
          access_token: this.options.apiKey,
          "user-agent": this.options.userAgent ?? "ClubeCoroa/1.0",
          accept: "application/json",
          ...(body === undefined ? {} : { "content-type": "application/json" }),
        },
        // ASAAS answers 403 to a GET that carries a body.
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 20_000),
      });
    } catch {
      throw new UnansweredError("network");
    }
    const text = await response.text().catch(() => "");
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    if (!response.ok) throw errorFromAnswer(response.status, (json && typeof json === "object" ? json : {}) as AsaasErrorBody, secrets);
    if (!json || typeof json !== "object") throw new PaymentProviderError(PAYMENT_MESSAGES.unavailable, "unavailable", "bad_answer");
    return json as T;
  }
}
