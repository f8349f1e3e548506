import { describe, expect, it } from "vitest";
import { cpfCheckDigits, isValidCpf } from "./cpf.js";

describe("CPF check digits", () => {
  it("computes the two check digits of published examples", () => {
    expect(cpfCheckDigits("111444777")).toBe("35");
    expect(cpfCheckDigits("529982247")).toBe("25");
    // A remainder of 10 gives the digit 0.
    expect(cpfCheckDigits("000000006")).toBe("04");
  });

  it("accepts a CPF whose digits check, formatted or not, and refuses one that does not", () => {
    expect(isValidCpf("111.444.777-35")).toBe(true);
    expect(isValidCpf("52998224725")).toBe(true);
    expect(isValidCpf("52998224726")).toBe(false);
    expect(isValidCpf("5299822472")).toBe(false);
    expect(isValidCpf("111.111.111-11")).toBe(false);
  });
});
