import { StrictMode } from "react";
import { createRoot, type Root } from "react-dom/client";
import { PRODUCT_NAME, TEXTS } from "@clube-coroa/schema";
import { App } from "./app/App";
import { deleteStaleCaches } from "./lib/caches";

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
// The earlier product registered a service worker from /sw.js; this client does not (offline
// caching of a session-bound app caused more stale pages than it saved round trips).

const container = document.getElementById("root");
if (container) {
  let root: Root | null = null;
  try {
    root = createRoot(container, {
      onUncaughtError: (error) => {
        console.error(error);
        // Leave React's error handling before tearing the root down.
        setTimeout(() => {
          root?.unmount();
          renderStartupFallback(container);
        });
      },
    });
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  } catch (error) {
    console.error(error);
    renderStartupFallback(container);
  }
}
