import { startTransition, StrictMode } from "react";
import { createRoot, hydrateRoot, type Root } from "react-dom/client";
import { PRODUCT_NAME, TEXTS } from "@clube-coroa/schema";
import { App } from "./app/App";
import { preloadPageFor, requestFirstScreen } from "./app/pages";
import { preloadHomeParts } from "./features/home/HomePage";
import { createApolloClient } from "./lib/apollo";
import { deleteStaleCaches } from "./lib/caches";
import { registerServiceWorker } from "./lib/serviceWorker";
import { holdPrerendered } from "./lib/prerendered";
import { readStoredUser } from "./lib/storage";
import { drawnForOfPage } from "./lib/drawnFor";
import { restoreFirstScreenData } from "./lib/firstScreenData";
import { loadLocaleData } from "./lib/intl";
import { nextTask } from "./lib/tasks";
import { MeDocument } from "./features/session/documents";

/** Plain DOM, no React: what she sees when the app itself cannot start (spec part 2 §2). */
function renderStartupFallback(container: HTMLElement) {
  container.replaceChildren();
  const box = document.createElement("div");
  box.setAttribute("role", "alert");
  box.style.cssText =
    "min-height:100vh;display:flex;flex-direction:column;align-items:center;justify-content:center;gap:16px;padding:24px;text-align:center;font-family:system-ui,sans-serif;background:#faf6f1;color:#2b1d27";
  const title = document.createElement("h1");
  title.textContent = PRODUCT_NAME;
  title.style.cssText = "margin:0;color:#5b1f45;font-family:Georgia,serif";
  const text = document.createElement("p");
  text.textContent = TEXTS.startupErrorText;
  text.style.margin = "0";
  const button = document.createElement("button");
  button.type = "button";
  button.textContent = TEXTS.startupErrorButton;
  button.style.cssText =
    "min-height:48px;padding:0 24px;border:0;border-radius:999px;background:#5b1f45;color:#fff;font-weight:700;font-size:16px;cursor:pointer";
  button.addEventListener("click", () => window.location.reload());
  box.append(title, text, button);
  container.append(box);
}

void deleteStaleCaches();
registerServiceWorker();

/**
 * Draws the app into #root. Over a prerendered page that React's first render draws alike, it
 * hydrates: the prerendered nodes stay (no second paint of the same page, so the largest paint stays
 * the first one) and only gain their handlers. Otherwise it draws anew over whatever is there. Either
 * way the first render is a transition, which React splits into short tasks, so a slow phone keeps
 * answering taps while it runs.
 */
function start(container: HTMLElement, hydrate: boolean, client: ReturnType<typeof createApolloClient>) {
  let root: Root | null = null;
  const onUncaughtError = (error: unknown) => {
    console.error(error);
    // Leave React's error handling before tearing the root down.
    setTimeout(() => {
      root?.unmount();
      renderStartupFallback(container);
    });
  };
  // A prerendered page that turns out different (a stored session, a changed screen) is drawn anew
  // by React: expected, not an error.
  const onRecoverableError = (error: unknown) => console.warn(error);
  const app = (
    <StrictMode>
      <App client={client} />
    </StrictMode>
  );
  try {
    startTransition(() => {
      if (hydrate) {
        root = hydrateRoot(container, app, { onUncaughtError, onRecoverableError });
      }
      else {
        root = createRoot(container, { onUncaughtError });
        root.render(app);
      }
    });
  } catch (error) {
    console.error(error);
    renderStartupFallback(container);
  }
}

/**
 * Starts the app in short steps, each a task of its own, so that no single task holds a slow phone
 * for long (issue 14: Lighthouse counts every task over 50 ms as blocking).
 */
async function boot(container: HTMLElement) {
  // Not in the task that ran the app's modules: on a slow phone that one is long already.
  await nextTask();
  // The page's own code is fetched beside the first chunk. When the build prerendered this address
  // (`/`, `/auth`), its frame stays on screen until that code is here, and React then takes the
  // frame over (see docs/decisions/0129-hydrated-where-the-first-render-is-the-prerendered-page-draw.md) — no loading state between.
  const client = createApolloClient();
  const prerendered = container.hasChildNodes();
  // What she types into the prerendered form meanwhile is carried over (lib/prerendered.ts).
  if (prerendered) holdPrerendered(container.firstElementChild);
  await nextTask();
  // The cards the server drew into `/` come with the answer it drew them from (lib/firstScreenData).
  const boardDrawn = restoreFirstScreenData(client);
  const ready = preloadPageFor(window.location, { boardDrawn });
  await nextTask();
  // Apollo's first read runs its document transforms and its cache reader for the first time, in a
  // task of its own rather than inside the first query's (next).
  client.readQuery({ query: MeDocument });
  await nextTask();
  // Her own first page is asked for now when she is likely a member: a session stored here, or a page
  // the server drew for a request with a session cookie (waiting for `me` first cost her a second
  // round trip before her cards were hers, issue 24 item 16).
  const member = readStoredUser() !== null || drawnForOfPage() === "member";
  requestFirstScreen(client, window.location, { member });
  await nextTask();
  // ICU's data, which the first formatted number or date would otherwise load inside React's render.
  loadLocaleData();
  await nextTask();
  if (window.location.pathname === "/") preloadHomeParts();
  // The page at data-prerendered was drawn for someone not yet known, which is also what React's
  // first render draws, a session stored or not (SessionProvider reads the session after hydrating):
  // only another address (the server sends index.html for every page of the app) or an invitation
  // (`/?id=`) draws something else first.
  const sameFirstRender =
    prerendered && container.dataset.prerendered === window.location.pathname && !new URLSearchParams(window.location.search).has("id");
  if (prerendered) {
    await ready;
    await nextTask();
  }
  start(container, sameFirstRender, client);
}

const container = document.getElementById("root");
if (container) {
  boot(container).catch((error: unknown) => {
    console.error(error);
    renderStartupFallback(container);
  });
}
