/**
 * The payment provider: who holds customers, subscriptions and charges, and who tells us, by
 * webhook, when a charge is paid. Two implementations: `asaas` (ASAAS v3 HTTP API) and `local`
 * (a simulated ASAAS for development and demos). Billing never trusts the browser for a paid state:
 * payment states come from the provider's webhook events (`AsaasWebhookEvent`).
 */

export type ProviderBillingType = "PIX" | "BOLETO" | "CREDIT_CARD";
/** ASAAS's cycles that the club sells. */
export type ProviderCycle = "MONTHLY" | "YEARLY";

/** ASAAS's payment statuses (the ones a webhook or a read may carry). */
export type ProviderPaymentStatus =
  | "PENDING"
  | "CONFIRMED"
  | "RECEIVED"
  | "RECEIVED_IN_CASH"
  | "OVERDUE"
  | "REFUNDED"
  | "REFUND_REQUESTED"
  | "REFUND_IN_PROGRESS"
  | "CHARGEBACK_REQUESTED"
  | "CHARGEBACK_DISPUTE"
  | "AWAITING_CHARGEBACK_REVERSAL"
  | "DUNNING_REQUESTED"
  | "DUNNING_RECEIVED"
  | "AWAITING_RISK_ANALYSIS";

export interface PaymentCustomer {
  name: string;
  email: string;
  /** Brazilian phone, digits only (DDD + number, no country code). */
  phone: string;
  /** CPF (11 digits) or CNPJ (14 digits), digits only. */
  cpfCnpj: string;
  /** Our user id, so the provider's records point back at the member. */
  externalReference: string;
}

/** Card data: handed to the provider and dropped; never stored, logged or echoed back. */
export interface CardData {
  holderName: string;
  /** Digits only. */
  number: string;
  /** "01".."12". */
  expiryMonth: string;
  /** Four digits. */
  expiryYear: string;
  ccv: string;
}

/** The card holder as ASAAS requires it for a card charge. */
export interface CardHolderInfo {
  name: string;
  email: string;
  cpfCnpj: string;
  /** CEP, 8 digits. */
  postalCode: string;
  addressNumber: string;
  phone: string;
}

export interface CreateSubscriptionInput {
  customer: PaymentCustomer;
  billingType: ProviderBillingType;
  cycle: ProviderCycle;
  /** What each charge is, in integer cents (the adapter turns it into reais for the wire). */
  valueCents: number;
  /** First charge's due date, yyyy-mm-dd. */
  nextDueDate: string;
  description: string;
  /** Our PlanSubscription id. */
  externalReference: string;
  /** Only for CREDIT_CARD. */
  card?: { card: CardData; holder: CardHolderInfo; remoteIp: string };
}

/** A charge as billing keeps it: never any card data beyond brand and last four digits. */
export interface ProviderPayment {
  id: string;
  subscriptionId: string | null;
  status: ProviderPaymentStatus;
  billingType: ProviderBillingType;
  valueCents: number;
  /** yyyy-mm-dd */
  dueDate: string;
  invoiceUrl: string | null;
  pix: { qrCodeImage: string; copyPaste: string; expiresAt: string } | null;
  boleto: { identificationField: string; bankSlipUrl: string } | null;
  card: { brand: string | null; last4: string | null } | null;
}

export interface CreatedSubscription {
  subscriptionId: string;
  customerId: string;
  /** The first charge, with its PIX QR code or boleto line read already. */
  firstPayment: ProviderPayment;
}

/** What went wrong, sorted into what the member (or the operator) can do about it. */
export type PaymentFailure = "invalid_data" | "card_refused" | "configuration" | "unavailable" | "not_found";

/** A refusal or failure of the provider; `message` is Portuguese, fit to show the member. */
export class PaymentProviderError extends Error {
  constructor(
    message: string,
    readonly failure: PaymentFailure,
    readonly providerCode?: string,
  ) {
    super(message);
    this.name = "PaymentProviderError";
  }
}

/** ASAAS's webhook body (https://docs.asaas.com/docs/webhook-para-cobrancas); only what billing reads. */
export interface AsaasWebhookEvent {
  id: string;
  event: string;
  dateCreated: string;
  payment?: {
    object?: "payment";
    id: string;
    subscription?: string | null;
    customer?: string;
    value: number;
    netValue?: number;
    status: string;
    billingType: string;
    dueDate: string;
    paymentDate?: string | null;
    confirmedDate?: string | null;
    externalReference?: string | null;
    invoiceUrl?: string | null;
    bankSlipUrl?: string | null;
    creditCard?: { creditCardNumber?: string; creditCardBrand?: string } | null;
    [key: string]: unknown;
  };
}

export interface PaymentProvider {
  readonly kind: "local" | "asaas";
  /** Finds the customer by CPF/CNPJ (or creates it), then creates the subscription and reads its first charge. */
  createSubscription(input: CreateSubscriptionInput): Promise<CreatedSubscription>;
  /** Cancels a subscription and its pending charges; one already gone counts as cancelled. */
  cancelSubscription(subscriptionId: string): Promise<void>;
}
