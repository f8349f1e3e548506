import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "@playwright/test";

const root = fileURLToPath(new URL("../..", import.meta.url));
const port = Number(process.env.E2E_PORT ?? 3210);
const baseURL = `http://127.0.0.1:${port}`;
// A fake ViaCEP (fake-cep.mjs) answers the server's address lookups, so no test leaves the machine.
const cepPort = Number(process.env.E2E_CEP_PORT ?? 3299);
// Workers evaluate this file again: the data folder is chosen once and passed down by the environment.
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), "cc-e2e-"));

export default defineConfig({
  testDir: ".",
  // Parallel runs (another port, another WEB_DIST) can keep their artefacts apart with E2E_OUTPUT_DIR.
  outputDir: process.env.E2E_OUTPUT_DIR ?? join(root, "test-results/e2e"),
  // Generous: CI shares its two cores with other work, and a journey of two sign-ins and an axe run
  // took 58 s there. Hangs still fail; what a test waits for is what the user would see.
  timeout: 120_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: process.env.CI_REPORT_DIR
    ? [["list"], ["json", { outputFile: join(process.env.CI_REPORT_DIR, "e2e.json") }]]
    : [["list"]],
  use: {
    baseURL,
    // 'Hora de Brilhar!' would cover every signed-in journey 3 s in: each context starts as if it had
    // just been shown (startup.spec.ts starts without it to prove the popup itself).
    storageState: {
      cookies: [],
      origins: [{ origin: baseURL, localStorage: [{ name: "lastMotivationalPopup", value: String(Date.now()) }] }],
    },
    locale: "pt-BR",
    timezoneId: "America/Sao_Paulo",
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    },
  },
  webServer: [
    {
      command: "node web/e2e/fake-cep.mjs",
      cwd: root,
      url: `http://127.0.0.1:${cepPort}/health`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: "ignore",
      stderr: "pipe",
      env: { E2E_CEP_PORT: String(cepPort) },
    },
    {
      // The compiled server, as production runs it; compiled again here (well under a second) so a
      // run never tests an older build of the server than the code beside it.
      command: "node scripts/build-server.mjs && MALLOC_ARENA_MAX=2 node --max-semi-space-size=4 graphql-server/dist/main.js",
      cwd: root,
      url: `${baseURL}/healthz`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: "ignore",
      stderr: "pipe",
      env: {
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: process.env.E2E_DATA_DIR,
        LOG_LEVEL: "warn",
        SEED_DEMO: "auto",
        NODE_ENV: "development",
        // Every journey signs in through the page, some with the same demo phone: the throttling of
        // sign-in is proven by the integration tests, not here.
        OTP_RESEND_COOLDOWN_SECONDS: "0",
        OTP_SENDS_PER_PHONE_PER_HOUR: "100",
        OTP_SENDS_PER_DEVICE_PER_HOUR: "100",
        OTP_SENDS_PER_IP_PER_HOUR: "1000",
        OTP_VERIFIES_PER_IP_PER_10MIN: "1000",
        CEP_PROVIDER: "viacep",
        CEP_API_URL: `http://127.0.0.1:${cepPort}/ws`,
        ...(process.env.WEB_DIST ? { WEB_DIST: process.env.WEB_DIST } : {}),
      },
    },
  ],
});
