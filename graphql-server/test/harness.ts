// Starts the real app on a random port against a real database, as the integration tests need:
// PGlite in memory by default, a fresh PostgreSQL database per app when DATABASE_URL is set.
import { randomBytes } from "node:crypto";
import pg from "pg";
import { WebSocket } from "ws";
import { createClient, type Client as WsClient } from "graphql-ws";
import { createApp, type App } from "../src/app.js";
import { loadConfig, type Config } from "../src/config.js";
import { ManualClock } from "../src/lib/clock.js";

export interface TestApp {
  url: string;
  app: App;
  clock: ManualClock;
  config: Config;
  close(): Promise<void>;
}

async function freshPostgres(baseUrl: string) {
  const name = `cc_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const again = new pg.Client({ connectionString: baseUrl });
      await again.connect();
      await again.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await again.end();
    },
  };
}

export async function startTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const baseUrl = process.env.DATABASE_URL;
  const database = baseUrl ? await freshPostgres(baseUrl) : null;
  const config = loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    DATA_DIR: "memory",
    WEB_DIST: "/nonexistent",
    ...(database ? { DATABASE_URL: database.url } : {}),
    ...env,
  });
  const clock = new ManualClock(new Date("2026-03-10T12:00:00Z"));
  const app = await createApp({ config, clock });
  const url = await app.listen(0, "127.0.0.1");
  return {
    url,
    app,
    clock,
    config,
    async close() {
      await app.close();
      await database?.drop();
    },
  };
}

export interface HttpAnswer<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

/** A client as a browser would be: it keeps the cookies the server sets. */
export class TestClient {
  cookies = new Map<string, string>();
  constructor(readonly baseUrl: string) {}

  get cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  async request<T = any>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<HttpAnswer<T>> {
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: {
        ...(body !== undefined ? { "content-type": "application/json" } : {}),
        ...(this.cookies.size ? { cookie: this.cookieHeader } : {}),
        ...headers,
      },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(";");
      const [name, ...rest] = pair.split("=");
      const value = rest.join("=");
      const expired = attributes.some((a) => /expires=thu, 01 jan 1970/i.test(a.trim())) || value === "";
      if (expired) this.cookies.delete(name.trim());
      else this.cookies.set(name.trim(), value);
    }
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // not JSON: keep the text
    }
    return { status: response.status, body: parsed as T, headers: response.headers };
  }

  rest<T = any>(method: string, path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request<T>(method, path, body, headers);
  }

  async gql<T = any>(query: string, variables?: Record<string, unknown>, headers?: Record<string, string>) {
    const answer = await this.request<{ data?: T; errors?: { message: string; extensions?: { code?: string } }[] }>(
      "POST",
      "/graphql",
      { query, variables },
      headers,
    );
    return answer;
  }

  ws(): WsClient {
    const url = this.baseUrl.replace(/^http/, "ws") + "/graphql";
    const cookie = this.cookieHeader;
    return createClient({
      url,
      webSocketImpl: class extends WebSocket {
        constructor(address: string, protocols?: string | string[]) {
          super(address, protocols, { headers: cookie ? { cookie } : {} });
        }
      },
      retryAttempts: 0,
      lazy: true,
    });
  }
}

/** The newest code the local WhatsApp sender wrote for a phone (E.164 digits). */
export async function lastCode(client: TestClient, phoneDigits: string): Promise<string> {
  const outbox = await client.rest<{ phone: string; code: string }[]>("GET", `/api/dev/outbox?phone=${phoneDigits}`);
  if (!outbox.body.length) throw new Error(`no code sent to ${phoneDigits}`);
  return outbox.body[0].code;
}

/** Signs a client in over REST with a Brazilian mobile number; answers the user object. */
export async function signIn(client: TestClient, localNumber: string, extra: Record<string, unknown> = {}) {
  const sent = await client.rest("POST", "/api/auth/send-token", { phone: localNumber, countryCode: "BR" });
  if (sent.status !== 200) throw new Error(`send-token failed: ${JSON.stringify(sent.body)}`);
  const code = await lastCode(client, `55${localNumber}`);
  const verified = await client.rest("POST", "/api/auth/verify-token", {
    phone: localNumber,
    countryCode: "BR",
    token: code,
    ...extra,
  });
  if (verified.status !== 200) throw new Error(`verify-token failed: ${JSON.stringify(verified.body)}`);
  return verified.body.user as { id: number; phone: string; plan: string; profileComplete: boolean };
}

/** Collects the next value of a subscription. */
export function nextValue<T = any>(client: WsClient, query: string, variables?: Record<string, unknown>) {
  return new Promise<{ data?: T; errors?: readonly { message: string }[] }>((resolve, reject) => {
    const dispose = client.subscribe<T>(
      { query, variables },
      {
        next: (value) => {
          resolve(value as { data?: T });
          dispose();
        },
        error: (error) => reject(error),
        complete: () => undefined,
      },
    );
  });
}
