import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { cpfCheckDigits, dayInSaoPaulo } from "@clube-coroa/schema";
import { qrCodeEncodes, startFakeAsaas, type FakeAsaas } from "../../../test/fake-asaas.js";
import { AsaasPaymentProvider, centsFromReais, PAYMENT_MESSAGES, reaisFromCentsExact, type AsaasOptions } from "./asaas.js";
import { PaymentProviderError, type CreateSubscriptionInput } from "./payments.js";

const API_KEY = "$aact_test_key";
let fake: FakeAsaas;
beforeAll(async () => {
  fake = await startFakeAsaas({ apiKey: API_KEY });
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.requests.length = 0;
});

const provider = (options: Partial<AsaasOptions> = {}) =>
  new AsaasPaymentProvider({ apiUrl: fake.url, apiKey: API_KEY, userAgent: "ClubeCoroa/1.0", retryDelayMs: 5, ...options });

let cpfSeed = 100_000_000;
/** A valid CPF no other test uses, so each test decides whether ASAAS knows her. */
function newCpf() {
  const nine = String(cpfSeed++).padStart(9, "0");
  return `${nine}${cpfCheckDigits(nine)}`;
}

const CARD = { holderName: "MARIA S SILVA", number: "5162306219378829", expiryMonth: "05", expiryYear: "2031", ccv: "318" };
const today = () => dayInSaoPaulo(new Date());

function input(overrides: Partial<CreateSubscriptionInput> = {}): CreateSubscriptionInput {
  const cpfCnpj = overrides.customer?.cpfCnpj ?? newCpf();
  return {
    customer: { name: "Maria Silva", email: "maria@example.com", phone: "11987654321", cpfCnpj, externalReference: "user_42" },
    billingType: "PIX",
    cycle: "MONTHLY",
    valueCents: 2790,
    nextDueDate: today(),
    description: "Clube Coroa: plano Alteza (mensal)",
    externalReference: "plansub_7",
    ...overrides,
  };
}

const cardInput = (overrides: Partial<CreateSubscriptionInput> = {}) =>
  input({
    billingType: "CREDIT_CARD",
    valueCents: 4490,
    card: {
      card: CARD,
      holder: { name: "Maria Silva", email: "maria@example.com", cpfCnpj: newCpf(), postalCode: "01310100", addressNumber: "1000", phone: "11987654321" },
      remoteIp: "203.0.113.7",
    },
    ...overrides,
  });

const paths = () => fake.requests.map((r) => `${r.method} ${r.path}`);
const failureOf = (promise: Promise<unknown>) => promise.then(() => expect.unreachable("it should have failed"), (e: unknown) => e as PaymentProviderError);

describe("ASAAS adapter: creating a subscription", () => {
  it("creates the customer ASAAS does not know, then a PIX subscription whose first charge carries a QR code that decodes", async () => {
    const subscriptionInput = input();
    const created = await provider().createSubscription(subscriptionInput);

    expect(paths()).toEqual([
      "GET /customers",
      "POST /customers",
      "POST /subscriptions",
      `GET /subscriptions/${created.subscriptionId}/payments`,
      `GET /payments/${created.firstPayment.id}/pixQrCode`,
    ]);
    for (const request of fake.requests) {
      expect(request.headers.access_token).toBe(API_KEY);
      expect(request.headers["user-agent"]).toBe("ClubeCoroa/1.0");
      if (request.method === "GET") expect(request.body).toBeNull();
      else expect(request.headers["content-type"]).toBe("application/json");
    }
    const [lookup, customer, subscription] = fake.requests;
    expect(lookup.query).toEqual({ cpfCnpj: subscriptionInput.customer.cpfCnpj });
    expect(customer.body).toEqual({
      name: "Maria Silva",
      cpfCnpj: subscriptionInput.customer.cpfCnpj,
      email: "maria@example.com",
      mobilePhone: "11987654321",
      externalReference: "user_42",
      notificationDisabled: false,
    });
    expect(subscription.body).toEqual({
      customer: created.customerId,
      billingType: "PIX",
      value: 27.9,
      nextDueDate: subscriptionInput.nextDueDate,
      cycle: "MONTHLY",
      description: "Clube Coroa: plano Alteza (mensal)",
      externalReference: "plansub_7",
    });

    expect(fake.state.subscriptions.get(created.subscriptionId)).toMatchObject({ customer: created.customerId, externalReference: "plansub_7" });
    const payment = fake.state.payments.get(created.firstPayment.id)!;
    expect(created).toEqual({
      subscriptionId: created.subscriptionId,
      customerId: fake.state.customers.get(created.customerId)!.id,
      firstPayment: {
        id: payment.id,
        subscriptionId: created.subscriptionId,
        status: "PENDING",
        billingType: "PIX",
        valueCents: 2790,
        dueDate: subscriptionInput.nextDueDate,
        invoiceUrl: payment.invoiceUrl,
        pix: {
          qrCodeImage: expect.stringMatching(/^data:image\/png;base64,/),
          copyPaste: expect.stringMatching(/^000201/),
          expiresAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.000Z$/),
        },
        boleto: null,
        card: null,
      },
    });
    expect(await qrCodeEncodes(created.firstPayment.pix!.qrCodeImage, created.firstPayment.pix!.copyPaste)).toBe(true);
    expect(await qrCodeEncodes(created.firstPayment.pix!.qrCodeImage, `${created.firstPayment.pix!.copyPaste}X`)).toBe(false);
  });

  it("reads the QR code's expiry ('yyyy-mm-dd 23:59:59' on São Paulo's clock) as an instant", async () => {
    const created = await provider().createSubscription(input());
    const due = created.firstPayment.dueDate;
    const [year, month, day] = due.split("-").map(Number);
    const expiryDay = new Date(Date.UTC(year + 1, month - 1, day)).toISOString().slice(0, 10);
    expect(created.firstPayment.pix!.expiresAt).toBe(new Date(`${expiryDay}T23:59:59-03:00`).toISOString());
  });

  it("finds the customer ASAAS already has by her CPF and does not create her again", async () => {
    const first = await provider().createSubscription(input());
    const cpfCnpj = fake.state.customers.get(first.customerId)!.cpfCnpj;
    fake.requests.length = 0;
    const second = await provider().createSubscription(input({ customer: { ...input().customer, cpfCnpj } }));
    expect(second.customerId).toBe(first.customerId);
    expect(paths()).not.toContain("POST /customers");
    expect(fake.requests[0].query).toEqual({ cpfCnpj });
  });

  it("creates a yearly boleto subscription for R$ 484,92 and returns its digitable line and PDF link", async () => {
    const dueDate = dayInSaoPaulo(new Date(), 3);
    const created = await provider().createSubscription(input({ billingType: "BOLETO", cycle: "YEARLY", valueCents: 48492, nextDueDate: dueDate }));
    const post = fake.requests.find((r) => r.path === "/subscriptions")!;
    expect(post.body).toMatchObject({ billingType: "BOLETO", cycle: "YEARLY", value: 484.92, nextDueDate: dueDate });
    expect(paths().at(-1)).toBe(`GET /payments/${created.firstPayment.id}/identificationField`);

    const payment = fake.state.payments.get(created.firstPayment.id)!;
    expect(created.firstPayment).toMatchObject({ status: "PENDING", billingType: "BOLETO", valueCents: 48492, dueDate, pix: null, card: null });
    expect(created.firstPayment.boleto).toEqual({ identificationField: payment.identification.identificationField, bankSlipUrl: payment.bankSlipUrl });
    expect(created.firstPayment.boleto!.identificationField).toMatch(/^\d{47}$/);
    // The line's last ten digits are the amount in cents.
    expect(created.firstPayment.boleto!.identificationField.slice(-10)).toBe("0000048492");
  });

  it("charges a card in the subscription call alone and keeps only its brand and last four digits", async () => {
    const subscriptionInput = cardInput();
    const created = await provider().createSubscription(subscriptionInput);

    const cardCalls = fake.requests.filter((r) => JSON.stringify(r).includes(CARD.number));
    expect(cardCalls.map((r) => `${r.method} ${r.path}`)).toEqual(["POST /subscriptions"]);
    expect(cardCalls[0].body).toEqual({
      customer: created.customerId,
      billingType: "CREDIT_CARD",
      value: 44.9,
      nextDueDate: subscriptionInput.nextDueDate,
      cycle: "MONTHLY",
      description: subscriptionInput.description,
      externalReference: "plansub_7",
      creditCard: CARD,
      creditCardHolderInfo: subscriptionInput.card!.holder,
      remoteIp: "203.0.113.7",
    });
    for (const request of fake.requests.filter((r) => r !== cardCalls[0])) {
      expect(JSON.stringify(request)).not.toMatch(/5162306219378829|"318"|creditCardHolderInfo/);
    }
    expect(created.firstPayment).toMatchObject({ status: "CONFIRMED", billingType: "CREDIT_CARD", valueCents: 4490, pix: null, boleto: null });
    expect(created.firstPayment.card).toEqual({ brand: "MASTERCARD", last4: "8829" });
    expect(JSON.stringify(created)).not.toMatch(/5162306219378829|"318"|ccv/);
  });

  it.each([
    [2790, 27.9],
    [4490, 44.9],
    [48492, 484.92],
    [30132, 301.32],
    [1, 0.01],
    [100, 1],
  ])("sends %i cents as %d reais and reads the charge back in the same cents", async (cents, reais) => {
    const created = await provider().createSubscription(input({ valueCents: cents }));
    expect(fake.requests.find((r) => r.path === "/subscriptions")!.body.value).toBe(reais);
    expect(created.firstPayment.valueCents).toBe(cents);
  });

  it("asks ASAAS not to notify the member when told so", async () => {
    await provider({ notifyCustomers: false }).createSubscription(input());
    expect(fake.requests.find((r) => r.method === "POST" && r.path === "/customers")!.body.notificationDisabled).toBe(true);
  });
});

describe("ASAAS adapter: money on the wire", () => {
  it("turns every amount up to R$ 5.000,00 into reais and back without losing a cent", () => {
    for (let cents = 0; cents <= 500_000; cents++) {
      const reais = reaisFromCentsExact(cents);
      if (centsFromReais(reais) !== cents || centsFromReais(JSON.parse(JSON.stringify(reais))) !== cents) {
        expect.unreachable(`${cents} cents came back as ${centsFromReais(reais)}`);
      }
    }
  });

  it("reads decimal strings, float noise and a third decimal", () => {
    expect(centsFromReais("484.92")).toBe(48492);
    expect(centsFromReais(0.1 + 0.2)).toBe(30);
    expect(centsFromReais(19.999)).toBe(2000);
    expect(centsFromReais(94.51)).toBe(9451);
    expect(centsFromReais("27")).toBe(2700);
    expect(() => reaisFromCentsExact(27.5)).toThrow(RangeError);
  });
});

describe("ASAAS adapter: refusals and failures", () => {
  it("passes on ASAAS's Portuguese reason for an invalid CPF and creates nothing", async () => {
    const error = await failureOf(provider().createSubscription(input({ customer: { ...input().customer, cpfCnpj: "12345678900" } })));
    expect(error).toBeInstanceOf(PaymentProviderError);
    expect(error).toMatchObject({ failure: "invalid_data", providerCode: "invalid_cpfCnpj", message: "O CPF/CNPJ informado é inválido." });
    expect(paths()).toEqual(["GET /customers", "POST /customers"]);
  });

  it("says payment is unavailable, with no detail, when ASAAS refuses the key", async () => {
    const error = await failureOf(provider({ apiKey: "wrong" }).createSubscription(input()));
    expect(error).toMatchObject({ failure: "configuration", message: PAYMENT_MESSAGES.configuration, providerCode: "invalid_access_token" });
    expect(error.message).not.toMatch(/chave|key|token/i);
  });

  it("refuses a declined card with 'Cartão recusado' and echoes no card data", async () => {
    const before = fake.state.subscriptions.size;
    const error = await failureOf(provider().createSubscription(cardInput({ card: { ...cardInput().card!, card: { ...CARD, number: "5184019740373151" } } })));
    expect(error).toMatchObject({ failure: "card_refused", providerCode: "invalid_creditCard", message: PAYMENT_MESSAGES.cardRefused });
    expect(error.message).toMatch(/^Cartão recusado/);
    expect(fake.state.subscriptions.size).toBe(before);
  });

  it.each([
    "O titular do cartão 5162306219378829 não confere.",
    "O código de segurança 318 não confere com o titular.",
  ])("never repeats a description that echoes the card number or its CVV: %s", async (description) => {
    fake.failNext("POST", "/subscriptions", { status: 400, body: { errors: [{ code: "invalid_creditCardHolderInfo", description }] } });
    const error = await failureOf(provider().createSubscription(cardInput()));
    expect(error).toMatchObject({ failure: "invalid_data", message: PAYMENT_MESSAGES.invalidData });
  });

  it("answers with its own words when ASAAS's reason is not in Portuguese", async () => {
    fake.failNext("POST", "/customers", { status: 400, body: { errors: [{ code: "invalid_email", description: "The email field is invalid" }] } });
    const error = await failureOf(provider().createSubscription(input()));
    expect(error).toMatchObject({ failure: "invalid_data", providerCode: "invalid_email", message: PAYMENT_MESSAGES.invalidData });
  });

  it("treats a refusal of what the club sent (price, cycle, billing type) as the club's problem, not hers", async () => {
    fake.failNext("POST", "/subscriptions", { status: 400, body: { errors: [{ code: "invalid_billingType", description: "Forma de pagamento não habilitada." }] } });
    const error = await failureOf(provider().createSubscription(input()));
    expect(error).toMatchObject({ failure: "configuration", providerCode: "invalid_billingType", message: PAYMENT_MESSAGES.configuration });
  });

  it.each([
    [500, PAYMENT_MESSAGES.unavailable],
    [503, PAYMENT_MESSAGES.unavailable],
    [429, PAYMENT_MESSAGES.rateLimited],
  ])("says the service is unavailable on HTTP %i", async (status, message) => {
    fake.failNext("GET", "/customers", { status });
    const error = await failureOf(provider().createSubscription(input()));
    expect(error).toMatchObject({ failure: "unavailable", message });
  });

  it("gives up after its timeout and says the service did not answer", async () => {
    fake.failNext("GET", "/customers", { status: 200, body: list([]), delayMs: 1000 });
    const started = Date.now();
    const error = await failureOf(provider({ timeoutMs: 150 }).createSubscription(input()));
    expect(error).toMatchObject({ failure: "unavailable", message: PAYMENT_MESSAGES.unavailable });
    expect(Date.now() - started).toBeLessThan(900);
  });

  it("treats an unreachable ASAAS as unavailable", async () => {
    const error = await failureOf(provider({ apiUrl: "http://127.0.0.1:9/v3", timeoutMs: 2000 }).createSubscription(input()));
    expect(error).toMatchObject({ failure: "unavailable" });
  });
});

function list(data: unknown[]) {
  return { object: "list", hasMore: false, totalCount: data.length, limit: 10, offset: 0, data };
}

describe("ASAAS adapter: never an orphan subscription", () => {
  it("reads the first charge again once when the first read fails", async () => {
    fake.failNext("GET", /^\/subscriptions\/[^/]+\/payments$/, { status: 502 });
    const created = await provider().createSubscription(input());
    expect(paths().filter((p) => p.endsWith("/payments"))).toHaveLength(2);
    expect(created.firstPayment.pix).not.toBeNull();
    expect(fake.state.subscriptions.get(created.subscriptionId)!.deleted).toBe(false);
  });

  it("cancels the new subscription and says so when its first charge cannot be read twice", async () => {
    fake.failNext("GET", /^\/subscriptions\/[^/]+\/payments$/, { status: 500 }, 2);
    const error = await failureOf(provider().createSubscription(input({ externalReference: "plansub_orphan" })));
    expect(error).toMatchObject({ failure: "unavailable", message: PAYMENT_MESSAGES.firstPaymentUnreadable });
    const subscription = [...fake.state.subscriptions.values()].find((s) => s.externalReference === "plansub_orphan")!;
    expect(paths().at(-1)).toBe(`DELETE /subscriptions/${subscription.id}`);
    expect(subscription.deleted).toBe(true);
  });

  it("cancels the new subscription when its PIX QR code cannot be read twice", async () => {
    fake.failNext("GET", /^\/payments\/[^/]+\/pixQrCode$/, { status: 404, body: { errors: [{ code: "not_found", description: "QR Code não encontrado." }] } }, 2);
    const error = await failureOf(provider().createSubscription(input({ externalReference: "plansub_noqr" })));
    expect(error).toMatchObject({ failure: "unavailable", message: PAYMENT_MESSAGES.firstPaymentUnreadable });
    expect([...fake.state.subscriptions.values()].find((s) => s.externalReference === "plansub_noqr")!.deleted).toBe(true);
  });

  it("finds the subscription ASAAS created although its answer was lost, instead of creating a second one", async () => {
    fake.failNext("POST", "/subscriptions", { status: 504, afterHandling: true });
    const created = await provider().createSubscription(input({ externalReference: "plansub_lost" }));
    const mine = [...fake.state.subscriptions.values()].filter((s) => s.externalReference === "plansub_lost");
    expect(mine.map((s) => s.id)).toEqual([created.subscriptionId]);
    const lookup = fake.requests.find((r) => r.method === "GET" && r.path === "/subscriptions")!;
    expect(lookup.query).toEqual({ customer: created.customerId, externalReference: "plansub_lost" });
    expect(created.firstPayment.pix).not.toBeNull();
  });

  it("says unavailable when the subscription call fails and ASAAS holds none", async () => {
    fake.failNext("POST", "/subscriptions", { status: 500 });
    const error = await failureOf(provider().createSubscription(input({ externalReference: "plansub_none" })));
    expect(error).toMatchObject({ failure: "unavailable", message: PAYMENT_MESSAGES.unavailable });
    expect([...fake.state.subscriptions.values()].some((s) => s.externalReference === "plansub_none")).toBe(false);
  });
});

describe("ASAAS adapter: cancelling", () => {
  it("deletes the subscription, and its pending charge with it", async () => {
    const created = await provider().createSubscription(input({ billingType: "BOLETO", nextDueDate: dayInSaoPaulo(new Date(), 3) }));
    fake.requests.length = 0;
    await provider().cancelSubscription(created.subscriptionId);
    expect(paths()).toEqual([`DELETE /subscriptions/${created.subscriptionId}`]);
    expect(fake.state.subscriptions.get(created.subscriptionId)!.deleted).toBe(true);
    expect(fake.state.payments.get(created.firstPayment.id)!.deleted).toBe(true);
  });

  it("counts a subscription ASAAS no longer has as cancelled", async () => {
    await expect(provider().cancelSubscription("sub_gone")).resolves.toBeUndefined();
    const created = await provider().createSubscription(input());
    await provider().cancelSubscription(created.subscriptionId);
    await expect(provider().cancelSubscription(created.subscriptionId)).resolves.toBeUndefined();
  });

  it("fails when ASAAS fails to cancel", async () => {
    const created = await provider().createSubscription(input());
    fake.failNext("DELETE", /^\/subscriptions\//, { status: 500 });
    const error = await failureOf(provider().cancelSubscription(created.subscriptionId));
    expect(error).toMatchObject({ failure: "unavailable" });
    expect(fake.state.subscriptions.get(created.subscriptionId)!.deleted).toBe(false);
  });
});

describe("fake ASAAS: the webhook events billing's tests will feed", () => {
  it("builds the event ASAAS would send for a payment and moves the payment as the event says", async () => {
    const created = await provider().createSubscription(input({ externalReference: "plansub_evt" }));
    const event = fake.eventFor(created.firstPayment.id, "PAYMENT_RECEIVED");
    expect(event).toMatchObject({
      id: expect.stringMatching(/^evt_[0-9a-f]{32}&\d{9}$/),
      event: "PAYMENT_RECEIVED",
      dateCreated: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
      payment: {
        object: "payment",
        id: created.firstPayment.id,
        subscription: created.subscriptionId,
        customer: created.customerId,
        value: 27.9,
        status: "RECEIVED",
        billingType: "PIX",
        paymentDate: today(),
        externalReference: "plansub_evt",
      },
    });
    expect(fake.state.payments.get(created.firstPayment.id)!.status).toBe("RECEIVED");
    const next = fake.nextPayment(created.subscriptionId);
    expect(next.dueDate > created.firstPayment.dueDate).toBe(true);
    expect(next.status).toBe("PENDING");
  });
});
