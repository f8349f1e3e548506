import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from "react";
import styled from "styled-components";
import {
  asPlan,
  hasShowcaseProfile,
  BRAZILIAN_STATES,
  INTERESTS,
  LIMITS,
  PREMIUM_PROFILE_FIELDS,
  PROFESSIONAL_ACTIVITIES,
  SPONSOR_FILTERS,
  formatCep,
  formatCpf,
  profileSchema,
  todayInSaoPaulo,
  type Profile,
} from "@clube-coroa/schema";
import { Button } from "../../components/Button";
import { Dialog } from "../../components/Dialog";
import { Field, Select } from "../../components/Field";
import { CharCounter, Checkbox, FieldMessage, Fieldset, Label, Stack, Switch, TextArea } from "../../components/FormControls";
import { Card } from "../../components/Page";
import { PROFILE_TEXTS } from "./profileTexts";

const T = PROFILE_TEXTS;
const F = T.fields;

/** The form's own values: text as typed ('' when empty), choices as strings, consents as booleans. */
export interface ProfileFormValues {
  fullName: string;
  nickname: string;
  email: string;
  cpf: string;
  whatsapp: string;
  birthDate: string;
  cep: string;
  street: string;
  houseNumber: string;
  complement: string;
  neighborhood: string;
  city: string;
  state: string;
  professionalActivity: string;
  interests: string[];
  melhorEmail: string;
  website: string;
  linkedin: string;
  youtube: string;
  facebook: string;
  instagram: string;
  tiktok: string;
  miniBio: string;
  bannerLink: string;
  businessType: string;
  serviceType: string;
  entrepreneurProfile: string;
  shareWithSponsors: boolean;
  whatsappNotificationsEnabled: boolean;
  acceptedTerms: boolean;
  acceptedPrivacyPolicy: boolean;
  acceptedLGPD: boolean;
  isOver18: boolean;
}

type FieldName = keyof ProfileFormValues;
type TextFieldName = { [K in FieldName]: ProfileFormValues[K] extends string ? K : never }[FieldName];
type BooleanFieldName = { [K in FieldName]: ProfileFormValues[K] extends boolean ? K : never }[FieldName];

export const EMPTY_PROFILE_VALUES: ProfileFormValues = {
  fullName: "",
  nickname: "",
  email: "",
  cpf: "",
  whatsapp: "",
  birthDate: "",
  cep: "",
  street: "",
  houseNumber: "",
  complement: "",
  neighborhood: "",
  city: "",
  state: "",
  professionalActivity: "",
  interests: [],
  melhorEmail: "",
  website: "",
  linkedin: "",
  youtube: "",
  facebook: "",
  instagram: "",
  tiktok: "",
  miniBio: "",
  bannerLink: "",
  businessType: "",
  serviceType: "",
  entrepreneurProfile: "",
  shareWithSponsors: false,
  whatsappNotificationsEnabled: true,
  acceptedTerms: false,
  acceptedPrivacyPolicy: false,
  acceptedLGPD: false,
  isOver18: false,
};

type ProfileLike = { [K in FieldName]?: ProfileFormValues[K] | null };

/** Form values from a stored profile: null becomes '' (or the default), CPF and CEP come masked. */
export function profileFormValues(profile: ProfileLike): ProfileFormValues {
  const values = { ...EMPTY_PROFILE_VALUES };
  for (const key of Object.keys(EMPTY_PROFILE_VALUES) as FieldName[]) {
    const value = profile[key];
    if (value !== null && value !== undefined) (values as Record<FieldName, unknown>)[key] = value;
  }
  values.birthDate = values.birthDate.slice(0, 10);
  values.cpf = formatCpf(values.cpf);
  values.cep = formatCep(values.cep);
  return values;
}

export interface Address {
  street?: string | null;
  neighborhood?: string | null;
  city?: string | null;
  state?: string | null;
}

export interface ProfileFormProps {
  initial: ProfileFormValues;
  plan: string;
  /** ISO country of the member; the address is looked up by CEP only for Brazil. */
  countryCode?: string;
  /** Receives the checked profile: empty optional fields as null, CPF and CEP as digits. */
  onSave: (values: Profile) => Promise<void>;
  /** The address of an 8-digit CEP, or null when unknown. */
  onCepLookup: (cep: string) => Promise<Address | null>;
  /**
   * Messages the server sent back for fields (by field name), shown under them. Pass a new object for
   * each answer; names the form does not know are ignored (the page shows them in a toast).
   */
  serverErrors?: Partial<Record<string, string>> | null;
}

/** Banner link, miniBio and social links are for majestade and imperatriz (spec part 1 section 6). */
export const hasPremiumProfile = (plan: string): boolean => {
  const known = asPlan(plan);
  return known !== null && hasShowcaseProfile(known);
};

const STATE_BY_NAME = new Map<string, string>(BRAZILIAN_STATES.map(([uf, name]) => [name.toLowerCase(), uf]));
const toUf = (state: string) => STATE_BY_NAME.get(state.trim().toLowerCase()) ?? state.trim();

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  ${Card} {
    display: flex;
    flex-direction: column;
    gap: ${({ theme }) => theme.space.md};
  }
  h2 { font-size: ${({ theme }) => theme.fontSizes.xl}; }
`;

const Grid = styled.div`
  display: grid;
  grid-template-columns: 1fr;
  gap: ${({ theme }) => theme.space.md};
  ${({ theme }) => theme.media.sm} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
`;

const Options = styled.div`
  display: grid;
  grid-template-columns: 1fr;
  column-gap: ${({ theme }) => theme.space.md};
  ${({ theme }) => theme.media.sm} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
`;

const Note = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const Found = styled(FieldMessage)`
  color: ${({ theme }) => theme.colors.success};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
`;

const Consent = styled.div`
  display: flex;
  flex-direction: column;
  padding-bottom: ${({ theme }) => theme.space.xs};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  &:last-child { border-bottom: none; }
`;

const LinkButton = styled.button`
  align-self: flex-start;
  min-height: ${({ theme }) => theme.tapTarget};
  margin-left: calc(22px + ${({ theme }) => theme.space.sm});
  padding: 0;
  border: none;
  background: none;
  color: ${({ theme }) => theme.colors.brand};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  text-decoration: underline;
  cursor: pointer;
`;

const Submit = styled.div`
  position: sticky;
  bottom: 0;
  z-index: 1;
  padding: ${({ theme }) => theme.space.sm} 0;
  background: linear-gradient(transparent, ${({ theme }) => theme.colors.background} 30%);
`;

type Policy = keyof typeof T.policies;

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Card aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </Card>
  );
}

/** The 'Meu Perfil' form (spec part 1 sections 3, 5, 6), checked with the shared profile schema. */
export function ProfileForm({ initial, plan, countryCode = "BR", onSave, onCepLookup, serverErrors = null }: ProfileFormProps) {
  const [values, setValues] = useState<ProfileFormValues>(initial);
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [shownServerErrors, setShownServerErrors] = useState(serverErrors);
  const [saving, setSaving] = useState(false);
  const [addressFound, setAddressFound] = useState(false);
  const [policy, setPolicy] = useState<Policy | null>(null);
  const [focusRequest, setFocusRequest] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const lookedUp = useRef<string | null>(null);
  const ids = { interests: useId(), miniBio: useId(), miniBioCount: useId(), miniBioError: useId(), consent: useId() };
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

  const stateOptions = BRAZILIAN_STATES.some(([uf]) => uf === values.state) || !values.state ? BRAZILIAN_STATES : [...BRAZILIAN_STATES, [values.state, values.state] as const];
  const locked = addressFound;

  const consent = (key: "acceptedTerms" | "acceptedPrivacyPolicy" | "acceptedLGPD" | "isOver18", read?: Policy) => {
    const errorId = `${ids.consent}-${key}`;
    return (
      <Consent>
        <Checkbox label={T.consents[key]} {...check(key)} aria-describedby={errors[key] ? errorId : undefined} />
        {errors[key] && (
          <FieldMessage id={errorId} $error>
            {errors[key]}
          </FieldMessage>
        )}
        {read && (
          <LinkButton type="button" onClick={() => setPolicy(read)}>
            {T.read[read]}
          </LinkButton>
        )}
      </Consent>
    );
  };

  return (
    <Form ref={formRef} onSubmit={submit} noValidate>
      <Section title={T.sections.personal}>
        <Grid>
          <Field label={F.fullName} autoComplete="name" {...text("fullName")} />
          <Field label={F.nickname} hint={F.nicknameHint} autoComplete="nickname" {...text("nickname")} />
          <Field label={F.email} type="email" autoComplete="email" inputMode="email" {...text("email")} />
          <Field
            label={F.cpf}
            inputMode="numeric"
            placeholder="000.000.000-00"
            autoComplete="off"
            {...text("cpf")}
            onChange={(e) => set("cpf", formatCpf(e.target.value))}
          />
          <Field label={F.whatsapp} hint={F.whatsappHint} value={values.whatsapp} readOnly />
          <Field label={F.birthDate} type="date" max={today} autoComplete="bday" {...text("birthDate")} />
        </Grid>
      </Section>

      <Section title={T.sections.address}>
        <Grid>
          <Stack>
            <Field
              label={F.cep}
              inputMode="numeric"
              placeholder="00000-000"
              autoComplete="postal-code"
              {...text("cep")}
              onChange={(e) => changeCep(e.target.value)}
            />
            <Found role="status">{addressFound && !errors.cep ? `✓ ${F.cepFound}` : ""}</Found>
          </Stack>
          <Field label={F.street} autoComplete="address-line1" readOnly={locked} {...text("street")} />
          <Field label={F.houseNumber} inputMode="text" {...text("houseNumber")} />
          <Field label={F.complement} autoComplete="address-line2" {...text("complement")} />
          <Field label={F.neighborhood} readOnly={locked} {...text("neighborhood")} />
          <Field label={F.city} autoComplete="address-level2" readOnly={locked} {...text("city")} />
          {brazil ? (
            <Select
              label={F.state}
              name="state"
              value={values.state}
              disabled={locked}
              error={errors.state}
              onChange={(e) => set("state", e.target.value)}
            >
              <option value="">{F.statePlaceholder}</option>
              {stateOptions.map(([uf, name]) => (
                <option key={uf} value={uf}>
                  {name}
                </option>
              ))}
            </Select>
          ) : (
            <Field label={F.state} autoComplete="address-level1" {...text("state")} />
          )}
        </Grid>
      </Section>

      <Section title={T.sections.professional}>
        <Select
          label={F.professionalActivity}
          name="professionalActivity"
          value={values.professionalActivity}
          error={errors.professionalActivity}
          aria-invalid={errors.professionalActivity ? true : undefined}
          onChange={(e) => set("professionalActivity", e.target.value)}
        >
          <option value="">{F.professionalActivityPlaceholder}</option>
          {PROFESSIONAL_ACTIVITIES.map((activity) => (
            <option key={activity} value={activity}>
              {activity}
            </option>
          ))}
        </Select>
        <Fieldset aria-describedby={`${ids.interests}-msg`}>
          <legend>{F.interests}</legend>
          <FieldMessage id={`${ids.interests}-msg`} $error={!!errors.interests}>
            {errors.interests ?? F.interestsHint}
          </FieldMessage>
          <Options>
            {INTERESTS.map((interest) => (
              <Checkbox
                key={interest}
                label={interest}
                name="interests"
                value={interest}
                checked={values.interests.includes(interest)}
                aria-invalid={errors.interests ? true : undefined}
                onChange={(e) =>
                  set("interests", e.target.checked ? [...values.interests, interest] : values.interests.filter((i) => i !== interest))
                }
              />
            ))}
          </Options>
        </Fieldset>
        <Field label={F.melhorEmail} type="email" inputMode="email" {...text("melhorEmail")} />
      </Section>

      <Section title={T.sections.premium}>
        {premium ? (
          <>
            <Stack>
              <Label htmlFor={ids.miniBio}>{F.miniBio}</Label>
              <TextArea
                id={ids.miniBio}
                name="miniBio"
                rows={4}
                value={values.miniBio}
                onChange={(e) => set("miniBio", e.target.value)}
                $invalid={!!errors.miniBio}
                aria-invalid={errors.miniBio ? true : undefined}
                aria-describedby={[errors.miniBio ? ids.miniBioError : null, ids.miniBioCount].filter(Boolean).join(" ")}
              />
              <CharCounter id={ids.miniBioCount} length={values.miniBio.length} max={LIMITS.miniBioMax} warnAbove={LIMITS.miniBioMax - 50} />
              {errors.miniBio && (
                <FieldMessage id={ids.miniBioError} $error>
                  {errors.miniBio}
                </FieldMessage>
              )}
            </Stack>
            <Grid>
              <Field label={F.website} type="url" inputMode="url" placeholder="https://" {...text("website")} />
              <Field label={F.linkedin} type="url" inputMode="url" {...text("linkedin")} />
              <Field label={F.youtube} type="url" inputMode="url" {...text("youtube")} />
              <Field label={F.facebook} type="url" inputMode="url" {...text("facebook")} />
              <Field label={F.instagram} hint={F.handleHint} {...text("instagram")} />
              <Field label={F.tiktok} hint={F.handleHint} {...text("tiktok")} />
              <Field label={F.bannerLink} hint={F.bannerLinkHint} type="url" inputMode="url" {...text("bannerLink")} />
            </Grid>
          </>
        ) : (
          <Note>{T.premiumNote}</Note>
        )}
      </Section>

      <Section title={T.sections.sponsors}>
        <Note>{T.sponsorsNote}</Note>
        <Grid>
          <Select label={F.businessType} name="businessType" value={values.businessType} error={errors.businessType} onChange={(e) => set("businessType", e.target.value)}>
            <option value="">{F.notInformed}</option>
            {SPONSOR_FILTERS.businessType.map((v) => (
              <option key={v} value={v}>
                {T.businessType[v]}
              </option>
            ))}
          </Select>
          <Select label={F.serviceType} name="serviceType" value={values.serviceType} error={errors.serviceType} onChange={(e) => set("serviceType", e.target.value)}>
            <option value="">{F.notInformed}</option>
            {SPONSOR_FILTERS.serviceType.map((v) => (
              <option key={v} value={v}>
                {T.serviceType[v]}
              </option>
            ))}
          </Select>
          <Select
            label={F.entrepreneurProfile}
            name="entrepreneurProfile"
            value={values.entrepreneurProfile}
            error={errors.entrepreneurProfile}
            onChange={(e) => set("entrepreneurProfile", e.target.value)}
          >
            <option value="">{F.notInformed}</option>
            {SPONSOR_FILTERS.profile.map((v) => (
              <option key={v} value={v}>
                {T.entrepreneurProfile[v]}
              </option>
            ))}
          </Select>
        </Grid>
        <Checkbox label={F.shareWithSponsors} {...check("shareWithSponsors")} />
      </Section>

      <Section title={T.sections.notifications}>
        <Switch
          checked={values.whatsappNotificationsEnabled}
          onChange={(v) => set("whatsappNotificationsEnabled", v)}
          label={F.whatsappNotifications}
          hint={F.whatsappNotificationsHint}
        />
      </Section>

      <Section title={T.sections.consents}>
        <div>
          {consent("acceptedTerms", "terms")}
          {consent("acceptedPrivacyPolicy", "privacy")}
          {consent("acceptedLGPD", "lgpd")}
          {consent("isOver18")}
        </div>
      </Section>

      <Submit>
        <Button type="submit" $size="lg" $block disabled={saving} aria-busy={saving}>
          {saving ? T.saving : T.save}
        </Button>
      </Submit>

      <Dialog open={policy !== null} onOpenChange={(open) => !open && setPolicy(null)} title={policy ? T.policies[policy].title : ""}>
        {policy && (
          <Stack $gap="sm">
            {T.policies[policy].paragraphs.map((p) => (
              <p key={p}>{p}</p>
            ))}
            <Button $block onClick={() => setPolicy(null)}>
              OK
            </Button>
          </Stack>
        )}
      </Dialog>
    </Form>
  );
}
