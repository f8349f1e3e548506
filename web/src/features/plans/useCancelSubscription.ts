import { useCallback, useEffect, useRef, useState } from "react";
import { useApolloClient } from "@apollo/client/react";
import { useNavigate } from "react-router-dom";
import { useToast } from "../../components/Toast";
import { isNetworkError, serverMessageOf } from "../../lib/errors";
import { refreshSession, useSession } from "../session";
import { PLAN_FLOW_TEXTS as PLAN_TEXTS } from "./planFlowTexts";
import { isPaidPlan } from "./paidPlans";
import { PLAN_TIMINGS } from "./planTimings";

const T = PLAN_TEXTS.cancel;

/**
 * Cancelling her paid plan (spec part 2 section 4): the plan becomes nobreza at once, 'Assinatura
 * cancelada', and home after 1.5 s; a failure reads 'Erro ao cancelar assinatura'. Resolves true
 * when the server cancelled.
 */
export function useCancelSubscription() {
  const client = useApolloClient();
  const navigate = useNavigate();
  const { toast } = useToast();
  const [loading, setLoading] = useState(false);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  useEffect(() => () => timers.current.forEach(clearTimeout), []);

  // The session toasts 'Plano atualizado automaticamente!' when her plan changes (a refresh or a pushed
  // update). After a cancellation she should read 'Assinatura cancelada': it goes out once the session
  // has seen the new plan, after the session's own toast of that commit.
  const pending = useRef(false);
  const sessionPlan = useSession().user?.plan;
  const announce = useCallback(() => {
    if (!pending.current) return;
    pending.current = false;
    toast({ title: T.done, description: T.doneDescription });
  }, [toast]);
  useEffect(() => {
    if (!pending.current || !sessionPlan || isPaidPlan(sessionPlan)) return;
    timers.current.push(setTimeout(announce, 0));
  }, [sessionPlan, announce]);

  const cancel = useCallback(async (): Promise<boolean> => {
    let message: string | null = null;
    pending.current = true;
    setLoading(true);
    try {
      // Loaded when she confirms: the mutation and its profile fields are not part of the first load.
      const { CancelSubscriptionDocument } = await import("./actionDocuments");
      const { data } = await client.mutate({ mutation: CancelSubscriptionDocument });
      const result = data?.cancelSubscription;
      if (result?.__typename === "Profile") {
        await refreshSession(client);
        // Should the session not have caught up (refresh failed), say it anyway.
        timers.current.push(setTimeout(announce, 300));
        timers.current.push(setTimeout(() => navigate("/"), PLAN_TIMINGS.redirectAfterCancelMs));
        return true;
      }
      message = result?.__typename === "AppError" ? result.message : null;
    } catch (error) {
      message = isNetworkError(error) ? null : serverMessageOf(error);
    } finally {
      setLoading(false);
    }
    pending.current = false;
    toast({ title: T.errorTitle, description: message || T.error, variant: "destructive" });
    return false;
  }, [announce, client, navigate, toast]);

  return { cancel, cancelling: loading };
}
