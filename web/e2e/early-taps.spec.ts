// A tap on a card the server drew into `/`, made before the app is live, acts once the app is live,
// exactly once (issue 24 item 16). The app's entry script is held back by the test (route
// interception), so the cards are drawn but not live for as long as the test wants; then it is let go.
import { expect, test, type Page, type Request } from "@playwright/test";
import { board, boardIsLive, signIn } from "./support";

// The service worker would answer the entry script from its cache, past the test's interception.
test.use({ serviceWorkers: "block" });

/** The demo superuser (a complete profile, every contact allowed). */
const MEMBER = "11900000001";

/** The entry script of this build: the last step of the start script (build/startAfterFirstPaint.ts). */
async function entryScript(page: Page): Promise<string> {
  const html = await (await page.request.get("/")).text();
  const start = /<script type="module" crossorigin src="(\/assets\/start-[\w-]+\.js)"/.exec(html)?.[1];
  expect(start, "the page has a start script").toBeTruthy();
  const source = await (await page.request.get(start!)).text();
  const steps = JSON.parse(/const steps = (\[[^\]]*\]);/.exec(source)?.[1] ?? "[]") as string[];
  expect(steps.length).toBeGreaterThan(0);
  return steps[steps.length - 1];
}

/** Holds the app's entry script until `release()`: the page draws its cards but the app does not start. */
async function holdTheApp(page: Page) {
  const entry = await entryScript(page);
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**${entry}`, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** GraphQL operations the page sends, by name. */
function operations(page: Page) {
  const sent: string[] = [];
  page.on("request", (request: Request) => {
    if (!request.url().endsWith("/graphql") || request.method() !== "POST") return;
    const name = (request.postDataJSON() as { operationName?: string } | null)?.operationName;
    if (name) sent.push(name);
  });
  return { count: (name: string) => sent.filter((n) => n === name).length };
}

/** The drawn board, before the app is live: cards shown, the board not marked live. */
async function drawnNotLive(page: Page) {
  await expect(board(page).getByRole("article").first()).toBeVisible();
  await expect(page.locator("#mural fieldset")).not.toHaveAttribute("data-live", /.*/);
}

/** A card of the board (by its offer id), as the page drew it. */
const cardOf = (page: Page, id: number) => page.locator(`#oferta-${id}`);

/** Her first-page offers as the server tells her (isLiked, isOwn), to pick a card for a test. */
async function herBoard(page: Page) {
  const answer = await page.request.post("/graphql", {
    data: { query: "{ offers(first: 12) { edges { node { id type postType isLiked isOwn likes } } } }" },
    headers: { "content-type": "application/json" },
  });
  expect(answer.ok()).toBe(true);
  const body = (await answer.json()) as { data: { offers: { edges: { node: { id: number; isLiked: boolean; isOwn: boolean; likes: number } }[] } } };
  return body.data.offers.edges.map((e) => e.node);
}

test("a visitor's tap on 'Pedir Apoio'/'Oferecer' before the app is live opens the sign-in invitation once it is", async ({ page }) => {
  const release = await holdTheApp(page);
  await page.goto("/");
  await drawnNotLive(page);
  const first = board(page).getByRole("button", { name: /^(Pedir|Oferecer) / }).first();
  // By its mark, not its role: the modal invitation hides the board from the accessibility tree.
  const contact = page.locator(`[data-early-tap="${await first.getAttribute("data-early-tap")}"]`);
  await contact.click();
  // Taken: the button shows it waits, and nothing happened yet.
  await expect(contact).toHaveAttribute("aria-busy", "true");
  await expect(contact).toHaveAttribute("data-early-pending", "");
  await contact.click();
  await expect(page.getByRole("dialog")).toHaveCount(0);

  release();
  await boardIsLive(page);
  await expect(page.getByRole("dialog", { name: "Vamos fazer esta parceria?" })).toBeVisible();
  await expect(page.getByRole("dialog")).toHaveCount(1);
  await expect(contact).not.toHaveAttribute("aria-busy", "true");
  await expect(contact).not.toHaveAttribute("data-early-pending", "");
  // Live now: a tap acts at once, as usual.
  await page.getByRole("button", { name: "Agora não" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await contact.click();
  await expect(page.getByRole("dialog", { name: "Vamos fazer esta parceria?" })).toBeVisible();
});

test("a member's tap on a heart before the app is live likes the offer once it is, once", async ({ page }) => {
  await signIn(page, MEMBER);
  await boardIsLive(page);
  const offer = (await herBoard(page)).find((o) => !o.isLiked && !o.isOwn);
  expect(offer, "an offer of someone else she has not liked").toBeTruthy();
  const sent = operations(page);

  const release = await holdTheApp(page);
  await page.goto("/");
  await drawnNotLive(page);
  const heart = cardOf(page, offer!.id).getByRole("button", { name: /^Curtir/ });
  await expect(heart).toHaveAttribute("aria-pressed", "false");
  // Two quick taps while waiting: one like, not a like and an unlike.
  await heart.click();
  await heart.click();
  await expect(heart).toHaveAttribute("aria-busy", "true");
  expect(sent.count("ToggleLike")).toBe(0);

  release();
  await boardIsLive(page);
  await expect(heart).toHaveAttribute("aria-pressed", "true");
  const likes = offer!.likes + 1;
  await expect(heart).toHaveAccessibleName(`Curtir (${likes} ${likes === 1 ? "curtida" : "curtidas"})`);
  await expect.poll(() => sent.count("ToggleLike")).toBe(1);
  // Nothing else comes after: React did not replay the tap a second time.
  await page.waitForTimeout(1000);
  expect(sent.count("ToggleLike")).toBe(1);
  expect((await herBoard(page)).find((o) => o.id === offer!.id)?.isLiked).toBe(true);

  // Leaves the demo as it was for the other journeys.
  await heart.click();
  await expect(heart).toHaveAttribute("aria-pressed", "false");
});

test("a member's tap on 'Pedir Apoio'/'Oferecer' before the app is live opens the conversation once it is", async ({ page }) => {
  await signIn(page, MEMBER);
  await boardIsLive(page);
  const offer = (await herBoard(page)).find((o) => !o.isOwn);
  expect(offer, "an offer of someone else").toBeTruthy();
  const sent = operations(page);

  const release = await holdTheApp(page);
  await page.goto("/");
  await drawnNotLive(page);
  const contact = cardOf(page, offer!.id).getByRole("button").last();
  await expect(contact).toHaveText(/^(Pedir|Oferecer) /);
  await contact.click();
  await expect(contact).toHaveAttribute("aria-busy", "true");

  release();
  await expect(page).toHaveURL(/\/mensagens\/\d+$/);
  expect(sent.count("StartConversation")).toBe(1);
  await page.waitForTimeout(1000);
  expect(sent.count("StartConversation")).toBe(1);
});
