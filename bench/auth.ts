// Benchmark of the real server in-process: /healthz, the `me` GraphQL query with a session
// cookie, and the WhatsApp sign-in round trip (send-token → dev outbox → verify-token).
//
//   npx tsx bench/auth.ts                                              # PGlite in memory
//   DATABASE_URL=postgresql://postgres@127.0.0.1:5432/test npx tsx bench/auth.ts
//
// With DATABASE_URL a fresh database cc_bench_<random> is created from that URL and dropped at
// the end. Durations can be changed with BENCH_SECONDS (default 8) and BENCH_CONNECTIONS (10).
// Exits 1 when a phase has more than 1% errors.
import type { EventEmitter } from "node:events";
import { createRequire } from "node:module";
import { availableParallelism, cpus } from "node:os";
import { performance } from "node:perf_hooks";
import { createApp, type App } from "../graphql-server/src/app.js";
import { loadConfig } from "../graphql-server/src/config.js";
import { freshPostgres } from "../graphql-server/test/harness.js";

// autocannon ships no type declarations (and @types/autocannon is not installed): load it through
// require with the small part of its API used here typed by hand.
interface AutocannonResult {
  duration: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  mismatches: number;
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
}
interface AutocannonOptions {
  url: string;
  connections: number;
  duration: number;
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  body?: string;
  expectBody?: string;
  warmup?: { connections: number; duration: number };
}
type AutocannonRun = EventEmitter & PromiseLike<AutocannonResult>;
const autocannon = createRequire(import.meta.url)("autocannon") as (options: AutocannonOptions) => AutocannonRun;

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const WORKERS = CONNECTIONS;
const MAX_ERROR_RATE = 0.01;
const ME_QUERY = "query { me { id plan } }";

interface PhaseResult {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  total: number;
  errors: number;
  detail: string;
}

function percentile(sorted: number[], p: number) {
  if (!sorted.length) return NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index];
}

const ms = (value: number) => (Number.isFinite(value) ? `${value.toFixed(value < 10 ? 2 : 1)}ms` : "n/a");

function printPhase(r: PhaseResult) {
  const rate = r.total + r.errors ? (100 * r.errors) / (r.total + r.errors) : 0;
  console.log(
    `${r.name.padEnd(9)} rps=${r.rps.toFixed(r.rps < 100 ? 1 : 0).padEnd(7)} p50=${ms(r.p50).padEnd(8)} p99=${ms(r.p99).padEnd(8)} ` +
      `ok=${String(r.total).padEnd(7)} errors=${r.errors} (${rate.toFixed(2)}%)${r.detail ? `  ${r.detail}` : ""}`,
  );
}

/** One autocannon run; latencies are taken from every 2xx response with sub-millisecond precision. */
async function cannon(name: string, options: AutocannonOptions): Promise<PhaseResult> {
  const latencies: number[] = [];
  const run = autocannon({ warmup: { connections: options.connections, duration: 1 }, ...options });
  run.on("response", (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
    if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
  });
  const result = await run;
  latencies.sort((a, b) => a - b);
  const errors = result.errors + result.timeouts + result.non2xx + result.mismatches;
  const parts = [
    result.errors && `socket=${result.errors}`,
    result.timeouts && `timeouts=${result.timeouts}`,
    result.non2xx && `non2xx=${result.non2xx}`,
    result.mismatches && `wrongBody=${result.mismatches}`,
  ].filter(Boolean);
  return {
    name,
    rps: result.requests.average,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    total: Math.max(0, result.requests.total - result.non2xx - result.mismatches),
    errors,
    detail: parts.join(" "),
  };
}

const SESSION_COOKIE_RE = /^(coroa_session=[^;]+)/;

/** send-token → newest code in the dev outbox → verify-token; answers the session cookie. */
async function signIn(baseUrl: string, localNumber: string): Promise<string> {
  const json = { "content-type": "application/json" };
  const sent = await fetch(`${baseUrl}/api/auth/send-token`, {
    method: "POST",
    headers: json,
    body: JSON.stringify({ phone: localNumber, countryCode: "BR" }),
  });
  if (sent.status !== 200) throw new Error(`send-token ${sent.status}: ${await sent.text()}`);
  await sent.arrayBuffer();
  const outbox = await fetch(`${baseUrl}/api/dev/outbox?phone=55${localNumber}`);
  if (outbox.status !== 200) throw new Error(`outbox ${outbox.status}: ${await outbox.text()}`);
  const entries = (await outbox.json()) as { code: string }[];
  if (!entries.length) throw new Error(`no code in the outbox for 55${localNumber}`);
  const verified = await fetch(`${baseUrl}/api/auth/verify-token`, {
    method: "POST",
    headers: json,
    body: JSON.stringify({ phone: localNumber, countryCode: "BR", token: entries[0].code }),
  });
  if (verified.status !== 200) throw new Error(`verify-token ${verified.status}: ${await verified.text()}`);
  await verified.arrayBuffer();
  const cookie = verified.headers
    .getSetCookie()
    .map((line) => SESSION_COOKIE_RE.exec(line)?.[1])
    .find(Boolean);
  if (!cookie) throw new Error("verify-token set no session cookie");
  return cookie;
}

/** Brazilian mobile numbers 11 9xxxx-xxxx, one per sign-in: 119 + 8-digit sequence. */
const phoneNumber = (sequence: number) => `119${String(sequence).padStart(8, "0")}`;

async function signInPhase(baseUrl: string): Promise<PhaseResult> {
  const durations: number[] = [];
  const failures = new Map<string, number>();
  let next = 1; // 0 is the `me` phase's member
  let failed = 0;
  const started = performance.now();
  const deadline = started + SECONDS * 1000;

  async function worker() {
    while (performance.now() < deadline) {
      const phone = phoneNumber(next++);
      const t0 = performance.now();
      try {
        await signIn(baseUrl, phone);
        durations.push(performance.now() - t0);
      } catch (error) {
        failed++;
        const reason = (error instanceof Error ? error.message : String(error)).slice(0, 120);
        failures.set(reason, (failures.get(reason) ?? 0) + 1);
      }
    }
  }
  await Promise.all(Array.from({ length: WORKERS }, worker));
  const elapsed = (performance.now() - started) / 1000;
  durations.sort((a, b) => a - b);
  for (const [reason, count] of failures) console.log(`  sign-in failure x${count}: ${reason}`);
  return {
    name: "sign-in",
    rps: durations.length / elapsed,
    p50: percentile(durations, 50),
    p99: percentile(durations, 99),
    total: durations.length,
    errors: failed,
    detail: `workers=${WORKERS} (3 requests per round trip)`,
  };
}

async function main() {
  const database = process.env.DATABASE_URL ? await freshPostgres(process.env.DATABASE_URL, "cc_bench") : null;
  let app: App | undefined;
  const cleanUp = async () => {
    await app?.close().catch((error: unknown) => console.error("closing the app failed:", error));
    await database?.drop().catch((error: unknown) => console.error(`dropping ${database.name} failed:`, error));
  };
  process.once("SIGINT", () => void cleanUp().finally(() => process.exit(130)));

  try {
    const big = "1000000000";
    const config = loadConfig({
      NODE_ENV: "test",
      LOG_LEVEL: "silent",
      SEED_DEMO: "never",
      DATA_DIR: "memory",
      WEB_DIST: "/nonexistent",
      OTP_SENDS_PER_IP_PER_HOUR: big,
      OTP_VERIFIES_PER_IP_PER_10MIN: big,
      OTP_SENDS_PER_PHONE_PER_HOUR: big,
      OTP_RESEND_COOLDOWN_SECONDS: "0",
      ...(database ? { DATABASE_URL: database.url } : {}),
    });
    app = await createApp({ config });
    const url = await app.listen(0, "127.0.0.1");

    const health = (await (await fetch(`${url}/healthz`)).json()) as { database?: string };
    const cpu = cpus()[0]?.model?.trim() ?? "unknown CPU";
    console.log(`database  ${database ? `PostgreSQL (${database.name})` : "PGlite in memory"}  [healthz: ${health.database ?? "?"}]`);
    console.log(`node      ${process.version}  cores=${availableParallelism()}  ${cpu}`);
    console.log(`settings  ${SECONDS}s per phase, ${CONNECTIONS} connections / workers, 1s autocannon warm-up`);

    const results: PhaseResult[] = [];

    results.push(await cannon("healthz", { url: `${url}/healthz`, connections: CONNECTIONS, duration: SECONDS }));
    printPhase(results.at(-1)!);

    const cookie = await signIn(url, phoneNumber(0));
    const body = JSON.stringify({ query: ME_QUERY });
    const headers = { "content-type": "application/json", cookie };
    const check = await fetch(`${url}/graphql`, { method: "POST", headers, body });
    const expected = await check.text();
    const parsed = JSON.parse(expected) as { data?: { me?: { id?: unknown } | null } };
    if (check.status !== 200 || !parsed.data?.me?.id) throw new Error(`me query is not signed in: ${check.status} ${expected}`);
    results.push(
      await cannon("me", {
        url: `${url}/graphql`,
        method: "POST",
        headers,
        body,
        expectBody: expected,
        connections: CONNECTIONS,
        duration: SECONDS,
      }),
    );
    printPhase(results.at(-1)!);

    results.push(await signInPhase(url));
    printPhase(results.at(-1)!);

    const failing = results.filter((r) => r.errors / Math.max(1, r.total + r.errors) > MAX_ERROR_RATE);
    if (failing.length) console.log(`FAILED: more than 1% errors in ${failing.map((r) => r.name).join(", ")}`);
    return failing.length ? 1 : 0;
  } finally {
    await cleanUp();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
