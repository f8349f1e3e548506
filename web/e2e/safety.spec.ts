import { expect, test, type Locator, type Page } from "@playwright/test";
import { SHOTS, board, boardIsLive, expectNoSeriousA11yViolations, signIn, toasts } from "./support";

// Issue 27: a member blocks an author from a card's menu (her offers leave the board), finds her in
// 'Sócias bloqueadas' on /perfil and unblocks her there (her offers come back); blocks from a
// conversation (the composer gives way to a calm notice) and unblocks from /perfil; mutes from a
// card's menu and lifts the mute on /perfil; on a phone and a desktop, axe clean.
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

/** A member's card (the club's own posts are the staff's, who cannot be blocked or muted), with its ID. */
async function memberCard(page: Page) {
  const card = board(page).getByRole("article").filter({ hasNotText: "Admin" }).first();
  await expect(card).toBeVisible();
  // Titles repeat between demo members: the card is known by its ID.
  const cardId = (await card.getByText(/^ID: \d+$/).innerText()).trim();
  return { card, sameCard: () => board(page).getByRole("article").filter({ has: page.getByText(cardId, { exact: true }) }) };
}

const nameIn = async (dialog: Locator, verb: string) =>
  ((await dialog.getByRole("heading").first().innerText()).match(new RegExp(`^${verb} (.+)\\?$`)) ?? [])[1];

for (const [width, height, phone] of [[375, 800, "11900007733"], [1280, 900, "11900007734"]] as const) {
  test(`blocks from a conversation and unblocks from /perfil at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    await signIn(page, phone);
    await page.goto("/#mural");
    await boardIsLive(page);
    // A new member (nobreza) may start conversations on apoio offers.
    await board(page).getByRole("button", { name: "Apoio", exact: true }).first().click();
    const { card } = await memberCard(page);
    await card.getByRole("button", { name: /^(Pedir|Oferecer) Apoio$/ }).click();
    await expect(page).toHaveURL(/\/mensagens\/\d+$/);
    const conversationPath = new URL(page.url()).pathname;
    const composer = page.getByLabel("Mensagem", { exact: true });
    await composer.fill("Olá! Posso contar com seu apoio?");
    await page.getByRole("button", { name: "Enviar", exact: true }).click();
    await expect(composer).toHaveValue("");

    await page.getByRole("button", { name: "Mais ações da conversa" }).click();
    await page.getByRole("menuitem", { name: "Bloquear" }).click();
    const dialog = page.getByRole("dialog", { name: /^Bloquear .+\?$/ });
    await expect(dialog).toBeVisible();
    const name = await nameIn(dialog, "Bloquear");
    expect(name).toBeTruthy();
    await dialog.getByRole("button", { name: "Bloquear" }).click();
    await expect(toasts(page).getByText(`${name} foi bloqueada`)).toBeVisible();
    // The conversation stays readable; the composer gives way to the calm notice.
    await expect(page.getByRole("status").filter({ hasText: "Não é possível enviar mensagens nesta conversa." })).toBeVisible();
    await expect(composer).toHaveCount(0);
    await expect(page.getByRole("region", { name: /^Mensagens com / }).getByText("Olá! Posso contar com seu apoio?")).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: `${SHOTS}/blocked-conversation-${width}.png` });

    await page.goto("/perfil");
    const list = page.getByRole("list", { name: "Sócias bloqueadas" });
    await list.getByRole("button", { name: `Desbloquear ${name}` }).click();
    await expect(toasts(page).getByText(`${name} foi desbloqueada`)).toBeVisible();
    await expect(page.getByText("Você não bloqueou ninguém.")).toBeVisible();

    await page.goto(conversationPath);
    await expect(page.getByLabel("Mensagem", { exact: true })).toBeVisible();
  });

  test(`mutes from a card and lifts it on /perfil at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    await signIn(page, phone);
    await page.goto("/#mural");
    await boardIsLive(page);
    const { card, sameCard } = await memberCard(page);
    await card.getByRole("button", { name: "Mais ações" }).click();
    await page.getByRole("menuitem", { name: "Silenciar" }).click();
    const dialog = page.getByRole("dialog", { name: /^Silenciar .+\?$/ });
    await expect(dialog).toBeVisible();
    const name = await nameIn(dialog, "Silenciar");
    expect(name).toBeTruthy();
    await dialog.getByRole("radio", { name: "7 dias" }).check();
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: `${SHOTS}/mute-dialog-${width}.png` });
    await dialog.getByRole("button", { name: "Silenciar" }).click();
    await expect(toasts(page).getByText(`${name} foi silenciada`)).toBeVisible();
    // A mute hides nothing: her card stays.
    await expect(sameCard()).toHaveCount(1);

    await page.goto("/perfil");
    const list = page.getByRole("list", { name: "Sócias silenciadas" });
    await expect(list.getByText(name!)).toBeVisible();
    await expect(list.getByText(/^Silenciada até \d{2}\/\d{2}\/\d{4} às \d{2}:\d{2}$/)).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: `${SHOTS}/muted-list-${width}.png`, fullPage: true });
    await list.getByRole("button", { name: `Reativar notificações de ${name}` }).click();
    await expect(toasts(page).getByText(`Notificações de ${name} reativadas`)).toBeVisible();
    await expect(page.getByText("Você não silenciou ninguém.")).toBeVisible();
  });
}
