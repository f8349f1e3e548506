// A clean stop (issue 25): the real server, started as production starts it, is sent SIGTERM while a
// request is in flight and a graphql-ws subscriber is connected.
import { spawn, type ChildProcess } from "node:child_process";
import { connect, type Socket } from "node:net";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { WebSocket } from "ws";

const SERVER_DIR = fileURLToPath(new URL("..", import.meta.url));
let server: ChildProcess | undefined;
afterEach(() => {
  if (server && server.exitCode === null) server.kill("SIGKILL");
});

/** Starts src/main.ts in its own process on a free port; resolves with its URL. */
async function startServer(env: Record<string, string>) {
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: "0",
    HOST: "127.0.0.1",
    DATA_DIR: "memory",
    SEED_DEMO: "never",
    LOG_LEVEL: "info",
    WEB_DIST: "/nonexistent",
    NODE_ENV: "test",
    ...env,
  };
  delete childEnv.DATABASE_URL;
  delete childEnv.REDIS_URL;
  delete childEnv.NODE_OPTIONS;
  const child = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], { cwd: SERVER_DIR, env: childEnv, stdio: ["ignore", "pipe", "pipe"] });
  server = child;
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no start-up line in 90 s:\n${output}`)), 90_000);
    child.once("exit", (code) => reject(new Error(`exited with ${code}:\n${output}`)));
    child.stdout!.on("data", () => {
      const found = /em (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (found) {
        clearTimeout(timer);
        resolve(found[1]);
      }
    });
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return { child, url, exited, output: () => output };
}

/** A graphql-ws subscriber of offersChanged (a visitor's board does the same); resolves once subscribed. */
async function subscriber(url: string) {
  const ws = new WebSocket(`${url.replace("http", "ws")}/graphql`, "graphql-transport-ws");
  const closed = new Promise<{ code: number; reason: string }>((resolve) => ws.once("close", (code, reason) => resolve({ code, reason: reason.toString() })));
  await new Promise<void>((resolve, reject) => {
    ws.once("error", reject);
    ws.once("open", () => ws.send(JSON.stringify({ type: "connection_init" })));
    ws.on("message", (data) => {
      if (JSON.parse(data.toString()).type !== "connection_ack") return;
      ws.send(JSON.stringify({ id: "1", type: "subscribe", payload: { query: "subscription { offersChanged { kind } }" } }));
      resolve();
    });
  });
  return { ws, closed };
}

/** A POST /graphql whose body arrives in two parts: resolves once the server has read its headers (100 Continue). */
async function slowRequest(url: string) {
  const { hostname, port } = new URL(url);
  const body = JSON.stringify({ query: "query Shutdown { __typename }" });
  const socket: Socket = connect(Number(port), hostname);
  let answer = "";
  const ended = new Promise<string>((resolve, reject) => {
    socket.on("data", (chunk) => (answer += chunk));
    socket.once("end", () => resolve(answer));
    socket.once("error", reject);
  });
  await new Promise<void>((resolve) => socket.once("connect", () => resolve()));
  socket.write(
    `POST /graphql HTTP/1.1\r\nHost: ${hostname}:${port}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
      `Expect: 100-continue\r\nConnection: keep-alive\r\n\r\n${body.slice(0, 10)}`,
  );
  await new Promise<void>((resolve) => {
    const check = () => (answer.includes("100 Continue") ? resolve() : socket.once("data", check));
    check();
  });
  return { finish: () => socket.write(body.slice(10)), ended };
}

/** Polls `probe` until it answers true; fails after `ms`. */
async function until(what: string, probe: () => Promise<boolean>, ms = 10_000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await probe()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${what}: not within ${ms} ms`);
}

describe("SIGTERM", () => {
  // Production too: there Apollo used to handle the signal itself and raise it again, which ended the
  // process at once with 1 (a second signal), before any of this.
  it.each(["test", "production"])("(NODE_ENV=%s) turns /readyz 503 at once, refuses new connections after a short grace, lets the request in flight finish with 200, closes graphql-ws with 1012 and exits 0 within the grace", async (nodeEnv) => {
    const graceSeconds = 8;
    const production = { ALLOW_LOCAL_PAYMENTS_IN_PRODUCTION: "true", ALLOW_LOCAL_WHATSAPP_IN_PRODUCTION: "true" };
    const { child, url, exited, output } = await startServer({
      SHUTDOWN_GRACE_SECONDS: String(graceSeconds),
      NODE_ENV: nodeEnv,
      ...(nodeEnv === "production" ? production : {}),
    });
    expect((await fetch(`${url}/readyz`)).status).toBe(200);
    const { closed } = await subscriber(url);
    const request = await slowRequest(url);

    const signalled = Date.now();
    child.kill("SIGTERM");
    // A proxy polling readiness sees the instance leave before its connections are refused.
    await until("/readyz 503", async () => {
      const ready = await fetch(`${url}/readyz`);
      return ready.status === 503 && ((await ready.json()) as { status: string }).status === "draining";
    });
    expect(await closed).toEqual({ code: 1012, reason: "Servidor reiniciando" });
    await until("new connections refused", () => fetch(`${url}/healthz`).then(() => false, () => true));

    // The request still in flight is answered in full.
    request.finish();
    const answer = await request.ended;
    expect(answer).toMatch(/\r\nHTTP\/1\.1 200 OK\r\n/);
    expect(JSON.parse(answer.slice(answer.lastIndexOf("\r\n\r\n") + 4))).toEqual({ data: { __typename: "Query" } });

    expect(await exited, output()).toBe(0);
    expect(Date.now() - signalled).toBeLessThan(graceSeconds * 1000);
  }, 120_000);
});
