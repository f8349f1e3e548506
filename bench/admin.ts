// Benchmark of the staff tools on PostgreSQL: seeds 100,000 members, 300,000 offers and 1,000,000
// messages into a fresh database, starts the server as a child process (as it runs in production)
// and measures, beside a /healthz baseline from the same run:
// - adminStats p50/p99 (GraphQL, as a superuser; GET /api/admin/stats when the field is missing),
// - the first sponsor-data page (sponsorUsers, 50 rows and the total) without a filter and with each filter,
// - the CSV of every consenting member and the Excel file of every member: elapsed time, size and
//   the server process's peak RSS growth (its VmRSS sampled every 10 ms from /proc while it streams).
//
//   NODE_ENV=production DATABASE_URL=postgresql://postgres@127.0.0.1:5432/test npx tsx bench/admin.ts
//
// A fresh database cc_bench_<random> is created from that URL and dropped at the end. BENCH_MEMBERS
// (default 100000) scales the seed for a quick run: offers are 3 per member, messages 10 per member.
// BENCH_SECONDS (default 5) and BENCH_CONNECTIONS (default 4: a few staff at once) change the load.
// BENCH_KEEP_DB=1 keeps the database for EXPLAIN (its URL is printed).
// Exits 1 when a phase has errors or a target is missed: p99 under 50 ms, peak RSS growth under 150 MB.
import type { ChildProcess } from "node:child_process";
import { availableParallelism, cpus } from "node:os";
import { performance } from "node:perf_hooks";
import { createHash, randomBytes } from "node:crypto";
import pg from "pg";
import { freshPostgres } from "../graphql-server/test/harness.js";
import { cannon, ms, rssOf, seedMembers, startServer } from "./kit.js";

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 100_000);
const OFFERS = MEMBERS * 3;
const MESSAGES = MEMBERS * 10;
const CONVERSATIONS = Math.max(1, Math.floor(MEMBERS / 2));
const LIKES = MEMBERS * 2;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 4);
const TARGET_P99_MS = 50;
const TARGET_RSS_MB = 150;

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)}MB`;

/** Everything generated inside PostgreSQL (INSERT … SELECT over generate_series). */
async function seed(client: pg.Client) {
  await seedMembers(client, MEMBERS);
  await client.query(
    `INSERT INTO "Offer" ("userId", "postType", type, title, description, categories, "authorPlanRank", "authorJoinedAt", state, "createdAt", "updatedAt")
     SELECT 1 + (g::bigint * 7919) % $2::int,
            (CASE WHEN g % 4 = 0 THEN 'pedido' ELSE 'oferta' END)::"PostType",
            ((ARRAY['collab','permuta','apoio'])[1 + g % 3])::"OfferType",
            'Oferta de parceria número ' || g,
            'Descrição da oferta de parceria número ' || g || '.',
            ARRAY['Moda'],
            1 + g % 4,
            now() - make_interval(days => g % 1500),
            'SP',
            now() - make_interval(mins => (g * 11) % 200000),
            now()
     FROM generate_series(1, $1::int) AS g`,
    [OFFERS, MEMBERS],
  );
  await client.query(
    `INSERT INTO "Conversation" ("offerId", "offerOwnerId", "interestedUserId", "createdAt", "lastMessageAt")
     SELECT o.id, o."userId", 1 + (o."userId" + g) % $2::int, now() - make_interval(mins => g), now()
     FROM generate_series(1, $1::int) AS g JOIN "Offer" o ON o.id = g`,
    [CONVERSATIONS, MEMBERS],
  );
  await client.query(
    `INSERT INTO "Message" ("conversationId", "senderId", content, "createdAt")
     SELECT 1 + g % $2::int, 1 + (g * 31) % $3::int, 'Olá! Mensagem número ' || g, now() - make_interval(secs => g)
     FROM generate_series(1, $1::int) AS g`,
    [MESSAGES, CONVERSATIONS, MEMBERS],
  );
  await client.query(
    `INSERT INTO "Like" ("userId", "offerId", "createdAt")
     SELECT 1 + g % $2::int, 1 + (g * 7) % $3::int, now() FROM generate_series(1, $1::int) AS g
     ON CONFLICT DO NOTHING`,
    [LIKES, MEMBERS, OFFERS],
  );
  await client.query(
    `INSERT INTO "Report" ("reporterId", "reportedUserId", "offerId", reason, status, "createdAt")
     SELECT 1 + g % $1::int, o."userId", o.id, 'spam', (CASE WHEN g % 3 = 0 THEN 'pending' ELSE 'resolved' END)::"ReportStatus", now()
     FROM generate_series(1, 1000) AS g JOIN "Offer" o ON o.id = g`,
    [MEMBERS],
  );
  // Autovacuum would have run after inserts this large (PostgreSQL 13+ vacuums after inserts too); a
  // table never vacuumed has no visibility map, and every count would read the whole heap.
  await client.query(`VACUUM ANALYZE`);
}

/** Downloads `path` to nowhere, timing it and sampling the server's RSS every 10 ms. */
async function download(child: ChildProcess, url: string, path: string, cookie: string) {
  const pid = child.pid!;
  const before = rssOf(pid);
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssOf(pid));
  }, 10);
  const started = performance.now();
  const response = await fetch(`${url}${path}`, { headers: { cookie } });
  if (!response.ok || !response.body) throw new Error(`${path} answered ${response.status}`);
  let bytes = 0;
  let newlines = 0;
  let head: Buffer | null = null;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.length;
    head ??= Buffer.from(chunk.subarray(0, 4));
    for (const byte of chunk) if (byte === 10) newlines++;
  }
  const elapsed = performance.now() - started;
  clearInterval(sampler);
  peak = Math.max(peak, rssOf(pid));
  return { elapsed, bytes, newlines, head: head ?? Buffer.alloc(0), before, growth: peak - before, disposition: response.headers.get("content-disposition") };
}

async function main() {
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl) {
    console.error("bench/admin.ts needs PostgreSQL: set DATABASE_URL=postgresql://…");
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
    if (process.env.BENCH_KEEP_DB) return void console.log(`kept ${database.url}`);
    await database.drop().catch((error: unknown) => console.error(`dropping ${database.name} failed:`, error));
  };
  process.once("SIGINT", () => void cleanUp().finally(() => process.exit(130)));
  try {
    // The server applies the migrations; the seed goes in once the tables exist.
    server = await startServer(database.url);
    const { url, child } = server;
    await client.connect();
    const t0 = performance.now();
    await seed(client);
    const counts = (await client.query<{ users: string; consenting: string; offers: string; messages: string }>(
      `SELECT (SELECT count(*) FROM "User") AS users, (SELECT count(*) FROM "User" WHERE "shareWithSponsors") AS consenting,
              (SELECT count(*) FROM "Offer") AS offers, (SELECT count(*) FROM "Message") AS messages`,
    )).rows[0];
    console.log(
      `database  PostgreSQL (${database.name}); seeded ${counts.users} members (${counts.consenting} consenting), ${counts.offers} offers, ` +
        `${counts.messages} messages, ${CONVERSATIONS} conversations, ${LIKES} likes in ${((performance.now() - t0) / 1000).toFixed(1)}s`,
    );
    console.log(`node      ${process.version} NODE_ENV=${process.env.NODE_ENV ?? "production"} (server)  cores=${availableParallelism()}  ${cpus()[0]?.model?.trim() ?? "unknown CPU"}`);
    console.log(`settings  ${SECONDS}s per phase, ${CONNECTIONS} connections, 1s autocannon warm-up; server pid ${child.pid}, RSS ${mb(rssOf(child.pid!))} after start`);

    // A superuser with a session of her own, written as the session store writes it (sha256 of the token).
    const token = randomBytes(32).toString("base64url");
    await client.query(`UPDATE "User" SET role = 'superuser' WHERE id = 1`);
    await client.query(`INSERT INTO "Session" ("tokenHash", "userId", "expiresAt") VALUES ($1, 1, now() + interval '1 day')`, [
      createHash("sha256").update(token).digest("hex"),
    ]);
    const cookie = `coroa_session=${token}`;
    const gql = (query: string, variables: Record<string, unknown> = {}) => JSON.stringify({ query, variables });
    const post = async (body: string) =>
      (await (await fetch(`${url}/graphql`, { method: "POST", headers: { "content-type": "application/json", cookie }, body })).json()) as {
        data?: Record<string, any>;
        errors?: { message: string }[];
      };

    const results: { name: string; p99: number; errors: number; target: boolean }[] = [];
    const healthz = await cannon("healthz (baseline)", { url: `${url}/healthz`, connections: CONNECTIONS, duration: SECONDS });
    results.push({ name: "healthz", ...healthz, target: false });

    // adminStats is built beside this bench (another part of issue 12): measured when it is there.
    const statsQuery = gql(`{ adminStats { totalUsers onlineUsers totalOffers totalConversations totalMessages totalLikes pendingReports newUsers
      connectionsByType { collab permuta apoio } usersByPlan { nobreza alteza majestade imperatriz } offersByType { collab permuta apoio } } }`);
    const statsCheck = await post(statsQuery);
    if (statsCheck.data?.adminStats) {
      results.push({ name: "adminStats", ...(await cannon("adminStats (GraphQL)", { url: `${url}/graphql`, method: "POST", connections: CONNECTIONS, duration: SECONDS, headers: { "content-type": "application/json", cookie }, body: statsQuery })), target: true });
    } else if ((await fetch(`${url}/api/admin/stats`, { headers: { cookie } })).ok) {
      results.push({ name: "adminStats", ...(await cannon("GET /api/admin/stats", { url: `${url}/api/admin/stats`, connections: CONNECTIONS, duration: SECONDS, headers: { cookie } })), target: true });
    } else {
      console.log(`adminStats                   TODO: neither the adminStats field nor GET /api/admin/stats exists in this build (${statsCheck.errors?.[0]?.message ?? "no data"})`);
    }

    const SPONSORS = `query Sponsors($filter: SponsorFilter) { sponsorUsers(filter: $filter, first: 50) {
      rows { id fullName phone email plan region businessType age serviceType entrepreneurProfile professionalActivity createdAt }
      nextCursor total csvUrl } }`;
    const filters: [string, Record<string, string>][] = [
      ["none", {}],
      ["region=nordeste", { region: "nordeste" }],
      ["businessType=serviço", { businessType: "serviço" }],
      ["serviceType=híbrido", { serviceType: "híbrido" }],
      ["profile=avançada", { profile: "avançada" }],
      ["age=46+", { age: "46+" }],
      ["age=18-25", { age: "18-25" }],
      ["region+type+age", { region: "sul", businessType: "produto", age: "26-35" }],
    ];
    for (const [name, filter] of filters) {
      const body = gql(SPONSORS, { filter });
      const check = await post(body);
      const page = check.data?.sponsorUsers;
      if (!page) throw new Error(`sponsorUsers (${name}) failed: ${JSON.stringify(check).slice(0, 300)}`);
      const label = `sponsorUsers ${name}`;
      const measured = await cannon(label, { url: `${url}/graphql`, method: "POST", connections: CONNECTIONS, duration: SECONDS, headers: { "content-type": "application/json", cookie }, body });
      console.log(`${"".padEnd(28)} (${page.rows.length} rows of ${page.total})`);
      results.push({ name: label, ...measured, target: true });
    }

    const files: { name: string; growth: number }[] = [];
    const csv = await download(child, url, "/api/admin/sponsor-users?format=csv", cookie);
    const csvRows = csv.newlines - 1; // the header's line ends too; rows carry no line break of their own here
    console.log(
      `sponsor CSV (all consenting)  ${(csv.elapsed / 1000).toFixed(2)}s  ${mb(csv.bytes)}  ${csvRows} rows  server RSS ${mb(csv.before)} → peak +${mb(csv.growth)}  ` +
        `BOM=${csv.head.subarray(0, 3).equals(Buffer.from([0xef, 0xbb, 0xbf]))}`,
    );
    if (csvRows !== Number(counts.consenting)) throw new Error(`the CSV has ${csvRows} rows, ${counts.consenting} expected`);
    files.push({ name: "sponsor CSV", growth: csv.growth });
    const xlsx = await download(child, url, "/api/admin/users-download", cookie);
    console.log(
      `users Excel (every member)    ${(xlsx.elapsed / 1000).toFixed(2)}s  ${mb(xlsx.bytes)}  server RSS ${mb(xlsx.before)} → peak +${mb(xlsx.growth)}  ` +
        `zip=${xlsx.head.subarray(0, 2).toString("latin1") === "PK"}  ${xlsx.disposition}`,
    );
    files.push({ name: "users Excel", growth: xlsx.growth });
    const sponsorsJson = await download(child, url, "/api/admin/sponsor-users", cookie);
    console.log(`sponsor JSON (REST, all)      ${(sponsorsJson.elapsed / 1000).toFixed(2)}s  ${mb(sponsorsJson.bytes)}  server RSS ${mb(sponsorsJson.before)} → peak +${mb(sponsorsJson.growth)}`);
    files.push({ name: "sponsor JSON", growth: sponsorsJson.growth });

    const latency = results.filter((r) => r.target);
    const worst = Math.max(...latency.map((r) => r.p99));
    const latencyMet = latency.length > 0 && worst < TARGET_P99_MS;
    const worstGrowth = Math.max(...files.map((f) => f.growth));
    const memoryMet = worstGrowth < TARGET_RSS_MB * 1024 * 1024;
    console.log(
      `target    p99 < ${TARGET_P99_MS}ms at ${CONNECTIONS} connections: ${latencyMet ? "met" : "NOT met"} (worst ${ms(worst)}, /healthz p99 ${ms(healthz.p99)}); ` +
        `peak RSS growth < ${TARGET_RSS_MB}MB per download: ${memoryMet ? "met" : "NOT met"} (worst +${mb(worstGrowth)})`,
    );
    if (results.some((r) => r.errors > 0)) {
      console.log("FAILED: a phase had errors");
      return 1;
    }
    return latencyMet && memoryMet ? 0 : 1;
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
