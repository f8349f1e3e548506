import { createHash } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { WebSocket } from "ws";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EARLY_TAPS_SCRIPT } from "@clube-coroa/schema/earlyTaps";
import { startTestApp, TestClient, type TestApp } from "./harness.js";

let t: TestApp;
let webDist: string;
beforeAll(async () => {
  webDist = mkdtempSync(join(tmpdir(), "cc-web-"));
  writeFileSync(join(webDist, "index.html"), "<!doctype html><title>Clube Coroa</title><div id=root></div>");
  writeFileSync(join(webDist, "sw.js"), "self.addEventListener('fetch', () => {});");
  t = await startTestApp({ WEB_DIST: webDist });
});
afterAll(() => t?.close());

describe("the HTTP server", () => {
  it("answers /healthz once the database is reachable", async () => {
    const health = await new TestClient(t.url).rest("GET", "/healthz");
    expect(health.status).toBe(200);
    expect(health.body).toMatchObject({ status: "ok", bus: "memory" });
  });

  it("answers /readyz 200 when the database answers (no Redis configured: nothing else to reach)", async () => {
    const ready = await new TestClient(t.url).rest("GET", "/readyz");
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ status: "ready", database: "ok" });
    expect((await new TestClient(t.url).rest("GET", "/healthz")).body).toMatchObject({ bus: "memory", busConnected: true });
  });

  it("sends security headers", async () => {
    const answer = await new TestClient(t.url).rest("GET", "/healthz");
    expect(answer.headers.get("content-security-policy")).toContain("default-src 'self'");
    expect(answer.headers.get("x-content-type-options")).toBe("nosniff");
    expect(answer.headers.get("x-powered-by")).toBeNull();
  });

  it("allows the pages' early-tap script by its hash, and no other inline script", async () => {
    const page = await fetch(`${t.url}/`);
    const scriptSrc = /(?:^|;)script-src ([^;]*)/.exec(page.headers.get("content-security-policy") ?? "")?.[1].split(" ");
    const hash = `'sha256-${createHash("sha256").update(EARLY_TAPS_SCRIPT).digest("base64")}'`;
    expect(scriptSrc).toEqual(["'self'", hash]);
  });

  it("serves the web app for client routes and keeps /api answers in JSON", async () => {
    const client = new TestClient(t.url);
    for (const path of ["/", "/auth", "/perfil", "/mensagens/12"]) {
      const page = await client.rest("GET", path);
      expect(page.status).toBe(200);
      expect(String(page.body)).toContain("<div id=root>");
    }
    const unknown = await client.rest("GET", "/qualquer-coisa");
    expect(unknown.status).toBe(404);
    expect(String(unknown.body)).toContain("<div id=root>");
    const missing = await client.rest("GET", "/api/nao-existe");
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: "NOT_FOUND", error: "Rota não encontrada" });
  });

  it("serves the service worker for revalidation on every visit, allowed by the CSP", async () => {
    const response = await fetch(`${t.url}/sw.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("javascript");
    expect(response.headers.get("cache-control")).toBe("no-cache");
    // A worker falls back to script-src, then default-src: both allow this origin.
    expect(response.headers.get("content-security-policy")).toMatch(/script-src 'self'/);
  });

  it("refuses a body over the size limit with 413 and a Portuguese message", async () => {
    const answer = await new TestClient(t.url).rest("POST", "/api/auth/send-token", { phone: "1".repeat(200_000), countryCode: "BR" });
    expect(answer.status).toBe(413);
    expect(answer.body).toMatchObject({ code: "PAYLOAD_TOO_LARGE", error: "Conteúdo grande demais" });
  });

  it("refuses malformed JSON with 400", async () => {
    const response = await fetch(`${t.url}/api/auth/send-token`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{nope",
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { code: string }).code).toBe("BAD_REQUEST");
  });

  it("refuses GraphQL operations nested too deep", async () => {
    const deep = `query { __schema { types { fields { type { ${"ofType { ".repeat(14)}name${" }".repeat(14)} } } } } }`;
    const answer = await new TestClient(t.url).gql(deep);
    expect(answer.body.errors?.[0].message).toMatch(/Consulta aninhada demais/);
  });

  it("refuses a GraphQL request a cross-site form could send (CSRF prevention)", async () => {
    const response = await fetch(`${t.url}/graphql`, {
      method: "POST",
      headers: { "content-type": "text/plain" },
      body: JSON.stringify({ query: "mutation { logout }" }),
    });
    expect(response.status).toBe(400);
  });

  it("refuses a WebSocket upgrade from another site", async () => {
    const socket = new WebSocket(`${t.url.replace("http", "ws")}/graphql`, "graphql-transport-ws", {
      headers: { origin: "https://evil.example" },
    });
    const status = await new Promise<number | string>((resolve) => {
      socket.on("unexpected-response", (_req, res) => resolve(res.statusCode ?? 0));
      socket.on("open", () => resolve("open"));
      socket.on("error", () => resolve("error"));
    });
    expect(status).toBe(403);
  });
});
