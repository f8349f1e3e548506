import { useState } from "react";
import styled from "styled-components";
import type { BillingCycle, PlanName } from "@clube-coroa/schema";
import { Dialog } from "../../components/Dialog";
import { CycleToggle } from "./CycleToggle";
import { PlanCards } from "./PlanCards";
import { usePlans } from "./plansFlow";
import { PLAN_TEXTS } from "./planTexts";

const Body = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.lg};
`;

/** The plans modal: the monthly/annual toggle and the four cards; choosing one moves the flow on. */
export function PlansDialog({ open, onClose, currentPlan }: { open: boolean; onClose: () => void; currentPlan: PlanName | null }) {
  const { choosePlan, registerInterest, registeringInterest } = usePlans();
  const [cycle, setCycle] = useState<BillingCycle>("monthly");
  return (
    <Dialog open={open} onOpenChange={(o) => !o && onClose()} title={PLAN_TEXTS.plans.title} description={PLAN_TEXTS.plans.lead} size="lg" closeLabel="Fechar janela">
      <Body>
        <CycleToggle value={cycle} onChange={setCycle} />
        <PlanCards
          cycle={cycle}
          currentPlan={currentPlan}
          onChoose={(plan) => choosePlan(plan, cycle)}
          onNotify={registerInterest}
          notifying={registeringInterest}
          compact
        />
      </Body>
    </Dialog>
  );
}
