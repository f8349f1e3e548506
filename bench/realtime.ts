// Benchmark of real-time delivery: 1,000 graphql-ws subscribers (`messageAdded`) spread over 100
// conversations (10 sockets per conversation, 5 for each of its two members), while messages are
// sent through the GraphQL `sendMessage` mutation over HTTP at 200 per second. Delivery latency is
// measured per (message, subscriber) from the moment the send starts to the moment the subscriber
// receives it. Then the same with two instances sharing PostgreSQL and Redis: subscribers on B,
// messages sent to A. Finally it counts, from the web client's code, the HTTP requests an idle
// signed-in member's browser makes per minute.
//
//   DATABASE_URL=postgresql://postgres@127.0.0.1:5432/test REDIS_URL=redis://127.0.0.1:6379 npx tsx bench/realtime.ts
//
// Both are required (the bench says so and stops without them). A fresh database cc_bench_<random> is created and dropped at the
// end. BENCH_SECONDS (default 30) sets how long messages are sent in each phase; BENCH_RATE
// (default 200 per second) and BENCH_LOG_LEVEL (default silent) are for diagnosis.
// The server runs in this process's main thread; the 1,000 subscriber sockets and the sender each
// run in a worker thread so that they do not share the server's event loop (they still share the
// machine's two cores). rss is this process's (workers included); heapUsed is the main thread's
// (the server). Latency is wall clock (performance.timeOrigin + now()). A diagnosis line per phase
// splits the tail: the mutation's answer as the sender saw it and as the server handled it, the
// server thread's event-loop delay and its GC pauses.
// Exits 1 when a message is lost, a send fails, p99 is 100 ms or more, or an idle member's browser
// makes more than 1 request per minute.
import { randomBytes } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { createRequire } from "node:module";
import { availableParallelism, cpus } from "node:os";
import { dirname, join, relative } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { monitorEventLoopDelay, performance, PerformanceObserver } from "node:perf_hooks";
import { isMainThread, parentPort, Worker, workerData } from "node:worker_threads";
import { WebSocket } from "ws";
import { createClient, type Client as WsClient } from "graphql-ws";
import { TIMINGS } from "../schema/src/index.js";
import { createApp, type App } from "../graphql-server/src/app.js";
import { loadConfig } from "../graphql-server/src/config.js";
import { SESSION_COOKIE } from "../graphql-server/src/lib/http.js";
import { freshPostgres } from "../graphql-server/test/harness.js";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const DATABASE_URL = process.env.DATABASE_URL;
const REDIS_URL = process.env.REDIS_URL;
const CONVERSATIONS = 100;
const SUBSCRIBERS_PER_CONVERSATION = 10;
const RATE = Number(process.env.BENCH_RATE ?? 200); // messages per second
const WARMUP_SECONDS = 3; // sent at the same rate before measuring, not counted
const DRAIN_MS = 5000; // a delivery not received this long after sending stopped is lost
const P99_TARGET_MS = 100;
const IDLE_TARGET_PER_MINUTE = 1;
const RUN = randomBytes(4).toString("hex"); // other runs may share the Redis channels

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const now = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const SEND = `mutation Send($c: Int!, $m: String!) {
  sendMessage(conversationId: $c, content: $m) { __typename ... on Message { id } ... on AppError { code message } } }`;
const ADDED = `subscription Added($c: Int!) { messageAdded(conversationId: $c) { id conversationId content } }`;

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

/**
 * Watches the calling thread's event loop and GC from start() to stop(): a stall there shows as
 * latency without being the server's statements or the network.
 */
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
    get watching() {
      return watching;
    },
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

/** 200 members, 100 offers and 100 conversations written directly; one real session per member. */
async function seed(app: App): Promise<Conversation[]> {
  const { prisma, sessions } = app.services;
  const joined = new Date();
  const phone = (i: number) => `5511988${String(i).padStart(6, "0")}`;
  await prisma.user.createMany({
    data: Array.from({ length: 2 * CONVERSATIONS }, (_, i) => ({
      phone: phone(i),
      plan: "alteza" as const,
      nickname: `Parceira ${i}`,
      fullName: `Maria Souza ${i}`,
      profileComplete: true,
    })),
  });
  const users = await prisma.user.findMany({ where: { phone: { startsWith: "5511988" } }, orderBy: { phone: "asc" }, select: { id: true } });
  await prisma.offer.createMany({
    data: Array.from({ length: CONVERSATIONS }, (_, i) => ({
      userId: users[2 * i].id,
      postType: "oferta" as const,
      type: "permuta" as const,
      title: `Consultoria de marca ${i}`,
      description: "Ajudo confeitarias a organizar a identidade visual e as redes sociais.",
      categories: ["Marketing"],
      authorPlanRank: 2,
      authorJoinedAt: joined,
    })),
  });
  const offers = await prisma.offer.findMany({ orderBy: { id: "asc" }, select: { id: true, userId: true } });
  await prisma.conversation.createMany({
    data: offers.map((offer, i) => ({ offerId: offer.id, offerOwnerId: offer.userId, interestedUserId: users[2 * i + 1].id })),
  });
  const conversations = await prisma.conversation.findMany({
    orderBy: { id: "asc" },
    select: { id: true, offerOwnerId: true, interestedUserId: true },
  });
  await prisma.conversationMember.createMany({
    data: conversations.flatMap((c) => [
      { conversationId: c.id, userId: c.offerOwnerId! },
      { conversationId: c.id, userId: c.interestedUserId! },
    ]),
  });
  const tokens = new Map<number, string>();
  for (let i = 0; i < users.length; i += 20) {
    await Promise.all(
      users.slice(i, i + 20).map(async (u) => tokens.set(u.id, (await sessions.create(prisma, u.id, {})).token)),
    );
  }
  const cookie = (userId: number) => `${SESSION_COOKIE}=${tokens.get(userId)}`;
  return conversations.map((c) => ({ id: c.id, cookies: [cookie(c.offerOwnerId!), cookie(c.interestedUserId!)] }));
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

interface PhaseResult {
  name: string;
  sent: number;
  sendErrors: number;
  expected: number;
  /** Pairs of (successful send, subscriber) received. */
  received: number;
  /** Deliveries of messages whose send answered an error (committed, then failed to answer). */
  extra: number;
  lost: number;
  duplicates: number;
  socketErrors: number;
  p50: number;
  p99: number;
  max: number;
  rss: number;
  heapUsed: number;
  peakRss: number;
  achievedRate: number;
  /** Send start to the mutation's answer. */
  answerP50: number;
  answerP99: number;
  /** A send request's arrival at the server to its answer's last byte. */
  handledP50: number;
  handledP99: number;
  /** The main thread's (the server's) event loop and GC while sending. */
  server: ThreadWatch;
  /** The same for the subscribers' thread (the measuring side). */
  subscribers: ThreadWatch;
}

type Op =
  | { op: "open"; url: string; conversations: Conversation[]; tag: string }
  | { op: "unready" }
  | { op: "received" }
  | { op: "finish"; okSeqs: number[] }
  | { op: "send"; url: string; conversations: Conversation[]; tag: string };

interface SendResult {
  sent: number;
  okSeqs: number[];
  /** Send start to the mutation's answer, per successful send. */
  answerMs: Float64Array;
  failures: [reason: string, count: number][];
  sendingSeconds: number;
}

function sendOverHttp(sendUrl: string, cookie: string, conversationId: number, content: string) {
  return fetch(`${sendUrl}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", cookie },
    body: JSON.stringify({ query: SEND, variables: { c: conversationId, m: content } }),
  }).then(async (response) => {
    const body = (await response.json()) as { data?: { sendMessage?: { __typename: string; code?: string } }; errors?: unknown[] };
    if (response.status !== 200 || body.data?.sendMessage?.__typename !== "Message") {
      throw new Error(`sendMessage ${response.status}: ${JSON.stringify(body).slice(0, 200)}`);
    }
  });
}

/**
 * The sender, in its own worker thread (real senders are browsers elsewhere; its HTTP client must
 * not share the server's event loop): WARMUP_SECONDS unmeasured, then RATE messages per second
 * for SECONDS, round-robin over the conversations and their two members.
 */
function senderWorker() {
  async function send(url: string, conversations: Conversation[], tag: string): Promise<SendResult> {
    const warmEnd = performance.now() + WARMUP_SECONDS * 1000;
    const warm = new Set<Promise<unknown>>();
    for (let w = 0; performance.now() < warmEnd; w++) {
      const c = conversations[w % conversations.length];
      const request = sendOverHttp(url, c.cookies[w % 2], c.id, `warm:${tag}`)
        .catch(() => undefined)
        .finally(() => warm.delete(request));
      warm.add(request);
      await sleep(1000 / RATE);
    }
    await Promise.all(warm);
    await sleep(500);

    const okSeqs: number[] = [];
    const answerMs: number[] = [];
    const failures = new Map<string, number>();
    const inFlight = new Set<Promise<void>>();
    let seq = 0;
    const started = performance.now();
    const end = started + SECONDS * 1000;
    while (performance.now() < end) {
      const due = Math.min(Math.floor(((performance.now() - started) / 1000) * RATE), SECONDS * RATE);
      while (seq < due) {
        const n = seq++;
        const conversation = conversations[n % conversations.length];
        const sender = conversation.cookies[Math.floor(n / conversations.length) % 2];
        const sentAt = now();
        const request = sendOverHttp(url, sender, conversation.id, `bench:${tag}:${n}:${sentAt}`)
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
    // An answer still missing DRAIN_MS after stopping counts as a failed send.
    await Promise.race([Promise.all(inFlight), sleep(DRAIN_MS)]);
    return { sent: seq, okSeqs, answerMs: Float64Array.from(answerMs), failures: [...failures], sendingSeconds };
  }
  answerCalls(async (message) => (message.op === "send" ? send(message.url, message.conversations, message.tag) : undefined));
}

/**
 * The 1,000 subscribers, run in a worker thread so that their sockets do not share the server's
 * event loop (real subscribers are browsers elsewhere). Answers the main thread's requests.
 */
function subscriberWorker() {
  const byConversation = new Map<number, { seen: Set<number>[]; probed: boolean[] }>();
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

  async function open(url: string, list: Conversation[], tag: string) {
    conversations = list;
    latencies = new Float64Array(Math.ceil(SECONDS * RATE * 1.1 + 100) * SUBSCRIBERS_PER_CONVERSATION);
    const t0 = performance.now();
    for (const conversation of conversations) {
      const state = { seen: [] as Set<number>[], probed: [] as boolean[] };
      byConversation.set(conversation.id, state);
      for (let s = 0; s < SUBSCRIBERS_PER_CONVERSATION; s++) {
        const seen = new Set<number>();
        state.seen.push(seen);
        state.probed.push(false);
        // 10 sockets per conversation, alternating between its two members.
        const client = wsClient(
          url,
          conversation.cookies[s % 2],
          () => connected++,
          () => {
            if (!finished) closedEarly++;
          },
        );
        clients.push(client);
        client.subscribe<{ messageAdded: { id: number; conversationId: number; content: string } }>(
          { query: ADDED, variables: { c: conversation.id } },
          {
            next: (value) => {
              const at = now();
              const content = value.data?.messageAdded.content;
              if (!content) {
                socketErrors++;
                return;
              }
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
                duplicates++;
                return;
              }
              seen.add(seq);
              latencies[received++] = at - Number(parts[4]);
            },
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
    for (const n of okSeqs) {
      const state = byConversation.get(conversations[n % conversations.length].id)!;
      for (const seen of state.seen) if (!seen.has(n)) lost++;
    }
    await Promise.all(clients.map((client) => client.dispose()));
    return {
      lost,
      received,
      duplicates,
      socketErrors: socketErrors + closedEarly,
      latencies: latencies.slice(0, received),
      thread,
    };
  }

  answerCalls(async (message) => {
    switch (message.op) {
      case "open":
        return open(message.url, message.conversations, message.tag);
      case "unready":
        return conversations.filter((c) => byConversation.get(c.id)!.probed.some((p) => !p)).map((c) => c.id);
      case "received":
        return received;
      case "finish":
        return finish(message.okSeqs);
    }
  });
}

/** A worker's side of startWorker's calls: each operation's result (or error) goes back under its id. */
function answerCalls(handle: (message: Op) => Promise<unknown>) {
  const port = parentPort!;
  port.on("message", (message: { id: number } & Op) => {
    handle(message).then(
      (result) => port.postMessage({ id: message.id, result }),
      (error: unknown) => port.postMessage({ id: message.id, error: error instanceof Error ? error.message : String(error) }),
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

/** The main thread's side of the subscriber worker. */
function startSubscribers() {
  const { call, terminate } = startWorker("subscribers");
  return {
    open: (url: string, conversations: Conversation[], tag: string) =>
      call<{ connectedMs: number; total: number }>({ op: "open", url, conversations, tag }),
    unready: () => call<number[]>({ op: "unready" }),
    received: () => call<number>({ op: "received" }),
    finish: (okSeqs: number[]) =>
      call<{
        lost: number;
        received: number;
        duplicates: number;
        socketErrors: number;
        latencies: Float64Array;
        thread: ThreadWatch;
      }>({ op: "finish", okSeqs }),
    terminate,
  };
}

/**
 * One phase: subscribers (in a worker thread) on `subscribeUrl`, messages sent (from another
 * worker thread) to `sendUrl`.
 */
async function phase(
  name: string,
  sendTo: { app: App; url: string },
  subscribeUrl: string,
  conversations: Conversation[],
): Promise<PhaseResult> {
  const tag = `${RUN}:${name}`;
  const subscribers = startSubscribers();
  const sender = startWorker("sender");
  try {
    return await measure(name, tag, subscribers, sender, sendTo, subscribeUrl, conversations);
  } finally {
    await Promise.all([subscribers.terminate(), sender.terminate()]);
  }
}

async function measure(
  name: string,
  tag: string,
  subscribers: ReturnType<typeof startSubscribers>,
  sender: ReturnType<typeof startWorker>,
  sendTo: { app: App; url: string },
  subscribeUrl: string,
  conversations: Conversation[],
): Promise<PhaseResult> {
  const sendUrl = sendTo.url;
  // 1. Open the subscribers.
  const t0 = performance.now();
  const { connectedMs, total } = await subscribers.open(subscribeUrl, conversations, tag);

  // 2. Subscribed means received: probe each conversation until every one of its sockets saw a probe.
  const byId = new Map(conversations.map((c) => [c.id, c]));
  let unready = await subscribers.unready();
  for (let attempt = 0; unready.length && attempt < 20; attempt++) {
    await Promise.all(unready.map((id) => sendOverHttp(sendUrl, byId.get(id)!.cookies[0], id, `probe:${tag}`)));
    const until = performance.now() + 1000;
    while ((unready = await subscribers.unready()).length && performance.now() < until) await sleep(20);
  }
  if (unready.length) throw new Error(`${name}: ${unready.length} conversations never delivered a probe`);
  const subscribedMs = performance.now() - t0;
  console.log(
    `${name}: ${total} subscribers connected in ${(connectedMs / 1000).toFixed(1)}s, all subscribed (probe received) after ${(subscribedMs / 1000).toFixed(1)}s`,
  );

  // 3. The sender worker warms up (JIT, connection pools) for WARMUP_SECONDS, then sends RATE
  // messages per second for SECONDS. Meanwhile this thread (the server's) watches its event loop,
  // its GC pauses and the process's memory.
  let peakRss = 0;
  let memory = process.memoryUsage();
  const watch = watchThread();
  // How long the server took from a request's arrival to its answer's last byte.
  const handledMs: number[] = [];
  const onRequest = (request: IncomingMessage, response: ServerResponse) => {
    if (!watch.watching || request.method !== "POST") return;
    const arrived = performance.now();
    response.once("finish", () => handledMs.push(performance.now() - arrived));
  };
  sendTo.app.server.prependListener("request", onRequest);
  const warmedUp = setTimeout(() => watch.start(), (WARMUP_SECONDS + 0.5) * 1000);
  const sampler = setInterval(() => {
    if (!watch.watching) return;
    memory = process.memoryUsage();
    peakRss = Math.max(peakRss, memory.rss);
  }, 250);
  let sent: SendResult;
  let server: ThreadWatch;
  try {
    sent = await sender.call<SendResult>({ op: "send", url: sendUrl, conversations, tag });
  } finally {
    clearTimeout(warmedUp);
    clearInterval(sampler);
    sendTo.app.server.off("request", onRequest);
    server = watch.stop();
  }
  const stoppedAt = performance.now();

  // 4. Wait for the deliveries to arrive, at most DRAIN_MS after stopping.
  const expectedCount = () => sent.okSeqs.length * SUBSCRIBERS_PER_CONVERSATION;
  while (performance.now() - stoppedAt < DRAIN_MS && (await subscribers.received()) < expectedCount()) await sleep(20);
  const { lost, received, duplicates, socketErrors, latencies, thread } = await subscribers.finish(sent.okSeqs);
  for (const [reason, count] of sent.failures) console.log(`  send failure x${count}: ${reason}`);

  const sorted = latencies.sort();
  const answers = sent.answerMs.sort();
  const handled = Float64Array.from(handledMs).sort();
  const expected = expectedCount();
  return {
    name,
    sent: sent.sent,
    sendErrors: sent.sent - sent.okSeqs.length,
    expected,
    received: expected - lost,
    extra: received - (expected - lost),
    lost,
    duplicates,
    socketErrors,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted.length ? sorted[sorted.length - 1] : NaN,
    rss: memory.rss,
    heapUsed: memory.heapUsed,
    peakRss: Math.max(peakRss, memory.rss),
    achievedRate: sent.sent / sent.sendingSeconds,
    answerP50: percentile(answers, 50),
    answerP99: percentile(answers, 99),
    handledP50: percentile(handled, 50),
    handledP99: percentile(handled, 99),
    server,
    subscribers: thread,
  };
}

function printPhase(r: PhaseResult) {
  console.log(
    `${r.name}: sent=${r.sent} (${r.achievedRate.toFixed(0)}/s, send errors ${r.sendErrors})  deliveries expected=${r.expected} received=${r.received}  ` +
      `lost=${r.lost}${r.extra ? ` (+${r.extra} deliveries of sends that answered an error)` : ""}${r.duplicates ? ` duplicates=${r.duplicates}` : ""}${r.socketErrors ? ` socket errors=${r.socketErrors}` : ""}`,
  );
  console.log(`${r.name}: latency send→receipt p50=${ms(r.p50)} p99=${ms(r.p99)} max=${ms(r.max)}`);
  console.log(
    `${r.name}: diagnosis: sendMessage answered p50=${ms(r.answerP50)} p99=${ms(r.answerP99)} (handled by the server p50=${ms(r.handledP50)} p99=${ms(r.handledP99)}); main event loop delay p99=${ms(r.server.loopDelayP99)} max=${ms(r.server.loopDelayMax)}; ` +
      `GC ${ms(r.server.gcPauseMs)} in all (longest ${ms(r.server.gcMaxMs)}); subscribers' event loop delay p99=${ms(r.subscribers.loopDelayP99)} ` +
      `max=${ms(r.subscribers.loopDelayMax)}, longest GC ${ms(r.subscribers.gcMaxMs)}`,
  );
  console.log(
    `${r.name}: memory (server runs in this process) rss=${mb(r.rss)} (peak ${mb(r.peakRss)}; includes the subscriber and sender threads) ` +
      `heapUsed=${mb(r.heapUsed)} (main thread: server${r.name.startsWith("two") ? "s A and B" : ""})`,
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

async function main() {
  if (!DATABASE_URL || !REDIS_URL) {
    console.error("bench/realtime.ts needs PostgreSQL and Redis: set DATABASE_URL=postgresql://… and REDIS_URL=redis://…");
    return 1;
  }
  const database = await freshPostgres(DATABASE_URL, "cc_bench");
  const apps: App[] = [];
  const cleanUp = async () => {
    for (const app of apps.splice(0)) await app.close().catch((error: unknown) => console.error("closing an app failed:", error));
    await database.drop().catch((error: unknown) => console.error(`dropping ${database.name} failed:`, error));
  };
  process.once("SIGINT", () => void cleanUp().finally(() => process.exit(130)));
  const start = async (env: Record<string, string>) => {
    const config = loadConfig({
      NODE_ENV: "test",
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? "silent",
      DATA_DIR: "memory",
      WEB_DIST: "/nonexistent",
      SEED_DEMO: "never",
      DATABASE_URL: database.url,
      // Each member sends RATE/200 messages a second; her per-minute allowance must not be what
      // is measured when BENCH_RATE is raised.
      MESSAGES_PER_MINUTE: String(Math.max(60, Math.ceil((RATE / (2 * CONVERSATIONS)) * 60 * 2))),
      ...env,
    });
    const app = await createApp({ config });
    apps.push(app);
    return { app, url: await app.listen(0, "127.0.0.1") };
  };

  try {
    console.log(`database  PostgreSQL (${database.name}); Redis ${REDIS_URL} for the two-instance phase`);
    console.log(`node      ${process.version}  cores=${availableParallelism()}  ${cpus()[0]?.model?.trim() ?? "unknown CPU"}`);
    console.log(
      `settings  ${CONVERSATIONS} conversations x ${SUBSCRIBERS_PER_CONVERSATION} graphql-ws subscribers, ${RATE} sendMessage/s over HTTP for ${SECONDS}s ` +
        `(after a ${WARMUP_SECONDS}s unmeasured warm-up), ` +
        `loss = not received ${DRAIN_MS / 1000}s after sending stopped`,
    );

    const a = await start({});
    if (a.app.services.bus.kind !== "memory") throw new Error("instance A should use the in-process bus");
    const conversations = await seed(a.app);
    const results: PhaseResult[] = [];
    results.push(await phase("one instance", a, a.url, conversations));
    printPhase(results.at(-1)!);
    await a.app.close();
    apps.splice(apps.indexOf(a.app), 1);

    const a2 = await start({ REDIS_URL });
    const b = await start({ REDIS_URL });
    if (a2.app.services.bus.kind !== "redis" || b.app.services.bus.kind !== "redis") throw new Error("the instances are not on Redis");
    results.push(await phase("two instances (Redis, send A → subscribers B)", a2, b.url, conversations));
    printPhase(results.at(-1)!);

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

    const missed: string[] = [];
    for (const r of results) {
      if (r.lost > 0) missed.push(`${r.name}: ${r.lost} deliveries lost (target 0)`);
      if (r.sendErrors > 0) missed.push(`${r.name}: ${r.sendErrors} sends failed`);
      if (r.socketErrors > 0) missed.push(`${r.name}: ${r.socketErrors} subscriber socket errors`);
      if (!(r.p99 < P99_TARGET_MS)) missed.push(`${r.name}: p99 ${ms(r.p99)} (target < ${P99_TARGET_MS}ms)`);
    }
    if (!(idle.perMinute <= IDLE_TARGET_PER_MINUTE)) missed.push(`idle member: ${idle.perMinute.toFixed(2)} requests per minute (target ≤ 1)`);
    if (missed.length) {
      for (const line of missed) console.log(`MISSED ${line}`);
      return 1;
    }
    console.log(`OK: nothing lost, p99 under ${P99_TARGET_MS}ms in both phases, idle member ≤ ${IDLE_TARGET_PER_MINUTE} request per minute`);
    return 0;
  } finally {
    await cleanUp();
  }
}

const role = isMainThread ? undefined : (workerData as { role?: string } | null)?.role;
if (role === "subscribers") subscriberWorker();
else if (role === "sender") senderWorker();
else main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
