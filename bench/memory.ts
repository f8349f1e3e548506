// How much memory the server holds (issue 25: a club's first server is often a 1 GB machine).
//
//   npm run build -w graphql-server && NODE_ENV=production DATABASE_URL=postgresql://postgres@127.0.0.1:5432/test npx tsx bench/memory.ts
//
// Every server is its own Node process, started as `npm start` starts it (bench/kit.ts: the compiled
// build with the serve script's Node options), and measured from /proc (VmRSS; VmHWM for a peak: the
// kernel's high-water mark of that process, so no sample can miss it). Nothing is forced: no
// --expose-gc, no signal; a figure "after start" is read BENCH_SETTLE_SECONDS (default 10) after the
// server first answers /healthz, with one more /healthz just before.
//
//   baseline         `node -e` with an empty HTTP server, same Node, same run
//   embedded first   PGlite on a fresh data folder, demo seeded (SEED_DEMO=auto): peak (the server's
//                    own, and the server with the child process that seeds the demo) and after start
//   embedded again   the same folder, started again: after start
//   postgresql       a fresh cc_bench_* database (dropped at the end), no seed: after the first start
//                    (every migration applied) and after a second start
//   subscribers      1,000 signed-in members, one graphql-ws socket each, each subscribed to
//                    `offersChanged` and then idle, on that PostgreSQL server: RSS growth per subscriber
//
// Prints each beside its target and exits 1 when one is missed.
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { WebSocket } from "ws";
import { freshPostgres } from "../graphql-server/test/harness.js";
import { rssOf, seedMembers, serverCommand, sessionCookies, startServer } from "./kit.js";

const DATABASE_URL = process.env.DATABASE_URL;
const SETTLE_SECONDS = Number(process.env.BENCH_SETTLE_SECONDS ?? 10);
const SUBSCRIBERS = Number(process.env.BENCH_SUBSCRIBERS ?? 1000);
const MB = 1024 * 1024;

const TARGETS = {
  embeddedPeak: 600 * MB,
  embeddedAfterStart: 300 * MB,
  postgresAfterStart: 180 * MB,
  perSubscriber: 50 * 1024,
};

/** The kernel's high-water mark of a process's resident memory (VmHWM, bytes). */
const peakRssOf = (pid: number) => Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? NaN) * 1024;
/** The processes a process started (every thread's `children` in /proc), or none once it is gone. */
function childrenOf(pid: number): number[] {
  try {
    return readdirSync(`/proc/${pid}/task`).flatMap((task) =>
      readFileSync(`/proc/${pid}/task/${task}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number),
    );
  } catch {
    return [];
  }
}
/** The resident memory of every process below this one (the server and any process it started), summed. */
function descendantsRss(pid = process.pid): number {
  let total = 0;
  for (const child of childrenOf(pid)) {
    try {
      total += rssOf(child) || 0; // NaN: ended, not yet reaped
    } catch {
      // Ended between the two reads.
    }
    total += descendantsRss(child);
  }
  return total;
}
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const mb = (bytes: number) => `${(bytes / MB).toFixed(0)} MB`;

const rows: { name: string; value: string; target: string; ok: boolean | null }[] = [];
function report(name: string, value: number, target: number | null, unit: (v: number) => string = mb) {
  const ok = target === null ? null : value < target;
  rows.push({ name, value: unit(value), target: target === null ? "" : `< ${unit(target)}`, ok });
  console.log(`${name.padEnd(34)} ${unit(value).padStart(9)}  ${target === null ? "" : `target < ${unit(target)}  ${ok ? "ok" : "MISSED"}`}`);
}

/** Waits the settle time, asks /healthz once more, then reads the process's RSS. */
async function settledRss(url: string, pid: number) {
  await sleep(SETTLE_SECONDS * 1000);
  await fetch(`${url}/healthz`);
  await sleep(200);
  return rssOf(pid);
}

/** `node -e` with an empty HTTP server: what Node alone holds on this machine. */
async function baseline() {
  const script = `const s=require("node:http").createServer((q,r)=>r.end("ok"));s.listen(0,"127.0.0.1",()=>console.log(s.address().port))`;
  const child = spawn(process.execPath, ["-e", script], { stdio: ["ignore", "pipe", "inherit"] });
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout.once("data", (data: Buffer) => resolve(Number(data.toString().trim())));
    child.once("exit", (code) => reject(new Error(`the baseline exited with ${code}`)));
  });
  const url = `http://127.0.0.1:${port}`;
  await fetch(url);
  const rss = await settledRss(url, child.pid!);
  child.kill();
  return rss;
}

/** Opens one member's graphql-ws socket and subscribes it to offersChanged; resolves when acknowledged. */
function subscriber(wsUrl: string, cookie: string) {
  return new Promise<WebSocket>((resolve, reject) => {
    const ws = new WebSocket(wsUrl, "graphql-transport-ws", { headers: { cookie } });
    ws.once("error", reject);
    ws.once("close", (code) => reject(new Error(`socket closed with ${code}`)));
    ws.once("open", () => ws.send(JSON.stringify({ type: "connection_init", payload: {} })));
    ws.on("message", (data) => {
      const message = JSON.parse(String(data)) as { type: string };
      if (message.type === "connection_ack") {
        ws.send(JSON.stringify({ id: "1", type: "subscribe", payload: { query: "subscription { offersChanged { kind offerId totalLikes } }" } }));
        resolve(ws);
      } else if (message.type === "ping") {
        ws.send(JSON.stringify({ type: "pong" }));
      }
    });
  });
}

async function main() {
  if (!DATABASE_URL) {
    console.error("DATABASE_URL is required (the PostgreSQL server and the subscribers): see bench/README.md");
    process.exit(2);
  }
  console.log(`server    ${serverCommand().describe}`);
  console.log(`node      ${process.version}; after start = ${SETTLE_SECONDS} s after the first /healthz, nothing forced`);

  report("baseline: node -e empty HTTP", await baseline(), null);

  const dataDir = mkdtempSync(join(tmpdir(), "cc-bench-memory-"));
  try {
    const env = { DATABASE_URL: "", DATA_DIR: dataDir, SEED_DEMO: "auto" };
    // The compiled server seeds the demo in a child process of its own (seed/auto.ts): what the machine
    // holds at once is the server and that child together, sampled every 100 ms.
    let together = 0;
    const sampler = setInterval(() => (together = Math.max(together, descendantsRss())), 100);
    const first = await startServer("", env).finally(() => clearInterval(sampler));
    try {
      const pid = first.child.pid!;
      const started = peakRssOf(pid);
      const settled = await settledRss(first.url, pid);
      report("embedded first start: peak", Math.max(started, peakRssOf(pid)), TARGETS.embeddedPeak);
      report("  with its seeding child (sampled)", Math.max(together, started), TARGETS.embeddedPeak);
      report("embedded first start: after", settled, TARGETS.embeddedAfterStart);
    } finally {
      await first.stop();
    }
    const again = await startServer("", env);
    try {
      const pid = again.child.pid!;
      report("embedded second start: after", await settledRss(again.url, pid), TARGETS.embeddedAfterStart);
      report("embedded second start: peak", peakRssOf(pid), null);
    } finally {
      await again.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }

  const database = await freshPostgres(DATABASE_URL, "cc_bench");
  const sockets: WebSocket[] = [];
  try {
    // The first start applies every migration to the empty database; the second is an ordinary restart.
    const migrating = await startServer(database.url);
    try {
      report("postgresql first start: after", await settledRss(migrating.url, migrating.child.pid!), TARGETS.postgresAfterStart);
    } finally {
      await migrating.stop();
    }
    const server = await startServer(database.url, { SOCKETS_PER_ADDRESS: String(SUBSCRIBERS + 100) });
    try {
      const pid = server.child.pid!;
      report("postgresql second start: after", await settledRss(server.url, pid), TARGETS.postgresAfterStart);
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      let cookies: Map<number, string>;
      try {
        await seedMembers(client, SUBSCRIBERS);
        const ids = (await client.query<{ id: number }>(`SELECT id FROM "User" ORDER BY id LIMIT $1`, [SUBSCRIBERS])).rows.map((r) => r.id);
        cookies = await sessionCookies(client, ids);
      } finally {
        await client.end();
      }
      // The members' rows are now in the database's cache, not in the server's: its RSS is read again.
      const empty = await settledRss(server.url, pid);
      const wsUrl = `${server.url.replace(/^http/, "ws")}/graphql`;
      const all = [...cookies.values()];
      for (let i = 0; i < all.length; i += 50) sockets.push(...(await Promise.all(all.slice(i, i + 50).map((cookie) => subscriber(wsUrl, cookie)))));
      const held = await settledRss(server.url, pid);
      report(`postgresql: ${sockets.length} subscribers`, held, null);
      report("per idle subscriber", (held - empty) / sockets.length, TARGETS.perSubscriber, (v) => `${(v / 1024).toFixed(0)} KB`);
      report("postgresql: peak", peakRssOf(pid), null);
    } finally {
      for (const ws of sockets) ws.terminate();
      await server.stop();
    }
  } finally {
    await database.drop();
  }

  const missed = rows.filter((row) => row.ok === false);
  console.log(missed.length ? `MISSED: ${missed.map((row) => row.name).join(", ")}` : "all targets met");
  process.exit(missed.length ? 1 : 0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
