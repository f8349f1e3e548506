import { ToastProvider } from "../components/Toast";
import { PlansProvider } from "../features/plans/PlansProvider";
import { SessionProvider, useSession } from "../features/session/SessionProvider";
import { lazyWhenOpen } from "../lib/lazyComponent";
import { loadConsentsUpdate } from "../features/privacy";
import { AppGate } from "./AppGate";
import { AppRoutes } from "./AppRoutes";
import { ErrorBoundary } from "./ErrorBoundary";
import { Layout } from "./Layout";

// A member's app-wide pieces (message feed, presence, 'Hora de Brilhar!') load once she is signed in.
const signedIn = (props: { status: string }) => props.status === "authenticated";
const MessagingRealtime = lazyWhenOpen(() => import("../features/messages/Realtime").then((m) => m.MessagingRealtime), signedIn);
const NotificationsRealtime = lazyWhenOpen(() => import("../features/notifications/Bell").then((m) => m.NotificationsRealtime), signedIn);
const MotivationalPopup = lazyWhenOpen(() => import("../features/motivation/MotivationalPopup").then((m) => m.MotivationalPopup), signedIn);
// 'Atualizamos nossos textos' when a text she accepted has a newer version (issue 30).
const ConsentsUpdate = lazyWhenOpen(loadConsentsUpdate, signedIn);

function MemberPieces() {
  const { status } = useSession();
  return (
    <>
      <MessagingRealtime status={status} />
      <NotificationsRealtime status={status} />
      <MotivationalPopup status={status} />
      <ConsentsUpdate status={status} />
    </>
  );
}

/** Everything below the Apollo client, the router and the theme (so tests can supply their own). */
export function AppShell() {
  return (
    <ErrorBoundary>
      <ToastProvider>
        <SessionProvider>
          <AppGate>
            <PlansProvider>
              <Layout>
                <AppRoutes />
              </Layout>
              <MemberPieces />
            </PlansProvider>
          </AppGate>
        </SessionProvider>
      </ToastProvider>
    </ErrorBoundary>
  );
}
