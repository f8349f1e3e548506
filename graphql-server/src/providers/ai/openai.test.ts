import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { loadConfig } from "../../config.js";
import { AppError } from "../../lib/errors.js";
import { createTextImprover } from "../../services.js";
import { OpenAiTextImprover, SYSTEM_PROMPT } from "./openai.js";

/** A small stand-in for an OpenAI-compatible chat completions endpoint. */
class FakeChatApi {
  server: Server;
  url = "";
  delayMs = 0;
  requests: { method: string; path: string; headers: IncomingMessage["headers"]; body: any }[] = [];
  answer: { status: number; body: unknown } = { status: 200, body: {} };

  constructor() {
    this.server = createServer((req, res) => {
      let raw = "";
      req.on("data", (chunk) => (raw += chunk));
      req.on("end", () => {
        this.requests.push({ method: req.method!, path: req.url!, headers: req.headers, body: raw ? JSON.parse(raw) : null });
        setTimeout(() => {
          res.writeHead(this.answer.status, { "content-type": "application/json" });
          res.end(JSON.stringify(this.answer.body));
        }, this.delayMs);
      });
    });
  }
  async start() {
    await new Promise<void>((resolve) => this.server.listen(0, "127.0.0.1", resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1`;
  }
  reply(content: unknown) {
    this.answer = {
      status: 200,
      body: {
        id: "chatcmpl-1",
        object: "chat.completion",
        model: "gpt-test",
        choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }],
      },
    };
  }
  stop() {
    this.server.closeAllConnections();
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

const fake = new FakeChatApi();
beforeAll(() => fake.start());
afterAll(() => fake.stop());
beforeEach(() => {
  fake.requests = [];
  fake.delayMs = 0;
  fake.reply("Texto melhorado.");
});

const improver = (timeoutMs = 2000) => new OpenAiTextImprover({ apiUrl: fake.url, apiKey: "sk-test", model: "gpt-test", timeoutMs });
const input = { title: "Aulas de inglês", description: "dou aulas de ingles online", postType: "oferta" as const };

const failure = async (promise: Promise<unknown>) => {
  const error = await promise.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(AppError);
  expect(error).toMatchObject({ code: "AI_FAILED", message: "Não foi possível melhorar o texto no momento. Tente novamente." });
};

describe("OpenAI-compatible text improver", () => {
  it("posts the model, a Portuguese system prompt and the post to /chat/completions with a bearer key", async () => {
    expect(await improver().improve(input)).toBe("Texto melhorado.");
    expect(fake.requests).toHaveLength(1);
    const [request] = fake.requests;
    expect(request.method).toBe("POST");
    expect(request.path).toBe("/v1/chat/completions");
    expect(request.headers.authorization).toBe("Bearer sk-test");
    expect(request.body.model).toBe("gpt-test");
    expect(request.body.messages[0]).toEqual({ role: "system", content: SYSTEM_PROMPT });
    expect(SYSTEM_PROMPT).toMatch(/1500 caracteres/);
    expect(request.body.messages[1].role).toBe("user");
    expect(request.body.messages[1].content).toContain("Título: Aulas de inglês");
    expect(request.body.messages[1].content).toContain("dou aulas de ingles online");
  });

  it("never answers more than 1500 characters", async () => {
    fake.reply("palavra ".repeat(400));
    expect((await improver().improve(input)).length).toBeLessThanOrEqual(1500);
  });

  it("turns an error status, an empty answer and a timeout into AI_FAILED", async () => {
    fake.answer = { status: 429, body: { error: { message: "Rate limit", type: "rate_limit_exceeded" } } };
    await failure(improver().improve(input));
    fake.reply("");
    await failure(improver().improve(input));
    fake.answer = { status: 200, body: { choices: [] } };
    await failure(improver().improve(input));
    fake.reply("tarde demais");
    fake.delayMs = 300;
    await failure(improver(100).improve(input));
  });

  it("turns an unreachable server into AI_FAILED", async () => {
    const nowhere = new OpenAiTextImprover({ apiUrl: "http://127.0.0.1:9/v1", apiKey: "k", model: "m", timeoutMs: 1000 });
    await failure(nowhere.improve(input));
  });
});

describe("text improver configuration", () => {
  it("defaults to the local improver; openai needs a key and a model", () => {
    expect(createTextImprover(loadConfig({})).kind).toBe("local");
    expect(() => loadConfig({ AI_PROVIDER: "openai" })).toThrow(/AI_API_KEY[\s\S]*AI_MODEL/);
    const config = loadConfig({ AI_PROVIDER: "openai", AI_API_KEY: "k", AI_MODEL: "m", AI_API_URL: "http://127.0.0.1:1/v1" });
    expect(createTextImprover(config).kind).toBe("openai");
  });
});
