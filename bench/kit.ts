// What the benches share: the server started as production runs it (its own Node process) and
// autocannon's phases printed one line each.
import { spawn } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import type { EventEmitter } from "node:events";
import { existsSync, readFileSync } from "node:fs";
import { createServer } from "node:net";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import type pg from "pg";
import { BRAZILIAN_STATES, PROFESSIONAL_ACTIVITIES, SPONSOR_FILTERS } from "../schema/src/index.js";
import { SESSION_COOKIE } from "../graphql-server/src/lib/http.js";

export interface AutocannonResult {
  errors: number;
  timeouts: number;
  non2xx: number;
  mismatches: number;
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; max: number };
}
export interface AutocannonOptions {
  url: string;
  connections: number;
  duration: number;
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  body?: string;
  /** Autocannon's own threads (1: the load is generated off the bench's main thread). */
  workers?: number;
  /** Requests each connection cycles through, instead of one url/method/body. */
  requests?: { method: "GET" | "POST"; path: string; headers?: Record<string, string>; body?: string }[];
}
type AutocannonRun = EventEmitter & PromiseLike<AutocannonResult>;
export const autocannon = createRequire(import.meta.url)("autocannon") as (options: AutocannonOptions) => AutocannonRun;

const ROOT = fileURLToPath(new URL("..", import.meta.url));
export const ms = (v: number) => (Number.isFinite(v) ? `${v.toFixed(v < 10 ? 2 : 1)}ms` : "n/a");

/** A free TCP port on the loopback for the child server. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

const COMPILED_MAIN = "graphql-server/dist/main.js";

/**
 * The environment and Node options of `npm run serve` (package.json), which `npm start` runs: the
 * benches start the server with them. The script is `[NAME=value …] node [options] main.js`.
 */
function serveCommand() {
  const serve = (JSON.parse(readFileSync(`${ROOT}/package.json`, "utf8")) as { scripts: Record<string, string> }).scripts.serve;
  const words = serve.split(/\s+/);
  const env: Record<string, string> = {};
  while (/^[A-Z_][A-Z0-9_]*=/.test(words[0] ?? "")) {
    const [name, ...value] = words.shift()!.split("=");
    env[name] = value.join("=");
  }
  if (words[0] !== "node" || words.at(-1) !== COMPILED_MAIN) throw new Error(`package.json's serve script is not "[NAME=value …] node [options] ${COMPILED_MAIN}": ${serve}`);
  return { env, flags: words.slice(1, -1) };
}

/**
 * How the child runs the server: the compiled build when there is one, with the environment and
 * Node options of `npm run serve`, as `npm start` runs it; else the sources through tsx's loader in
 * the same Node process (no extra process between), with the same options.
 */
export function serverCommand(extraFlags: string[] = []) {
  const serve = serveCommand();
  const env = serve.env;
  // Extra options (a bench's diagnosis: --cpu-prof, --trace-gc, …) after the serve script's, so they win.
  const flags = [...serve.flags, ...extraFlags];
  const prefix = Object.entries(env).map(([name, value]) => `${name}=${value} `).join("");
  if (existsSync(`${ROOT}/${COMPILED_MAIN}`)) return { env, args: [...flags, COMPILED_MAIN], describe: `${prefix}node ${[...flags, COMPILED_MAIN].join(" ")} (compiled)` };
  const args = [...flags, "--import", "tsx", "graphql-server/src/main.ts"];
  return { env, args, describe: `${prefix}node ${args.join(" ")} (no ${COMPILED_MAIN}: TypeScript compiled at run time)` };
}

/** The server as production runs it: its own Node process. `stop()` ends it (SIGTERM, then SIGKILL after 10 s). */
export async function startServer(databaseUrl: string, env: Record<string, string> = {}, nodeArgs: string[] = []) {
  const port = await freePort();
  const command = serverCommand(nodeArgs);
  const child = spawn(process.execPath, command.args, {
    cwd: ROOT,
    env: {
      ...process.env,
      ...command.env,
      NODE_ENV: process.env.NODE_ENV ?? "production",
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? "warn",
      DATA_DIR: "memory",
      WEB_DIST: "/nonexistent",
      SEED_DEMO: "never",
      ALLOW_LOCAL_PAYMENTS_IN_PRODUCTION: "true",
      ALLOW_LOCAL_WHATSAPP_IN_PRODUCTION: "true",
      BILLING_SWEEP_SECONDS: "86400",
      GRAPHQL_ANONYMOUS_PER_MINUTE: "1000000000",
      ...env,
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const url = `http://127.0.0.1:${port}`;
  const until = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > until) throw new Error("the server did not answer /healthz within 60 s");
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    const killer = setTimeout(() => child.kill("SIGKILL"), 10_000);
    await exited;
    clearTimeout(killer);
  };
  return { child, url, stop };
}

/** Clock ticks per second of /proc/<pid>/stat's times (USER_HZ: 100 on Linux). */
const USER_HZ = 100;

/** A process's resident memory (VmRSS, bytes) from /proc: that process only, not its parent's. */
export const rssOf = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? NaN) * 1024;

/** CPU seconds (user + system, every thread of that process) a process has used, from /proc/<pid>/stat. */
export function cpuSecondsOf(pid: number) {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  // The command name (field 2) may hold spaces; the fields after its closing parenthesis are fixed.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) / USER_HZ; // utime, stime (fields 14 and 15)
}

/**
 * Samples one process (a server child, never the bench) from start() to stop(): its CPU as % of
 * one core over the stretch, and its RSS at the end and at its peak (every 100 ms).
 */
export function watchProcess(pid: number) {
  let cpu0 = 0;
  let t0 = 0;
  let peakRss = 0;
  let timer: NodeJS.Timeout | undefined;
  const sample = () => {
    try {
      peakRss = Math.max(peakRss, rssOf(pid));
    } catch {
      // the process ended; stop() reports what was seen
    }
  };
  return {
    start() {
      cpu0 = cpuSecondsOf(pid);
      t0 = performance.now();
      peakRss = 0;
      sample();
      timer = setInterval(sample, 100);
    },
    stop() {
      clearInterval(timer);
      const cpuPercent = ((cpuSecondsOf(pid) - cpu0) / ((performance.now() - t0) / 1000)) * 100;
      const rss = rssOf(pid);
      return { cpuPercent, rss, peakRss: Math.max(peakRss, rss) };
    },
  };
}

/**
 * One autocannon phase, printed on one line: after an unmeasured 1 s run (connections opened, code
 * warmed), rps, p50, p99, max and errors (failed requests, timeouts, non-2xx answers). With a
 * server's pid, also that process's CPU time per answer (every thread of it; never the bench's).
 */
export async function cannon(name: string, options: AutocannonOptions, serverPid?: number) {
  await autocannon({ ...options, duration: 1 });
  const cpu0 = serverPid === undefined ? 0 : cpuSecondsOf(serverPid);
  const result = await autocannon(options);
  const cpuPerAnswerUs = serverPid === undefined ? NaN : ((cpuSecondsOf(serverPid) - cpu0) * 1e6) / Math.max(1, result.requests.total);
  const errors = result.errors + result.timeouts + result.non2xx + result.mismatches;
  const rate = errors / Math.max(1, result.requests.total - result.non2xx - result.mismatches + errors);
  console.log(
    `${name.padEnd(28)} rps=${result.requests.average.toFixed(0).padEnd(6)} p50=${ms(result.latency.p50).padEnd(8)} ` +
      `p99=${ms(result.latency.p99).padEnd(8)} max=${ms(result.latency.max).padEnd(8)} errors=${errors}` +
      (Number.isFinite(cpuPerAnswerUs) ? `  server CPU ${cpuPerAnswerUs.toFixed(0)}µs/answer` : ""),
  );
  return { p99: result.latency.p99, errors, rate, cpuPerAnswerUs };
}

/**
 * A session for each of these members, stored as the session store stores it (sha256 of the token),
 * in one statement: each member's cookie header, by her id.
 */
export async function sessionCookies(client: pg.Client, userIds: number[]) {
  const tokens = new Map(userIds.map((id) => [id, randomBytes(32).toString("base64url")]));
  await client.query(
    `INSERT INTO "Session" ("tokenHash", "userId", "expiresAt")
     SELECT unnest($1::text[]), unnest($2::int[]), now() + interval '1 day'`,
    [[...tokens.values()].map((token) => createHash("sha256").update(token).digest("hex")), [...tokens.keys()]],
  );
  return new Map([...tokens].map(([id, token]) => [id, `${SESSION_COOKIE}=${token}`]));
}

/**
 * `count` members generated inside PostgreSQL (INSERT … SELECT over generate_series): half consenting
 * to share with sponsors, states, plans, sponsor fields and birth dates spread (a tenth without).
 */
export async function seedMembers(client: pg.Client, count: number) {
  const states = BRAZILIAN_STATES.map(([uf]) => uf);
  await client.query(
    `INSERT INTO "User" (phone, plan, state, city, "createdAt", "updatedAt", nickname, "fullName", email, "professionalActivity",
                         "birthDate", "businessType", "serviceType", "entrepreneurProfile", "shareWithSponsors", "profileComplete",
                         interests, "lastSeenAt")
     SELECT '5511' || lpad(g::text, 9, '0'),
            (CASE WHEN g % 100 < 60 THEN 'nobreza' WHEN g % 100 < 85 THEN 'alteza'
                  WHEN g % 100 < 97 THEN 'majestade' ELSE 'imperatriz' END)::"Plan",
            ($1::text[])[1 + (g * 7) % array_length($1::text[], 1)],
            'Cidade ' || (g % 500),
            now() - make_interval(days => (g * 37) % 1500, secs => g),
            now(),
            'Parceira ' || g,
            'Empreendedora ' || g || ' da Silva',
            'parceira' || g || '@example.com',
            ($2::text[])[1 + g % array_length($2::text[], 1)],
            CASE WHEN g % 10 = 0 THEN NULL ELSE date '1950-01-01' + (g * 7919) % 20800 END,
            CASE WHEN g % 7 = 0 THEN NULL ELSE ($3::text[])[1 + (g / 2) % 2] END,
            CASE WHEN g % 5 = 0 THEN NULL ELSE ($4::text[])[1 + g % 3] END,
            CASE WHEN g % 6 = 0 THEN NULL ELSE ($5::text[])[1 + (g / 3) % 3] END,
            g % 2 = 0,
            g % 10 <> 0,
            ARRAY['Moda', 'Voluntariado'],
            now() - make_interval(mins => g % 10000)
     FROM generate_series(1, $6::int) AS g`,
    [states, [...PROFESSIONAL_ACTIVITIES], [...SPONSOR_FILTERS.businessType], [...SPONSOR_FILTERS.serviceType], [...SPONSOR_FILTERS.profile], count],
  );
}
