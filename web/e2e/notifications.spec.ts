import { expect, test, type Page } from "@playwright/test";
import { SHOTS, board, expectNoSeriousA11yViolations, signIn, toasts } from "./support";

// Issue 29, 'Avisos': a member starts a conversation on another's offer and writes while the owner is
// elsewhere in the app; the owner's bell shows 2 without a reload, 'Avisos' lists both entries and leads to
// the conversation (read afterwards), 'Marcar todas como lidas' reads the rest. A member turns off push for
// likes and sets 'Não perturbe' on /perfil; a reload keeps both. Axe clean at 375 and 1280 px.
test.describe.configure({ mode: "serial" });

async function gql<T>(page: Page, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const response = await page.request.post("/graphql", { data: { query, variables }, headers: { "content-type": "application/json" } });
  const body = (await response.json()) as { data: T; errors?: unknown };
  expect(body.errors).toBeUndefined();
  return body.data;
}

/** The bell the bar shows at this width (the phone's and the desktop's are both in the page). */
const bell = (page: Page) => page.getByRole("navigation", { name: "Principal" }).getByTestId("notification-bell").locator("visible=true");

test("a conversation started on her offer and its message reach her bell and 'Avisos', which leads to the conversation", async ({ browser }) => {
  const owner = await (await browser.newContext({ viewport: { width: 375, height: 812 } })).newPage();
  const member = await (await browser.newContext()).newPage();

  // The demo superuser publishes an apoio offer (a nobreza member may contact apoio offers); her
  // earlier notices (other journeys) are read, so her bell starts empty.
  await signIn(owner, "11900000001");
  const title = `Apoio para bazar de bairro ${Date.now() % 100000}`;
  await gql(owner, `mutation($input: OfferInput!) { createOffer(input: $input) { ... on Offer { id } } }`, {
    input: {
      postType: "oferta",
      type: "apoio",
      title,
      description: "Ajudo a montar a primeira banca num bazar de bairro: preços, exposição e conversa com clientes.",
      categories: ["Artesanato"],
      isUrgent: false,
    },
  });
  await gql(owner, "mutation { markNotificationsRead(all: true) { __typename } }");
  await owner.goto("/parceiras");
  await expect(bell(owner)).toHaveAccessibleName("Avisos");

  await signIn(member, "41900029101");
  await member.goto("/");
  await board(member).getByRole("button", { name: "Apoio", exact: true }).first().click();
  const card = board(member).getByRole("article", { name: title });
  for (let i = 0; i < 10 && !(await card.isVisible()); i++) {
    const more = board(member).getByRole("button", { name: "Ver mais" });
    if (!(await more.isVisible())) break;
    await more.click();
  }
  await card.getByRole("button", { name: "Pedir Apoio" }).click();
  await expect(member).toHaveURL(/\/mensagens\/\d+$/);
  const conversationPath = new URL(member.url()).pathname;
  await member.getByLabel("Mensagem", { exact: true }).fill("Olá! Posso participar do bazar com você?");
  await member.getByRole("button", { name: "Enviar", exact: true }).click();

  // Elsewhere in the app, without a reload: her bell counts the conversation started on her offer and
  // its new message.
  await expect(bell(owner)).toHaveAccessibleName("Avisos, 2 não lidos");
  await expect(bell(owner)).toHaveText("2");
  const popup = owner.getByRole("dialog", { name: /Nova mensagem/ });
  if (await popup.isVisible()) await popup.getByRole("button", { name: "Fechar" }).click();
  await owner.screenshot({ path: `${SHOTS}/notifications-bell-375.png` });

  await bell(owner).click();
  await expect(owner).toHaveURL(/\/avisos$/);
  const list = owner.getByRole("list", { name: "Seus avisos" });
  const entry = list.getByRole("link").filter({ hasText: "Nova mensagem de" }).first();
  await expect(entry).toContainText(title);
  await expect(entry).toContainText("Não lido");
  const started = list.getByRole("link").filter({ hasText: "quer conversar sobre sua oferta" }).first();
  await expect(started).toContainText(title);
  await expect(started).toContainText("Não lido");
  for (const width of [375, 1280]) {
    await owner.setViewportSize({ width, height: width === 375 ? 812 : 800 });
    await expect(entry).toBeVisible();
    // The bar holds the bell beside her plan and the menu without pushing the page sideways.
    expect(await owner.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await expectNoSeriousA11yViolations(owner);
    await owner.screenshot({ path: `${SHOTS}/notifications-centre-${width}.png`, fullPage: true });
  }
  await owner.setViewportSize({ width: 375, height: 812 });
  await entry.click();
  await expect(owner).toHaveURL(new RegExp(`${conversationPath}$`));
  // The message itself (the list of conversations may show the same words as its last message).
  await expect(
    owner.getByTestId("message").filter({ hasText: "Olá! Posso participar do bazar com você?" }),
  ).toBeVisible();
  await expect(bell(owner)).toHaveAccessibleName("Avisos, 1 não lido");

  // The entry stays, read; 'Marcar todas como lidas' reads the other one.
  await bell(owner).click();
  await expect(entry).toContainText(title);
  await expect(entry).not.toContainText("Não lido");
  // Pressed once the page's own refresh answered, so that the toast seen is this press's (a refresh
  // answering late keeps the entries read: the cache's rule, centreCache.test.ts).
  await owner.waitForLoadState("networkidle");
  await owner.getByRole("button", { name: "Marcar todas como lidas" }).click();
  await expect(toasts(owner).getByText("Todos os avisos foram marcados como lidos")).toBeVisible();
  await expect(started).not.toContainText("Não lido");
  await expect(bell(owner)).toHaveAccessibleName("Avisos");
});

for (const [width, height, phone] of [[375, 812, "11900029102"], [1280, 800, "11900029103"]] as const) {
  test(`turns off push for likes and sets 'Não perturbe' on /perfil; a reload keeps them, at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    await signIn(page, phone);
    await page.goto("/perfil");
    const section = page.getByRole("region", { name: "Preferências de notificação" });
    const likesByPush = section.getByRole("checkbox", { name: "Push: Curtidas nas suas ofertas" });
    // Off for a new member: on first, so that turning it off is a change.
    await expect(likesByPush).not.toBeChecked();
    await likesByPush.check();
    await expect(toasts(page).getByText("Preferências de notificação salvas").first()).toBeVisible();
    await likesByPush.uncheck();
    await expect(likesByPush).not.toBeChecked();

    const quiet = section.getByRole("group", { name: "Não perturbe" });
    await expect(quiet.getByRole("switch", { name: /Silenciar push e WhatsApp à noite/ })).toHaveAttribute("aria-checked", "true");
    await quiet.getByLabel("Das", { exact: true }).fill("23:00");
    await quiet.getByLabel("Até", { exact: true }).fill("07:30");
    await quiet.getByRole("button", { name: "Salvar horário" }).click();
    await expect(quiet.getByRole("button", { name: "Salvar horário" })).toBeDisabled();
    await section.scrollIntoViewIfNeeded();
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: `${SHOTS}/notification-preferences-${width}.png`, fullPage: true });

    await page.reload();
    const again = page.getByRole("region", { name: "Preferências de notificação" });
    await expect(again.getByRole("checkbox", { name: "Push: Curtidas nas suas ofertas" })).not.toBeChecked();
    await expect(again.getByRole("checkbox", { name: "No app: Curtidas nas suas ofertas" })).toBeChecked();
    await expect(again.getByLabel("Das", { exact: true })).toHaveValue("23:00");
    await expect(again.getByLabel("Até", { exact: true })).toHaveValue("07:30");

    // Her WhatsApp of new messages is the profile's switch: turned off here, the form's switch follows.
    await again.getByRole("checkbox", { name: "WhatsApp: Novas mensagens" }).uncheck();
    await expect(page.getByRole("switch", { name: /Receber notificações pelo WhatsApp/ })).toHaveAttribute("aria-checked", "false");
  });
}
