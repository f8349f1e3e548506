import { useEffect, useRef, useState, type FormEvent } from "react";
import { useMutation, useQuery } from "@apollo/client/react";
import { Navigate, useLocation, useNavigate, useSearchParams } from "react-router-dom";
import styled from "styled-components";
import {
  COUNTRIES,
  DEFAULT_COUNTRY,
  LIMITS,
  TEXTS,
  TIMINGS,
  applyMask,
  findCountry,
  flagUrl,
} from "@clube-coroa/schema";
import { Button } from "../../components/Button";
import { Crown } from "../../components/Crown";
import { Field, Select } from "../../components/Field";
import { Spinner } from "../../components/Spinner";
import { useToast } from "../../components/Toast";
import { httpStatusOf, isNetworkError, serverMessageOf } from "../../lib/errors";
import { prerenderedFocus, prerenderedValue } from "../../lib/prerendered";
import { returnAddressOf, type ReturnState } from "../../lib/returnTo";
import { normaliseReferralCode, readAffiliateCode, writeAffiliateCode } from "../../lib/storage";
import { WEB_TEXTS } from "../../lib/texts";
import { useSession, type SessionUser } from "../session/SessionProvider";
import { AppInfoDocument, SendLoginTokenDocument, VerifyLoginTokenDocument } from "./documents";
import { LOGIN_TEXTS } from "./loginTexts";
import { forgetCode, pendingCode, rememberCode } from "./pendingCode";
import { countryOfInternational, digitsForCountry, displayPhone, internationalPhone, isPhoneComplete, phoneDigits } from "./phone";
import { PAGE_TITLES, useDocumentTitle } from "../../lib/documentTitle";

const T = WEB_TEXTS.login;
const L = LOGIN_TEXTS;
/** Verify answers after which the code she holds can no longer sign her in. */
const DEAD_CODE = new Set(["TOKEN_EXPIRED", "TOKEN_USED", "TOKEN_TOO_MANY_ATTEMPTS", "TOKEN_NOT_REQUESTED"]);

const Page = styled.div`
  min-height: calc(100vh - 64px);
  padding: ${({ theme }) => theme.space.xl} ${({ theme }) => theme.space.md} ${({ theme }) => theme.space.xxl};
  background:
    radial-gradient(circle at 100% 0%, rgba(217, 169, 63, 0.22), transparent 40%),
    linear-gradient(180deg, ${({ theme }) => theme.colors.brandSoft}, ${({ theme }) => theme.colors.background} 60%);
`;

const Card = styled.div`
  max-width: 440px;
  margin: 0 auto;
  background: ${({ theme }) => theme.colors.surface};
  border-radius: ${({ theme }) => theme.radii.lg};
  box-shadow: ${({ theme }) => theme.shadows.lg};
  padding: ${({ theme }) => theme.space.xl} 1.25rem;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.lg};
  ${({ theme }) => theme.media.sm} {
    padding: ${({ theme }) => theme.space.xl};
  }
`;

const Head = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  text-align: center;
  gap: ${({ theme }) => theme.space.xs};
`;

const Seal = styled.div`
  display: grid;
  place-items: center;
  width: 64px;
  height: 64px;
  border-radius: 50%;
  background: ${({ theme }) => theme.colors.brand};
  color: ${({ theme }) => theme.colors.gold};
  box-shadow: 0 0 0 6px ${({ theme }) => theme.colors.brandSoft};
  margin-bottom: ${({ theme }) => theme.space.xs};
`;

const Title = styled.h1`
  font-size: ${({ theme }) => theme.fontSizes.xxl};
`;

const Lead = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** The chosen country's flag (an SVG of country-flag-icons, build/countryFlags.ts), in the selector's box. */
const Flag = styled.img`
  display: block;
  width: 30px;
  height: 20px;
  border-radius: 3px;
  box-shadow: 0 0 0 1px rgba(43, 29, 39, 0.15);
  object-fit: cover;
`;

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
`;

const Referral = styled.p`
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radii.md};
  background: #fbf1d6;
  border: 1px solid ${({ theme }) => theme.colors.gold};
  color: ${({ theme }) => theme.colors.warningText};
  font-weight: 700;
  text-align: center;
`;

const DevNote = styled.p`
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surfaceAlt};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  overflow-wrap: anywhere;
`;

const Row = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
`;

/** 'proof': the phone's hourly ceiling held this device back until it shows a code her WhatsApp received. */
type Step = "phone" | "proof" | "token";

/** Seconds left until a time, refreshed every second while there are any. */
function useSecondsUntil(until: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until === null) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [until]);
  return until === null ? 0 : Math.max(0, Math.ceil((until - now) / 1000));
}

type MobileNumberCheck = (phone: string, countryCode: string) => boolean;

/**
 * Whether a number is a mobile number of its country, by the server's own rule (libphonenumber-js,
 * in `@clube-coroa/schema`), fetched once she starts typing rather than with the page: its metadata
 * would weigh on the sign-in's first load. Null until it is here.
 */
function useMobileNumberCheck(wanted: boolean): MobileNumberCheck | null {
  const [check, setCheck] = useState<MobileNumberCheck | null>(null);
  useEffect(() => {
    if (!wanted || check) return;
    let live = true;
    import("@clube-coroa/schema/validation/phone")
      .then(({ normalisePhone }) => {
        if (live) setCheck(() => (phone: string, countryCode: string) => normalisePhone(phone, countryCode).ok);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [wanted, check]);
  return check;
}

export function LoginPage() {
  useDocumentTitle(PAGE_TITLES.auth);
  const session = useSession();
  const navigate = useNavigate();
  const { toast, dismiss: dismissToast } = useToast();
  const [params] = useSearchParams();
  // Where she was when she was asked to sign in (a card she liked), to go back to after.
  const returnTo = returnAddressOf(useLocation().state);

  const [step, setStep] = useState<Step>("phone");
  // On the prerendered /auth she may have picked a country and typed her number before the scripts ran.
  const [typedBeforeScripts] = useState(() => {
    const typedCountry = findCountry(prerenderedValue("country") ?? "") ?? DEFAULT_COUNTRY;
    const typedNumber = prerenderedValue("phone");
    return { country: typedCountry.code, digits: typedNumber ? phoneDigits(typedCountry, typedNumber) : "", focused: prerenderedFocus("phone") };
  });
  const [countryCode, setCountryCode] = useState(typedBeforeScripts.country);
  const [digits, setDigits] = useState(typedBeforeScripts.digits);
  const [token, setToken] = useState("");
  const [shownCode, setShownCode] = useState("");
  const [proofWaitMinutes, setProofWaitMinutes] = useState(0);
  const [resendAt, setResendAt] = useState<number | null>(null);
  const [signingIn, setSigningIn] = useState(false);
  const signedInHere = useRef(false);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  const tokenRef = useRef<HTMLInputElement>(null);
  const proofRef = useRef<HTMLInputElement>(null);
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
  // A code she asked for on this browser and still holds (the tab reloaded while she read WhatsApp):
  // back to the code step for that number, unless she has begun typing another one.
  useEffect(() => {
    const held = pendingCode();
    const heldCountry = held && findCountry(held.countryCode);
    if (!held || !heldCountry) return;
    const typed = phoneFormRef.current?.querySelector<HTMLInputElement>('[data-keep="phone"]')?.value ?? "";
    if (typed && phoneDigits(heldCountry, typed) !== held.digits) return;
    setCountryCode(heldCountry.code);
    setDigits(held.digits);
    setResendAt(held.resendAt);
    setStep("token");
  }, []);

  const country = findCountry(countryCode) ?? DEFAULT_COUNTRY;
  const phone = internationalPhone(country, digits);
  const isMobileNumber = useMobileNumberCheck(digits !== "");
  const secondsToResend = useSecondsUntil(resendAt);

  const urlReferral = normaliseReferralCode(params.get("id"));
  const referralCode = urlReferral ?? readAffiliateCode();
  useEffect(() => {
    if (urlReferral) writeAffiliateCode(urlReferral);
  }, [urlReferral]);

  const [sendToken, { loading: sending }] = useMutation(SendLoginTokenDocument);
  const [verifyToken, { loading: verifying }] = useMutation(VerifyLoginTokenDocument);
  const { data: appInfo } = useQuery(AppInfoDocument, { skip: step !== "token" });

  useEffect(() => () => timers.current.forEach(clearTimeout), []);
  useEffect(() => {
    if (step === "token") tokenRef.current?.focus();
    if (step === "proof") proofRef.current?.focus();
  }, [step]);

  if (session.status === "authenticated" && !signedInHere.current) return <Navigate to="/" replace />;

  // The server's own rule (a mobile number of that country) once its code is here; until then, the
  // mask's length.
  const phoneReady = isPhoneComplete(country, digits) && (isMobileNumber?.(phone, country.code) ?? true);
  const tokenReady = token.length === LIMITS.tokenLength;
  const proofReady = shownCode.length === LIMITS.tokenLength;

  /** The code step for the number on screen, remembered on this browser while the code works. */
  function showCodeStep(resendAfterSeconds: number, expiresInSeconds: number) {
    const now = Date.now();
    const resendAt = now + resendAfterSeconds * 1000;
    setResendAt(resendAt);
    setStep("token");
    rememberCode({ countryCode: country.code, digits, resendAt, expiresAt: now + expiresInSeconds * 1000 });
  }

  /** Asks for a code for this device; `recentCode` is one her WhatsApp received, when the ceiling asked for it. */
  async function requestToken(recentCode?: string): Promise<void> {
    try {
      const { data } = await sendToken({ variables: { input: { phone, countryCode: country.code, ...(recentCode ? { recentCode } : {}) } } });
      const result = data?.sendLoginToken;
      if (result?.__typename === "SendLoginTokenPayload") {
        toast({ title: TEXTS.tokenSentTitle, description: TEXTS.tokenSentDescription });
        setToken("");
        setShownCode("");
        showCodeStep(result.resendAfterSeconds, result.expiresInSeconds);
        return;
      }
      if (result?.__typename === "AppError" && result.code === "RECENT_CODE_REQUIRED") {
        setProofWaitMinutes(Math.ceil((result.retryAfterSeconds ?? 0) / 60));
        setShownCode("");
        setStep("proof");
        return;
      }
      if (result?.__typename === "AppError" && result.code === "RECENT_CODE_INVALID") {
        toast({ title: T.proofErrorTitle, description: result.message, variant: "destructive" });
        return;
      }
      if (result?.__typename === "AppError" && result.tokenExpiresInSeconds) {
        // Too soon to send another, and the one this browser asked for still works: type that one.
        toast({ title: L.codeHeldTitle, description: L.codeHeldText });
        showCodeStep(result.retryAfterSeconds ?? 0, result.tokenExpiresInSeconds);
        return;
      }
      if (result?.__typename === "AppError" && result.retryAfterSeconds) {
        // A wait (cooldown, hourly limits) is no WhatsApp error.
        if (step === "token") setResendAt(Date.now() + result.retryAfterSeconds * 1000);
        toast({ title: L.waitTitle, description: result.message });
        return;
      }
      toast({
        title: TEXTS.whatsappErrorTitle,
        description: (result?.__typename === "AppError" && result.message) || TEXTS.whatsappErrorFallback,
        variant: "destructive",
      });
    } catch (error) {
      toast({
        title: TEXTS.errorTitle,
        description: (!isNetworkError(error) && serverMessageOf(error)) || TEXTS.sendThrownFallback,
        variant: "destructive",
      });
    }
  }

  function completeSignIn(user: SessionUser) {
    signedInHere.current = true;
    setSigningIn(true);
    forgetCode();
    // An earlier 'Token Inválido' no longer holds.
    dismissToast();
    session.signIn(user);
    if (user.profileComplete) {
      timers.current.push(setTimeout(() => navigate(returnTo ?? "/"), TIMINGS.loginRedirectCompleteMs));
    } else {
      timers.current.push(
        setTimeout(() => {
          toast({
            title: TEXTS.completeProfileTitle,
            description: TEXTS.completeProfileDescription,
            duration: TIMINGS.completeProfileToastMs,
          });
          // The profile comes first; completing it takes her on to where she was.
          navigate("/perfil", returnTo ? { state: { returnTo } satisfies ReturnState } : undefined);
        }, TIMINGS.loginRedirectIncompleteMs),
      );
    }
  }

  async function checkToken(): Promise<void> {
    try {
      const { data } = await verifyToken({
        variables: { input: { phone, countryCode: country.code, token, referralCode: referralCode ?? null } },
      });
      const result = data?.verifyLoginToken;
      if (result?.__typename === "VerifyLoginTokenPayload") {
        completeSignIn(result.user);
        return;
      }
      if (result?.__typename === "AppError" && DEAD_CODE.has(result.code)) forgetCode();
      const message = (result?.__typename === "AppError" && result.message) || TEXTS.invalidTokenFallback;
      toast({ title: TEXTS.invalidTokenTitle, description: `${message}${TEXTS.invalidTokenSuffix}`, variant: "destructive" });
    } catch (error) {
      const description = isNetworkError(error)
        ? TEXTS.verifyNetworkError
        : httpStatusOf(error) === 400
          ? TEXTS.verify400
          : TEXTS.verifyOtherError;
      toast({ title: TEXTS.verifyErrorTitle, description, variant: "destructive" });
    }
  }

  const onSubmitPhone = (event: FormEvent) => {
    event.preventDefault();
    if (phoneReady && !sending) void requestToken();
  };
  const onSubmitToken = (event: FormEvent) => {
    event.preventDefault();
    if (tokenReady && !verifying && !signingIn) void checkToken();
  };
  const onSubmitProof = (event: FormEvent) => {
    event.preventDefault();
    if (proofReady && !sending) void requestToken(shownCode);
  };
  const changeNumber = () => {
    forgetCode();
    setStep("phone");
    setToken("");
    setShownCode("");
    setResendAt(null);
  };

  return (
    <Page>
      <Card>
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
              <Lead>{T.tokenLead(displayPhone(country, digits))}</Lead>
            </>
          )}
        </Head>

        {urlReferral && <Referral role="status">{TEXTS.referralNotice}</Referral>}

        {step === "phone" ? (
          <Form ref={phoneFormRef} onSubmit={onSubmitPhone} noValidate aria-label={T.title}>
            <Select
              label={T.country}
              data-keep="country"
              value={country.code}
              leading={<Flag src={flagUrl(country.code)} alt="" width={30} height={20} data-flag={country.code} />}
              onChange={(event) => {
                const next = findCountry(event.target.value) ?? DEFAULT_COUNTRY;
                setCountryCode(next.code);
                setDigits((current) => digitsForCountry(next, current, isMobileNumber));
              }}
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
              autoFocus={typedBeforeScripts.focused}
              placeholder={country.placeholder}
              value={applyMask(country.mask, digits)}
              onChange={(event) => {
                // A pasted or autofilled international number names its country.
                const pasted = countryOfInternational(event.target.value);
                if (pasted && pasted.code !== country.code) setCountryCode(pasted.code);
                setDigits(phoneDigits(pasted ?? country, event.target.value));
              }}
            />
            <Button type="submit" $size="lg" $block disabled={!phoneReady || sending}>
              {sending ? (
                <>
                  <Spinner $size={18} /> {TEXTS.sendingToken}
                </>
              ) : (
                TEXTS.sendToken
              )}
            </Button>
          </Form>
        ) : step === "proof" ? (
          <Form onSubmit={onSubmitProof} noValidate aria-label={T.proofTitle}>
            <Field
              ref={proofRef}
              label={T.proofCode}
              hint={proofWaitMinutes > 0 ? T.proofWait(proofWaitMinutes) : undefined}
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9]*"
              maxLength={LIMITS.tokenLength}
              placeholder="000000"
              value={shownCode}
              onChange={(event) => setShownCode(event.target.value.replace(/\D/g, "").slice(0, LIMITS.tokenLength))}
              style={{ letterSpacing: "0.4em", textAlign: "center", fontWeight: 800 }}
            />
            <Button type="submit" $size="lg" $block disabled={!proofReady || sending}>
              {sending ? (
                <>
                  <Spinner $size={18} /> {TEXTS.sendingToken}
                </>
              ) : (
                T.proofSubmit
              )}
            </Button>
            <Button $variant="ghost" $block onClick={changeNumber}>
              {T.changeNumber}
            </Button>
          </Form>
        ) : (
          <Form onSubmit={onSubmitToken} noValidate aria-label={TEXTS.tokenSentTitle}>
            <Field
              ref={tokenRef}
              label={T.token}
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9]*"
              maxLength={LIMITS.tokenLength}
              placeholder="000000"
              value={token}
              onChange={(event) => setToken(event.target.value.replace(/\D/g, "").slice(0, LIMITS.tokenLength))}
              style={{ letterSpacing: "0.4em", textAlign: "center", fontWeight: 800 }}
            />
            <Button type="submit" $size="lg" $block disabled={!tokenReady || verifying || signingIn}>
              {verifying || signingIn ? (
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
                disabled={secondsToResend > 0 || sending || signingIn}
                onClick={() => void requestToken()}
              >
                {secondsToResend > 0 ? T.resendIn(secondsToResend) : TEXTS.resendToken}
              </Button>
              <Button $variant="ghost" $block onClick={changeNumber} disabled={signingIn}>
                {T.changeNumber}
              </Button>
            </Row>
            {appInfo?.appInfo.localWhatsapp && <DevNote>{T.devNote(phone)}</DevNote>}
          </Form>
        )}
      </Card>
    </Page>
  );
}
