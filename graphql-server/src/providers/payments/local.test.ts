import { Writable } from "node:stream";
import { pino } from "pino";
import { describe, expect, it, vi } from "vitest";
import { cpfCheckDigits } from "@clube-coroa/schema";
import { qrCodeEncodes } from "../../../test/fake-asaas.js";
import { PAYMENT_MESSAGES } from "./asaas.js";
import { boletoCodes, cardBrandOf, crc16, LocalPaymentProvider } from "./local.js";
import { PaymentProviderError, type AsaasWebhookEvent, type CreateSubscriptionInput } from "./payments.js";

// 2026-03-10 15:04:05 UTC is 12:04:05 in São Paulo.
const NOW = new Date("2026-03-10T15:04:05Z");
const CPF = `529982247${cpfCheckDigits("529982247")}`;
const CARD = { holderName: "MARIA S SILVA", number: "5162306219378829", expiryMonth: "05", expiryYear: "2031", ccv: "318" };

function setup() {
  const delivered: AsaasWebhookEvent[] = [];
  let lines = "";
  const log = pino(
    { level: "debug" },
    new Writable({
      write(chunk, _encoding, done) {
        lines += chunk.toString();
        done();
      },
    }),
  );
  const deliver = vi.fn(async (event: AsaasWebhookEvent) => {
    delivered.push(event);
  });
  const provider = new LocalPaymentProvider({ now: () => NOW, deliver, log });
  return { provider, deliver, delivered, logged: () => lines };
}

function input(overrides: Partial<CreateSubscriptionInput> = {}): CreateSubscriptionInput {
  return {
    customer: { name: "Maria Silva", email: "maria@example.com", phone: "11987654321", cpfCnpj: CPF, externalReference: "user_42" },
    billingType: "PIX",
    cycle: "MONTHLY",
    valueCents: 2790,
    nextDueDate: "2026-03-10",
    description: "Clube Coroa: plano Alteza (mensal)",
    externalReference: "plansub_7",
    ...overrides,
  };
}

const cardInput = (number = CARD.number) =>
  input({
    billingType: "CREDIT_CARD",
    valueCents: 4490,
    card: {
      card: { ...CARD, number },
      holder: { name: "Maria Silva", email: "maria@example.com", cpfCnpj: CPF, postalCode: "01310100", addressNumber: "1000", phone: "11987654321" },
      remoteIp: "203.0.113.7",
    },
  });

/** The BR Code's fields (EMV TLV: two-digit id, two-digit length, value); templates 26 and 62 read one level down. */
function readEmv(payload: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (let at = 0; at < payload.length; ) {
    const id = payload.slice(at, at + 2);
    const length = Number(payload.slice(at + 2, at + 4));
    fields[id] = payload.slice(at + 4, at + 4 + length);
    at += 4 + length;
  }
  return fields;
}

const nextTick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe("local payment provider", () => {
  it("answers a PIX subscription with ASAAS-shaped ids, a pending charge and a QR code of a well-formed BR Code", async () => {
    const { provider, deliver } = setup();
    const created = await provider.createSubscription(input());
    expect(created.subscriptionId).toMatch(/^sub_local_[0-9a-f]{24}$/);
    expect(created.customerId).toMatch(/^cus_local_[0-9a-f]{24}$/);
    expect(created.firstPayment).toMatchObject({
      id: expect.stringMatching(/^pay_local_[0-9a-f]{24}$/),
      subscriptionId: created.subscriptionId,
      status: "PENDING",
      billingType: "PIX",
      valueCents: 2790,
      dueDate: "2026-03-10",
      invoiceUrl: null,
      boleto: null,
      card: null,
    });
    const pix = created.firstPayment.pix!;
    expect(pix.expiresAt).toBe("2026-03-11T15:04:05.000Z");

    const fields = readEmv(pix.copyPaste);
    expect(fields).toMatchObject({ "00": "01", "01": "12", "52": "0000", "53": "986", "54": "27.90", "58": "BR", "59": "CLUBE COROA", "60": "SAO PAULO" });
    expect(readEmv(fields["26"])).toEqual({ "00": "br.gov.bcb.pix", "25": expect.stringMatching(/^pix\.simulado\.invalid\/qr\/v2\/[0-9a-f]{24}$/) });
    expect(readEmv(fields["62"])).toEqual({ "05": "***" });
    expect(pix.copyPaste.slice(-8, -4)).toBe("6304");
    expect(fields["63"]).toBe(crc16(pix.copyPaste.slice(0, -4)));

    expect(await qrCodeEncodes(pix.qrCodeImage, pix.copyPaste)).toBe(true);
    await nextTick();
    expect(deliver).not.toHaveBeenCalled();
  });

  it("computes the CRC16 of the standard's check value and of a published BR Code", () => {
    expect(crc16("123456789")).toBe("29B1");
    const published = "00020126580014br.gov.bcb.pix0136a23bf0e9-5175-4829-bf89-e8fe6ac09aa1520400005303986540530.005802BR5914TywinLannister6008saopaulo62070503***6304D4FD";
    expect(crc16(published.slice(0, -4))).toBe("D4FD");
  });

  it("never repeats an id", async () => {
    const { provider } = setup();
    const [a, b] = await Promise.all([provider.createSubscription(input()), provider.createSubscription(input())]);
    expect(new Set([a.subscriptionId, b.subscriptionId, a.customerId, b.customerId, a.firstPayment.id, b.firstPayment.id]).size).toBe(6);
  });

  it("answers a boleto with a 47-digit line whose check digits, due factor and amount hold, and a link under our server", async () => {
    const { provider } = setup();
    const created = await provider.createSubscription(input({ billingType: "BOLETO", cycle: "YEARLY", valueCents: 48492, nextDueDate: "2026-03-13" }));
    const { identificationField, bankSlipUrl } = created.firstPayment.boleto!;
    expect(bankSlipUrl).toBe(`/api/dev/payments/${created.firstPayment.id}/boleto`);
    expect(identificationField).toMatch(/^\d{47}$/);
    // Due factor: days since 1997-10-07, restarted at 1000 on 2025-02-22 → 2026-03-13 is 1384.
    expect(identificationField.slice(33)).toBe("13840000048492");
    expect(created.firstPayment.status).toBe("PENDING");
  });

  it("builds a real boleto's barcode and digitable line digit for digit", () => {
    // Banco Inter, due 2022-05-31 (factor 9002), R$ 151,30: "07790.00116 12064.449908 08159.365561 7 90020000015130".
    const codes = boletoCodes({ bankCode: "077", dueDate: "2022-05-31", valueCents: 15130, freeField: "0001112064449900815936556" });
    expect(codes.identificationField).toBe("07790001161206444990808159365561790020000015130");
    expect(codes.barCode).toBe("07797900200000151300001112064449900815936556");
  });

  it("confirms a card at once and delivers PAYMENT_CONFIRMED after answering, in ASAAS's webhook format", async () => {
    const { provider, delivered, logged } = setup();
    const created = await provider.createSubscription(cardInput());
    expect(created.firstPayment).toMatchObject({ status: "CONFIRMED", billingType: "CREDIT_CARD", valueCents: 4490, pix: null, boleto: null });
    expect(created.firstPayment.card).toEqual({ brand: "MASTERCARD", last4: "8829" });
    expect(delivered).toHaveLength(0);

    await vi.waitFor(() => expect(delivered).toHaveLength(1));
    const [event] = delivered;
    expect(event).toEqual({
      id: expect.stringMatching(/^evt_[0-9a-f]{32}&\d{9}$/),
      event: "PAYMENT_CONFIRMED",
      dateCreated: "2026-03-10 12:04:05",
      payment: expect.objectContaining({
        object: "payment",
        id: created.firstPayment.id,
        subscription: created.subscriptionId,
        customer: created.customerId,
        value: 44.9,
        netValue: 44.9,
        status: "CONFIRMED",
        billingType: "CREDIT_CARD",
        dueDate: "2026-03-10",
        paymentDate: null,
        confirmedDate: "2026-03-10",
        externalReference: "plansub_7",
        invoiceUrl: null,
        creditCard: { creditCardNumber: "8829", creditCardBrand: "MASTERCARD" },
      }),
    });
    for (const text of [JSON.stringify(event), JSON.stringify(created), logged()]) {
      expect(text).not.toMatch(/5162306219378829|"318"|ccv|MARIA S SILVA|203\.0\.113\.7/);
    }
    expect(logged()).not.toMatch(/8829|MASTERCARD/);
  });

  it("refuses a card number ending in 0002 like a declined card, and delivers nothing", async () => {
    const { provider, deliver } = setup();
    const error = await provider.createSubscription(cardInput("4111111111110002")).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaymentProviderError);
    expect(error).toMatchObject({ failure: "card_refused", providerCode: "invalid_creditCard", message: PAYMENT_MESSAGES.cardRefused });
    expect((error as Error).message).not.toContain("0002");
    await nextTick();
    expect(deliver).not.toHaveBeenCalled();
  });

  it.each([
    ["4111111111111111", "VISA"],
    ["5555555555554444", "MASTERCARD"],
    ["2223000048400011", "MASTERCARD"],
    ["378282246310005", "AMEX"],
    ["6362970000457013", "ELO"],
    ["5067224275805500", "ELO"],
    ["6062825624254001", "HIPERCARD"],
    ["36490102462661", "DINERS"],
    ["6011111111111117", "DISCOVER"],
    ["3566111111111113", "JCB"],
    ["9999999999999999", "UNKNOWN"],
  ])("names the brand of %s %s", (number, brand) => {
    expect(cardBrandOf(number)).toBe(brand);
  });

  it("refuses an invalid CPF as ASAAS does", async () => {
    const { provider } = setup();
    const error = await provider.createSubscription(input({ customer: { ...input().customer, cpfCnpj: "12345678900" } })).catch((e: unknown) => e);
    expect(error).toMatchObject({ failure: "invalid_data", providerCode: "invalid_cpfCnpj", message: PAYMENT_MESSAGES.invalidCpfCnpj });
  });

  it("confirms a PIX or boleto charge with PAYMENT_RECEIVED, delivered before it returns", async () => {
    const { provider, delivered } = setup();
    const event = await provider.confirm({
      id: "pay_local_abc",
      subscriptionId: "sub_local_abc",
      customerId: "cus_local_abc",
      billingType: "BOLETO",
      valueCents: 48492,
      dueDate: "2026-03-13",
      externalReference: "plansub_9",
    });
    expect(delivered).toEqual([event]);
    expect(event).toMatchObject({
      id: expect.stringMatching(/^evt_[0-9a-f]{32}&\d{9}$/),
      event: "PAYMENT_RECEIVED",
      dateCreated: "2026-03-10 12:04:05",
      payment: {
        object: "payment",
        id: "pay_local_abc",
        subscription: "sub_local_abc",
        customer: "cus_local_abc",
        value: 484.92,
        netValue: 484.92,
        status: "RECEIVED",
        billingType: "BOLETO",
        dueDate: "2026-03-13",
        paymentDate: "2026-03-10",
        confirmedDate: "2026-03-10",
        externalReference: "plansub_9",
        invoiceUrl: null,
      },
    });
    expect(event.payment).not.toHaveProperty("creditCard");
  });

  it("confirms a card charge with PAYMENT_CONFIRMED", async () => {
    const { provider } = setup();
    const event = await provider.confirm({
      id: "pay_local_card",
      subscriptionId: null,
      billingType: "CREDIT_CARD",
      valueCents: 2790,
      dueDate: "2026-03-10",
      card: { brand: "VISA", last4: "1111" },
    });
    expect(event.event).toBe("PAYMENT_CONFIRMED");
    expect(event.payment).toMatchObject({ status: "CONFIRMED", value: 27.9, subscription: null, creditCard: { creditCardNumber: "1111", creditCardBrand: "VISA" } });
  });

  it("logs a failed delivery of the card event instead of failing the process", async () => {
    const log = { info: vi.fn(), error: vi.fn() };
    const provider = new LocalPaymentProvider({ now: () => NOW, deliver: () => Promise.reject(new Error("webhook down")), log: log as never });
    await provider.createSubscription(cardInput());
    await vi.waitFor(() => expect(log.error).toHaveBeenCalledTimes(1));
    expect(JSON.stringify(log.error.mock.calls[0][0])).not.toContain(CARD.number);
  });

  it("has nothing to do to cancel", async () => {
    const { provider } = setup();
    await expect(provider.cancelSubscription("sub_local_abc")).resolves.toBeUndefined();
  });
});
