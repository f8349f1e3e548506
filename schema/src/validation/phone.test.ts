import { describe, expect, it } from "vitest";
import { COUNTRIES, applyMask, maskDigitCount } from "../countries.js";
import { formatStoredPhone, normalisePhone } from "./phone.js";

describe("normalisePhone", () => {
  it("adds 55 to a Brazilian number of up to 11 digits", () => {
    expect(normalisePhone("(11) 98765-4321", "BR")).toEqual({ ok: true, e164Digits: "5511987654321", country: "BR" });
    expect(normalisePhone("5511987654321", "BR")).toMatchObject({ e164Digits: "5511987654321" });
    expect(normalisePhone("11987654321", "+55")).toMatchObject({ e164Digits: "5511987654321" });
  });

  it("prefixes other countries' calling code", () => {
    expect(normalisePhone("912 345 678", "PT")).toMatchObject({ ok: true, e164Digits: "351912345678" });
    expect(normalisePhone("351912345678", "PT")).toMatchObject({ e164Digits: "351912345678" });
  });

  it("refuses numbers that cannot receive WhatsApp messages", () => {
    expect(normalisePhone("123", "BR")).toEqual({ ok: false });
    expect(normalisePhone("1133334444", "BR")).toEqual({ ok: false }); // São Paulo landline
    expect(normalisePhone("", "BR")).toEqual({ ok: false });
  });

  it("accepts every country's own example number, masked as its mask says", () => {
    expect(COUNTRIES.length).toBeGreaterThanOrEqual(45);
    for (const country of COUNTRIES) {
      const digits = country.placeholder.replace(/\D/g, "");
      expect(digits.length, country.code).toBe(maskDigitCount(country.mask));
      expect(applyMask(country.mask, digits), country.code).toBe(country.placeholder);
      expect(normalisePhone(digits, country.code).ok, `${country.code} ${country.placeholder}`).toBe(true);
    }
  });
});

describe("formatStoredPhone", () => {
  it("shows a stored Brazilian phone with its mask after +55, another in its country's international form", () => {
    expect(formatStoredPhone("5543993664784")).toBe("+55 (43) 99366-4784");
    expect(formatStoredPhone("551133334444")).toBe("+55 (11) 3333-4444");
    expect(formatStoredPhone("351912345678")).toBe("+351 912 345 678");
    expect(formatStoredPhone("12")).toBe("12");
  });
});
