import { lazy, Suspense, useState, type Attributes, type ComponentType, type ReactNode } from "react";

type Loader<P> = () => Promise<ComponentType<P>>;

/** A lazy component whose code can also be fetched ahead of need (`preload`), once. */
export interface PreloadableComponent<P> {
  Component: ComponentType<P>;
  preload: () => Promise<ComponentType<P>>;
}

export function preloadable<P extends object>(load: Loader<P>): PreloadableComponent<P> {
  let loading: Promise<ComponentType<P>> | null = null;
  let loaded: ComponentType<P> | null = null;
  const preload = () => {
    loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        // A failed fetch (offline, new release) may be tried again on the next use.
        loading = null;
        throw error;
      },
    );
    return loading;
  };
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  // Code already here is drawn at once: React.lazy would still suspend for a turn (a fallback
  // frame, then a second render). Each use keeps the kind it mounted with.
  function Component(props: P) {
    const [Ready] = useState(() => loaded);
    return Ready ? <Ready {...props} /> : <Lazy {...(props as P & Attributes)} />;
  }
  return { Component, preload };
}

/**
 * A dialog whose code is fetched the first time it opens, not with the page (issue 14: the first
 * screen carries no dialog). Once loaded it stays mounted like an ordinary dialog, so closing
 * animates and returns focus as before. Nothing (or `fallback`) is drawn while the code arrives.
 */
export function lazyWhenOpen<P extends object>(
  load: Loader<P>,
  isOpen: (props: P) => boolean,
  fallback: ReactNode = null,
): ComponentType<P> & { preload: () => Promise<unknown> } {
  const { Component, preload } = preloadable(load);
  function WhenOpen(props: P) {
    const open = isOpen(props);
    const [wanted, setWanted] = useState(open);
    if (open && !wanted) setWanted(true);
    if (!wanted && !open) return null;
    return (
      <Suspense fallback={fallback}>
        <Component {...props} />
      </Suspense>
    );
  }
  return Object.assign(WhenOpen, { preload });
}
