// The nginx example of docs/operations.md (deploy/nginx/clube-coroa.conf), run as it is by the real
// nginx (only its ports changed) in front of two instances on PostgreSQL and Redis: what a member
// and an operator see through it. Reported as not run without nginx, PostgreSQL or Redis.
import { spawn, type ChildProcess } from "node:child_process";
import { chmod, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { request } from "node:http";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  collect,
  createMember,
  createOfferRow,
  eventually,
  freshPostgres,
  pokeUntil,
  requireServers,
  serversAvailable,
  startTestApp,
  testServers,
  type TestApp,
} from "./harness.js";

const EXAMPLE = resolve(import.meta.dirname, "../../deploy/nginx/clube-coroa.conf");
const NEEDED = ["postgres", "redis", "nginx"] as const;
const PREFIX = "55489";
const LOOKUPS_PER_MINUTE = 3;
const ADDED = `subscription($c: Int!) { messageAdded(conversationId: $c) { id content } }`;

/** A port nothing listens on now (nginx binds it a moment later). */
function freePort() {
  return new Promise<number>((done, fail) => {
    const probe = createServer();
    probe.once("error", fail);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => done(port));
    });
  });
}

/** The example with its listening port and its two upstream servers replaced; each must be there once. */
function renderExample(text: string, ports: { listen: number; upstreams: [number, number] }) {
  const replacements: [string, string][] = [
    ["listen 80;", `listen 127.0.0.1:${ports.listen};`],
    ["server 127.0.0.1:3001 ", `server 127.0.0.1:${ports.upstreams[0]} `],
    ["server 127.0.0.1:3002 ", `server 127.0.0.1:${ports.upstreams[1]} `],
  ];
  for (const [from, to] of replacements) {
    if (text.split(from).length !== 2) throw new Error(`the nginx example should contain "${from}" once`);
    text = text.replace(from, to);
  }
  return text;
}

interface RunningNginx {
  url: string;
  stderr: () => string;
  stop(): Promise<void>;
}

/**
 * nginx in the foreground with everything (pid, temp files, the config) under `dir`, so it needs no
 * root and no system folder; started again on another port if the one chosen was taken meanwhile.
 */
async function startNginx(binary: string, dir: string, upstreams: [number, number]): Promise<RunningNginx> {
  const example = await readFile(EXAMPLE, "utf8");
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    await writeFile(join(dir, "clube-coroa.conf"), renderExample(example, { listen: port, upstreams }));
    const temp = (name: string) => `${name}_temp_path ${join(dir, name)};`;
    await writeFile(
      join(dir, "nginx.conf"),
      [
        "worker_processes 1;",
        `pid ${join(dir, "nginx.pid")};`,
        "error_log stderr warn;",
        "events { worker_connections 256; }",
        "http {",
        "  access_log off;",
        `  ${["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map(temp).join("\n  ")}`,
        `  include ${join(dir, "clube-coroa.conf")};`,
        "}",
        "",
      ].join("\n"),
    );
    const child: ChildProcess = spawn(binary, ["-p", dir, "-c", join(dir, "nginx.conf"), "-e", "stderr", "-g", "daemon off;"], { stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr!.on("data", (chunk) => (stderr += chunk));
    let exited = false;
    const exit = new Promise<void>((done) => child.once("exit", () => ((exited = true), done())));
    // Should this worker die with nginx still running, it is asked to stop as well.
    const orphanGuard = () => child.kill("SIGTERM");
    process.once("exit", orphanGuard);
    const url = `http://127.0.0.1:${port}`;
    const stop = async () => {
      process.off("exit", orphanGuard);
      if (exited) return;
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 5000);
      await exit;
      clearTimeout(timer);
    };
    try {
      await eventually(async () => exited || (await fetch(`${url}/healthz`).then((answer) => answer.status === 200, () => false)), 20_000, "nginx to answer");
    } catch (error) {
      await stop();
      throw new Error(`nginx did not start: ${stderr}`, { cause: error });
    }
    if (!exited) return { url, stderr: () => stderr, stop };
    if (attempt === 3 || !stderr.includes("Address already in use")) throw new Error(`nginx did not start: ${stderr}`);
  }
}

/** A GET from a client whose own address is `from` (any of 127.0.0.0/8), with optional headers. */
function getFrom(from: string, url: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; body: any }>((done, fail) => {
    const call = request(url, { localAddress: from, headers }, (answer) => {
      let text = "";
      answer.on("data", (chunk) => (text += chunk));
      answer.on("end", () => done({ status: answer.statusCode!, body: text ? JSON.parse(text) : null }));
      answer.on("error", fail);
    });
    call.on("error", fail);
    call.end();
  });
}

/** A multipart upload of `bytes` as the web app sends a photo, through `baseUrl`. */
async function uploadPhoto(baseUrl: string, cookie: string, bytes: Buffer) {
  const form = new FormData();
  form.set("file", new Blob([new Uint8Array(bytes)], { type: "image/png" }), "foto.png");
  const answer = await fetch(`${baseUrl}/api/profile/photo`, { method: "POST", body: form, headers: { cookie } });
  const text = await answer.text();
  return { status: answer.status, contentType: answer.headers.get("content-type"), body: JSON.parse(text) as any };
}

describe("two instances behind the nginx example", () => {
  let dir: string | undefined;
  let database: Awaited<ReturnType<typeof freshPostgres>> | undefined;
  const apps: TestApp[] = [];
  let nginx: RunningNginx | undefined;
  let a: TestApp;
  let b: TestApp;
  let proxy: string;

  beforeAll(async () => {
    if (!serversAvailable(...NEEDED)) return;
    dir = await mkdtemp(join(tmpdir(), "coroa-nginx-"));
    // Run as root (CI), nginx's workers are 'nobody': they must reach the temp folders inside.
    await chmod(dir, 0o755);
    database = await freshPostgres(testServers.postgres!, "cc_nginx_test");
    const env = {
      DATABASE_URL: database.url,
      REDIS_URL: testServers.redis!,
      // As in production on PostgreSQL (the tests' DATA_DIR=memory would keep each instance's uploads to itself).
      STORAGE: "database",
      // nginx's own address: the X-Forwarded-For it sends is believed from it alone.
      TRUST_PROXY: "127.0.0.1",
      AFFILIATE_LOOKUPS_PER_MINUTE: String(LOOKUPS_PER_MINUTE),
      GRAPHQL_ANONYMOUS_PER_MINUTE: "100000",
      SHUTDOWN_GRACE_SECONDS: "4",
      LOG_LEVEL: process.env.TEST_LOG ?? "silent",
    };
    const started = await Promise.allSettled([startTestApp(env), startTestApp(env)]);
    for (const result of started) if (result.status === "fulfilled") apps.push(result.value);
    for (const result of started) if (result.status === "rejected") throw result.reason;
    [a, b] = apps;
    const port = (app: TestApp) => Number(new URL(app.url).port);
    nginx = await startNginx(testServers.nginx!, dir, [port(a), port(b)]);
    proxy = nginx.url;
  });

  afterAll(async () => {
    await nginx?.stop();
    await Promise.all(apps.map((app) => app.close()));
    await database?.drop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it("answers /healthz and /readyz through the proxy, with the bus on Redis connected", async () => {
    requireServers(...NEEDED);
    const health = await fetch(`${proxy}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: "ok", bus: "redis", busConnected: true });
    const ready = await fetch(`${proxy}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: "ready", database: "ok", redis: "ok" });
    // Metrics are scraped from each instance, never through the round robin.
    expect((await fetch(`${proxy}/metrics`)).status).toBe(404);
  });

  it("passes graphql-ws's WebSocket upgrade to both instances, and each socket receives a message sent through the proxy", async () => {
    requireServers(...NEEDED);
    const owner = await createMember(a, PREFIX);
    const asker = await createMember(a, PREFIX);
    const offer = await createOfferRow(a, owner.user.id);
    const viaProxy = owner.client.at(proxy);
    const sender = asker.client.at(proxy);
    const conversation = (await sender.rest("POST", "/api/conversations", { offerId: offer.id })).body.id as number;
    const socketsBefore = [a.app.graphqlWs.openSockets(), b.app.graphqlWs.openSockets()];
    const first = viaProxy.ws();
    const second = viaProxy.ws();
    const onFirst = collect(first, ADDED, { c: conversation });
    const onSecond = collect(second, ADDED, { c: conversation });
    try {
      // nginx's round robin gave one socket to each instance.
      await eventually(
        () => a.app.graphqlWs.openSockets() === socketsBefore[0] + 1 && b.app.graphqlWs.openSockets() === socketsBefore[1] + 1,
        10_000,
        "one socket on each instance",
      );
      let sent = 0;
      await pokeUntil(
        async () => expect((await sender.rest("POST", `/api/conversations/${conversation}/messages`, { content: `Olá pelo proxy ${++sent}` })).status).toBe(201),
        () => onFirst.values.length > 0 && onSecond.values.length > 0,
        "the message on both sockets",
      );
      for (const seen of [onFirst, onSecond]) {
        expect(seen.errors).toEqual([]);
        expect(seen.values[0].messageAdded.content).toMatch(/^Olá pelo proxy \d+$/);
      }
    } finally {
      onFirst.dispose();
      onSecond.dispose();
      await Promise.all([first.dispose(), second.dispose()]);
    }
  });

  it("accepts a photo just under 5 MB; refuses a larger body with 413 and the club's message, from the server or from nginx itself", async () => {
    requireServers(...NEEDED);
    const her = await createMember(a, PREFIX);
    const cookie = her.client.cookieHeader;
    // An uncompressed PNG of noise: 1400 × 1213 pixels are about 4.9 MiB, under the 5 MiB limit.
    const near = await sharp({ create: { width: 1400, height: 1213, channels: 3, background: "#b03060", noise: { type: "gaussian", mean: 128, sigma: 60 } } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(near.length).toBeGreaterThan(4.8 * 1024 * 1024);
    expect(near.length).toBeLessThan(5 * 1024 * 1024);
    const accepted = await uploadPhoto(proxy, cookie, near);
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    const photo = await fetch(`${proxy}${accepted.body.profile.profilePhotoUrl}`, { headers: { cookie } });
    expect([photo.status, photo.headers.get("content-type")]).toEqual([200, "image/webp"]);

    const tooLarge = { success: false, error: "A imagem deve ter no máximo 5 MB", code: "IMAGE_TOO_LARGE" };
    // 5.5 MB passes nginx (6 MB) and is refused by the server.
    const byServer = await uploadPhoto(proxy, cookie, Buffer.concat([near, Buffer.alloc(Math.round(5.5 * 1024 * 1024) - near.length)]));
    expect([byServer.status, byServer.body]).toEqual([413, tooLarge]);
    // 7 MB never reaches an instance: nginx answers with the same words.
    const byNginx = await uploadPhoto(proxy, cookie, Buffer.alloc(7 * 1024 * 1024));
    expect([byNginx.status, byNginx.contentType, byNginx.body]).toEqual([413, "application/json; charset=utf-8", tooLarge]);
    // nginx's own log says so (its answer and the server's look alike on purpose).
    await eventually(() => nginx!.stderr().includes("client intended to send too large body"), 5000, `nginx's log of the refusal: ${nginx!.stderr()}`);
  });

  it("lets each client's address reach the server (TRUST_PROXY): one address's limit does not hold another back, and a forged X-Forwarded-For changes nothing", async () => {
    requireServers(...NEEDED);
    const lookup = (from: string, headers?: Record<string, string>) => getFrom(from, `${proxy}/api/affiliate/COROA-NAOEXISTE`, headers);
    // Invitation lookups are counted per address across the instances (Redis): nginx alternates them.
    for (let i = 0; i < LOOKUPS_PER_MINUTE; i++) expect((await lookup("127.0.0.2")).status).toBe(404);
    expect((await lookup("127.0.0.2")).status).toBe(429);
    expect((await lookup("127.0.0.2", { "X-Forwarded-For": "203.0.113.7" })).status).toBe(429);
    // Another member's address, even claiming to be the first: a count of her own.
    expect((await lookup("127.0.0.3", { "X-Forwarded-For": "127.0.0.2" })).status).toBe(404);
  });

  // Last: it stops instance A.
  it("keeps answering through a rolling restart: SIGTERM's drain on one instance, nginx moves to the other", async () => {
    requireServers(...NEEDED);
    const answers: number[] = [];
    let running = true;
    const traffic = (async () => {
      while (running) {
        const answer = await fetch(`${proxy}/graphql`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ query: "{ __typename }" }),
        }).then((response) => response.status, () => 0);
        answers.push(answer);
        await new Promise((wait) => setTimeout(wait, 20));
      }
    })();
    await eventually(() => answers.length >= 5, 10_000, "traffic through the proxy");
    await a.app.shutdown(4000);
    const afterStop = answers.length;
    await eventually(() => answers.length >= afterStop + 20, 15_000, "traffic after the stop");
    running = false;
    await traffic;
    expect(answers.filter((status) => status !== 200)).toEqual([]);
    expect((await fetch(`${proxy}/readyz`)).status).toBe(200);
  });
});
