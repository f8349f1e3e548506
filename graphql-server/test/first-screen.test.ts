import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "./harness.js";

let t: TestApp;
beforeAll(async () => {
  // What `npm run build` writes: the home page's frame in index.html, the sign-in's in auth.html.
  const webDist = mkdtempSync(join(tmpdir(), "cc-web-"));
  writeFileSync(join(webDist, "index.html"), "<!doctype html><title>Mural de Parcerias · Clube Coroa</title><div id=root><h1>Bem-vinda</h1></div>");
  writeFileSync(join(webDist, "auth.html"), "<!doctype html><title>Entrar · Clube Coroa</title><div id=root><h1>Entrar no clube</h1></div>");
  t = await startTestApp({ WEB_DIST: webDist });
});
afterAll(() => t?.close());

describe("the prerendered first screens", () => {
  it("answers /auth with the sign-in's prerendered page and other addresses with index.html", async () => {
    for (const path of ["/auth", "/auth/", "/auth?id=kc12"]) {
      const page = await fetch(`${t.url}${path}`);
      expect(page.status).toBe(200);
      expect(page.headers.get("cache-control")).toBe("no-cache");
      expect(await page.text()).toContain("<h1>Entrar no clube</h1>");
    }
    for (const path of ["/", "/perfil", "/?id=kc12"]) {
      expect(await (await fetch(`${t.url}${path}`)).text()).toContain("<h1>Bem-vinda</h1>");
    }
  });
});
