import { useEffect, useRef, useState, type FormEvent } from "react";
import { useMutation, useQuery } from "@apollo/client/react";
import { Navigate, useLocation, useNavigate, useSearchParams } from "react-router-dom";
import { DEFAULT_COUNTRY, LIMITS, TEXTS, TIMINGS, findCountry } from "@clube-coroa/schema";
import { useToast } from "../../components/Toast";
import { httpStatusOf, isNetworkError, serverMessageOf } from "../../lib/errors";
import { returnAddressOf, type ReturnState } from "../../lib/returnTo";
import { normaliseReferralCode, readAffiliateCode, writeAffiliateCode } from "../../lib/storage";
import { WEB_TEXTS } from "../../lib/texts";
import { useSession, type SessionUser } from "../session";
import { AppInfoDocument, SendLoginTokenDocument, VerifyLoginTokenDocument } from "./documents";
import { LOGIN_TEXTS } from "./loginTexts";
import { forgetCode, pendingCode, rememberCode } from "./pendingCode";
import { countryOfInternational, digitsForCountry, displayPhone, internationalPhone, isPhoneComplete, phoneDigits } from "./phone";
import { PAGE_TITLES, useDocumentTitle } from "../../lib/documentTitle";
import { Card, Page, Referral } from "./LoginPage.styles";
import { PhoneStep, ProofStep, StepHead, TokenStep, type Step } from "./LoginSteps";
import { usePrerenderedPhone } from "./usePrerenderedPhone";

const T = WEB_TEXTS.login;
const L = LOGIN_TEXTS;
/** Verify answers after which the code she holds can no longer sign her in. */
const DEAD_CODE = new Set(["TOKEN_EXPIRED", "TOKEN_USED", "TOKEN_TOO_MANY_ATTEMPTS", "TOKEN_NOT_REQUESTED"]);

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
  const { typedBeforeScripts, countryCode, setCountryCode, digits, setDigits, phoneFormRef } = usePrerenderedPhone();
  const [token, setToken] = useState("");
  const [shownCode, setShownCode] = useState("");
  const [proofWaitMinutes, setProofWaitMinutes] = useState(0);
  const [resendAt, setResendAt] = useState<number | null>(null);
  const [signingIn, setSigningIn] = useState(false);
  const signedInHere = useRef(false);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  const tokenRef = useRef<HTMLInputElement>(null);
  const proofRef = useRef<HTMLInputElement>(null);
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
    // Once, after the first commit: the ref and the setters never change.
  }, [phoneFormRef, setCountryCode, setDigits]);

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
        <StepHead step={step} phoneShown={displayPhone(country, digits)} />

        {urlReferral && <Referral role="status">{TEXTS.referralNotice}</Referral>}

        {step === "phone" ? (
          <PhoneStep
            formRef={phoneFormRef}
            onSubmit={onSubmitPhone}
            country={country}
            digits={digits}
            focused={typedBeforeScripts.focused}
            ready={phoneReady}
            sending={sending}
            onCountry={(next) => {
              setCountryCode(next.code);
              setDigits((current) => digitsForCountry(next, current, isMobileNumber));
            }}
            onTyped={(typed) => {
              // A pasted or autofilled international number names its country.
              const pasted = countryOfInternational(typed);
              if (pasted && pasted.code !== country.code) setCountryCode(pasted.code);
              setDigits(phoneDigits(pasted ?? country, typed));
            }}
          />
        ) : step === "proof" ? (
          <ProofStep
            inputRef={proofRef}
            onSubmit={onSubmitProof}
            code={shownCode}
            onCode={setShownCode}
            waitMinutes={proofWaitMinutes}
            ready={proofReady}
            sending={sending}
            onChangeNumber={changeNumber}
          />
        ) : (
          <TokenStep
            inputRef={tokenRef}
            onSubmit={onSubmitToken}
            token={token}
            onToken={setToken}
            ready={tokenReady}
            busy={verifying || signingIn}
            secondsToResend={secondsToResend}
            resendDisabled={secondsToResend > 0 || sending || signingIn}
            onResend={() => void requestToken()}
            changeDisabled={signingIn}
            onChangeNumber={changeNumber}
            devNote={appInfo?.appInfo.localWhatsapp ? T.devNote(phone) : null}
          />
        )}
      </Card>
    </Page>
  );
}
