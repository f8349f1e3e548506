import { PROMO_MESSAGES } from "@clube-coroa/schema";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMember, startTestApp, TestClient, type TestApp } from "../../../test/harness.js";

let t: TestApp;
const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  t = await startTestApp({ PROMO_CHECKS_PER_HOUR: "40" });
  const now = t.clock.now().getTime();
  await t.app.services.prisma.promoCode.createMany({
    data: [
      { code: "COROA10", description: "10% em qualquer plano pago", monthlyDiscountCents: 279, annualDiscountCents: 3000 },
      { code: "SOALTEZA", description: "Só Alteza", monthlyDiscountCents: 500, annualDiscountCents: 5000, plans: ["alteza"] },
      { code: "VENCIDO", description: "Acabou", monthlyDiscountCents: 500, validUntil: new Date(now - DAY) },
      { code: "FUTURO", description: "Ainda não", monthlyDiscountCents: 500, validFrom: new Date(now + DAY) },
      { code: "ESGOTADO", description: "Esgotado", monthlyDiscountCents: 500, maxUses: 3, usesCount: 3 },
      { code: "DESLIGADO", description: "Inativo", monthlyDiscountCents: 500, active: false },
    ],
  });
});
afterAll(() => t?.close());

const validate = (client: TestClient, code: unknown, plan: unknown) => client.rest("POST", "/api/promo-codes/validate", { code, plan });

describe("plans", () => {
  it("lists the four plans in rank order with the spec's prices in cents, savings and features", async () => {
    const answer = await new TestClient(t.url).gql(
      "{ plans { plan label badgeColour comingSoon monthlyCents annualPerMonthCents annualCents annualSavingCents features checkoutFeatures } }",
    );
    const plans = answer.body.data.plans;
    expect(plans.map((p: { plan: string }) => p.plan)).toEqual(["nobreza", "alteza", "majestade", "imperatriz"]);
    expect(plans[1]).toMatchObject({ label: "Alteza", badgeColour: "blue", comingSoon: false, monthlyCents: 2790, annualPerMonthCents: 2511, annualCents: 30132, annualSavingCents: 3348 });
    expect(plans[3]).toMatchObject({ badgeColour: "pink", comingSoon: true, monthlyCents: 6990 });
    for (const plan of plans) expect(plan.features.length && plan.checkoutFeatures.length).toBeGreaterThan(0);
  });
});

describe("promo codes", () => {
  it("gives a valid code's discounts in reais over REST and in cents over GraphQL, whatever its case", async () => {
    const { client } = await createMember(t, "5511966");
    expect((await validate(client, " coroa10 ", "majestade")).body).toEqual({
      valid: true,
      code: "COROA10",
      monthlyDiscount: 2.79,
      annualDiscount: 30,
      description: "10% em qualquer plano pago",
    });
    const gql = await client.gql(
      "query ($c: String!) { validatePromoCode(code: $c, plan: alteza) { __typename ... on PromoValidation { valid code monthlyDiscountCents annualDiscountCents error } } }",
      { c: "soalteza" },
    );
    expect(gql.body.data.validatePromoCode).toEqual({
      __typename: "PromoValidation",
      valid: true,
      code: "SOALTEZA",
      monthlyDiscountCents: 500,
      annualDiscountCents: 5000,
      error: null,
    });
  });

  it("says why a code does not apply: unknown, inactive, not yet, expired, used up, another plan, not a sold plan", async () => {
    const { client } = await createMember(t, "5511966");
    const cases: [string, string, string][] = [
      ["NAOEXISTE", "alteza", PROMO_MESSAGES.invalid],
      ["ABC", "alteza", PROMO_MESSAGES.invalid],
      ["COR\u0000OA10", "alteza", PROMO_MESSAGES.invalid],
      ["DESLIGADO", "alteza", PROMO_MESSAGES.invalid],
      ["FUTURO", "alteza", PROMO_MESSAGES.notYet],
      ["VENCIDO", "alteza", PROMO_MESSAGES.expired],
      ["ESGOTADO", "alteza", PROMO_MESSAGES.usedUp],
      ["SOALTEZA", "majestade", "Este código promocional não vale para o plano Majestade"],
      ["COROA10", "nobreza", PROMO_MESSAGES.notSold],
      ["COROA10", "imperatriz", PROMO_MESSAGES.notSold],
    ];
    for (const [code, plan, error] of cases) {
      if (!code.includes("\u0000")) {
        expect((await validate(client, code, plan)).body, code).toEqual({ valid: false, monthlyDiscount: 0, annualDiscount: 0, description: null, error });
      }
      const gql = await client.gql(
        "query ($c: String!, $p: Plan!) { validatePromoCode(code: $c, plan: $p) { ... on PromoValidation { valid error } } }",
        { c: code, p: plan },
      );
      expect(gql.body.data.validatePromoCode, code).toEqual({ valid: false, error });
    }
  });

  it("is for members, and refuses a body without a code or a known plan", async () => {
    expect((await validate(new TestClient(t.url), "COROA10", "alteza")).status).toBe(401);
    const { client } = await createMember(t, "5511966");
    for (const [code, plan] of [[undefined, "alteza"], ["COROA10", "rainha"], [123, "alteza"]]) {
      const answer = await validate(client, code, plan);
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ code: "VALIDATION", error: "Informe o código promocional e o plano" });
    }
  });

  it("counts a member's checks, so codes cannot be guessed by the thousand", async () => {
    const { client } = await createMember(t, "5511966");
    for (let i = 0; i < 40; i++) expect((await validate(client, `TENTA${i}`, "alteza")).status).toBe(200);
    const refused = await validate(client, "COROA10", "alteza");
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe("RATE_LIMITED");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    const other = await createMember(t, "5511966");
    expect((await validate(other.client, "COROA10", "alteza")).body.valid).toBe(true);
  });
});
