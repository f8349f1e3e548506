import { useCallback, useEffect, useRef, useState } from "react";
import { useApolloClient } from "@apollo/client/react";
import { useNavigate } from "react-router-dom";
import type { BillingCycle, PlanName } from "@clube-coroa/schema";
import type { PlansBridge, PlansRequest } from "./plansRequests";
import { useToast } from "../../components/Toast";
import type { CheckoutResultFieldsFragment, PaymentFieldsFragment } from "../../gql/graphql";
import { useSession } from "../session";
import { planChangeOf } from "./planChange";
import { PLAN_FLOW_TEXTS as PLAN_TEXTS } from "./planFlowTexts";
import { useCancelSubscription } from "./useCancelSubscription";
import { lazyWhenOpen } from "../../lib/lazyComponent";

// The plans flow's dialogs are fetched when first opened (issue 14: none is on the first screen).
const always = () => true;
const PlansDialog = lazyWhenOpen(() => import("./PlansDialog").then((m) => m.PlansDialog), (p) => p.open);
const ImperatrizDialog = lazyWhenOpen(() => import("./PlanNoticeDialogs").then((m) => m.ImperatrizDialog), (p) => p.open);
const InterestThanksDialog = lazyWhenOpen(() => import("./PlanNoticeDialogs").then((m) => m.InterestThanksDialog), (p) => p.open);
const CelebrationDialog = lazyWhenOpen(() => import("./PlanNoticeDialogs").then((m) => m.CelebrationDialog), (p) => p.plan !== null);
const MigrationDialog = lazyWhenOpen(() => import("./PlanChangeDialogs").then((m) => m.MigrationDialog), always);
const DowngradeDialog = lazyWhenOpen(() => import("./PlanChangeDialogs").then((m) => m.DowngradeDialog), always);
const CheckoutDialog = lazyWhenOpen(() => import("./CheckoutDialog").then((m) => m.CheckoutDialog), always);
// Watching her payment: loaded with the checkout, not with the first screen.
const PaymentWatcher = lazyWhenOpen(() => import("./PaymentWatcher").then((m) => m.PaymentWatcher), (p) => p.open);

type Step =
  | { name: "closed" }
  | { name: "plans" }
  | { name: "imperatriz" }
  | { name: "interestThanks"; already: boolean }
  | { name: "migration"; target: PlanName; cycle: BillingCycle; cycleSwitch?: boolean }
  | { name: "downgrade"; target: PlanName; cycle: BillingCycle }
  | { name: "checkout"; target: PlanName; cycle: BillingCycle; migration: boolean; key: number }
  | { name: "celebration"; plan: PlanName };

/** A checkout whose payment the page waits for, by push (paymentUpdated, meUpdated), never by polling. */
interface Awaiting {
  plan: PlanName;
  /** The other cycle of the plan she already has. */
  samePlan: boolean;
  result: CheckoutResultFieldsFragment;
  /** The checkout dialog that created it, while it is open. */
  checkoutKey: number;
}

const PAID_STATUSES = new Set(["confirmed", "received"]);

/**
 * The plans flow (spec part 2 sections 2 and 4): the plans modal, imperatriz's interest, the
 * migration and downgrade dialogs, the checkout, and 'Parabéns pela nova fase!' once the payment
 * she made is confirmed. One instance for the app, mounted by PlansProvider the first time a screen
 * asks for it (then kept): it takes the requests made while its code was on the way, then every
 * later one, through `bridge`.
 */
export function PlansFlowHost({ bridge }: { bridge: PlansBridge }) {
  const client = useApolloClient();
  const navigate = useNavigate();
  const { toast } = useToast();
  const { status, user, tellsPlanChange } = useSession();
  const current = status === "authenticated" && user ? (user.plan as PlanName) : null;
  const [step, setStep] = useState<Step>({ name: "closed" });
  const [awaiting, setAwaiting] = useState<Awaiting | null>(null);
  const checkoutKeys = useRef(0);
  const close = useCallback(() => setStep({ name: "closed" }), []);

  // Another member (or nobody) on this tab: nothing of the last one's flow carries over.
  // (On mount there is nothing to reset: the host mounts for the member whose request it serves.)
  const userId = current ? user?.id : undefined;
  const flowOf = useRef(userId);
  useEffect(() => {
    if (flowOf.current === userId) return;
    flowOf.current = userId;
    setStep({ name: "closed" });
    setAwaiting(null);
  }, [userId]);

  const openPlans = useCallback(() => setStep({ name: "plans" }), []);

  const choosePlan = useCallback(
    (plan: PlanName, cycle: BillingCycle = "monthly", cycleSwitch = false) => {
      if (!current) {
        setStep({ name: "closed" });
        toast({ title: PLAN_TEXTS.plans.signInTitle, description: PLAN_TEXTS.plans.signInText });
        navigate("/auth");
        return;
      }
      switch (planChangeOf(current, plan)) {
        case "current":
          // Her plan on the other cycle (her subscription panel offers it): a migration the server orders.
          if (cycleSwitch) setStep({ name: "migration", target: plan, cycle, cycleSwitch: true });
          return;
        case "comingSoon":
          setStep({ name: "imperatriz" });
          return;
        case "checkout":
          setStep({ name: "checkout", target: plan, cycle, migration: false, key: ++checkoutKeys.current });
          return;
        case "migration":
          setStep({ name: "migration", target: plan, cycle });
          return;
        case "downgradeFree":
        case "downgradePaid":
          setStep({ name: "downgrade", target: plan, cycle });
      }
    },
    [current, navigate, toast],
  );

  // Imperatriz: interest on record (a second time counts as success), else 'Erro'.
  const [registeringInterest, setRegisteringInterest] = useState(false);
  const registerInterest = useCallback(async () => {
    const T = PLAN_TEXTS.imperatriz;
    if (!current) {
      toast({ title: T.errorTitle, description: T.signedOut, variant: "destructive" });
      return;
    }
    setRegisteringInterest(true);
    try {
      const { RegisterImperatrizInterestDocument } = await import("./actionDocuments");
      const { data } = await client.mutate({ mutation: RegisterImperatrizInterestDocument });
      const result = data?.registerImperatrizInterest;
      const already = result?.__typename === "AppError" && (result.code === "ALREADY_REGISTERED" || result.message === "Already registered");
      if (result?.__typename === "ImperatrizInterest" || already) {
        setStep({ name: "interestThanks", already: already || (result?.__typename === "ImperatrizInterest" && result.alreadyRegistered) });
        return;
      }
    } catch {
      // Told below, like a refusal.
    } finally {
      setRegisteringInterest(false);
    }
    toast({ title: T.errorTitle, description: T.error, variant: "destructive" });
  }, [client, current, toast]);

  // Down to nobreza: the cancellation (toast, home after 1.5 s).
  const { cancel, cancelling } = useCancelSubscription();
  const confirmDowngrade = async (target: PlanName, cycle: BillingCycle) => {
    if (target !== "nobreza") {
      setStep({ name: "checkout", target, cycle, migration: true, key: ++checkoutKeys.current });
      return;
    }
    if (await cancel()) close();
  };

  // Waiting for her payment: the pushed payment, or her plan arriving through meUpdated.
  const onPayment = useCallback((payment: PaymentFieldsFragment) => {
    setAwaiting((a) => (a && a.result.payment.id === payment.id ? { ...a, result: { ...a.result, payment: { ...a.result.payment, ...payment } } } : a));
  }, []);
  const watching = !!current && (!!awaiting || step.name === "checkout");

  useEffect(() => {
    if (!awaiting) return;
    const paid = PAID_STATUSES.has(awaiting.result.payment.status);
    // Her plan arriving tells of a new plan, not of the other cycle of the plan she has: that one waits for its payment.
    if (!paid && (awaiting.samePlan || current !== awaiting.plan)) return;
    setAwaiting(null);
    setStep({ name: "celebration", plan: awaiting.plan });
    // Her plan, badge and profile follow at once even if meUpdated has not arrived yet.
    if (current !== awaiting.plan) void client.refetchQueries({ include: ["Me", "MyProfile"] }).catch(() => undefined);
  }, [awaiting, client, current]);

  // The provider's calls: the ones queued while this code loaded, then each as it comes.
  const handle = (request: PlansRequest) => {
    if (request.kind === "open") openPlans();
    else if (request.kind === "choose") choosePlan(request.plan, request.cycle, request.cycle !== undefined);
    else void registerInterest();
  };
  const latest = useRef(handle);
  latest.current = handle;
  useEffect(() => bridge.attach((request) => latest.current(request)), [bridge]);
  useEffect(() => bridge.setRegistering(registeringInterest), [bridge, registeringInterest]);

  const from = current ?? "nobreza";
  return (
    <>
      <PaymentWatcher open={watching} awaiting={!!awaiting} onPayment={onPayment} />
      <PlansDialog open={step.name === "plans"} onClose={close} currentPlan={current} />
      <ImperatrizDialog open={step.name === "imperatriz"} onClose={close} onNotify={() => void registerInterest()} busy={registeringInterest} />
      <InterestThanksDialog open={step.name === "interestThanks"} already={step.name === "interestThanks" && step.already} onClose={close} />
      {step.name === "migration" && (
        <MigrationDialog
          open
          from={from}
          to={step.target}
          toCycle={step.cycleSwitch ? step.cycle : undefined}
          onCancel={close}
          onConfirm={() => setStep({ name: "checkout", target: step.target, cycle: step.cycle, migration: true, key: ++checkoutKeys.current })}
        />
      )}
      {step.name === "downgrade" && (
        <DowngradeDialog
          open
          from={from}
          to={step.target}
          busy={cancelling}
          onCancel={close}
          onConfirm={() => void confirmDowngrade(step.target, step.cycle)}
        />
      )}
      {step.name === "checkout" && (
        <CheckoutDialog
          key={step.key}
          plan={step.target}
          migration={step.migration}
          initialCycle={step.cycle}
          created={awaiting?.checkoutKey === step.key ? awaiting.result : null}
          onCreated={(result) => {
            // The celebration tells her of the new plan: the session's toast is not repeated for it.
            const samePlan = step.target === current;
            if (!samePlan) tellsPlanChange(step.target);
            setAwaiting({ plan: step.target, samePlan, result, checkoutKey: step.key });
          }}
          onClose={close}
        />
      )}
      <CelebrationDialog plan={step.name === "celebration" ? step.plan : null} onClose={close} />
    </>
  );
}
