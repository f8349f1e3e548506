import { useState } from "react";
import { useQuery, useSubscription } from "@apollo/client/react";
import styled from "styled-components";
import { PLAN_LABELS, type BillingCycle, type PlanName } from "@clube-coroa/schema";
import { PlanBadge } from "../../components/Badge";
import { Button, ButtonAnchor } from "../../components/Button";
import { SectionCard } from "../../components/Page";
import type { MyBillingQuery } from "../../gql/graphql";
import { formatCents, formatDate, formatDay } from "../../lib/format";
import { useSession } from "../session";
import { MyBillingDocument } from "./billingDocuments";
import { PaymentUpdatedDocument } from "./documents";
import { PaymentInstructions } from "./PaymentInstructions";
import { usePlans } from "./plansFlow";
import { PLAN_TEXTS } from "./planTexts";

const T = PLAN_TEXTS.subscription;
const S = PLAN_TEXTS.cycleSwitch;

type Payment = MyBillingQuery["myPayments"][number];
type Subscription = NonNullable<MyBillingQuery["mySubscription"]>;


const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm};
`;

const Text = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xxs};
  flex: 1 1 220px;
  p { color: ${({ theme }) => theme.colors.textMuted}; font-size: ${({ theme }) => theme.fontSizes.sm}; }
`;

const Pending = styled.article<{ $overdue: boolean }>`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme, $overdue }) => ($overdue ? theme.colors.dangerSoft : theme.colors.warningBg)};
`;

const Buttons = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
`;

const History = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  li {
    display: grid;
    grid-template-columns: 1fr auto;
    gap: ${({ theme }) => theme.space.xxs} ${({ theme }) => theme.space.md};
    padding: ${({ theme }) => theme.space.sm} 0;
    border-top: 1px solid ${({ theme }) => theme.colors.border};
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }
  li:first-child { border-top: none; }
  dd { margin: 0; }
  dt { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
  .amount { font-weight: ${({ theme }) => theme.fontWeights.bold}; text-align: right; font-variant-numeric: tabular-nums; }
  .status { text-align: right; color: ${({ theme }) => theme.colors.textMuted}; }
`;

const other = (cycle: BillingCycle): BillingCycle => (cycle === "monthly" ? "annual" : "monthly");
const label = (plan: PlanName | null | undefined) => (plan ? PLAN_LABELS[plan].toUpperCase() : "");

function SubscriptionState({ subscription }: { subscription: Subscription }) {
  const { choosePlan } = usePlans();
  const until = formatDate(subscription.paidUntil);
  const to = other(subscription.billingCycle);
  return (
    <Row>
      <Text>
        <span>
          <PlanBadge plan={subscription.plan} /> {T.cycle[subscription.billingCycle]} · {T.price(formatCents(subscription.priceCents), subscription.billingCycle)}
        </span>
        <p>
          {subscription.status === "canceled"
            ? T.canceled(subscription.plan, until)
            : subscription.status === "overdue"
              ? T.overdue
              : T.active(until)}
        </p>
      </Text>
      {subscription.status === "active" && (
        <Button
          $variant="outline"
          aria-label={to === "annual" ? S.toAnnualLabel(subscription.plan) : S.toMonthlyLabel(subscription.plan)}
          onClick={() => choosePlan(subscription.plan, to)}
        >
          {to === "annual" ? S.toAnnual : S.toMonthly}
        </Button>
      )}
    </Row>
  );
}

/** An unpaid charge: how to pay it (the checkout's instructions), or, once overdue, how to pay again. */
function PendingPayment({ payment, currentPlan }: { payment: Payment; currentPlan: string | null }) {
  const { choosePlan } = usePlans();
  const [open, setOpen] = useState(false);
  const overdue = payment.status === "overdue";
  const plan = label(payment.plan);
  const line = (overdue ? T.overdueLine : T.pendingLine)(plan, formatCents(payment.amountCents), formatDay(payment.dueDate));
  // A new checkout replaces an unpaid one; a renewal of the plan she has is paid on its invoice.
  const checkoutAgain = overdue && payment.plan && payment.plan !== currentPlan;
  const invoiceAgain = overdue && !checkoutAgain && payment.invoiceUrl;
  return (
    <Pending $overdue={overdue} aria-label={overdue ? PLAN_TEXTS.instructions.status.overdue : T.pendingTitle}>
      <strong>{overdue ? PLAN_TEXTS.instructions.status.overdue : T.pendingTitle}</strong>
      <span>{line}</span>
      {!overdue && open && <PaymentInstructions payment={payment} message="" />}
      <Buttons>
        {!overdue && (
          <Button $variant="outline" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
            {open ? T.hideHowToPay : T.showHowToPay}
          </Button>
        )}
        {checkoutAgain && (
          <Button $variant="gold" aria-label={T.payAgainLabel(plan)} onClick={() => choosePlan(payment.plan as PlanName, payment.billingCycle ?? "monthly")}>
            {T.payAgain}
          </Button>
        )}
        {invoiceAgain && (
          <ButtonAnchor href={payment.invoiceUrl!} target="_blank" rel="noopener noreferrer" $variant="gold" aria-label={T.payAgainLabel(plan)}>
            {T.payAgain}
          </ButtonAnchor>
        )}
      </Buttons>
    </Pending>
  );
}

/**
 * /perfil's 'Sua assinatura' (issue 24): her subscription and its state, any unpaid charge with
 * its PIX code or boleto line (so a closed checkout is not lost), 'Pagar novamente' once it is
 * overdue, switching the cycle, and her payments. Read from the server for her session only; states
 * change only by the provider's webhooks, pushed here by paymentUpdated.
 */
export function SubscriptionPanel() {
  const { user } = useSession();
  const { openPlans } = usePlans();
  const { data, error, refetch } = useQuery(MyBillingDocument, { fetchPolicy: "cache-and-network" });
  // A payment's new state comes by push; her subscription follows it.
  useSubscription(PaymentUpdatedDocument, { onData: () => void refetch().catch(() => undefined) });

  const subscription = data?.mySubscription ?? null;
  const payments = data?.myPayments ?? [];
  const unpaid = payments.filter((p) => p.status === "pending" || p.status === "overdue");
  const currentPlan = user?.plan ?? null;

  return (
    <SectionCard aria-labelledby="perfil-assinatura">
      <h2 id="perfil-assinatura">{T.title}</h2>
      {error && !data ? (
        <p role="alert">{T.loadError}</p>
      ) : !data ? null : (
        <>
          {subscription ? (
            <SubscriptionState subscription={subscription} />
          ) : (
            currentPlan === "nobreza" && (
              <Row>
                <Text>
                  <p>{T.free}</p>
                </Text>
                <Button $variant="gold" onClick={openPlans}>
                  {T.seePlans}
                </Button>
              </Row>
            )
          )}
          {unpaid.map((payment) => (
            <PendingPayment key={payment.id} payment={payment} currentPlan={currentPlan} />
          ))}
          <h3>{T.historyTitle}</h3>
          {payments.length === 0 ? (
            <p>{T.historyEmpty}</p>
          ) : (
            <History aria-label={T.historyTitle}>
              {payments.map((payment) => (
                <li key={payment.id}>
                  <dl>
                    <dt>{T.columns.date}</dt>
                    <dd>{formatDate(payment.paidAt ?? payment.createdAt)}</dd>
                    <dt>{T.columns.plan}</dt>
                    <dd>
                      {label(payment.plan)} {payment.billingCycle ? T.cycle[payment.billingCycle].toLowerCase() : ""} · {T.methods[payment.billingType]}
                    </dd>
                  </dl>
                  <dl>
                    <dt>{T.columns.amount}</dt>
                    <dd className="amount">{formatCents(payment.amountCents)}</dd>
                    <dt>{T.columns.status}</dt>
                    <dd className="status">{T.statuses[payment.status]}</dd>
                  </dl>
                </li>
              ))}
            </History>
          )}
        </>
      )}
    </SectionCard>
  );
}
