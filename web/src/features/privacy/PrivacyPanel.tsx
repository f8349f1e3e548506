import { useId } from "react";
import { useMutation, useQuery } from "@apollo/client/react";
import { Link } from "react-router-dom";
import styled from "styled-components";
import { CONSENT_TEXTS, DATA_SHARE_KINDS, SHARED_FIELD_LABELS, type ConsentPurpose, type DataShareKind } from "@clube-coroa/schema";
import { Button } from "../../components/Button";
import { Switch } from "../../components/FormControls";
import { SectionCard } from "../../components/Page";
import { useToast } from "../../components/Toast";
import { formatDate } from "../../lib/format";
import { DataExportSection } from "./DataExportSection";
import { MyPrivacyDocument, SetConsentDocument } from "./documents";
import { PRIVACY_TEXTS as T } from "./privacyTexts";

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
`;

const Item = styled.li`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xxs};
  padding-top: ${({ theme }) => theme.space.sm};
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  &:first-child { border-top: none; padding-top: 0; }
  a { color: ${({ theme }) => theme.colors.brand}; font-weight: 700; }
`;

const Line = styled.p`
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.xs};
  strong { font-weight: 700; }
`;

const Muted = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

// The fields in the order a profile shows them (the server sorts them by their code name).
const FIELD_ORDER = Object.keys(SHARED_FIELD_LABELS);
const rank = (field: string) => (FIELD_ORDER.includes(field) ? FIELD_ORDER.indexOf(field) : FIELD_ORDER.length);
const fieldNames = (fields: readonly string[]) => [...fields].sort((a, b) => rank(a) - rank(b)).map((field) => SHARED_FIELD_LABELS[field] ?? field).join(", ");

type Consent = { purpose: ConsentPurpose; granted: boolean; version: string; at?: string | null; source: string };

/** How and when she answered, e.g. 'versão de 01/11/2026 · em 10/03/2026 (no perfil)'. */
const answeredLine = (c: Consent) => `${T.version(c.version)} · ${T.when(c.at ? formatDate(c.at) : null, c.source)}`;

/**
 * 'Meus dados' on /perfil (issue 30): her consents with version, date and where given (switches for
 * the ones she may withdraw), 'Quem viu meus dados', 'Baixar meus dados', and what deleting the account keeps. Its code
 * loads with the page's later parts, not the first screen.
 */
export function PrivacyPanel() {
  const { toast } = useToast();
  const titleId = useId();
  const { data, loading, error, refetch } = useQuery(MyPrivacyDocument, { fetchPolicy: "cache-and-network" });
  const [setConsent, setting] = useMutation(SetConsentDocument, { refetchQueries: ["MyProfile"] });
  const fail = (description: string) => toast({ title: T.errorTitle, description, variant: "destructive" });

  const change = async (purpose: ConsentPurpose, granted: boolean) => {
    try {
      const { data: answer } = await setConsent({ variables: { purpose, granted } });
      const result = answer?.setConsent;
      if (result?.__typename !== "Consents") return fail(result?.__typename === "AppError" ? result.message : T.saveFailed);
      await refetch();
      toast({ title: T.saved(CONSENT_TEXTS[purpose].label, granted) });
    } catch {
      fail(T.saveFailed);
    }
  };

  return (
    <SectionCard aria-labelledby={titleId} id="meus-dados">
      <h2 id={titleId}>{T.title}</h2>
      <Muted>{T.lead}</Muted>
      {!data && loading && <Muted role="status">{T.loading}</Muted>}
      {!data && error && (
        <div role="alert">
          <Muted>{T.loadFailed}</Muted>
          <Button $variant="outline" onClick={() => void refetch().catch(() => undefined)}>
            {T.retry}
          </Button>
        </div>
      )}
      {data && (
        <>
          <h3>{T.consentsTitle}</h3>
          <List aria-label={T.consentsTitle}>
            {data.myConsents.current.map((consent) => {
              const text = CONSENT_TEXTS[consent.purpose as ConsentPurpose];
              return (
                <Item key={consent.purpose}>
                  {text.revocable && consent.purpose !== "push" ? (
                    <Switch
                      checked={consent.granted}
                      label={text.label}
                      hint={text.purpose}
                      onChange={(granted) => {
                        if (!setting.loading) void change(consent.purpose as ConsentPurpose, granted);
                      }}
                    />
                  ) : (
                    <>
                      <Line>
                        <strong>{text.label}</strong>
                        <span>{consent.granted ? T.given : T.notGiven}</span>
                      </Line>
                      <Muted>{text.purpose}</Muted>
                      {!text.revocable && <Muted>{T.fixedNote}</Muted>}
                    </>
                  )}
                  <Muted>
                    {answeredLine(consent as Consent)}
                    {text.link && (
                      <>
                        {" · "}
                        <Link to={text.link}>{T.readText}</Link>
                      </>
                    )}
                  </Muted>
                </Item>
              );
            })}
          </List>
          <h3>{T.sharingTitle}</h3>
          <Muted>{T.sharingLead}</Muted>
          {data.myDataSharing.length === 0 ? (
            <Muted>{T.sharingEmpty}</Muted>
          ) : (
            <List aria-label={T.sharingTitle}>
              {data.myDataSharing.map((share) => (
                <Item key={`${share.kind}-${share.recipient}-${share.day}`}>
                  <Line>
                    <strong>{share.recipient}</strong>
                    <span>{formatDate(`${share.day}T12:00:00Z`)}</span>
                  </Line>
                  <Muted>
                    {DATA_SHARE_KINDS[share.kind as DataShareKind] ?? share.kind} · {T.reads(share.count)}
                  </Muted>
                  <Muted>{fieldNames(share.fields)}</Muted>
                </Item>
              ))}
            </List>
          )}
        </>
      )}
      <DataExportSection />
      <h3>{T.deletionTitle}</h3>
      <List>
        {T.deletion.map((line) => (
          <Item key={line}>{line}</Item>
        ))}
      </List>
    </SectionCard>
  );
}
