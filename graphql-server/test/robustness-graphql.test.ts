// Robustness, as an attacker tries it: GraphQL documents built to multiply work (aliases, tokens,
// directives, depth, fragment cycles and fan-outs), batches, subscriptions over HTTP and bodies
// over the limit. Each is refused before anything runs, and the server keeps serving.
import { createHash } from "node:crypto";
import { ERROR_MESSAGES } from "@clube-coroa/schema";
import { auditServer, type AuditFail } from "graphql-http";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { GRAPHQL_LIMITS } from "../src/lib/graphql-limits.js";
import { createMember, startTestApp, TestClient, type HttpAnswer, type TestApp } from "./harness.js";
import { expectGraphqlRefused, expectNoInternals, expectRefused, sendBytes, stillServing, writesNothing } from "./robustness-kit.js";

type Member = Awaited<ReturnType<typeof createMember>>;

let t: TestApp;
let anonymous: TestClient;
let member: Member;

beforeAll(async () => {
  t = await startTestApp();
  anonymous = new TestClient(t.url);
  member = await createMember(t, "5511963");
});
afterAll(() => t?.close());

const aliases = (count: number, selection = "communityStats { totalMembers }") =>
  `{ ${Array.from({ length: count }, (_, i) => `a${i}: ${selection}`).join(" ")} }`;

/** A refusal that also answered fast: the work the document asks for never started. */
async function refusedQuickly(client: TestClient, query: string, status: number, code: string, message: string | RegExp) {
  const started = Date.now();
  const answer = await client.gql(query);
  const elapsed = Date.now() - started;
  expectGraphqlRefused(answer, status, code, message);
  expect(elapsed).toBeLessThan(3000);
  return answer;
}

describe("GraphQL documents that multiply work", () => {
  it("refuses 240 aliases of communityStats before running it, for visitors and members alike", async () => {
    for (const client of [anonymous, member.client]) {
      await refusedQuickly(client, aliases(240), 400, "GRAPHQL_VALIDATION_FAILED", "Consulta com apelidos (aliases) demais");
    }
    const atTheLimit = await anonymous.gql(aliases(GRAPHQL_LIMITS.maxAliases));
    expect(atTheLimit.status).toBe(200);
    expect(Object.keys(atTheLimit.body.data)).toHaveLength(GRAPHQL_LIMITS.maxAliases);
    await refusedQuickly(anonymous, aliases(GRAPHQL_LIMITS.maxAliases + 1), 400, "GRAPHQL_VALIDATION_FAILED", "Consulta com apelidos (aliases) demais");
    await stillServing(t);
  });

  it("refuses a document over the token limit with 400, one over the body limit with 413, and a syntax error with 400", async () => {
    const long = `{ appInfo { ${"__typename ".repeat(GRAPHQL_LIMITS.maxTokens + 500)} } }`;
    await refusedQuickly(anonymous, long, 400, "GRAPHQL_PARSE_FAILED", "Consulta longa demais");
    const huge = `{ appInfo { ${"__typename ".repeat(200_000)} } }`;
    await refusedQuickly(anonymous, huge, 413, "PAYLOAD_TOO_LARGE", "Conteúdo grande demais");
    for (const broken of ["{", "query {", "}}}", "{ appInfo { productName }", "mutation", '{ offers(after: "unterminated) { edges { cursor } } }']) {
      await refusedQuickly(anonymous, broken, 400, "GRAPHQL_PARSE_FAILED", /^Syntax Error/);
    }
    await stillServing(t);
  });

  it("refuses a flood of directives", async () => {
    const flood = `{ appInfo { ${"productName @include(if: true) ".repeat(GRAPHQL_LIMITS.maxDirectives + 20)} } }`;
    await refusedQuickly(anonymous, flood, 400, "GRAPHQL_VALIDATION_FAILED", "Consulta com diretivas demais");
    const stacked = `{ appInfo ${"@include(if: true) ".repeat(50)} { productName } }`;
    await refusedQuickly(anonymous, stacked, 400, "GRAPHQL_VALIDATION_FAILED", "Consulta com diretivas demais");
    await stillServing(t);
  });

  it("refuses deep nesting, written out or through fragments", async () => {
    const levels = GRAPHQL_LIMITS.maxDepth + 5;
    const written = `{ __schema { types { fields { type { ${"ofType { ".repeat(levels)}name${" }".repeat(levels)} } } } } }`;
    await refusedQuickly(anonymous, written, 400, "GRAPHQL_VALIDATION_FAILED", "Consulta aninhada demais");
    const fragments = Array.from({ length: levels }, (_, i) => `fragment F${i} on __Type { ofType { ${i + 1 < levels ? `...F${i + 1}` : "name"} } }`);
    const throughFragments = `{ __schema { types { ...F0 } } } ${fragments.join(" ")}`;
    await refusedQuickly(anonymous, throughFragments, 400, "GRAPHQL_VALIDATION_FAILED", "Consulta aninhada demais");
    await stillServing(t);
  });

  it("refuses fragment cycles without walking them forever", async () => {
    const cycles = [
      "{ ...A } fragment A on Query { ...A }",
      "{ ...A } fragment A on Query { ...B } fragment B on Query { ...A }",
      "{ ...A } fragment A on Query { appInfo { productName } ...B } fragment B on Query { ...C } fragment C on Query { ...A }",
      "{ appInfo { ...A } } fragment A on AppInfo { productName ...B } fragment B on AppInfo { ...A }",
    ];
    for (const cycle of cycles) {
      await refusedQuickly(anonymous, cycle, 400, "GRAPHQL_VALIDATION_FAILED", /Cannot spread fragment "\w" within itself/);
    }
    await stillServing(t);
  });

  it("refuses a fan-out of fragments (a few tokens that would select millions of fields) as too complex", async () => {
    const levels = 7;
    const fan = 10;
    const fragments = Array.from({ length: levels }, (_, i) =>
      i === 0 ? "fragment F0 on Query { communityStats { totalMembers } }" : `fragment F${i} on Query { ${`...F${i - 1} `.repeat(fan)}}`,
    );
    const bomb = `{ ...F${levels - 1} } ${fragments.join(" ")}`;
    await refusedQuickly(anonymous, bomb, 400, "GRAPHQL_VALIDATION_FAILED", "Consulta complexa demais: divida-a em partes menores");
    await stillServing(t);
  });
});

describe("GraphQL over HTTP: what the door refuses", () => {
  it("refuses a batch (a JSON array of operations) with 400", async () => {
    const batch = [{ query: "{ appInfo { productName } }" }, { query: "{ communityStats { totalMembers } }" }];
    for (const body of [batch, Array.from({ length: 500 }, () => batch[0]), []]) {
      const answer = await anonymous.request("POST", "/graphql", body);
      expectGraphqlRefused(answer, 400, "BAD_REQUEST", /batching/i);
    }
    await stillServing(t);
  });

  it("refuses a subscription sent over HTTP: 400 by POST, named or not; 405 by GET", async () => {
    const message = "Assinaturas (subscriptions) funcionam só pelo WebSocket de /graphql (graphql-ws)";
    await writesNothing(t, async () => {
      for (const client of [anonymous, member.client]) {
        for (const query of ["subscription { offersChanged { kind } }", "subscription { unreadCountChanged }"]) {
          expectGraphqlRefused(await client.gql(query), 400, "BAD_REQUEST", message);
        }
        const named = await client.request("POST", "/graphql", {
          query: "query Q { appInfo { productName } } subscription S { offersChanged { kind } }",
          operationName: "S",
        });
        expectGraphqlRefused(named, 400, "BAD_REQUEST", message);
      }
      const overGet = await anonymous.request("GET", `/graphql?query=${encodeURIComponent("subscription { offersChanged { kind } }")}`, undefined, {
        "apollo-require-preflight": "true",
      });
      // GET carries queries only: Apollo refuses the method itself.
      expectGraphqlRefused(overGet, 405, "BAD_REQUEST", /GET requests only support query operations/);
    });
    await stillServing(t);
  });

  it("refuses persisted queries (APQ) with 400 PERSISTED_QUERY_NOT_SUPPORTED, whatever the version or hash, logging no error", async () => {
    const message = "Consultas persistidas (persisted queries) não são aceitas: envie o texto da consulta em query, sem a extensão persistedQuery";
    const query = "{ appInfo { productName } }";
    const sha256Hash = createHash("sha256").update(query).digest("hex");
    const logged = [vi.spyOn(t.app.services.log, "error"), vi.spyOn(t.app.services.log, "warn")];
    const requests = [
      { query, extensions: { persistedQuery: { version: 1, sha256Hash: "abc" } } },
      { query, extensions: { persistedQuery: { version: 2, sha256Hash: "abc" } } },
      { query, extensions: { persistedQuery: { version: 1, sha256Hash } } },
      { extensions: { persistedQuery: { version: 1, sha256Hash } } },
      { query, extensions: { persistedQuery: "yes" } },
    ];
    for (const client of [anonymous, member.client]) {
      for (const body of requests) expectGraphqlRefused(await client.request("POST", "/graphql", body), 400, "PERSISTED_QUERY_NOT_SUPPORTED", message);
      // APQ clients send the hash alone by GET first.
      const extensions = encodeURIComponent(JSON.stringify({ persistedQuery: { version: 1, sha256Hash } }));
      const overGet = await client.request("GET", `/graphql?extensions=${extensions}`, undefined, { "apollo-require-preflight": "true" });
      expectGraphqlRefused(overGet, 400, "PERSISTED_QUERY_NOT_SUPPORTED", message);
    }
    for (const spy of logged) expect(spy).not.toHaveBeenCalled();
    // The same text without the extension is answered.
    expect((await anonymous.gql(query)).body).toMatchObject({ data: { appInfo: { productName: expect.any(String) } } });
  });

  it("answers 413 in GraphQL's shape to a body over the GraphQL limit", async () => {
    const body = JSON.stringify({ query: "query ($v: String) { appInfo { productName } }", variables: { v: "x".repeat(8 * 1024 * 1024) } });
    for (const client of [anonymous, member.client]) {
      const answer = await sendBytes(t, "POST", "/graphql", body, { "content-type": "application/json", cookie: client.cookieHeader });
      expectGraphqlRefused(answer, 413, "PAYLOAD_TOO_LARGE", ERROR_MESSAGES.PAYLOAD_TOO_LARGE);
    }
    await stillServing(t);
  });

  it("passes graphql-http's GraphQL-over-HTTP audits with no error (NODE_ENV=test)", async ({ annotate }) => {
    const { errors, remarks } = await audit(t);
    // The known remarks (docs/decisions/0161-graphql-over-http-audit.md): 400 rather than 200 for a broken query to an
    // application/json client (warn), and GET refused without apollo-require-preflight (notice).
    if (remarks.length) await annotate(remarks.join("\n"), "notice");
    expect(errors.map(describeAudit), `warnings and notices:\n${remarks.join("\n")}`).toEqual([]);
  });

  it("answers errors without stack traces or suggestions of field names (NODE_ENV=test)", async () => {
    const probes = [
      anonymous.gql("{ offerz }"),
      anonymous.gql("{ me { nicknam } }"),
      anonymous.gql("{ appInfo { productNam } }"),
      anonymous.gql("query ($id: Int!) { offer(id: $id) { id } }", { id: "x" }),
      anonymous.gql('{ offers(after: "!!!") { edges { cursor } } }'),
      member.client.gql("{ conversation(id: 1) { id } }"),
      anonymous.gql("{"),
    ];
    for (const answer of await Promise.all(probes)) {
      expectNoStackTracesOrSuggestions(answer);
    }
  });
});

describe("GraphQL with NODE_ENV=production", () => {
  let production: TestApp;
  let visitor: TestClient;
  beforeAll(async () => {
    production = await startTestApp({ NODE_ENV: "production", ALLOW_LOCAL_WHATSAPP_IN_PRODUCTION: "true", ALLOW_LOCAL_PAYMENTS_IN_PRODUCTION: "true" });
    visitor = new TestClient(production.url);
  });
  afterAll(() => production?.close());

  it("refuses introspection in production and answers it in test", async () => {
    for (const query of ["{ __schema { types { name } } }", '{ __type(name: "Query") { name } }', "{ appInfo { productName } __schema { queryType { name } } }"]) {
      const refused = await visitor.gql(query);
      expectGraphqlRefused(refused, 400, "GRAPHQL_VALIDATION_FAILED", /introspection is not allowed/);
      expect(refused.body).toMatchObject({ errors: [{ extensions: { validationErrorCode: "INTROSPECTION_DISABLED" } }] });
      const answered = await anonymous.gql(query);
      expect(answered.status).toBe(200);
      expect(answered.body.errors).toBeUndefined();
    }
    // __typename is not introspection: clients use it to read union results.
    const typename = await visitor.gql("{ __typename appInfo { __typename } }");
    expect(typename.body).toEqual({ data: { __typename: "Query", appInfo: { __typename: "AppInfo" } } });
    await stillServing(production);
  });

  it("answers errors without stack traces, server paths or field suggestions", async () => {
    const member = await createMember(production, "5511963");
    const probes = [
      visitor.gql("{ offerz }"),
      visitor.gql("{ me { nicknam } }"),
      visitor.gql("{ appInfo { productNam } }"),
      visitor.gql("query ($id: Int!) { offer(id: $id) { id } }", { id: "x" }),
      visitor.gql('{ offers(after: "!!!") { edges { cursor } } }'),
      visitor.gql("subscription { offersChanged { kind } }"),
      visitor.gql(aliases(240)),
      visitor.gql("{"),
      visitor.request("POST", "/graphql", [{ query: "{ appInfo { productName } }" }]),
      sendBytes(production, "POST", "/graphql", "{nope", { "content-type": "application/json" }),
      member.client.gql("{ conversation(id: 1) { id } }"),
      member.client.gql("{ messages(conversationId: 1, before: -1) { id } }"),
    ];
    for (const answer of await Promise.all(probes)) {
      expectNoStackTracesOrSuggestions(answer);
    }
    await stillServing(production);
  });

  it("passes graphql-http's audits except the two whose query asks for __type, refused as introspection", async ({ annotate }) => {
    const { errors, remarks } = await audit(production);
    if (remarks.length) await annotate(remarks.join("\n"), "notice");
    expect(errors.map((e) => e.id).sort(), errors.map(describeAudit).join("\n")).toEqual(["28B9", "BF61"]);
    for (const error of errors) {
      expect(await error.response.json()).toMatchObject({ errors: [{ extensions: { code: "GRAPHQL_VALIDATION_FAILED", validationErrorCode: "INTROSPECTION_DISABLED" } }] });
    }
  });

  it("does not serve the sign-in codes outbox, even to this machine", async () => {
    const sent = await visitor.rest("POST", "/api/auth/send-token", { phone: "11987650001", countryCode: "BR" });
    expect(sent.status).toBe(200);
    for (const query of ["?phone=5511987650001", "?phone=5511987650001&kind=all", ""]) {
      expectRefused(await visitor.rest("GET", `/api/dev/outbox${query}`), 404, "NOT_FOUND", "Rota não encontrada");
    }
  });
});

/** graphql-http's server audits (GraphQL over HTTP spec) run against /graphql: the errors, and the warnings and notices as lines. */
async function audit(app: TestApp) {
  const failed = (await auditServer({ url: `${app.url}/graphql`, fetchFn: fetch })).filter((result): result is AuditFail => result.status !== "ok");
  return { errors: failed.filter((result) => result.status === "error"), remarks: failed.filter((result) => result.status !== "error").map(describeAudit) };
}

const describeAudit = (result: AuditFail) => `${result.status} ${result.id} ${result.name}: ${result.reason}`;

function expectNoStackTracesOrSuggestions(answer: HttpAnswer) {
  const errors = (answer.body?.errors ?? []) as { message: string; extensions?: Record<string, unknown> }[];
  expect(errors.length).toBeGreaterThan(0);
  for (const error of errors) {
    expect(error.extensions?.stacktrace).toBeUndefined();
    expect(error.extensions?.exception).toBeUndefined();
    expect(error.message).not.toMatch(/Did you mean/i);
  }
  expectNoInternals(answer);
}
