import { useState } from "react";
import styled from "styled-components";
import type { BillingCycle, PlanName } from "@clube-coroa/schema";
import { CycleToggle } from "./CycleToggle";
import { PlanCards } from "./PlanCards";
import { usePlans } from "./plansFlow";

const Toggle = styled.div`
  display: flex;
  justify-content: center;
`;

/** The home page's plans: the same toggle and cards as the modal, leading to the same flow. */
export function PlansSection({ currentPlan }: { currentPlan: PlanName | null }) {
  const { choosePlan, registerInterest, registeringInterest } = usePlans();
  const [cycle, setCycle] = useState<BillingCycle>("monthly");
  return (
    <>
      <Toggle>
        <CycleToggle value={cycle} onChange={setCycle} />
      </Toggle>
      <PlanCards
        cycle={cycle}
        currentPlan={currentPlan}
        onChoose={(plan) => choosePlan(plan, cycle)}
        onNotify={registerInterest}
        notifying={registeringInterest}
      />
    </>
  );
}
