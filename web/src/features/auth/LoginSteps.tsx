import type { FormEvent, Ref } from "react";
import { COUNTRIES, DEFAULT_COUNTRY, LIMITS, TEXTS, applyMask, findCountry, flagUrl, type Country } from "@clube-coroa/schema";
import { Button } from "../../components/Button";
import { Crown } from "../../components/Crown";
import { Field, Select } from "../../components/Field";
import { Spinner } from "../../components/Spinner";
import { WEB_TEXTS } from "../../lib/texts";
import { DevNote, Flag, Form, Head, Lead, Row, Seal, Title } from "./LoginPage.styles";

const T = WEB_TEXTS.login;

/** 'proof': the phone's hourly ceiling held this device back until it shows a code her WhatsApp received. */
export type Step = "phone" | "proof" | "token";

/** The seal, the title and the lead of each step. */
export function StepHead({ step, phoneShown }: { step: Step; phoneShown: string }) {
  return (
    <Head>
      <Seal>
        <Crown size={34} />
      </Seal>
      {step === "phone" ? (
        <>
          <Title>{T.title}</Title>
          <Lead>{T.lead}</Lead>
        </>
      ) : step === "proof" ? (
        <>
          <Title>{T.proofTitle}</Title>
          <Lead>{T.proofLead}</Lead>
        </>
      ) : (
        <>
          <Title>{TEXTS.tokenSentTitle}</Title>
          <Lead>{T.tokenLead(phoneShown)}</Lead>
        </>
      )}
    </Head>
  );
}

/** Her country and number (the step the server prerenders: the same elements, in the same order). */
export function PhoneStep(props: {
  formRef: Ref<HTMLFormElement>;
  onSubmit: (event: FormEvent) => void;
  country: Country;
  digits: string;
  focused: boolean;
  ready: boolean;
  sending: boolean;
  onCountry: (country: Country) => void;
  onTyped: (typed: string) => void;
}) {
  const { country, digits, sending } = props;
  return (
      <Form ref={props.formRef} onSubmit={props.onSubmit} noValidate aria-label={T.title}>
        <Select
          label={T.country}
          data-keep="country"
          value={country.code}
          leading={<Flag src={flagUrl(country.code)} alt="" width={30} height={20} data-flag={country.code} />}
          onChange={(event) => props.onCountry(findCountry(event.target.value) ?? DEFAULT_COUNTRY)}
        >
          {COUNTRIES.map((c) => (
            <option key={c.code} value={c.code}>
              {`${c.name} (${c.phoneCode})`}
            </option>
          ))}
        </Select>
        <Field
          label={T.phone}
          hint={T.phoneHint}
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          data-keep="phone"
          autoFocus={props.focused}
          placeholder={country.placeholder}
          value={applyMask(country.mask, digits)}
          onChange={(event) => props.onTyped(event.target.value)}
        />
        <Button type="submit" $size="lg" $block disabled={!props.ready || sending}>
          {sending ? (
            <>
              <Spinner $size={18} /> {TEXTS.sendingToken}
            </>
          ) : (
            TEXTS.sendToken
          )}
        </Button>
      </Form>
  );
}

/** A code her WhatsApp received within the hour, when the hourly ceiling asks for one. */
export function ProofStep(props: {
  inputRef: Ref<HTMLInputElement>;
  onSubmit: (event: FormEvent) => void;
  code: string;
  onCode: (code: string) => void;
  waitMinutes: number;
  ready: boolean;
  sending: boolean;
  onChangeNumber: () => void;
}) {
  const { sending } = props;
  return (
      <Form onSubmit={props.onSubmit} noValidate aria-label={T.proofTitle}>
        <Field
          ref={props.inputRef}
          label={T.proofCode}
          hint={props.waitMinutes > 0 ? T.proofWait(props.waitMinutes) : undefined}
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={LIMITS.tokenLength}
          placeholder="000000"
          value={props.code}
          onChange={(event) => props.onCode(event.target.value.replace(/\D/g, "").slice(0, LIMITS.tokenLength))}
          style={{ letterSpacing: "0.4em", textAlign: "center", fontWeight: 800 }}
        />
        <Button type="submit" $size="lg" $block disabled={!props.ready || sending}>
          {sending ? (
            <>
              <Spinner $size={18} /> {TEXTS.sendingToken}
            </>
          ) : (
            T.proofSubmit
          )}
        </Button>
        <Button $variant="ghost" $block onClick={props.onChangeNumber}>
          {T.changeNumber}
        </Button>
      </Form>
  );
}

/** The code sent to her WhatsApp, with 'Reenviar Token' once it may be sent again. */
export function TokenStep(props: {
  inputRef: Ref<HTMLInputElement>;
  onSubmit: (event: FormEvent) => void;
  token: string;
  onToken: (token: string) => void;
  ready: boolean;
  busy: boolean;
  secondsToResend: number;
  resendDisabled: boolean;
  onResend: () => void;
  changeDisabled: boolean;
  onChangeNumber: () => void;
  devNote: string | null;
}) {
  return (
      <Form onSubmit={props.onSubmit} noValidate aria-label={TEXTS.tokenSentTitle}>
        <Field
          ref={props.inputRef}
          label={T.token}
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={LIMITS.tokenLength}
          placeholder="000000"
          value={props.token}
          onChange={(event) => props.onToken(event.target.value.replace(/\D/g, "").slice(0, LIMITS.tokenLength))}
          style={{ letterSpacing: "0.4em", textAlign: "center", fontWeight: 800 }}
        />
        <Button type="submit" $size="lg" $block disabled={!props.ready || props.busy}>
          {props.busy ? (
            <>
              <Spinner $size={18} /> {TEXTS.verifyingToken}
            </>
          ) : (
            TEXTS.verifyToken
          )}
        </Button>
        <Row>
          <Button
            $variant="outline"
            $block
            disabled={props.resendDisabled}
            onClick={props.onResend}
          >
            {props.secondsToResend > 0 ? T.resendIn(props.secondsToResend) : TEXTS.resendToken}
          </Button>
          <Button $variant="ghost" $block onClick={props.onChangeNumber} disabled={props.changeDisabled}>
            {T.changeNumber}
          </Button>
        </Row>
        {props.devNote && <DevNote>{props.devNote}</DevNote>}
      </Form>
  );
}
