// Benchmark of the partners' API on PostgreSQL: seeds 100,000 members into a fresh database, starts
// the server as a child process (as it runs in production), creates a partner key and measures over
// HTTP, with nothing but that key (Authorization: Bearer), beside a /healthz baseline from the same run:
// - sponsorData's first page (50 rows and the total) without a filter and with a few filters,
// - sponsorStats (counts by region, plan, business type, service type, profile and age band over
//   every member) without a filter and with one filter (it takes no more); the first request
//   computes every count of the club (one statement, printed apart) and protects them, every answer
//   after it, with any filter, is read from memory for 60 s.
//
//   NODE_ENV=production DATABASE_URL=postgresql://postgres@127.0.0.1:5432/test npx tsx bench/partners.ts
//
// A fresh database cc_bench_<random> is created from that URL and dropped at the end. BENCH_MEMBERS
// (default 100000), BENCH_SECONDS (default 5) and BENCH_CONNECTIONS (default 4) change the load.
// Exits 1 when a phase has errors or misses the target: p99 under 50 ms.
import { availableParallelism, cpus } from "node:os";
import { performance } from "node:perf_hooks";
import { createHash, randomBytes } from "node:crypto";
import pg from "pg";
import { freshPostgres } from "../graphql-server/test/harness.js";
import { cannon, ms, seedMembers, startServer } from "./kit.js";

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 4);
const TARGET_P99_MS = 50;

const DATA = `query Data($filter: SponsorFilter) { sponsorData(filter: $filter, first: 50) {
  rows { id fullName phone email plan region businessType ageBand serviceType entrepreneurProfile professionalActivity createdAt }
  nextCursor total } }`;
const GROUPS = "{ key count }";
const STATS = `query Stats($filter: SponsorFilter) { sponsorStats(filter: $filter) { total byRegion ${GROUPS} byPlan ${GROUPS}
  byBusinessType ${GROUPS} byServiceType ${GROUPS} byProfile ${GROUPS} byAgeBand ${GROUPS} } }`;
const FILTERS: [string, Record<string, string>][] = [
  ["none", {}],
  ["region=nordeste", { region: "nordeste" }],
  ["age=46+", { age: "46+" }],
  ["region+type+age", { region: "sul", businessType: "produto", age: "26-35" }],
];
// sponsorStats answers one filter at most: its third phase is a third single filter.
const STATS_FILTERS: [string, Record<string, string>][] = [...FILTERS.slice(0, 3), ["type=produto", { businessType: "produto" }]];

async function main() {
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl) {
    console.error("bench/partners.ts needs PostgreSQL: set DATABASE_URL=postgresql://…");
    return 1;
  }
  const database = await freshPostgres(baseUrl, "cc_bench");
  const client = new pg.Client({ connectionString: database.url });
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  const cleanUp = async () => {
    await client.end().catch(() => undefined);
    if (server && server.child.exitCode === null) {
      const exited = new Promise((resolve) => server!.child.once("exit", resolve));
      server.child.kill("SIGTERM");
      await exited;
    }
    await database.drop().catch((error: unknown) => console.error(`dropping ${database.name} failed:`, error));
  };
  process.once("SIGINT", () => void cleanUp().finally(() => process.exit(130)));
  try {
    // The server applies the migrations; the seed goes in once the tables exist. The key's limit is
    // lifted: the bench measures the queries, not the 429s.
    server = await startServer(database.url, { PARTNER_REQUESTS_PER_MINUTE: "1000000000" });
    const { url, child } = server;
    await client.connect();
    const t0 = performance.now();
    await seedMembers(client, MEMBERS);
    await client.query(`VACUUM ANALYZE`);
    const counts = (await client.query<{ users: string; consenting: string }>(
      `SELECT (SELECT count(*) FROM "User") AS users, (SELECT count(*) FROM "User" WHERE "shareWithSponsors") AS consenting`,
    )).rows[0];
    console.log(`database  PostgreSQL (${database.name}); seeded ${counts.users} members (${counts.consenting} consenting) in ${((performance.now() - t0) / 1000).toFixed(1)}s`);
    console.log(`node      ${process.version} NODE_ENV=${process.env.NODE_ENV ?? "production"} (server)  cores=${availableParallelism()}  ${cpus()[0]?.model?.trim() ?? "unknown CPU"}`);
    console.log(`settings  ${SECONDS}s per phase, ${CONNECTIONS} connections, 1s autocannon warm-up; server pid ${child.pid}`);

    // A partner key written as the keys service writes it (sha256 of the key), as a superuser would create it.
    const key = `ccp_${randomBytes(32).toString("base64url")}`;
    await client.query(`INSERT INTO "PartnerApiKey" (name, "keyHash", prefix) VALUES ('Bench', $1, $2)`, [
      createHash("sha256").update(key).digest("hex"),
      key.slice(0, 12),
    ]);
    const headers = { "content-type": "application/json", authorization: `Bearer ${key}` };
    const post = async (body: string) =>
      (await (await fetch(`${url}/graphql`, { method: "POST", headers, body })).json()) as { data?: Record<string, any>; errors?: { message: string }[] };

    const results: { name: string; p99: number; errors: number; target: boolean }[] = [];
    const healthz = await cannon("healthz (baseline)", { url: `${url}/healthz`, connections: CONNECTIONS, duration: SECONDS });
    results.push({ name: "healthz", ...healthz, target: false });

    for (const [field, query, filters] of [["sponsorData", DATA, FILTERS], ["sponsorStats", STATS, STATS_FILTERS]] as const) {
      for (const [name, filter] of filters) {
        const body = JSON.stringify({ query, variables: { filter } });
        const started = performance.now();
        const check = await post(body);
        const firstMs = performance.now() - started;
        const answer = check.data?.[field];
        if (!answer) throw new Error(`${field} (${name}) failed: ${JSON.stringify(check).slice(0, 300)}`);
        const label = `${field} ${name}`;
        const measured = await cannon(label, { url: `${url}/graphql`, method: "POST", connections: CONNECTIONS, duration: SECONDS, headers, body });
        const detail =
          field === "sponsorData"
            ? `${answer.rows.length} rows of ${answer.total}`
            : `total ${answer.total}; regions ${answer.byRegion.map((g: { key: string; count: number | null }) => `${g.key}=${g.count ?? "<5"}`).join(" ")}`;
        console.log(`${"".padEnd(28)} (first request ${ms(firstMs)}${field === "sponsorStats" ? (name === "none" ? ", computed for every filter" : ", from memory") + "; the next ones from memory for 60 s" : ""}; ${detail})`);
        results.push({ name: label, ...measured, target: true });
      }
    }

    const latency = results.filter((r) => r.target);
    const worst = Math.max(...latency.map((r) => r.p99));
    const met = worst < TARGET_P99_MS;
    console.log(`target    p99 < ${TARGET_P99_MS}ms at ${CONNECTIONS} connections: ${met ? "met" : "NOT met"} (worst ${ms(worst)}, /healthz p99 ${ms(healthz.p99)})`);
    if (results.some((r) => r.errors > 0)) {
      console.log("FAILED: a phase had errors");
      return 1;
    }
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
