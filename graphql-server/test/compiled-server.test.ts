// Production runs the compiled server (npm start: scripts/build-server.mjs, then node): it must start
// with plain Node, no TypeScript loader, and say how long it took.
import { execFile, spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
let server: ChildProcess | undefined;
afterAll(() => {
  server?.kill();
});

/** Starts the compiled server with plain Node and these settings; resolves with its start-up line once ready. */
async function startCompiled(settings: NodeJS.ProcessEnv) {
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "info", NODE_ENV: "test", ...settings };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  delete env.NODE_OPTIONS;
  const child = spawn(process.execPath, ["graphql-server/dist/main.js"], { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
  server = child;
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk));
  const line = await new Promise<{ msg: string; startupMs: number }>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no start-up line in 90 s:\n${output}`)), 90_000);
    child.once("exit", (code) => reject(new Error(`exited with ${code}:\n${output}`)));
    child.stdout!.on("data", () => {
      const found = output.split("\n").find((text) => text.includes("pronto em"));
      if (found) {
        clearTimeout(timer);
        resolve(JSON.parse(found));
      }
    });
  });
  const stop = async () => {
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    await exited;
  };
  return { child, line, url: /em (http:\/\/\S+)/.exec(line.msg)![1], stop };
}

const boardOffers = async (url: string) => {
  const answer = await fetch(`${url}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ query: "{ offers(first: 5) { edges { node { id title } } } }" }),
  });
  return ((await answer.json()) as { data: { offers: { edges: { node: { id: string } }[] } } }).data.offers.edges;
};

describe("the compiled server", () => {
  it("builds into graphql-server/dist, starts with plain Node, logs its start-up time and serves", async () => {
    await promisify(execFile)(process.execPath, ["scripts/build-server.mjs"], { cwd: ROOT });
    const webDist = mkdtempSync(join(tmpdir(), "cc-web-"));
    writeFileSync(join(webDist, "index.html"), "<!doctype html><title>Clube Coroa</title><div id=root></div>");
    const env: NodeJS.ProcessEnv = { ...process.env, PORT: "0", HOST: "127.0.0.1", DATA_DIR: "memory", SEED_DEMO: "never", LOG_LEVEL: "info", WEB_DIST: webDist, NODE_ENV: "test" };
    delete env.DATABASE_URL;
    delete env.REDIS_URL;
    delete env.NODE_OPTIONS;
    server = spawn(process.execPath, ["graphql-server/dist/main.js"], { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    server.stdout!.on("data", (chunk: Buffer) => (output += chunk));
    server.stderr!.on("data", (chunk: Buffer) => (output += chunk));
    const line = await new Promise<{ msg: string; startupMs: number }>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no start-up line in 60 s:\n${output}`)), 60_000);
      server!.once("exit", (code) => reject(new Error(`exited with ${code}:\n${output}`)));
      server!.stdout!.on("data", () => {
        const found = output.split("\n").find((text) => text.includes("pronto em"));
        if (found) {
          clearTimeout(timer);
          resolve(JSON.parse(found));
        }
      });
    });
    expect(line.msg).toMatch(/^Clube Coroa em http:\/\/127\.0\.0\.1:\d+ .*, pronto em \d+ ms$/);
    expect(line.startupMs).toBeGreaterThan(0);
    const url = /em (http:\/\/\S+)/.exec(line.msg)![1];
    const health = await fetch(`${url}/healthz`);
    expect(await health.json()).toMatchObject({ status: "ok" });
    expect((await fetch(`${url}/mensagens/123`)).status).toBe(200);
    expect((await fetch(`${url}/nao-existe`)).status).toBe(404);
  }, 120_000);

  it("makes a fresh embedded database from the build's template: the first start with the demo stays under 600 MB, and a restart keeps the club", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "cc-data-"));
    try {
      const settings = { DATA_DIR: dataDir, SEED_DEMO: "auto", WEB_DIST: "/nonexistent" };
      const first = await startCompiled(settings);
      // The kernel's high-water mark of the server's resident memory: PGlite's initdb in the server alone peaked near 700 MB.
      const peakKb = Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${first.child.pid}/status`, "utf8"))![1]);
      expect(peakKb / 1024).toBeLessThan(600);
      const seeded = await boardOffers(first.url);
      expect(seeded.length).toBe(5);
      expect(readFileSync(join(dataDir, "pglite", "postgresql.conf"), "utf8")).toMatch(/^shared_buffers = 16MB/m);
      await first.stop();
      const again = await startCompiled(settings);
      expect(await boardOffers(again.url)).toEqual(seeded);
      await again.stop();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 240_000);
});
