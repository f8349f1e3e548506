import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from "react";
import { lazyWhenOpen } from "../lib/lazyComponent";

import type { CurrentToast, ToastInput } from "./toastTypes";

export type { ToastInput, ToastVariant } from "./toastTypes";

type ToastFn = (input: ToastInput) => void;
interface Toasts {
  toast: ToastFn;
  /** Closes the toast on screen (a failure that no longer holds once she succeeded). */
  dismiss: () => void;
}
const ToastContext = createContext<Toasts | null>(null);

/** Shows a toast; a new one replaces the one on screen (one at a time). */
export function useToast(): Toasts {
  const toasts = useContext(ToastContext);
  if (!toasts) throw new Error("useToast must be used inside <ToastProvider>");
  return toasts;
}

// Radix's toast code loads with the first toast: the first screen shows none.
const ToastView = lazyWhenOpen(() => import("./ToastView").then((m) => m.ToastView), (props) => props.current !== null);

/** One toast at a time; a new one replaces the one on screen (see ToastView). */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<CurrentToast | null>(null);
  const [open, setOpen] = useState(false);
  const counter = useRef(0);

  const toast = useCallback<ToastFn>((input) => {
    counter.current += 1;
    setCurrent({ ...input, id: counter.current });
    setOpen(true);
  }, []);

  const dismiss = useCallback(() => setOpen(false), []);
  const value = useMemo(() => ({ toast, dismiss }), [toast, dismiss]);

  return (
    <ToastContext.Provider value={value}>
      {children}
      <ToastView current={current} open={open} onOpenChange={setOpen} />
    </ToastContext.Provider>
  );
}
