import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { SHOTS, expectNoSeriousA11yViolations, saveWholeProfile, signIn, toasts } from "./support";

// Issue 30: a partner's key (made by the staff through their API) reads the sponsor data; the member
// finds the read in 'Quem viu meus dados' on /perfil, withdraws sharing with sponsors there, and the
// partner's next read no longer has her. On a phone and a desktop, axe clean.
test.describe.configure({ mode: "serial" });

const SUPERUSER = "11900000001";

/** Every consenting member's id a partner's key reads, page by page. */
async function partnerReadsIds(request: APIRequestContext, key: string): Promise<number[]> {
  const ids: number[] = [];
  let after: string | null = null;
  for (let page = 0; page < 50; page++) {
    const answer = await request.post("/graphql", {
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      data: { query: "query($after: String) { sponsorData(first: 200, after: $after) { nextCursor rows { id fullName phone } } }", variables: { after } },
    });
    expect(answer.status()).toBe(200);
    const body = (await answer.json()) as { data: { sponsorData: { nextCursor: string | null; rows: { id: number }[] } } };
    ids.push(...body.data.sponsorData.rows.map((row) => row.id));
    after = body.data.sponsorData.nextCursor;
    if (!after) break;
  }
  return ids;
}

async function partnerKeyFromStaff(page: Page, name: string): Promise<string> {
  await signIn(page, SUPERUSER);
  const answer = await page.request.post("/graphql", {
    headers: { "content-type": "application/json" },
    data: { query: "mutation($name: String!) { createPartnerApiKey(name: $name) { ... on CreatedPartnerApiKey { key } } }", variables: { name } },
  });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { data: { createPartnerApiKey: { key: string } } }).data.createPartnerApiKey.key;
}

for (const [width, height, phone, nine] of [[375, 812, "11900007741", "714602853"], [1280, 800, "11900007742", "863105927"]] as const) {
  test(`a partner's read shows in 'Quem viu meus dados' and withdrawing sponsors takes her out, at ${width} px`, async ({ browser, page, request }) => {
    const staff = await (await browser.newContext()).newPage();
    const partnerName = `Marca Privacidade ${width}`;
    const key = await partnerKeyFromStaff(staff, partnerName);
    await staff.close();

    await page.setViewportSize({ width, height });
    await signIn(page, phone);
    const herId = await saveWholeProfile(page, { fullName: "Helena Privacidade", nine, birthDate: "1978-04-12", shareWithSponsors: true });
    expect(await partnerReadsIds(request, key)).toContain(herId);

    await page.goto("/perfil");
    const panel = page.getByRole("region", { name: "Meus dados" });
    const log = panel.getByRole("list", { name: "Quem viu meus dados" });
    // Written beside the partner's answer: there within moments of it.
    await expect(async () => {
      await page.reload();
      await expect(log.getByText(partnerName)).toBeVisible({ timeout: 2000 });
    }).toPass({ timeout: 15_000 });
    const entry = log.getByRole("listitem").filter({ hasText: partnerName });
    await expect(entry).toContainText("identificador, nome, telefone");
    await expect(entry).toContainText("Marca parceira · 1 leitura");
    const consents = panel.getByRole("list", { name: "Seus consentimentos" });
    await expect(consents.getByRole("listitem").filter({ hasText: "Termos de uso" })).toContainText("exclua sua conta");
    await panel.scrollIntoViewIfNeeded();
    await expectNoSeriousA11yViolations(page);
    await panel.screenshot({ path: `${SHOTS}/privacy-data-${width}.png` });

    const sponsors = panel.getByRole("switch", { name: /Compartilhar com patrocinadores/ });
    await expect(sponsors).toHaveAttribute("aria-checked", "true");
    await sponsors.click();
    await expect(toasts(page).getByText("Compartilhar com patrocinadores: revogado")).toBeVisible();
    await expect(sponsors).toHaveAttribute("aria-checked", "false");
    expect(await partnerReadsIds(request, key)).not.toContain(herId);
    await expectNoSeriousA11yViolations(page);
  });
}
