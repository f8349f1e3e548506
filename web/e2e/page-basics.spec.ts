import { expect, test } from "@playwright/test";

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
          for (const node of record.removedNodes) if (node instanceof Element && (node.tagName === "MAIN" || node.querySelector("main, h1"))) removed.push(node.tagName);
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

test("robots.txt is a robots file that lets search engines read the public pages", async ({ request }) => {
  const response = await request.get("/robots.txt");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toMatch(/^text\/plain/);
  const text = await response.text();
  expect(text).toMatch(/^User-agent: \*$/m);
  expect(text).toMatch(/^Allow: \/$/m);
});
