import { ToastProvider } from "../components/Toast";
import { MessagingRealtime } from "../features/messages/Realtime";
import { PlansProvider } from "../features/plans/PlansProvider";
import { SessionProvider } from "../features/session/SessionProvider";
import { AppGate } from "./AppGate";
import { AppRoutes } from "./AppRoutes";
import { ErrorBoundary } from "./ErrorBoundary";
import { Layout } from "./Layout";

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
              <MessagingRealtime />
            </PlansProvider>
          </AppGate>
        </SessionProvider>
      </ToastProvider>
    </ErrorBoundary>
  );
}
