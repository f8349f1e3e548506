import { readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { SHOTS, board, expectNoSeriousA11yViolations, signIn } from "./support";

// The staff's journey: a member's report reaches the open dashboard live, is resolved (the offer
// leaves the board), sponsor data is filtered and exported, a member's plan is changed on the simple
// admin; a member is refused both pages.
test.describe.configure({ mode: "serial" });

const SUPERUSER = "11900000001";
const MEMBER = "11900009911";
const settle = (page: Page) => page.waitForTimeout(400);

test("a member's report reaches /admin live; resolving it hides the offer from the board", async ({ browser }) => {
  const staff = await (await browser.newContext()).newPage();
  await staff.setViewportSize({ width: 1280, height: 900 });
  await signIn(staff, SUPERUSER);
  await staff.goto("/admin");
  await expect(staff.getByRole("heading", { name: "Dashboard Administrativo" })).toBeVisible();
  const reports = staff.getByRole("region", { name: "Relatórios de Abuso" });
  await expect(reports).toBeVisible();
  await expect(reports.getByText("Carregando relatórios...")).toHaveCount(0);

  const member = await (await browser.newContext()).newPage();
  await member.setViewportSize({ width: 1280, height: 800 });
  await signIn(member, MEMBER);
  await member.goto("/#mural");
  const firstCard = board(member).getByRole("article").first();
  await expect(firstCard).toBeVisible();
  const title = (await firstCard.getByRole("heading").first().innerText()).trim();
  await firstCard.getByRole("button", { name: "Mais ações" }).click();
  await member.getByRole("menuitem", { name: "Denunciar" }).click();
  const dialog = member.getByRole("dialog", { name: "Denunciar Publicação" });
  // At 1280x800 its buttons are on screen without scrolling.
  await expect(dialog.getByRole("button", { name: "Enviar Denúncia" })).toBeInViewport({ ratio: 1 });
  await member.waitForTimeout(300);
  await member.screenshot({ path: `${SHOTS}/report-dialog-1280x800.png` });
  await dialog.getByRole("radio", { name: /Spam/ }).check();
  await dialog.getByRole("button", { name: "Enviar Denúncia" }).click();
  await expect(member.getByText("Denúncia enviada").first()).toBeVisible();

  // Live on the dashboard, without a reload.
  const row = reports.getByRole("row").filter({ hasText: title.slice(0, 30) }).first();
  await expect(row).toBeVisible();
  await expect(row.getByText("Pendente")).toBeVisible();
  await row.getByRole("checkbox", { name: "Ocultar a oferta do mural" }).check();
  await row.getByRole("button", { name: "Resolver" }).click();
  await expect(row.getByText("Resolvido")).toBeVisible();
  await expect(row.getByRole("button", { name: "Resolver" })).toHaveCount(0);

  // Gone from the board for the member, at once.
  await expect(board(member).getByRole("article", { name: title })).toHaveCount(0);
  await member.reload();
  await expect(board(member).getByRole("article").first()).toBeVisible();
  await expect(board(member).getByRole("article", { name: title })).toHaveCount(0);

  await expectNoSeriousA11yViolations(staff);
  await settle(staff);
  await staff.screenshot({ path: `${SHOTS}/admin-1280.png` });
  await staff.close();
  await member.close();
});

test("the superuser filters sponsor data and downloads the CSV and the Excel file", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, SUPERUSER);
  await page.goto("/admin");
  const sponsors = page.getByRole("region", { name: "Dados para Patrocinadores" });
  await expect(sponsors).toBeVisible();
  await sponsors.getByLabel("Região").selectOption("sudeste");
  await expect(sponsors.getByRole("table")).toBeVisible();
  const [csv] = await Promise.all([page.waitForEvent("download"), sponsors.getByRole("link", { name: "Exportar CSV" }).click()]);
  expect(csv.suggestedFilename()).toMatch(/^sponsor-data-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = readFileSync(await csv.path(), "utf8");
  expect(text.startsWith("\uFEFFNome,Telefone,Email,Plano,Região")).toBe(true);
  // The table shows what the file writes: every region cell is the CSV's label, never 'sudeste'.
  const regions = await sponsors.getByRole("row").locator("td:nth-child(3)").allTextContents();
  expect(regions.length).toBeGreaterThan(0);
  expect(new Set(regions)).toEqual(new Set(["Sudeste"]));
  expect(text.split("\r\n").slice(1).filter(Boolean).every((line) => line.includes(",Sudeste,"))).toBe(true);

  const [xlsx] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: /Download Excel/ }).first().click()]);
  expect(xlsx.suggestedFilename()).toMatch(/users-\d{4}-\d{2}-\d{2}\.xlsx$/);
  await expect(page.getByText("Download concluído").first()).toBeVisible();

  // The partners' guide opens in the page, readable by a screen reader.
  await page.getByRole("region", { name: "Parceiras (API)" }).getByRole("button", { name: "Ver guia da API" }).click();
  const guide = page.getByRole("dialog", { name: "Guia da API para parceiras" });
  await expect(guide.getByRole("heading", { name: "Totais sem identificar ninguém" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test("the superuser finds a member on /admin-simples and changes her plan", async ({ page }) => {
  // The member's id, as she would read it in her referral link (kc{id}).
  const member = await (await page.context().browser()!.newContext()).newPage();
  await signIn(member, MEMBER);
  const me = await (await member.request.get("/api/auth/me")).json();
  const memberId = String(me.user?.id ?? me.id);
  await member.close();

  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, SUPERUSER);
  await page.goto("/admin-simples");
  await page.getByLabel("ID do usuário").fill(memberId);
  await page.getByRole("button", { name: "Buscar", exact: true }).click();
  await expect(page.getByText("Usuário encontrado").first()).toBeVisible();
  await page.getByRole("button", { name: "Alterar Plano" }).click();
  const dialog = page.getByRole("dialog", { name: "Confirmar Alteração de Plano" });
  await expect(dialog.getByText(/cancelar\/criar assinaturas no sistema ASAAS/)).toBeVisible();
  await dialog.getByLabel("Novo plano").selectOption("alteza");
  await dialog.getByRole("button", { name: "Confirmar Alteração" }).click();
  await expect(page.getByText("Plano alterado para ALTEZA com sucesso!").first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await settle(page);
  await page.screenshot({ path: `${SHOTS}/admin-simples-1280.png` });

  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto("/admin-simples");
  await settle(page);
  await page.screenshot({ path: `${SHOTS}/admin-simples-375.png` });
  await page.goto("/admin");
  await expect(page.getByRole("heading", { name: "Dashboard Administrativo" })).toBeVisible();
  await settle(page);
  await page.screenshot({ path: `${SHOTS}/admin-375.png` });
});

test("a member sees 'Acesso Negado' on both pages", async ({ page }) => {
  await signIn(page, MEMBER);
  for (const path of ["/admin", "/admin-simples"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { name: "Acesso Negado" })).toBeVisible();
  }
});
