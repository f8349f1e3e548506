import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { useApolloClient, useMutation, useQuery, useSubscription } from "@apollo/client/react";
import { useNavigate } from "react-router-dom";
import { TEXTS, TIMINGS, referralCodeFor } from "@clube-coroa/schema";
import { useToast } from "../../components/Toast";
import type { SessionUserFragment } from "../../gql/graphql";
import { useHydrated } from "../../lib/prerendered";
import { drawnWithoutSessionCookie } from "../../lib/firstScreenData";
import { clearStoredUser, readStoredUser, writeStoredUser, type StoredUser } from "../../lib/storage";
import { LogoutDocument, MeDocument, MeUpdatedDocument } from "./documents";

export type SessionStatus = "loading" | "anonymous" | "authenticated";
export type SessionUser = SessionUserFragment;

export interface Session {
  status: SessionStatus;
  user: SessionUser | null;
  /** True once the server's `me` has answered for this user (the stored copy is not proof). */
  confirmed: boolean;
  signIn: (user: SessionUser) => void;
  logout: () => Promise<void>;
  /**
   * The next change of her plan to `plan` is told by the caller (the plans flow's celebration), so
   * the session does not toast 'Plano atualizado automaticamente!' for it; null forgets it.
   */
  tellsPlanChange: (plan: string | null) => void;
}

const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error("useSession must be used inside <SessionProvider>");
  return session;
}

function fromStored(stored: StoredUser): SessionUser {
  return {
    id: stored.id,
    phone: stored.phone,
    plan: stored.plan as SessionUser["plan"],
    email: stored.email ?? null,
    profileComplete: stored.profileComplete ?? false,
    fullName: stored.fullName ?? null,
    nickname: stored.nickname ?? null,
    isSuperuser: false,
    referralCode: referralCodeFor(stored.id),
  };
}

/**
 * Who is signed in, as the server says through `me`. The stored user only paints the shell while
 * `me` is on its way; after 5 s without an answer the logged-out view is shown (spec part 1 §4).
 */
/**
 * Signing out ends this browser's push subscription (issue 29): her pushes must not reach the next
 * person on this device. The push service then answers 410 and the server forgets it.
 */
async function forgetPushSubscription() {
  try {
    const registration = await navigator.serviceWorker?.getRegistration("/");
    await (await registration?.pushManager?.getSubscription())?.unsubscribe();
  } catch {
    // no service worker or push here: nothing to forget
  }
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const client = useApolloClient();
  const navigate = useNavigate();
  const { toast } = useToast();
  const [stored, setStored] = useState<StoredUser | null>(() => readStoredUser());
  const [timedOut, setTimedOut] = useState(false);
  // Set by logout until the next sign-in, so the shell never shows her while the store resets.
  const [loggedOut, setLoggedOut] = useState(false);
  const previousPlan = useRef<{ id: number; plan: string } | null>(null);
  const toldElsewhere = useRef<string | null>(null);

  const { data, previousData, error, refetch } = useQuery(MeDocument, { fetchPolicy: "cache-first" });
  const [logoutMutation] = useMutation(LogoutDocument);

  useEffect(() => {
    const timer = setTimeout(() => setTimedOut(true), TIMINGS.loadingTimeoutMs);
    return () => clearTimeout(timer);
  }, []);

  const me = loggedOut ? null : data?.me;
  const signedOut = loggedOut || (data !== undefined && me === null);
  // While React hydrates the prerendered frame, the session is still being read there.
  const hydrated = useHydrated();
  let status: SessionStatus;
  let user: SessionUser | null = null;
  let confirmed = false;
  if (!hydrated) {
    status = "loading";
  } else if (me) {
    status = "authenticated";
    user = me;
    confirmed = true;
  } else if (signedOut) {
    status = "anonymous";
  } else if (error && previousData?.me && !loggedOut) {
    // A failed refresh is not a logout: keep the user the server last confirmed.
    status = "authenticated";
    user = previousData.me;
    confirmed = true;
  } else if (error) {
    status = "anonymous";
  } else if (stored) {
    status = "authenticated";
    user = fromStored(stored);
  } else {
    // A page the server drew for a request without a session cookie is a visitor's: her taps on the
    // board need not wait for `me` (issue 24 item 16), which will say the same.
    status = timedOut || drawnWithoutSessionCookie() ? "anonymous" : "loading";
  }

  // Keep the stored copy in step with the server.
  useEffect(() => {
    if (me) writeStoredUser(me);
    else if (signedOut) clearStoredUser();
  }, [me, signedOut]);

  // Tell her when her plan changed behind her back (refresh every 120 s, or a pushed update).
  useEffect(() => {
    const previous = previousPlan.current;
    if (me && previous && previous.id === me.id && previous.plan !== me.plan) {
      if (toldElsewhere.current === me.plan) toldElsewhere.current = null;
      else toast({ title: TEXTS.planAutoUpdated });
    }
    if (me && previous && previous.id !== me.id) toldElsewhere.current = null;
    if (me) previousPlan.current = { id: me.id, plan: me.plan };
    else if (signedOut) {
      previousPlan.current = null;
      toldElsewhere.current = null;
    }
  }, [me, signedOut, toast]);

  const signedInId = me?.id;
  useEffect(() => {
    if (signedInId === undefined) return;
    const interval = setInterval(() => {
      refetch().catch(() => undefined);
    }, TIMINGS.userRefreshMs);
    return () => clearInterval(interval);
  }, [signedInId, refetch]);

  // A pushed change of the user lands in the normalised cache and flows into `me` above.
  useSubscription(MeUpdatedDocument, { skip: !me });

  const signIn = useCallback(
    (signedIn: SessionUser) => {
      writeStoredUser(signedIn);
      setStored(signedIn);
      setLoggedOut(false);
      client.writeQuery({ query: MeDocument, data: { me: signedIn } });
    },
    [client],
  );

  const logout = useCallback(async () => {
    await forgetPushSubscription();
    try {
      await logoutMutation();
    } catch {
      // Even if the server cannot be reached, forget her on this device.
    }
    clearStoredUser();
    setStored(null);
    setLoggedOut(true);
    previousPlan.current = null;
    toast({ title: TEXTS.logoutToast });
    setTimeout(() => navigate("/"), TIMINGS.logoutRedirectMs);
    // Drop everything fetched for her; `me` is asked again and the server answers null.
    await client.resetStore().catch(() => undefined);
  }, [client, logoutMutation, navigate, toast]);

  const tellsPlanChange = useCallback((plan: string | null) => {
    toldElsewhere.current = plan;
  }, []);

  const value = useMemo<Session>(
    () => ({ status, user, confirmed, signIn, logout, tellsPlanChange }),
    [status, user, confirmed, signIn, logout, tellsPlanChange],
  );

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
