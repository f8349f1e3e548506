import type { ReactNode } from "react";
import { useLocation } from "react-router-dom";
import { useSession } from "../features/session/SessionProvider";
import { LoadingScreen } from "./LoadingScreen";

/**
 * The addresses the build prerenders (issue 14). While the session is read they show their frame
 * inside the app itself — the navigation's brand, the home page's hero and skeleton cards
 * (HomeRoute), the sign-in form (usable at once) — so the page the browser painted before the
 * scripts is the page React first draws, and nothing is mounted again when the session is known.
 */
const FRAMED_PATHS = new Set(["/", "/auth"]);

/** While the session is being read, a full-screen loading view (or the frame above); the app once it is known. */
export function AppGate({ children }: { children: ReactNode }) {
  const { status } = useSession();
  const { pathname } = useLocation();
  if (status === "loading" && !FRAMED_PATHS.has(pathname)) return <LoadingScreen />;
  return <>{children}</>;
}
