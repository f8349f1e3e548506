import { expect, test, type Page } from "@playwright/test";
import { board, signIn } from "./support";

// These journeys start without the config's "popup just shown" mark.
test.use({ storageState: { cookies: [], origins: [] } });

const MEMBER = "31900007703";
const DAY = 24 * 60 * 60 * 1000;

const popup = (page: Page) => page.getByRole("dialog", { name: "Hora de Brilhar!" });
const lastShown = (page: Page) => page.evaluate(() => localStorage.getItem("lastMotivationalPopup"));

/** Completes her profile as the form would send it (the form itself is profile.spec's journey). */
async function completeProfile(page: Page) {
  const answer = await page.request.post("/graphql", {
    headers: { "content-type": "application/json" },
    data: {
      query: "mutation ($input: ProfileInput!) { updateProfile(input: $input) { __typename ... on Profile { profileComplete } } }",
      variables: {
        input: {
          fullName: "Helena Prado Costa",
          nickname: "Helena",
          cpf: "86288366757",
          birthDate: "1982-11-05",
          cep: "01310100",
          street: "Avenida Paulista",
          houseNumber: "300",
          neighborhood: "Bela Vista",
          city: "São Paulo",
          state: "SP",
          professionalActivity: "Criatividade & Design",
          interests: ["Voluntariado"],
          acceptedTerms: true,
          acceptedPrivacyPolicy: true,
          acceptedLGPD: true,
          isOver18: true,
        },
      },
    },
  });
  expect((await answer.json()).data.updateProfile).toEqual({ __typename: "Profile", profileComplete: true });
}

test("'Hora de Brilhar!' shows once 3 s after load, not again within 24 h, and again after", async ({ page }) => {
  await page.goto("/");
  await page.waitForTimeout(3500);
  await expect(popup(page)).toHaveCount(0); // visitors never see it

  // A new member is sent to her profile form: nothing covers it, and nothing invites her to
  // publish before her profile is complete (issue 24).
  await signIn(page, MEMBER);
  await expect(page).toHaveURL(/\/perfil$/);
  await page.waitForTimeout(4500);
  await expect(popup(page)).toHaveCount(0);
  expect(await lastShown(page)).toBeNull();

  await completeProfile(page);
  await page.goto("/");
  await expect(popup(page)).toBeVisible({ timeout: 15_000 });
  const shownAt = Number(await lastShown(page));
  expect(Math.abs(Date.now() - shownAt)).toBeLessThan(60_000);
  await popup(page).getByRole("button", { name: "Explorar Ofertas Primeiro" }).click();
  await expect(popup(page)).toHaveCount(0);
  await expect(page).toHaveURL(/\/#mural$/);
  await expect(board(page)).toBeInViewport();

  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: /Bem-vinda ao/ })).toBeVisible();
  await page.waitForTimeout(4500);
  await expect(popup(page)).toHaveCount(0);
  expect(await lastShown(page)).toBe(String(shownAt));

  // A day later (the kept time moved back), it shows again; its first button opens the proposal dialog.
  await page.evaluate((value) => localStorage.setItem("lastMotivationalPopup", value), String(shownAt - DAY));
  await page.reload();
  await expect(popup(page)).toBeVisible({ timeout: 15_000 });
  await popup(page).getByRole("button", { name: "Criar Minha Oferta Agora!" }).click();
  await expect(page.getByRole("dialog", { name: "Nova Proposta" })).toBeVisible();
});

test("the service worker is registered after load, keeps the shell, and never answers /graphql or /api", async ({ page, context }) => {
  const served = await page.request.get("/sw.js");
  expect(served.headers()["cache-control"]).toBe("no-cache");

  await page.goto("/");
  const script = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL);
  expect(script).toMatch(/\/sw\.js$/);

  const responses: { url: string; fromSw: boolean }[] = [];
  page.on("response", (response) => responses.push({ url: response.url(), fromSw: response.fromServiceWorker() }));
  await page.reload();
  await expect(board(page)).toBeVisible();
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await page.evaluate(() => fetch("/api/banners").then((r) => r.status));

  const path = (url: string) => new URL(url).pathname;
  const api = () => responses.filter((r) => /^\/(graphql|api)(\/|$)/.test(path(r.url)));
  await expect.poll(() => api().filter((r) => path(r.url) === "/graphql").length).toBeGreaterThan(0);
  await expect.poll(() => api().filter((r) => path(r.url) === "/api/banners").length).toBe(1);
  expect(api().filter((r) => r.fromSw)).toEqual([]);
  // The built files did come through it (content-hashed, kept after the first visit).
  expect(responses.some((r) => path(r.url).startsWith("/assets/") && r.fromSw)).toBe(true);

  const cached = await page.evaluate(async () => {
    const out: { name: string; urls: string[] }[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      out.push({ name, urls: (await cache.keys()).map((request) => new URL(request.url).pathname) });
    }
    return out;
  });
  expect(cached.map((c) => c.name)).toEqual([expect.stringMatching(/^cc-shell-[0-9a-f]{16}$/)]);
  const urls = cached.flatMap((c) => c.urls);
  expect(urls).toContain("/");
  expect(urls.filter((url) => /^\/(graphql|api|chat|notifications)(\/|$)/.test(url))).toEqual([]);

  // Offline, the kept shell still opens the app...
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: /Bem-vinda ao/ })).toBeVisible();
  // ...and with nothing kept, a notice in Portuguese.
  await page.evaluate(async () => Promise.all((await caches.keys()).map((name) => caches.delete(name))));
  await page.reload();
  await expect(page.getByRole("heading", { name: "Você está sem conexão" })).toBeVisible();
  await context.setOffline(false);
});
