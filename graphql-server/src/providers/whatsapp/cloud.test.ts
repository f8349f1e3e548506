import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startTestApp, TestClient, type TestApp } from "../../../test/harness.js";
import { CloudWhatsAppSender } from "./cloud.js";
import { WhatsAppSendError } from "./whatsapp.js";

/** A small stand-in for graph.facebook.com speaking the Cloud API's wire format. */
class FakeCloudApi {
  server: Server;
  url = "";
  requests: { method: string; path: string; headers: IncomingMessage["headers"]; body: any }[] = [];
  answer: { status: number; body: unknown } = {
    status: 200,
    body: { messaging_product: "whatsapp", contacts: [{ input: "x", wa_id: "x" }], messages: [{ id: "wamid.TEST" }] },
  };

  constructor() {
    this.server = createServer((req, res) => {
      let raw = "";
      req.on("data", (chunk) => (raw += chunk));
      req.on("end", () => {
        this.requests.push({ method: req.method!, path: req.url!, headers: req.headers, body: raw ? JSON.parse(raw) : null });
        res.writeHead(this.answer.status, { "content-type": "application/json" });
        res.end(JSON.stringify(this.answer.body));
      });
    });
  }
  async start() {
    await new Promise<void>((resolve) => this.server.listen(0, "127.0.0.1", resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }
  fail(status: number, code: number, message = "error") {
    this.answer = { status, body: { error: { message, type: "OAuthException", code, fbtrace_id: "Axyz" } } };
  }
  stop() {
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

const fake = new FakeCloudApi();
beforeAll(() => fake.start());
afterAll(() => fake.stop());
beforeEach(() => {
  fake.requests = [];
  fake.answer = { status: 200, body: { messaging_product: "whatsapp", contacts: [], messages: [{ id: "wamid.OK" }] } };
});

const sender = () =>
  new CloudWhatsAppSender({
    apiUrl: fake.url,
    apiVersion: "v21.0",
    phoneNumberId: "1234567890",
    accessToken: "secret-token",
    templateName: "codigo_de_acesso",
    templateLanguage: "pt_BR",
  });

describe("WhatsApp Cloud API adapter", () => {
  it("posts the authentication template with the code to the phone number's messages endpoint", async () => {
    await sender().sendLoginCode("5511987654321", "482913");
    expect(fake.requests).toHaveLength(1);
    const [request] = fake.requests;
    expect(request.method).toBe("POST");
    expect(request.path).toBe("/v21.0/1234567890/messages");
    expect(request.headers.authorization).toBe("Bearer secret-token");
    expect(request.headers["content-type"]).toBe("application/json");
    expect(request.body).toEqual({
      messaging_product: "whatsapp",
      recipient_type: "individual",
      to: "5511987654321",
      type: "template",
      template: {
        name: "codigo_de_acesso",
        language: { code: "pt_BR" },
        components: [
          { type: "body", parameters: [{ type: "text", text: "482913" }] },
          { type: "button", sub_type: "url", index: "0", parameters: [{ type: "text", text: "482913" }] },
        ],
      },
    });
  });

  it("posts the new-message template with the sender's name and the offer title", async () => {
    const cloud = new CloudWhatsAppSender({
      apiUrl: fake.url,
      apiVersion: "v21.0",
      phoneNumberId: "1234567890",
      accessToken: "secret-token",
      templateName: "codigo_de_acesso",
      templateLanguage: "pt_BR",
      messageTemplateName: "nova_mensagem",
    });
    await cloud.sendMessageNotification("5511987654321", { senderName: "Ana", offerTitle: "Consultoria de marca" });
    expect(fake.requests[0].path).toBe("/v21.0/1234567890/messages");
    expect(fake.requests[0].body).toEqual({
      messaging_product: "whatsapp",
      recipient_type: "individual",
      to: "5511987654321",
      type: "template",
      template: {
        name: "nova_mensagem",
        language: { code: "pt_BR" },
        components: [
          {
            type: "body",
            parameters: [
              { type: "text", text: "Ana" },
              { type: "text", text: "Consultoria de marca" },
            ],
          },
        ],
      },
    });
  });

  it.each([
    [400, 131026, "recipient"],
    [400, 131030, "recipient"],
    [429, 130429, "rate_limited"],
    [400, 131056, "rate_limited"],
    [401, 190, "configuration"],
    [400, 132001, "configuration"],
    [500, 1, "unavailable"],
  ])("maps an HTTP %i with error code %i to a %s failure", async (status, code, failure) => {
    fake.fail(status, code);
    const error = await sender().sendLoginCode("5511987654321", "111111").catch((e) => e);
    expect(error).toBeInstanceOf(WhatsAppSendError);
    expect(error.failure).toBe(failure);
    expect(error.providerCode).toBe(code);
    expect(error.message).not.toMatch(/OAuthException|error/);
  });

  it("treats an unreachable API as unavailable", async () => {
    const offline = new CloudWhatsAppSender({
      apiUrl: "http://127.0.0.1:9",
      apiVersion: "v21.0",
      phoneNumberId: "1",
      accessToken: "t",
      templateName: "x",
      templateLanguage: "pt_BR",
      timeoutMs: 2000,
    });
    const error = await offline.sendLoginCode("5511987654321", "111111").catch((e) => e);
    expect(error).toBeInstanceOf(WhatsAppSendError);
    expect(error.failure).toBe("unavailable");
  });
});

describe("sign-in through the Cloud API sender", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({
      WHATSAPP_PROVIDER: "cloud",
      WHATSAPP_API_URL: fake.url,
      WHATSAPP_PHONE_NUMBER_ID: "1234567890",
      WHATSAPP_ACCESS_TOKEN: "secret-token",
    });
  });
  afterAll(() => t?.close());

  it("delivers the code through the API and signs in with it; the dev outbox is closed", async () => {
    const client = new TestClient(t.url);
    const sent = await client.rest("POST", "/api/auth/send-token", { phone: "11987654321", countryCode: "BR" });
    expect(sent.status).toBe(200);
    const code = fake.requests[0].body.template.components[0].parameters[0].text;
    expect(code).toMatch(/^\d{6}$/);
    expect((await client.rest("GET", "/api/dev/outbox?phone=5511987654321")).status).toBe(404);
    const info = await client.gql(`{ appInfo { localWhatsapp } }`);
    expect(info.body.data.appInfo.localWhatsapp).toBe(false);
    const verified = await client.rest("POST", "/api/auth/verify-token", { phone: "11987654321", countryCode: "BR", token: code });
    expect(verified.status).toBe(200);
  });

  it("answers 502 with a Portuguese message when WhatsApp refuses, and lets her try again at once", async () => {
    const client = new TestClient(t.url);
    fake.fail(400, 131026, "Message undeliverable");
    const refused = await client.rest("POST", "/api/auth/send-token", { phone: "11987654322", countryCode: "BR" });
    expect(refused.status).toBe(502);
    expect(refused.body).toMatchObject({
      success: false,
      code: "WHATSAPP_SEND_FAILED",
      error: "Não foi possível entregar o código neste número. Confira se ele tem WhatsApp.",
    });
    fake.answer = { status: 200, body: { messaging_product: "whatsapp", contacts: [], messages: [{ id: "wamid.OK" }] } };
    const retry = await client.rest("POST", "/api/auth/send-token", { phone: "11987654322", countryCode: "BR" });
    expect(retry.status).toBe(200);
  });
});
