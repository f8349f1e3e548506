import { expect, test, type Page } from "@playwright/test";
import { SHOTS, boardIsLive, signIn } from "./support";

// Issue 15: the pages and dialogs a member sees, at a phone's width and a desktop's, saved as test
// artefacts (test-results/screenshots/look-*.png) to look at beside the ones taken before the issue
// (docs/screenshots/before-issue-15, by the same steps on the build before it).
const SIZES = [
  { width: 375, height: 812 },
  { width: 1280, height: 800 },
] as const;

async function each(page: Page, name: string, show: (width: number) => Promise<void>) {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await show(size.width);
    await page.waitForLoadState("networkidle").catch(() => undefined);
    await page.waitForTimeout(400); // dialogs finish their entrance
    await page.screenshot({ path: `${SHOTS}/look-${name}-${size.width}.png` });
  }
}

test("the look: every page and dialog of the issue at 375 and 1280 px", async ({ page }) => {
  test.setTimeout(240_000);
  await each(page, "home-visitor", async () => {
    await page.goto("/");
    await boardIsLive(page);
  });
  await each(page, "auth", async () => {
    await page.goto("/auth");
    await expect(page.getByRole("button", { name: "Enviar Token via WhatsApp" })).toBeVisible();
  });
  await signIn(page, "11900000001");
  await each(page, "home-member", async () => {
    await page.goto("/");
    await boardIsLive(page);
  });
  await each(page, "board-member", async () => {
    await page.goto("/");
    await boardIsLive(page);
    await page.locator("#mural article").first().evaluate((card) => card.scrollIntoView({ block: "start" }));
  });
  await each(page, "proposal-dialog", async () => {
    await page.goto("/");
    await boardIsLive(page);
    await page.getByRole("button", { name: "Publicar", exact: true }).click();
    await expect(page.getByRole("dialog", { name: "Nova Proposta" })).toBeVisible();
  });
  await each(page, "plans-modal", async (width) => {
    await page.goto("/");
    await boardIsLive(page);
    if (width < 920) await page.getByRole("banner").getByRole("button", { name: /^Menu/ }).click();
    await page.getByRole("button", { name: "Planos", exact: true }).click();
    await expect(page.getByRole("dialog", { name: "Escolha seu Plano" })).toBeVisible();
  });
  await each(page, "perfil", async () => {
    await page.goto("/perfil");
    await expect(page.getByRole("heading", { name: "Meu Perfil", level: 1 })).toBeVisible();
  });
  await each(page, "mensagens", async () => {
    await page.goto("/mensagens");
    await expect(page.getByRole("heading", { name: "Central de Mensagens" })).toBeVisible();
  });
  await each(page, "admin", async () => {
    await page.goto("/admin");
    await expect(page.getByRole("heading", { name: "Dashboard Administrativo" })).toBeVisible();
  });
  // Issue 24: the staff's links, the sponsor table and the partners' guide.
  await each(page, "staff-nav", async (width) => {
    await page.goto("/");
    await boardIsLive(page);
    if (width < 920) await page.getByRole("banner").getByRole("button", { name: /^Menu/ }).click();
    await expect(page.getByRole("link", { name: "Central de Controle Super" }).last()).toBeVisible();
  });
  await each(page, "sponsor-table", async () => {
    await page.goto("/admin");
    const sponsors = page.getByRole("region", { name: "Dados para Patrocinadores" });
    await expect(sponsors.getByRole("columnheader", { name: "Tipo Negócio" })).toBeVisible();
    await sponsors.getByRole("table").evaluate((table) => table.scrollIntoView({ block: "start" }));
  });
  await each(page, "partner-guide", async () => {
    await page.goto("/admin");
    await page.getByRole("region", { name: "Parceiras (API)" }).getByRole("button", { name: "Ver guia da API" }).click();
    await expect(page.getByRole("dialog", { name: "Guia da API para parceiras" })).toBeVisible();
  });
  await each(page, "not-found", async () => {
    await page.goto("/nao-existe");
    await expect(page.getByRole("heading", { name: "Página não encontrada" })).toBeVisible();
  });
});
