import { Card, Centered, Lead, PageTitle } from "../../components/Page";
import { WEB_TEXTS } from "../../lib/texts";
import { useSession } from "../session/SessionProvider";
import { SignInRequired } from "../session/SignInRequired";

const T = WEB_TEXTS.messages;

/** Placeholder for /mensagens and /mensagens/:id: the message centre comes in a later issue. */
export function MessagesPage() {
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
