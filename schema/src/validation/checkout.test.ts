import { describe, expect, it } from "vitest";
import { businessDaysAfterInSaoPaulo, periodEndInSaoPaulo } from "../calendar.js";
import { CHECKOUT_MESSAGES, checkoutSchema, passesLuhn } from "./checkout.js";
import { formatCpfCnpj, isValidCnpj, isValidCpfCnpj } from "./cpf.js";

const NOW = new Date("2026-03-10T12:00:00Z");
const customer = { name: "Maria Souza", email: "maria@example.com", phone: "(11) 98765-4321", cpfCnpj: "529.982.247-25" };
const card = { holderName: "MARIA SOUZA", number: "4111 1111 1111 1111", expiryMonth: "12", expiryYear: "2030", ccv: "123" };
const parse = (input: Record<string, unknown>) => checkoutSchema(NOW).safeParse({ plan: "alteza", billingType: "PIX", billingCycle: "monthly", customer, ...input });
const firstMessage = (input: Record<string, unknown>) => {
  const result = parse(input);
  return result.success ? null : result.error.issues[0]!.message;
};

describe("the checkout's rules", () => {
  it("accepts a PIX checkout and gives digits only for phone and CPF", () => {
    const result = parse({});
    expect(result.success && result.data.customer).toMatchObject({ phone: "11987654321", cpfCnpj: "52998224725" });
  });

  it("says each required field by the spec's text", () => {
    expect(firstMessage({ customer: { ...customer, name: " " } })).toBe("Nome completo é obrigatório");
    expect(firstMessage({ customer: { ...customer, email: "" } })).toBe("Email é obrigatório");
    expect(firstMessage({ customer: { ...customer, phone: "" } })).toBe("Telefone é obrigatório");
    expect(firstMessage({ customer: { ...customer, cpfCnpj: "" } })).toBe("CPF é obrigatório");
    const cardCases: [keyof typeof card, string][] = [
      ["holderName", "Nome do portador do cartão é obrigatório"],
      ["number", "Número do cartão é obrigatório"],
      ["expiryMonth", "Mês de vencimento é obrigatório"],
      ["expiryYear", "Ano de vencimento é obrigatório"],
      ["ccv", "CVV é obrigatório"],
    ];
    for (const [field, message] of cardCases) {
      expect(firstMessage({ billingType: "CREDIT_CARD", creditCard: { ...card, [field]: "" } }), field).toBe(message);
    }
    expect(firstMessage({ billingType: "CREDIT_CARD" })).toBe(CHECKOUT_MESSAGES.numberRequired);
  });

  it("bounds the card: CVV of 3 or 4 digits, month 01-12, this year and the next 9, not expired, Luhn", () => {
    const withCard = (over: Partial<typeof card>) => firstMessage({ billingType: "CREDIT_CARD", creditCard: { ...card, ...over } });
    expect(withCard({})).toBeNull();
    expect(withCard({ ccv: "1234" })).toBeNull();
    expect(withCard({ ccv: "12345" })).toBe(CHECKOUT_MESSAGES.ccvInvalid);
    expect(withCard({ expiryMonth: "13" })).toBe(CHECKOUT_MESSAGES.monthInvalid);
    expect(withCard({ expiryYear: "2035" })).toBeNull();
    expect(withCard({ expiryYear: "2036" })).toBe(CHECKOUT_MESSAGES.yearInvalid);
    expect(withCard({ expiryYear: "2025" })).toBe(CHECKOUT_MESSAGES.yearInvalid);
    expect(withCard({ expiryYear: "2026", expiryMonth: "02" })).toBe(CHECKOUT_MESSAGES.cardExpired);
    expect(withCard({ expiryYear: "2026", expiryMonth: "03" })).toBeNull();
    expect(withCard({ number: "4111 1111 1111 1112" })).toBe(CHECKOUT_MESSAGES.cardInvalid);
    expect(passesLuhn("5162306219378829")).toBe(true);
  });

  it("takes a CPF or a CNPJ with their check digits", () => {
    expect(isValidCnpj("11.222.333/0001-81")).toBe(true);
    expect(isValidCnpj("11.222.333/0001-82")).toBe(false);
    expect(isValidCnpj("11111111111111")).toBe(false);
    expect(isValidCpfCnpj("52998224725")).toBe(true);
    expect(isValidCpfCnpj("52998224726")).toBe(false);
    expect(formatCpfCnpj("11222333000181")).toBe("11.222.333/0001-81");
    expect(formatCpfCnpj("52998224725")).toBe("529.982.247-25");
    expect(firstMessage({ customer: { ...customer, cpfCnpj: "11.222.333/0001-81" } })).toBeNull();
  });
});

describe("billing dates in São Paulo", () => {
  it("puts a boleto 3 business days ahead, over the weekend", () => {
    expect(businessDaysAfterInSaoPaulo(new Date("2026-03-10T12:00:00Z"), 3)).toBe("2026-03-13");
    expect(businessDaysAfterInSaoPaulo(new Date("2026-11-27T15:00:00Z"), 3)).toBe("2026-12-02");
    // 23:30 on a Friday in São Paulo is still Friday there (02:30 UTC on Saturday).
    expect(businessDaysAfterInSaoPaulo(new Date("2026-11-28T02:30:00Z"), 3)).toBe("2026-12-02");
  });

  it("ends a paid period a month or a year after the due date, at midnight in São Paulo", () => {
    expect(periodEndInSaoPaulo("2026-03-10", "monthly").toISOString()).toBe("2026-04-10T03:00:00.000Z");
    expect(periodEndInSaoPaulo("2026-01-31", "monthly").toISOString()).toBe("2026-02-28T03:00:00.000Z");
    expect(periodEndInSaoPaulo("2026-12-15", "monthly").toISOString()).toBe("2027-01-15T03:00:00.000Z");
    expect(periodEndInSaoPaulo("2026-03-10", "annual").toISOString()).toBe("2027-03-10T03:00:00.000Z");
    expect(periodEndInSaoPaulo("2028-02-29", "annual").toISOString()).toBe("2029-02-28T03:00:00.000Z");
  });
});
