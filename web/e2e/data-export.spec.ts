import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { strFromU8, unzipSync } from "fflate";
import { SHOTS, expectNoSeriousA11yViolations, saveWholeProfile, signIn, toasts } from "./support";

// Issue 30, 'Baixar meus dados': on /perfil she presses the button, sees her data being prepared,
// then downloads the zip; the test opens it and reads dados.json. On a phone and a desktop, axe clean.
test.describe.configure({ mode: "serial" });

for (const [width, height, phone, nine] of [[375, 812, "11900008301", "318406275"], [1280, 800, "11900008302", "529174603"]] as const) {
  test(`she asks for her data, sees it prepared and downloads the zip with dados.json, at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    await signIn(page, phone);
    const fullName = `Lúcia Exportação ${width}`;
    const herId = await saveWholeProfile(page, { fullName, nine, birthDate: "1975-09-03", shareWithSponsors: false });

    await page.goto("/perfil");
    const section = page.getByRole("region", { name: "Meus dados" }).getByRole("group", { name: "Baixar meus dados" });
    const button = section.getByRole("button", { name: "Baixar meus dados" });
    await button.scrollIntoViewIfNeeded();
    await expect(section).toContainText("O link vale por 24 horas");
    await expectNoSeriousA11yViolations(page);

    // Every state the section goes through is kept, however quickly the server is done.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { progressSeen: string[] }).progressSeen = seen;
      new MutationObserver(() => {
        const bar = document.querySelector('[role="progressbar"]');
        if (bar) seen.push(bar.getAttribute("aria-valuenow") ?? "");
      }).observe(document.body, { subtree: true, childList: true, attributes: true });
    });
    await button.click();
    await expect(toasts(page).getByText("Estamos preparando seus dados. Pode continuar usando o clube.")).toBeVisible();
    const link = section.getByRole("link", { name: "Baixar arquivo (.zip)" });
    await expect(link).toBeVisible({ timeout: 60_000 });
    const seen = await page.evaluate(() => (window as unknown as { progressSeen: string[] }).progressSeen);
    expect(seen.length, "the progress bar was shown").toBeGreaterThan(0);
    await expect(section).toContainText("Seus dados estão prontos.");
    await expect(section).toContainText(/O link vale até \d{2}\/\d{2} às \d{2}:\d{2}\./);
    await expectNoSeriousA11yViolations(page);
    await section.screenshot({ path: `${SHOTS}/data-export-${width}.png` });
    await page.screenshot({ path: `${SHOTS}/data-export-page-${width}.png` });

    const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
    expect(download.suggestedFilename()).toMatch(/^clube-coroa-dados-\d{4}-\d{2}-\d{2}\.zip$/);
    const files = unzipSync(new Uint8Array(readFileSync((await download.path())!)));
    expect(Object.keys(files)).toEqual(expect.arrayContaining(["dados.json", "LEIA-ME.txt"]));
    const dados = JSON.parse(strFromU8(files["dados.json"]!));
    expect(dados.perfil).toMatchObject({ id: herId, phone: `55${phone}`, fullName, city: "São Paulo" });
    for (const part of ["propostas", "curtidas", "conversas", "denuncias", "assinaturas", "pagamentos", "consentimentos", "preferenciasDeNotificacao", "bloqueios", "silenciadas", "quemViuMeusDados"]) {
      expect(dados, part).toHaveProperty(part);
    }
    expect(dados.consentimentos.atuais.find((c: { purpose: string }) => c.purpose === "terms")).toMatchObject({ granted: true });
    expect(strFromU8(files["LEIA-ME.txt"]!)).toContain("SEUS DADOS NO CLUBE COROA");

    // A second request the same day is refused, and the link she has keeps working.
    const again = await page.request.post("/api/user/data-export");
    expect(again.status()).toBe(429);
    expect(((await again.json()) as { error: string }).error).toMatch(/^Você já pediu seus dados hoje\. Você pode pedir de novo a partir de /);
    await page.reload();
    await expect(section.getByRole("link", { name: "Baixar arquivo (.zip)" })).toBeVisible();
  });
}

test("the staff prepare a member's zip for a request made by e-mail and download it, at 1280 px", async ({ page, browser }) => {
  const member = await (await browser.newContext()).newPage();
  await signIn(member, "11900008303");
  const herId = await saveWholeProfile(member, { fullName: "Marta Pedido Por Email", nine: "640281357", birthDate: "1975-09-03", shareWithSponsors: false });
  await member.close();

  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, "11900000001");
  await page.goto("/admin-simples");
  await page.getByLabel("ID do usuário").fill(String(herId));
  await page.getByRole("button", { name: "Buscar", exact: true }).click();
  const found = page.getByRole("region", { name: "Usuário Encontrado" });
  await expect(found).toContainText("Marta Pedido Por Email");
  await found.getByRole("button", { name: "Preparar arquivo de dados" }).click();
  await expect(toasts(page).getByText("Preparando o arquivo de dados dela.")).toBeVisible();
  const link = found.getByRole("link", { name: "Baixar arquivo de dados (.zip)" });
  await expect(link).toBeVisible({ timeout: 60_000 });
  await expectNoSeriousA11yViolations(page);
  await found.screenshot({ path: `${SHOTS}/data-export-staff-1280.png` });
  const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
  const dados = JSON.parse(strFromU8(unzipSync(new Uint8Array(readFileSync((await download.path())!)))["dados.json"]!));
  expect(dados).toMatchObject({ pedidoPor: "equipe do clube, a seu pedido", perfil: { id: herId, fullName: "Marta Pedido Por Email" } });
});
