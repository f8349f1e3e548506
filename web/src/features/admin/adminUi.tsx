import { CombinedGraphQLErrors } from "@apollo/client/errors";
import { createContext, useContext, useId, useState, type ReactNode } from "react";
import styled from "styled-components";
import { PLANS, type PlanName } from "@clube-coroa/schema";
import { Button } from "../../components/Button";
import { Card } from "../../components/Page";
import { httpStatusOf } from "../../lib/errors";
import { ADMIN_TEXTS } from "./adminTexts";

/**
 * The server's refusal of an admin field: nobody signed in (UNAUTHENTICATED, 401) or a member
 * (FORBIDDEN, 403). The page then shows 'Acesso Negado', whatever the client believed.
 */
export function isAccessDenied(error: unknown): boolean {
  if (CombinedGraphQLErrors.is(error)) {
    return error.errors.some((e) => e.extensions?.code === "FORBIDDEN" || e.extensions?.code === "UNAUTHENTICATED");
  }
  const status = httpStatusOf(error);
  return status === 401 || status === 403;
}

/** Admin label colours of spec part 2 (nobreza gray, alteza blue, majestade orange, imperatriz pink), AA contrast. */
const ADMIN_PLAN_COLOURS: Record<PlanName, { bg: string; fg: string }> = {
  nobreza: { bg: "#e6e3e5", fg: "#3d383b" },
  alteza: { bg: "#dbe8fb", fg: "#17427a" },
  majestade: { bg: "#fde4cc", fg: "#7a3a00" },
  imperatriz: { bg: "#fbdcec", fg: "#86124f" },
};
const isPlan = (plan: string): plan is PlanName => (PLANS as readonly string[]).includes(plan);

const Pill = styled.span<{ $bg: string; $fg: string }>`
  display: inline-flex;
  align-items: center;
  padding: 0.2em 0.7em;
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ $bg }) => $bg};
  color: ${({ $fg }) => $fg};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: ${({ theme }) => theme.fontWeights.heavy};
  letter-spacing: 0.06em;
  white-space: nowrap;
`;

/** A plan in the admin tables: its name in upper case on the admin colour. */
export function AdminPlanBadge({ plan }: { plan: string }) {
  const colour = isPlan(plan) ? ADMIN_PLAN_COLOURS[plan] : ADMIN_PLAN_COLOURS.nobreza;
  return (
    <Pill $bg={colour.bg} $fg={colour.fg} data-plan={plan}>
      {plan.toUpperCase()}
    </Pill>
  );
}

export type Tone = "warning" | "success" | "neutral";
const TONES: Record<Tone, { bg: string; fg: string }> = {
  warning: { bg: "#fff1b8", fg: "#4d3800" },
  success: { bg: "#dcf1e4", fg: "#1e5b3b" },
  neutral: { bg: "#ece7ea", fg: "#4a4047" },
};

/** A status in words on a tinted pill: the colour never carries it alone. */
export function StatusBadge({ tone, children }: { tone: Tone; children: ReactNode }) {
  return (
    <Pill $bg={TONES[tone].bg} $fg={TONES[tone].fg} data-tone={tone}>
      {children}
    </Pill>
  );
}

const SectionCard = styled(Card)`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  min-width: 0;
`;

const SectionHead = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm};

  h2 { font-size: ${({ theme }) => theme.fontSizes.xl}; }
  p { color: ${({ theme }) => theme.colors.textMuted}; flex-basis: 100%; }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xs};
`;

/** A dashboard section: a card labelled by its h2, with optional actions beside the title. */
export function AdminSection({ title, lead, actions, children, busy }: { title: string; lead?: string; actions?: ReactNode; children: ReactNode; busy?: boolean }) {
  const id = useId();
  return (
    <SectionCard aria-labelledby={id} aria-busy={busy || undefined}>
      <SectionHead>
        <h2 id={id}>{title}</h2>
        {actions && <Actions>{actions}</Actions>}
        {lead && <p>{lead}</p>}
      </SectionHead>
      {children}
    </SectionCard>
  );
}

const Scroll = styled.div`
  overflow-x: auto;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
`;

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: ${({ theme }) => theme.fontSizes.sm};

  caption {
    caption-side: top;
    text-align: left;
    padding: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.sm};
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSizes.xs};
  }
  th, td {
    padding: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.sm};
    border-top: 1px solid ${({ theme }) => theme.colors.border};
    text-align: left;
    vertical-align: top;
  }
  thead th {
    background: ${({ theme }) => theme.colors.surfaceAlt};
    color: ${({ theme }) => theme.colors.brandDark};
    font-weight: ${({ theme }) => theme.fontWeights.bold};
    white-space: nowrap;
  }
  tbody th { white-space: nowrap; }
  tbody tr:hover { background: ${({ theme }) => theme.colors.background}; }
`;

/**
 * A data table with its caption, inside a container that scrolls sideways on a phone. The container
 * is focusable and named by the caption, so a keyboard can scroll it too.
 */
/** How many columns the table around a TableRows has: its state rows span them all. */
const ColumnCount = createContext(1);

/** An admin table: its caption, one header cell per column label, and its rows. */
export function DataTable({ caption, columns, children, minWidth = 640 }: { caption: string; columns: readonly string[]; children: ReactNode; minWidth?: number }) {
  const id = useId();
  return (
    <Scroll role="region" aria-labelledby={id} tabIndex={0}>
      <Table style={{ minWidth }}>
        <caption id={id}>{caption}</caption>
        <thead>
          <tr>
            {columns.map((label) => (
              <th key={label} scope="col">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <ColumnCount.Provider value={columns.length}>
          <tbody>{children}</tbody>
        </ColumnCount.Provider>
      </Table>
    </Scroll>
  );
}

const StateCell = styled.td`
  padding: ${({ theme }) => theme.space.lg} !important;
  text-align: center !important;
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** The single row of a table that is loading or empty. */
function StateRow({ children }: { children: ReactNode }) {
  return (
    <tr>
      <StateCell colSpan={useContext(ColumnCount)}>{children}</StateCell>
    </tr>
  );
}

/**
 * The body of an admin table: its loading row, the load error with 'Tentar novamente', its empty
 * row, or the rows themselves.
 */
export function TableRows({
  loading,
  failed,
  empty,
  texts,
  onRetry,
  children,
}: {
  loading: boolean;
  failed: boolean;
  empty: boolean;
  texts: { loading: string; empty: string };
  onRetry: () => void;
  children: ReactNode;
}) {
  if (loading) return <StateRow>{texts.loading}</StateRow>;
  if (failed) {
    return (
      <StateRow>
        {ADMIN_TEXTS.loadError}{" "}
        <Button $variant="ghost" $size="sm" onClick={onRetry}>
          {ADMIN_TEXTS.retry}
        </Button>
      </StateRow>
    );
  }
  if (empty) return <StateRow>{texts.empty}</StateRow>;
  return <>{children}</>;
}

/**
 * 'Carregar mais' of a cursor-paged admin list: one page at a time, from `nextCursor`; a failure
 * is only logged (the list stays as it was).
 */
export function useNextPage(nextCursor: string | null | undefined, fetchPage: (after: string) => Promise<unknown>, what: string) {
  const [loadingMore, setLoadingMore] = useState(false);
  const loadMore = async () => {
    if (!nextCursor || loadingMore) return;
    setLoadingMore(true);
    try {
      await fetchPage(nextCursor);
    } catch (failure) {
      console.error(`${what}: next page failed`, failure);
    } finally {
      setLoadingMore(false);
    }
  };
  return { loadMore, loadingMore };
}

/** A next page appended to the rows shown, without repeating a row that moved across the cursor. */
export function appendNew<T extends { id: number }>(shown: readonly T[], next: readonly T[]): T[] {
  const seen = new Set(shown.map((row) => row.id));
  return [...shown, ...next.filter((row) => !seen.has(row.id))];
}

/** Small text below a cell's main value (a phone under a name). */
export const Sub = styled.span`
  display: block;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  white-space: nowrap;
`;

export const Nowrap = styled.span`
  white-space: nowrap;
`;

export const MoreRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

/** Text cut to `max` characters with an ellipsis; the full text stays in the title attribute. */
export function truncate(text: string, max: number): string {
  const clean = text.replace(/\s+/g, " ").trim();
  return clean.length > max ? `${clean.slice(0, max - 1).trimEnd()}…` : clean;
}
