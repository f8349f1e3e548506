import { startTransition, useEffect, useState, useSyncExternalStore } from "react";

/**
 * The first screen the build prerendered (docs/decisions/0127-technique-prerendering-at-build-time.md and the records after it)
 * is plain HTML until React draws over it, and on a slow phone she may already be typing into it.
 * main.tsx hands the prerendered markup over here before React starts; a field marked
 * `data-keep="<name>"` reads what was typed into its prerendered twin on its first render, so
 * nothing she typed is lost when React replaces the markup.
 */
let prerendered: Element | null = null;

export function holdPrerendered(root: Element | null): void {
  prerendered = root;
}

function twin(name: string): HTMLInputElement | HTMLSelectElement | null {
  // Once React has replaced the markup the held element is detached: nothing to carry over.
  if (!prerendered?.isConnected) return null;
  return prerendered.querySelector<HTMLInputElement | HTMLSelectElement>(`[data-keep="${CSS.escape(name)}"]`);
}

/** What was typed into the prerendered field `name` (null without one, or when nothing was typed). */
export function prerenderedValue(name: string): string | null {
  const field = twin(name);
  if (!field) return null;
  const value = field.value;
  const initial = field instanceof HTMLInputElement ? field.defaultValue : null;
  return value && value !== initial ? value : null;
}

/** Whether she was in the prerendered field `name` (so the real one takes the focus back). */
export function prerenderedFocus(name: string): boolean {
  const field = twin(name);
  return !!field && document.activeElement === field;
}

const subscribeNever = () => () => undefined;

/**
 * False while React hydrates the page the server or the build drew (and while drawing it there),
 * true once the page is the app's own: right after hydrating, React draws again with `true`, as a
 * transition (in short tasks, like the hydration). What the page shows from answers already in hand
 * (the session, asked for before React started) waits for that render, so that the hydrating render
 * is the drawn page. Each component knows for itself (React answers `getServerSnapshot` while it
 * hydrates that component), so one inside a Suspense boundary that React hydrates later is told the
 * truth too. A page drawn anew (`createRoot`) is the app's own from its first render.
 */
export function useHydrated(): boolean {
  const hydrating = useSyncExternalStore(subscribeNever, () => false, () => true);
  const [hydrated, setHydrated] = useState(!hydrating);
  useEffect(() => {
    if (!hydrated) startTransition(() => setHydrated(true));
  }, [hydrated]);
  return hydrated;
}
