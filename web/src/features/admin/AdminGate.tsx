import { Suspense, type ReactNode } from "react";
import { PageSkeleton } from "../../components/PageSkeleton";
import { useSession } from "../session";
import { AccessDenied } from "./AccessDenied";

/**
 * Shows the lazily loaded admin page only to a superuser the server confirmed, so admin code never
 * reaches a member's phone. The server checks every admin field again; this only spares the download.
 */
export function AdminGate({ deniedText, children }: { deniedText: string; children: ReactNode }) {
  const { user, confirmed } = useSession();
  if (!user) return <AccessDenied text={deniedText} />;
  // Painted from the stored copy: wait for the server before granting or refusing.
  if (!confirmed) return <PageSkeleton />;
  if (!user.isSuperuser) return <AccessDenied text={deniedText} />;
  return <Suspense fallback={<PageSkeleton />}>{children}</Suspense>;
}
