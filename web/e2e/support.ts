// What every journey needs: signing in through the page, the toast list, the board, axe.
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";
import { cpfCheckDigits } from "../../schema/src/validation/cpf";

export const SHOTS = "test-results/screenshots";

/**
 * The visible toast list, by its exact name: Radix repeats each toast in a hidden live region, and
 * the profile form has its own 'Notificações' section.
 */
export const toasts = (page: Page) => page.getByRole("region", { name: /^Notificações \(/ });

export const board = (page: Page) => page.getByRole("region", { name: "Mural de Parcerias" });

/** The newest login code the local WhatsApp sender wrote for a phone (E.164 digits). */
export async function codeFor(page: Page, e164Digits: string): Promise<string> {
  const response = await page.request.get(`/api/dev/outbox?phone=${e164Digits}`);
  expect(response.ok()).toBe(true);
  const outbox = (await response.json()) as { code: string }[];
  expect(outbox.length).toBeGreaterThan(0);
  return outbox[0].code;
}

/** Signs in through /auth with a Brazilian mobile number (DDD + number, digits only). */
export async function signIn(page: Page, localNumber: string) {
  await page.goto("/auth");
  await page.getByLabel("Número de WhatsApp").fill(localNumber);
  await page.getByRole("button", { name: "Enviar Token via WhatsApp" }).click();
  await expect(page.getByRole("heading", { name: "Token Enviado!" })).toBeVisible();
  await page.getByLabel("Código de 6 dígitos").fill(await codeFor(page, `55${localNumber}`));
  await page.getByRole("button", { name: "Verificar Token" }).click();
  await expect(page).not.toHaveURL(/\/auth/, { timeout: 5000 });
}

export async function expectNoSeriousA11yViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`)).toEqual([]);
}

/**
 * Waits until the board the server drew into `/` is the app's own and who she is is known: it is
 * marked `data-live` then (until that, a tap on its buttons is kept by the page and made once live).
 */
export async function boardIsLive(page: Page) {
  await expect(page.locator("#mural fieldset[data-live]")).toBeVisible();
}

/**
 * Saves her whole profile through the API, as the form saves it, with a valid CPF made from nine
 * digits; answers her id.
 */
export async function saveWholeProfile(
  page: Page,
  her: { fullName: string; nine: string; birthDate: string; shareWithSponsors: boolean },
): Promise<number> {
  const saved = await page.request.put("/api/profile", {
    headers: { "content-type": "application/json" },
    data: {
      fullName: her.fullName,
      nickname: her.fullName.split(" ")[0],
      cpf: her.nine + cpfCheckDigits(her.nine),
      birthDate: her.birthDate,
      cep: "01310-100",
      street: "Avenida Paulista",
      houseNumber: "1000",
      neighborhood: "Bela Vista",
      city: "São Paulo",
      state: "SP",
      professionalActivity: "Marketing & Comunicação",
      interests: ["Voluntariado"],
      acceptedTerms: true,
      acceptedPrivacyPolicy: true,
      acceptedLGPD: true,
      isOver18: true,
      shareWithSponsors: her.shareWithSponsors,
      whatsappNotificationsEnabled: true,
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  return ((await saved.json()) as { profile: { id: number } }).profile.id;
}
