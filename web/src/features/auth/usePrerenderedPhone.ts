import { useEffect, useRef, useState } from "react";
import { DEFAULT_COUNTRY, findCountry } from "@clube-coroa/schema";
import { prerenderedFocus, prerenderedValue } from "../../lib/prerendered";
import { phoneDigits } from "./phone";

/**
 * Her country and number on the sign-in page, starting from what she picked and typed on the
 * prerendered /auth before the scripts ran.
 */
export function usePrerenderedPhone() {
  const [typedBeforeScripts] = useState(() => {
    const typedCountry = findCountry(prerenderedValue("country") ?? "") ?? DEFAULT_COUNTRY;
    const typedNumber = prerenderedValue("phone");
    return { country: typedCountry.code, digits: typedNumber ? phoneDigits(typedCountry, typedNumber) : "", focused: prerenderedFocus("phone") };
  });
  const [countryCode, setCountryCode] = useState(typedBeforeScripts.country);
  const [digits, setDigits] = useState(typedBeforeScripts.digits);
  const phoneFormRef = useRef<HTMLFormElement>(null);
  // What she typed while React was taking the prerendered form over (hydration keeps the fields'
  // values but not the keys she pressed meanwhile) is in the fields and not yet in the state: read
  // it back once, after the first commit.
  useEffect(() => {
    const form = phoneFormRef.current;
    if (!form) return;
    const typedCountry = findCountry(form.querySelector<HTMLSelectElement>('[data-keep="country"]')?.value ?? "");
    const typedNumber = form.querySelector<HTMLInputElement>('[data-keep="phone"]')?.value ?? "";
    if (typedCountry) setCountryCode(typedCountry.code);
    if (typedNumber) setDigits(phoneDigits(typedCountry ?? DEFAULT_COUNTRY, typedNumber));
  }, []);
  return { typedBeforeScripts, countryCode, setCountryCode, digits, setDigits, phoneFormRef };
}
