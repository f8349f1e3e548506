import { Navigate, useSearchParams } from "react-router-dom";
import { HomePage } from "../features/home/HomePage";
import { useSession } from "../features/session/SessionProvider";
import { readAffiliateCode } from "../lib/storage";
import { homeBoard, invitationPage } from "./pages";

const InvitationPage = invitationPage.Component;

/**
 * What `/` shows (spec part 2 §2): for visitors, `?signup=true` leads to sign-in (carrying the kept
 * affiliate code so the referral notice shows) and `?id=` opens the invitation page; everyone else
 * — members included, whatever the address says — gets the home page. While the session is read,
 * the home page's frame (the same component, so it is not mounted twice).
 */
export function HomeRoute() {
  const { status } = useSession();
  const [params] = useSearchParams();
  if (status === "loading") return <HomePage pending board={homeBoard} />;
  if (status !== "authenticated") {
    if (params.get("signup") === "true") {
      const code = readAffiliateCode();
      return <Navigate to={code ? `/auth?id=${code}` : "/auth"} replace />;
    }
    const code = params.get("id");
    if (code !== null) return <InvitationPage key={code} code={code} />;
  }
  return <HomePage board={homeBoard} />;
}
