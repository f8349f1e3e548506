import styled from "styled-components";
import type { BillingCycle, PlanName } from "@clube-coroa/schema";
import { PlanBadge } from "../../components/Badge";
import { Button } from "../../components/Button";
import { Dialog } from "../../components/Dialog";
import { VisuallyHidden } from "../../components/VisuallyHidden";
import { lostFeatures } from "./planChange";
import { PLAN_TEXTS } from "./planTexts";

const Plans = styled.p`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
  margin-bottom: ${({ theme }) => theme.space.md};
`;

const Text = styled.p`
  color: ${({ theme }) => theme.colors.text};
`;

const Muted = styled.p`
  margin-top: ${({ theme }) => theme.space.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Lost = styled.ul`
  margin: ${({ theme }) => theme.space.sm} 0 0;
  padding: ${({ theme }) => theme.space.md};
  list-style: none;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xxs};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.dangerSoft};
  color: ${({ theme }) => theme.colors.danger};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  li::before {
    content: "✕ ";
    font-weight: ${({ theme }) => theme.fontWeights.heavy};
  }
`;

export const DialogButtons = styled.div`
  display: flex;
  flex-wrap: wrap-reverse;
  gap: ${({ theme }) => theme.space.sm};
  margin-top: ${({ theme }) => theme.space.lg};
  & > * { flex: 1 1 180px; }
`;

function FromTo({ from, to }: { from: PlanName; to: PlanName }) {
  return (
    <Plans>
      <PlanBadge plan={from} />
      <span aria-hidden="true">→</span>
      <VisuallyHidden>para</VisuallyHidden>
      <PlanBadge plan={to} />
    </Plans>
  );
}

interface ChangeProps {
  open: boolean;
  from: PlanName;
  to: PlanName;
  onCancel: () => void;
  onConfirm: () => void;
}

/**
 * From a paid plan to another paid plan, or to the other cycle of the same plan (`toCycle`): what
 * happens to her current subscription, before the checkout.
 */
export function MigrationDialog({ open, from, to, toCycle, onCancel, onConfirm }: ChangeProps & { toCycle?: BillingCycle }) {
  const T = PLAN_TEXTS.migration;
  return (
    <Dialog open={open} onOpenChange={(o) => !o && onCancel()} title={T.title} closeLabel="Fechar janela">
      <FromTo from={from} to={to} />
      <Text>{toCycle ? PLAN_TEXTS.cycleSwitch.text(to, toCycle === "annual" ? "monthly" : "annual", toCycle) : T.text(from, to)}</Text>
      <DialogButtons>
        <Button $variant="outline" onClick={onCancel}>
          {T.back}
        </Button>
        <Button $variant="gold" onClick={onConfirm}>
          {T.confirm}
        </Button>
      </DialogButtons>
    </Dialog>
  );
}

/** To a lower plan: what she loses, 'Manter Plano Atual' or 'Confirmar Downgrade' (spec part 2 section 4). */
export function DowngradeDialog({ open, from, to, onCancel, onConfirm, busy = false }: ChangeProps & { busy?: boolean }) {
  const T = PLAN_TEXTS.downgrade;
  return (
    <Dialog open={open} onOpenChange={(o) => !o && !busy && onCancel()} title={T.title(to)} closeLabel="Fechar janela">
      <FromTo from={from} to={to} />
      <Text>{T.lead(from, to)}</Text>
      <Lost>
        {lostFeatures(from, to).map((feature) => (
          <li key={feature}>{feature}</li>
        ))}
      </Lost>
      <Muted>{to === "nobreza" ? T.toFree : T.toPaid}</Muted>
      <DialogButtons>
        <Button $variant="primary" onClick={onCancel} disabled={busy}>
          {T.keep}
        </Button>
        <Button $variant="danger" onClick={onConfirm} disabled={busy} aria-busy={busy}>
          {busy ? T.cancelling : T.confirm}
        </Button>
      </DialogButtons>
    </Dialog>
  );
}

export const MIGRATION_STEPS = ["canceling", "creating", "validating", "completed"] as const;
export type MigrationStep = (typeof MIGRATION_STEPS)[number];

const Steps = styled.ol`
  margin: 0;
  padding: ${({ theme }) => theme.space.md};
  list-style: none;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surfaceAlt};
`;

const StepItem = styled.li<{ $state: "done" | "current" | "todo" }>`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
  color: ${({ theme, $state }) => ($state === "todo" ? theme.colors.textMuted : theme.colors.text)};
  font-weight: ${({ theme, $state }) => ($state === "current" ? theme.fontWeights.heavy : theme.fontWeights.regular)};
  &::before {
    content: "${({ $state }) => ($state === "done" ? "✓" : $state === "current" ? "•" : "○")}";
    display: inline-grid;
    place-items: center;
    width: 1.5em;
    height: 1.5em;
    border-radius: 50%;
    background: ${({ theme, $state }) => ($state === "done" ? theme.colors.success : $state === "current" ? theme.colors.gold : theme.colors.border)};
    color: ${({ $state }) => ($state === "done" ? "#fff" : "inherit")};
    font-weight: 800;
  }
`;

/** The migration's progress (canceling, creating, validating, completed); the current step is announced. */
export function MigrationProgress({ step }: { step: MigrationStep }) {
  const T = PLAN_TEXTS.migration;
  const at = MIGRATION_STEPS.indexOf(step);
  return (
    <div>
      <Steps aria-label={T.progressLabel}>
        {MIGRATION_STEPS.map((s, i) => {
          // The last step is done the moment it is reached.
          const state = i < at || (i === at && s === "completed") ? "done" : i === at ? "current" : "todo";
          return (
            <StepItem key={s} $state={state} aria-current={i === at ? "step" : undefined} data-step={s} data-state={state}>
              {T.steps[s]}
              <VisuallyHidden>({T.stepState[state]})</VisuallyHidden>
            </StepItem>
          );
        })}
      </Steps>
      <VisuallyHidden role="status">{T.steps[step]}</VisuallyHidden>
    </div>
  );
}
