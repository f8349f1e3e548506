// Benchmark of the board's search (issue 28) on PostgreSQL: seeds 10,000 members and 100,000 offers
// with Portuguese titles and descriptions into a fresh database, then measures searches over GraphQL
// and REST beside the unfiltered board's first page and /healthz in the same run, prints EXPLAIN
// (ANALYZE) of each search shape (the GIN indexes must be used), and what writing an offer costs with
// the search column beside a copy of the table without it.
//
//   NODE_ENV=production DATABASE_URL=postgresql://postgres@127.0.0.1:5432/test npx tsx bench/search.ts
//
// The server runs in its own Node process as `npm start` runs it (bench/kit.ts: the compiled build;
// run `npm run build` first), the load in this one. A fresh database cc_bench_<random> is created from
// that URL and dropped at the end. Each search phase cycles through a mix of one-word, two-word,
// accentless and half-typed searches, with and without filters. BENCH_SECONDS (default 8) and
// BENCH_CONNECTIONS (default 50) change the load.
// Targets: search p99 under 50 ms, and within 1.5x of the unfiltered board's p99 on the same door in
// the same run. Exits 1 when one is missed or a phase has more than 1% errors.
import { availableParallelism, cpus } from "node:os";
import { performance } from "node:perf_hooks";
import pg from "pg";
import { BRAZILIAN_STATES, OFFER_CATEGORIES } from "../schema/src/index.js";
import { freshPostgres } from "../graphql-server/test/harness.js";
import { cannon, ms, serverCommand, startServer } from "./kit.js";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const MEMBERS = 10_000;
const OFFERS = 100_000;
const MAX_ERROR_RATE = 0.01;
const TARGET_P99_MS = 50;
const TARGET_RATIO = 1.5;

const SEARCH_QUERY = `query Search($q: String, $first: Int, $filter: OfferFilter) { offers(q: $q, first: $first, filter: $filter) {
  edges { cursor node { id postType type title description categories isUrgent likes isLiked isOwn createdAt
    userNickname userFullName userName userPlan userJoinedAt userProfilePhoto userProfessionalActivity } }
  pageInfo { endCursor hasNextPage } } }`;

const SUBJECTS = [
  "Bolo de pote", "Confeitaria artesanal", "Fotografia de produtos", "Consultoria de marca", "Ensaio fotográfico",
  "Café colonial", "Doces finos", "Bolsas de couro", "Costura sob medida", "Marketing digital", "Gestão financeira",
  "Loja virtual", "Maquiagem para noivas", "Design de interiores", "Aulas de inglês", "Mentoria de vendas",
  "Tricô e crochê", "Cerâmica artesanal", "Velas aromáticas", "Sabonetes naturais", "Salgados para festas",
  "Identidade visual", "Organização de eventos", "Nutrição esportiva", "Yoga para gestantes",
];
const TAILS = [
  "para eventos", "em parceria", "para revenda", "com desconto", "para marcas autorais", "em São Paulo",
  "para iniciantes", "sob encomenda", "para empreendedoras", "no atacado", "em Belo Horizonte", "para cafeterias",
];
const SENTENCES = [
  "Trabalho com carinho e prazos combinados, atendo todo o Brasil.",
  "Busco parceira para dividir custos de divulgação e trocar indicações.",
  "Tenho experiência de dez anos e portfólio nas redes sociais.",
  "Ofereço um pacote especial para as sócias do clube.",
  "Procuro quem faça a parte de fotografia e design das peças.",
  "Atendimento presencial e online, com orçamento sem compromisso.",
  "Quero montar uma feira colaborativa com outras empreendedoras.",
  "Produção artesanal, ingredientes naturais e embalagens recicláveis.",
];

/** The searches members type: whole words, no accents, plurals, half words, two words, with filters. */
const SEARCHES: { q: string; filter?: Record<string, string>; rest?: string }[] = [
  { q: "bolo" },
  { q: "cafe" },
  { q: "fotografia" },
  { q: "bolos de pote" },
  { q: "confeit" },
  { q: "marketing digital" },
  { q: "ceramica" },
  { q: "velas", filter: { state: "SP" }, rest: "&location=SP" },
  { q: "noivas", filter: { type: "permuta" }, rest: "&type=permuta" },
  { q: "croche", filter: { category: "moda" }, rest: "&category=moda" },
  { q: "mentoria vend" },
  { q: "organizacao de eventos", filter: { type: "collab", state: "RJ" }, rest: "&type=collab&location=RJ" },
];

async function seed(client: pg.Client) {
  const states = BRAZILIAN_STATES.map(([uf]) => uf);
  await client.query(
    `INSERT INTO "User" (phone, plan, state, "createdAt", "updatedAt", nickname, "fullName")
     SELECT '5511' || lpad(g::text, 9, '0'),
            (CASE WHEN g % 100 < 60 THEN 'nobreza' WHEN g % 100 < 85 THEN 'alteza'
                  WHEN g % 100 < 97 THEN 'majestade' ELSE 'imperatriz' END)::"Plan",
            ($1::text[])[1 + (g * 7) % array_length($1::text[], 1)],
            now() - make_interval(days => (g * 37) % 1500, secs => g), now(),
            'Parceira ' || g, 'Empreendedora ' || g
     FROM generate_series(1, $2::int) AS g`,
    [states, MEMBERS],
  );
  await client.query(
    `INSERT INTO "Offer" ("userId", "postType", type, title, description, categories, "isUrgent", "likesCount",
                          "authorPlanRank", "authorJoinedAt", state, "createdAt", "updatedAt")
     SELECT u.id,
            (CASE WHEN g % 4 = 0 THEN 'pedido' ELSE 'oferta' END)::"PostType",
            (CASE WHEN u.plan = 'nobreza' THEN 'apoio' ELSE (ARRAY['collab','permuta','apoio'])[1 + g % 3] END)::"OfferType",
            ($1::text[])[1 + g % array_length($1::text[], 1)] || ' ' || ($2::text[])[1 + (g * 7) % array_length($2::text[], 1)],
            ($3::text[])[1 + g % array_length($3::text[], 1)] || ' ' || ($3::text[])[1 + (g * 5 + 3) % array_length($3::text[], 1)],
            ARRAY[($4::text[])[1 + g % 59], ($4::text[])[1 + (g * 13 + 5) % 59]],
            g % 17 = 0, (g * 31) % 40,
            CASE u.plan WHEN 'nobreza' THEN 1 WHEN 'alteza' THEN 2 WHEN 'majestade' THEN 3 ELSE 4 END,
            u."createdAt", u.state, now() - make_interval(mins => (g * 11) % 200000), now()
     FROM generate_series(1, $5::int) AS g
     JOIN "User" u ON u.id = 1 + (g * 7919) % $6::int`,
    [SUBJECTS, TAILS, SENTENCES, [...OFFER_CATEGORIES], OFFERS, MEMBERS],
  );
  await client.query(`ANALYZE "User"; ANALYZE "Offer"`);
}

/** The search statement's shapes as graphql-server/src/domains/offers/board-search.ts sends them. */
function searchSql(words: string[], where = "") {
  const full = words.filter((w) => w.length >= 2);
  const last = full.pop() ?? "";
  const stem = (text: string) => `to_tsquery('portuguese', public.cc_unaccent('${text}'))`;
  const lastWord = `(CASE WHEN numnode(${stem(last)}) = 0 THEN ''::tsquery ELSE ${stem(last)} || to_tsquery('simple', public.cc_unaccent('${last}') || ':*') END)`;
  const query = full.length ? `(${stem(full.join(" & "))} && ${lastWord})` : lastWord;
  return `SELECT o.id FROM "Offer" o WHERE o."hiddenAt" IS NULL ${where} AND o.search @@ ${query}
    ORDER BY CASE WHEN ts_filter(o.search, '{a}') @@ ${query} THEN 3 WHEN ts_filter(o.search, '{a,b}') @@ ${query} THEN 2 ELSE 1 END DESC,
      o."authorPlanRank" DESC, o."authorJoinedAt" ASC, o."createdAt" DESC, o.id DESC LIMIT 500`;
}

async function explain(client: pg.Client) {
  const cases: [string, string][] = [
    ["one word 'bolo'", searchSql(["bolo"])],
    ["accentless 'ceramica'", searchSql(["ceramica"])],
    ["half word 'confeit'", searchSql(["confeit"])],
    ["two words 'marketing digital'", searchSql(["marketing", "digital"])],
    ["with filters type+state", searchSql(["organizacao", "de", "eventos"], `AND o.type::text = 'collab' AND o.state = 'RJ'`)],
    [
      "typo fallback 'confetaria'",
      `WITH near AS MATERIALIZED (SELECT o.id, o."authorPlanRank", o."authorJoinedAt", o."createdAt" FROM "Offer" o
         WHERE o."hiddenAt" IS NULL AND public.cc_unaccent(lower('confetaria')) <<% public.cc_unaccent(lower(o.title)))
       SELECT o.id FROM near o ORDER BY o."authorPlanRank" DESC, o."authorJoinedAt" ASC, o."createdAt" DESC, o.id DESC LIMIT 500`,
    ],
  ];
  for (const [name, sql] of cases) {
    const plan = await client.query<{ "QUERY PLAN": string }>(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${sql}`);
    const lines = plan.rows.map((r) => r["QUERY PLAN"]);
    const indexed = lines.some((line) => /Offer_search_idx|Offer_title_trgm_idx/.test(line));
    console.log(`\n--- EXPLAIN ANALYZE search, ${name}: ${indexed ? "uses the search index" : "NO search index used"}`);
    for (const line of lines) console.log(`  ${line}`);
  }
}

/** µs per offer inserted, with the generated search column and into a copy of the table without it, interleaved. */
async function writeCost(client: pg.Client) {
  // The same table with the board's own indexes, without the search column and its two indexes.
  await client.query(`CREATE TABLE "OfferPlain" (LIKE "Offer" INCLUDING DEFAULTS INCLUDING INDEXES)`);
  await client.query(`ALTER TABLE "OfferPlain" DROP COLUMN search`);
  const trigram = await client.query<{ indexname: string }>(
    `SELECT indexname FROM pg_indexes WHERE tablename = 'OfferPlain' AND indexdef LIKE '%gin_trgm_ops%'`,
  );
  for (const { indexname } of trigram.rows) await client.query(`DROP INDEX "${indexname}"`);
  const columns = `"userId", "postType", type, title, description, categories, "authorPlanRank", "authorJoinedAt", state, "createdAt", "updatedAt"`;
  const values = (n: number) => `SELECT 1 + g % ${MEMBERS}, 'oferta', 'permuta', 'Bolo de pote para revenda ' || g,
      'Trabalho com carinho e prazos combinados, atendo todo o Brasil. Produção artesanal ' || g,
      ARRAY['Alimentação','Moda'], 2, now(), 'SP', now(), now() FROM generate_series(1, ${n}) g`;
  const times = { search: [] as number[], plain: [] as number[] };
  const N = 2000;
  for (let round = 0; round < 3; round++) {
    for (const [name, table] of [["search", `"Offer"`], ["plain", `"OfferPlain"`]] as const) {
      const t0 = performance.now();
      await client.query(`INSERT INTO ${table} (${columns}) ${values(N)}`);
      times[name].push(((performance.now() - t0) * 1000) / N);
    }
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  console.log(
    `writes    ${N} offers × 3 rounds, one INSERT each: with the search column ${median(times.search).toFixed(0)}µs per offer; ` +
      `the same table and board indexes without it ${median(times.plain).toFixed(0)}µs`,
  );
}

async function main() {
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl) {
    console.error("bench/search.ts needs PostgreSQL: set DATABASE_URL=postgresql://…");
    return 1;
  }
  const database = await freshPostgres(baseUrl, "cc_bench");
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  const client = new pg.Client({ connectionString: database.url });
  const cleanUp = async () => {
    await client.end().catch(() => undefined);
    await server?.stop().catch((error: unknown) => console.error("stopping the server failed:", error));
    await database.drop().catch((error: unknown) => console.error(`dropping ${database.name} failed:`, error));
  };
  process.once("SIGINT", () => void cleanUp().finally(() => process.exit(130)));
  try {
    server = await startServer(database.url);
    const { url } = server;
    const pid = server.child.pid!;
    await client.connect();
    const t0 = performance.now();
    await seed(client);
    console.log(`database  PostgreSQL (${database.name}); seeded ${MEMBERS} members and ${OFFERS} offers in ${((performance.now() - t0) / 1000).toFixed(1)}s`);
    console.log(`node      ${process.version} NODE_ENV=${process.env.NODE_ENV ?? "(unset)"}  cores=${availableParallelism()}  ${cpus()[0]?.model?.trim() ?? "unknown CPU"}`);
    console.log(`server    ${serverCommand().describe}, its own process (pid ${pid})`);
    console.log(`settings  ${SECONDS}s per phase, ${CONNECTIONS} connections; each search phase cycles through ${SEARCHES.length} searches`);

    const bodies = SEARCHES.map((s) => JSON.stringify({ query: SEARCH_QUERY, variables: { q: s.q, first: 24, filter: s.filter ?? {} } }));
    for (const [i, body] of bodies.entries()) {
      const check = (await (await fetch(`${url}/graphql`, { method: "POST", headers: { "content-type": "application/json" }, body })).json()) as {
        data?: { offers?: { edges: unknown[] } };
        errors?: unknown;
      };
      const found = check.data?.offers?.edges.length ?? 0;
      if (!check.data || found === 0) throw new Error(`search '${SEARCHES[i].q}' found nothing: ${JSON.stringify(check).slice(0, 300)}`);
    }
    const boardBody = JSON.stringify({ query: SEARCH_QUERY, variables: { first: 24, filter: {} } });
    const graphql = (requests: string[]) => ({
      url: `${url}/graphql`,
      connections: CONNECTIONS,
      duration: SECONDS,
      workers: 1,
      requests: requests.map((body) => ({ method: "POST" as const, path: "/graphql", headers: { "content-type": "application/json" }, body })),
    });
    const rest = (paths: string[]) => ({
      url: `${url}/api/offers`,
      connections: CONNECTIONS,
      duration: SECONDS,
      workers: 1,
      requests: paths.map((path) => ({ method: "GET" as const, path })),
    });
    const healthz = await cannon("healthz", { url: `${url}/healthz`, connections: CONNECTIONS, duration: SECONDS, workers: 1 }, pid);
    const board = await cannon("graphql board (no words)", graphql([boardBody]), pid);
    const search = await cannon("graphql search", graphql(bodies), pid);
    const restBoard = await cannon("rest board (no words)", rest(["/api/offers"]), pid);
    const restSearch = await cannon("rest search", rest(SEARCHES.map((s) => `/api/offers?q=${encodeURIComponent(s.q)}${s.rest ?? ""}`)), pid);

    console.log(`targets   search p99 < ${TARGET_P99_MS}ms at ${CONNECTIONS} connections, and within ${TARGET_RATIO}x of the board's p99 without words (same door, same run)`);
    const verdicts: boolean[] = [];
    for (const [door, base, found] of [["graphql", board, search], ["rest", restBoard, restSearch]] as const) {
      const ratio = found.p99 / base.p99;
      const met = found.p99 < TARGET_P99_MS && ratio <= TARGET_RATIO;
      verdicts.push(met);
      console.log(`  ${door.padEnd(8)} search p99 ${ms(found.p99).padEnd(8)} board ${ms(base.p99).padEnd(8)} ${ratio.toFixed(2)}x  ${met ? "met" : "NOT met"}`);
    }
    console.log(`  /healthz p99 ${ms(healthz.p99)} (the baseline: what any request costs on this machine now)`);
    await writeCost(client);
    await explain(client);
    if ([healthz, board, search, restBoard, restSearch].some((r) => r.rate > MAX_ERROR_RATE)) {
      console.log("FAILED: more than 1% errors");
      return 1;
    }
    return verdicts.every(Boolean) ? 0 : 1;
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
