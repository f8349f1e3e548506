// Issue 24: the edges of signing in that a new member meets on a phone and on a desktop.
import { expect, test, type Page } from "@playwright/test";
import { SHOTS, boardIsLive, codeFor, expectNoSeriousA11yViolations, toasts } from "./support";

const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 800 };

async function askForCode(page: Page, localNumber: string) {
  await page.getByLabel("Número de WhatsApp").fill(localNumber);
  await page.getByRole("button", { name: "Enviar Token via WhatsApp" }).click();
  await expect(page.getByRole("heading", { name: "Token Enviado!" })).toBeVisible();
}

async function typeCode(page: Page, localNumber: string) {
  await page.getByLabel("Código de 6 dígitos").fill(await codeFor(page, `55${localNumber}`));
  await page.getByRole("button", { name: "Verificar Token" }).click();
}

for (const [size, localNumber, shown] of [
  [PHONE, "11900024375", "+55 (11) 90002-4375"],
  [DESKTOP, "11900024128", "+55 (11) 90002-4128"],
] as const) {
  test(`a reload while she reads WhatsApp brings her back to the code step for her number (${size.width} px)`, async ({ page }) => {
    await page.setViewportSize(size);
    await page.goto("/auth");
    await askForCode(page, localNumber);

    await page.reload();
    await expect(page.getByRole("heading", { name: "Token Enviado!" })).toBeVisible();
    await expect(page.getByText(`Digite o código que enviamos para ${shown}.`)).toBeVisible();
    await expect(page.getByRole("button", { name: /^Reenviar Token/ })).toBeVisible();
    await expect(page.getByLabel("Código de 6 dígitos")).toBeFocused();
    await expect(toasts(page).getByText("Erro no WhatsApp")).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: `${SHOTS}/signin-reloaded-${size.width}.png` });

    await typeCode(page, localNumber);
    await expect(page).toHaveURL(/\/perfil$/, { timeout: 5000 });
  });
}

/** Likes the eleventh card of the board (below the first screen at both widths) as a visitor; answers its element id (`oferta-{id}`). */
async function likeAsVisitor(page: Page, width: number): Promise<string> {
  await page.goto("/");
  await boardIsLive(page);
  const card = page.locator("#mural article").nth(10);
  const id = await card.getAttribute("id");
  expect(id).toMatch(/^oferta-\d+$/);
  await card.getByRole("button", { name: /^Curtir/ }).click();

  const invite = page.getByRole("dialog", { name: "Gostou desta oferta?" });
  await expect(invite).toBeVisible();
  await expect(invite.getByText("Depois de entrar, você volta para esta oferta.")).toBeVisible();
  // An invitation, not an error: no destructive toast, nowhere she did not choose to go.
  await expect(toasts(page).getByText("Usuário não autenticado - faça login novamente")).toHaveCount(0);
  await expect(page).toHaveURL(/\/$/);
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: `${SHOTS}/signin-invite-${width}.png` });
  await invite.getByRole("link", { name: "Entrar com WhatsApp" }).click();
  await expect(page).toHaveURL(/\/auth$/);
  return id!;
}

test("a visitor who likes a card is invited to sign in and, a new member, comes back to it once her profile is complete (375 px)", async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  const id = await likeAsVisitor(page, PHONE.width);
  const localNumber = "21900024375";
  await askForCode(page, localNumber);
  await typeCode(page, localNumber);
  await expect(page).toHaveURL(/\/perfil$/, { timeout: 5000 });

  await page.getByLabel("Nome completo", { exact: true }).fill("Carla Mendes Rocha");
  await page.getByLabel("Apelido", { exact: true }).fill("Carla Bolos");
  await page.getByLabel("CPF", { exact: true }).fill("11144477735");
  await page.getByLabel("Data de nascimento", { exact: true }).fill("1985-07-21");
  await page.getByLabel("CEP", { exact: true }).fill("01310100");
  await expect(page.getByText("Endereço encontrado")).toBeVisible();
  await page.getByLabel("Número", { exact: true }).fill("200");
  await page.getByLabel("Atividade profissional", { exact: true }).selectOption("Criatividade & Design");
  await page.getByRole("group", { name: "Interesses" }).getByLabel("Voluntariado").check();
  for (const consent of [
    "Li e aceito os Termos de Uso",
    "Li e aceito a Política de Privacidade",
    "Autorizo o uso das minhas informações conforme a LGPD",
    "Declaro que tenho 18 anos ou mais",
  ]) {
    await page.getByRole("checkbox", { name: consent }).check();
  }
  await page.getByRole("button", { name: "Salvar Perfil" }).click();
  await expect(toasts(page).getByText("Perfil completo!", { exact: true })).toBeVisible();

  await expect(page).toHaveURL(new RegExp(`/#${id}$`), { timeout: 5000 });
  await expect(page.locator(`#${id}`)).toBeInViewport();
  await page.screenshot({ path: `${SHOTS}/signin-back-to-card-${PHONE.width}.png` });
});

test("a visitor who likes a card is invited to sign in and, a member, comes back to it (1280 px)", async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  const id = await likeAsVisitor(page, DESKTOP.width);
  await askForCode(page, "11900000001");
  await typeCode(page, "11900000001");

  await expect(page).toHaveURL(new RegExp(`/#${id}$`), { timeout: 5000 });
  const card = page.locator(`#${id}`);
  await expect(card).toBeInViewport();
  // Clear of the sticky navigation.
  const top = await card.evaluate((element) => element.getBoundingClientRect().top);
  expect(top).toBeGreaterThanOrEqual(64);
  await page.screenshot({ path: `${SHOTS}/signin-back-to-card-${DESKTOP.width}.png` });
});
