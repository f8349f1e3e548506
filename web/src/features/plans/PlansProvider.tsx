import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { lazyWhenOpen } from "../../lib/lazyComponent";
import { useSession } from "../session";
import { PlansContext, type PlansFlow } from "./plansFlow";
import type { PlansBridge, PlansRequest } from "./plansRequests";

// The flow itself (its state, dialogs, checkout and cancellation, with their texts and the plans'
// rules) is fetched the first time a screen calls on it, and stays mounted from then on: the first
// load of every page carries only this provider.
const PlansFlowHost = lazyWhenOpen(
  () => import("./PlansFlowHost").then((m) => m.PlansFlowHost),
  (p: { wanted: boolean; bridge: PlansBridge }) => p.wanted,
);

/**
 * The plans flow every screen opens (spec part 2 sections 2 and 4), one for the app, below the
 * session. Calls made while the flow's code is on its way are queued and handed to it, in order,
 * when it mounts.
 */
export function PlansProvider({ children }: { children: ReactNode }) {
  const [wanted, setWanted] = useState(false);
  const [registeringInterest, setRegisteringInterest] = useState(false);
  const queue = useRef<PlansRequest[]>([]);
  const handler = useRef<((request: PlansRequest) => void) | null>(null);

  const bridge = useMemo<PlansBridge>(
    () => ({
      attach: (handle) => {
        handler.current = handle;
        const queued = queue.current;
        queue.current = [];
        queued.forEach(handle);
        return () => {
          if (handler.current === handle) handler.current = null;
        };
      },
      setRegistering: setRegisteringInterest,
    }),
    [],
  );

  const send = useCallback((request: PlansRequest) => {
    if (handler.current) {
      handler.current(request);
      return;
    }
    queue.current.push(request);
    setWanted(true);
  }, []);

  // Another member (or nobody) on this tab: a request still waiting for the flow was hers, not this one's.
  const { status, user } = useSession();
  const member = status === "authenticated" ? user?.id : undefined;
  const queuedFor = useRef(member);
  useEffect(() => {
    if (queuedFor.current === member) return;
    queuedFor.current = member;
    queue.current = [];
  }, [member]);

  const value = useMemo<PlansFlow>(
    () => ({
      openPlans: () => send({ kind: "open" }),
      choosePlan: (plan, cycle) => send({ kind: "choose", plan, cycle }),
      registerInterest: () => send({ kind: "interest" }),
      registeringInterest,
    }),
    [send, registeringInterest],
  );

  return (
    <PlansContext.Provider value={value}>
      {children}
      <PlansFlowHost wanted={wanted} bridge={bridge} />
    </PlansContext.Provider>
  );
}
