import { expect, test } from "@playwright/test";
import { SHOTS, board, boardIsLive, expectNoSeriousA11yViolations } from "./support";

// Issue 28: a visitor searches the board by half a word on a phone, shares the address (it opens on the
// same search), and finds her way back from a search that found nothing; at 375 and 1280 px.
for (const [width, height] of [[375, 812], [1280, 900]] as const) {
  test(`searches the board and shares the search at ${width} px`, async ({ page, browser }) => {
    await page.setViewportSize({ width, height });
    await page.goto("/#mural");
    await boardIsLive(page);
    const box = board(page).getByRole("searchbox", { name: "Buscar no mural" });
    await box.pressSequentially("confeit", { delay: 40 });
    await expect(page).toHaveURL(/\?q=confeit(#mural)?$/);
    await expect(board(page).getByText("Resultados para “confeit”, os mais próximos primeiro")).toBeVisible();
    const cards = board(page).getByRole("article");
    await expect(cards.first()).toBeVisible();
    // Every card found has the words (accents and case aside): 'Confeitaria', 'confeiteira'…
    for (const text of await cards.allInnerTexts()) expect(text.toLowerCase()).toContain("confeit");
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: `${SHOTS}/search-${width}.png` });

    // The address opens on the same search in another browser.
    const shared = await browser.newPage({ viewport: { width, height } });
    await shared.goto(page.url());
    await boardIsLive(shared);
    await expect(board(shared).getByRole("searchbox", { name: "Buscar no mural" })).toHaveValue("confeit");
    await expect(board(shared).getByText("Resultados para “confeit”, os mais próximos primeiro")).toBeVisible();
    await expect(board(shared).getByRole("article")).toHaveCount(await cards.count());
    await shared.close();

    // Nothing found: she is told what was searched and clears it.
    await box.fill("tricozinho");
    const empty = board(page).getByRole("status").filter({ hasText: "Nenhuma publicação encontrada para “tricozinho”." });
    await expect(empty).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await empty.getByRole("button", { name: "Limpar busca" }).click();
    await expect(box).toHaveValue("");
    await expect(page).not.toHaveURL(/q=/);
    await expect(board(page).getByText(/Resultados para/)).toHaveCount(0);
    await expect(cards.first()).toBeVisible();
  });
}
