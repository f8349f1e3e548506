import { useEffect, useRef, useState, type FormEvent } from "react";
import { LIMITS, PREMIUM_PROFILE_FIELDS, formatCep, profileSchema, todayInSaoPaulo } from "@clube-coroa/schema";
import {
  EMPTY_PROFILE_VALUES,
  hasPremiumProfile,
  toUf,
  type Address,
  type BooleanFieldName,
  type FieldName,
  type ProfileFormProps,
  type ProfileFormValues,
  type TextFieldName,
} from "./profileFormValues";

/**
 * The profile form's state: her values, the field messages (the form's own checks and the server's),
 * focus on the first one, the address looked up by CEP, and the checked save.
 */
export function useProfileForm({ initial, plan, countryCode = "BR", onSave, onCepLookup, serverErrors = null, whatsappNotificationsEnabled }: ProfileFormProps) {
  const [values, setValues] = useState<ProfileFormValues>(initial);
  const [storedWhatsapp, setStoredWhatsapp] = useState(whatsappNotificationsEnabled);
  // Saved from 'Notificações' (WhatsApp of new messages): the switch shows what is stored.
  if (whatsappNotificationsEnabled !== storedWhatsapp) {
    setStoredWhatsapp(whatsappNotificationsEnabled);
    if (typeof whatsappNotificationsEnabled === "boolean") setValues((v) => ({ ...v, whatsappNotificationsEnabled }));
  }
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [shownServerErrors, setShownServerErrors] = useState(serverErrors);
  const [saving, setSaving] = useState(false);
  const [addressFound, setAddressFound] = useState(false);
  const [focusRequest, setFocusRequest] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const lookedUp = useRef<string | null>(null);
  const premium = hasPremiumProfile(plan);
  const brazil = countryCode.toUpperCase() === "BR";
  const today = todayInSaoPaulo();

  // A new answer from the server: its field messages join the form's own, and the first one takes focus.
  if (serverErrors !== shownServerErrors) {
    setShownServerErrors(serverErrors);
    const known = Object.entries(serverErrors ?? {}).filter(
      (entry): entry is [FieldName, string] => entry[0] in EMPTY_PROFILE_VALUES && !!entry[1],
    );
    if (known.length) {
      setErrors((e) => ({ ...e, ...Object.fromEntries(known) }));
      setFocusRequest((n) => n + 1);
    }
  }

  useEffect(() => {
    if (focusRequest === 0) return;
    const first = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (!first) return;
    // To the middle of the screen, clear of the header and of the sticky 'Salvar Perfil' bar, which
    // hid it on a phone when focus alone left it where it was (issue 15).
    first.scrollIntoView?.({ block: "center" });
    first.focus({ preventScroll: true });
  }, [focusRequest]);

  const clearError = (key: FieldName) => setErrors((e) => (e[key] ? { ...e, [key]: undefined } : e));
  const set = <K extends FieldName>(key: K, value: ProfileFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    clearError(key);
  };

  const text = (key: TextFieldName) => ({
    name: key,
    value: values[key],
    error: errors[key],
    onChange: (e: { target: { value: string } }) => set(key, e.target.value),
  });

  const check = (key: BooleanFieldName) => ({
    name: key,
    checked: values[key],
    onChange: (e: { target: { checked: boolean } }) => set(key, e.target.checked),
    "aria-invalid": errors[key] ? (true as const) : undefined,
  });

  const lookUp = async (digits: string) => {
    lookedUp.current = digits;
    let address: Address | null = null;
    try {
      address = await onCepLookup(digits);
    } catch {
      address = null; // a failed lookup is silent: she types the address herself
    }
    if (lookedUp.current !== digits) return;
    if (!address) {
      setAddressFound(false);
      return;
    }
    setValues((v) => ({
      ...v,
      street: address.street ?? "",
      neighborhood: address.neighborhood ?? "",
      city: address.city ?? "",
      state: toUf(address.state ?? ""),
    }));
    setErrors((e) => ({ ...e, street: undefined, neighborhood: undefined, city: undefined, state: undefined }));
    setAddressFound(true);
  };

  const changeCep = (typed: string) => {
    const cep = formatCep(typed);
    set("cep", cep);
    const digits = cep.replace(/\D/g, "");
    if (digits === lookedUp.current) return;
    lookedUp.current = null;
    setAddressFound(false);
    if (brazil && digits.length === LIMITS.cepDigits) void lookUp(digits);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const input: Record<string, unknown> = { ...values };
    delete input.whatsapp;
    if (!premium) for (const key of PREMIUM_PROFILE_FIELDS) input[key] = null;
    const parsed = profileSchema(today).safeParse(input);
    if (!parsed.success) {
      const found: Partial<Record<FieldName, string>> = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as FieldName;
        if (key && !found[key]) found[key] = issue.message;
      }
      setErrors(found);
      setFocusRequest((n) => n + 1);
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      await onSave(parsed.data);
    } catch {
      // The page shows the server's message in a toast; the form keeps what she typed.
    } finally {
      setSaving(false);
    }
  };

  return { values, errors, saving, addressFound, formRef, premium, brazil, today, set, text, check, changeCep, submit };
}

export type ProfileFormState = ReturnType<typeof useProfileForm>;
