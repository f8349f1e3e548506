import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { EARLY_TAPS_SCRIPT } from "@clube-coroa/schema/earlyTaps";
import { boardWentLive, earlyTap, releaseEarlyTaps } from "./earlyTaps";

/** The page as the server drew it: two marked card buttons (a heart, a contact), an unmarked one, and the app's listener on #root. */
function drawnPage() {
  document.body.innerHTML = `
    <div id="root">
      <button id="heart" aria-pressed="false" ${Object.entries(earlyTap("like:7")).map(([k, v]) => `${k}="${v}"`).join("")}><span>♡</span></button>
      <button id="contact" ${Object.entries(earlyTap("contact:7")).map(([k, v]) => `${k}="${v}"`).join("")}>Pedir Apoio</button>
      <button id="plain">Outro</button>
    </div>`;
  const acted: string[] = [];
  // As React listens: on the root, for clicks that reach it.
  document.getElementById("root")!.addEventListener("click", (event) => acted.push((event.target as Element).closest("button")!.id));
  return { acted, el: (id: string) => document.getElementById(id)! };
}

describe("taps before the board is live (schema/src/earlyTaps.ts, lib/earlyTaps.ts)", () => {
  beforeEach(() => {
    // The inline script, as the page runs it before #root.
    new Function(EARLY_TAPS_SCRIPT)();
  });
  afterEach(() => {
    (window as { __earlyTaps?: { release(): unknown } }).__earlyTaps?.release();
    delete (window as { __earlyTaps?: unknown }).__earlyTaps;
    document.body.innerHTML = "";
  });

  it("keeps a tap on a marked button (shown as waiting) and makes it once when the board is live", () => {
    const { acted, el } = drawnPage();
    el("contact").click();
    el("contact").click();
    expect(acted).toEqual([]);
    expect(el("contact").getAttribute("aria-busy")).toBe("true");
    expect(el("contact").hasAttribute("data-early-pending")).toBe(true);

    expect(releaseEarlyTaps()).toBe(1);
    expect(acted).toEqual(["contact"]);
    expect(el("contact").hasAttribute("aria-busy")).toBe(false);
    expect(el("contact").hasAttribute("data-early-pending")).toBe(false);
    expect(boardWentLive()).toBe(true);
    // Live: a tap goes straight to the app, and nothing is kept any more.
    el("contact").click();
    expect(acted).toEqual(["contact", "contact"]);
    expect(releaseEarlyTaps()).toBe(0);
  });

  it("takes a tap on what is inside a marked button, and leaves unmarked buttons alone", () => {
    const { acted, el } = drawnPage();
    el("heart").querySelector("span")!.click();
    el("plain").click();
    expect(acted).toEqual(["plain"]);
    releaseEarlyTaps();
    expect(acted).toEqual(["plain", "heart"]);
  });

  it("does not press a toggle again when it already shows what she asked for", () => {
    const { acted, el } = drawnPage();
    el("heart").click();
    // Her own likes arrived before the board went live: this heart is hers already.
    el("heart").setAttribute("aria-pressed", "true");
    expect(releaseEarlyTaps()).toBe(0);
    expect(acted).toEqual([]);
  });

  it("skips a tap whose button is gone or disabled by the time the board is live", () => {
    const { acted, el } = drawnPage();
    el("heart").click();
    el("contact").click();
    el("heart").remove();
    (el("contact") as HTMLButtonElement).disabled = true;
    expect(releaseEarlyTaps()).toBe(0);
    expect(acted).toEqual([]);
  });

  it("enables the board the server drew disabled (for pages without JavaScript) as soon as it is parsed", async () => {
    document.body.innerHTML = `<div id="root"><fieldset data-early-board="" disabled><button id="b">Pedir Apoio</button></fieldset><fieldset id="other" disabled></fieldset></div>`;
    await Promise.resolve();
    expect(document.querySelector<HTMLFieldSetElement>("fieldset[data-early-board]")!.disabled).toBe(false);
    expect(document.querySelector<HTMLFieldSetElement>("#other")!.disabled).toBe(true);
  });

  it("stops the browser's own action of a kept tap (a link or a submit does not go ahead)", () => {
    const { el } = drawnPage();
    const event = new MouseEvent("click", { bubbles: true, cancelable: true });
    const seen = vi.fn();
    window.addEventListener("click", seen);
    el("contact").dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    expect(seen).not.toHaveBeenCalled();
    window.removeEventListener("click", seen);
  });
});
