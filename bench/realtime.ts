// Benchmark of real-time delivery with every server instance in its own Node process, as a
// deployment runs them (one PostgreSQL database; Redis for the bus when there are two):
// - one instance (in-process bus): 1,000 graphql-ws subscribers (`messageAdded`) over 100
//   conversations (10 sockets per conversation, 5 for each of its two members), messages sent with
//   the GraphQL `sendMessage` mutation over HTTP at 200 per second;
// - two instances sharing Redis: senders on A, half of each conversation's subscribers on A and
//   half on B (so every message is delivered both in-process and through Redis);
// each for five consecutive runs, printing delivery latency p50/p95/p99/max (send start → receipt),
// losses and each server process's CPU and RSS; then
// - the ceiling: the rate is stepped up (200, 300, 500, 700, 1000, …) on one instance until a step
//   misses (p99 ≥ 100 ms, a delivery lost, a send failed); the highest passing rate is printed with
//   the server process's CPU and RSS at each step;
// - the HTTP requests per minute of an idle signed-in member's browser, counted from web/src.
//
//   NODE_ENV=production DATABASE_URL=postgresql://postgres@127.0.0.1:5432/test REDIS_URL=redis://127.0.0.1:6379 npx tsx bench/realtime.ts
//
// Both URLs are required. A fresh database cc_bench_<random> is created and dropped at the end.
// Flags (or their environment variables): --runs N (BENCH_RUNS, 5), --seconds N (BENCH_SECONDS,
// 30: measured sending per run), --rate N (BENCH_RATE, 200/s), --ceiling-rates 200,300,…
// (BENCH_CEILING_RATES), --ceiling-seconds N (BENCH_CEILING_SECONDS, 10), --only one,two,ceiling,idle
// (BENCH_ONLY). BENCH_LOG_LEVEL (warn) is the servers' log level; BENCH_CPU_PROF=<dir> has each
// server process write a V8 CPU profile (.cpuprofile) there when it stops.
//
// The servers run `graphql-server/dist/main.js` when it exists, else the sources through tsx (the
// line "server" says which). The bench's clients live in this process: the subscriber sockets in one
// worker thread, the sender in another. CPU is the server process's own (utime + stime of all its
// threads from /proc/<pid>/stat, % of one core over the measured stretch), RSS its VmRSS: the bench's
// threads are not counted. On a machine with few cores the clients compete with the servers: the
// bench process's CPU and its subscriber thread's event-loop delay are printed to show it.
// Exits 1 when a run loses a delivery, a send fails, a run's p99 is 100 ms or more, the ceiling is
// below 500 messages a second, or an idle member's browser makes more than 1 request per minute.
import type { ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import http from "node:http";
import { createRequire } from "node:module";
import { availableParallelism, cpus, loadavg } from "node:os";
import { dirname, join, relative } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { inspect, parseArgs } from "node:util";
import { monitorEventLoopDelay, performance, PerformanceObserver } from "node:perf_hooks";
import { isMainThread, parentPort, Worker, workerData } from "node:worker_threads";
import pg from "pg";
import { WebSocket } from "ws";
import { createClient, type Client as WsClient } from "graphql-ws";
import { TIMINGS } from "../schema/src/index.js";
import { freshPostgres } from "../graphql-server/test/harness.js";
import { rssOf, serverCommand, sessionCookies, startServer, watchProcess } from "./kit.js";

const CONVERSATIONS = 100;
const SUBSCRIBERS_PER_CONVERSATION = 10;
const WARMUP_SECONDS = 3; // sent at the same rate before measuring, not counted
const DRAIN_MS = 5000; // a delivery not received this long after sending stopped is lost
// With a rolling restart a socket may be in its client's backoff (1 s doubling to 30 s) when sending
// stops: it catches up when it reconnects, so it is given up to a backoff's longest wait and a page.
const ROLLING_DRAIN_MS = 45_000;
const P99_TARGET_MS = 100;
const CEILING_GOAL = 500; // messages per second one instance should sustain
const IDLE_TARGET_PER_MINUTE = 1;
const RUN = randomBytes(4).toString("hex"); // other runs may share the Redis channels

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const now = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const SEND = `mutation Send($c: Int!, $m: String!) {
  sendMessage(conversationId: $c, content: $m) { __typename ... on Message { id } ... on AppError { code message } } }`;
const ADDED = `subscription Added($c: Int!) { messageAdded(conversationId: $c) { id conversationId content } }`;
// As the web thread sends (Thread.tsx): every message with its key, the same key when it is sent again.
const SEND_KEYED = `mutation Send($c: Int!, $m: String!, $k: String) {
  sendMessage(conversationId: $c, content: $m, clientMessageId: $k) { __typename ... on Message { id } ... on AppError { code message } } }`;
// The web thread's catch-up after a reconnect (Thread.tsx, onSocketConnected): the messages after the
// last one seen, a page of THREAD_LIMIT (200) at a time until a page is not full.
const CATCH_UP = `query Messages($conversationId: Int!, $after: Int, $limit: Int) {
  messages(conversationId: $conversationId, after: $after, limit: $limit) { id conversationId content } }`;
const CATCH_UP_PAGE = 200;
const CATCH_UP_MAX_PAGES = 20;
/** A failed catch-up page is asked again, 1 s then 2 s later (Thread.tsx: CATCH_UP_ATTEMPTS, CATCH_UP_RETRY_MS). */
const CATCH_UP_ATTEMPTS = 3;
const CATCH_UP_RETRY_MS = 1000;
const CATCH_UP_AGAIN_MS = 3000; // Thread.tsx: the catch-up runs once more this long after a reconnect
/** A rolling-restart send is tried again (same key, another ready instance) for this long before it counts as failed. */
const SEND_RETRY_MS = 30_000;
/** How often the bench's "proxy" asks each instance's /readyz (a proxy's readiness check). */
const READY_POLL_MS = 200;

function options() {
  const { values } = parseArgs({
    options: {
      runs: { type: "string" },
      seconds: { type: "string" },
      rate: { type: "string" },
      "ceiling-rates": { type: "string" },
      "ceiling-seconds": { type: "string" },
      only: { type: "string" },
      "rolling-seconds": { type: "string" },
      "rolling-rate": { type: "string" },
    },
  });
  const env = process.env;
  const positive = (name: string, text: string) => {
    const value = Number(text);
    if (!(value > 0)) throw new Error(`${name} must be a positive number (got ${JSON.stringify(text)})`);
    return value;
  };
  const rates = (values["ceiling-rates"] ?? env.BENCH_CEILING_RATES ?? "200,300,500,700,1000,1500,2000,3000")
    .split(",")
    .map((r) => positive("--ceiling-rates", r.trim()))
    .sort((a, b) => a - b);
  const only = new Set((values.only ?? env.BENCH_ONLY ?? "one,two,ceiling,idle,rolling").split(",").map((p) => p.trim()));
  return {
    runs: Math.floor(positive("--runs", values.runs ?? env.BENCH_RUNS ?? "5")),
    seconds: positive("--seconds", values.seconds ?? env.BENCH_SECONDS ?? "30"),
    rate: positive("--rate", values.rate ?? env.BENCH_RATE ?? "200"),
    rollingRate: positive("--rolling-rate", values["rolling-rate"] ?? env.BENCH_ROLLING_RATE ?? "100"),
    ceilingRates: rates,
    ceilingSeconds: positive("--ceiling-seconds", values["ceiling-seconds"] ?? env.BENCH_CEILING_SECONDS ?? "10"),
    rollingSeconds: positive("--rolling-seconds", values["rolling-seconds"] ?? env.BENCH_ROLLING_SECONDS ?? "45"),
    only,
  };
}

function percentile(sorted: Float64Array, p: number) {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}
const ms = (v: number) => (Number.isFinite(v) ? `${v.toFixed(v < 10 ? 2 : 1)}ms` : "n/a");
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)}MB`;

/** A thread's event-loop delay and GC pauses over a measured stretch, in ms. */
interface ThreadWatch {
  loopDelayP99: number;
  loopDelayMax: number;
  gcPauseMs: number;
  gcMaxMs: number;
}

/** Watches the calling thread's event loop and GC from start() to stop(). */
function watchThread() {
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  let watching = false;
  let gcPauseMs = 0;
  let gcMaxMs = 0;
  const gc = new PerformanceObserver((list) => {
    if (!watching) return;
    for (const entry of list.getEntries()) {
      gcPauseMs += entry.duration;
      gcMaxMs = Math.max(gcMaxMs, entry.duration);
    }
  });
  gc.observe({ entryTypes: ["gc"] });
  return {
    start() {
      if (watching) return;
      watching = true;
      loopDelay.enable();
    },
    stop(): ThreadWatch {
      watching = false;
      loopDelay.disable();
      gc.disconnect();
      return { loopDelayP99: loopDelay.percentile(99) / 1e6, loopDelayMax: loopDelay.max / 1e6, gcPauseMs, gcMaxMs };
    },
  };
}

interface Conversation {
  id: number;
  /** Session cookies of its two members ("coroa_session=…"). */
  cookies: [string, string];
}

/**
 * 200 members, 100 offers and 100 conversations written with SQL once the first server applied the
 * migrations; one session per member, stored as the session store stores it (sha256 of the token).
 */
async function seed(databaseUrl: string): Promise<Conversation[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const members = 2 * CONVERSATIONS;
    await client.query(
      `INSERT INTO "User" (phone, plan, nickname, "fullName", "profileComplete", "createdAt", "updatedAt")
       SELECT '5511988' || lpad(g::text, 6, '0'), 'alteza', 'Parceira ' || g, 'Maria Souza ' || g, true, now(), now()
       FROM generate_series(0, $1::int - 1) AS g`,
      [members],
    );
    // Conversation i: the offer of member 2i, asked about by member 2i+1.
    await client.query(
      `INSERT INTO "Offer" ("userId", "postType", type, title, description, categories, "authorPlanRank", "authorJoinedAt", "createdAt", "updatedAt")
       SELECT u.id, 'oferta', 'permuta', 'Consultoria de marca ' || g,
              'Ajudo confeitarias a organizar a identidade visual e as redes sociais.', ARRAY['Marketing'], 2, now(), now(), now()
       FROM generate_series(0, $1::int - 1) AS g JOIN "User" u ON u.phone = '5511988' || lpad((2 * g)::text, 6, '0')`,
      [CONVERSATIONS],
    );
    await client.query(
      `INSERT INTO "Conversation" ("offerId", "offerOwnerId", "interestedUserId")
       SELECT o.id, o."userId", asker.id FROM "Offer" o
       JOIN "User" owner ON owner.id = o."userId"
       JOIN "User" asker ON asker.phone = '5511988' || lpad((substring(owner.phone from 8)::int + 1)::text, 6, '0')`,
    );
    await client.query(
      `INSERT INTO "ConversationMember" ("conversationId", "userId")
       SELECT id, "offerOwnerId" FROM "Conversation" UNION ALL SELECT id, "interestedUserId" FROM "Conversation"`,
    );
    const users = await client.query<{ id: number }>(`SELECT id FROM "User" ORDER BY id`);
    const cookies = await sessionCookies(client, users.rows.map((u) => u.id));
    const conversations = await client.query<{ id: number; offerOwnerId: number; interestedUserId: number }>(
      `SELECT id, "offerOwnerId", "interestedUserId" FROM "Conversation" ORDER BY id`,
    );
    if (conversations.rows.length !== CONVERSATIONS) throw new Error(`seeded ${conversations.rows.length} conversations`);
    const cookie = (userId: number) => cookies.get(userId)!;
    return conversations.rows.map((c) => ({ id: c.id, cookies: [cookie(c.offerOwnerId), cookie(c.interestedUserId)] }));
  } finally {
    await client.end();
  }
}

function wsClient(baseUrl: string, cookie: string, onConnected: () => void, onClosed: () => void): WsClient {
  return createClient({
    url: baseUrl.replace(/^http/, "ws") + "/graphql",
    webSocketImpl: class extends WebSocket {
      constructor(address: string, protocols?: string | string[]) {
        super(address, protocols, { headers: { cookie } });
      }
    },
    retryAttempts: 0,
    lazy: false,
    on: { connected: onConnected, closed: onClosed },
  });
}

/**
 * A subscriber as the web app's link makes it (web/src/lib/subscriptionLink.ts): every close but a
 * fatal one is retried after 1 s doubling to 30 s, plus up to 0.5 s of jitter; `url` is asked again
 * for each connection (the proxy's choice).
 */
function reconnectingClient(url: () => string, cookie: string, onConnected: () => void, onClosed: (code: number) => void): WsClient {
  return createClient({
    url: () => url().replace(/^http/, "ws") + "/graphql",
    webSocketImpl: class extends WebSocket {
      constructor(address: string, protocols?: string | string[]) {
        super(address, protocols, { headers: { cookie } });
      }
    },
    lazy: false,
    retryAttempts: Number.POSITIVE_INFINITY,
    shouldRetry: () => true,
    retryWait: async (retries) => {
      const delay = Math.min(1000 * 2 ** retries, 30_000);
      await sleep(delay + Math.random() * 500);
    },
    on: { connected: onConnected, closed: (event) => onClosed((event as { code?: number }).code ?? 0) },
  });
}

/** One page of the web thread's catch-up: the messages after `after`, oldest first. */
async function catchUp(baseUrl: string, cookie: string, conversationId: number, after: number) {
  const response = await fetch(`${baseUrl}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", cookie },
    body: JSON.stringify({ query: CATCH_UP, variables: { conversationId, after, limit: CATCH_UP_PAGE } }),
    signal: AbortSignal.timeout(15_000),
  });
  const body = (await response.json()) as { data?: { messages?: { id: number; content: string }[] } };
  if (!body.data?.messages) throw new Error(`messages ${response.status}: ${JSON.stringify(body).slice(0, 200)}`);
  return body.data.messages;
}

/** An error's name and message, with its code or its cause's (fetch's "fetch failed" says little alone: ECONNREFUSED, UND_ERR_SOCKET…). */
function describeError(error: unknown) {
  if (!(error instanceof Error)) return String(error);
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  const code = (error as { code?: string }).code;
  return `${error.name}: ${error.message}${cause ? ` (${cause.code ?? cause.message ?? ""})` : code && !error.message.includes(code) ? ` (${code})` : ""}`;
}

/** A server child as one run saw it. */
interface ServerFigures {
  label: string;
  cpuPercent: number;
  rss: number;
  peakRss: number;
}

interface RunResult {
  name: string;
  rate: number;
  sent: number;
  sendErrors: number;
  expected: number;
  received: number;
  /** Deliveries of messages whose send answered an error (committed, then failed to answer). */
  extra: number;
  lost: number;
  duplicates: number;
  socketErrors: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  achievedRate: number;
  /** Send start to the mutation's answer, as the sender saw it. */
  answerP50: number;
  answerP99: number;
  servers: ServerFigures[];
  /** Database transactions per message sent while measuring (each statement outside a transaction counts one). */
  transactionsPerMessage: number;
  /** This process (the subscribers' and the sender's threads), % of one core. */
  benchCpuPercent: number;
  subscribers: ThreadWatch;
  sender: ThreadWatch;
  /** Send attempts tried again with the same key. */
  retries: number;
  /** Subscriber sockets that connected again after a close, their catch-up pages, and deliveries only a catch-up brought. */
  reconnects: number;
  catchUpPages: number;
  catchUpFailures: number;
  catchUpRetries: number;
  caughtUp: number;
  /** Messages stored more than once for one send. */
  storedDuplicates: number;
  /** What the rolling restart did, in order. */
  rollingNotes: string[];
}

type Op =
  | { op: "open"; urls: string[]; conversations: Conversation[]; tag: string; capacity: number; reconnect?: boolean }
  | { op: "unready" }
  | { op: "received" }
  | { op: "finish"; okSeqs: number[] }
  | { op: "send"; url: string; conversations: Conversation[]; tag: string; rate: number; seconds: number; retry?: boolean }
  /** The instances whose /readyz answers 200 now (the bench's proxy): where new connections and sends go. */
  | { op: "ready"; urls: string[] };

/** In a worker: the ready instances as the proxy last saw them, taken in turn. */
const proxy = {
  urls: [] as string[],
  turn: 0,
  next(fallback: string) {
    return this.urls.length ? this.urls[this.turn++ % this.urls.length] : fallback;
  },
};

interface SendResult {
  sent: number;
  okSeqs: number[];
  answerMs: Float64Array;
  failures: [reason: string, count: number][];
  /** Attempts that failed and were tried again with the same key (rolling restart), and why. */
  retries: number;
  retryReasons: [reason: string, count: number][];
  sendingSeconds: number;
  thread: ThreadWatch;
}

/**
 * The sender's connections: node:http on kept-alive sockets rather than fetch. The sender stands for
 * browsers on other machines, yet here it shares the server's two cores: fetch spent ~0.75 ms of this
 * thread's CPU per request where http.request spends ~0.3 (a 500/s loop against a bare server), so at
 * 500/s fetch alone took a quarter of a core from the server and PostgreSQL.
 */
// A kept-alive socket idle for 4 s is closed here, before the server's 5 s keepAliveTimeout closes it
// under a request that has just reused it (ECONNRESET).
const sendAgent = new http.Agent({ keepAlive: true, maxSockets: 512, timeout: 4000 });
const SEND_TIMEOUT_MS = 15_000;

function sendOverHttp(sendUrl: string, cookie: string, conversationId: number, content: string, key?: string) {
  const body = JSON.stringify(key === undefined ? { query: SEND, variables: { c: conversationId, m: content } } : { query: SEND_KEYED, variables: { c: conversationId, m: content, k: key } });
  return new Promise<void>((resolve, reject) => {
    const request = http.request(
      `${sendUrl}/graphql`,
      { method: "POST", agent: sendAgent, headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body), cookie } },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (text += chunk));
        response.on("error", reject);
        response.on("end", () => {
          let parsed: { data?: { sendMessage?: { __typename: string; code?: string } }; errors?: unknown[] } | undefined;
          try {
            parsed = JSON.parse(text);
          } catch {
            parsed = undefined;
          }
          if (response.statusCode !== 200 || parsed?.data?.sendMessage?.__typename !== "Message") {
            reject(new Error(`sendMessage ${response.statusCode}: ${(parsed ? JSON.stringify(parsed) : text).slice(0, 200)}`));
          } else resolve();
        });
      },
    );
    request.setTimeout(SEND_TIMEOUT_MS, () => request.destroy(new Error(`sendMessage: no answer in ${SEND_TIMEOUT_MS / 1000}s`)));
    request.on("error", reject);
    request.end(body);
  });
}

/**
 * The sender, in its own worker thread (real senders are browsers elsewhere): WARMUP_SECONDS
 * unmeasured, then `rate` messages per second for `seconds`, open loop (a slow answer does not slow
 * the next send), round-robin over the conversations and their two members.
 */
function senderWorker() {
  let retries = 0;
  const retryReasons = new Map<string, number>();
  /**
   * A send as the web thread makes it during a rolling restart: keyed (clientMessageId); a failed
   * attempt (refused connection, a 5xx from a stopping instance, a lost answer) is sent again with the
   * same text and key to an instance the proxy sees ready, until it answers the message.
   */
  async function sendKeyed(fallback: string, cookie: string, conversationId: number, content: string, key: string) {
    const giveUp = performance.now() + SEND_RETRY_MS;
    for (;;) {
      try {
        return await sendOverHttp(proxy.next(fallback), cookie, conversationId, content, key);
      } catch (error) {
        if (performance.now() > giveUp) throw error;
        retries++;
        const reason = describeError(error).replace(/\d+/g, "#").slice(0, 100);
        retryReasons.set(reason, (retryReasons.get(reason) ?? 0) + 1);
        await sleep(250);
      }
    }
  }

  async function send(url: string, conversations: Conversation[], tag: string, rate: number, seconds: number, retry = false): Promise<SendResult> {
    // The keys of this run's messages (unique per sender; another run's must not collide with them).
    const keyPrefix = randomBytes(8).toString("hex");
    const warmEnd = performance.now() + WARMUP_SECONDS * 1000;
    const warm = new Set<Promise<unknown>>();
    for (let w = 0; performance.now() < warmEnd; w++) {
      const c = conversations[w % conversations.length];
      const request = sendOverHttp(url, c.cookies[w % 2], c.id, `warm:${tag}`)
        .catch(() => undefined)
        .finally(() => warm.delete(request));
      warm.add(request);
      await sleep(1000 / rate);
    }
    await Promise.all(warm);
    await sleep(500);

    const watch = watchThread();
    watch.start();
    const okSeqs: number[] = [];
    const answerMs: number[] = [];
    const failures = new Map<string, number>();
    const inFlight = new Set<Promise<void>>();
    let seq = 0;
    const started = performance.now();
    const end = started + seconds * 1000;
    while (performance.now() < end) {
      const due = Math.min(Math.floor(((performance.now() - started) / 1000) * rate), Math.round(seconds * rate));
      while (seq < due) {
        const n = seq++;
        const conversation = conversations[n % conversations.length];
        const sender = conversation.cookies[Math.floor(n / conversations.length) % 2];
        const sentAt = now();
        const content = `bench:${tag}:${n}:${sentAt}`;
        const request = (retry ? sendKeyed(url, sender, conversation.id, content, `${keyPrefix}-${n}`) : sendOverHttp(url, sender, conversation.id, content))
          .then(
            () => {
              okSeqs.push(n);
              answerMs.push(now() - sentAt);
            },
            (error: unknown) => {
              const reason = (error instanceof Error ? error.message : String(error)).slice(0, 160);
              failures.set(reason, (failures.get(reason) ?? 0) + 1);
            },
          )
          .finally(() => inFlight.delete(request));
        inFlight.add(request);
      }
      await sleep(2);
    }
    const sendingSeconds = (performance.now() - started) / 1000;
    const thread = watch.stop();
    // An answer still missing DRAIN_MS after stopping counts as a failed send (a keyed send being
    // tried again has until its retries give up).
    await Promise.race([Promise.all(inFlight), sleep(retry ? SEND_RETRY_MS : DRAIN_MS)]);
    return { sent: seq, okSeqs, answerMs: Float64Array.from(answerMs), failures: [...failures], retries, retryReasons: [...retryReasons], sendingSeconds, thread };
  }
  answerCalls(async (m) => {
    if (m.op === "ready") proxy.urls = m.urls;
    return m.op === "send" ? send(m.url, m.conversations, m.tag, m.rate, m.seconds, m.retry) : undefined;
  });
}

/**
 * The 1,000 subscribers, in a worker thread (real subscribers are browsers elsewhere). The sockets
 * of a conversation are spread over the instances' URLs: with two, five on A and five on B.
 */
function subscriberWorker() {
  const byConversation = new Map<number, { seen: Set<number>[]; probed: boolean[]; catchUpFailed: boolean[] }>();
  /** Why catch-ups failed (the first words of each reason), for the diagnosis line. */
  const catchUpReasons = new Map<string, number>();
  let latencies = new Float64Array(0);
  let conversations: Conversation[] = [];
  let received = 0;
  let duplicates = 0;
  let socketErrors = 0;
  let connected = 0;
  let closedEarly = 0;
  let finished = false;
  const clients: WsClient[] = [];
  // The subscribers' own event loop and GC: a stall here would show as delivery latency.
  const watch = watchThread();

  /** Reconnections after the first connection, catch-up pages asked and deliveries that only the catch-up brought. */
  let reconnects = 0;
  let catchUpPages = 0;
  let catchUpFailures = 0;
  let catchUpRetries = 0;
  /** Close codes of the sockets' connections (1012: a stopping instance; 1006: no answer or refused; 4408: no ack in time). */
  const closeCodes = new Map<number, number>();
  let caughtUp = 0;

  async function open(urls: string[], list: Conversation[], tag: string, capacity: number, reconnect = false) {
    conversations = list;
    latencies = new Float64Array(capacity);
    const t0 = performance.now();
    for (const conversation of conversations) {
      const state = { seen: [] as Set<number>[], probed: [] as boolean[], catchUpFailed: [] as boolean[] };
      byConversation.set(conversation.id, state);
      for (let s = 0; s < SUBSCRIBERS_PER_CONVERSATION; s++) {
        const seen = new Set<number>();
        state.seen.push(seen);
        state.probed.push(false);
        state.catchUpFailed.push(false);
        /** The newest message id this socket's thread holds (the web thread's lastSeenId). */
        let lastSeenId: number | null = null;
        const take = (message: { id: number; content: string } | undefined, viaCatchUp: boolean) => {
          const at = now();
          const content = message?.content;
          if (!message || !content) {
            socketErrors++;
            return;
          }
          lastSeenId = Math.max(lastSeenId ?? 0, message.id);
          // bench:<run>:<phase>:<seq>:<sentAt>, probe:<run>:<phase> or warm:<run>:<phase>
          const parts = content.split(":");
          if (`${parts[1]}:${parts[2]}` !== tag) return; // another phase or run sharing Redis
          if (parts[0] === "probe") {
            state.probed[s] = true;
            return;
          }
          if (parts[0] !== "bench") return; // warm-up
          watch.start();
          const seq = Number(parts[3]);
          if (seen.has(seq)) {
            // The web thread keeps one copy by id; a catch-up page overlapping live events is expected.
            duplicates++;
            return;
          }
          seen.add(seq);
          if (viaCatchUp) caughtUp++;
          if (received < latencies.length) latencies[received] = at - Number(parts[4]);
          received++;
        };
        const member = s % 2;
        // 10 sockets per conversation, alternating between its two members.
        const firstUrl = urls[Math.floor((s * urls.length) / SUBSCRIBERS_PER_CONVERSATION)];
        let everConnected = false;
        let connectedTo = firstUrl;
        const client = reconnect
          ? reconnectingClient(
              () => (connectedTo = everConnected ? proxy.next(firstUrl) : firstUrl),
              conversation.cookies[member],
              () => {
                if (!everConnected) {
                  everConnected = true;
                  connected++;
                  return;
                }
                reconnects++;
                // As Thread.tsx after a reconnect: what came after the last message seen, and once
                // more CATCH_UP_AGAIN_MS later from the same message.
                const from = lastSeenId;
                const catchUpFrom = async () => {
                  let after = from;
                  for (let page = 0; page < CATCH_UP_MAX_PAGES; page++) {
                    if (after === null) return;
                    const cursor = after;
                    catchUpPages++;
                    const askPage = async (attempt: number): Promise<{ id: number; content: string }[]> => {
                      try {
                        // An HTTP request of the page goes through the proxy like any other: to a ready
                        // instance, not necessarily the one its socket reached (which may be stopping by now).
                        return await catchUp(proxy.next(connectedTo), conversation.cookies[member], conversation.id, cursor);
                      } catch (error) {
                        if (attempt >= CATCH_UP_ATTEMPTS) throw error;
                        catchUpRetries++;
                        await sleep(CATCH_UP_RETRY_MS * attempt);
                        return askPage(attempt + 1);
                      }
                    };
                    const messages = await askPage(1);
                    for (const message of messages) take(message, true);
                    if (messages.length < CATCH_UP_PAGE) return;
                    after = messages.at(-1)!.id;
                  }
                };
                // The web thread gives up quietly too after its attempts: what it missed stays missing until reopened.
                const failed = (error: unknown) => {
                  catchUpFailures++;
                  state.catchUpFailed[s] = true;
                  const reason = describeError(error).replace(/\d+/g, "#").slice(0, 100);
                  catchUpReasons.set(reason, (catchUpReasons.get(reason) ?? 0) + 1);
                };
                void catchUpFrom().catch(failed);
                setTimeout(() => void catchUpFrom().catch(failed), CATCH_UP_AGAIN_MS);
              },
              (code) => {
                if (!finished) closeCodes.set(code, (closeCodes.get(code) ?? 0) + 1);
              },
            )
          : wsClient(
              firstUrl,
              conversation.cookies[member],
              () => connected++,
              () => {
                if (!finished) closedEarly++;
              },
            );
        clients.push(client);
        client.subscribe<{ messageAdded: { id: number; conversationId: number; content: string } }>(
          { query: ADDED, variables: { c: conversation.id } },
          {
            next: (value) => take(value.data?.messageAdded, false),
            error: () => socketErrors++,
            complete: () => undefined,
          },
        );
      }
      if (clients.length % 100 === 0) await sleep(20); // let the handshakes through in waves
    }
    const total = conversations.length * SUBSCRIBERS_PER_CONVERSATION;
    while (connected < total && performance.now() - t0 < 30_000 && socketErrors === 0) await sleep(50);
    if (connected < total) throw new Error(`only ${connected} of ${total} sockets connected (${socketErrors} errors)`);
    return { connectedMs: performance.now() - t0, total };
  }

  async function finish(okSeqs: number[]) {
    finished = true;
    const thread = watch.stop();
    let lost = 0;
    let lostAfterFailedCatchUp = 0;
    for (const n of okSeqs) {
      const state = byConversation.get(conversations[n % conversations.length].id)!;
      state.seen.forEach((seen, s) => {
        if (seen.has(n)) return;
        lost++;
        if (state.catchUpFailed[s]) lostAfterFailedCatchUp++;
      });
    }
    // A client between two connections (a rolling restart's) may refuse to be disposed quietly.
    await Promise.all(clients.map((client) => Promise.resolve(client.dispose()).catch(() => undefined)));
    return {
      lost,
      received,
      duplicates,
      reconnects,
      catchUpPages,
      catchUpFailures,
      catchUpRetries,
      closeCodes: [...closeCodes].sort((x, y) => y[1] - x[1]),
      catchUpReasons: [...catchUpReasons],
      lostAfterFailedCatchUp,
      caughtUp,
      socketErrors: socketErrors + closedEarly,
      latencies: latencies.slice(0, Math.min(received, latencies.length)),
      thread,
    };
  }

  answerCalls(async (message) => {
    switch (message.op) {
      case "open":
        return open(message.urls, message.conversations, message.tag, message.capacity, message.reconnect);
      case "ready":
        proxy.urls = message.urls;
        return undefined;
      case "unready":
        return conversations.filter((c) => byConversation.get(c.id)!.probed.some((p) => !p)).map((c) => c.id);
      case "received":
        return received;
      case "finish":
        return finish(message.okSeqs);
      case "send":
        return undefined;
    }
  });
}

/** A worker's side of startWorker's calls: each operation's result (or error) goes back under its id. */
function answerCalls(handle: (message: Op) => Promise<unknown>) {
  const port = parentPort!;
  port.on("message", (message: { id: number } & Op) => {
    handle(message).then(
      (result) => port.postMessage({ id: message.id, result }),
      (error: unknown) => port.postMessage({ id: message.id, error: error instanceof Error ? error.message : inspect(error, { depth: 1 }).slice(0, 300) }),
    );
  });
}

/** A worker thread running this file in `role`, and a call to it that answers a promise. */
function startWorker(role: "subscribers" | "sender") {
  // tsx registers its loader in the main thread only: the worker registers it, then loads this file.
  const tsxApi = pathToFileURL(join(dirname(createRequire(import.meta.url).resolve("tsx/esm/api")), "index.mjs")).href;
  const bootstrap = `import(${JSON.stringify(tsxApi)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(import.meta.url)}); });`;
  const worker = new Worker(bootstrap, { eval: true, workerData: { role } });
  const pending = new Map<number, { resolve: (value: any) => void; reject: (error: Error) => void }>();
  let next = 0;
  worker.on("message", (message: { id: number; result?: unknown; error?: string }) => {
    const waiter = pending.get(message.id);
    pending.delete(message.id);
    if (message.error !== undefined) waiter?.reject(new Error(message.error));
    else waiter?.resolve(message.result);
  });
  worker.on("error", (error) => {
    for (const waiter of pending.values()) waiter.reject(error);
    pending.clear();
  });
  const call = <T>(op: Op) =>
    new Promise<T>((resolve, reject) => {
      const id = next++;
      pending.set(id, { resolve, reject });
      worker.postMessage({ id, ...op });
    });
  return { call, terminate: () => worker.terminate() };
}

/** A server child of the bench: where it answers, its pid, its name in the output. */
interface Instance {
  label: string;
  url: string;
  pid: number;
}

/** Transactions the database has run (PostgreSQL's own counters, flushed by each backend about every second). */
async function transactionsOf(client: pg.Client) {
  await client.query("SELECT pg_stat_clear_snapshot()");
  const { rows } = await client.query<{ n: string }>(
    `SELECT xact_commit + xact_rollback AS n FROM pg_stat_database WHERE datname = current_database()`,
  );
  return Number(rows[0].n);
}

interface Load {
  /** A connection to the deployment's database, for its statistics. */
  stats: pg.Client;
  /** Where the messages are sent. */
  sendTo: Instance;
  /** Where the subscribers connect (their sockets spread evenly). */
  subscribeTo: Instance[];
  /** Every server process of the deployment (sampled for CPU and RSS). */
  servers: Instance[];
  conversations: Conversation[];
  rate: number;
  seconds: number;
  /**
   * Clients as the web app behaves behind a proxy that follows /readyz: sockets reconnect to a
   * ready instance and catch up, sends are keyed and tried again. `instances` are the deployment's
   * instances now (they change as they are restarted); `during`, when given, runs once the measured
   * stretch starts (the rolling restart).
   */
  rolling?: { instances: () => Instance[]; during?: () => Promise<string[]> };
}

/** One run: fresh subscribers (a worker thread) and a fresh sender (another), measured. */
async function run(name: string, load: Load): Promise<RunResult> {
  const tag = `${RUN}:${name.replace(/[^\w-]+/g, "-")}`;
  const subscribers = startWorker("subscribers");
  const sender = startWorker("sender");
  try {
    return await measure(name, tag, subscribers.call, sender.call, load);
  } finally {
    await Promise.all([subscribers.terminate(), sender.terminate()]);
  }
}

async function measure(
  name: string,
  tag: string,
  subscribers: ReturnType<typeof startWorker>["call"],
  sender: ReturnType<typeof startWorker>["call"],
  { stats, sendTo, subscribeTo, servers, conversations, rate, seconds, rolling }: Load,
): Promise<RunResult> {
  // The proxy: which instances answer /readyz with 200, told to both workers when it changes.
  let readyKey = "";
  const pollReady = async () => {
    if (!rolling) return;
    const states = await Promise.all(
      rolling.instances().map(async (i) => ((await fetch(`${i.url}/readyz`, { signal: AbortSignal.timeout(1000) }).then((r) => r.ok, () => false)) ? i.url : null)),
    );
    // None answering in time (a loaded machine): send to all rather than none, as README asks of a proxy.
    const ready = states.filter((u): u is string => u !== null);
    const urls = ready.length ? ready : rolling.instances().map((i) => i.url);
    if (urls.join() === readyKey) return;
    readyKey = urls.join();
    await Promise.all([subscribers({ op: "ready", urls }), sender({ op: "ready", urls })]);
  };
  await pollReady();
  let polling = true;
  const poller = (async () => {
    while (polling) {
      await pollReady().catch(() => undefined);
      await sleep(READY_POLL_MS);
    }
  })();
  try {
    return await measured();
  } finally {
    polling = false;
    await poller;
  }

  async function measured(): Promise<RunResult> {
  // 1. Open the subscribers.
  const t0 = performance.now();
  const capacity = Math.ceil(seconds * rate * 1.1 + 100) * SUBSCRIBERS_PER_CONVERSATION;
  const urls = subscribeTo.map((i) => i.url);
  const { connectedMs, total } = await subscribers<{ connectedMs: number; total: number }>({ op: "open", urls, conversations, tag, capacity, reconnect: !!rolling });

  // 2. Subscribed means received: probe each conversation until every one of its sockets saw a probe.
  const byId = new Map(conversations.map((c) => [c.id, c]));
  let unready = await subscribers<number[]>({ op: "unready" });
  for (let attempt = 0; unready.length && attempt < 20; attempt++) {
    await Promise.all(unready.map((id) => sendOverHttp(sendTo.url, byId.get(id)!.cookies[0], id, `probe:${tag}`)));
    const until = performance.now() + 1000;
    while ((unready = await subscribers<number[]>({ op: "unready" })).length && performance.now() < until) await sleep(20);
  }
  if (unready.length) throw new Error(`${name}: ${unready.length} conversations never delivered a probe`);
  const subscribedMs = performance.now() - t0;
  console.log(
    `${name}: ${total} subscribers connected in ${(connectedMs / 1000).toFixed(1)}s, all subscribed (probe received) after ${(subscribedMs / 1000).toFixed(1)}s`,
  );

  // 3. The sender warms up for WARMUP_SECONDS, then sends `rate` messages per second for `seconds`.
  // The server processes (and this one) are sampled over the measured stretch only.
  const watches = servers.map((server) => ({ server, watch: watchProcess(server.pid) }));
  let benchCpu0 = process.cpuUsage();
  let measuredFrom = 0;
  let transactions0: Promise<number> | undefined;
  let during: Promise<string[]> | undefined;
  const warmedUp = setTimeout(
    () => {
      if (rolling?.during) {
        const started = performance.now();
        during = rolling.during().then(
          (notes) => [...notes, `done ${((performance.now() - started) / 1000).toFixed(1)}s into the measured stretch`],
          (error: unknown) => [`the restarts failed: ${error instanceof Error ? error.message : String(error)}`],
        );
      }
      transactions0 = transactionsOf(stats);
      for (const { watch } of watches) watch.start();
      benchCpu0 = process.cpuUsage();
      measuredFrom = performance.now();
    },
    (WARMUP_SECONDS + 0.5) * 1000,
  );
  let sent: SendResult;
  let serverFigures: ServerFigures[];
  let benchCpuPercent: number;
  try {
    sent = await sender<SendResult>({ op: "send", url: sendTo.url, conversations, tag, rate, seconds, retry: !!rolling });
  } finally {
    clearTimeout(warmedUp);
    const cpu = process.cpuUsage(benchCpu0);
    benchCpuPercent = ((cpu.user + cpu.system) / 1000 / (performance.now() - measuredFrom)) * 100;
    serverFigures = watches.map(({ server, watch }) => ({ label: server.label, ...watch.stop() }));
  }
  const rollingNotes = (await during) ?? [];
  const stoppedAt = performance.now();

  // 4. Wait for the deliveries to arrive, at most DRAIN_MS after stopping.
  const expected = sent.okSeqs.length * SUBSCRIBERS_PER_CONVERSATION;
  const drainMs = rolling ? ROLLING_DRAIN_MS : DRAIN_MS;
  while (performance.now() - stoppedAt < drainMs && (await subscribers<number>({ op: "received" })) < expected) await sleep(20);
  const { lost, received, duplicates, socketErrors, latencies, thread, reconnects, catchUpPages, catchUpFailures, catchUpRetries, closeCodes, catchUpReasons, lostAfterFailedCatchUp, caughtUp } = await subscribers<{
    lost: number;
    received: number;
    duplicates: number;
    reconnects: number;
    catchUpPages: number;
    catchUpFailures: number;
    catchUpRetries: number;
    closeCodes: [number, number][];
    catchUpReasons: [string, number][];
    lostAfterFailedCatchUp: number;
    caughtUp: number;
    socketErrors: number;
    latencies: Float64Array;
    thread: ThreadWatch;
  }>({ op: "finish", okSeqs: sent.okSeqs });
  for (const [reason, count] of sent.failures) console.log(`  send failure x${count}: ${reason}`);
  for (const [reason, count] of sent.retryReasons) console.log(`  send attempt tried again x${count}: ${reason}`);
  for (const [reason, count] of catchUpReasons) console.log(`  catch-up failed x${count}: ${reason}`);
  if (closeCodes.length) console.log(`  subscriber connections closed, by code: ${closeCodes.map(([code, count]) => `${code} x${count}`).join(", ")} (before the end of the run)`);
  if (lost) console.log(`  ${lostAfterFailedCatchUp} of the ${lost} lost deliveries were on sockets whose catch-up had failed`);
  await sleep(1000); // the backends flush their statistics about every second
  const transactions = (await transactionsOf(stats)) - (await (transactions0 ?? Promise.resolve(NaN)));
  // The same message stored twice (a retry whose first attempt had been stored: the key prevents it).
  const stored = await stats.query<{ n: string }>(
    `SELECT count(*) - count(DISTINCT content) AS n FROM "Message" WHERE content LIKE $1`,
    [`bench:${tag.replace(/[\\%_]/g, "\\$&")}:%`],
  );
  const storedDuplicates = Number(stored.rows[0].n);

  const sorted = latencies.sort();
  const answers = sent.answerMs.sort();
  return {
    name,
    rate,
    sent: sent.sent,
    sendErrors: sent.sent - sent.okSeqs.length,
    expected,
    received: expected - lost,
    extra: received - (expected - lost),
    lost,
    duplicates,
    socketErrors,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted.length ? sorted[sorted.length - 1] : NaN,
    achievedRate: sent.sent / sent.sendingSeconds,
    answerP50: percentile(answers, 50),
    answerP99: percentile(answers, 99),
    servers: serverFigures,
    transactionsPerMessage: transactions / sent.sent,
    benchCpuPercent,
    subscribers: thread,
    sender: sent.thread,
    retries: sent.retries,
    reconnects,
    catchUpPages,
    catchUpFailures,
    catchUpRetries,
    caughtUp,
    storedDuplicates,
    rollingNotes,
  };
  }
}

/**
 * Whether a rolling-restart run met its targets: nothing lost, every send answered (after its
 * retries), no message stored twice. Its latency is printed beside the run without restart, not
 * judged: what a catch-up brings comes seconds late by design (1–1.5 s of reconnection wait).
 */
function rollingMisses(r: RunResult) {
  const reasons: string[] = [];
  if (r.lost > 0) reasons.push(`${r.lost} deliveries lost`);
  if (r.sendErrors > 0) reasons.push(`${r.sendErrors} sends failed after their retries`);
  if (r.socketErrors > 0) reasons.push(`${r.socketErrors} subscriber errors`);
  if (r.storedDuplicates > 0) reasons.push(`${r.storedDuplicates} messages stored twice`);
  return reasons;
}

function printRolling(r: RunResult) {
  const missed = rollingMisses(r);
  console.log(
    `${r.name}: sent=${r.sent} (${r.achievedRate.toFixed(0)}/s) expected=${r.expected} received=${r.received} lost=${r.lost} ` +
      `duplicates stored=${r.storedDuplicates} (deliveries seen twice by one socket, kept once by id: ${r.duplicates})  ` +
      `latency p50=${ms(r.p50)} p95=${ms(r.p95)} p99=${ms(r.p99)} max=${ms(r.max)}  ${missed.length ? `MISSED: ${missed.join("; ")}` : "ok"}`,
  );
  console.log(
    `${r.name}:   send attempts tried again with the same key ${r.retries}; sockets reconnected ${r.reconnects}, catch-up pages ${r.catchUpPages} ` +
      `(asked again ${r.catchUpRetries}, failed after that ${r.catchUpFailures}), ` +
      `deliveries only a catch-up brought ${r.caughtUp}; sendMessage answered p50=${ms(r.answerP50)} p99=${ms(r.answerP99)} (with retries); ` +
      `load average ${loadavg()[0].toFixed(2)}`,
  );
  for (const note of r.rollingNotes) console.log(`${r.name}:   ${note}`);
}

/** Whether a run met the targets, and if not, why. */
function misses(r: RunResult) {
  const reasons: string[] = [];
  if (r.lost > 0) reasons.push(`${r.lost} deliveries lost`);
  if (r.sendErrors > 0) reasons.push(`${r.sendErrors} sends failed`);
  if (r.socketErrors > 0) reasons.push(`${r.socketErrors} subscriber socket errors`);
  if (!(r.p99 < P99_TARGET_MS)) reasons.push(`p99 ${ms(r.p99)} (target < ${P99_TARGET_MS}ms)`);
  // An open-loop sender that fell behind did not offer the rate: the step says nothing about the server.
  if (r.achievedRate < r.rate * 0.95) reasons.push(`the sender reached ${r.achievedRate.toFixed(0)}/s of ${r.rate}/s`);
  return reasons;
}

const serversLine = (r: RunResult) =>
  r.servers
    .map(
      (s) =>
        // CPU time per message sent: steadier than latency when other work shares the cores.
        `${s.label} CPU ${s.cpuPercent.toFixed(0)}% (${((s.cpuPercent * 10) / Math.max(1, r.achievedRate)).toFixed(2)}ms per message) ` +
        `RSS ${mb(s.rss)} (peak ${mb(s.peakRss)})`,
    )
    .join(", ");

function printRun(r: RunResult) {
  const missed = misses(r);
  console.log(
    `${r.name}: sent=${r.sent} (${r.achievedRate.toFixed(0)}/s) expected=${r.expected} received=${r.received} lost=${r.lost}` +
      `${r.extra ? ` (+${r.extra} deliveries of sends that answered an error)` : ""}${r.duplicates ? ` duplicates=${r.duplicates}` : ""}` +
      `  latency p50=${ms(r.p50)} p95=${ms(r.p95)} p99=${ms(r.p99)} max=${ms(r.max)}  ${missed.length ? `MISSED: ${missed.join("; ")}` : "ok"}`,
  );
  console.log(
    `${r.name}:   server processes: ${serversLine(r)}; sendMessage answered p50=${ms(r.answerP50)} p99=${ms(r.answerP99)}; ` +
      `≈${r.transactionsPerMessage.toFixed(1)} database transactions per message; ` +
      `bench process CPU ${r.benchCpuPercent.toFixed(0)}% (its subscriber thread's loop delay p99=${ms(r.subscribers.loopDelayP99)} max=${ms(r.subscribers.loopDelayMax)}, ` +
      `sender's p99=${ms(r.sender.loopDelayP99)}; load average ${loadavg()[0].toFixed(2)})`,
  );
}

interface Interval {
  where: string;
  periodMs: number;
  requests: boolean;
  what: string;
}

/**
 * Reads web/src (the app's code, without tests and generated code) for timers that repeat:
 * setInterval, Apollo pollInterval, refetchInterval. A repeating timer whose callback refetches,
 * fetches, queries, mutates or sends a beacon is an HTTP request per period.
 */
function idleRequestsPerMinute() {
  const dir = join(ROOT, "web", "src");
  const files = (readdirSync(dir, { recursive: true }) as string[])
    .filter((f) => /\.(ts|tsx)$/.test(f) && !/\.test\.|(^|\/)gql\//.test(f))
    .map((f) => join(dir, f));
  const timings = TIMINGS as unknown as Record<string, unknown>;
  const intervals: Interval[] = [];
  const resolvePeriod = (expression: string, source: string): number => {
    const e = expression.trim().replace(/_/g, "");
    if (/^\d+(\.\d+)?$/.test(e)) return Number(e);
    const timing = /^TIMINGS\.(\w+)$/.exec(e);
    if (timing && typeof timings[timing[1]] === "number") return timings[timing[1]] as number;
    const local = new RegExp(`const\\s+${e}\\s*=\\s*([\\d_]+)`).exec(source);
    if (local) return Number(local[1].replace(/_/g, ""));
    return NaN;
  };
  const requestRe = /refetch|fetch\(|mutate|Mutation|\.query\(|sendBeacon|setOnlineStatus/;
  for (const file of files) {
    const source = readFileSync(file, "utf8");
    const lineOf = (index: number) => source.slice(0, index).split("\n").length;
    for (const match of source.matchAll(/setInterval\(/g)) {
      // The call's text up to its closing parenthesis; the last top-level argument is the period.
      let depth = 1;
      let i = match.index + match[0].length;
      const commas: number[] = [];
      for (; i < source.length && depth > 0; i++) {
        const ch = source[i];
        if ("([{".includes(ch)) depth++;
        else if (")]}".includes(ch)) depth--;
        else if (ch === "," && depth === 1) commas.push(i);
      }
      const bodyEnd = commas.at(-1) ?? i - 1;
      const callback = source.slice(match.index + match[0].length, bodyEnd);
      const periodMs = resolvePeriod(source.slice(bodyEnd + 1, i - 1), source);
      intervals.push({
        where: `${relative(ROOT, file)}:${lineOf(match.index)}`,
        periodMs,
        requests: requestRe.test(callback),
        what: callback.replace(/\s+/g, " ").trim().slice(0, 60),
      });
    }
    for (const match of source.matchAll(/(pollInterval|refetchInterval)\s*:\s*([\w.]+)/g)) {
      const periodMs = resolvePeriod(match[2], source);
      if (periodMs === 0) continue;
      intervals.push({ where: `${relative(ROOT, file)}:${lineOf(match.index)}`, periodMs, requests: true, what: match[1] });
    }
  }
  const polling = intervals.filter((i) => i.requests);
  const perMinute = polling.reduce((sum, i) => sum + (Number.isFinite(i.periodMs) && i.periodMs > 0 ? 60_000 / i.periodMs : Infinity), 0);
  return { files: files.length, intervals, polling, perMinute };
}

const summary = (runs: RunResult[], key: "p50" | "p95" | "p99" | "max") => {
  const values = runs.map((r) => r[key]);
  return `${ms(Math.min(...values))}–${ms(Math.max(...values))}`;
};

async function main() {
  const DATABASE_URL = process.env.DATABASE_URL;
  const REDIS_URL = process.env.REDIS_URL;
  if (!DATABASE_URL || !REDIS_URL) {
    console.error("bench/realtime.ts needs PostgreSQL and Redis: set DATABASE_URL=postgresql://… and REDIS_URL=redis://…");
    return 1;
  }
  const o = options();
  const database = await freshPostgres(DATABASE_URL, "cc_bench");
  const stats = new pg.Client({ connectionString: database.url });
  await stats.connect();
  const children: { stop(): Promise<void> }[] = [];
  const cleanUp = async () => {
    await stats.end().catch(() => undefined);
    await Promise.all(children.splice(0).map((c) => c.stop().catch((error: unknown) => console.error("stopping a server failed:", error))));
    await database.drop().catch((error: unknown) => console.error(`dropping ${database.name} failed:`, error));
  };
  process.once("SIGINT", () => void cleanUp().finally(() => process.exit(130)));

  const maxRate = Math.max(o.rate, ...(o.only.has("ceiling") ? o.ceilingRates : []));
  const start = async (label: string, env: Record<string, string>): Promise<Instance & { stop(): Promise<void>; child: ChildProcess }> => {
    const server = await startServer(database.url, {
      // Each member sends rate/200 messages a second; her per-minute allowance (anti-spam) must not
      // be what is measured. The default (60) stays the default: this is the bench's deployment.
      MESSAGES_PER_MINUTE: String(Math.max(60, Math.ceil((maxRate / (2 * CONVERSATIONS)) * 60 * 2))),
      // Every subscriber socket comes from this one address (members behind one IPv4 in real life):
      // the per-address cap (400 by default) must not be what is measured either.
      SOCKETS_PER_ADDRESS: String(4 * CONVERSATIONS * SUBSCRIBERS_PER_CONVERSATION),
      REDIS_URL: "", // the in-process bus unless asked (this process's REDIS_URL is for the two-instance runs)
      ...env,
      // For diagnosis: each server process writes a V8 CPU profile there when it stops.
    }, [
      ...(process.env.BENCH_CPU_PROF ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []),
      // For diagnosis too: more Node options for the servers (e.g. --trace-gc), after the serve script's.
      ...(process.env.BENCH_NODE_ARGS?.split(/\s+/).filter(Boolean) ?? []),
    ]);
    children.push(server);
    const health = (await (await fetch(`${server.url}/healthz`)).json()) as { bus?: string };
    const wanted = env.REDIS_URL ? "redis" : "memory";
    if (health.bus !== wanted) throw new Error(`${label} runs the ${health.bus} bus, not ${wanted}`);
    console.log(`${label}: pid ${server.child.pid}, ${wanted} bus, RSS ${mb(rssOf(server.child.pid!))} after start`);
    return { label, url: server.url, pid: server.child.pid!, stop: server.stop, child: server.child };
  };
  const stop = async (instance: { stop(): Promise<void> }) => {
    await instance.stop();
    children.splice(children.indexOf(instance), 1);
  };

  try {
    console.log(`database  PostgreSQL (${database.name}); Redis ${REDIS_URL} for the two-instance runs`);
    console.log(`node      ${process.version}  cores=${availableParallelism()}  ${cpus()[0]?.model?.trim() ?? "unknown CPU"}  load average ${loadavg().map((l) => l.toFixed(2)).join(" ")}`);
    console.log(`server    ${serverCommand().describe}, NODE_ENV=${process.env.NODE_ENV ?? "production"}, one process per instance`);
    console.log(
      `settings  ${CONVERSATIONS} conversations x ${SUBSCRIBERS_PER_CONVERSATION} graphql-ws subscribers; ${o.runs} runs of ${o.seconds}s at ${o.rate} sendMessage/s over HTTP ` +
        `(each after a ${WARMUP_SECONDS}s unmeasured warm-up); loss = not received ${DRAIN_MS / 1000}s after sending stopped; ` +
        `ceiling steps ${o.ceilingRates.join(", ")}/s of ${o.ceilingSeconds}s; rolling restart ${o.rollingRate}/s for ${o.rollingSeconds}s ` +
        `(lost = not received ${ROLLING_DRAIN_MS / 1000}s after sending stopped)`,
    );

    const missed: string[] = [];
    const verdict = (name: string, runs: RunResult[]) => {
      const failed = runs.filter((r) => misses(r).length);
      console.log(
        `${name}: ${runs.length} runs at ${o.rate}/s: p50 ${summary(runs, "p50")}, p95 ${summary(runs, "p95")}, p99 ${summary(runs, "p99")}, ` +
          `lost ${runs.map((r) => r.lost).join("/")}; server CPU ${runs.map((r) => r.servers.map((s) => `${s.cpuPercent.toFixed(0)}%`).join("+")).join(", ")} — ` +
          (failed.length ? `${failed.length} of ${runs.length} runs missed` : `all ${runs.length} met p99 < ${P99_TARGET_MS}ms with nothing lost`),
      );
      for (const r of failed) missed.push(`${r.name}: ${misses(r).join("; ")}`);
    };

    let conversations: Conversation[] | undefined;
    const seeded = async () => (conversations ??= await seed(database.url));

    if (o.only.has("one") || o.only.has("ceiling")) {
      const a = await start("server", {});
      const conv = await seeded();
      if (o.only.has("one")) {
        const runs: RunResult[] = [];
        for (let i = 1; i <= o.runs; i++) {
          runs.push(await run(`one instance, run ${i}/${o.runs}`, { stats, sendTo: a, subscribeTo: [a], servers: [a], conversations: conv, rate: o.rate, seconds: o.seconds }));
          printRun(runs.at(-1)!);
        }
        verdict("one instance", runs);
      }
      if (o.only.has("ceiling")) {
        let ceiling: RunResult | undefined;
        let failedStep: RunResult | undefined;
        for (const rate of o.ceilingRates) {
          const r = await run(`ceiling ${rate}/s`, { stats, sendTo: a, subscribeTo: [a], servers: [a], conversations: conv, rate, seconds: o.ceilingSeconds });
          printRun(r);
          if (misses(r).length) {
            failedStep = r;
            break;
          }
          ceiling = r;
        }
        const figures = (r: RunResult) => `p99 ${ms(r.p99)}, lost ${r.lost}, server CPU ${r.servers[0].cpuPercent.toFixed(0)}% of one core, RSS ${mb(r.servers[0].rss)} (peak ${mb(r.servers[0].peakRss)})`;
        const next = failedStep ? `; ${failedStep.rate}/s missed: ${misses(failedStep).join("; ")} (${figures(failedStep)})` : `; the last step passed (raise --ceiling-rates)`;
        console.log(
          `ceiling of one instance: ${ceiling ? `${ceiling.rate} messages/s (${figures(ceiling)})` : `below ${o.ceilingRates[0]} messages/s`}${next} — goal ≥ ${CEILING_GOAL}/s`,
        );
        if (!ceiling || ceiling.rate < CEILING_GOAL) missed.push(`ceiling ${ceiling?.rate ?? 0}/s (goal ≥ ${CEILING_GOAL}/s)`);
      }
      await stop(a);
    }

    if (o.only.has("two")) {
      const a = await start("A", { REDIS_URL });
      const conv = await seeded();
      const b = await start("B", { REDIS_URL });
      const runs: RunResult[] = [];
      for (let i = 1; i <= o.runs; i++) {
        runs.push(
          await run(`two instances (Redis; send to A, subscribers half on A, half on B), run ${i}/${o.runs}`, {
            stats,
            sendTo: a,
            subscribeTo: [a, b],
            servers: [a, b],
            conversations: conv,
            rate: o.rate,
            seconds: o.seconds,
          }),
        );
        printRun(runs.at(-1)!);
      }
      verdict("two instances", runs);
      await Promise.all([stop(a), stop(b)]);
    }

    if (o.only.has("rolling")) {
      // Two instances behind a proxy that follows /readyz (the bench's, polling every READY_POLL_MS):
      // first a run without restart, then the same run while B and then A are restarted, one at a time.
      const env = { REDIS_URL };
      let a = await start("A", env);
      const conv = await seeded();
      let b = await start("B", env);
      const load = (during?: () => Promise<string[]>): Load => ({
        stats,
        sendTo: a,
        subscribeTo: [a, b],
        servers: [],
        conversations: conv,
        rate: o.rollingRate,
        seconds: o.rollingSeconds,
        rolling: { instances: () => [a, b], during },
      });
      const restartBoth = async () => {
        const notes: string[] = [];
        const t0 = performance.now();
        const at = () => `${((performance.now() - t0) / 1000).toFixed(1)}s`;
        await sleep(3000);
        for (const which of ["B", "A"] as const) {
          const old = which === "B" ? b : a;
          notes.push(`${at()} SIGTERM to ${which}`);
          await stop(old);
          notes.push(`${at()} ${which} exited (${old.child.signalCode ?? `code ${old.child.exitCode}`})`);
          const fresh = await start(`${which} (restarted)`, env);
          if (which === "B") b = fresh;
          else a = fresh;
          notes.push(`${at()} ${which} answers again`);
          await sleep(3000);
        }
        return notes;
      };
      const settings = `${o.rollingRate}/s for ${o.rollingSeconds}s, keyed sends tried again, sockets reconnect and catch up`;
      const quiet = await run(`rolling: two instances without restart (${settings})`, load());
      printRolling(quiet);
      const rolled = await run(`rolling: restart B then A (${settings})`, load(restartBoth));
      printRolling(rolled);
      console.log(
        `rolling restart: lost ${rolled.lost} (without restart ${quiet.lost}), duplicates stored ${rolled.storedDuplicates}, ` +
          `p50 ${ms(rolled.p50)} / p99 ${ms(rolled.p99)} / max ${ms(rolled.max)} beside ${ms(quiet.p50)} / ${ms(quiet.p99)} / ${ms(quiet.max)} without restart`,
      );
      for (const r of [quiet, rolled]) if (rollingMisses(r).length) missed.push(`${r.name}: ${rollingMisses(r).join("; ")}`);
      await Promise.all([stop(a), stop(b)]);
    }

    if (o.only.has("idle")) {
      const idle = idleRequestsPerMinute();
      const reason = idle.polling.length
        ? `${idle.polling.map((i) => `${i.where} every ${i.periodMs / 1000}s (${i.what})`).join("; ")}; no other polling — messages, notifications, unread count and presence arrive over one WebSocket`
        : "no polling; updates arrive over one WebSocket";
      const others = idle.intervals.filter((i) => !i.requests);
      console.log(
        `idle member: ${Number(idle.perMinute.toFixed(2))} HTTP requests per minute (target ≤ ${IDLE_TARGET_PER_MINUTE}; the earlier product's 2/3/5 s polls made about 50): ${reason}` +
          (others.length ? ` [also found, making no request: ${others.map((i) => `${i.where} every ${i.periodMs / 1000}s`).join(", ")}]` : "") +
          ` [scanned ${idle.files} files of web/src for setInterval/pollInterval/refetchInterval]`,
      );
      if (!(idle.perMinute <= IDLE_TARGET_PER_MINUTE)) missed.push(`idle member: ${idle.perMinute.toFixed(2)} requests per minute (target ≤ 1)`);
    }

    if (missed.length) {
      for (const line of missed) console.log(`MISSED ${line}`);
      return 1;
    }
    // Only what was measured is said to have held.
    const held = [
      (o.only.has("one") || o.only.has("two")) && `every run met p99 < ${P99_TARGET_MS}ms with nothing lost`,
      o.only.has("ceiling") && `the ceiling reached the goal (≥ ${CEILING_GOAL}/s)`,
      o.only.has("idle") && "the idle target held",
      o.only.has("rolling") && "a rolling restart lost nothing and stored nothing twice",
    ].filter(Boolean);
    console.log(`OK (${[...o.only].join(", ")}): ${held.join("; ")}`);
    return 0;
  } finally {
    await cleanUp();
  }
}

const role = isMainThread ? undefined : (workerData as { role?: string } | null)?.role;
if (role === "subscribers") subscriberWorker();
else if (role === "sender") senderWorker();
else
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
