import { applyMask, maskDigitCount, type Country } from "@clube-coroa/schema";

/** Keeps only digits, never more than the country's mask holds. */
export function phoneDigits(country: Country, value: string): string {
  return value.replace(/\D/g, "").slice(0, maskDigitCount(country.mask));
}

export function isPhoneComplete(country: Country, digits: string): boolean {
  return digits.length === maskDigitCount(country.mask);
}

/**
 * The full international digits the server receives (spec part 1 §5): Brazil gets 55 in front
 * when absent (numbers of up to 11 digits); other countries get their calling code.
 */
export function internationalPhone(country: Country, digits: string): string {
  if (country.code === "BR") return digits.length <= 11 ? `55${digits}` : digits;
  return `${country.phoneCode.replace(/\D/g, "")}${digits}`;
}

export function displayPhone(country: Country, digits: string): string {
  return `${country.phoneCode} ${applyMask(country.mask, digits)}`;
}
