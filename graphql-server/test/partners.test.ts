import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient } from "graphql-ws";
import { WebSocket } from "ws";
import { PARTNER_DATA_EXAMPLE, PARTNER_EXAMPLE_SITE, PARTNER_STATS_EXAMPLE, partnerCurl } from "@clube-coroa/schema";
import { createMember, eventually, startTestApp, TestClient, withTwoInstances, type HttpAnswer, type TestApp } from "./harness.js";

// Partners' API (issue 13): keys made by superusers, the Bearer door of /graphql and what a key may read.
const PREFIX = "55482";
const RATE_LIMIT = 20;
let t: TestApp;
let admin: Awaited<ReturnType<typeof createMember>>;
let member: Awaited<ReturnType<typeof createMember>>;
const prisma = () => t.app.services.prisma;

const ROW_FIELDS = "id fullName phone email plan region businessType ageBand serviceType entrepreneurProfile professionalActivity createdAt";
const GROUPS = "{ key count }";
const STATS_QUERY = `query($filter: SponsorFilter) { sponsorStats(filter: $filter) { total byRegion ${GROUPS} byPlan ${GROUPS} byBusinessType ${GROUPS}
  byServiceType ${GROUPS} byProfile ${GROUPS} byAgeBand ${GROUPS} } }`;
const DATA_QUERY = `query($filter: SponsorFilter, $first: Int, $after: String) {
  sponsorData(filter: $filter, first: $first, after: $after) { rows { ${ROW_FIELDS} } nextCursor total } }`;
const CREATE = `mutation($name: String!) { createPartnerApiKey(name: $name) { __typename
  ... on CreatedPartnerApiKey { key partnerApiKey { id name prefix createdByName requestCount lastUsedAt revokedAt } }
  ... on AppError { code message } } }`;
const REVOKE = `mutation($id: ID!) { revokePartnerApiKey(id: $id) { __typename ... on PartnerApiKey { id revokedAt } ... on AppError { code message } } }`;
const PARTNER_ONLY = "Esta chave de parceira só pode consultar sponsorData e sponsorStats";

/** A partner's client: nothing but the header a curl would send. */
const partner = (key: string) => ({
  gql: (query: string, variables?: Record<string, unknown>, headers: Record<string, string> = {}) =>
    new TestClient(t.url).gql(query, variables, { authorization: `Bearer ${key}`, ...headers }),
});

async function newKey(name = "Parceira Teste") {
  const answer = await admin.client.gql(CREATE, { name });
  const created = answer.body.data?.createPartnerApiKey;
  if (created?.__typename !== "CreatedPartnerApiKey") throw new Error(`key not created: ${JSON.stringify(answer.body)}`);
  return created as { key: string; partnerApiKey: { id: string; name: string; prefix: string; createdByName: string | null } };
}

function code(answer: HttpAnswer, field: string): string | undefined {
  const result = answer.body?.data?.[field];
  if (result && result.__typename === "AppError") return result.code;
  return answer.body?.errors?.[0]?.extensions?.code;
}

// Members seeded with everything a partner must never see.
const SECRET = { cpfs: ["52998224725", "11144477735", "39053344705"], street: "Rua das Orquídeas Secretas", birthDates: ["1990-01-15", "1971-07-04"] };
const consenting: number[] = [];
const notConsenting: number[] = [];

async function seedMember(i: number, data: { share: boolean; state: string | null; birthDate: string | null; businessType?: string; cpf?: string }) {
  const user = await prisma().user.create({
    data: {
      phone: `${PREFIX}9${String(i).padStart(7, "0")}`,
      fullName: `Sócia ${i}`,
      email: `socia${i}@example.com`,
      plan: i % 2 ? "alteza" : "majestade",
      cpf: data.cpf ?? null,
      street: SECRET.street,
      houseNumber: "77",
      cep: "01310100",
      city: "São Paulo",
      state: data.state,
      birthDate: data.birthDate ? new Date(`${data.birthDate}T00:00:00Z`) : null,
      businessType: data.businessType ?? "produto",
      serviceType: "online",
      entrepreneurProfile: "iniciante",
      professionalActivity: "Confeitaria",
      shareWithSponsors: data.share,
      profileComplete: true,
    },
  });
  (data.share ? consenting : notConsenting).push(user.id);
}

beforeAll(async () => {
  t = await startTestApp({ PARTNER_REQUESTS_PER_MINUTE: String(RATE_LIMIT) });
  admin = await createMember(t, PREFIX, { plan: "majestade" });
  await prisma().user.update({ where: { id: admin.user.id }, data: { role: "superuser" } });
  member = await createMember(t, PREFIX, { plan: "alteza" });
  // Six consenting members in SP born in 1990 (36 on 2026-03-10: 36-45), one in RS without a birth
  // date, and two in BA who did not consent (neither listed nor counted: decision 0283).
  for (let i = 1; i <= 6; i++) await seedMember(i, { share: true, state: "SP", birthDate: SECRET.birthDates[0], cpf: i <= 2 ? SECRET.cpfs[i - 1] : undefined });
  await seedMember(7, { share: true, state: "RS", birthDate: null, businessType: "serviço" });
  await seedMember(8, { share: false, state: "BA", birthDate: SECRET.birthDates[1], cpf: SECRET.cpfs[2] });
  await seedMember(9, { share: false, state: "Bahia", birthDate: SECRET.birthDates[1] });
});
afterAll(async () => {
  await t?.close();
});

describe("partner API keys", () => {
  it("lets a superuser create a key, shown once, stored only as its hash, listed newest first with its prefix, audited", async () => {
    const first = await newKey("  Marca Alfa  ");
    const second = await newKey("Marca Beta");
    expect(first.key).toMatch(/^ccp_[A-Za-z0-9_-]{43}$/);
    expect(first.partnerApiKey).toMatchObject({ name: "Marca Alfa", prefix: first.key.slice(0, 12), createdByName: admin.user.fullName });
    const stored = await prisma().partnerApiKey.findUniqueOrThrow({ where: { id: Number(first.partnerApiKey.id) } });
    expect(JSON.stringify(stored)).not.toContain(first.key);
    expect(stored.keyHash).toMatch(/^[0-9a-f]{64}$/);

    const list = await admin.client.gql(`{ partnerApiKeys { id name prefix revokedAt } }`);
    const ids = list.body.data.partnerApiKeys.map((k: { id: string }) => k.id);
    expect(ids.indexOf(second.partnerApiKey.id)).toBeLessThan(ids.indexOf(first.partnerApiKey.id));
    expect(JSON.stringify(list.body)).not.toContain(first.key);

    const audit = await prisma().auditLog.findFirst({ where: { action: "partner_key.create", targetId: first.partnerApiKey.id } });
    expect(audit).toMatchObject({ actorId: admin.user.id, targetType: "PartnerApiKey" });
  });

  it("refuses a blank or too long name in Portuguese", async () => {
    for (const name of ["   ", "x".repeat(81)]) {
      const answer = await admin.client.gql(CREATE, { name });
      expect(answer.body.data.createPartnerApiKey).toMatchObject({ __typename: "AppError", code: "VALIDATION" });
      expect(answer.body.data.createPartnerApiKey.message).toMatch(/nome/);
    }
  });

  it("refuses key management to members and visitors", async () => {
    const byMember = await member.client.gql(CREATE, { name: "Minha" });
    expect(code(byMember, "createPartnerApiKey")).toBe("FORBIDDEN");
    const byVisitor = await new TestClient(t.url).gql(CREATE, { name: "Minha" });
    expect(code(byVisitor, "createPartnerApiKey")).toBe("UNAUTHENTICATED");
    expect(code(await member.client.gql(`{ partnerApiKeys { id } }`), "partnerApiKeys")).toBe("FORBIDDEN");
    expect(code(await member.client.gql(REVOKE, { id: "1" }), "revokePartnerApiKey")).toBe("FORBIDDEN");
    expect(await prisma().partnerApiKey.count({ where: { name: "Minha" } })).toBe(0);
  });

  it("revokes a key at once (401 with WWW-Authenticate), twice without harm, and names an unknown one", async () => {
    const { key, partnerApiKey } = await newKey("Marca Revogada");
    expect((await partner(key).gql(`{ sponsorStats { total } }`)).status).toBe(200);
    const revoked = await admin.client.gql(REVOKE, { id: partnerApiKey.id });
    expect(revoked.body.data.revokePartnerApiKey).toMatchObject({ __typename: "PartnerApiKey", id: partnerApiKey.id });
    const again = await admin.client.gql(REVOKE, { id: partnerApiKey.id });
    expect(again.body.data.revokePartnerApiKey.revokedAt).toBe(revoked.body.data.revokePartnerApiKey.revokedAt);
    const unknown = await admin.client.gql(REVOKE, { id: "999999" });
    expect(unknown.body.data.revokePartnerApiKey).toEqual({ __typename: "AppError", code: "NOT_FOUND", message: "Chave não encontrada" });

    const refused = await partner(key).gql(`{ sponsorStats { total } }`);
    expect(refused.status).toBe(401);
    expect(refused.headers.get("www-authenticate")).toMatch(/^Bearer/);
    expect(refused.body).toEqual({ errors: [{ message: "Chave de API inválida ou revogada", extensions: { code: "UNAUTHENTICATED" } }] });
    expect(await prisma().auditLog.count({ where: { action: "partner_key.revoke", targetId: partnerApiKey.id } })).toBe(2);
  });

  it("answers 401 to an unknown or malformed key", async () => {
    for (const key of [`ccp_${"A".repeat(43)}`, "nada"]) {
      const answer = await partner(key).gql(`{ sponsorStats { total } }`);
      expect(answer.status).toBe(401);
      expect(answer.body.errors![0]).toEqual({ message: "Chave de API inválida ou revogada", extensions: { code: "UNAUTHENTICATED" } });
    }
  });
});

describe("what a partner's key reads", () => {
  let key: string;
  let keyId: number;
  beforeAll(async () => {
    const created = await newKey("Marca Leitora");
    key = created.key;
    keyId = Number(created.partnerApiKey.id);
  });

  it("reads sponsorData: only consenting members, age band instead of birth date, never CPF or address", async () => {
    const answer = await partner(key).gql(DATA_QUERY, { first: 5 });
    expect(answer.status).toBe(200);
    const page = answer.body.data.sponsorData;
    expect(page.total).toBe(consenting.length);
    const next = await partner(key).gql(DATA_QUERY, { first: 5, after: page.nextCursor });
    const rows = [...page.rows, ...next.body.data.sponsorData.rows];
    expect(next.body.data.sponsorData.nextCursor).toBeNull();
    expect(rows.map((r: { id: number }) => r.id)).toEqual(consenting);
    expect(rows[0]).toMatchObject({ region: "sudeste", ageBand: "36-45", businessType: "produto", plan: "alteza", phone: expect.any(String) });
    expect(rows.find((r: { id: number }) => r.id === consenting[6])).toMatchObject({ region: "sul", ageBand: null });
    for (const row of rows) expect(Object.keys(row).sort()).toEqual(ROW_FIELDS.split(" ").sort());
    const text = JSON.stringify([answer.body, next.body]);
    for (const secret of [...SECRET.cpfs, SECRET.street, ...SECRET.birthDates, "01310100", "1990"]) expect(text).not.toContain(secret);
  });

  it("cannot even ask for a birth date, CPF or address", async () => {
    const answer = await partner(key).gql(`{ sponsorData { rows { id cpf birthDate street age } } }`);
    expect(answer.status).toBe(400);
    expect(answer.body.data).toBeUndefined();
  });

  it("filters sponsorData like the admin's sponsorUsers, and refuses an unknown filter value", async () => {
    for (const filter of [{ region: "sul" }, { age: "36-45" }, { businessType: "servico" }, { region: "nordeste" }, {}]) {
      const ours = await partner(key).gql(DATA_QUERY, { filter });
      const admins = await admin.client.gql(`query($filter: SponsorFilter) { sponsorUsers(filter: $filter) { total rows { id } } }`, { filter });
      expect(ours.body.data.sponsorData.total).toBe(admins.body.data.sponsorUsers.total);
      expect(ours.body.data.sponsorData.rows.map((r: { id: number }) => r.id)).toEqual(admins.body.data.sponsorUsers.rows.map((r: { id: number }) => r.id));
    }
    const bad = await partner(key).gql(DATA_QUERY, { filter: { region: "marte" } });
    expect(bad.body.errors![0].extensions?.code).toBe("VALIDATION");
    expect(bad.body.errors![0].message).toMatch(/^Filtro inválido em Região/);
  });

  it("reads sponsorStats over the consenting members: a group of 5 or more counted, smaller ones null", async () => {
    const answer = await partner(key).gql(STATS_QUERY);
    expect(answer.status).toBe(200);
    const stats = answer.body.data.sponsorStats;
    expect(stats.total).toBe(await prisma().user.count({ where: { shareWithSponsors: true } }));
    const group = (list: { key: string; count: number | null }[], k: string) => list.find((g) => g.key === k)?.count;
    expect(stats.total).toBe(7);
    // 7 consenting members, all online: counted; the other service types (none) look like small groups.
    expect(stats.byServiceType.map((g: { key: string; count: number | null }) => [g.key, g.count])).toEqual([
      ["presencial", null],
      ["online", 7],
      ["híbrido", null],
    ]);
    expect(group(stats.byRegion, "nordeste")).toBeNull(); // 2 members, neither consented: not counted
    expect(group(stats.byRegion, "norte")).toBeNull(); // none: looks like a small group
    // 6 in the Sudeste and 1 in the Sul: showing the 6 would reveal the 1 (total minus 6), so both are hidden.
    expect(group(stats.byRegion, "sudeste")).toBeNull();
    expect(group(stats.byRegion, "sul")).toBeNull();
    expect(group(stats.byAgeBand, "36-45")).toBeNull();
    expect(group(stats.byAgeBand, "46+")).toBeNull();
    expect(stats.byPlan.map((g: { key: string }) => g.key)).toEqual(["nobreza", "alteza", "majestade", "imperatriz"]);

    const few = await partner(key).gql(STATS_QUERY, { filter: { region: "nordeste" } });
    expect(few.body.data.sponsorStats.total).toBeNull();
    expect(few.body.data.sponsorStats.byRegion.every((g: { count: number | null }) => g.count === null)).toBe(true);
  });

  it("is refused every other field, every mutation and every subscription with 403, before anything runs", async () => {
    const refusals = [
      `{ me { id } }`,
      `{ offers { edges { node { id } } } }`,
      `{ sponsorStats { total } me { id } }`,
      `{ partnerApiKeys { id } }`,
      `{ sponsorUsers { total } }`,
      `mutation { createPartnerApiKey(name: "Outra") { __typename } }`,
      `subscription { offersChanged { kind } }`,
    ];
    for (const query of refusals) {
      const answer = await partner(key).gql(query);
      expect(answer.status, query).toBe(403);
      expect(answer.body.errors, query).toEqual([{ message: PARTNER_ONLY, extensions: { code: "FORBIDDEN" } }]);
      expect(answer.body.data, query).toBeUndefined();
    }
    expect(await prisma().partnerApiKey.count({ where: { name: "Outra" } })).toBe(0);
  });

  it("is never a member, even with her session cookie, and needs no CSRF header", async () => {
    const withCookie = await partner(key).gql(`{ me { id } }`, undefined, { cookie: member.client.cookieHeader });
    expect(withCookie.status).toBe(403);
    const crossSite = await partner(key).gql(`{ sponsorStats { total } }`, undefined, { origin: "https://outro-site.example" });
    expect(crossSite.status).toBe(200);
  });

  it("opens no subscription over graphql-ws (header or connectionParams)", async () => {
    const closeCode = (options: { header?: boolean; params?: boolean }) =>
      new Promise<number>((resolve) => {
        const client = createClient({
          url: t.url.replace(/^http/, "ws") + "/graphql",
          connectionParams: options.params ? { authorization: `Bearer ${key}` } : undefined,
          webSocketImpl: class extends WebSocket {
            constructor(address: string, protocols?: string | string[]) {
              super(address, protocols, { headers: options.header ? { authorization: `Bearer ${key}` } : {} });
            }
          },
          retryAttempts: 0,
          lazy: true,
        });
        client.subscribe(
          { query: `subscription { offersChanged { kind } }` },
          { next: () => resolve(0), error: (error) => resolve((error as { code?: number }).code ?? -1), complete: () => resolve(0) },
        );
      });
    expect(await closeCode({ header: true })).toBe(4403);
    expect(await closeCode({ params: true })).toBe(4403);
  });

  it("counts the key's use, written a few seconds later", async () => {
    await eventually(async () => {
      const row = await prisma().partnerApiKey.findUniqueOrThrow({ where: { id: keyId } });
      return row.requestCount >= 10 && row.lastUsedAt !== null;
    }, 10_000, "the key's use to be written");
  });
});

describe("the documentation's examples (docs/partners.md and the staff's guide on /admin)", () => {
  // The request bodies of the documentation's curl examples, as a partner would paste them.
  const docs = readFileSync(new URL("../../docs/partners.md", import.meta.url), "utf8");
  const bodies = [...docs.matchAll(/```sh\n([\s\S]*?)```/g)].flatMap(([, block]) => [...block!.matchAll(/-d '([^']*)'/g)].map(([, body]) => body!));

  it("prints the examples the staff's guide shows (PARTNER_DATA_EXAMPLE, PARTNER_STATS_EXAMPLE), word for word", () => {
    for (const example of [PARTNER_DATA_EXAMPLE, PARTNER_STATS_EXAMPLE]) {
      expect(docs).toContain(partnerCurl(PARTNER_EXAMPLE_SITE, example));
      expect(bodies).toContain(JSON.stringify(example));
    }
  });
  const post = (key: string, body: string) =>
    fetch(`${t.url}/graphql`, { method: "POST", headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json" }, body });
  let key: string;
  beforeAll(async () => {
    key = (await newKey("Marca Leitora da Documentação")).key;
  });

  it("answers the documented sponsorData query as written (first: 100) and at the documented maximum (first: 200), with all its fields", async () => {
    const body = JSON.stringify(PARTNER_DATA_EXAMPLE);
    expect(body).toContain("first: 100");
    for (const first of [100, 200]) {
      const answer = await post(key, body.replace("first: 100", `first: ${first}`));
      const json = (await answer.json()) as { data?: any; errors?: unknown };
      expect(answer.status, `first: ${first}`).toBe(200);
      expect(json.errors, `first: ${first}`).toBeUndefined();
      expect(Object.keys(json.data.sponsorData).sort()).toEqual(["nextCursor", "rows", "total"]);
    }
  });

  it("answers the documented sponsorStats query", async () => {
    const answer = await post(key, JSON.stringify(PARTNER_STATS_EXAMPLE));
    const json = (await answer.json()) as { data?: any; errors?: unknown };
    expect(answer.status).toBe(200);
    expect(json.errors).toBeUndefined();
    // The five regions; no consenting member is without a state, so no 'não-informado'.
    expect(json.data.sponsorStats.byRegion).toHaveLength(5);
  });

  it("refuses GET with a key, as it says: 405 with Allow: POST, before the key is looked up", async () => {
    const query = encodeURIComponent("{ sponsorStats { total } }");
    for (const bearer of [key, `ccp_${"B".repeat(43)}`]) {
      const answer = await fetch(`${t.url}/graphql?query=${query}`, { headers: { Authorization: `Bearer ${bearer}`, "apollo-require-preflight": "true" } });
      expect(answer.status).toBe(405);
      expect(answer.headers.get("allow")).toBe("POST");
      expect(await answer.json()).toEqual({ errors: [{ message: "Com chave de parceira, envie a consulta por POST", extensions: { code: "BAD_REQUEST" } }] });
    }
  });
});

describe("who else may read sponsor data", () => {
  it("refuses members and visitors, lets superusers read it", async () => {
    expect(code(await member.client.gql(STATS_QUERY), "sponsorStats")).toBe("FORBIDDEN");
    expect(code(await member.client.gql(DATA_QUERY), "sponsorData")).toBe("FORBIDDEN");
    expect(code(await new TestClient(t.url).gql(DATA_QUERY), "sponsorData")).toBe("UNAUTHENTICATED");
    const byAdmin = await admin.client.gql(DATA_QUERY);
    expect(byAdmin.body.data.sponsorData.total).toBe(consenting.length);
  });
});

describe("limits", () => {
  it(`answers 429 with Retry-After past ${RATE_LIMIT} requests a minute of one key`, async () => {
    const { key } = await newKey("Marca Apressada");
    for (let i = 0; i < RATE_LIMIT; i++) expect((await partner(key).gql(`{ __typename }`)).status).toBe(200);
    const refused = await partner(key).gql(`{ sponsorStats { total } }`);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(refused.body.errors![0]).toMatchObject({ extensions: { code: "RATE_LIMITED" } });
    expect(refused.body.errors![0].message).toMatch(/Aguarde/);
    // Another key is counted apart.
    const other = await newKey("Marca Calma");
    expect((await partner(other.key).gql(`{ __typename }`)).status).toBe(200);
  });

  // Last: it blocks this address for every key.
  it("refuses every key from an address that tried too many wrong ones", async () => {
    const { key } = await newKey("Marca Vizinha");
    let status = 401;
    for (let i = 0; i < 40 && status === 401; i++) status = (await partner(`ccp_${String(i).padStart(43, "x")}`).gql(`{ __typename }`)).status;
    expect(status).toBe(429);
    const valid = await partner(key).gql(`{ __typename }`);
    expect(valid.status).toBe(429);
    expect(Number(valid.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});

describe("two instances (PostgreSQL and Redis)", () => {
  it("share a key's rate limit and drop a revoked key within seconds on the other instance", async () => {
    await withTwoInstances({ PARTNER_REQUESTS_PER_MINUTE: "4" }, async (a, b) => {
      const staff = await createMember(a, PREFIX, { plan: "majestade" });
      await a.app.services.prisma.user.update({ where: { id: staff.user.id }, data: { role: "superuser" } });
      const make = async (name: string) => (await staff.client.gql(CREATE, { name })).body.data.createPartnerApiKey as { key: string; partnerApiKey: { id: string } };
      const ask = (url: string, key: string) => new TestClient(url).gql(`{ __typename }`, undefined, { authorization: `Bearer ${key}` });

      const busy = await make("Marca Dupla");
      const statuses = [];
      for (const url of [a.url, b.url, a.url, b.url, a.url]) statuses.push((await ask(url, busy.key)).status);
      expect(statuses).toEqual([200, 200, 200, 200, 429]);

      const { key, partnerApiKey } = await make("Marca Revogada em A");
      expect((await ask(b.url, key)).status).toBe(200); // B now trusts the key for a while
      await staff.client.gql(REVOKE, { id: partnerApiKey.id });
      await eventually(async () => (await ask(b.url, key)).status === 401, 3000, "B to refuse the revoked key");
    });
  });
});
