import { TEXTS } from "@clube-coroa/schema";
import { ButtonLink } from "./Button";
import { Card, Centered, Lead, PageTitle } from "./Page";

/** What a page behind sign-in shows to someone who is not signed in. */
export function SignInRequired({ text }: { text: string }) {
  return (
    <>
      <Lead>{text}</Lead>
      <ButtonLink to="/auth">{TEXTS.loginLink}</ButtonLink>
    </>
  );
}

/** A whole page behind sign-in, as someone who is not signed in sees it: its title, and the way to sign in. */
export function SignInRequiredPage({ title, text }: { title: string; text: string }) {
  return (
    <Centered>
      <Card>
        <PageTitle>{title}</PageTitle>
        <SignInRequired text={text} />
      </Card>
    </Centered>
  );
}
