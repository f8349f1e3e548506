import { useId, useState } from "react";
import { BRAZILIAN_STATES, INTERESTS, PROFESSIONAL_ACTIVITIES, formatCpf } from "@clube-coroa/schema";
import { Button } from "../../components/Button";
import { Dialog } from "../../components/Dialog";
import { Field, Select } from "../../components/Field";
import { Checkbox, FieldMessage, Fieldset, Stack, Switch } from "../../components/FormControls";
import { POLICY_TEXTS } from "../../lib/policyTexts";
import { PROFILE_TEXTS } from "./profileTexts";
import { Consent, Form, Found, Grid, LinkButton, Options, Submit } from "./ProfileForm.styles";
import { PremiumSection, Section, SponsorSection } from "./ProfileSections";
import { useProfileForm } from "./useProfileForm";
import type { ProfileFormProps } from "./profileFormValues";


const T = PROFILE_TEXTS;
const F = T.fields;

type Policy = keyof typeof POLICY_TEXTS;

/** The 'Meu Perfil' form (spec part 1 sections 3, 5, 6), checked with the shared profile schema. */
export function ProfileForm(props: ProfileFormProps) {
  const { values, errors, saving, addressFound, formRef, premium, brazil, today, set, text, check, changeCep, submit } = useProfileForm(props);
  const [policy, setPolicy] = useState<Policy | null>(null);
  const ids = { interests: useId(), consent: useId() };

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

      <PremiumSection premium={premium} values={values} errors={errors} set={set} text={text} />

      <SponsorSection values={values} errors={errors} set={set} text={text} check={check} />

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

      <Dialog open={policy !== null} onOpenChange={(open) => !open && setPolicy(null)} title={policy ? POLICY_TEXTS[policy].title : ""}>
        {policy && (
          <Stack $gap="sm">
            {POLICY_TEXTS[policy].paragraphs.map((p) => (
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
