import { expect, test } from "@playwright/test";
import { SHOTS, board, boardIsLive, expectNoSeriousA11yViolations, signIn, toasts } from "./support";

// Issue 27: a member blocks an author from a card's menu (her offers leave the board), finds her in
// 'Sócias bloqueadas' on /perfil and unblocks her there (her offers come back), on a phone and a desktop.
test.describe.configure({ mode: "serial" });

for (const [width, height, phone] of [[375, 800, "11900007731"], [1280, 900, "11900007732"]] as const) {
  test(`blocks from a card and unblocks from /perfil at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    await signIn(page, phone);
    await page.goto("/#mural");
    await boardIsLive(page);
    // A member's card (the club's own posts are the staff's, who cannot be blocked).
    const card = board(page).getByRole("article").filter({ hasNotText: "Admin" }).first();
    await expect(card).toBeVisible();
    // Titles repeat between demo members: the card is known by its ID.
    const cardId = (await card.getByText(/^ID: \d+$/).innerText()).trim();
    const sameCard = () => board(page).getByRole("article").filter({ has: page.getByText(cardId, { exact: true }) });
    await card.getByRole("button", { name: "Mais ações" }).click();
    await page.getByRole("menuitem", { name: "Bloquear" }).click();
    const dialog = page.getByRole("dialog", { name: /^Bloquear .+\?$/ });
    await expect(dialog).toBeVisible();
    const name = ((await dialog.getByRole("heading").first().innerText()).match(/^Bloquear (.+)\?$/) ?? [])[1];
    expect(name).toBeTruthy();
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: `${SHOTS}/block-dialog-${width}.png` });
    await dialog.getByRole("button", { name: "Bloquear" }).click();
    await expect(toasts(page).getByText(`${name} foi bloqueada`)).toBeVisible();
    await expect(sameCard()).toHaveCount(0);

    await page.goto("/perfil");
    const list = page.getByRole("list", { name: "Sócias bloqueadas" });
    await expect(list.getByText(name!)).toBeVisible();
    await expect(page.getByRole("group", { name: "Quem pode iniciar conversa comigo" }).getByRole("radio", { name: "todas as sócias" })).toBeChecked();
    await expectNoSeriousA11yViolations(page);
    await list.getByRole("button", { name: `Desbloquear ${name}` }).click();
    await expect(toasts(page).getByText(`${name} foi desbloqueada`)).toBeVisible();
    await expect(page.getByText("Você não bloqueou ninguém.")).toBeVisible();

    await page.goto("/#mural");
    await boardIsLive(page);
    await expect(sameCard()).toHaveCount(1);
  });
}
