import { useId, useRef } from "react";
import { useQuery } from "@apollo/client/react";
import styled from "styled-components";
import { PLANS } from "@clube-coroa/schema";
import { PlanBadge } from "../../components/Badge";
import { Button } from "../../components/Button";
import { TextInput } from "../../components/Field";
import { Label } from "../../components/FormControls";
import { SectionCard } from "../../components/Page";
import { useToast } from "../../components/Toast";
import { ReferralStatsDocument } from "./documents";
import { PROFILE_PAGE_TEXTS } from "./profileTexts";

const T = PROFILE_PAGE_TEXTS.referral;


const Muted = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
`;

const LinkRow = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
  ${({ theme }) => theme.media.sm} {
    flex-direction: row;
    align-items: stretch;
  }
  input {
    flex: 1 1 auto;
    min-width: 0;
    font-size: ${({ theme }) => theme.fontSizes.md};
    background: ${({ theme }) => theme.colors.surfaceAlt};
  }
  button {
    flex: none;
    white-space: nowrap;
  }
`;

const Stats = styled.dl`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: ${({ theme }) => theme.space.xs};
  ${({ theme }) => theme.media.md} {
    /* As many columns as fit a badge whole ('IMPERATRIZ' with its crown). */
    grid-template-columns: repeat(auto-fit, minmax(9.5rem, 1fr));
  }
`;

const Stat = styled.div<{ $total?: boolean }>`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  ${({ $total, theme }) =>
    $total &&
    `
      grid-column: 1 / -1;
      flex-direction: row;
      align-items: center;
      justify-content: space-between;
      ${theme.media.md} {
        grid-column: auto;
        flex-direction: column;
        align-items: flex-start;
      }
    `}
  gap: ${({ theme }) => theme.space.xxs};
  padding: ${({ theme }) => theme.space.sm};
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme, $total }) => ($total ? theme.colors.brandSoft : theme.colors.surface)};
  dt { font-weight: ${({ theme }) => theme.fontWeights.bold}; }
  dd {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.xxl};
    font-weight: ${({ theme }) => theme.fontWeights.heavy};
    font-variant-numeric: tabular-nums;
    color: ${({ theme }) => theme.colors.brand};
  }
`;

/** The member's invitation link `{origin}/?id=kc{id}` with a copy button, and her referrals by plan. */
export function ReferralCard({ referralCode }: { referralCode: string }) {
  const { toast } = useToast();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const { data, error } = useQuery(ReferralStatsDocument, { fetchPolicy: "cache-and-network" });
  const link = `${window.location.origin}/?id=${referralCode}`;
  const stats = data?.referralStats;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      toast({ title: T.copied, description: T.copiedDescription });
    } catch {
      input.current?.select();
      toast({ title: T.copyFailed, description: T.copyFailedDescription, variant: "destructive" });
    }
  };

  return (
    <SectionCard aria-labelledby="perfil-indicacoes">
      <h2 id="perfil-indicacoes">{T.title}</h2>
      <Muted>{T.lead}</Muted>
      <Label htmlFor={inputId}>{T.linkLabel}</Label>
      <LinkRow>
        <TextInput id={inputId} ref={input} value={link} readOnly onFocus={(e) => e.currentTarget.select()} />
        <Button $variant="gold" onClick={() => void copy()}>
          {T.copy}
        </Button>
      </LinkRow>
      <h3>{T.statsTitle}</h3>
      {stats ? (
        <Stats>
          {PLANS.map((plan) => (
            <Stat key={plan}>
              <dt>
                <PlanBadge plan={plan} />
              </dt>
              <dd>{stats[plan]}</dd>
            </Stat>
          ))}
          <Stat $total>
            <dt>{T.total}</dt>
            <dd>{stats.total}</dd>
          </Stat>
        </Stats>
      ) : error ? (
        <Muted>{T.statsError}</Muted>
      ) : (
        <Muted aria-busy="true">…</Muted>
      )}
    </SectionCard>
  );
}
