import { TEXTS } from "@clube-coroa/schema";
import { ButtonLink } from "./Button";
import { Lead } from "./Page";

/** What a page behind sign-in shows to someone who is not signed in. */
export function SignInRequired({ text }: { text: string }) {
  return (
    <>
      <Lead>{text}</Lead>
      <ButtonLink to="/auth">{TEXTS.loginLink}</ButtonLink>
    </>
  );
}
