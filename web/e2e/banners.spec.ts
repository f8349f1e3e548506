import { expect, test, type Page } from "@playwright/test";
import sharp from "sharp";
import { SHOTS, expectNoSeriousA11yViolations, signIn } from "./support";

// Banners reach an open home page live; a partner's key made on /admin reads sponsor data, and
// stops working the moment it is revoked.
test.describe.configure({ mode: "serial" });

const SUPERUSER = "11900000001";
const MEMBER = "11900009921";
const settle = (page: Page) => page.waitForTimeout(400);

/** A 16:9 PNG in the club's plum, drawn here so the test needs no file on disk. */
async function bannerPng(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="900"><rect width="1600" height="900" fill="#5b1f45"/><circle cx="1300" cy="200" r="160" fill="#d9a93f"/><text x="120" y="480" font-size="110" font-family="serif" fill="#fff">Feira das Rainhas</text></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

test("a banner the superuser adds appears on a member's open home page without a reload", async ({ browser }) => {
  const member = await (await browser.newContext()).newPage();
  await member.setViewportSize({ width: 1280, height: 900 });
  await signIn(member, MEMBER);
  await member.goto("/");
  const carousel = member.getByRole("region", { name: "Destaques das parceiras" });
  await expect(carousel).toBeVisible();
  await expect(carousel.locator("img").first()).toBeVisible();

  const staff = await (await browser.newContext()).newPage();
  await staff.setViewportSize({ width: 1280, height: 900 });
  await signIn(staff, SUPERUSER);
  await staff.goto("/admin");
  const panel = staff.getByRole("region", { name: "Banners", exact: true });
  await expect(panel).toBeVisible();
  await expect(panel.getByText("Carregando banners...")).toHaveCount(0);

  const alt = `Feira das Rainhas ${Date.now()}`;
  await panel.getByRole("button", { name: "Novo banner" }).click();
  const dialog = staff.getByRole("dialog", { name: "Novo banner" });
  await dialog.getByLabel("Imagem", { exact: true }).setInputFiles({ name: "feira.png", mimeType: "image/png", buffer: await bannerPng() });
  await dialog.getByLabel("Texto alternativo").fill(alt);
  await dialog.getByLabel("Link (opcional)").fill("https://example.org/feira");
  // The image goes as a GraphQL multipart request (createBanner) with the CSRF preflight header; no REST call.
  const restCalls: string[] = [];
  staff.on("request", (request) => {
    if (new URL(request.url()).pathname.startsWith("/api/admin/banners")) restCalls.push(request.url());
  });
  const upload = staff.waitForRequest((request) => request.url().endsWith("/graphql") && (request.headers()["content-type"] ?? "").startsWith("multipart/form-data"));
  await dialog.getByRole("button", { name: "Criar banner" }).click();
  const sent = await upload;
  expect(sent.headers()["apollo-require-preflight"]).toBe("true");
  expect(await (await sent.response())!.json()).toMatchObject({ data: { createBanner: { __typename: "AdminBanner", alt } } });
  await expect(dialog).toHaveCount(0);
  expect(restCalls).toEqual([]);
  const row = panel.getByRole("row").filter({ hasText: alt });
  await expect(row).toBeVisible();
  await expect(row.getByText("No ar")).toBeVisible();
  await settle(staff);
  await staff.screenshot({ path: `${SHOTS}/admin-banners-1280.png`, fullPage: false });

  // Pushed to the member's carousel through bannersUpdated: no reload, no polling.
  await expect(carousel.locator(`img[alt="${alt}"]`)).toHaveCount(1);
  const dots = carousel.getByRole("button", { name: /^Banner \d+ de \d+$/ });
  await expect(dots).toHaveCount(4);
  // Bring it on screen with the keyboard, then check its link opens in a new tab.
  for (let i = 0; i < 4; i += 1) {
    if (await carousel.locator(`img[alt="${alt}"]`).isVisible()) break;
    await carousel.getByRole("button", { name: "Próximo banner" }).focus();
    await member.keyboard.press("Enter");
    await member.waitForTimeout(300);
  }
  const slide = carousel.locator(`img[alt="${alt}"]`);
  await expect(slide).toBeVisible();
  const link = carousel.locator("a", { has: member.locator(`img[alt="${alt}"]`) });
  await expect(link).toHaveAttribute("href", "https://example.org/feira");
  await expect(link).toHaveAttribute("target", "_blank");
  await expect(link).toHaveAttribute("rel", /noopener/);

  // The image is the server's 16:9 WebP.
  const src = await slide.getAttribute("src");
  const image = await member.request.get(src!);
  expect(image.headers()["content-type"]).toBe("image/webp");
  const meta = await sharp(await image.body()).metadata();
  expect(meta.width! / meta.height!).toBeCloseTo(16 / 9, 2);

  await expectNoSeriousA11yViolations(member);
  await settle(member);
  await carousel.screenshot({ path: `${SHOTS}/carousel-1280.png` });
  await member.setViewportSize({ width: 375, height: 812 });
  await settle(member);
  await carousel.scrollIntoViewIfNeeded();
  await member.screenshot({ path: `${SHOTS}/carousel-375.png` });

  // Deleting it takes it off the member's page, live too.
  await row.getByRole("button", { name: `Excluir o banner ${alt}` }).click();
  await staff.getByRole("dialog", { name: "Excluir banner?" }).getByRole("button", { name: "Excluir banner" }).click();
  await expect(row).toHaveCount(0);
  await expect(carousel.locator(`img[alt="${alt}"]`)).toHaveCount(0);
  await staff.close();
  await member.close();
});

test("a partner key made on /admin reads sponsor data and is refused once revoked", async ({ page, request }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, SUPERUSER);
  await page.goto("/admin");
  const panel = page.getByRole("region", { name: "Parceiras (API)" });
  await expect(panel).toBeVisible();
  const name = `Banco Rainha ${Date.now()}`;
  await panel.getByLabel("Nome da parceira").fill(name);
  await panel.getByRole("button", { name: "Criar chave" }).click();
  const dialog = page.getByRole("dialog", { name: "Chave criada" });
  const key = await dialog.getByLabel(`Chave de API de ${name}`).inputValue();
  expect(key).toMatch(/^ccp_/);
  await settle(page);
  await page.screenshot({ path: `${SHOTS}/admin-partner-key-1280.png` });
  await dialog.getByRole("button", { name: "Já guardei a chave" }).click();
  await expect(dialog).toHaveCount(0);

  const ask = (query: string) =>
    request.post("/graphql", { headers: { authorization: `Bearer ${key}`, "content-type": "application/json" }, data: { query } });
  const data = await ask("{ sponsorData(first: 5) { rows { id fullName plan ageBand } nextCursor total } }");
  expect(data.status()).toBe(200);
  const body = (await data.json()) as { data: { sponsorData: { rows: { id: number }[]; total: number } } };
  expect(body.data.sponsorData.rows.length).toBeGreaterThan(0);
  expect(JSON.stringify(body)).not.toMatch(/birthDate|cpf/i);
  expect((await ask("{ me { id } }")).status()).toBe(403);

  const row = panel.getByRole("row").filter({ hasText: name });
  await expect(row.getByText("Ativa")).toBeVisible();
  await row.getByRole("button", { name: `Revogar a chave de ${name}` }).click();
  await page.getByRole("dialog", { name: "Revogar chave?" }).getByRole("button", { name: "Revogar chave" }).click();
  await expect(row.getByText("Revogada")).toBeVisible();
  const refused = await ask("{ sponsorStats { total } }");
  expect(refused.status()).toBe(401);
  expect(refused.headers()["www-authenticate"]).toMatch(/^Bearer/);
});
