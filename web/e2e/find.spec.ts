import { expect, test, type Page } from "@playwright/test";
import { SHOTS, expectNoSeriousA11yViolations, signIn } from "./support";

// Issue 28: 'Parceiras' (open a member, message her) and searching her conversations, on a phone and a desktop.

async function gql<T>(page: Page, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const response = await page.request.post("/graphql", { data: { query, variables }, headers: { "content-type": "application/json" } });
  const body = (await response.json()) as { data: T; errors?: unknown };
  expect(body.errors).toBeUndefined();
  return body.data;
}

type Listed = { displayName: string; offers: { id: number; title: string }[] };

for (const viewport of [{ width: 375, height: 812 }, { width: 1280, height: 800 }]) {
  test(`opens a member from 'Parceiras', messages her, then finds the conversation by a word of the message (${viewport.width}px)`, async ({ page }) => {
    await page.setViewportSize(viewport);
    // The demo superuser (majestade) may open profiles; the demo's majestade members have offers.
    await signIn(page, "11900000001");
    const listed = await gql<{ members: { edges: { node: Listed }[] } }>(
      page,
      `{ members(first: 50) { ... on MemberConnection { edges { node { displayName offers { id title } } } } } }`,
    );
    const member = listed.members.edges.map((e) => e.node).find((n) => n.offers.length > 0);
    expect(member).toBeTruthy();
    const { displayName, offers } = member!;

    // From the navigation (the menu on a phone).
    if (viewport.width < 768) {
      await page.getByRole("button", { name: /^Menu/ }).click();
      await page.getByRole("dialog").getByRole("link", { name: "Parceiras" }).click();
    } else {
      await page.getByRole("navigation", { name: "Principal" }).getByRole("link", { name: "Parceiras" }).click();
    }
    await expect(page).toHaveURL(/\/parceiras$/);
    await expect(page.getByRole("heading", { name: "Parceiras", level: 1 })).toBeVisible();
    const list = page.getByRole("list", { name: "Parceiras" });
    await expect(list.getByRole("button").first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // Her name, typed without accents, finds her.
    const typed = displayName.normalize("NFD").replace(/\p{M}+/gu, "").toLowerCase();
    await page.getByRole("searchbox", { name: "Buscar parceiras" }).fill(typed);
    const card = list.getByRole("button", { name: `Ver o perfil de ${displayName}` });
    await expect(card.locator("mark").first()).toBeVisible();
    await card.click();
    const dialog = page.getByRole("dialog", { name: displayName });
    const herOffers = dialog.getByRole("region", { name: `Ofertas de ${displayName}` });
    await expect(herOffers.getByText(offers[0].title)).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: `${SHOTS}/parceiras-profile-${viewport.width}.png` });
    await herOffers.getByRole("button", { name: `Enviar mensagem sobre “${offers[0].title}”` }).click();
    await expect(page).toHaveURL(/\/mensagens\/\d+$/);

    // She writes with accents; later she searches without them.
    const word = `Jacarandá${viewport.width}x${Date.now() % 100000}`;
    await page.getByLabel("Mensagem", { exact: true }).fill(`Olá! Gostaria de um orçamento para a feira ${word}.`);
    await page.getByRole("button", { name: "Enviar", exact: true }).click();
    await expect(page.getByLabel("Mensagem", { exact: true })).toHaveValue("");

    await page.goto("/mensagens");
    const search = page.getByRole("searchbox", { name: "Buscar conversas" });
    await search.fill(word.normalize("NFD").replace(/\p{M}+/gu, "").toLowerCase());
    const conversations = page.getByRole("list", { name: "Conversas" });
    await expect(conversations.getByRole("link")).toHaveCount(1);
    await expect(conversations.locator("mark", { hasText: word })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: `${SHOTS}/conversations-search-${viewport.width}.png` });

    // Nothing found: says so and offers to clear.
    await search.fill("palavraquenaoexiste");
    await expect(page.getByText("Você buscou “palavraquenaoexiste” nos nomes, ofertas e mensagens.")).toBeVisible();
    await page.getByRole("button", { name: "Limpar busca" }).click();
    await expect(search).toHaveValue("");
    await expect(conversations.getByRole("link").first()).toBeVisible();
  });
}

test("a nobreza member is invited to upgrade on 'Parceiras'", async ({ page }) => {
  await signIn(page, "41900002828");
  await page.goto("/parceiras");
  await expect(page.getByText("Faça upgrade para o plano Alteza e veja os perfis das parceiras Majestade e Imperatriz.")).toBeVisible();
  await expect(page.getByRole("dialog", { name: /Desbloqueie com o plano/ })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
