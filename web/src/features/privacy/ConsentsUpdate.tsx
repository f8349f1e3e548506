import { useId } from "react";
import { useMutation, useQuery } from "@apollo/client/react";
import { Link } from "react-router-dom";
import styled from "styled-components";
import { CONSENT_TEXTS, type ConsentPurpose } from "@clube-coroa/schema";
import { Button } from "../../components/Button";
import { useToast } from "../../components/Toast";
import { PendingConsentsDocument, SetConsentDocument } from "./documents";
import { PRIVACY_TEXTS as T } from "./privacyTexts";

// Calm and out of the way: a card at the foot of the screen, not a modal, so the message centre
// and the rest of the club stay usable while she reads.
const Notice = styled.section`
  position: fixed;
  left: ${({ theme }) => theme.space.sm};
  right: ${({ theme }) => theme.space.sm};
  bottom: ${({ theme }) => theme.space.sm};
  z-index: 40;
  max-width: 520px;
  margin: 0 auto;
  padding: ${({ theme }) => theme.space.md};
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  box-shadow: 0 8px 24px rgba(0, 0, 0, 0.12);
  h2 { font-size: ${({ theme }) => theme.fontSizes.lg}; }
  ul { margin: 0; padding-left: ${({ theme }) => theme.space.md}; }
  a { color: ${({ theme }) => theme.colors.brand}; font-weight: 700; display: inline-block; padding: 8px 0; }
`;

/**
 * 'Atualizamos nossos textos' (issue 30): the texts she accepted in an older version, each with its
 * link, and 'Aceitar', which records the new versions. Shown after sign-in; nothing else waits on it.
 */
export function ConsentsUpdate() {
  const titleId = useId();
  const { toast } = useToast();
  const { data } = useQuery(PendingConsentsDocument, { fetchPolicy: "cache-first" });
  const [setConsent, setting] = useMutation(SetConsentDocument, { refetchQueries: ["PendingConsents", "MyPrivacy"] });
  const pending = (data?.myConsents.pending ?? []) as ConsentPurpose[];
  if (!pending.length) return null;

  const accept = async () => {
    try {
      for (const purpose of pending) {
        const { data: answer } = await setConsent({ variables: { purpose, granted: true } });
        if (answer?.setConsent.__typename !== "Consents") throw new Error("refused");
      }
      toast({ title: T.accepted });
    } catch {
      toast({ title: T.errorTitle, description: T.saveFailed, variant: "destructive" });
    }
  };

  return (
    <Notice role="region" aria-labelledby={titleId}>
      <h2 id={titleId}>{T.updateTitle}</h2>
      <p>{T.updateLead}</p>
      <ul>
        {pending.map((purpose) => {
          const text = CONSENT_TEXTS[purpose];
          return <li key={purpose}>{text.link ? <Link to={text.link}>{`${text.label} (${T.version(text.version)})`}</Link> : `${text.label} (${T.version(text.version)})`}</li>;
        })}
      </ul>
      <Button onClick={() => void accept()} disabled={setting.loading}>
        {T.accept}
      </Button>
    </Notice>
  );
}
