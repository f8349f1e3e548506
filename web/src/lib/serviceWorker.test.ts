import { describe, expect, it, vi } from "vitest";
import { registerServiceWorker } from "./serviceWorker";

/** A window stand-in: its own event target, a document whose readyState we choose, a fake SW container. */
function fakeWindow(readyState: DocumentReadyState, withServiceWorker = true) {
  const target = new EventTarget();
  const register = vi.fn(() => Promise.resolve({}));
  const win = Object.assign(target, {
    document: { readyState },
    navigator: withServiceWorker ? { serviceWorker: { register } } : {},
  }) as unknown as Window;
  return { win, register, load: () => target.dispatchEvent(new Event("load")) };
}

describe("service worker registration", () => {
  it("registers /sw.js only after the window's load event, once", () => {
    const { win, register, load } = fakeWindow("interactive");
    registerServiceWorker(win, true);
    expect(register).not.toHaveBeenCalled();

    load();
    expect(register).toHaveBeenCalledWith("/sw.js", { scope: "/" });
    load();
    expect(register).toHaveBeenCalledTimes(1);
  });

  it("registers at once when the page has already loaded", () => {
    const { win, register } = fakeWindow("complete");
    registerServiceWorker(win, true);
    expect(register).toHaveBeenCalledTimes(1);
  });

  it("does nothing outside production builds (development, tests) or without service worker support", () => {
    const dev = fakeWindow("interactive");
    registerServiceWorker(dev.win, false);
    dev.load();
    expect(dev.register).not.toHaveBeenCalled();

    const old = fakeWindow("interactive", false);
    registerServiceWorker(old.win, true);
    old.load();

    // The default follows the build: vitest is not a production build.
    const test = fakeWindow("interactive");
    registerServiceWorker(test.win);
    test.load();
    expect(test.register).not.toHaveBeenCalled();
  });
});
