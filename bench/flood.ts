// A socket flood from one address, as the 2026-11-27 probe sent it (finding 3): 500 anonymous
// graphql-ws sockets × 50 `offersChanged` subscriptions, while a member likes an offer.
//
//   NODE_ENV=production DATABASE_URL=postgresql://postgres@127.0.0.1:5432/test npx tsx bench/flood.ts
//
// One server instance in its own Node process (bench/kit.ts: the compiled build when it exists; run
// `npm run build` first), on a fresh cc_bench_* database (dropped at the end), with the in-process
// bus (REDIS_URL set: the Redis bus). Three phases:
// 1. quiet: a like (`POST /api/offers/:id/like`, one at a time, every --like-every-ms) and `/healthz`
//    (every --health-every-ms), side by side for --seconds; their p99 is the baseline;
// 2. the flood: --sockets anonymous graphql-ws sockets from this one address, each sending
//    connection_init and --subscriptions `offersChanged` subscriptions (in a worker thread, so the
//    bench's own timing is not delayed by the frames it receives); prints how many sockets were
//    accepted and refused (429 before the handshake) and how many subscriptions were refused;
// 3. under the flood: the same like and `/healthz` loops, each like fanned out to every accepted
//    subscription; prints their p99 beside the quiet ones and the ratio against the target (2×), the
//    frames the flood received per like, and the server's RSS (after start, before and after the
//    flood, its peak) and CPU.
// The anonymous GraphQL limit is lifted (bench/kit.ts does, for every bench) so that the socket caps
// alone bound the subscriptions, as after a few minutes of a patient flood; LIKES_PER_MINUTE is lifted
// so the one member's likes are not refused. Every other setting is the default.
// Flags (or environment): --seconds (BENCH_SECONDS, 20), --sockets (BENCH_SOCKETS, 500),
// --subscriptions (BENCH_SUBSCRIPTIONS, 50), --like-every-ms (BENCH_LIKE_EVERY_MS, 200),
// --health-every-ms (BENCH_HEALTH_EVERY_MS, 100). Exits 1 when a p99 under the flood is 2× its quiet
// one or more, or a like fails.
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { performance } from "node:perf_hooks";
import { isMainThread, parentPort, Worker, workerData } from "node:worker_threads";
import pg from "pg";
import { WebSocket } from "ws";
import { freshPostgres } from "../graphql-server/test/harness.js";
import { ms, rssOf, seedMembers, sessionCookies, startServer, watchProcess } from "./kit.js";

const TARGET_RATIO = 2;
const SETTLE_MS = 2000; // after the last subscription is sent, for the server's refusals to arrive
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)}MB`;
const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

function options() {
  const { values } = parseArgs({
    options: {
      seconds: { type: "string" },
      sockets: { type: "string" },
      subscriptions: { type: "string" },
      "like-every-ms": { type: "string" },
      "health-every-ms": { type: "string" },
    },
  });
  const env = process.env;
  const positive = (name: string, text: string) => {
    const value = Number(text);
    if (!(value > 0)) throw new Error(`${name} must be a positive number (got ${JSON.stringify(text)})`);
    return value;
  };
  return {
    seconds: positive("--seconds", values.seconds ?? env.BENCH_SECONDS ?? "20"),
    sockets: Math.floor(positive("--sockets", values.sockets ?? env.BENCH_SOCKETS ?? "500")),
    subscriptions: Math.floor(positive("--subscriptions", values.subscriptions ?? env.BENCH_SUBSCRIPTIONS ?? "50")),
    likeEveryMs: positive("--like-every-ms", values["like-every-ms"] ?? env.BENCH_LIKE_EVERY_MS ?? "200"),
    healthEveryMs: positive("--health-every-ms", values["health-every-ms"] ?? env.BENCH_HEALTH_EVERY_MS ?? "100"),
  };
}

function p99(samples: number[]) {
  if (!samples.length) return NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(0.99 * sorted.length) - 1)];
}

// ---- the flood (worker thread) -------------------------------------------------------------------

type FloodOp = { op: "open"; url: string; sockets: number; subscriptions: number } | { op: "frames" } | { op: "close" };
interface Opened {
  accepted: number;
  refused: Record<string, number>;
  subscriptionsSent: number;
  subscriptionErrors: number;
  openMs: number;
}

function floodWorker() {
  const sockets: WebSocket[] = [];
  let frames = 0;
  let subscriptionErrors = 0;
  const open = async (url: string, count: number, subscriptions: number): Promise<Opened> => {
    const refused: Record<string, number> = {};
    let accepted = 0;
    let subscriptionsSent = 0;
    const started = performance.now();
    const one = () =>
      new Promise<void>((resolve) => {
        const ws = new WebSocket(`${url.replace(/^http/, "ws")}/graphql`, "graphql-transport-ws");
        ws.once("unexpected-response", (_request, response) => {
          refused[response.statusCode ?? "?"] = (refused[response.statusCode ?? "?"] ?? 0) + 1;
          response.resume();
          resolve();
        });
        ws.once("error", (error) => {
          refused[error.message] = (refused[error.message] ?? 0) + 1;
          resolve();
        });
        ws.once("open", () => {
          sockets.push(ws);
          ws.send(JSON.stringify({ type: "connection_init" }));
        });
        ws.on("message", (raw: Buffer) => {
          // Counting by the frame's start: parsing 25,000 frames a like would slow the bench, not the server.
          const head = raw.subarray(0, 40).toString();
          if (head.includes('"type":"connection_ack"')) {
            accepted += 1;
            for (let k = 0; k < subscriptions; k++) {
              ws.send(JSON.stringify({ id: `s${k}`, type: "subscribe", payload: { query: "subscription { offersChanged { kind offerId totalLikes } }" } }));
            }
            subscriptionsSent += subscriptions;
            resolve();
          } else if (head.includes('"type":"next"')) frames += 1;
          else if (head.includes('"type":"error"')) subscriptionErrors += 1;
        });
        ws.once("close", () => resolve());
      });
    // As the probe did: every socket at once.
    await Promise.all(Array.from({ length: count }, one));
    const openMs = performance.now() - started;
    await sleep(SETTLE_MS);
    return { accepted, refused, subscriptionsSent, subscriptionErrors, openMs };
  };
  parentPort!.on("message", (message: { id: number } & FloodOp) => {
    const answer = (result: unknown) => parentPort!.postMessage({ id: message.id, result });
    if (message.op === "open") void open(message.url, message.sockets, message.subscriptions).then(answer);
    else if (message.op === "frames") answer(frames);
    else {
      for (const ws of sockets) ws.terminate();
      answer(sockets.length);
    }
  });
}

/** The flood's worker thread, and a call to it answering a promise (tsx registered in the worker too). */
function startFloodWorker() {
  const tsxApi = pathToFileURL(join(dirname(createRequire(import.meta.url).resolve("tsx/esm/api")), "index.mjs")).href;
  const bootstrap = `import(${JSON.stringify(tsxApi)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(import.meta.url)}); });`;
  const worker = new Worker(bootstrap, { eval: true, workerData: { role: "flood" } });
  const pending = new Map<number, (value: any) => void>();
  let next = 0;
  worker.on("message", (message: { id: number; result: unknown }) => {
    pending.get(message.id)?.(message.result);
    pending.delete(message.id);
  });
  const call = <T>(op: FloodOp) =>
    new Promise<T>((resolve) => {
      const id = next++;
      pending.set(id, resolve);
      worker.postMessage({ id, ...op });
    });
  return { call, terminate: () => worker.terminate() };
}

// ---- the measured loops (main thread) ------------------------------------------------------------

/** A like and /healthz, each one request at a time at its own pace, for `seconds`: their answer times. */
async function measure(url: string, cookie: string, offerId: number, o: ReturnType<typeof options>) {
  const until = performance.now() + o.seconds * 1000;
  const likes: number[] = [];
  const health: number[] = [];
  let failures = 0;
  const loop = async (samples: number[], everyMs: number, request: () => Promise<Response>) => {
    while (performance.now() < until) {
      const started = performance.now();
      const response = await request();
      await response.arrayBuffer();
      samples.push(performance.now() - started);
      if (!response.ok) failures += 1;
      await sleep(Math.max(0, everyMs - (performance.now() - started)));
    }
  };
  await Promise.all([
    loop(likes, o.likeEveryMs, () => fetch(`${url}/api/offers/${offerId}/like`, { method: "POST", headers: { cookie } })),
    loop(health, o.healthEveryMs, () => fetch(`${url}/healthz`)),
  ]);
  return { likes, health, failures };
}

async function main() {
  const DATABASE_URL = process.env.DATABASE_URL;
  if (!DATABASE_URL) {
    console.error("bench/flood.ts needs PostgreSQL: set DATABASE_URL=postgresql://…");
    return 1;
  }
  const o = options();
  const database = await freshPostgres(DATABASE_URL, "cc_bench");
  const client = new pg.Client({ connectionString: database.url });
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  let flood: ReturnType<typeof startFloodWorker> | undefined;
  const cleanUp = async () => {
    await flood?.call({ op: "close" }).catch(() => undefined);
    await flood?.terminate();
    await client.end().catch(() => undefined);
    await server?.stop().catch((error: unknown) => console.error("stopping the server failed:", error));
    await database.drop().catch((error: unknown) => console.error(`dropping ${database.name} failed:`, error));
  };
  process.once("SIGINT", () => void cleanUp().finally(() => process.exit(130)));
  try {
    // The server makes the tables; then an owner, a liker and the offer she likes.
    server = await startServer(database.url, { LIKES_PER_MINUTE: "1000000000", REDIS_URL: process.env.REDIS_URL ?? "" });
    const pid = server.child.pid!;
    await client.connect();
    await seedMembers(client, 2);
    const [owner, liker] = (await client.query<{ id: number }>(`SELECT id FROM "User" ORDER BY id`)).rows.map((row) => row.id);
    const offerId = (
      await client.query<{ id: number }>(
        `INSERT INTO "Offer" ("userId", "postType", type, title, description, categories, "authorPlanRank", "authorJoinedAt", "createdAt", "updatedAt")
         VALUES ($1, 'oferta', 'permuta', 'Consultoria de marca', 'Ajudo confeitarias a organizar a identidade visual.', ARRAY['Marketing'], 2, now(), now(), now())
         RETURNING id`,
        [owner],
      )
    ).rows[0].id;
    const cookie = (await sessionCookies(client, [liker])).get(liker)!;
    const health = (await (await fetch(`${server.url}/healthz`)).json()) as { bus?: string };
    const rssStart = rssOf(pid);
    console.log(`server: pid ${pid}, ${health.bus} bus, RSS ${mb(rssStart)} after start`);
    console.log(`load: a like every ${o.likeEveryMs} ms and /healthz every ${o.healthEveryMs} ms, one at a time each, ${o.seconds} s per phase`);

    await measure(server.url, cookie, offerId, { ...o, seconds: 2 }); // warm-up, not counted
    const watch = watchProcess(pid);
    watch.start();
    const quiet = await measure(server.url, cookie, offerId, o);
    const quietProcess = watch.stop();
    console.log(
      `quiet        like p99=${ms(p99(quiet.likes)).padEnd(8)} (${quiet.likes.length} likes)  /healthz p99=${ms(p99(quiet.health)).padEnd(8)} ` +
        `(${quiet.health.length})  CPU ${quietProcess.cpuPercent.toFixed(0)}%  RSS ${mb(quietProcess.rss)}`,
    );

    flood = startFloodWorker();
    const opened = await flood.call<Opened>({ op: "open", url: server.url, sockets: o.sockets, subscriptions: o.subscriptions });
    const held = opened.subscriptionsSent - opened.subscriptionErrors;
    const rssFlooded = rssOf(pid);
    console.log(
      `flood        ${o.sockets} anonymous sockets × ${o.subscriptions} subscriptions from one address in ${ms(opened.openMs)}: ` +
        `${opened.accepted} sockets accepted, refused ${JSON.stringify(opened.refused)}; ` +
        `${held} subscriptions held (${opened.subscriptionErrors} refused)  RSS ${mb(rssFlooded)}`,
    );

    const framesBefore = await flood.call<number>({ op: "frames" });
    watch.start();
    const flooded = await measure(server.url, cookie, offerId, o);
    const floodedProcess = watch.stop();
    await sleep(SETTLE_MS);
    const frames = (await flood.call<number>({ op: "frames" })) - framesBefore;
    console.log(
      `under flood  like p99=${ms(p99(flooded.likes)).padEnd(8)} (${flooded.likes.length} likes)  /healthz p99=${ms(p99(flooded.health)).padEnd(8)} ` +
        `(${flooded.health.length})  CPU ${floodedProcess.cpuPercent.toFixed(0)}%  RSS ${mb(floodedProcess.rss)} (peak ${mb(floodedProcess.peakRss)})  ` +
        `frames ${frames} = ${(frames / Math.max(1, flooded.likes.length)).toFixed(0)} per like (expected ${held})`,
    );

    const likeRatio = p99(flooded.likes) / p99(quiet.likes);
    const healthRatio = p99(flooded.health) / p99(quiet.health);
    const verdict = (ratio: number) => `${ratio.toFixed(2)}× ${ratio < TARGET_RATIO ? "(met)" : "(MISSED)"}`;
    console.log(`ratio        like ${verdict(likeRatio)}  /healthz ${verdict(healthRatio)}  target < ${TARGET_RATIO}× the quiet p99`);
    console.log(`RSS          ${mb(rssStart)} after start → ${mb(rssFlooded)} with the flood open → peak ${mb(floodedProcess.peakRss)} (+${mb(floodedProcess.peakRss - rssStart)})`);
    const failures = quiet.failures + flooded.failures;
    if (failures) console.log(`FAILED       ${failures} requests answered an error`);
    return likeRatio < TARGET_RATIO && healthRatio < TARGET_RATIO && failures === 0 ? 0 : 1;
  } finally {
    await cleanUp();
  }
}

if (!isMainThread && (workerData as { role?: string } | null)?.role === "flood") floodWorker();
else
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
