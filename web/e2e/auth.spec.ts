import { expect, test, type Page } from "@playwright/test";
import { SHOTS, boardIsLive, codeFor, expectNoSeriousA11yViolations, toasts } from "./support";

async function requestCode(page: Page, localNumber: string) {
  await page.goto("/auth");
  await expect(page.getByLabel("País")).toHaveValue("BR");
  const send = page.getByRole("button", { name: "Enviar Token via WhatsApp" });
  await page.getByLabel("Número de WhatsApp").fill(localNumber.slice(0, -1));
  await expect(send).toBeDisabled();
  await page.getByLabel("Número de WhatsApp").fill(localNumber);
  await expect(send).toBeEnabled();
  await send.click();
  await expect(page.getByRole("heading", { name: "Token Enviado!" })).toBeVisible();
}

test("a new member signs in with the WhatsApp code, lands on her profile, and logs out", async ({ page }) => {
  await requestCode(page, "21900004321");
  const code = await codeFor(page, "5521900004321");
  await page.getByLabel("Código de 6 dígitos").fill(code);
  await page.getByRole("button", { name: "Verificar Token" }).click();

  await expect(page).toHaveURL(/\/perfil$/, { timeout: 5000 });
  await expect(toasts(page).getByText("Complete seu cadastro", { exact: true })).toBeVisible();
  await expect(toasts(page).getByText("Para usufruir das funcionalidades da plataforma, é necessário completar o cadastro.")).toBeVisible();
  await expect(page.getByText("Complete seu perfil para acessar todos os recursos da plataforma")).toBeVisible();

  // The session is the server's cookie: a reload keeps her signed in.
  await page.reload();
  await expect(page.getByRole("heading", { name: "Meu Perfil" })).toBeVisible();

  await page.getByRole("button", { name: "Sair" }).first().click();
  await expect(toasts(page).getByText("Você foi desconectada com sucesso.")).toBeVisible();
  await expect(page).toHaveURL(/\/$/, { timeout: 5000 });
  await expect(page.getByRole("link", { name: "Entrar" }).first()).toBeVisible();
  const me = await page.request.post("/graphql", {
    data: { query: "{ me { id } }" },
    headers: { "content-type": "application/json" },
  });
  expect((await me.json()).data.me).toBeNull();
});

test("the demo superuser lands on the home page and sees the admin link", async ({ page }) => {
  await requestCode(page, "11900000001");
  await page.getByLabel("Código de 6 dígitos").fill(await codeFor(page, "5511900000001"));
  await page.getByRole("button", { name: "Verificar Token" }).click();
  await expect(page).toHaveURL(/\/$/, { timeout: 5000 });
  await expect(page.getByRole("link", { name: "Admin" }).first()).toBeVisible();
  await page.goto("/admin");
  await expect(page.getByRole("heading", { name: "Dashboard Administrativo" })).toBeVisible();
});

test("the country selector shows the chosen country's flag, an SVG the server sends", async ({ page }) => {
  await page.goto("/auth");
  const flag = page.locator("img[data-flag]");
  const drawn = () => flag.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0);
  await expect(flag).toHaveAttribute("src", "/flags/BR.svg");
  await expect.poll(drawn).toBe(true);
  await page.getByLabel("País").selectOption("PT");
  await expect(flag).toHaveAttribute("src", "/flags/PT.svg");
  await expect.poll(drawn).toBe(true);
  const answer = await page.request.get("/flags/PT.svg");
  expect(answer.status()).toBe(200);
  expect(answer.headers()["content-type"]).toContain("image/svg+xml");
  await page.screenshot({ path: `${SHOTS}/auth-flag.png` });
});

test("a wrong code is refused with the spec's toast", async ({ page }) => {
  await requestCode(page, "31900007654");
  const code = await codeFor(page, "5531900007654");
  await page.getByLabel("Código de 6 dígitos").fill(code === "000000" ? "111111" : "000000");
  await page.getByRole("button", { name: "Verificar Token" }).click();
  await expect(toasts(page).getByText("Token Inválido", { exact: true })).toBeVisible();
  await expect(toasts(page).getByText("Token incorreto. Restam 4 tentativas. Solicite um novo token se necessário.")).toBeVisible();
  await expect(page).toHaveURL(/\/auth/);
});

test("an unknown address answers 404 and shows the 404 page", async ({ page }) => {
  const response = await page.goto("/nao-existe");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Página não encontrada" })).toBeVisible();
});

for (const [name, path] of [["home", "/"], ["auth", "/auth"]] as const) {
  test(`${path} has no serious accessibility violations, at phone and desktop widths`, async ({ page }) => {
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: width === 375 ? 812 : 800 });
      await page.goto(path);
      await expect(page.locator("#root")).not.toBeEmpty();
      await expect(page.getByText(/^Carregando/)).toHaveCount(0);
      // The board the server drew is the app's own once its controls are enabled.
      if (path === "/") await boardIsLive(page);
      await expectNoSeriousA11yViolations(page);
      await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
    }
  });
}
