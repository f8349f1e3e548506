import { applyMask, COUNTRIES, maskDigitCount, type Country } from "@clube-coroa/schema";

/**
 * What she typed, pasted or let the browser fill in, as the national digits of `country`, never
 * more than the country's mask holds (issue 15). A pasted or autofilled number may carry the calling
 * code (`+55 11 98888-7777`, `0055…`, or `5511988887777` when that is longer than a national number)
 * and, in Brazil, the trunk prefix 0 with or without a carrier code (`011 98888-7777`,
 * `0 15 11 98888-7777`): each is taken off, so the digits land where they belong.
 */
export function phoneDigits(country: Country, value: string): string {
  const max = maskDigitCount(country.mask);
  let digits = value.replace(/\D/g, "");
  const dial = country.phoneCode.replace(/\D/g, "");
  const international = /^\s*(\+|00)/.test(value);
  if (international) digits = digits.replace(/^00/, "");
  // Only where it cannot be a national number: Brazil's DDD 55 is also a calling code.
  if (digits.startsWith(dial) && (international || digits.length === dial.length + max)) digits = digits.slice(dial.length);
  if (country.code === "BR" && digits.length > 10) {
    const national = /^0(?:\d{2})??(\d{10,11})$/.exec(digits);
    if (national) digits = national[1];
  }
  return digits.slice(0, max);
}

/**
 * The country a pasted international number (`+351 912 345 678`, `00351…`) belongs to, by its
 * calling code; undefined for a national number or an unknown code.
 */
export function countryOfInternational(value: string): Country | undefined {
  if (!/^\s*(\+|00)/.test(value)) return undefined;
  const digits = value.replace(/\D/g, "").replace(/^00/, "");
  // The longest calling code that fits (+1 and +1 268 are different countries).
  return [...COUNTRIES]
    .sort((a, b) => b.phoneCode.length - a.phoneCode.length)
    .find((c) => digits.startsWith(c.phoneCode.replace(/\D/g, "")) && digits.length > c.phoneCode.length - 1);
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

/**
 * The digits she typed, when she picks another country (issue 24): kept only when they are a whole
 * number of the new country (a mobile number, when `isMobile` is at hand), so a Portuguese number
 * typed under Brazil's mask moves over; anything else is cleared rather than poured into the new
 * mask ('(11) 98765' became '119 876 5').
 */
export function digitsForCountry(next: Country, digits: string, isMobile?: ((phone: string, countryCode: string) => boolean) | null): string {
  return isPhoneComplete(next, digits) && (isMobile?.(internationalPhone(next, digits), next.code) ?? true) ? digits : "";
}
