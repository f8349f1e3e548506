import { expect, test } from "@playwright/test";
import { boardIsLive, signIn } from "./support";

// What Lighthouse's best practices and SEO check on the public pages, kept true here.
for (const path of ["/", "/auth"]) {
  test(`${path} runs without a Content-Security-Policy violation`, async ({ page }) => {
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = seen;
      document.addEventListener("securitypolicyviolation", (event) => seen.push(`${event.violatedDirective} ${event.blockedURI}`));
    });
    await page.goto(path);
    await expect(page.locator("h1").first()).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
  });
}

for (const [path, heading] of [
  ["/", /Bem-vinda ao/],
  ["/auth", /./],
] as const) {
  test(`${path}'s prerendered page is taken over in place: its nodes stay, with no hydration warning`, async ({ page }) => {
    const messages: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "warning" || message.type() === "error") messages.push(message.text());
    });
    // Notes every element removed from the page's main region while the app starts.
    await page.addInitScript(() => {
      const removed: string[] = [];
      (window as unknown as { removed: string[] }).removed = removed;
      new MutationObserver((records) => {
        for (const record of records) {
          for (const node of record.removedNodes) {
            if (node instanceof Element && (node.tagName === "MAIN" || node.tagName === "ARTICLE" || node.querySelector("main, h1, article"))) removed.push(node.tagName);
          }
        }
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto(path);
    const title = page.getByRole("heading", { level: 1, name: heading }).first();
    await expect(title).toBeVisible();
    // The app runs on the same nodes: the first heading answers to it (the session is known, the page is live).
    if (path === "/") await expect(page.getByRole("link", { name: "Entrar no clube" }).first()).toBeVisible();
    else await expect(page.getByRole("button", { name: "Enviar Token via WhatsApp" })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { removed: string[] }).removed)).toEqual([]);
    expect(messages.filter((text) => /hydrat|did not match/i.test(text))).toEqual([]);
  });
}

// The page is painted before the app's code is even asked for (issue 14): on a slow phone the HTML,
// its fonts and the first paint have the network to themselves.
for (const path of ["/", "/auth"]) {
  test(`${path} asks for the app's code only once its first contentful paint is done`, async ({ page }) => {
    // A hidden tab paints nothing, so there the code starts at once: the page must be in front.
    await page.bringToFront();
    await page.addInitScript(() => {
      (window as unknown as { startedHidden: boolean }).startedHidden = document.visibilityState === "hidden";
    });
    await page.goto(path);
    expect(await page.evaluate(() => (window as unknown as { startedHidden: boolean }).startedHidden)).toBe(false);
    // The app has started: its entry chunk and its large imports were fetched. (A script is listed
    // once it has arrived, so React's can come in after the entry's.)
    await page.waitForFunction(() =>
      ["index", "react", "apollo", "styled"].every((chunk) =>
        performance.getEntriesByType("resource").some((entry) => new RegExp(`/assets/${chunk}-[\\w-]+\\.js$`).test(entry.name)),
      ),
    );
    const { paint, code } = await page.evaluate(() => ({
      paint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? null,
      code: performance
        .getEntriesByType("resource")
        .filter((entry) => /\/assets\/.+\.js$/.test(new URL(entry.name).pathname) && !/\/assets\/start-/.test(entry.name))
        .map((entry) => ({ name: new URL(entry.name).pathname, startTime: entry.startTime })),
    }));
    expect(paint).not.toBeNull();
    expect(code.length, JSON.stringify(code)).toBeGreaterThan(3);
    expect(code.filter((entry) => entry.startTime < paint!)).toEqual([]);
  });
}

// Nothing on a visitor's phone screen moves while the app takes the page over: the banner carousel,
// which appears once she is known, has its frame in the page from the first paint. (A counter's
// digits changing width as its number arrives is a shift of about 0.0001, which nobody sees; the
// carousel pushing the kinds down was 0.022. Lighthouse calls anything under 0.1 good.)
test("/ does not move under a visitor's eyes as the app starts (no visible layout shift on a phone)", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await page.addInitScript(() => {
    const shifts: string[] = [];
    (window as unknown as { shifts: string[] }).shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; sources: { node?: Node | null }[] })[]) {
        if (entry.value >= 0.001) {
          shifts.push(`${entry.value.toFixed(4)} ${entry.sources.map((source) => (source.node as Element | null)?.textContent?.slice(0, 40)).join(" | ")}`);
        }
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
  await page.goto("/");
  await boardIsLive(page);
  await expect(page.getByRole("region", { name: "Destaques das parceiras" }).getByRole("img").first()).toBeAttached();
  expect(await page.evaluate(() => (window as unknown as { shifts: string[] }).shifts)).toEqual([]);
  await context.close();
});

test("/ answers with the board's first offers drawn: readable before any script runs, and kept when the app starts", async ({ browser }) => {
  const offline = await browser.newContext({ javaScriptEnabled: false });
  const plain = await offline.newPage();
  await plain.goto("/");
  const cards = plain.locator("article[aria-labelledby]");
  await expect(cards).toHaveCount(12);
  const titles = await cards.locator("h3").allTextContents();
  expect(titles.every((title) => title.trim().length > 0)).toBe(true);
  // Its buttons say they do nothing yet.
  await expect(cards.first().getByRole("button").first()).toBeDisabled();
  await offline.close();

  const live = await browser.newContext();
  const page = await live.newPage();
  await page.goto("/");
  await expect(page.getByRole("link", { name: "Entrar no clube" }).first()).toBeVisible();
  // The same offers, in the same order, now the app's own (a like asks her to sign in).
  expect(await page.locator("article[aria-labelledby] h3").allTextContents()).toEqual(titles);
  await expect(page.locator("article[aria-labelledby]").first().getByRole("button").first()).toBeEnabled();
  await live.close();
});

test("a member coming back to / (her session stored) keeps the drawn page too, then sees her own", async ({ page }) => {
  const messages: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "warning" || message.type() === "error") messages.push(message.text());
  });
  await signIn(page, "11900008833");
  await page.addInitScript(() => {
    const removed: string[] = [];
    (window as unknown as { removed: string[] }).removed = removed;
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.removedNodes) if (node instanceof Element && (node.tagName === "ARTICLE" || node.querySelector("article"))) removed.push(node.tagName);
      }
    }).observe(document, { childList: true, subtree: true });
    // How far the page moved under her while it started (the layout shift score, as Lighthouse sums it).
    const shifts = { total: 0 };
    (window as unknown as { shifts: typeof shifts }).shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) if (!entry.hadRecentInput) shifts.total += entry.value;
    }).observe({ type: "layout-shift", buffered: true });
  });
  await page.goto("/");
  // Her own page: the button to publish, and the board's controls enabled.
  await expect(page.getByRole("button", { name: /Publicar/ })).toBeVisible();
  await boardIsLive(page);
  await expect(page.getByRole("link", { name: "Escolher Plano" })).toBeVisible();
  await page.waitForTimeout(1000);
  expect(await page.evaluate(() => (window as unknown as { removed: string[] }).removed)).toEqual([]);
  // The server drew her page in the members' layout: it does not jump once she is known.
  expect(await page.evaluate(() => (window as unknown as { shifts: { total: number } }).shifts.total)).toBeLessThan(0.1);
  expect(messages.filter((text) => /hydrat|did not match/i.test(text))).toEqual([]);
});

test("robots.txt is a robots file that lets search engines read the public pages", async ({ request }) => {
  const response = await request.get("/robots.txt");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toMatch(/^text\/plain/);
  const text = await response.text();
  expect(text).toMatch(/^User-agent: \*$/m);
  expect(text).toMatch(/^Allow: \/$/m);
});
