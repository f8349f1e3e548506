// The built web app as a browser gets it: precompressed assets by Accept-Encoding, cache headers,
// 404 for paths the app has no page for, no source maps; and compressed API answers.
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMember, startTestApp, type TestApp } from "./harness.js";

const ASSET = "/assets/index-Ab12Cd34.js";
const SCRIPT = `console.log(${JSON.stringify("Mural de Parcerias ".repeat(400))});\n`;
const INDEX = `<!doctype html><html lang="pt-BR"><title>Clube Coroa</title><div id=root>${"<p>moldura</p>".repeat(200)}</div>`;
const AUTH = "<!doctype html><title>Entrar</title><div id=root><form>prerendered sign-in</form></div>";
const MAP = '{"version":3,"sources":["../src/secret.tsx"],"mappings":""}';

let t: TestApp;

beforeAll(async () => {
  const webDist = mkdtempSync(join(tmpdir(), "cc-web-"));
  mkdirSync(join(webDist, "assets"));
  writeFileSync(join(webDist, "index.html"), INDEX);
  writeFileSync(join(webDist, "auth.html"), AUTH);
  writeFileSync(join(webDist, "sw.js"), "self.addEventListener('fetch', () => {});");
  writeFileSync(join(webDist, ASSET), SCRIPT);
  // As the build writes them (vite-plugin-compression2): the same bytes, compressed, beside the file.
  writeFileSync(join(webDist, `${ASSET}.br`), brotliCompressSync(SCRIPT));
  writeFileSync(join(webDist, `${ASSET}.gz`), gzipSync(SCRIPT));
  writeFileSync(join(webDist, `${ASSET}.map`), MAP);
  t = await startTestApp({ WEB_DIST: webDist });
});
afterAll(() => t?.close());

interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** The body as the browser shows it, decoded from its Content-Encoding. */
  text: string;
}

/** A request that shows the bytes on the wire (fetch would decode them and ask for gzip and br itself). */
function raw(path: string, headers: Record<string, string> = {}, method = "GET", body?: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${t.url}${path}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => {
        const bytes = Buffer.concat(chunks);
        const encoding = res.headers["content-encoding"];
        const decoded = encoding === "br" ? brotliDecompressSync(bytes) : encoding === "gzip" ? gunzipSync(bytes) : bytes;
        resolve({ status: res.statusCode!, headers: res.headers, body: bytes, text: decoded.toString("utf8") });
      });
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(body);
  });
}

describe("built assets", () => {
  it("sends the brotli file to a browser that accepts br, with Vary and a year's immutable cache", async () => {
    const answer = await raw(ASSET, { "accept-encoding": "gzip, deflate, br, zstd" });
    expect(answer.status).toBe(200);
    expect(answer.headers["content-encoding"]).toBe("br");
    expect(answer.headers.vary).toMatch(/accept-encoding/i);
    expect(answer.headers["content-type"]).toMatch(/javascript/);
    expect(answer.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(answer.body.length).toBeLessThan(SCRIPT.length / 10);
    expect(answer.text).toBe(SCRIPT);
  });

  it("sends the gzip file when only gzip is accepted", async () => {
    const answer = await raw(ASSET, { "accept-encoding": "gzip" });
    expect(answer.headers["content-encoding"]).toBe("gzip");
    expect(answer.headers.vary).toMatch(/accept-encoding/i);
    expect(answer.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(answer.text).toBe(SCRIPT);
  });

  it("sends the file as it is when no compression is accepted", async () => {
    const accepting: Record<string, string>[] = [{}, { "accept-encoding": "identity" }, { "accept-encoding": "br;q=0, gzip;q=0" }];
    for (const headers of accepting) {
      const answer = await raw(ASSET, headers);
      expect(answer.status).toBe(200);
      expect(answer.headers["content-encoding"]).toBeUndefined();
      expect(answer.headers.vary).toMatch(/accept-encoding/i);
      expect(answer.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(answer.body.toString("utf8")).toBe(SCRIPT);
    }
  });

  it("never serves a source map, even one the build left beside its script", async () => {
    for (const path of [`${ASSET}.map`, "/assets/nao-existe.js.map", "/x.js.map", "/index.css.MAP"]) {
      const answer = await raw(path, { "accept-encoding": "gzip" });
      expect({ path, status: answer.status }).toEqual({ path, status: 404 });
      expect(answer.text).not.toContain("mappings");
    }
  });
});

describe("pages", () => {
  it("answers every page of the app with 200 and the app, revalidated on every visit (ETag)", async () => {
    for (const path of ["/", "/perfil", "/perfil/", "/mensagens", "/mensagens/123", "/admin", "/admin-simples", "/?id=kc12"]) {
      const answer = await raw(path, { "accept-encoding": "gzip, br" });
      expect({ path, status: answer.status }).toEqual({ path, status: 200 });
      expect(answer.text).toBe(INDEX);
      expect(answer.headers["content-type"]).toMatch(/text\/html/);
      expect(answer.headers["cache-control"]).toBe("no-cache");
      expect(answer.headers.etag).toBeTruthy();
    }
    const first = await raw("/", { "accept-encoding": "br" });
    expect(first.headers["content-encoding"]).toBe("br");
    expect(first.headers.vary).toMatch(/accept-encoding/i);
    const again = await raw("/", { "accept-encoding": "br", "if-none-match": String(first.headers.etag) });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });

  it("answers /auth with its page prerendered at build time", async () => {
    const answer = await raw("/auth");
    expect(answer.status).toBe(200);
    expect(answer.text).toBe(AUTH);
    expect(answer.headers["cache-control"]).toBe("no-cache");
  });

  it("answers a path the app has no page for with 404 and the app (which shows its 404 page)", async () => {
    for (const path of ["/qualquer-coisa", "/mensagens/1/2", "/admin/x", "/favicon.ico", "/assets/nao-existe.js", "/index.php"]) {
      const answer = await raw(path, { "accept-encoding": "gzip" });
      expect({ path, status: answer.status }).toEqual({ path, status: 404 });
      expect(answer.headers["content-type"]).toMatch(/text\/html/);
      expect(answer.text).toBe(INDEX);
    }
    const head = await raw("/qualquer-coisa", {}, "HEAD");
    expect(head.status).toBe(404);
  });

  it("keeps unknown /api paths a JSON 404 and refuses a malformed path with 400 in Portuguese", async () => {
    const api = await raw("/api/nao-existe");
    expect(api.status).toBe(404);
    expect(JSON.parse(api.text)).toMatchObject({ code: "NOT_FOUND" });
    for (const path of ["/%E0%A4%A", "/assets/%ZZ.js"]) {
      const answer = await raw(path);
      expect({ path, status: answer.status }).toEqual({ path, status: 400 });
      expect(answer.text).toBe("Endereço inválido: confira a codificação dos caracteres");
    }
  });
});

describe("API answers", () => {
  it("compresses a large GraphQL answer as the client accepts, and leaves a small one alone", async () => {
    const query = JSON.stringify({ query: "{ __schema { types { name description } } }" });
    const headers = { "content-type": "application/json" };
    const br = await raw("/graphql", { ...headers, "accept-encoding": "gzip, br" }, "POST", query);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(br.text).data.__schema.types.length).toBeGreaterThan(20);
    const gzip = await raw("/graphql", { ...headers, "accept-encoding": "gzip" }, "POST", query);
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(JSON.parse(gzip.text)).toEqual(JSON.parse(br.text));
    const plain = await raw("/graphql", headers, "POST", query);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(JSON.parse(plain.body.toString("utf8"))).toEqual(JSON.parse(br.text));
    const small = await raw("/healthz", { "accept-encoding": "gzip, br" });
    expect(small.headers["content-encoding"]).toBeUndefined();
  });

  it("still streams the staff's CSV download, compressed, whole", async () => {
    const admin = await createMember(t, "55614");
    const { prisma } = t.app.services;
    await prisma.user.update({ where: { id: admin.user.id }, data: { role: "superuser" } });
    await prisma.user.createMany({
      data: Array.from({ length: 60 }, (_, i) => ({ phone: `556142${String(i).padStart(7, "0")}`, fullName: `Empreendedora ${i}`, state: "SP", shareWithSponsors: true })),
    });
    const answer = await raw("/api/admin/sponsor-users?format=csv", { cookie: admin.client.cookieHeader, "accept-encoding": "gzip" });
    expect(answer.status).toBe(200);
    expect(answer.headers["content-encoding"]).toBe("gzip");
    expect(answer.headers["content-disposition"]).toMatch(/attachment/);
    const rows = parse(answer.text, { bom: true }) as string[][];
    expect(rows).toHaveLength(61);
  });
});
