import { expect, test, type Locator, type Page } from "@playwright/test";
import { SHOTS, board, boardIsLive, expectNoSeriousA11yViolations, signIn, toasts } from "./support";

// Issue 24, 'Phone layout and focus': nothing floating covers an action, at a phone's and a
// desktop's width; the first page logs no error.

type Box = { x: number; y: number; width: number; height: number };

const intersects = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The boxes of the visible controls inside `scope` (buttons, links, text fields), with their names. */
async function controls(scope: Locator): Promise<{ name: string; box: Box }[]> {
  return scope.evaluate((root) => {
    const found: { name: string; box: { x: number; y: number; width: number; height: number } }[] = [];
    for (const el of root.querySelectorAll<HTMLElement>("button, a[href], input, textarea, select, [role='button']")) {
      // What shows of it: its box cut by every scrolling or clipping box around it, and the screen.
      const r = el.getBoundingClientRect();
      let [left, top, right, bottom] = [r.left, r.top, r.right, r.bottom];
      for (let up = el.parentElement; up; up = up.parentElement) {
        const style = getComputedStyle(up);
        if (style.overflowX === "visible" && style.overflowY === "visible") continue;
        const clip = up.getBoundingClientRect();
        [left, top, right, bottom] = [Math.max(left, clip.left), Math.max(top, clip.top), Math.min(right, clip.right), Math.min(bottom, clip.bottom)];
      }
      [top, bottom] = [Math.max(top, 0), Math.min(bottom, window.innerHeight)];
      if (right - left <= 0 || bottom - top <= 0) continue;
      found.push({
        name: el.getAttribute("aria-label") ?? el.textContent?.trim().slice(0, 40) ?? el.tagName,
        box: { x: left, y: top, width: right - left, height: bottom - top },
      });
    }
    return found;
  });
}

async function coveredBy(floating: Locator, scope: Locator, except: (name: string) => boolean = () => false) {
  const box = await floating.boundingBox();
  expect(box).not.toBeNull();
  return (await controls(scope)).filter((c) => !except(c.name) && intersects(box!, c.box)).map((c) => c.name);
}

const theToast = (page: Page, text: string) => toasts(page).getByRole("listitem").filter({ hasText: text });

for (const viewport of [{ width: 375, height: 812 }, { width: 1280, height: 800 }]) {
  test(`'+ Publicar' and the toasts cover no action (${viewport.width}px)`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await signIn(page, "11900000001");
    await page.goto("/");
    await boardIsLive(page);

    // At the end of the board the floating button sits over the room kept for it, not over a card's
    // or 'Ver mais''s button.
    const fab = page.getByRole("button", { name: "Publicar", exact: true });
    await expect(fab).toBeVisible();
    // At once (the page scrolls smoothly, and a slow machine was measured mid-scroll), then until the
    // board's end stays at the window's bottom (cards arriving late move it).
    const boardEnd = page.locator("#mural fieldset");
    await expect
      .poll(async () => {
        await boardEnd.evaluate((el) => el.scrollIntoView({ block: "end", behavior: "instant" }));
        await page.waitForTimeout(300);
        return boardEnd.evaluate((el) => Math.abs(el.getBoundingClientRect().bottom - window.innerHeight));
      })
      .toBeLessThan(2);
    expect(await coveredBy(fab, board(page), (name) => /Publicar/.test(name))).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/layout-board-end-${viewport.width}.png` });

    // 'Máximo atingido' (a fourth category) shows clear of the proposal's buttons.
    await fab.click();
    const dialog = page.getByRole("dialog", { name: "Nova Proposta" });
    const next = () => dialog.getByRole("button", { name: "Próximo" }).click();
    await dialog.getByRole("radio", { name: /Oferta/ }).check();
    await next();
    await dialog.getByLabel("Título").fill("Nada flutuante por cima");
    await next();
    await dialog.getByLabel("Descrição").fill("Produzo kombucha com ervas do cerrado e procuro uma parceira para criar rótulos e vender juntas em feiras.");
    await next();
    await dialog.getByRole("radio", { name: /Apoio/ }).check();
    await next();
    await expect(dialog.getByText("Etapa 5 de 6")).toBeVisible();
    for (const category of ["Marketing", "Eventos", "Turismo", "Música"]) {
      await dialog.getByRole("button", { name: category, exact: true }).click();
    }
    const limit = theToast(page, "Máximo atingido");
    await expect(limit).toBeVisible();
    await page.waitForTimeout(300);
    expect(await coveredBy(limit, dialog)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/layout-toast-over-dialog-${viewport.width}.png` });
  });

  test(`'Conversa iniciada!' leaves the message box free, and the thread header has room for her name (${viewport.width}px)`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await signIn(page, "11900000001");
    await page.goto("/");
    await boardIsLive(page);
    await board(page).getByRole("button", { name: "Apoio", exact: true }).first().click();
    // Someone else's apoio offer (the demo superuser's own say 'Não é possível').
    const contact = board(page).getByRole("article").filter({ hasNotText: "Admin" }).getByRole("button", { name: /^(Pedir|Oferecer) Apoio$/ }).first();
    await contact.click();
    await expect(page).toHaveURL(/\/mensagens\/\d+$/);
    const started = theToast(page, "Conversa iniciada!");
    await expect(started).toBeVisible();
    await page.waitForTimeout(300);
    const box = page.getByRole("textbox", { name: "Mensagem", exact: true });
    const form = page.locator("form").filter({ has: box });
    expect(await coveredBy(started, form)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/layout-thread-toast-${viewport.width}.png` });

    // Her name and the offer are not cut short by the delete action (now an icon with its name).
    const header = page.locator("main header").filter({ has: page.getByRole("button", { name: "Excluir conversa" }) });
    const name = header.getByRole("heading", { level: 2 });
    await expect(name).toBeVisible();
    const clipped = await name.evaluate((el) => el.scrollWidth > el.clientWidth);
    expect(clipped).toBe(false);
    const deleteBox = await header.getByRole("button", { name: "Excluir conversa" }).boundingBox();
    expect(deleteBox!.width).toBeLessThanOrEqual(48);
  });
}

test("/ logs no error while it starts, for a visitor and for a member (React's #418 was one)", async ({ page }) => {
  const errors: string[] = [];
  page.on("console", (message) => {
    // A hydration mismatch reaches main.tsx's onRecoverableError, which logs it as a warning.
    if (message.type() === "error" || (message.type() === "warning" && /react|hydrat|#4\d\d/i.test(message.text()))) {
      errors.push(`${new URL(page.url()).pathname} ${page.viewportSize()?.width}: ${message.text()}`);
    }
  });
  page.on("pageerror", (error) => errors.push(error.message));
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto("/");
    await boardIsLive(page);
    await page.waitForTimeout(1000);
  }
  await signIn(page, "11900008834");
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto("/");
    await boardIsLive(page);
    await page.waitForTimeout(1000);
  }
  expect(errors).toEqual([]);
});

test("a visitor's phone: the menu reaches 'Planos', and the footer's privacy page is clean for axe", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto("/");
  await boardIsLive(page);
  await page.getByRole("button", { name: "Menu" }).click();
  const menu = page.getByRole("dialog", { name: "Navegação" });
  await menu.getByRole("button", { name: "Planos" }).click();
  await expect(page.getByRole("dialog", { name: /Plano/ }).first()).toBeVisible();
  await page.keyboard.press("Escape");
  await page.getByRole("contentinfo").getByRole("link", { name: "Privacidade e LGPD" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Política de Privacidade" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Seus direitos pela LGPD" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: `${SHOTS}/layout-privacy-375.png`, fullPage: true });
});
