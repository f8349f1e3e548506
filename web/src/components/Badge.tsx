import styled from "styled-components";
import { PLANS, type PlanName } from "@clube-coroa/schema";
import { fallbackPlanColour, planColours } from "../styles/theme";
import { Crown } from "./Crown";
import { VisuallyHidden } from "./VisuallyHidden";

const isPlan = (plan: string): plan is PlanName => (PLANS as readonly string[]).includes(plan);

const Pill = styled.span<{ $bg: string; $fg: string }>`
  display: inline-flex;
  align-items: center;
  gap: 0.3em;
  padding: 0.2em 0.7em;
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ $bg }) => $bg};
  color: ${({ $fg }) => $fg};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: ${({ theme }) => theme.fontWeights.heavy};
  letter-spacing: 0.06em;
  white-space: nowrap;
  /* The crown keeps its size however tight the badge's place (issue 15: a dot, or nothing, in a
     narrow column). */
  svg { flex: none; }
`;

/** A plan badge: the plan's colour and its name in upper case, so colour never carries it alone. */
export function PlanBadge({ plan, label }: { plan: string; label?: string }) {
  const colour = isPlan(plan) ? planColours[plan] : fallbackPlanColour;
  return (
    <Pill $bg={colour.bg} $fg={colour.fg}>
      {label && <VisuallyHidden>{label}: </VisuallyHidden>}
      <Crown size={12} />
      {plan.toUpperCase()}
    </Pill>
  );
}

/** A neutral label, e.g. 'SuperUser'. */
export const Tag = styled.span`
  display: inline-flex;
  align-items: center;
  padding: 0.2em 0.7em;
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.gold};
  color: ${({ theme }) => theme.colors.brandDark};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: ${({ theme }) => theme.fontWeights.heavy};
  letter-spacing: 0.04em;
`;
