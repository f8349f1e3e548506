// A small stand-in for ASAAS's v3 API (https://docs.asaas.com), speaking its wire format for the calls
// the asaas payment provider makes, and checking each request as ASAAS would:
//
//   GET    /v3/customers?cpfCnpj=            list (deleted customers left out)
//   POST   /v3/customers                     name and a valid CPF/CNPJ required
//   POST   /v3/subscriptions                 creates the subscription and its first payment; card
//                                            data and holder info required for CREDIT_CARD
//   GET    /v3/subscriptions?customer=&externalReference=
//   GET    /v3/subscriptions/{id}/payments   list
//   DELETE /v3/subscriptions/{id}            {deleted: true, id}; its pending payments go too
//   GET    /v3/payments/{id}/pixQrCode       {encodedImage (base64 PNG), payload, expirationDate}
//   GET    /v3/payments/{id}/identificationField   {identificationField, nossoNumero, barCode}
//
// Every request needs `access_token` equal to the configured key (else 401) and a User-Agent; a GET
// with a body gets 403, as ASAAS's CDN answers. Errors come as ASAAS writes them:
// 400 {errors: [{code, description}]}.
//
// Usage:
//   const asaas = await startFakeAsaas({ apiKey: "key" });
//   new AsaasPaymentProvider({ apiUrl: asaas.url, apiKey: "key" });
//   asaas.requests             every request: method, path (after /v3), query, headers, parsed body
//   asaas.state                customers, subscriptions and payments by id
//   asaas.failNext("DELETE", /^\/subscriptions\//, { status: 500 })   the next matching call fails
//   asaas.refuseCard("4111111111111111")   that number is refused like a declined card
//   asaas.eventFor(paymentId, "PAYMENT_RECEIVED")   the webhook ASAAS would send (payment updated)
//   asaas.nextPayment(subscriptionId)      the subscription's next charge, one cycle later
//   await asaas.close()
//
// qrCodeEncodes(dataUrl, text) checks that a PNG data URL is the QR code of `text`.
import { randomBytes, randomInt, randomUUID } from "node:crypto";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import QRCode from "qrcode";
import sharp from "sharp";
import { dayInSaoPaulo, isValidCpfCnpj } from "@clube-coroa/schema";
import { centsFromReais, reaisFromCentsExact } from "../src/providers/payments/asaas.js";
import { asaasEvent, boletoCodes, cardBrandOf, pixCopyPaste, qrCodePng } from "../src/providers/payments/local.js";
import type { AsaasWebhookEvent } from "../src/providers/payments/payments.js";

export interface RecordedRequest {
  method: string;
  /** The path after /v3, without the query: "/customers", "/subscriptions/sub_…/payments". */
  path: string;
  query: Record<string, string>;
  headers: IncomingHttpHeaders;
  body: any;
}

export interface FakeAnswer {
  status?: number;
  body?: unknown;
  /** Answer only after this long (a timeout test). */
  delayMs?: number;
  /** Do the work first, then answer with the failure: ASAAS did it, the client never heard. */
  afterHandling?: boolean;
}

export type FakeRecord = Record<string, any> & { id: string };

export interface FakeAsaasState {
  customers: Map<string, FakeRecord>;
  subscriptions: Map<string, FakeRecord>;
  payments: Map<string, FakeRecord>;
}

export interface FakeAsaas {
  /** Base URL including /v3, as the adapter's apiUrl. */
  url: string;
  requests: RecordedRequest[];
  state: FakeAsaasState;
  /** The next `times` calls matching method and path (after /v3) get `answer` instead of the real one. */
  failNext(method: string, path: string | RegExp, answer: FakeAnswer, times?: number): void;
  /** A card number refused like a declined card (ASAAS's sandbox refuses 5184019740373151 and 4916561358240741 too). */
  refuseCard(number: string): void;
  /** The webhook event ASAAS would send for a payment; the payment's state moves as the event says. */
  eventFor(paymentId: string, event: string): AsaasWebhookEvent;
  /** Creates the subscription's next charge, due one cycle after its last one. */
  nextPayment(subscriptionId: string): FakeRecord;
  close(): Promise<void>;
}

const BILLING_TYPES = ["BOLETO", "CREDIT_CARD", "PIX", "UNDEFINED"];
const CYCLES = ["WEEKLY", "BIWEEKLY", "MONTHLY", "BIMONTHLY", "QUARTERLY", "SEMIANNUALLY", "YEARLY"];
const CYCLE_MONTHS: Record<string, number> = { MONTHLY: 1, BIMONTHLY: 2, QUARTERLY: 3, SEMIANNUALLY: 6, YEARLY: 12 };
const CARD_FIELDS = ["holderName", "number", "expiryMonth", "expiryYear", "ccv"];
const HOLDER_FIELDS = ["name", "email", "cpfCnpj", "postalCode", "addressNumber", "phone"];
/** ASAAS's fee in the simulation: R$ 0,99 a charge. */
const FEE_CENTS = 99;

class AsaasError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly description: string,
  ) {
    super(description);
  }
}
const invalid = (code: string, description: string) => new AsaasError(400, code, description);

const hex = (bytes: number) => randomBytes(bytes).toString("hex");
const filled = (value: unknown) => typeof value === "string" ? value.trim() !== "" : value !== undefined && value !== null;
const list = (data: FakeRecord[]) => ({ object: "list", hasMore: false, totalCount: data.length, limit: 10, offset: 0, data });

function addMonths(date: string, months: number): string {
  const [year, month, day] = date.split("-").map(Number);
  const last = new Date(Date.UTC(year, month - 1 + months + 1, 0)).getUTCDate();
  return new Date(Date.UTC(year, month - 1 + months, Math.min(day, last))).toISOString().slice(0, 10);
}

function addDays(date: string, days: number): string {
  const [year, month, day] = date.split("-").map(Number);
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

export async function startFakeAsaas({ apiKey, now = () => new Date() }: { apiKey: string; now?: () => Date }): Promise<FakeAsaas> {
  const requests: RecordedRequest[] = [];
  const state: FakeAsaasState = { customers: new Map(), subscriptions: new Map(), payments: new Map() };
  const failures: { method: string; path: string | RegExp; answer: FakeAnswer; times: number }[] = [];
  const refusedCards = new Set(["5184019740373151", "4916561358240741"]);

  const today = () => dayInSaoPaulo(now());

  function createPayment(subscription: FakeRecord, dueDate: string): FakeRecord {
    const number = String(randomInt(100_000_000, 1_000_000_000));
    const valueCents = centsFromReais(subscription.value);
    const card = subscription.billingType === "CREDIT_CARD";
    // A card subscription is charged on each due date; one due today is charged at creation.
    const charged = card && dueDate <= today();
    const payment: FakeRecord = {
      object: "payment",
      id: `pay_${number}`,
      dateCreated: today(),
      customer: subscription.customer,
      subscription: subscription.id,
      installment: null,
      paymentLink: null,
      value: subscription.value,
      netValue: reaisFromCentsExact(Math.max(0, valueCents - FEE_CENTS)),
      originalValue: null,
      interestValue: null,
      description: subscription.description ?? null,
      billingType: subscription.billingType,
      status: charged ? "CONFIRMED" : "PENDING",
      pixTransaction: null,
      dueDate,
      originalDueDate: dueDate,
      paymentDate: null,
      clientPaymentDate: charged ? today() : null,
      confirmedDate: charged ? today() : null,
      creditDate: null,
      estimatedCreditDate: charged ? addDays(today(), 30) : null,
      invoiceUrl: `https://sandbox.asaas.com/i/${number}`,
      invoiceNumber: number.slice(-8),
      bankSlipUrl: subscription.billingType === "BOLETO" ? `https://sandbox.asaas.com/b/pdf/${number}` : null,
      transactionReceiptUrl: null,
      nossoNumero: null,
      externalReference: subscription.externalReference ?? null,
      deleted: false,
      anticipated: false,
      anticipable: false,
      postalService: false,
      ...(card ? { creditCard: subscription.creditCard } : {}),
    };
    state.payments.set(payment.id, payment);
    return payment;
  }

  function customerPost(body: any) {
    if (!filled(body?.name)) throw invalid("invalid_name", "O nome do cliente deve ser informado.");
    if (!filled(body?.cpfCnpj)) throw invalid("invalid_cpfCnpj", "O CPF/CNPJ do cliente deve ser informado.");
    if (!/^\d+$/.test(body.cpfCnpj) || !isValidCpfCnpj(body.cpfCnpj)) throw invalid("invalid_cpfCnpj", "O CPF/CNPJ informado é inválido.");
    const customer: FakeRecord = {
      object: "customer",
      id: `cus_${hex(6)}`,
      dateCreated: today(),
      name: body.name,
      email: body.email ?? null,
      phone: body.phone ?? null,
      mobilePhone: body.mobilePhone ?? null,
      cpfCnpj: body.cpfCnpj,
      personType: body.cpfCnpj.length === 14 ? "JURIDICA" : "FISICA",
      deleted: false,
      externalReference: body.externalReference ?? null,
      notificationDisabled: body.notificationDisabled ?? false,
    };
    state.customers.set(customer.id, customer);
    return customer;
  }

  function subscriptionPost(body: any) {
    if (!filled(body?.customer)) throw invalid("invalid_customer", "O cliente deve ser informado.");
    const customer = state.customers.get(body.customer);
    if (!customer || customer.deleted) throw invalid("invalid_customer", "Cliente inválido ou inexistente.");
    if (!BILLING_TYPES.includes(body.billingType)) throw invalid("invalid_billingType", "Forma de pagamento inválida.");
    if (typeof body.value !== "number" || !(body.value > 0)) throw invalid("invalid_value", "O campo value deve ser informado.");
    if (!/^\d+(\.\d{1,2})?$/.test(String(body.value))) throw invalid("invalid_value", "O valor deve ter no máximo duas casas decimais.");
    if (typeof body.nextDueDate !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(body.nextDueDate)) {
      throw invalid("invalid_nextDueDate", "A data de vencimento da primeira cobrança deve ser informada.");
    }
    if (body.nextDueDate < today()) throw invalid("invalid_nextDueDate", "A data de vencimento não pode ser inferior à hoje.");
    if (!CYCLES.includes(body.cycle)) throw invalid("invalid_cycle", "Periodicidade inválida.");
    let creditCard: FakeRecord["creditCard"];
    if (body.billingType === "CREDIT_CARD") {
      const card = body.creditCard ?? {};
      const holder = body.creditCardHolderInfo ?? {};
      for (const field of CARD_FIELDS) {
        if (!filled(card[field])) throw invalid("invalid_creditCard", `O campo ${field} do cartão de crédito deve ser informado.`);
      }
      for (const field of HOLDER_FIELDS) {
        if (!filled(holder[field])) throw invalid("invalid_creditCardHolderInfo", `O campo ${field} do titular do cartão deve ser informado.`);
      }
      if (!isValidCpfCnpj(String(holder.cpfCnpj))) throw invalid("invalid_creditCardHolderInfo", "O CPF/CNPJ do titular do cartão é inválido.");
      if (!filled(body.remoteIp)) throw invalid("invalid_remoteIp", "O IP do cliente deve ser informado.");
      const number = String(card.number).replace(/\D/g, "");
      if (refusedCards.has(number)) {
        throw invalid("invalid_creditCard", "Transação não autorizada. Verifique os dados do cartão de crédito e tente novamente.");
      }
      creditCard = { creditCardNumber: number.slice(-4), creditCardBrand: cardBrandOf(number), creditCardToken: randomUUID() };
    }
    const subscription: FakeRecord = {
      object: "subscription",
      id: `sub_${hex(6)}`,
      dateCreated: today(),
      customer: customer.id,
      paymentLink: null,
      billingType: body.billingType,
      cycle: body.cycle,
      value: body.value,
      nextDueDate: body.nextDueDate,
      endDate: null,
      description: body.description ?? null,
      status: "ACTIVE",
      deleted: false,
      maxPayments: null,
      externalReference: body.externalReference ?? null,
      ...(creditCard ? { creditCard } : {}),
    };
    state.subscriptions.set(subscription.id, subscription);
    createPayment(subscription, body.nextDueDate);
    subscription.nextDueDate = addMonths(body.nextDueDate, CYCLE_MONTHS[body.cycle] ?? 1);
    return subscription;
  }

  function paymentsOf(subscriptionId: string) {
    return [...state.payments.values()].filter((p) => p.subscription === subscriptionId && !p.deleted);
  }

  function livePayment(id: string) {
    const payment = state.payments.get(id);
    if (!payment || payment.deleted) throw new AsaasError(404, "not_found", "Cobrança não encontrada.");
    return payment;
  }

  function route(method: string, path: string, query: Record<string, string>, body: any): unknown {
    if (method === "GET" && path === "/customers") {
      return list([...state.customers.values()].filter((c) => !c.deleted && (!query.cpfCnpj || c.cpfCnpj === query.cpfCnpj)));
    }
    if (method === "POST" && path === "/customers") return customerPost(body);
    if (method === "POST" && path === "/subscriptions") return subscriptionPost(body);
    if (method === "GET" && path === "/subscriptions") {
      return list(
        [...state.subscriptions.values()].filter(
          (s) =>
            !s.deleted &&
            (!query.customer || s.customer === query.customer) &&
            (!query.externalReference || s.externalReference === query.externalReference),
        ),
      );
    }
    let match = /^\/subscriptions\/([^/]+)(\/payments)?$/.exec(path);
    if (match) {
      const subscription = state.subscriptions.get(match[1]);
      if (!subscription || subscription.deleted) throw new AsaasError(404, "not_found", "Assinatura não encontrada.");
      if (method === "GET" && match[2]) return list(paymentsOf(subscription.id));
      if (method === "DELETE" && !match[2]) {
        subscription.deleted = true;
        subscription.status = "INACTIVE";
        for (const payment of paymentsOf(subscription.id)) if (payment.status === "PENDING" || payment.status === "OVERDUE") payment.deleted = true;
        return { deleted: true, id: subscription.id };
      }
    }
    match = /^\/payments\/([^/]+)\/(pixQrCode|identificationField)$/.exec(path);
    if (match && method === "GET") {
      const payment = livePayment(match[1]);
      if (match[2] === "pixQrCode") {
        if (!["PIX", "BOLETO", "UNDEFINED"].includes(payment.billingType)) throw invalid("invalid_billingType", "Esta cobrança não aceita Pix.");
        return pixQrCodeOf(payment);
      }
      if (!["BOLETO", "UNDEFINED"].includes(payment.billingType)) throw invalid("invalid_billingType", "Esta cobrança não possui boleto.");
      payment.identification ??= {
        ...boletoCodes({ bankCode: "461", dueDate: payment.dueDate, valueCents: centsFromReais(payment.value) }),
        nossoNumero: String(randomInt(10_000_000, 100_000_000)),
      };
      const { identificationField, nossoNumero, barCode } = payment.identification;
      return { identificationField, nossoNumero, barCode };
    }
    throw new AsaasError(404, "not_found", "O recurso solicitado não existe.");
  }

  // Kept per payment: ASAAS answers the same code until the charge changes.
  const pixCodes = new Map<string, Promise<{ encodedImage: string; payload: string; expirationDate: string; description: null }>>();
  function pixQrCodeOf(payment: FakeRecord) {
    let code = pixCodes.get(payment.id);
    if (!code) {
      const payload = pixCopyPaste({
        location: `pix-h.asaas.com/qr/cobv/${randomUUID()}`,
        amountCents: centsFromReais(payment.value),
        merchantName: "CLUBE COROA LTDA",
        merchantCity: "SAO PAULO",
      });
      code = qrCodePng(payload).then((dataUrl) => ({
        encodedImage: dataUrl.slice("data:image/png;base64,".length),
        payload,
        // The code is dynamic with a due date; it lapses a year after it (ASAAS's docs).
        expirationDate: `${addMonths(payment.dueDate, 12)} 23:59:59`,
        description: null,
      }));
      pixCodes.set(payment.id, code);
    }
    return code;
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", async () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      const url = new URL(req.url ?? "/", "http://fake");
      const path = url.pathname.replace(/^\/v3(?=\/)/, "");
      const method = req.method ?? "GET";
      let body: any = null;
      try {
        body = raw ? JSON.parse(raw) : null;
      } catch {
        body = raw;
      }
      requests.push({ method, path, query: Object.fromEntries(url.searchParams), headers: req.headers, body });

      const send = (status: number, payload: unknown) => {
        if (res.writableEnded || res.destroyed) return;
        res.writeHead(status, { "content-type": "application/json" });
        res.end(payload === undefined ? "" : JSON.stringify(payload));
      };
      const errorBody = (code: string, description: string) => ({ errors: [{ code, description }] });

      if (req.headers.access_token !== apiKey) {
        return send(401, errorBody("invalid_access_token", "A chave de API fornecida é inválida."));
      }
      if (!req.headers["user-agent"]) return send(403, errorBody("invalid_user_agent", "O cabeçalho User-Agent deve ser informado."));
      if (method === "GET" && raw) return send(403, { message: "Forbidden" });
      if (method === "POST" && !String(req.headers["content-type"] ?? "").startsWith("application/json")) {
        return send(400, errorBody("invalid_request", "O corpo da requisição deve ser JSON."));
      }

      const index = failures.findIndex((f) => f.method === method && (typeof f.path === "string" ? f.path === path : f.path.test(path)));
      const failure = index >= 0 ? failures[index] : null;
      if (failure && --failure.times <= 0) failures.splice(index, 1);
      if (failure?.answer.delayMs) await new Promise((resolve) => setTimeout(resolve, failure.answer.delayMs));
      if (failure && !failure.answer.afterHandling) return send(failure.answer.status ?? 500, failure.answer.body);

      try {
        const answer = await route(method, path, Object.fromEntries(url.searchParams), body);
        if (failure) return send(failure.answer.status ?? 500, failure.answer.body);
        send(200, answer);
      } catch (error) {
        if (error instanceof AsaasError) return send(error.status, errorBody(error.code, error.description));
        send(500, errorBody("internal_error", "Erro interno."));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/v3`,
    requests,
    state,
    failNext(method, path, answer, times = 1) {
      failures.push({ method: method.toUpperCase(), path, answer, times });
    },
    refuseCard(number) {
      refusedCards.add(number.replace(/\D/g, ""));
    },
    eventFor(paymentId, event) {
      const payment = state.payments.get(paymentId);
      if (!payment) throw new Error(`fake ASAAS: no payment ${paymentId}`);
      const day = today();
      switch (event) {
        case "PAYMENT_CONFIRMED":
          Object.assign(payment, { status: "CONFIRMED", confirmedDate: day, clientPaymentDate: day, estimatedCreditDate: addDays(day, 30) });
          break;
        case "PAYMENT_RECEIVED":
          Object.assign(payment, {
            status: "RECEIVED",
            paymentDate: day,
            clientPaymentDate: payment.clientPaymentDate ?? day,
            confirmedDate: payment.confirmedDate ?? day,
            creditDate: day,
          });
          break;
        case "PAYMENT_OVERDUE":
          payment.status = "OVERDUE";
          break;
        case "PAYMENT_REFUNDED":
          payment.status = "REFUNDED";
          break;
        case "PAYMENT_CHARGEBACK_REQUESTED":
          payment.status = "CHARGEBACK_REQUESTED";
          break;
        case "PAYMENT_DELETED":
          payment.deleted = true;
          break;
      }
      const { identification: _identification, ...wire } = payment;
      return asaasEvent(event, structuredClone(wire) as AsaasWebhookEvent["payment"] & object, now());
    },
    nextPayment(subscriptionId) {
      const subscription = state.subscriptions.get(subscriptionId);
      if (!subscription) throw new Error(`fake ASAAS: no subscription ${subscriptionId}`);
      const payment = createPayment(subscription, subscription.nextDueDate);
      subscription.nextDueDate = addMonths(subscription.nextDueDate, CYCLE_MONTHS[subscription.cycle] ?? 1);
      return payment;
    },
    close() {
      return new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
    },
  };
}

/**
 * Whether a PNG data URL is the QR code of `text`: the image is read module by module (sharp decodes
 * the PNG) and compared with the symbol qrcode builds for `text` at each error-correction level.
 */
export async function qrCodeEncodes(dataUrl: string, text: string): Promise<boolean> {
  const prefix = "data:image/png;base64,";
  if (!dataUrl.startsWith(prefix)) return false;
  const png = Buffer.from(dataUrl.slice(prefix.length), "base64");
  if (!png.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return false;
  const { data, info } = await sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true });
  const dark = (x: number, y: number) => data[y * info.width * info.channels + x * info.channels] < 128;
  let minX = info.width, minY = info.height, maxX = -1, maxY = -1;
  for (let y = 0; y < info.height; y++) {
    for (let x = 0; x < info.width; x++) {
      if (!dark(x, y)) continue;
      minX = Math.min(minX, x);
      maxX = Math.max(maxX, x);
      minY = Math.min(minY, y);
      maxY = Math.max(maxY, y);
    }
  }
  if (maxX < 0) return false;
  return (["L", "M", "Q", "H"] as const).some((level) => {
    const { modules } = QRCode.create(text, { errorCorrectionLevel: level });
    const cell = (maxX - minX + 1) / modules.size;
    if (!Number.isInteger(cell) || (maxY - minY + 1) / modules.size !== cell) return false;
    for (let row = 0; row < modules.size; row++) {
      for (let col = 0; col < modules.size; col++) {
        const x = minX + col * cell + Math.floor(cell / 2);
        const y = minY + row * cell + Math.floor(cell / 2);
        if (dark(x, y) !== Boolean(modules.get(row, col))) return false;
      }
    }
    return true;
  });
}
