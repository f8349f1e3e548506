import type { ReactNode } from "react";
import { useSession } from "../features/session/SessionProvider";
import { LoadingScreen } from "./LoadingScreen";

/** While the session is being read, a full-screen loading view; the app once it is known. */
export function AppGate({ children }: { children: ReactNode }) {
  const { status } = useSession();
  if (status === "loading") return <LoadingScreen />;
  return <>{children}</>;
}
