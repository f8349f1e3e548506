import { expect, test, type Locator, type Page } from "@playwright/test";
import { SHOTS, board, boardIsLive, expectNoSeriousA11yViolations, signIn, toasts } from "./support";

const card = (page: Page, title: string) => board(page).getByRole("article", { name: title });

const TITLE = `Bióloga busca parceira para kombucha ${Date.now() % 100000}`;
const EDITED = `${TITLE} artesanal`;
const DESCRIPTION = "Produzo kombucha com ervas do cerrado e procuro uma parceira para criar rótulos e vender juntas em feiras.";

/** Fills the six steps of 'Nova Proposta' / 'Editar Proposta'. */
async function fillProposal(page: Page, values: { title: string; type: "Collab" | "Permuta" | "Apoio"; category: string }) {
  const dialog = page.getByRole("dialog", { name: "Nova Proposta" });
  const next = () => dialog.getByRole("button", { name: "Próximo" }).click();
  await expect(dialog.getByText("Etapa 1 de 6")).toBeVisible();
  await dialog.getByRole("radio", { name: /Oferta/ }).check();
  await next();
  await expect(dialog.getByText("Etapa 2 de 6")).toBeVisible();
  await dialog.getByLabel("Título").fill(values.title);
  await next();
  await dialog.getByLabel("Descrição").fill(DESCRIPTION);
  await next();
  await dialog.getByRole("radio", { name: new RegExp(values.type) }).check();
  await next();
  await dialog.getByLabel("Buscar categoria").fill(values.category.slice(0, 5));
  await dialog.getByRole("button", { name: values.category }).click();
  await next();
  await expect(dialog.getByText("Etapa 6 de 6")).toBeVisible();
  await dialog.getByRole("switch", { name: /Marcar como urgente/ }).click();
  await dialog.getByRole("button", { name: "Publicar Proposta" }).click();
}

/** Her offer may sit past the first page (higher plans come first): 'Ver mais' until it shows. */
async function findOnBoard(page: Page, title: string): Promise<Locator> {
  const target = card(page, title);
  for (let i = 0; i < 10 && !(await target.isVisible()); i++) {
    const more = board(page).getByRole("button", { name: "Ver mais" });
    if (!(await more.isVisible())) break;
    await more.click();
    await expect(board(page).getByRole("button", { name: "Carregando..." })).toHaveCount(0);
  }
  await expect(target).toBeVisible();
  return target;
}

test("the demo superuser publishes, likes, filters, edits and deletes an offer", async ({ page }) => {
  await signIn(page, "11900000001");
  await expect(page).toHaveURL(/\/$/, { timeout: 5000 });

  // The hero counters come from the server.
  const counters = page.getByRole("list", { name: "A comunidade em números" });
  await expect(counters.getByText("...")).toHaveCount(0);
  await expect(counters.getByText(/^\d[\d.]*$/)).toHaveCount(4);

  // Six steps, the success popup, and the board refreshes.
  await expect(board(page).getByRole("article").first()).toBeVisible();
  await page.getByRole("button", { name: "Publicar", exact: true }).click();
  await fillProposal(page, { title: TITLE, type: "Collab", category: "Biotecnologia" });
  const success = page.getByRole("dialog", { name: "Publicação Realizada com Sucesso!" });
  await expect(success).toBeVisible();
  await success.getByRole("button", { name: "OK" }).click();
  await expect(success).toBeHidden();

  const mine = await findOnBoard(page, TITLE);
  await expect(mine.getByText("#Biotecnologia")).toBeVisible();
  await expect(mine.getByText("Urgente")).toBeVisible();

  // A second tab watches the board: likes, edits and deletions reach it without a reload.
  const watcher = await page.context().newPage();
  await watcher.goto("/");
  await board(watcher).getByLabel("Categoria", { exact: true }).selectOption("biotecnologia");
  const watched = card(watcher, TITLE);
  await expect(watched.getByRole("button", { name: "Curtir (0 curtidas)" })).toBeVisible();
  await watcher.waitForTimeout(1000); // the subscription's socket opens alongside the first query

  // Like: counted at once, kept by the server.
  await mine.getByRole("button", { name: "Curtir (0 curtidas)" }).click();
  await expect(mine.getByRole("button", { name: "Curtir (1 curtida)" })).toHaveAttribute("aria-pressed", "true");
  await expect(watched.getByRole("button", { name: "Curtir (1 curtida)" })).toBeVisible();

  // Filters: state, type (tab and select in step), category.
  await board(page).getByLabel("Local de Publicação", { exact: true }).selectOption("SP");
  await board(page).getByRole("button", { name: "Collab", exact: true }).click();
  await expect(board(page).getByLabel("Tipo de Publicação", { exact: true })).toHaveValue("collab");
  // A broad area: Biotecnologia is one of 'Outras áreas', not of 'Digital'.
  await board(page).getByLabel("Categoria", { exact: true }).selectOption({ label: "Digital" });
  await expect(card(page, TITLE)).toHaveCount(0);
  await board(page).getByLabel("Categoria", { exact: true }).selectOption({ label: "Outras áreas" });
  await expect(card(page, TITLE)).toBeVisible();
  await board(page).getByLabel("Categoria", { exact: true }).selectOption("biotecnologia");
  await expect(card(page, TITLE)).toBeVisible();
  await expect(card(page, TITLE).getByRole("button", { name: "Curtir (1 curtida)" })).toHaveAttribute("aria-pressed", "true");
  for (const article of await board(page).getByRole("article").all()) {
    await expect(article.getByText("Collab", { exact: true })).toBeVisible();
  }
  await board(page).getByLabel("Tipo de Publicação", { exact: true }).selectOption("apoio");
  await expect(board(page).getByRole("button", { name: "Apoio", exact: true })).toHaveAttribute("aria-pressed", "true");
  await expect(card(page, TITLE)).toHaveCount(0);
  await board(page).getByLabel("Local de Publicação", { exact: true }).selectOption("AC");
  await board(page).getByLabel("Categoria", { exact: true }).selectOption("energia-renovavel");
  await expect(board(page).getByText("Nenhum resultado encontrado para os filtros selecionados.")).toBeVisible();
  await board(page).getByRole("button", { name: "Limpar filtros" }).click();

  // Edit: the dialog opens filled in; the card shows the new title.
  await board(page).getByLabel("Categoria", { exact: true }).selectOption("biotecnologia");
  const toEdit = card(page, TITLE);
  await toEdit.getByRole("button", { name: "Mais ações" }).click();
  await page.getByRole("menuitem", { name: "Editar" }).click();
  const edit = page.getByRole("dialog", { name: "Editar Proposta" });
  await expect(edit).toBeVisible();
  await edit.getByRole("button", { name: "Próximo" }).click();
  await expect(edit.getByLabel("Título")).toHaveValue(TITLE);
  await edit.getByLabel("Título").fill(EDITED);
  for (let step = 2; step < 6; step++) await edit.getByRole("button", { name: "Próximo" }).click();
  await edit.getByRole("button", { name: "Salvar Alterações" }).click();
  await expect(toasts(page).getByText("Oferta Atualizada!")).toBeVisible();
  await expect(toasts(page).getByText("Sua oferta foi atualizada com sucesso.")).toBeVisible();
  await expect(card(page, EDITED)).toBeVisible();
  await expect(card(watcher, EDITED)).toBeVisible();

  // Delete, after the confirmation.
  await card(page, EDITED).getByRole("button", { name: "Mais ações" }).click();
  await page.getByRole("menuitem", { name: "Excluir" }).click();
  const confirm = page.getByRole("dialog", { name: "Excluir oferta?" });
  await confirm.getByRole("button", { name: "Excluir" }).click();
  await expect(toasts(page).getByText("Sucesso", { exact: true })).toBeVisible();
  await expect(card(page, EDITED)).toHaveCount(0);
  await expect(card(watcher, EDITED)).toHaveCount(0);
  await watcher.close();
  await board(page).getByRole("button", { name: "Limpar filtros" }).click();
  await expect(board(page).getByRole("article").first()).toBeVisible();

  // Contact: another member's offer opens a conversation in the message centre.
  const others = board(page).getByRole("article").filter({ hasNot: page.getByText("Admin", { exact: true }) });
  await others.first().getByRole("button", { name: /^(Pedir|Oferecer) / }).click();
  await expect(toasts(page).getByText("Conversa iniciada!")).toBeVisible();
  await expect(page).toHaveURL(/\/mensagens\/\d+$/);

  // Signed in, at phone and desktop widths: no serious accessibility problems, and a look at the board.
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.goto("/");
    await page.reload();
    await expect(board(page).getByRole("article").first()).toBeVisible();
    await expect(page.getByRole("list", { name: "A comunidade em números" }).getByText("...")).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
    await page.evaluate(() => {
      const mural = document.getElementById("mural");
      if (mural) window.scrollTo({ top: mural.getBoundingClientRect().top + window.scrollY - 64, behavior: "instant" });
    });
    await page.waitForTimeout(500);
    await page.screenshot({ path: `${SHOTS}/board-${width}.png` });
  }
});

test("a nobreza member learns at the kind step what her plan publishes, and her proposal waits for her", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signIn(page, "41900005678");
  await expect(page).toHaveURL(/\/perfil$/, { timeout: 5000 });
  await page.goto("/");
  await expect(board(page).getByRole("article").first()).toBeVisible();

  // Contacting a collab is a paid feature: the upgrade prompt points to ALTEZA.
  const collab = board(page).getByRole("article").filter({ has: page.getByRole("button", { name: "Pedir Colaboração" }) }).first();
  if (await collab.count()) {
    await collab.getByRole("button", { name: "Pedir Colaboração" }).click();
    const prompt = page.getByRole("dialog", { name: /ALTEZA/ });
    await expect(prompt).toBeVisible();
    await prompt.getByRole("button", { name: "Agora não" }).click();
    await expect(prompt).toBeHidden();
  }

  // Step 4 says which kinds her plan publishes before she writes the rest (issue 24).
  await page.getByRole("button", { name: "Publicar", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Nova Proposta" });
  const next = () => dialog.getByRole("button", { name: "Próximo" }).click();
  await dialog.getByRole("radio", { name: /Oferta/ }).check();
  await next();
  const title = "Designer oferece permuta de identidade visual";
  await dialog.getByLabel("Título").fill(title);
  await next();
  await dialog.getByLabel("Descrição").fill(DESCRIPTION);
  await next();
  await expect(dialog.getByText("Etapa 4 de 6")).toBeVisible();
  await expect(dialog.getByRole("radio", { name: /Permuta/ })).toBeDisabled();
  await expect(dialog.getByRole("radio", { name: /Collab/ })).toBeDisabled();
  await expect(dialog.getByRole("radio", { name: /Apoio/ })).toBeEnabled();
  await expect(dialog.getByText("Não incluído no plano Nobreza").first()).toBeVisible();
  await expect(dialog.getByText("Seu plano Nobreza permite publicar apenas ofertas de Apoio.")).toBeVisible();
  await page.waitForTimeout(400); // let the step finish its entrance
  await page.screenshot({ path: `${SHOTS}/board-kind-step-nobreza-375.png` });

  // 'Ver Planos' leads to the plans; the proposal stays on this device.
  await dialog.getByRole("button", { name: "Ver Planos" }).click();
  await expect(dialog).toBeHidden();
  const plans = page.getByRole("dialog", { name: "Escolha seu Plano" });
  await expect(plans).toBeInViewport();
  await plans.getByRole("button", { name: "Fechar" }).click();
  await expect(plans).toBeHidden();
  await page.getByRole("button", { name: "Publicar", exact: true }).click();
  await expect(dialog.getByRole("heading", { name: "Continuar de onde parou?" })).toBeVisible();
  await expect(dialog.getByText(title, { exact: false })).toBeVisible();
  await dialog.getByRole("button", { name: "Continuar Proposta" }).click();
  await expect(dialog.getByText("Etapa 4 de 6")).toBeVisible();
});

test("a new nobreza member sees her offer just published at the top of the board, not seven pages down", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signIn(page, "21988887777");
  await page.goto("/");
  await boardIsLive(page);
  // She publishes from deep down the board.
  await page.locator("#mural article").nth(8).scrollIntoViewIfNeeded();
  await page.getByRole("button", { name: "Publicar", exact: true }).click();
  const title = "Mentoria gratuita para quem está começando";
  await fillProposal(page, { title, type: "Apoio", category: "Marketing" });
  const success = page.getByRole("dialog", { name: "Publicação Realizada com Sucesso!" });
  await success.getByRole("button", { name: "OK" }).click();
  await expect(success).toBeHidden();

  const mine = page.getByRole("region", { name: "Sua nova publicação" });
  await expect(mine).toBeInViewport();
  await expect(mine).toBeFocused();
  await expect(mine.getByRole("article").getByRole("heading", { name: title })).toBeVisible();
  await expect(mine.getByText("Ela fica aqui no topo para você.", { exact: false })).toBeVisible();
  await expect(mine.getByRole("button", { name: "Mais ações" })).toBeVisible();
  // Once on the page, whether the board's first page holds it or not.
  await expect(page.getByRole("heading", { name: title })).toHaveCount(1);
  await page.screenshot({ path: `${SHOTS}/board-just-published-375.png` });
  // A filter shows the board as it is; clearing it brings her offer back to the top.
  await board(page).getByRole("button", { name: "Collab", exact: true }).click();
  await expect(mine).toHaveCount(0);
  await board(page).getByRole("button", { name: "Todos", exact: true }).click();
  await expect(page.getByRole("region", { name: "Sua nova publicação" })).toBeVisible();
});

test("on a phone a member's board starts within her first screen (her hero is compact); a visitor's hero is whole", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 667 });
  await page.goto("/");
  await boardIsLive(page);
  await expect(page.getByText("Encontre parceiras para criar juntas", { exact: false })).toBeVisible();
  await expect(page.locator("#mural article").first()).not.toBeInViewport();

  await signIn(page, "11900000001");
  await page.goto("/");
  await boardIsLive(page);
  await expect(page.getByText("Olá, Admin!")).toBeVisible();
  // The menu's name is what it shows: 'Menu' and her unread count.
  await expect(page.getByRole("banner").getByRole("button", { name: /^Menu \d+ mensage(m|ns) não lidas?$/ })).toBeVisible();
  // Beside her plan and her unread count, the menu's icon keeps its size (it shrank to a dot).
  const menuIcon = await page.getByRole("banner").getByRole("button", { name: /^Menu/ }).locator("svg").first().boundingBox();
  expect(menuIcon!.width).toBeGreaterThanOrEqual(18);
  // And the club's crown beside its name keeps its size too.
  const brandCrown = await page.getByRole("banner").getByRole("link", { name: /Clube Coroa/ }).locator("svg").first().boundingBox();
  expect(brandCrown!.width).toBeGreaterThanOrEqual(16);
  const bar = (await page.getByRole("banner").boundingBox())!;
  expect(bar.width).toBeLessThanOrEqual(375);
  await expect(page.getByRole("link", { name: "Escolher Plano" })).toBeInViewport();
  // Her two buttons side by side, each on one line.
  const choose = (await page.getByRole("link", { name: "Escolher Plano" }).boundingBox())!;
  const explore = (await page.getByRole("link", { name: "Explorar Mural" }).boundingBox())!;
  expect(Math.abs(choose.y - explore.y)).toBeLessThan(2);
  expect(explore.height).toBeLessThan(56);
  await expect(page.getByRole("list", { name: "A comunidade em números" })).toBeInViewport();
  await expect(page.getByRole("heading", { name: "Mural de Parcerias", level: 2 })).toBeInViewport();
  await expect(page.locator("#mural article").first()).toBeInViewport();
  await expect(page.getByText("Encontre parceiras para criar juntas", { exact: false })).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/home-member-375.png` });
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(page.locator("#mural article").first()).toBeInViewport();
  await page.screenshot({ path: `${SHOTS}/home-member-1280.png` });
});

for (const viewport of [{ width: 375, height: 667 }, { width: 1280, height: 800 }]) {
  test(`'Nova Proposta' keeps one height through its six steps (${viewport.width}x${viewport.height})`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await signIn(page, "11900000001");
    await boardIsLive(page);
    await page.getByRole("button", { name: "Publicar", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Nova Proposta" });
    const next = () => dialog.getByRole("button", { name: "Próximo" }).click();
    const heights: number[] = [];
    const measure = async (step: number) => {
      await expect(dialog.getByText(`Etapa ${step} de 6`)).toBeVisible();
      heights.push(Math.round((await dialog.boundingBox())!.height));
    };
    await measure(1);
    await dialog.getByRole("radio", { name: /Oferta/ }).check();
    await next();
    await measure(2);
    await dialog.getByLabel("Título").fill("Altura constante");
    await next();
    await measure(3);
    await dialog.getByLabel("Descrição").fill(DESCRIPTION);
    await next();
    await measure(4);
    await dialog.getByRole("radio", { name: /Permuta/ }).check();
    await next();
    await measure(5);
    await dialog.getByRole("button", { name: "Marketing", exact: true }).click();
    await next();
    await measure(6);
    expect(new Set(heights).size, `heights ${heights.join(", ")}`).toBe(1);
    // Its buttons stay on screen at every step.
    await expect(dialog.getByRole("button", { name: "Publicar Proposta" })).toBeInViewport();
    await page.screenshot({ path: `${SHOTS}/proposal-step6-${viewport.width}.png` });
  });
}

test("a long description scrolls, and only a long one says so; the box ends on a whole line", async ({ page }) => {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/");
    await boardIsLive(page);
    const boxes = await board(page)
      .getByRole("article")
      .evaluateAll((cards) =>
        cards.map((card) => {
          const box = [...card.querySelectorAll("div")].find((d) => getComputedStyle(d).overflowY === "auto" && d.textContent);
          if (!box) return null;
          const lineHeight = parseFloat(getComputedStyle(box).lineHeight);
          return {
            noted: /Role para ver mais/.test(card.textContent ?? ""),
            scrolls: box.scrollHeight > box.clientHeight + 1,
            lines: box.clientHeight / lineHeight,
          };
        }),
      );
    const described = boxes.filter((b): b is NonNullable<typeof b> => b !== null);
    expect(described.some((b) => b.noted), `a long description among the first cards at ${width}px`).toBe(true);
    for (const box of described) {
      expect(box.scrolls, `at ${width}px: 'Role para ver mais' exactly where the text scrolls`).toBe(box.noted);
      if (box.noted) expect(Math.abs(box.lines - Math.round(box.lines))).toBeLessThan(0.05);
    }
  }
});
