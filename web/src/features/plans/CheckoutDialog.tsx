import { useEffect, useId, useState, type FormEvent } from "react";
import { useMutation, useQuery } from "@apollo/client/react";
import styled from "styled-components";
import {
  applyMask,
  CHECKOUT_FEATURES,
  CHECKOUT_MESSAGES,
  formatCep,
  formatCpfCnpj,
  priceOf,
  type BillingCycle,
  type PlanName,
} from "@clube-coroa/schema";
import { PlanBadge } from "../../components/Badge";
import { Button } from "../../components/Button";
import { Dialog } from "../../components/Dialog";
import { Field, Select } from "../../components/Field";
import { Checkbox, FieldMessage, Fieldset } from "../../components/FormControls";
import { Spinner } from "../../components/Spinner";
import { Tabs } from "../../components/Tabs";
import { useToast } from "../../components/Toast";
import { VisuallyHidden } from "../../components/VisuallyHidden";
import type { BillingType, CheckoutResultFieldsFragment, ProfileFieldsFragment } from "../../gql/graphql";
import { isNetworkError, serverMessageOf } from "../../lib/errors";
import { formatCents } from "../../lib/format";
import { MyProfileDocument } from "../../lib/myProfile";
import { useSession, type SessionUser } from "../session";
import {
  CHECKOUT_FIELDS,
  checkoutErrors,
  checkoutInput,
  CVV_MAX,
  displayPhone,
  EXPIRY_MONTHS,
  expiryYears,
  fieldOf,
  formatCardNumber,
  formatCvv,
  missingMessages,
  onlyDigits,
  type CheckoutErrors,
  type CheckoutField,
  type CheckoutValues,
} from "./checkoutForm";
import { CycleToggle } from "./CycleToggle";
import { CreateSubscriptionDocument } from "./documents";
import { DialogButtons, MigrationProgress, type MigrationStep } from "./PlanChangeDialogs";
import { PaymentInstructions } from "./PaymentInstructions";
import { PLAN_TEXTS } from "./planTexts";
import { PLAN_TIMINGS } from "./planTimings";
import { usePromoCode } from "./usePromoCode";

const T = PLAN_TEXTS.checkout;
const E = PLAN_TEXTS.errors;

const BILLING_TABS: { value: BillingType; label: string }[] = [
  { value: "PIX", label: T.tabs.PIX },
  { value: "BOLETO", label: T.tabs.BOLETO },
  { value: "CREDIT_CARD", label: T.tabs.CREDIT_CARD },
];

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.lg};
`;

const Summary = styled.div`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.brandSoft};
`;

const Includes = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xxs} ${({ theme }) => theme.space.md};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  li::before { content: "✓ "; color: ${({ theme }) => theme.colors.goldDeep}; font-weight: 800; }
`;

const Part = styled(Fieldset)`
  gap: ${({ theme }) => theme.space.md};
  & > legend {
    font-family: ${({ theme }) => theme.fonts.heading};
    font-size: ${({ theme }) => theme.fontSizes.lg};
    color: ${({ theme }) => theme.colors.brandDark};
  }
`;

const PriceLine = styled.p`
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  color: ${({ theme }) => theme.colors.brandDark};
`;

const Row = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  grid-template-columns: 1fr;
  ${({ theme }) => theme.media.sm} {
    grid-template-columns: 1fr 1fr;
  }
`;

const Totals = styled.dl`
  display: grid;
  grid-template-columns: 1fr auto;
  gap: ${({ theme }) => theme.space.xxs} ${({ theme }) => theme.space.md};
  margin: 0;
  dt { color: ${({ theme }) => theme.colors.textMuted}; }
  dd { margin: 0; text-align: right; font-variant-numeric: tabular-nums; font-weight: ${({ theme }) => theme.fontWeights.bold}; }
  dt:last-of-type, dd:last-of-type { color: ${({ theme }) => theme.colors.brandDark}; font-size: ${({ theme }) => theme.fontSizes.lg}; }
`;

const Muted = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const Loading = styled.div`
  display: grid;
  place-items: center;
  min-height: 200px;
`;

const EMPTY_CARD = { holderName: "", number: "", expiryMonth: "", expiryYear: "", ccv: "" };

/** The checkout's fields from her profile (or, failing that, from the session). */
function initialValues(profile: ProfileFieldsFragment | null | undefined, user: SessionUser | null): CheckoutValues {
  return {
    name: profile?.fullName ?? user?.fullName ?? "",
    email: profile?.email ?? user?.email ?? "",
    phone: displayPhone(profile?.phone ?? user?.phone),
    cpfCnpj: formatCpfCnpj(profile?.cpf ?? ""),
    ...EMPTY_CARD,
    postalCode: formatCep(profile?.cep ?? ""),
    addressNumber: profile?.houseNumber ?? "",
  };
}

/** A Brazilian phone as (DD) NNNNN-NNNN; a pasted +55 is dropped. */
const formatPhone = (value: string) => {
  const typed = onlyDigits(value);
  const digits = (typed.length > 11 && typed.startsWith("55") ? typed.slice(2) : typed).slice(0, 11);
  return applyMask(digits.length > 10 ? "(##) #####-####" : "(##) ####-####", digits);
};

/** How each field's typing is shaped (masks, upper limits). */
const SHAPE: Partial<Record<CheckoutField, (value: string) => string>> = {
  phone: formatPhone,
  cpfCnpj: formatCpfCnpj,
  number: formatCardNumber,
  ccv: formatCvv,
  postalCode: formatCep,
};

export interface CheckoutDialogProps {
  plan: PlanName;
  /** She is moving from one paid plan to another (the server cancels the current subscription). */
  migration: boolean;
  initialCycle: BillingCycle;
  /** The checkout this dialog created, once created. */
  created: CheckoutResultFieldsFragment | null;
  onCreated: (result: CheckoutResultFieldsFragment) => void;
  onClose: () => void;
}

/** The subscription checkout (spec part 2 sections 2, 5 and 8): the form, then how to pay. */
export function CheckoutDialog(props: CheckoutDialogProps) {
  const { plan, migration, created, onClose } = props;
  const { user } = useSession();
  const profile = useQuery(MyProfileDocument, { fetchPolicy: "cache-first" });
  const [busy, setBusy] = useState(false);
  const title = migration ? T.migrationTitle(plan) : T.title(plan);

  return (
    <Dialog open onOpenChange={(open) => !open && !busy && onClose()} title={title} closeLabel="Fechar janela">
      {created ? (
        <>
          {migration && <MigrationProgress step="validating" />}
          <PaymentInstructions payment={created.payment} message={created.message} />
          <DialogButtons>
            <Button $variant="outline" onClick={onClose}>
              {PLAN_TEXTS.instructions.close}
            </Button>
          </DialogButtons>
        </>
      ) : profile.loading && !profile.data ? (
        <Loading role="status">
          <Spinner />
          <VisuallyHidden>{T.loading}</VisuallyHidden>
        </Loading>
      ) : (
        <CheckoutForm {...props} initial={initialValues(profile.data?.profile, user)} profileEmail={profile.data?.profile?.email ?? null} onBusyChange={setBusy} />
      )}
    </Dialog>
  );
}

function CheckoutForm({
  plan,
  migration,
  initialCycle,
  initial,
  profileEmail,
  onCreated,
  onClose,
  onBusyChange,
}: CheckoutDialogProps & { initial: CheckoutValues; profileEmail: string | null; onBusyChange: (busy: boolean) => void }) {
  const { toast } = useToast();
  const formId = useId();
  const idOf = (field: CheckoutField) => `${formId}-${field}`;
  const [cycle, setCycle] = useState<BillingCycle>(initialCycle);
  const [billingType, setBillingType] = useState<BillingType>("PIX");
  const [values, setValues] = useState<CheckoutValues>(initial);
  const [errors, setErrors] = useState<CheckoutErrors>({});
  // Offered when the e-mail is not her profile's; ticked at first when her profile has none.
  const [saveEmail, setSaveEmail] = useState(!profileEmail);
  const emailIsProfiles = !!profileEmail && values.email.trim().toLowerCase() === profileEmail.trim().toLowerCase();
  const [step, setStep] = useState<MigrationStep | null>(null);
  const promo = usePromoCode(plan);
  const [createSubscription, { loading }] = useMutation(CreateSubscriptionDocument);
  const busy = loading || step !== null;

  useEffect(() => onBusyChange(busy), [busy, onBusyChange]);

  // One call cancels the current subscription and creates the new one: 'canceling', then 'creating'.
  useEffect(() => {
    if (step !== "canceling") return;
    const timer = setTimeout(() => setStep((s) => (s === "canceling" ? "creating" : s)), PLAN_TIMINGS.migrationStepMs);
    return () => clearTimeout(timer);
  }, [step]);

  const price = priceOf(plan, cycle, promo.discount);
  const list = priceOf(plan, cycle);
  const free = price.chargeCents === 0;

  const set = (field: CheckoutField) => (event: { target: { value: string } }) => {
    const shape = SHAPE[field];
    const value = shape ? shape(event.target.value) : event.target.value;
    setValues((v) => ({ ...v, [field]: value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const fieldProps = (field: CheckoutField) => ({
    id: idOf(field),
    name: field,
    value: values[field],
    onChange: set(field),
    error: errors[field] ?? null,
  });

  const showErrors = (found: CheckoutErrors) => {
    setErrors(found);
    const first = CHECKOUT_FIELDS.find((field) => found[field]);
    if (first) document.getElementById(idOf(first))?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const input = {
      ...checkoutInput(values, { plan, billingCycle: cycle, billingType, promoCode: promo.codeToSend }),
      ...(saveEmail && !emailIsProfiles ? { saveEmailToProfile: true } : {}),
    };
    const found = checkoutErrors(input);
    if (Object.keys(found).length > 0) {
      showErrors(found);
      const missing = missingMessages(found);
      if (missing.length > 0) toast({ title: CHECKOUT_MESSAGES.missingData, description: missing.join(", "), variant: "destructive" });
      return;
    }

    if (migration) setStep("canceling");
    let title: string = E.createTitle;
    let description: string = E.createFallback;
    try {
      // Her profile (and the next checkout's e-mail) follow a saved e-mail.
      const { data } = await createSubscription({ variables: { input }, refetchQueries: input.saveEmailToProfile ? ["MyProfile", "Me"] : [] });
      const result = data?.createSubscription;
      if (result?.__typename === "CheckoutResult") {
        // Card data lives no longer than the request that needed it.
        setValues((v) => ({ ...v, ...EMPTY_CARD }));
        setStep(null);
        onCreated(result);
        return;
      }
      if (result?.__typename === "AppError") {
        if (result.code === "MIGRATION_FAILED") title = E.migrationTitle;
        description = result.message || description;
        const byField: CheckoutErrors = {};
        for (const fieldError of result.fieldErrors ?? []) {
          const field = fieldOf(fieldError.field);
          if (field) byField[field] = fieldError.message;
          else if (fieldError.field === "promoCode") promo.refuse(fieldError.message);
        }
        if (Object.keys(byField).length > 0) showErrors(byField);
      }
    } catch (error) {
      if (!isNetworkError(error)) description = serverMessageOf(error) || description;
    }
    setStep(null);
    toast({ title, description, variant: "destructive" });
  };

  const promoMessageId = `${formId}-promo-message`;
  const promoMessage =
    promo.state.status === "checking"
      ? T.promoChecking
      : promo.state.status === "valid"
        ? [T.promoApplied(formatCents(price.discountCents)), promo.state.description].filter(Boolean).join(" · ")
        : promo.state.status === "invalid"
          ? promo.state.error
          : null;
  const years = expiryYears();

  return (
    <Form onSubmit={(e) => void submit(e)} noValidate aria-label={T.formLabel}>
      <Summary>
        <PlanBadge plan={plan} />
        <Includes aria-label={T.includes}>
          {CHECKOUT_FEATURES[plan].map((feature) => (
            <li key={feature}>{feature}</li>
          ))}
        </Includes>
        <CycleToggle value={cycle} onChange={setCycle} />
        <PriceLine data-testid="checkout-price">
          {cycle === "monthly"
            ? T.priceMonthly(formatCents(list.perMonthCents))
            : T.priceAnnual(formatCents(list.perMonthCents), formatCents(list.chargeCents))}
        </PriceLine>
      </Summary>

      <Part>
        <legend>{T.customer}</legend>
        <Field label={T.name} autoComplete="name" {...fieldProps("name")} />
        <Field label={T.email} type="email" autoComplete="email" inputMode="email" {...fieldProps("email")} />
        {!emailIsProfiles && <Checkbox label={T.saveEmail} checked={saveEmail} onChange={(e) => setSaveEmail(e.target.checked)} />}
        <Row>
          <Field label={T.phone} type="tel" autoComplete="tel-national" inputMode="tel" {...fieldProps("phone")} />
          <Field label={T.cpfCnpj} inputMode="numeric" autoComplete="off" {...fieldProps("cpfCnpj")} />
        </Row>
      </Part>

      <div>
        <Field
          label={T.promo}
          id={`${formId}-promo`}
          value={promo.code}
          onChange={(e) => promo.setCode(e.target.value)}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          aria-describedby={promoMessage ? promoMessageId : undefined}
          aria-invalid={promo.state.status === "invalid" ? true : undefined}
        />
        <FieldMessage id={promoMessageId} role="status" $error={promo.state.status === "invalid"}>
          {promoMessage}
        </FieldMessage>
      </div>

      <Part>
        <legend>{T.payment}</legend>
        <Tabs label={T.payment} items={BILLING_TABS} value={billingType} onChange={setBillingType}>
          {billingType === "PIX" && <Muted>{T.pixHint}</Muted>}
          {billingType === "BOLETO" && <Muted>{T.boletoHint}</Muted>}
          {billingType === "CREDIT_CARD" && (
            <Part>
              <Field label={T.card.holderName} autoComplete="cc-name" {...fieldProps("holderName")} />
              <Field label={T.card.number} inputMode="numeric" autoComplete="cc-number" {...fieldProps("number")} />
              <Row>
                <Select label={T.card.expiryMonth} autoComplete="cc-exp-month" {...fieldProps("expiryMonth")}>
                  <option value="">{T.card.choose}</option>
                  {EXPIRY_MONTHS.map((month) => (
                    <option key={month} value={month}>
                      {month}
                    </option>
                  ))}
                </Select>
                <Select label={T.card.expiryYear} autoComplete="cc-exp-year" {...fieldProps("expiryYear")}>
                  <option value="">{T.card.choose}</option>
                  {years.map((year) => (
                    <option key={year} value={year}>
                      {year}
                    </option>
                  ))}
                </Select>
              </Row>
              <Field label={T.card.ccv} inputMode="numeric" autoComplete="cc-csc" maxLength={CVV_MAX} {...fieldProps("ccv")} />
              <Row>
                <Field label={T.card.postalCode} inputMode="numeric" autoComplete="postal-code" {...fieldProps("postalCode")} />
                <Field label={T.card.addressNumber} autoComplete="address-line2" {...fieldProps("addressNumber")} />
              </Row>
              <Muted>{T.card.note}</Muted>
            </Part>
          )}
        </Tabs>
      </Part>

      <Totals aria-label={T.summary}>
        <dt>{T.summary}</dt>
        <dd>{formatCents(list.chargeCents)}</dd>
        {price.discountCents > 0 && (
          <>
            <dt>{T.discount}</dt>
            <dd>− {formatCents(price.discountCents)}</dd>
          </>
        )}
        <dt>{T.total}</dt>
        <dd>{formatCents(price.chargeCents)}</dd>
      </Totals>

      {step && <MigrationProgress step={step} />}

      <DialogButtons>
        <Button $variant="outline" onClick={onClose} disabled={busy}>
          {T.cancel}
        </Button>
        <Button type="submit" $variant="gold" $size="lg" disabled={busy} aria-busy={busy}>
          {busy ? T.paying : free ? T.free : T.pay(formatCents(price.chargeCents))}
        </Button>
      </DialogButtons>
    </Form>
  );
}
