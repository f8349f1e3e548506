// Starts the real app on a random port against a real database, as the integration tests need:
// PGlite in memory by default, a fresh PostgreSQL database per app when DATABASE_URL is set.
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import pg from "pg";
import { WebSocket } from "ws";
import { cpfCheckDigits } from "@clube-coroa/schema";
import { createClient, type Client as WsClient } from "graphql-ws";
import { TestRunner } from "vitest";
import { createApp, type App } from "../src/app.js";
import { loadConfig, type Config } from "../src/config.js";
import { ManualClock } from "../src/lib/clock.js";
import { SESSION_COOKIE } from "../src/lib/http.js";

export interface TestApp {
  url: string;
  app: App;
  clock: ManualClock;
  config: Config;
  close(): Promise<void>;
}

/** A new empty PostgreSQL database on the server of `baseUrl`; drop() removes it. Benches use it too. */
export async function freshPostgres(baseUrl: string, prefix = "cc_test") {
  const name = `${prefix}_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    async drop() {
      const again = new pg.Client({ connectionString: baseUrl });
      await again.connect();
      await again.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await again.end();
    },
  };
}

/**
 * The PostgreSQL and Redis servers of the tests that need them (two instances sharing a database
 * and a bus): TEST_POSTGRES_URL and TEST_REDIS_URL, else DATABASE_URL and REDIS_URL. And nginx, for
 * the test of the proxy example (deploy/nginx): TEST_NGINX, else Debian's /usr/sbin/nginx when installed.
 */
export const testServers = {
  postgres: process.env.TEST_POSTGRES_URL || process.env.DATABASE_URL || undefined,
  redis: process.env.TEST_REDIS_URL || process.env.REDIS_URL || undefined,
  nginx: process.env.TEST_NGINX || (existsSync("/usr/sbin/nginx") ? "/usr/sbin/nginx" : undefined),
};

const SERVER_NAMES = {
  postgres: ["PostgreSQL", "TEST_POSTGRES_URL"],
  redis: ["Redis", "TEST_REDIS_URL"],
  nginx: ["nginx", "TEST_NGINX to nginx's path (or apt-get install nginx)"],
} as const;

/** Whether every server in `needed` is configured (a suite's beforeAll starts them only then). */
export const serversAvailable = (...needed: (keyof typeof testServers)[]) => needed.every((name) => testServers[name]);

/**
 * The URLs (nginx: the program's path) of the servers the current test needs. When one is not
 * configured the test ends here and is reported as not run, with the reason, so a machine with
 * only Node.js still runs the rest.
 */
export function requireServers<K extends keyof typeof testServers>(...needed: K[]): Record<K, string> {
  const missing = needed.filter((name) => !testServers[name]);
  if (missing.length) {
    const reason = `no ${missing.map((name) => SERVER_NAMES[name][0]).join("/")}: set ${missing.map((name) => SERVER_NAMES[name][1]).join(" and ")}`;
    const test = TestRunner.getCurrentTest();
    if (!test) throw new Error(`requireServers must be called inside a test (${reason})`);
    test.context.skip(reason);
  }
  return Object.fromEntries(needed.map((name) => [name, testServers[name]!])) as Record<K, string>;
}

/**
 * Runs `fn` against two instances of the app sharing one fresh PostgreSQL database and Redis, as
 * two production servers would, both started at the same time as a deployment starts them; then
 * closes both and drops the database.
 */
export async function withTwoInstances(env: Record<string, string>, fn: (a: TestApp, b: TestApp) => Promise<void>) {
  const servers = requireServers("postgres", "redis");
  const database = await freshPostgres(servers.postgres);
  const shared = { REDIS_URL: servers.redis, DATABASE_URL: database.url, ...env };
  try {
    const started = await Promise.allSettled([startTestApp(shared), startTestApp(shared)]);
    try {
      const [a, b] = started.map((result) => {
        if (result.status === "rejected") throw result.reason;
        return result.value;
      });
      await fn(a, b);
    } finally {
      await Promise.all(started.map((result) => (result.status === "fulfilled" ? result.value.close() : undefined)));
    }
  } finally {
    await database.drop();
  }
}

/**
 * An explicit `env.DATABASE_URL` is used as it is and left in place (two instances sharing one
 * database); `DATABASE_URL: ""` asks for the embedded database whatever the run's (a test of the
 * embedded club's own tools, in CI's PostgreSQL pass too); otherwise each app gets its own fresh
 * database. No demo club unless `env` asks for one.
 */
export async function startTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const { DATABASE_URL: explicitUrl, ...rest } = env;
  const baseUrl = explicitUrl !== undefined ? undefined : process.env.DATABASE_URL;
  const database = baseUrl ? await freshPostgres(baseUrl) : null;
  const databaseUrl = explicitUrl || database?.url;
  const config = loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    SEED_DEMO: "never",
    DATA_DIR: "memory",
    WEB_DIST: "/nonexistent",
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...rest,
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

  /** The same browser (a copy of its cookies) talking to another instance. */
  at(baseUrl: string) {
    const other = new TestClient(baseUrl);
    other.cookies = new Map(this.cookies);
    return other;
  }

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

let memberSeq = 0;

/**
 * A member with a session of her own, created in the database (plan and names set). `prefix`
 * keeps phones distinct between test files that share a PostgreSQL server.
 */
export async function createMember(
  t: TestApp,
  prefix: string,
  options: { plan?: "nobreza" | "alteza" | "majestade" | "imperatriz"; nickname?: string; whatsappNotificationsEnabled?: boolean; role?: "superuser" } = {},
) {
  const { prisma, sessions } = t.app.services;
  memberSeq += 1;
  const user = await prisma.user.create({
    data: {
      phone: `${prefix}${String(memberSeq).padStart(13 - prefix.length, "0")}`,
      plan: options.plan ?? "alteza",
      nickname: options.nickname ?? `Parceira ${memberSeq}`,
      fullName: `Maria Souza ${memberSeq}`,
      profileComplete: true,
      whatsappNotificationsEnabled: options.whatsappNotificationsEnabled ?? true,
      ...(options.role ? { role: options.role } : {}),
    },
  });
  const { token } = await sessions.create(prisma, user.id, {});
  const client = new TestClient(t.url);
  client.cookies.set(SESSION_COOKIE, token);
  return { user, client, token };
}

/** An offer of `ownerId` written directly in the database. */
export function createOfferRow(t: TestApp, ownerId: number, type: "collab" | "permuta" | "apoio" = "permuta", title = "Consultoria de marca para confeitarias") {
  return t.app.services.prisma.offer.create({
    data: {
      userId: ownerId,
      postType: "oferta",
      type,
      title,
      description: "Ajudo confeitarias a organizar a identidade visual e as redes sociais.",
      categories: ["Marketing"],
      authorJoinedAt: t.clock.now(),
    },
  });
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until `check` holds (polling every 20 ms), or fails after `timeoutMs`. */
export async function eventually(check: () => boolean | Promise<boolean>, timeoutMs = 5000, what = "condition") {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await check()) return;
    await sleep(20);
  }
  throw new Error(`timed out waiting for ${what}`);
}

/**
 * No frame says when the server has set a subscription up: `poke` (what makes it fire) is repeated,
 * `everyMs` apart, until `received()` holds, or fails after `timeoutMs`.
 */
export async function pokeUntil(poke: () => unknown, received: () => boolean, what: string, { everyMs = 200, timeoutMs = 15_000 } = {}) {
  await eventually(async () => {
    await poke();
    await sleep(everyMs);
    return received();
  }, timeoutMs, what);
}

/** A subscription that keeps every value it receives; give the server a moment before publishing. */
export function collect<T = any>(client: WsClient, query: string, variables?: Record<string, unknown>) {
  const values: T[] = [];
  const errors: unknown[] = [];
  let completed = false;
  const dispose = client.subscribe<T>(
    { query, variables },
    {
      next: (value) => {
        if (value.errors) errors.push(value.errors);
        else values.push(value.data as T);
      },
      error: (error) => errors.push(error),
      complete: () => (completed = true),
    },
  );
  return {
    values,
    errors,
    get completed() {
      return completed;
    },
    dispose,
    async next(count = 1, timeoutMs = 5000) {
      await eventually(() => values.length >= count, timeoutMs, `${count} subscription value(s)`);
      return values[count - 1];
    },
  };
}

/** A WebSocket to /chat or /notifications as an older client opens it, keeping every frame. */
export async function legacySocket(client: TestClient, path: "/chat" | "/notifications", headers: Record<string, string> = {}) {
  const url = client.baseUrl.replace(/^http/, "ws") + path;
  const ws = new WebSocket(url, { headers: { ...(client.cookies.size ? { cookie: client.cookieHeader } : {}), ...headers } });
  const frames: any[] = [];
  let closeCode: number | undefined;
  ws.on("message", (raw) => frames.push(JSON.parse(String(raw))));
  ws.on("close", (code) => (closeCode = code));
  await new Promise<void>((resolve, reject) => {
    ws.once("open", () => resolve());
    ws.once("error", reject);
    ws.once("unexpected-response", (_req, res) => reject(new Error(`upgrade refused: ${res.statusCode}`)));
  });
  return {
    ws,
    frames,
    get closeCode() {
      return closeCode;
    },
    send: (frame: unknown) => ws.send(JSON.stringify(frame)),
    async frame(predicate: (f: any) => boolean, timeoutMs = 5000) {
      await eventually(() => frames.some(predicate), timeoutMs, "a socket frame");
      return frames.find(predicate);
    },
    async closed(timeoutMs = 5000) {
      await eventually(() => closeCode !== undefined, timeoutMs, "the socket to close");
      return closeCode;
    },
    close: () => ws.close(),
  };
}

/** A CPF with valid check digits, different for each seed. */
export function cpfFor(seed: number): string {
  const nine = String(100_000_000 + seed * 7919).slice(-9);
  return nine + cpfCheckDigits(nine);
}
let cpfSeq = 0;

/** Every field of a complete, valid profile (PUT /api/profile, updateProfile), with overrides. */
export function completeProfile(overrides: Record<string, unknown> = {}) {
  return {
    fullName: "Maria Aparecida Souza",
    nickname: "Cida",
    email: "cida@example.com",
    cpf: cpfFor(++cpfSeq),
    birthDate: "1980-05-20",
    cep: "01310-100",
    street: "Avenida Paulista",
    houseNumber: "1000",
    complement: "",
    neighborhood: "Bela Vista",
    city: "São Paulo",
    state: "SP",
    professionalActivity: "Marketing & Comunicação",
    interests: ["Voluntariado", "Marketing & Comunicação"],
    melhorEmail: "",
    website: "",
    linkedin: null,
    miniBio: "",
    acceptedTerms: true,
    acceptedPrivacyPolicy: true,
    acceptedLGPD: true,
    isOver18: true,
    ...overrides,
  };
}
