import { useMutation } from "@apollo/client/react";
import { useEffect, useRef } from "react";
import { SetOnlineStatusDocument } from "./documents";

/** Online-status updates pause after this many consecutive failures (spec part 1 §8). */
const MAX_FAILURES = 3;
export const ONLINE_STATUS_BEACON_PATH = "/api/user/online-status";

/**
 * Presence while signed in: online when the page becomes visible, offline when it is hidden, and a
 * beacon on `pagehide`. No interval: the open subscription socket counts as online on the server.
 */
export function PresenceReporter({ userId }: { userId: number }) {
  const [setOnlineStatus] = useMutation(SetOnlineStatusDocument);
  const failures = useRef(0);

  useEffect(() => {
    failures.current = 0;
    const report = (isOnline: boolean) => {
      if (failures.current >= MAX_FAILURES) return;
      setOnlineStatus({ variables: { isOnline } })
        .then(({ data }) => {
          failures.current = data?.setOnlineStatus.__typename === "Presence" ? 0 : failures.current + 1;
        })
        .catch(() => {
          failures.current += 1;
        });
    };
    const onVisibility = () => report(document.visibilityState === "visible");
    const onPageHide = () => {
      const body = new Blob([JSON.stringify({ isOnline: false, userId })], { type: "text/plain" });
      navigator.sendBeacon?.(ONLINE_STATUS_BEACON_PATH, body);
    };
    if (document.visibilityState === "visible") report(true);
    document.addEventListener("visibilitychange", onVisibility);
    window.addEventListener("pagehide", onPageHide);
    return () => {
      document.removeEventListener("visibilitychange", onVisibility);
      window.removeEventListener("pagehide", onPageHide);
    };
  }, [setOnlineStatus, userId]);

  return null;
}
