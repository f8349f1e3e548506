import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startTestApp, signIn, TestClient } from "../../../test/harness.js";
import { LocalCepLookup } from "./local.js";
import { ViaCepLookup } from "./viacep.js";

/** A small stand-in for viacep.com.br speaking its wire format. */
class FakeViaCep {
  server: Server;
  url = "";
  paths: string[] = [];
  answer: { status: number; body: string; delayMs?: number } = { status: 200, body: "{}" };

  constructor() {
    this.server = createServer((req, res) => {
      this.paths.push(req.url!);
      const send = () => {
        res.writeHead(this.answer.status, { "content-type": "application/json; charset=utf-8" });
        res.end(this.answer.body);
      };
      if (this.answer.delayMs) setTimeout(send, this.answer.delayMs);
      else send();
    });
  }
  async start() {
    await new Promise<void>((resolve) => this.server.listen(0, "127.0.0.1", resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/ws`;
  }
  stop() {
    this.server.closeAllConnections();
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

const PAULISTA = {
  cep: "01310-100",
  logradouro: "Avenida Paulista",
  complemento: "de 612 a 1510 - lado par",
  unidade: "",
  bairro: "Bela Vista",
  localidade: "São Paulo",
  uf: "SP",
  estado: "São Paulo",
  regiao: "Sudeste",
  ibge: "3550308",
  gia: "1004",
  ddd: "11",
  siafi: "7107",
};

const fake = new FakeViaCep();
beforeAll(() => fake.start());
afterAll(() => fake.stop());
beforeEach(() => {
  fake.paths = [];
  fake.answer = { status: 200, body: JSON.stringify(PAULISTA) };
});

describe("ViaCEP adapter", () => {
  it("asks GET /ws/{cep}/json/ and maps the answer to the form's address fields", async () => {
    const address = await new ViaCepLookup({ apiUrl: fake.url }).lookup("01310100");
    expect(fake.paths).toEqual(["/ws/01310100/json/"]);
    expect(address).toEqual({ cep: "01310-100", street: "Avenida Paulista", neighborhood: "Bela Vista", city: "São Paulo", state: "SP" });
  });

  it("answers null for ViaCEP's { erro: true } (also the string form) and for a bad CEP without asking", async () => {
    fake.answer = { status: 200, body: JSON.stringify({ erro: true }) };
    expect(await new ViaCepLookup({ apiUrl: fake.url }).lookup("99999999")).toBeNull();
    fake.answer = { status: 200, body: JSON.stringify({ erro: "true" }) };
    expect(await new ViaCepLookup({ apiUrl: fake.url }).lookup("99999999")).toBeNull();
    expect(await new ViaCepLookup({ apiUrl: fake.url }).lookup("123")).toBeNull();
    expect(fake.paths).toHaveLength(2);
  });

  it("keeps empty street and neighbourhood as null (single-CEP towns)", async () => {
    fake.answer = { status: 200, body: JSON.stringify({ ...PAULISTA, cep: "78175-000", logradouro: "", bairro: "", localidade: "Poconé", uf: "MT" }) };
    expect(await new ViaCepLookup({ apiUrl: fake.url }).lookup("78175000")).toEqual({
      cep: "78175-000",
      street: null,
      neighborhood: null,
      city: "Poconé",
      state: "MT",
    });
  });

  it.each([
    ["a 400", { status: 400, body: "<h1>Bad Request</h1>" }],
    ["a 500", { status: 500, body: "oops" }],
    ["a body that is not JSON", { status: 200, body: "<html>" }],
    ["a timeout", { status: 200, body: JSON.stringify(PAULISTA), delayMs: 500 }],
  ])("fails silently (null) on %s", async (_name, answer) => {
    fake.answer = answer;
    expect(await new ViaCepLookup({ apiUrl: fake.url, timeoutMs: 200 }).lookup("01310100")).toBeNull();
  });

  it("fails silently when the service is unreachable", async () => {
    expect(await new ViaCepLookup({ apiUrl: "http://127.0.0.1:9/ws", timeoutMs: 1000 }).lookup("01310100")).toBeNull();
  });
});

describe("built-in CEP table", () => {
  it("knows a few real CEPs and nothing else", async () => {
    const local = new LocalCepLookup();
    expect(await local.lookup("20040020")).toMatchObject({ city: "Rio de Janeiro", state: "RJ" });
    expect(await local.lookup("40020000")).toMatchObject({ city: "Salvador", state: "BA" });
    expect(await local.lookup("12345678")).toBeNull();
  });
});

describe("address lookup through ViaCEP in the app", () => {
  it("serves GET /api/address/{cep} from the configured provider", async () => {
    const t = await startTestApp({ CEP_PROVIDER: "viacep", CEP_API_URL: fake.url });
    try {
      const client = new TestClient(t.url);
      await signIn(client, "21977770001");
      const found = await client.rest("GET", "/api/address/01310-100");
      expect(found.body).toMatchObject({ city: "São Paulo", state: "SP" });
      fake.answer = { status: 200, body: JSON.stringify({ erro: true }) };
      expect((await client.rest("GET", "/api/address/99999999")).status).toBe(404);
    } finally {
      await t.close();
    }
  });
});
