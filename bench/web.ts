// What a member's phone sees: Lighthouse (mobile preset) on /, /auth and the signed-in board, then a
// throttled-phone load of / for a visitor and a signed-in member, each figure beside its target.
//
//   npm run build && npx tsx bench/web.ts
//
// Builds nothing itself: it serves web/dist as it is. The server runs as production runs it (its own
// Node process, NODE_ENV=production) on a fresh embedded database in memory filled with the demo club;
// with DATABASE_URL=postgresql://… it runs on a fresh cc_bench_* database there instead (demo data
// seeded, dropped at the end). Sign-in goes through the API as a phone does: the server's WhatsApp
// Cloud adapter posts the code to a small stand-in for the Cloud API in this script.
//
// Browsers: Debian's Chromium (/usr/bin/chromium, or CHROME_PATH), headless. Lighthouse is launched
// through chrome-launcher; its performance score uses Lighthouse's own simulated mobile throttling.
// The throttled phone is Chromium driven by Playwright with the issue's profile applied over CDP:
// 1.6 Mbps down, 750 Kbps up, 150 ms round trip, CPU 4x slower, a phone's viewport, a cold cache.
//
// BENCH_LIGHTHOUSE_RUNS (default 3) and BENCH_LOADS (default 3) set how many runs each median is
// taken over; BENCH_SKIP=lighthouse or BENCH_SKIP=phone leaves one half out; BENCH_REPORT_DIR=dir
// writes Lighthouse's HTML report of each page's median run there; BENCH_LIGHTHOUSE_PAGES=/ runs
// Lighthouse on the named pages only ("/", "/auth", "/ signed in"). BENCH_TRACE_DIR=dir and
// BENCH_CPU_PROFILE_DIR=dir write a Chromium performance trace and a V8 CPU profile of each throttled
// load there (open them in DevTools' Performance panel); BENCH_TIMELINE=1 prints each throttled load's
// requests with their start, end and size. Exits 1 when a target is missed.
import { mkdirSync, writeFileSync } from "node:fs";
import { createServer, get as httpGet, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createRequire } from "node:module";
import { availableParallelism, cpus } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium, type Browser, type BrowserContextOptions } from "@playwright/test";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { freshPostgres } from "../graphql-server/test/harness.js";
import { startServer } from "./kit.js";

const CHROME = process.env.CHROME_PATH || "/usr/bin/chromium";
const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const LOADS = Number(process.env.BENCH_LOADS ?? 3);
/** Where the Lighthouse HTML report of each page's median run is written (none when unset). */
const REPORT_DIR = process.env.BENCH_REPORT_DIR;
/** Where a Chromium performance trace of each throttled load is written (none when unset): open it in DevTools' Performance panel. */
const TRACE_DIR = process.env.BENCH_TRACE_DIR;
/** Where a V8 CPU profile (.cpuprofile) of each throttled load is written (none when unset). */
const CPU_PROFILE_DIR = process.env.BENCH_CPU_PROFILE_DIR;
/** BENCH_TIMELINE=1 prints each throttled load's requests: when each started and ended, and its size. */
const TIMELINE = process.env.BENCH_TIMELINE === "1";
const SKIP = new Set((process.env.BENCH_SKIP ?? "").split(",").filter(Boolean));
/** The demo superuser: a complete profile, on the demo board (the same account the e2e board journey uses). */
const MEMBER_LOCAL_PHONE = "11900000001";

const TARGETS = {
  lighthouse: { performance: 95, accessibility: 100, "best-practices": 95, seo: 95 } as Record<string, number>,
  firstPaintMs: 1500,
  firstCardMs: 2500,
  /** Issue 24 item 16: the first card live (a tap acts) under 2.5 s, for a visitor and a member. */
  liveMs: 2500,
  initialJsGzKb: 170,
};
/** The issue's slow phone: 1.6 Mbps down, 750 Kbps up, 150 ms round trip, CPU 4x slower. */
const PHONE_NETWORK = { offline: false, latency: 150, downloadThroughput: (1.6e6 / 8) | 0, uploadThroughput: (750e3 / 8) | 0 };
const PHONE_CPU_SLOWDOWN = 4;
/** Lighthouse's mobile device (a Moto G Power): the same screen for the throttled loads. */
const PHONE: BrowserContextOptions = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
  userAgent:
    "Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
  locale: "pt-BR",
  timezoneId: "America/Sao_Paulo",
};
/** An offer card of the board (skeleton cards are plain hidden divs, not articles). */
const OFFER_CARD = "article[aria-labelledby]";

const median = (values: number[]) => {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (!sorted.length) return NaN;
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const sec = (ms: number) => (Number.isFinite(ms) ? `${(ms / 1000).toFixed(2)}s` : "n/a");
/** kB of 1,000 bytes, as Vite's build report counts them. */
const kb = (bytes: number) => (Number.isFinite(bytes) ? `${(bytes / 1000).toFixed(1)}kB` : "n/a");
/** Script sizes in KB of 1,024 bytes, as the build's budget counts them (web/build/initialLoadBudget.ts). */
const KiB = (bytes: number) => (Number.isFinite(bytes) ? `${(bytes / 1024).toFixed(1)}KB` : "n/a");
const verdict = (ok: boolean) => (ok ? "met" : "NOT met");

/** A stand-in for the WhatsApp Cloud API: keeps the last login code sent to each phone. */
async function fakeWhatsApp() {
  const codes = new Map<string, string>();
  const server: Server = createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk: Buffer) => (raw += chunk));
    req.on("end", () => {
      try {
        const body = JSON.parse(raw) as { to?: string; template?: { components?: { parameters?: { text?: string }[] }[] } };
        const code = body.template?.components?.[0]?.parameters?.[0]?.text;
        if (body.to && code) codes.set(body.to, code);
      } catch {
        // not a template message: answered all the same
      }
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ messaging_product: "whatsapp", contacts: [], messages: [{ id: "wamid.BENCH" }] }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, codes, close: () => server.close() };
}

/** Signs in through the REST door as a phone does; answers the cookies the server set (name → value). */
async function signIn(baseUrl: string, codes: Map<string, string>, localNumber: string) {
  const post = (path: string, body: unknown, cookie = "") =>
    fetch(`${baseUrl}${path}`, { method: "POST", headers: { "content-type": "application/json", cookie }, body: JSON.stringify(body) });
  const sent = await post("/api/auth/send-token", { phone: localNumber, countryCode: "BR" });
  if (!sent.ok) throw new Error(`send-token answered ${sent.status}: ${await sent.text()}`);
  const cookies = new Map<string, string>();
  const keep = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const at = pair.indexOf("=");
      cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
    }
  };
  keep(sent);
  const code = codes.get(`55${localNumber}`);
  if (!code) throw new Error("the server sent no login code to the stand-in WhatsApp API");
  const cookieHeader = () => [...cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  const verified = await post("/api/auth/verify-token", { phone: localNumber, countryCode: "BR", token: code }, cookieHeader());
  if (!verified.ok) throw new Error(`verify-token answered ${verified.status}: ${await verified.text()}`);
  keep(verified);
  return cookies;
}

/** What the signed-in browser holds: the cookies, and 'Hora de Brilhar!' marked as just shown (it would cover the board). */
function memberStorage(baseUrl: string, cookies: Map<string, string>) {
  const { hostname } = new URL(baseUrl);
  return {
    cookies: [...cookies].map(([name, value]) => ({
      name,
      value,
      domain: hostname,
      path: "/",
      expires: -1,
      httpOnly: true,
      secure: false,
      sameSite: "Lax" as const,
    })),
    origins: [{ origin: baseUrl, localStorage: [{ name: "lastMotivationalPopup", value: String(Date.now()) }] }],
  };
}

// ---------------------------------------------------------------------------------------------------
// Lighthouse

const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
const CATEGORY_SHORT: Record<string, string> = { performance: "perf", accessibility: "a11y", "best-practices": "bp", seo: "seo" };
const METRICS = [
  ["first-contentful-paint", "FCP"],
  ["largest-contentful-paint", "LCP"],
  ["total-blocking-time", "TBT"],
  ["cumulative-layout-shift", "CLS"],
  ["speed-index", "SI"],
] as const;

interface LighthouseRun {
  html: string;
  scores: Record<string, number>;
  metrics: Record<string, string>;
  failing: { category: string; weight: number; savingsMs: number; savingsBytes: number; title: string; display: string }[];
}

async function lighthouseRun(url: string, port: number): Promise<LighthouseRun> {
  const result = await lighthouse(url, { port, output: "html", logLevel: "error", onlyCategories: [...CATEGORIES] });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const scores: Record<string, number> = {};
  const failing: LighthouseRun["failing"] = [];
  for (const id of CATEGORIES) {
    const category = lhr.categories[id];
    scores[id] = category?.score == null ? NaN : Math.round(category.score * 100);
    for (const ref of category?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      // Lighthouse's own threshold: an audit below 0.9 shows as failed (red or orange) in its report.
      if (!audit || audit.score === null || audit.score >= 0.9) continue;
      if (audit.scoreDisplayMode !== "binary" && audit.scoreDisplayMode !== "numeric" && audit.scoreDisplayMode !== "metricSavings") continue;
      const details = (audit.details ?? {}) as { overallSavingsMs?: number; overallSavingsBytes?: number };
      failing.push({
        category: CATEGORY_SHORT[id],
        weight: ref.weight,
        savingsMs: details.overallSavingsMs ?? 0,
        savingsBytes: details.overallSavingsBytes ?? 0,
        title: audit.title,
        display: audit.displayValue ?? "",
      });
    }
  }
  // The performance opportunities carry no weight of their own: the weighted audits (metrics,
  // accessibility, best practices, SEO) first, then the opportunities by the time, then bytes, they would save.
  failing.sort((a, b) => b.weight - a.weight || b.savingsMs - a.savingsMs || b.savingsBytes - a.savingsBytes);
  const metrics = Object.fromEntries(METRICS.map(([id, short]) => [short, lhr.audits[id]?.displayValue ?? "n/a"]));
  return { html: String(result.report), scores, metrics, failing };
}

/** Lighthouse now and then loses a trace on a busy machine (NO_NAVSTART…): such a run is taken again. */
async function lighthouseRetried(url: string, port: number) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await lighthouseRun(url, port);
    } catch (error) {
      if (attempt === 3) throw error;
      console.log(`             (run again: ${error instanceof Error ? error.message : String(error)})`);
    }
  }
}

async function lighthouseSection(baseUrl: string, cookies: Map<string, string>) {
  const { version } = createRequire(import.meta.url)("lighthouse/package.json") as { version: string };
  console.log(`\nLighthouse ${version} mobile preset (simulated slow 4G, 4x CPU), median of ${LIGHTHOUSE_RUNS} run(s) per page`);
  console.log(`target    perf ≥ ${TARGETS.lighthouse.performance}, a11y = ${TARGETS.lighthouse.accessibility}, bp ≥ ${TARGETS.lighthouse["best-practices"]}, seo ≥ ${TARGETS.lighthouse.seo} on / and /auth`);
  const pages: { name: string; path: string; member: boolean; target: boolean }[] = [
    { name: "/", path: "/", member: false, target: true },
    { name: "/auth", path: "/auth", member: false, target: true },
    { name: "/ signed in", path: "/", member: true, target: false },
  ];
  let met = true;
  const details: string[] = [];
  // BENCH_LIGHTHOUSE_PAGES=/ (names, comma-separated) runs those pages only.
  const only = process.env.BENCH_LIGHTHOUSE_PAGES?.split(",").map((name) => name.trim());
  for (const page of pages.filter((p) => !only || only.includes(p.name))) {
    const chrome = await chromeLauncher.launch({ chromePath: CHROME, chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu"] });
    try {
      if (page.member) {
        // The session cookie and local storage go into the browser itself (so the page's WebSocket
        // is signed in too); Lighthouse's storage reset keeps cookies and local storage.
        const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
        const storage = memberStorage(baseUrl, cookies);
        const context = browser.contexts()[0];
        await context.addCookies(storage.cookies);
        const tab = await context.newPage();
        await tab.goto(`${baseUrl}/healthz`);
        await tab.evaluate((items) => items.forEach((i) => (globalThis as unknown as InPage).localStorage.setItem(i.name, i.value)), storage.origins[0].localStorage);
        await tab.close();
        await browser.close();
      }
      const runs: LighthouseRun[] = [];
      for (let i = 0; i < LIGHTHOUSE_RUNS; i++) runs.push(await lighthouseRetried(`${baseUrl}${page.path}`, chrome.port));
      // The median run by performance score, so its metrics and failures belong together.
      const ordered = [...runs].sort((a, b) => a.scores.performance - b.scores.performance);
      const run = ordered[(ordered.length - 1) >> 1];
      const scores = Object.fromEntries(CATEGORIES.map((id) => [id, median(runs.map((r) => r.scores[id]))]));
      const ok = CATEGORIES.every((id) => scores[id] >= TARGETS.lighthouse[id]);
      if (page.target) met &&= ok;
      console.log(
        `${page.name.padEnd(12)} ` +
          CATEGORIES.map((id) => `${CATEGORY_SHORT[id]}=${String(scores[id]).padEnd(3)}`).join(" ") +
          `  ${METRICS.map(([, short]) => `${short} ${run.metrics[short]}`).join(", ")}` +
          (page.target ? `  ${verdict(ok)}` : "  (not a target: beside /)"),
      );
      details.push(
        `  ${page.name}: ${run.failing.length ? "" : "nothing below 0.9"}` +
          run.failing
            .slice(0, 10)
            .map((f) => `\n    [${f.category}] ${f.title}${f.display ? ` (${f.display})` : ""}`)
            .join(""),
      );
      if (REPORT_DIR) {
        const file = join(REPORT_DIR, `lighthouse-${page.name.replace(/[^a-z]+/g, "-").replace(/^-|-$/g, "") || "home"}.html`);
        mkdirSync(REPORT_DIR, { recursive: true });
        writeFileSync(file, run.html);
        details.push(`    full report of the median run: ${file}`);
      }
    } finally {
      await chrome.kill();
    }
  }
  console.log("failing audits (score below 0.9, heaviest first, at most 10 per page):");
  for (const line of details) console.log(line);
  return met;
}

// ---------------------------------------------------------------------------------------------------
// The throttled phone

interface PhoneLoad {
  firstPaint: number;
  firstContentfulPaint: number;
  largestContentfulPaint: number;
  firstCard: number;
  live: number;
  bytes: number;
  initialJsUrls: string[];
}

interface Marks {
  fp: number;
  fcp: number;
  lcp: number;
  card: number;
  live: number;
}
/** The little of the browser's globals the page functions below use (the bench compiles without the DOM library). */
interface InPage {
  __bench: Marks;
  localStorage: { setItem(name: string, value: string): void };
}

/**
 * Runs in the page before its own scripts: paint timings, the moment the first offer card shows
 * (checked on every frame; it counts once it has a box, as Playwright's 'visible') and the moment it
 * is live (the board marked data-live: the app has taken the drawn card over and knows who she is;
 * on builds before the early taps, its first button enabled). A string, as tsx
 * would wrap a function's inner names in a helper the page does not have.
 */
const OBSERVE_PAGE = `(() => {
  const marks = { fp: NaN, fcp: NaN, lcp: NaN, card: NaN, live: NaN };
  window.__bench = marks;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.name === "first-paint") marks.fp = entry.startTime;
      if (entry.name === "first-contentful-paint") marks.fcp = entry.startTime;
    }
  }).observe({ type: "paint", buffered: true });
  new PerformanceObserver((list) => {
    const entries = list.getEntries();
    marks.lcp = entries[entries.length - 1].startTime;
  }).observe({ type: "largest-contentful-paint", buffered: true });
  const look = () => {
    const card = document.querySelector(${JSON.stringify(OFFER_CARD)});
    // Its box is read only until it shows: reading it on every frame after that forced a layout in
    // every frame of the app's start (a quarter of a throttled phone's main thread), slowing what it measured.
    if (Number.isNaN(marks.card) && card) {
      const box = card.getBoundingClientRect();
      if (box.width > 0 && box.height > 0 && getComputedStyle(card).visibility !== "hidden") marks.card = performance.now();
    }
    // Live: the board is marked so once the app has taken it over and knows who she is (a build
    // without early taps: once the card's buttons are enabled, the board being disabled until then).
    const live = card && (document.querySelector("[data-early-tap]") ? card.closest("[data-live]") : card.querySelector("button:enabled"));
    if (live) marks.live = performance.now();
    else requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
})();`;

let traces = 0;
let profiles = 0;

async function phoneLoad(browser: Browser, url: string, storageState?: BrowserContextOptions["storageState"], name = "load"): Promise<PhoneLoad> {
  // A new context each time: an empty HTTP cache and no service worker.
  const context = await browser.newContext({ ...PHONE, storageState });
  try {
    const page = await context.newPage();
    await page.addInitScript({ content: OBSERVE_PAGE });
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", PHONE_NETWORK);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: PHONE_CPU_SLOWDOWN });
    let bytes = 0;
    cdp.on("Network.loadingFinished", (event) => (bytes += event.encodedDataLength));
    if (TRACE_DIR) {
      mkdirSync(TRACE_DIR, { recursive: true });
      await browser.startTracing(page, { path: join(TRACE_DIR, `phone-${name}-${++traces}.json`), screenshots: true });
    }
    if (CPU_PROFILE_DIR) {
      await cdp.send("Profiler.enable");
      await cdp.send("Profiler.setSamplingInterval", { interval: 500 });
      await cdp.send("Profiler.start");
    }
    await page.goto(url, { waitUntil: "load", timeout: 60_000 });
    await page.waitForFunction(() => Number.isFinite((globalThis as unknown as InPage).__bench.live), null, { timeout: 60_000 });
    if (TRACE_DIR) await browser.stopTracing();
    if (CPU_PROFILE_DIR) {
      const { profile } = await cdp.send("Profiler.stop");
      mkdirSync(CPU_PROFILE_DIR, { recursive: true });
      writeFileSync(join(CPU_PROFILE_DIR, `phone-${name}-${++profiles}.cpuprofile`), JSON.stringify(profile));
    }
    await page.waitForLoadState("networkidle", { timeout: 30_000 }).catch(() => undefined);
    const marks = await page.evaluate(() => (globalThis as unknown as InPage).__bench);
    // The JavaScript the first screen needed: every script requested before its cards were live (the
    // cards themselves show before any script runs).
    const initialJsUrls = await page.evaluate(
      (live) =>
        performance
          .getEntriesByType("resource")
          .filter((e) => e.startTime <= live && new URL(e.name).pathname.endsWith(".js"))
          .map((e) => e.name),
      marks.live,
    );
    if (TIMELINE) {
      // When each request of the load started and ended, and what the main thread did in between.
      const timeline = await page.evaluate(() =>
        performance.getEntriesByType("resource").map((e) => {
          const r = e as unknown as { name: string; startTime: number; responseEnd: number; transferSize: number; initiatorType: string };
          return { name: new URL(r.name).pathname, start: r.startTime, end: r.responseEnd, size: r.transferSize, by: r.initiatorType };
        }),
      );
      console.log(`timeline of ${name} (ms since navigation; live at ${marks.live.toFixed(0)}):`);
      for (const e of timeline) {
        console.log(`  ${e.start.toFixed(0).padStart(6)} → ${e.end.toFixed(0).padStart(6)}  ${(e.size / 1024).toFixed(1).padStart(6)} KB  ${e.by.padEnd(6)} ${e.name}`);
      }
    }
    return { firstPaint: marks.fp, firstContentfulPaint: marks.fcp, largestContentfulPaint: marks.lcp, firstCard: marks.card, live: marks.live, bytes, initialJsUrls };
  } finally {
    await context.close();
  }
}

/** The size of each script as the server sends it gzipped (its precompressed copy), fetched once. */
function gzippedLength(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    httpGet(url, { headers: { "accept-encoding": "gzip" } }, (response) => {
      if (response.headers["content-encoding"] !== "gzip") reject(new Error(`bench: ${url} was not sent gzipped`));
      let length = 0;
      response.on("data", (chunk: Buffer) => (length += chunk.length));
      response.on("end", () => resolve(length));
      response.on("error", reject);
    }).on("error", reject);
  });
}

async function gzipSizes(urls: Set<string>) {
  const sizes = new Map<string, number>();
  for (const url of urls) {
    sizes.set(url, await gzippedLength(url));
  }
  return sizes;
}

/**
 * The initial load of `/` as the build's budget counts it: the start script, the scripts it runs
 * and every script they import statically (read from the served files), without the page's own
 * code-split parts (the board's module and the rest, fetched beside them).
 */
async function initialLoadUrls(baseUrl: string): Promise<string[]> {
  const html = await (await fetch(`${baseUrl}/`)).text();
  const start = /<script type="module"[^>]* src="(\/assets\/start-[\w-]+\.js)"/.exec(html)?.[1];
  if (!start) throw new Error("bench: no start script in /");
  const source = await (await fetch(`${baseUrl}${start}`)).text();
  const steps = JSON.parse(/const steps = (\[[^\]]*\]);/.exec(source)?.[1] ?? "[]") as string[];
  const seen = new Set<string>([start]);
  const visit = async (path: string): Promise<void> => {
    if (seen.has(path)) return;
    seen.add(path);
    const code = await (await fetch(`${baseUrl}${path}`)).text();
    // Minified static imports: `import{a as b}from"./react-….js"` and `import"./x.js"`.
    for (const match of code.matchAll(/(?:\bfrom|\bimport)\s*"\.\/([\w.-]+\.js)"/g)) await visit(`/assets/${match[1]}`);
  };
  for (const step of steps) await visit(step);
  return [...seen].map((path) => `${baseUrl}${path}`);
}

async function phoneSection(baseUrl: string, cookies: Map<string, string>) {
  console.log(
    `\nThrottled phone: ${(PHONE_NETWORK.downloadThroughput * 8e-6).toFixed(1)} Mbps down, ${(PHONE_NETWORK.uploadThroughput * 8e-3).toFixed(0)} Kbps up, ` +
      `${PHONE_NETWORK.latency} ms round trip, CPU ${PHONE_CPU_SLOWDOWN}x slower, ${PHONE.viewport!.width}x${PHONE.viewport!.height} screen, ` +
      `cold cache; median of ${LOADS} loads of /`,
  );
  console.log(`target    first paint < ${sec(TARGETS.firstPaintMs)}, first offer card < ${sec(TARGETS.firstCardMs)}, live < ${sec(TARGETS.liveMs)}, initial JS ≤ ${TARGETS.initialJsGzKb}KB gzipped (KB of 1,024 bytes, as the build's budget)`);
  const initialUrls = await initialLoadUrls(baseUrl);
  const initialSizes = await gzipSizes(new Set(initialUrls));
  const initialJs = [...initialSizes.values()].reduce((sum, size) => sum + size, 0);
  const initialOk = initialJs <= TARGETS.initialJsGzKb * 1024;
  console.log(`initial JS ${KiB(initialJs)} gz: the start script, the scripts it runs and their static imports (${initialUrls.length} files)  ${verdict(initialOk)}`);
  let met = initialOk;
  const browser = await chromium.launch({ executablePath: CHROME, args: ["--no-sandbox", "--disable-gpu"] });
  try {
    for (const [name, storage] of [
      ["visitor", undefined],
      ["member", memberStorage(baseUrl, cookies)],
    ] as const) {
      const loads: PhoneLoad[] = [];
      for (let i = 0; i < LOADS; i++) loads.push(await phoneLoad(browser, `${baseUrl}/`, storage, name));
      const sizes = await gzipSizes(new Set(loads.flatMap((l) => l.initialJsUrls)));
      const jsGz = loads.map((l) => l.initialJsUrls.reduce((sum, url) => sum + (sizes.get(url) ?? 0), 0));
      const jsFiles = median(loads.map((l) => l.initialJsUrls.length));
      const row = {
        fp: median(loads.map((l) => l.firstPaint)),
        fcp: median(loads.map((l) => l.firstContentfulPaint)),
        lcp: median(loads.map((l) => l.largestContentfulPaint)),
        card: median(loads.map((l) => l.firstCard)),
        live: median(loads.map((l) => l.live)),
        bytes: median(loads.map((l) => l.bytes)),
        js: median(jsGz),
      };
      const ok = row.fp < TARGETS.firstPaintMs && row.card < TARGETS.firstCardMs && row.live < TARGETS.liveMs;
      met &&= ok;
      console.log(
        `${name.padEnd(8)} first paint ${sec(row.fp).padEnd(6)} FCP ${sec(row.fcp).padEnd(6)} LCP ${sec(row.lcp).padEnd(6)} ` +
          `first offer card ${sec(row.card).padEnd(6)} live ${sec(row.live).padEnd(6)} transferred ${kb(row.bytes).padEnd(9)} JS until live ${KiB(row.js)} gz ` +
          `(${jsFiles} files)  ${verdict(ok)}`,
      );
      console.log(`         each load: ${loads.map((l) => `fp ${sec(l.firstPaint)} card ${sec(l.firstCard)} live ${sec(l.live)}`).join("; ")}`);
    }
  } finally {
    await browser.close();
  }
  return met;
}

async function main() {
  const whatsapp = await fakeWhatsApp();
  const database = process.env.DATABASE_URL ? await freshPostgres(process.env.DATABASE_URL, "cc_bench") : undefined;
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  const cleanUp = async () => {
    server?.child.kill();
    whatsapp.close();
    await database?.drop().catch((error: unknown) => console.error(`dropping ${database.name} failed:`, error));
  };
  process.once("SIGINT", () => void cleanUp().finally(() => process.exit(130)));
  try {
    const started = Date.now();
    server = await startServer(database?.url ?? "", {
      // The built web app, served as production serves it.
      WEB_DIST: process.env.WEB_DIST || fileURLToPath(new URL("../web/dist", import.meta.url)),
      SEED_DEMO: database ? "always" : "auto",
      WHATSAPP_PROVIDER: "cloud",
      WHATSAPP_API_URL: whatsapp.url,
      WHATSAPP_PHONE_NUMBER_ID: "bench",
      WHATSAPP_ACCESS_TOKEN: "bench",
    });
    const index = await fetch(`${server.url}/`);
    if (!(await index.text()).includes("<script")) throw new Error("the server does not serve the built web app: run npm run build first");
    console.log(`server    ${server.url} (${database ? `PostgreSQL ${database.name}` : "PGlite in memory"}, demo data) ready in ${((Date.now() - started) / 1000).toFixed(1)}s`);
    console.log(`node      ${process.version} NODE_ENV=${process.env.NODE_ENV ?? "production"}  cores=${availableParallelism()}  ${cpus()[0]?.model?.trim() ?? "unknown CPU"}`);
    const cookies = await signIn(server.url, whatsapp.codes, MEMBER_LOCAL_PHONE);
    console.log(`member    signed in as +55${MEMBER_LOCAL_PHONE} (the demo superuser) through /api/auth`);
    let met = true;
    if (!SKIP.has("lighthouse")) met = (await lighthouseSection(server.url, cookies)) && met;
    if (!SKIP.has("phone")) met = (await phoneSection(server.url, cookies)) && met;
    console.log(`\ntargets   ${met ? "all met" : "NOT all met"}`);
    return met ? 0 : 1;
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
