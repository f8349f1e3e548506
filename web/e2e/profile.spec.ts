import { expect, test, type Page } from "@playwright/test";
import { SHOTS, expectNoSeriousA11yViolations, signIn, toasts } from "./support";

const banner = "Complete seu perfil para acessar todos os recursos da plataforma";
// A valid 1×1 PNG: the server re-encodes it to WebP.
const PIXEL_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

async function signInAsNewMember(page: Page, localNumber: string) {
  await signIn(page, localNumber);
  await expect(page).toHaveURL(/\/perfil$/, { timeout: 5000 });
  await expect(toasts(page).getByText("Complete seu cadastro", { exact: true })).toBeVisible();
}

test("a new member completes her profile (address from the CEP service), is sent home, and finds her data again", async ({
  page,
  context,
  baseURL,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
  await page.setViewportSize({ width: 375, height: 812 });
  await signInAsNewMember(page, "11900006789");
  await expect(page.getByRole("heading", { name: "Meu Perfil" })).toBeVisible();
  await expect(page.getByText(banner)).toBeVisible();

  await page.getByLabel("Nome completo", { exact: true }).fill("Beatriz Almeida Santos");
  await page.getByLabel("Apelido", { exact: true }).fill("Bia Doces");
  await page.getByLabel("CPF", { exact: true }).fill("52998224725");
  await expect(page.getByLabel("CPF", { exact: true })).toHaveValue("529.982.247-25");
  await page.getByLabel("Data de nascimento", { exact: true }).fill("1988-03-14");

  // The CEP goes to the server, which asks the fake ViaCEP of this run.
  await page.getByLabel("CEP", { exact: true }).fill("01310100");
  await expect(page.getByText("Endereço encontrado")).toBeVisible();
  await expect(page.getByLabel("Rua", { exact: true })).toHaveValue("Avenida Paulista");
  await expect(page.getByLabel("Bairro", { exact: true })).toHaveValue("Bela Vista");
  await expect(page.getByLabel("Cidade", { exact: true })).toHaveValue("São Paulo");
  await expect(page.getByLabel("Estado", { exact: true })).toHaveValue("SP");
  await page.getByLabel("Número", { exact: true }).fill("1000");
  await page.getByLabel("Complemento", { exact: true }).fill("Sala 12");

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
  await expect(page).toHaveURL(/\/$/, { timeout: 5000 });
  await expect(page.getByText(banner)).toHaveCount(0);

  // Back on the profile: what she saved is there.
  await page.goto("/perfil");
  await expect(page.getByLabel("Nome completo", { exact: true })).toHaveValue("Beatriz Almeida Santos");
  await expect(page.getByLabel("Apelido", { exact: true })).toHaveValue("Bia Doces");
  await expect(page.getByLabel("CPF", { exact: true })).toHaveValue("529.982.247-25");
  await expect(page.getByLabel("Data de nascimento", { exact: true })).toHaveValue("1988-03-14");
  await expect(page.getByLabel("CEP", { exact: true })).toHaveValue("01310-100");
  await expect(page.getByLabel("Rua", { exact: true })).toHaveValue("Avenida Paulista");
  await expect(page.getByLabel("Cidade", { exact: true })).toHaveValue("São Paulo");
  await expect(page.getByLabel("Número", { exact: true })).toHaveValue("1000");
  await expect(page.getByLabel("Atividade profissional", { exact: true })).toHaveValue("Criatividade & Design");
  await expect(page.getByRole("group", { name: "Interesses" }).getByLabel("Voluntariado")).toBeChecked();
  await expect(page.getByText(banner)).toHaveCount(0);

  // A second save only says it was updated, and stays.
  await page.getByLabel("Complemento", { exact: true }).fill("Sala 14");
  await page.getByRole("button", { name: "Salvar Perfil" }).click();
  await expect(toasts(page).getByText("Perfil atualizado!", { exact: true })).toBeVisible();
  await page.waitForTimeout(1700);
  await expect(page).toHaveURL(/\/perfil$/);

  // A CPF with wrong check digits is refused under the field.
  await page.getByLabel("CPF", { exact: true }).fill("52998224726");
  await page.getByRole("button", { name: "Salvar Perfil" }).click();
  await expect(page.getByLabel("CPF", { exact: true })).toHaveAccessibleDescription("CPF inválido");
  await expect(page.getByLabel("CPF", { exact: true })).toBeFocused();
  await page.getByLabel("CPF", { exact: true }).fill("52998224725");

  // Photo upload: the returned picture replaces the initials.
  await page.getByLabel("Arquivo da foto de perfil").setInputFiles({ name: "foto.png", mimeType: "image/png", buffer: PIXEL_PNG });
  await expect(toasts(page).getByText("Foto atualizada!", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Trocar Foto" })).toBeVisible();
  await expect(page.locator('img[src*="/api/users/"][src*="/photo"]')).toBeVisible();

  // The invitation link: copied to the clipboard with 'Link copiado!'.
  const link = page.getByLabel("Seu link de indicação");
  await expect(link).toHaveValue(/\/\?id=kc\d+$/);
  const expected = await link.inputValue();
  expect(expected.startsWith(`${baseURL}/?id=kc`)).toBe(true);
  await page.getByRole("button", { name: "Copiar Link" }).click();
  await expect(toasts(page).getByText("Link copiado!", { exact: true })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(expected);
  await expect(page.getByText("Total")).toBeVisible();

  // A free plan has nothing to cancel; deleting the account asks for 'EXCLUIR' first.
  await expect(page.getByRole("button", { name: "Cancelar Assinatura" })).toHaveCount(0);
  await page.getByRole("button", { name: "Excluir Conta" }).click();
  const dialog = page.getByRole("dialog", { name: "Excluir sua conta?" });
  await expect(dialog.getByText(/permanente/)).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Excluir definitivamente" })).toBeDisabled();
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: test.info().outputPath("delete-dialog-375.png") });
  await dialog.getByRole("button", { name: "Voltar" }).click();
  await expect(dialog).toHaveCount(0);

  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 800 });
    await page.goto("/perfil");
    await expect(page.getByLabel("Nome completo", { exact: true })).toHaveValue("Beatriz Almeida Santos");
    await expect(page.getByText("Total")).toBeVisible();
    // Each plan of her referral statistics shows its whole badge: crown and name inside its box.
    const badges = await page.getByRole("region", { name: "Indique amigas" }).locator("dt").evaluateAll((terms) =>
      terms.flatMap((term) => {
        const crown = term.querySelector("svg");
        if (!crown) return [];
        const pill = crown.parentElement!.getBoundingClientRect();
        const box = term.parentElement!.getBoundingClientRect();
        return [{ crown: crown.getBoundingClientRect().width, inside: pill.right <= box.right + 0.5 }];
      }),
    );
    expect(badges).toHaveLength(4);
    for (const badge of badges) expect(badge).toEqual({ crown: 12, inside: true });
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: `${SHOTS}/profile-${width}.png`, fullPage: true });
  }
});

test("a member deletes her account after typing EXCLUIR and is signed out", async ({ page }) => {
  await signInAsNewMember(page, "11900006790");
  await page.getByRole("button", { name: "Excluir Conta" }).click();
  const dialog = page.getByRole("dialog", { name: "Excluir sua conta?" });
  await dialog.getByLabel("Para confirmar, digite EXCLUIR").fill("EXCLUIR");
  await dialog.getByRole("button", { name: "Excluir definitivamente" }).click();
  await expect(toasts(page).getByText("Conta excluída", { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("link", { name: "Entrar" }).first()).toBeVisible();
  const me = await page.request.post("/graphql", {
    data: { query: "{ me { id } }" },
    headers: { "content-type": "application/json", "apollo-require-preflight": "true" },
  });
  expect((await me.json()).data.me).toBeNull();
  await page.goto("/perfil");
  await expect(page.getByRole("link", { name: "Fazer Login" })).toBeVisible();
});

test("someone signed out is asked to log in on /perfil", async ({ page }) => {
  await page.goto("/perfil");
  await expect(page.getByRole("heading", { name: "Meu Perfil" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Fazer Login" })).toHaveAttribute("href", "/auth");
});
