import { Card, Centered, Lead, PageTitle } from "../../components/Page";
import { WEB_TEXTS } from "../../lib/texts";
import { useSession } from "../session/SessionProvider";
import { SignInRequired } from "../session/SignInRequired";

const T = WEB_TEXTS.profile;

/** Placeholder: the profile form comes in a later issue. */
export function ProfilePage() {
  const { status } = useSession();
  return (
    <Centered>
      <Card>
        <PageTitle>{T.title}</PageTitle>
        {status === "authenticated" ? <Lead>{T.soon}</Lead> : <SignInRequired text={T.signedOut} />}
      </Card>
    </Centered>
  );
}
