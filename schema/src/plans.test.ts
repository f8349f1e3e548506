import { describe, expect, it } from "vitest";
import { PLANS } from "./constants.js";
import { annualSavingCents, BILLING_CYCLES, planPrices, priceOf, reaisFromCents } from "./plans.js";

const LIST = {
  nobreza: { monthly: 0, annualPerMonth: 0 },
  alteza: { monthly: 2790, annualPerMonth: 2511 },
  majestade: { monthly: 4490, annualPerMonth: 4041 },
  imperatriz: { monthly: 6990, annualPerMonth: 6291 },
} as const;

describe("plan prices", () => {
  it("are the spec's prices in integer cents on both cycles", () => {
    for (const plan of PLANS) {
      const monthly = priceOf(plan, "monthly");
      const annual = priceOf(plan, "annual");
      expect(monthly).toMatchObject({ perMonthCents: LIST[plan].monthly, chargeCents: LIST[plan].monthly, discountCents: 0 });
      expect(annual).toMatchObject({ perMonthCents: LIST[plan].annualPerMonth, chargeCents: 12 * LIST[plan].annualPerMonth, discountCents: 0 });
      for (const price of [monthly, annual]) {
        expect(Number.isInteger(price.chargeCents) && Number.isInteger(price.perMonthCents)).toBe(true);
      }
    }
    expect(priceOf("alteza", "annual").chargeCents).toBe(30132);
    expect(reaisFromCents(priceOf("alteza", "annual").chargeCents)).toBe(301.32);
  });

  it("save 12 × monthly − 12 × annual a year on the annual cycle", () => {
    expect(PLANS.map(annualSavingCents)).toEqual([0, 3348, 5388, 8388]);
    expect(planPrices().map((p) => p.annualSavingCents)).toEqual([0, 3348, 5388, 8388]);
  });
});

describe("promo codes on prices", () => {
  const promo = { monthlyDiscountCents: 500, annualDiscountCents: 6000 };

  it("take the monthly discount off each month of a monthly plan", () => {
    for (const plan of PLANS) {
      const price = priceOf(plan, "monthly", promo);
      expect(price.chargeCents).toBe(Math.max(0, LIST[plan].monthly - 500));
      expect(price.perMonthCents).toBe(price.chargeCents);
      expect(price.discountCents).toBe(LIST[plan].monthly - price.chargeCents);
    }
  });

  it("take annualDiscount / 12 off each month of an annual plan, the whole discount off the year", () => {
    for (const plan of PLANS) {
      const price = priceOf(plan, "annual", promo);
      const year = Math.max(0, 12 * LIST[plan].annualPerMonth - 6000);
      expect(price.chargeCents).toBe(year);
      expect(price.perMonthCents).toBe(Math.round(year / 12));
    }
    // 25.11 − 60.00 / 12 = 20.11 a month, 241.32 a year.
    expect(priceOf("alteza", "annual", promo)).toMatchObject({ perMonthCents: 2011, chargeCents: 24132, discountCents: 6000 });
    // A discount that does not divide by 12: the year is charged exactly, the month shown rounded.
    expect(priceOf("majestade", "annual", { monthlyDiscountCents: 0, annualDiscountCents: 1001 })).toMatchObject({
      chargeCents: 12 * 4041 - 1001,
      perMonthCents: Math.round((12 * 4041 - 1001) / 12),
    });
  });

  it("never go below zero, however large the discount", () => {
    const huge = { monthlyDiscountCents: 1_000_000, annualDiscountCents: 10_000_000 };
    for (const plan of PLANS) {
      for (const cycle of BILLING_CYCLES) {
        const price = priceOf(plan, cycle, huge);
        expect(price).toMatchObject({ chargeCents: 0, perMonthCents: 0 });
        expect(price.discountCents).toBe(cycle === "monthly" ? LIST[plan].monthly : 12 * LIST[plan].annualPerMonth);
      }
    }
  });

  it("leave the price alone when there is no promo or a zero one", () => {
    for (const plan of PLANS) {
      for (const cycle of BILLING_CYCLES) {
        expect(priceOf(plan, cycle, { monthlyDiscountCents: 0, annualDiscountCents: 0 })).toEqual(priceOf(plan, cycle));
        expect(priceOf(plan, cycle, null)).toEqual(priceOf(plan, cycle));
      }
    }
  });
});
