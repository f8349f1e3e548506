/**
 * Registers the service worker from /sw.js once the page has loaded (spec part 2 §4), so it never
 * competes with the first paint. Production builds only: in development and tests the files change
 * under it.
 */
export function registerServiceWorker(win: Window = window, enabled: boolean = import.meta.env.PROD): void {
  if (!enabled || !("serviceWorker" in win.navigator)) return;
  const register = () => {
    win.navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch((error: unknown) => {
      console.warn("service worker not registered", error);
    });
  };
  if (win.document.readyState === "complete") register();
  else win.addEventListener("load", register, { once: true });
}
