import { expect, test, type Page } from "@playwright/test";
import { codeFor, expectNoSeriousA11yViolations, signIn } from "./support";

// The ambassador is the demo superuser (a demo member like any other for invitations).
const AMBASSADOR = "11900000001";
const INVITED = "21900007702";

async function myId(page: Page): Promise<number> {
  const me = await (await page.request.get("/api/auth/me")).json();
  return Number(me.user?.id ?? me.id);
}

async function referralTotal(page: Page): Promise<number> {
  const answer = await page.request.post("/graphql", {
    data: { query: "{ referralStats { total nobreza } }" },
    headers: { "content-type": "application/json" },
  });
  const body = await answer.json();
  expect(body.errors).toBeUndefined();
  return body.data.referralStats.total as number;
}

test("a valid invitation names the ambassador, and signing up through it credits her", async ({ browser, page }, testInfo) => {
  const ambassador = await (await browser.newContext()).newPage();
  await signIn(ambassador, AMBASSADOR);
  const id = await myId(ambassador);
  const before = await referralTotal(ambassador);

  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.goto(`/?id=kc${id}`);
    await expect(page.getByRole("heading", { level: 1, name: "Você foi convidada!" })).toBeVisible();
    await expect(page.getByText("Administradora Coroa", { exact: true })).toBeVisible();
    await expect(page.getByRole("main").getByText("Networking exclusivo para mulheres empreendedoras")).toBeVisible();
    await expect(page.getByText("Convite válido por Administradora Coroa")).toBeVisible();
    await expect(page.getByRole("region", { name: "O que você pode fazer" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: testInfo.outputPath(`invitation-${width}.png`), fullPage: true });
  }
  expect(await page.evaluate(() => localStorage.getItem("clubecoroa_affiliate_code"))).toBe(`kc${id}`);

  // The call to action leads to sign-in, which announces the referral and sends it.
  await page.getByRole("link", { name: "Aceitar convite e entrar" }).first().click();
  await expect(page).toHaveURL(new RegExp(`/auth\\?id=kc${id}$`));
  await expect(page.getByText("Você foi indicada por uma embaixadora!")).toBeVisible();
  await page.getByLabel("Número de WhatsApp").fill(INVITED);
  await page.getByRole("button", { name: "Enviar Token via WhatsApp" }).click();
  await page.getByLabel("Código de 6 dígitos").fill(await codeFor(page, `55${INVITED}`));
  await page.getByRole("button", { name: "Verificar Token" }).click();
  await expect(page).toHaveURL(/\/perfil$/, { timeout: 5000 });

  await expect.poll(() => referralTotal(ambassador)).toBe(before + 1);
  // Her profile's referral block says so too.
  await ambassador.goto("/perfil");
  const referrals = ambassador.getByRole("region", { name: "Indique amigas" });
  await expect(referrals.locator("dd").last()).toHaveText(String(before + 1));

  // Signed in now, the same link shows her the home page.
  await page.goto(`/?id=kc${id}`);
  await expect(page.getByRole("heading", { level: 1, name: /Bem-vinda ao/ })).toBeVisible();
  await expect(page.getByText("Você foi convidada!")).toHaveCount(0);
});

test("an invalid invitation says so and leads home; the landing invites to sign in", async ({ page }, testInfo) => {
  await page.goto("/?id=kc987654");
  await expect(page.getByRole("heading", { level: 1, name: "Convite Inválido" })).toBeVisible();
  await expect(page.getByText("Este código de afiliação não foi encontrado ou não existe.")).toBeVisible();
  await expect(page.getByText("Verifique se o link está correto ou solicite um novo convite.")).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  expect(await page.evaluate(() => localStorage.getItem("clubecoroa_affiliate_code"))).toBeNull();

  await page.getByRole("link", { name: "Ir para a página inicial" }).click();
  await expect(page).toHaveURL(/\/$/);
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.goto("/");
    const hero = page.getByRole("region", { name: /Bem-vinda ao/ });
    await expect(hero.getByRole("link", { name: "Entrar no clube" })).toHaveAttribute("href", "/auth");
    await expect(page.getByRole("region", { name: "Mural de Parcerias" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: testInfo.outputPath(`landing-${width}.png`), fullPage: false });
  }
});
