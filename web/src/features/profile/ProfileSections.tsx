import { useId, type ReactNode } from "react";
import { LIMITS, SPONSOR_FILTERS } from "@clube-coroa/schema";
import { Field, Select } from "../../components/Field";
import { CharCounter, Checkbox, FieldMessage, Label, Stack, TextArea } from "../../components/FormControls";
import { Card } from "../../components/Page";
import { PROFILE_TEXTS } from "./profileTexts";
import { Grid, Note } from "./ProfileForm.styles";
import type { ProfileFormState } from "./useProfileForm";

const T = PROFILE_TEXTS;
const F = T.fields;

export function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Card aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </Card>
  );
}


type SectionProps = Pick<ProfileFormState, "values" | "errors" | "set" | "text">;

/** Mini bio, site, social links and banner link: shown to the showcase plans, a note to the others. */
export function PremiumSection({ premium, values, errors, set, text }: SectionProps & { premium: boolean }) {
  const ids = { miniBio: useId(), miniBioCount: useId(), miniBioError: useId() };
  return (
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
  );
}

/** What she tells the sponsors (spec part 1 section 6) and whether she shares it. */
export function SponsorSection({ values, errors, set, check }: SectionProps & Pick<ProfileFormState, "check">) {
  return (
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
  );
}
