import { parsePhoneNumberFromString, type CountryCode } from "libphonenumber-js/max";
import { DEFAULT_COUNTRY, findCountry } from "../countries.js";

export type PhoneResult = { ok: true; e164Digits: string; country: string } | { ok: false };

/**
 * Turns what the login form sends (digits with or without the country's calling code, and the
 * country as ISO code or calling code) into E.164 digits without '+'. Brazil adds 55 when the
 * number has up to 11 digits (spec part 1 section 5). Only mobile-capable numbers are accepted,
 * since the token goes to WhatsApp.
 */
export function normalisePhone(phone: string, countryCode?: string | null): PhoneResult {
  const digits = (phone ?? "").replace(/\D/g, "");
  if (digits.length < 6 || digits.length > 15) return { ok: false };
  const country = findCountry(countryCode) ?? DEFAULT_COUNTRY;
  const dial = country.phoneCode.slice(1);
  const candidates: string[] = [];
  if (country.code === "BR") {
    candidates.push(digits.length <= 11 ? `55${digits}` : digits);
  } else {
    if (digits.startsWith(dial)) candidates.push(digits);
    candidates.push(`${dial}${digits}`);
  }
  for (const candidate of candidates) {
    const parsed = parsePhoneNumberFromString(`+${candidate}`);
    if (!parsed || !parsed.isValid()) continue;
    const type = parsed.getType();
    if (type && type !== "MOBILE" && type !== "FIXED_LINE_OR_MOBILE") continue;
    if (parsed.country && parsed.country !== (country.code as CountryCode) && parsed.countryCallingCode !== dial) continue;
    return { ok: true, e164Digits: parsed.number.slice(1), country: parsed.country ?? country.code };
  }
  return { ok: false };
}

/**
 * A stored phone (E.164 digits without '+') as a person reads it: a Brazilian one with its national
 * mask after the calling code, as the sign-in form and the profile show it ('+55 (43) 99366-4784'),
 * another in its country's international form ('+351 912 345 678'); the digits as they are when no
 * country has them.
 */
export function formatStoredPhone(digits: string): string {
  const phone = parsePhoneNumberFromString(`+${digits.replace(/\D/g, "")}`);
  if (!phone) return digits;
  return phone.country === "BR" ? `+55 ${phone.formatNational()}` : phone.formatInternational();
}

export const TOKEN_PATTERN = /^\d{6}$/;
