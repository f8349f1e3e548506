import { useId } from "react";
import styled from "styled-components";
import { BILLING_CYCLES, type BillingCycle } from "@clube-coroa/schema";
import { PLAN_TEXTS } from "./planTexts";

const T = PLAN_TEXTS.cycle;

const Group = styled.div`
  display: inline-grid;
  grid-template-columns: 1fr 1fr;
  gap: ${({ theme }) => theme.space.xxs};
  padding: ${({ theme }) => theme.space.xxs};
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.surfaceAlt};
  border: 1px solid ${({ theme }) => theme.colors.border};
  align-self: center;
`;

const Option = styled.label`
  position: relative;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space.xs};
  min-height: ${({ theme }) => theme.tapTarget};
  min-width: 8rem;
  padding: 0 ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radii.pill};
  color: ${({ theme }) => theme.colors.textMuted};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  cursor: pointer;

  input {
    position: absolute;
    opacity: 0;
    inset: 0;
    margin: 0;
    cursor: pointer;
  }
  &:has(input:checked) {
    background: ${({ theme }) => theme.colors.brand};
    color: ${({ theme }) => theme.colors.textOnBrand};
  }
  &:has(input:focus-visible) {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
`;

const Saving = styled.span`
  padding: 0.1em 0.5em;
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.gold};
  color: ${({ theme }) => theme.colors.brandDark};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: ${({ theme }) => theme.fontWeights.heavy};
`;

/** Monthly or annual, as two native radios (the phone's keyboard and screen reader know them); annual carries '-10%'. */
export function CycleToggle({ value, onChange }: { value: BillingCycle; onChange: (cycle: BillingCycle) => void }) {
  const name = useId();
  return (
    <Group role="radiogroup" aria-label={T.label}>
      {BILLING_CYCLES.map((cycle) => (
        <Option key={cycle}>
          <input type="radio" name={name} value={cycle} checked={value === cycle} onChange={() => onChange(cycle)} />
          {T[cycle]}
          {cycle === "annual" && <Saving>{T.annualBadge}</Saving>}
        </Option>
      ))}
    </Group>
  );
}
