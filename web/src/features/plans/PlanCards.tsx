import { useId } from "react";
import styled from "styled-components";
import { annualSavingCents, COMING_SOON_PLANS, PLAN_FEATURES, PLANS, priceOf, type BillingCycle, type PlanName } from "@clube-coroa/schema";
import { PlanBadge } from "../../components/Badge";
import { Button } from "../../components/Button";
import { VisuallyHidden } from "../../components/VisuallyHidden";
import { formatCents } from "../../lib/format";
import { planColours } from "../../styles/theme";
import { PLAN_TEXTS } from "./planTexts";

const T = PLAN_TEXTS.plans;

const Grid = styled.ul<{ $compact?: boolean }>`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  grid-template-columns: repeat(auto-fit, minmax(${({ $compact }) => ($compact ? "210px" : "230px")}, 1fr));
`;

const Card = styled.li<{ $accent: string; $current: boolean }>`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.lg};
  background: ${({ theme }) => theme.colors.surface};
  border: ${({ $current, theme }) => ($current ? `2px solid ${theme.colors.brand}` : `1px solid ${theme.colors.border}`)};
  border-top: 6px solid ${({ $accent }) => $accent};
  border-radius: ${({ theme }) => theme.radii.lg};
  box-shadow: ${({ theme }) => theme.shadows.sm};
`;

const Head = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.xs};
  h3 {
    font-family: ${({ theme }) => theme.fonts.body};
    font-size: ${({ theme }) => theme.fontSizes.md};
  }
`;

const Soon = styled.span`
  padding: 0.15em 0.6em;
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.brandDark};
  color: ${({ theme }) => theme.colors.goldLight};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: ${({ theme }) => theme.fontWeights.heavy};
  letter-spacing: 0.08em;
`;

const Price = styled.p<{ $blurred?: boolean }>`
  font-family: ${({ theme }) => theme.fonts.heading};
  font-size: ${({ theme }) => theme.fontSizes.xxl};
  font-weight: 700;
  color: ${({ theme }) => theme.colors.brandDark};
  filter: ${({ $blurred }) => ($blurred ? "blur(6px)" : "none")};
  user-select: ${({ $blurred }) => ($blurred ? "none" : "auto")};
  small {
    font-family: ${({ theme }) => theme.fonts.body};
    font-size: ${({ theme }) => theme.fontSizes.sm};
    color: ${({ theme }) => theme.colors.textMuted};
    font-weight: ${({ theme }) => theme.fontWeights.semibold};
  }
`;

const PriceNote = styled.p<{ $saving?: boolean }>`
  margin-top: -${({ theme }) => theme.space.xs};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: ${({ theme, $saving }) => ($saving ? theme.fontWeights.heavy : theme.fontWeights.regular)};
  color: ${({ theme, $saving }) => ($saving ? theme.colors.success : theme.colors.textMuted)};
`;

const Features = styled.ul`
  flex: 1;
  margin: 0;
  padding: 0;
  list-style: none;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xxs};
  li {
    position: relative;
    padding-left: 1.4em;
  }
  li::before {
    content: "✓";
    position: absolute;
    left: 0;
    color: ${({ theme }) => theme.colors.goldDeep};
    font-weight: ${({ theme }) => theme.fontWeights.heavy};
  }
`;

export interface PlanCardsProps {
  cycle: BillingCycle;
  /** Her plan, or null when nobody is signed in. */
  currentPlan: PlanName | null;
  onChoose: (plan: PlanName) => void;
  onNotify: () => void;
  notifying?: boolean;
  compact?: boolean;
}

function PlanPrice({ plan, cycle }: { plan: PlanName; cycle: BillingCycle }) {
  const price = priceOf(plan, cycle);
  if (COMING_SOON_PLANS.includes(plan)) {
    return (
      <>
        <VisuallyHidden>{T.priceSoon}</VisuallyHidden>
        {/* The shape of a price, blurred: not the price itself, which the page's text would give away. */}
        <Price $blurred aria-hidden="true" data-testid={`price-${plan}`}>
          {formatCents(price.perMonthCents).replace(/\d/g, "0")}
          <small>{T.perMonth}</small>
        </Price>
      </>
    );
  }
  if (price.chargeCents === 0) {
    return <Price data-testid={`price-${plan}`}>{T.free}</Price>;
  }
  return (
    <>
      <Price data-testid={`price-${plan}`}>
        {formatCents(price.perMonthCents)}
        <small>{T.perMonth}</small>
      </Price>
      {cycle === "annual" && (
        <>
          <PriceNote>{T.billedYearly(formatCents(price.chargeCents))}</PriceNote>
          <PriceNote $saving>{T.annualSaving(formatCents(annualSavingCents(plan)))}</PriceNote>
        </>
      )}
    </>
  );
}

function PlanCard({ plan, cycle, currentPlan, onChoose, onNotify, notifying }: PlanCardsProps & { plan: PlanName }) {
  const headingId = useId();
  const current = currentPlan === plan;
  const soon = COMING_SOON_PLANS.includes(plan);
  return (
    <Card aria-labelledby={headingId} $accent={planColours[plan].bg} $current={current}>
      <Head>
        <h3 id={headingId}>
          <PlanBadge plan={plan} />
        </h3>
        {soon && <Soon>{T.comingSoon}</Soon>}
      </Head>
      <PlanPrice plan={plan} cycle={cycle} />
      <Features aria-label={T.featuresLabel(plan)}>
        {PLAN_FEATURES[plan].map((feature) => (
          <li key={feature}>{feature}</li>
        ))}
      </Features>
      {current ? (
        <Button $variant="outline" $block disabled>
          {T.currentPlan}
        </Button>
      ) : soon ? (
        <Button $variant="primary" $block onClick={onNotify} disabled={notifying} aria-busy={notifying}>
          {notifying ? T.notifying : T.notify}
        </Button>
      ) : (
        <Button $variant={plan === "nobreza" ? "outline" : "gold"} $block aria-label={T.chooseLabel(plan)} onClick={() => onChoose(plan)}>
          {T.choose}
        </Button>
      )}
    </Card>
  );
}

/** The four plan cards: price on the chosen cycle, the annual saving, features, and each card's action. */
export function PlanCards(props: PlanCardsProps) {
  return (
    <Grid aria-label={T.listLabel} $compact={props.compact}>
      {PLANS.map((plan) => (
        <PlanCard key={plan} plan={plan} {...props} />
      ))}
    </Grid>
  );
}
