import type { ReactNode } from "react";
import styled from "styled-components";
import { Button } from "../../components/Button";
import type { AdminStatsFieldsFragment } from "../../gql/graphql";
import { formatCount } from "../../lib/intl";
import { AdminPlanBadge, AdminSection } from "./adminUi";
import { ADMIN_TEXTS } from "./adminTexts";

const T = ADMIN_TEXTS.stats;

type Stats = AdminStatsFieldsFragment;
type CardKey = keyof typeof T.cards;
const CARD_KEYS = Object.keys(T.cards) as CardKey[];

const Grid = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: ${({ theme }) => theme.space.sm};
  ${({ theme }) => theme.media.lg} {
    grid-template-columns: repeat(4, minmax(0, 1fr));
  }
`;

const MetricCard = styled.li<{ $alert?: boolean }>`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xxs};
  padding: ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-top: 4px solid ${({ theme, $alert }) => ($alert ? theme.colors.danger : theme.colors.gold)};
  background: ${({ theme }) => theme.colors.surface};
  min-width: 0;

  span { color: ${({ theme }) => theme.colors.textMuted}; font-size: ${({ theme }) => theme.fontSizes.sm}; font-weight: ${({ theme }) => theme.fontWeights.bold}; }
  strong {
    font-family: ${({ theme }) => theme.fonts.heading};
    font-size: ${({ theme }) => theme.fontSizes.xxl};
    color: ${({ theme }) => theme.colors.brandDark};
    font-variant-numeric: tabular-nums;
    line-height: 1.1;
  }
`;

const Breakdowns = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  ${({ theme }) => theme.media.md} {
    grid-template-columns: repeat(3, minmax(0, 1fr));
  }
`;

const Rows = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
`;

const Row = styled.li`
  display: grid;
  grid-template-columns: 1fr auto;
  gap: ${({ theme }) => theme.space.xxs} ${({ theme }) => theme.space.sm};
  align-items: center;

  strong { font-variant-numeric: tabular-nums; font-size: ${({ theme }) => theme.fontSizes.lg}; }
`;

const Bar = styled.span<{ $share: number }>`
  grid-column: 1 / -1;
  height: 6px;
  border-radius: 3px;
  background: ${({ theme }) => theme.colors.surfaceAlt};
  overflow: hidden;
  &::after {
    content: "";
    display: block;
    height: 100%;
    width: ${({ $share }) => Math.round($share * 100)}%;
    background: ${({ theme }) => theme.colors.brand};
  }
`;

const Live = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

/** A count for a card: '...' while loading, then the number (0 when the value is missing). */
function show(loading: boolean, value: number | null | undefined): string {
  return loading ? ADMIN_TEXTS.loadingValue : formatCount(value ?? 0);
}

function Breakdown({ title, loading, items }: { title: string; loading: boolean; items: { key: string; label: ReactNode; value: number | undefined }[] }) {
  const total = items.reduce((sum, item) => sum + (item.value ?? 0), 0);
  return (
    <AdminSection title={title} busy={loading}>
      <Rows>
        {items.map((item) => (
          <Row key={item.key}>
            <span>{item.label}</span>
            <strong>{show(loading, item.value)}</strong>
            <Bar aria-hidden="true" $share={total > 0 ? (item.value ?? 0) / total : 0} />
          </Row>
        ))}
      </Rows>
    </AdminSection>
  );
}

/** 'Métricas Gerais' and the three breakdowns, kept live by adminStatsChanged (no polling). */
export function StatsSection({ stats, loading, failed, onRetry }: { stats: Stats | undefined; loading: boolean; failed: boolean; onRetry: () => void }) {
  const waiting = !stats && loading;
  return (
    <>
      <AdminSection title={T.title} busy={waiting}>
        <Grid>
          {CARD_KEYS.map((key) => (
            <MetricCard key={key} $alert={key === "pendingReports" && (stats?.pendingReports ?? 0) > 0} data-metric={key}>
              <span>{T.cards[key]}</span>
              <strong>{show(waiting, stats?.[key])}</strong>
            </MetricCard>
          ))}
        </Grid>
        {failed ? (
          <Live role="alert">
            {ADMIN_TEXTS.loadError}{" "}
            <Button $variant="ghost" $size="sm" onClick={onRetry}>
              {ADMIN_TEXTS.retry}
            </Button>
          </Live>
        ) : (
          <Live>{T.live}</Live>
        )}
      </AdminSection>
      <Breakdowns>
        <Breakdown
          title={T.connectionsTitle}
          loading={waiting}
          items={(["collab", "permuta", "apoio"] as const).map((k) => ({ key: k, label: T.connections[k], value: stats?.connectionsByType?.[k] }))}
        />
        <Breakdown
          title={T.plansTitle}
          loading={waiting}
          items={(["imperatriz", "majestade", "alteza", "nobreza"] as const).map((k) => ({ key: k, label: <AdminPlanBadge plan={k} />, value: stats?.usersByPlan?.[k] }))}
        />
        <Breakdown
          title={T.offersTitle}
          loading={waiting}
          items={(["collab", "permuta", "apoio"] as const).map((k) => ({ key: k, label: T.offerTypes[k], value: stats?.offersByType?.[k] }))}
        />
      </Breakdowns>
    </>
  );
}
