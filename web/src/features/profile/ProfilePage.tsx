import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useApolloClient, useMutation, useQuery } from "@apollo/client/react";
import { useLocation, useNavigate } from "react-router-dom";
import styled from "styled-components";
import { TIMINGS, findCountry, type Profile } from "@clube-coroa/schema";
import { Button } from "../../components/Button";
import { Card, Centered, Lead, PageTitle } from "../../components/Page";
import { SignInRequired, SignInRequiredPage } from "../../components/SignInRequired";
import { Spinner } from "../../components/Spinner";
import { useToast } from "../../components/Toast";
import type { ProfileFieldsFragment } from "../../gql/graphql";
import { isNetworkError, serverMessageOf } from "../../lib/errors";
import { returnAddressOf } from "../../lib/returnTo";
import { WEB_TEXTS } from "../../lib/texts";
import { displayPhone, isPhoneComplete } from "../auth";
import { loadSubscriptionPanel } from "../plans";
import { loadNotificationPreferences } from "../notifications";
import { loadEnablePushButton } from "../push";
import { loadSafetyPanel } from "../safety";
import { loadPrivacyPanel } from "../privacy";
import { refreshSession, useSession } from "../session";
import { AccountActions } from "./AccountActions";
import { MyProfileDocument } from "../../lib/myProfile";
import { AddressByCepDocument, UpdateProfileDocument } from "./documents";
import { ProfileForm } from "./ProfileForm";
import { profileFormValues, type Address } from "./profileFormValues";
import { ProfileImages } from "./ProfileImages";
import { PROFILE_PAGE_TEXTS } from "./profileTexts";
import { ReferralCard } from "./ReferralCard";
import { lazyWhenOpen } from "../../lib/lazyComponent";
import { PAGE_TITLES, useDocumentTitle } from "../../lib/documentTitle";

// Her subscription and payments come with their own code, after the profile's form.
const SubscriptionPanel = lazyWhenOpen(loadSubscriptionPanel, () => true);
// Block list and 'Quem pode iniciar conversa comigo' (issue 27), also with their own code.
const SafetyPanel = lazyWhenOpen(loadSafetyPanel, () => true);
// 'Meus dados' (issue 30): her consents, who saw her data, what deletion keeps; its own code too.
const PrivacyPanel = lazyWhenOpen(loadPrivacyPanel, () => true);
// 'Notificações' (issue 29): per type × channel and 'Não perturbe', with its own code too.
const NotificationPreferences = lazyWhenOpen(loadNotificationPreferences, () => true);
// 'Ativar notificações no celular' (issue 29, feature push), drawn inside the preferences.
const EnablePushButton = lazyWhenOpen(loadEnablePushButton, () => true);

const T = PROFILE_PAGE_TEXTS;

const Wrapper = styled.div`
  max-width: 760px;
  margin: 0 auto;
  padding: ${({ theme }) => theme.space.lg} ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.xxl};
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  ${({ theme }) => theme.media.sm} {
    padding-left: ${({ theme }) => theme.space.md};
    padding-right: ${({ theme }) => theme.space.md};
  }
`;

const Head = styled.header`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xxs};
  padding: 0 ${({ theme }) => theme.space.xs};
`;

const Muted = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Loading = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** '/perfil': her profile form, photo and banner, invitation link and account actions (spec part 1 §2, §4, §5). */
export function ProfilePage() {
  useDocumentTitle(PAGE_TITLES.profile);
  const { status } = useSession();
  if (status !== "authenticated") {
    return <SignInRequiredPage title={WEB_TEXTS.profile.title} text={WEB_TEXTS.profile.signedOut} />;
  }
  return <SignedInProfile />;
}

function SignedInProfile() {
  const { data, loading, error, refetch } = useQuery(MyProfileDocument, { fetchPolicy: "cache-and-network" });
  const profile = data?.profile;

  if (profile) return <ProfileView key={profile.id} profile={profile} />;
  return (
    <Centered>
      <Card>
        <PageTitle>{WEB_TEXTS.profile.title}</PageTitle>
        {loading ? (
          <Loading role="status">
            <Spinner /> {T.loading}
          </Loading>
        ) : error ? (
          <>
            <Lead>{T.loadError}</Lead>
            <Button onClick={() => void refetch().catch(() => undefined)}>{T.retry}</Button>
          </>
        ) : (
          // The server does not know her any more (session ended elsewhere).
          <SignInRequired text={WEB_TEXTS.profile.signedOut} />
        )}
      </Card>
    </Centered>
  );
}

type FieldMessages = Partial<Record<string, string>>;

/** Her WhatsApp as she typed it at sign-up, e.g. '+55 (11) 98765-4321' (the raw digits otherwise). */
export function readablePhone(countryCode: string, phone: string): string {
  const country = findCountry(countryCode);
  if (!country) return phone;
  const code = country.phoneCode.replace(/\D/g, "");
  const digits = phone.replace(/\D/g, "");
  const local = digits.startsWith(code) ? digits.slice(code.length) : digits;
  return isPhoneComplete(country, local) ? displayPhone(country, local) : phone;
}

function ProfileView({ profile }: { profile: ProfileFieldsFragment }) {
  const client = useApolloClient();
  const navigate = useNavigate();
  // A new member sent here at sign-in from a card she liked goes back to it once her profile is complete.
  const returnTo = returnAddressOf(useLocation().state);
  const { toast } = useToast();
  const [updateProfile] = useMutation(UpdateProfileDocument);
  const [serverErrors, setServerErrors] = useState<FieldMessages | null>(null);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  // Whether the profile was complete before this visit's saves: only the first completion redirects.
  const wasComplete = useRef(profile.profileComplete);
  // The form starts from the profile as loaded; later cache updates must not reset what she typed.
  const [initial] = useState(() => ({
    ...profileFormValues(profile),
    whatsapp: readablePhone(profile.countryCode, profile.whatsapp ?? profile.phone),
  }));

  useEffect(() => () => timers.current.forEach(clearTimeout), []);

  const fail = useCallback(
    (description: string | null | undefined) => toast({ title: T.errorTitle, description: description || T.saveFallback, variant: "destructive" }),
    [toast],
  );

  const save = async (values: Profile) => {
    let result;
    try {
      const { data } = await updateProfile({ variables: { input: values } });
      result = data?.updateProfile;
    } catch (error) {
      fail(isNetworkError(error) ? null : serverMessageOf(error));
      return;
    }
    if (result?.__typename !== "Profile") {
      const appError = result?.__typename === "AppError" ? result : null;
      if (appError?.fieldErrors?.length) {
        setServerErrors(Object.fromEntries(appError.fieldErrors.map((f) => [f.field, f.message])));
      }
      fail(appError?.message);
      return;
    }
    const completedNow = result.profileComplete && !wasComplete.current;
    wasComplete.current = result.profileComplete;
    await refreshSession(client);
    // Her WhatsApp switch is also 'Notificações' → 'Novas mensagens' → WhatsApp: both show the same.
    client.refetchQueries({ include: ["NotificationPreferences"] }).catch(() => undefined);
    if (completedNow) {
      toast({ title: T.completed, description: T.completedDescription });
      timers.current.push(setTimeout(() => navigate(returnTo ?? "/"), TIMINGS.redirectAfterProfileMs));
    } else {
      toast({ title: T.saved });
    }
  };

  const lookUpCep = useCallback(
    async (cep: string): Promise<Address | null> => {
      const { data } = await client.query({ query: AddressByCepDocument, variables: { cep }, fetchPolicy: "network-only" });
      return data?.addressByCep ?? null;
    },
    [client],
  );

  const name = useMemo(() => profile.nickname || profile.fullName, [profile.nickname, profile.fullName]);
  const consents = useMemo(
    () => ({ shareWithSponsors: profile.shareWithSponsors, whatsappNotificationsEnabled: profile.whatsappNotificationsEnabled }),
    [profile.shareWithSponsors, profile.whatsappNotificationsEnabled],
  );

  return (
    <Wrapper>
      <Head>
        <PageTitle>{WEB_TEXTS.profile.title}</PageTitle>
        <Muted>{T.lead}</Muted>
      </Head>
      <ProfileImages name={name} plan={profile.plan} photoUrl={profile.profilePhotoUrl} bannerUrl={profile.bannerImageUrl} />
      <ProfileForm
        initial={initial}
        consents={consents}
        plan={profile.plan}
        countryCode={profile.countryCode}
        onSave={save}
        onCepLookup={lookUpCep}
        serverErrors={serverErrors}
      />
      <ReferralCard referralCode={profile.referralCode} />
      <SubscriptionPanel />
      <SafetyPanel />
      <PrivacyPanel />
      <NotificationPreferences pushControl={<EnablePushButton />} />
      <AccountActions plan={profile.plan} />
    </Wrapper>
  );
}
