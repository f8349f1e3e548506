import { expect, test, type Page } from "@playwright/test";
import { SHOTS, board, expectNoSeriousA11yViolations, signIn, toasts } from "./support";

/** The open thread (the conversation list also previews the last message). */
const thread = (page: Page) => page.getByRole("region", { name: /^Mensagens com / });

/** The unread count the navigation badge shows (0 when there is no badge). */
async function badgeCount(page: Page): Promise<number> {
  const badge = page.getByRole("navigation", { name: "Principal" }).getByTestId("unread-badge").first();
  if (!(await badge.isVisible())) return 0;
  return Number((await badge.locator("span[aria-hidden]").innerText()).replace(/\D/g, ""));
}

async function gql<T>(page: Page, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const response = await page.request.post("/graphql", {
    data: { query, variables },
    headers: { "content-type": "application/json" },
  });
  const body = (await response.json()) as { data: T; errors?: unknown };
  expect(body.errors).toBeUndefined();
  return body.data;
}

test("two members talk in real time: card → conversation → popup, badge, read, reply, delete", async ({ browser }) => {
  const owner = await (await browser.newContext()).newPage();
  const member = await (await browser.newContext()).newPage();

  // The demo superuser publishes an apoio offer (a nobreza member may contact apoio offers).
  await signIn(owner, "11900000001");
  const title = `Apoio para primeira feira de artesanato ${Date.now() % 100000}`;
  const created = await gql<{ createOffer: { id: number } }>(
    owner,
    `mutation($input: OfferInput!) { createOffer(input: $input) { ... on Offer { id } } }`,
    {
      input: {
        postType: "oferta",
        type: "apoio",
        title,
        description: "Ofereço ajuda para montar a primeira banca em feira de artesanato: preço, exposição e vendas.",
        categories: ["Artesanato"],
        isUrgent: false,
      },
    },
  );
  expect(created.createOffer.id).toBeGreaterThan(0);
  await owner.goto("/");
  await expect(owner.getByRole("region", { name: "Mural de Parcerias" })).toBeVisible();
  // Her unread count as the server knows it (earlier journeys may have left her some), once her badge shows it.
  const unreadBefore = (await gql<{ unreadCount: number }>(owner, "{ unreadCount }")).unreadCount;
  await expect.poll(() => badgeCount(owner)).toBe(unreadBefore);

  // A new member finds it on the board (filtered to apoio) and starts a conversation from the card.
  await signIn(member, "41900003344");
  await member.goto("/");
  await board(member).getByRole("button", { name: "Apoio", exact: true }).first().click();
  const card = board(member).getByRole("article", { name: title });
  for (let i = 0; i < 10 && !(await card.isVisible()); i++) {
    const more = board(member).getByRole("button", { name: "Ver mais" });
    if (!(await more.isVisible())) break;
    await more.click();
  }
  await card.getByRole("button", { name: "Pedir Apoio" }).click();
  await expect(toasts(member).getByText("Conversa iniciada!")).toBeVisible();
  await expect(member).toHaveURL(/\/mensagens\/\d+$/);
  const conversationPath = new URL(member.url()).pathname;

  await member.getByLabel("Mensagem", { exact: true }).fill("Olá! Vou expor pela primeira vez e adoraria sua ajuda.");
  await member.getByRole("button", { name: "Enviar", exact: true }).click();
  await expect(thread(member).getByText("Olá! Vou expor pela primeira vez e adoraria sua ajuda.")).toBeVisible();
  await expect(member.getByLabel("Mensagem", { exact: true })).toHaveValue("");

  // The owner, elsewhere in the app, gets the popup and the unread badge without reloading.
  const popup = owner.getByRole("dialog", { name: /Nova mensagem/ });
  await expect(popup).toBeVisible();
  await expect(popup.getByText("Olá! Vou expor pela primeira vez e adoraria sua ajuda.")).toBeVisible();
  await expect.poll(() => badgeCount(owner)).toBe(unreadBefore + 1);
  await popup.getByRole("button", { name: "Ver Mensagem" }).click();
  await expect(owner).toHaveURL(new RegExp(`${conversationPath}$`));
  await expect(thread(owner).getByText("Olá! Vou expor pela primeira vez e adoraria sua ajuda.")).toBeVisible();
  // Opening the conversation marks it read: the badge drops back.
  await expect.poll(() => badgeCount(owner)).toBe(unreadBefore);

  // The owner replies; the member sees it arrive in her open thread.
  await owner.getByLabel("Mensagem", { exact: true }).fill("Claro! Vamos combinar uma conversa esta semana.");
  await owner.getByRole("button", { name: "Enviar", exact: true }).click();
  await expect(thread(member).getByText("Claro! Vamos combinar uma conversa esta semana.")).toBeVisible();

  // Axe on the message centre, and pictures at phone and desktop widths.
  for (const width of [375, 1280]) {
    await owner.setViewportSize({ width, height: width === 375 ? 812 : 800 });
    await owner.goto(conversationPath);
    await expect(thread(owner).getByText("Claro! Vamos combinar uma conversa esta semana.")).toBeVisible();
    await expectNoSeriousA11yViolations(owner);
    await owner.screenshot({ path: `${SHOTS}/messages-${width}.png` });
  }

  // The owner deletes the conversation for herself; the member keeps hers.
  await owner.setViewportSize({ width: 1280, height: 800 });
  await owner.getByRole("button", { name: "Excluir conversa" }).first().click();
  await owner.getByRole("dialog").getByRole("button", { name: "Excluir", exact: true }).click();
  await expect(owner).toHaveURL(/\/mensagens$/);
  await expect(owner.getByText(title)).toHaveCount(0);
  await member.goto("/mensagens");
  await expect(member.getByText(title).first()).toBeVisible();
});
