import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ERROR_MESSAGES, SPONSOR_CSV_COLUMNS } from "@clube-coroa/schema";
import { createMember, startTestApp, TestClient, type TestApp } from "../../../test/harness.js";

// Today is 2026-03-10 in São Paulo (the harness's clock: 12:00 UTC, 09:00 there).
let t: TestApp;
let admin: Awaited<ReturnType<typeof createMember>>;
let member: Awaited<ReturnType<typeof createMember>>;
const ids: Record<string, number> = {};
const CARLA = '=Carla "Coroa", Aceitação';

const PREFIX = "55612";
let seq = 0;
/** A member written straight into the database with the sponsor fields given. */
async function sponsorMember(key: string, data: Record<string, unknown>) {
  seq += 1;
  const user = await t.app.services.prisma.user.create({
    data: {
      phone: `${PREFIX}119${String(seq).padStart(5, "0")}`,
      plan: "alteza",
      profileComplete: true,
      shareWithSponsors: true,
      createdAt: new Date("2026-01-15T02:00:00Z"), // 14/01/2026 in São Paulo
      ...data,
    },
  });
  ids[key] = user.id;
  return user;
}

beforeAll(async () => {
  t = await startTestApp({ LOG_LEVEL: process.env.TEST_LOG ?? "silent" });
  admin = await createMember(t, PREFIX);
  await t.app.services.prisma.user.update({ where: { id: admin.user.id }, data: { role: "superuser" } });
  member = await createMember(t, PREFIX);
  const birth = (day: string) => new Date(`${day}T00:00:00Z`);
  await sponsorMember("ana", {
    fullName: "Ana Lima", email: "ana@example.com", state: "SP", businessType: "produto", serviceType: "presencial",
    entrepreneurProfile: "iniciante", birthDate: birth("2003-01-01"), professionalActivity: "Moda", plan: "majestade",
  });
  await sponsorMember("bia", {
    fullName: "Bia Santos", state: "BA", businessType: "serviço", serviceType: "online", entrepreneurProfile: "avançada",
    birthDate: birth("1990-06-15"), professionalActivity: "-Consultoria",
  });
  await sponsorMember("carla", {
    fullName: CARLA, email: "carla@example.com", state: "RS", businessType: "serviço", serviceType: "híbrido",
    entrepreneurProfile: "deseja-empreender", birthDate: birth("1970-02-01"), professionalActivity: "Artesanato, costura\ne bordado",
  });
  await sponsorMember("dora", {
    fullName: "Dora Alves", state: "Goiás", businessType: "produto", serviceType: "online", entrepreneurProfile: "iniciante",
    birthDate: birth("1985-03-10"), professionalActivity: "@dora.doces",
  });
  await sponsorMember("eva", { fullName: "Eva Rocha", state: "AM", plan: "nobreza" });
  // Turns 26 on 2026-03-10 and 46 on 2026-03-10: the boundaries of the bands.
  await sponsorMember("turns26", { fullName: "Gabi Nunes", state: "MG", businessType: "serviço", serviceType: "online", entrepreneurProfile: "iniciante", birthDate: birth("2000-03-10") });
  await sponsorMember("turns46", { fullName: "Helena Dias", state: "PR", businessType: "produto", serviceType: "presencial", entrepreneurProfile: "avançada", birthDate: birth("1980-03-10") });
  // No consent: never listed, whatever the filters.
  await sponsorMember("noConsent", {
    fullName: "Fia Sem Consentimento", state: "SP", businessType: "produto", serviceType: "presencial", entrepreneurProfile: "iniciante",
    birthDate: birth("2003-01-01"), shareWithSponsors: false,
  });
});
afterAll(async () => {
  await t?.close();
});

const SPONSORS = `query Sponsors($filter: SponsorFilter, $first: Int, $after: String) {
  sponsorUsers(filter: $filter, first: $first, after: $after) {
    rows { id fullName phone email plan region businessType age serviceType entrepreneurProfile professionalActivity createdAt }
    nextCursor total csvUrl
  }
}`;

const names = (...keys: string[]) => keys.map((k) => ids[k]).sort((a, b) => a - b);
const CONSENTING = ["ana", "bia", "carla", "dora", "eva", "turns26", "turns46"];

async function idsOf(query: string) {
  const answer = await admin.client.rest("GET", `/api/admin/sponsor-users${query}`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return (answer.body as { id: number }[]).map((row) => row.id);
}

async function gqlIds(filter: Record<string, string>) {
  const answer = await admin.client.gql(SPONSORS, { filter, first: 200 });
  expect(answer.body.errors).toBeUndefined();
  const page = answer.body.data.sponsorUsers;
  expect(page.total).toBe(page.rows.length);
  return page.rows.map((row: { id: number }) => row.id);
}

describe("who may read sponsor data", () => {
  const routes = ["/api/admin/sponsor-users", "/api/admin/sponsor-users?format=csv&region=sul"];

  it("refuses an anonymous caller with 401 and a member with 403, even with a user-id header naming a superuser", async () => {
    const anonymous = new TestClient(t.url);
    for (const path of routes) {
      expect((await anonymous.rest("GET", path)).status).toBe(401);
      expect((await anonymous.rest("GET", path, undefined, { "user-id": String(admin.user.id) })).status).toBe(401);
      const refused = await member.client.rest("GET", path);
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ code: "FORBIDDEN", error: ERROR_MESSAGES.FORBIDDEN });
      expect((await member.client.rest("GET", path, undefined, { "user-id": String(admin.user.id) })).status).toBe(403);
    }
    const gqlAnonymous = await anonymous.gql(SPONSORS);
    expect(gqlAnonymous.body.errors![0].extensions!.code).toBe("UNAUTHENTICATED");
    expect(gqlAnonymous.body.data).toBeNull();
    const gqlMember = await member.client.gql(SPONSORS);
    expect(gqlMember.body.errors![0].extensions!.code).toBe("FORBIDDEN");
    const forged = await member.client.gql(SPONSORS, {}, { "user-id": String(admin.user.id) });
    expect(forged.status).toBe(403);
    expect(await t.app.services.prisma.auditLog.count({ where: { action: { startsWith: "export." }, actorId: member.user.id } })).toBe(0);
  });

  it("answers a superuser", async () => {
    expect((await admin.client.rest("GET", routes[0])).status).toBe(200);
    expect((await admin.client.rest("GET", routes[1])).status).toBe(200);
    expect((await admin.client.gql(SPONSORS)).body.data.sponsorUsers.total).toBe(CONSENTING.length);
  });
});

describe("sponsor-data rows", () => {
  it("lists only the members who consented, with the spec's fields", async () => {
    expect(await idsOf("")).toEqual(names(...CONSENTING));
    const answer = await admin.client.rest("GET", "/api/admin/sponsor-users");
    const ana = answer.body.find((row: { id: number }) => row.id === ids.ana);
    expect(ana).toEqual({
      id: ids.ana,
      fullName: "Ana Lima",
      phone: expect.stringMatching(/^55612119\d{5}$/),
      email: "ana@example.com",
      plan: "majestade",
      region: "sudeste",
      businessType: "produto",
      age: 23,
      serviceType: "presencial",
      entrepreneurProfile: "iniciante",
      professionalActivity: "Moda",
      createdAt: "2026-01-15T02:00:00.000Z",
    });
    const eva = answer.body.find((row: { id: number }) => row.id === ids.eva);
    expect(eva).toMatchObject({ region: "norte", age: null, businessType: null, serviceType: null, entrepreneurProfile: null });
    const gql = await admin.client.gql(SPONSORS, { first: 200 });
    expect(gql.body.data.sponsorUsers.rows).toEqual(answer.body);
  });

  it("filters by each of the five filters, over REST and GraphQL alike", async () => {
    const cases: [Record<string, string>, string[]][] = [
      [{ region: "norte" }, ["eva"]],
      [{ region: "nordeste" }, ["bia"]],
      [{ region: "centro-oeste" }, ["dora"]], // stored as the state's name
      [{ region: "sudeste" }, ["ana", "turns26"]],
      [{ region: "sul" }, ["carla", "turns46"]],
      [{ businessType: "produto" }, ["ana", "dora", "turns46"]],
      [{ businessType: "serviço" }, ["bia", "carla", "turns26"]],
      [{ serviceType: "presencial" }, ["ana", "turns46"]],
      [{ serviceType: "online" }, ["bia", "dora", "turns26"]],
      [{ serviceType: "híbrido" }, ["carla"]],
      [{ profile: "deseja-empreender" }, ["carla"]],
      [{ profile: "iniciante" }, ["ana", "dora", "turns26"]],
      [{ profile: "avançada" }, ["bia", "turns46"]],
      [{ age: "18-25" }, ["ana"]],
      [{ age: "26-35" }, ["bia", "turns26"]],
      [{ age: "36-45" }, ["dora"]],
      [{ age: "46+" }, ["carla", "turns46"]],
      [{ region: "sudeste", businessType: "produto", age: "18-25" }, ["ana"]],
      [{ businessType: "serviço", serviceType: "online", profile: "iniciante" }, ["turns26"]],
      [{ region: "sul", age: "18-25" }, []],
      [{ region: "all", businessType: "all", serviceType: "all", profile: "all", age: "all" }, CONSENTING],
    ];
    for (const [filter, expected] of cases) {
      const query = `?${new URLSearchParams(filter)}`;
      expect(await idsOf(query), query).toEqual(names(...expected));
      expect(await gqlIds(filter), JSON.stringify(filter)).toEqual(names(...expected));
    }
  });

  it("accepts the values without accents", async () => {
    expect(await idsOf("?businessType=servico&serviceType=hibrido")).toEqual(names("carla"));
    expect(await idsOf("?profile=avancada&region=Sul")).toEqual(names("turns46"));
  });

  it("refuses an unknown filter value with 400 in Portuguese", async () => {
    const rest = await admin.client.rest("GET", "/api/admin/sponsor-users?age=60-70");
    expect(rest.status).toBe(400);
    expect(rest.body).toEqual({
      success: false,
      code: "VALIDATION",
      error: "Filtro inválido em Idade. Use um destes valores: all, 18-25, 26-35, 36-45 ou 46+",
    });
    const twice = await admin.client.rest("GET", "/api/admin/sponsor-users?region=sul&region=norte");
    expect(twice.status).toBe(400);
    expect((await admin.client.rest("GET", "/api/admin/sponsor-users?format=csv&businessType=roupas")).status).toBe(400);
    expect((await admin.client.rest("GET", "/api/admin/sponsor-users?format=pdf")).body).toMatchObject({ code: "VALIDATION", error: "Formato inválido. Use json ou csv" });
    const gql = await admin.client.gql(SPONSORS, { filter: { region: "leste" } });
    expect(gql.body.errors![0]).toMatchObject({
      message: "Filtro inválido em Região. Use um destes valores: all, norte, nordeste, centro-oeste, sudeste ou sul",
      extensions: { code: "VALIDATION" },
    });
  });

  it("counts ages on São Paulo's calendar: the boundary birthdays move at midnight there, not in UTC", async () => {
    try {
      // 02:59 UTC on the 10th is 23:59 on the 9th in São Paulo: Gabi is still 25 and Helena 45.
      t.clock.set(new Date("2026-03-10T02:59:00Z"));
      expect(await idsOf("?age=18-25")).toEqual(names("ana", "turns26"));
      expect(await idsOf("?age=36-45")).toEqual(names("dora", "turns46"));
      expect(await idsOf("?age=46%2B")).toEqual(names("carla"));
      const row = (await admin.client.rest("GET", "/api/admin/sponsor-users?region=sudeste")).body.find((r: { id: number }) => r.id === ids.turns26);
      expect(row.age).toBe(25);
      // Midnight in São Paulo: both birthdays have come.
      t.clock.set(new Date("2026-03-10T03:00:00Z"));
      expect(await idsOf("?age=18-25")).toEqual(names("ana"));
      expect(await idsOf("?age=26-35")).toEqual(names("bia", "turns26"));
      expect(await idsOf("?age=46%2B")).toEqual(names("carla", "turns46"));
      // Dora was born on 10 March 1985 too: 41 from that midnight, in 36-45 on both sides of it.
      expect(await gqlIds({ age: "36-45" })).toEqual(names("dora"));
    } finally {
      t.clock.set(new Date("2026-03-10T12:00:00Z"));
    }
  });

  it("pages by id with a cursor, counting every match on each page", async () => {
    const seen: number[] = [];
    let after: string | null = null;
    let pages = 0;
    do {
      const answer: any = await admin.client.gql(SPONSORS, { first: 3, after });
      const page = answer.body.data.sponsorUsers;
      expect(page.total).toBe(CONSENTING.length);
      expect(page.rows.length).toBeLessThanOrEqual(3);
      seen.push(...page.rows.map((row: { id: number }) => row.id));
      after = page.nextCursor;
      pages += 1;
    } while (after);
    expect(pages).toBe(3);
    expect(seen).toEqual(names(...CONSENTING));
    const filtered = (await admin.client.gql(SPONSORS, { filter: { businessType: "produto" }, first: 2 })).body.data.sponsorUsers;
    expect(filtered.rows.map((r: { id: number }) => r.id)).toEqual(names("ana", "dora"));
    const rest = (await admin.client.gql(SPONSORS, { filter: { businessType: "produto" }, first: 2, after: filtered.nextCursor })).body.data.sponsorUsers;
    expect(rest.rows.map((r: { id: number }) => r.id)).toEqual(names("turns46"));
    expect(rest.nextCursor).toBeNull();
    expect(rest.total).toBe(3);
    const bad = await admin.client.gql(SPONSORS, { after: "not-a-cursor" });
    expect(bad.body.errors![0]).toMatchObject({ message: "Cursor de paginação inválido", extensions: { code: "BAD_REQUEST" } });
  });

  it("links the CSV of the same filters", async () => {
    const page = (await admin.client.gql(SPONSORS, { filter: { region: "sul", age: "46+", profile: "all" } })).body.data.sponsorUsers;
    expect(page.csvUrl).toBe("/api/admin/sponsor-users?format=csv&region=sul&age=46%2B");
    expect((await admin.client.gql(SPONSORS)).body.data.sponsorUsers.csvUrl).toBe("/api/admin/sponsor-users?format=csv");
    const csv = await admin.client.rest("GET", page.csvUrl);
    expect(csv.status).toBe(200);
    const rows = parse(csv.body as string, { bom: true }) as string[][];
    expect(rows.slice(1).map((r) => r[0])).toEqual([`'${CARLA}`, "Helena Dias"]);
  });
});

describe("the sponsor CSV", () => {
  async function download(query = "") {
    const response = await fetch(`${t.url}/api/admin/sponsor-users?format=csv${query}`, { headers: { cookie: admin.client.cookieHeader } });
    return { response, bytes: Buffer.from(await response.arrayBuffer()) };
  }

  it("is a UTF-8 file with a BOM, named for São Paulo's date, with the spec's columns in order", async () => {
    const { response, bytes } = await download();
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe(
      `attachment; filename="sponsor-data-2026-03-10.csv"; filename*=UTF-8''sponsor-data-2026-03-10.csv`,
    );
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString("utf8");
    expect(text.slice(1).startsWith(`${SPONSOR_CSV_COLUMNS.join(",")}\r\n`)).toBe(true);
    const rows = parse(bytes, { bom: true }) as string[][];
    expect(rows[0]).toEqual([...SPONSOR_CSV_COLUMNS]);
    expect(rows).toHaveLength(1 + CONSENTING.length);
    for (const row of rows) expect(row).toHaveLength(SPONSOR_CSV_COLUMNS.length);
  });

  it("keeps a hostile name intact and inert: quoted, its quotes doubled, never a formula", async () => {
    const { bytes } = await download("&region=sul");
    const text = bytes.toString("utf8");
    expect(text).toContain(`"'=Carla ""Coroa"", Aceitação"`);
    const records = parse(bytes, { bom: true, columns: true }) as Record<string, string>[];
    const carla = records.find((r) => r.Nome.includes("Carla"))!;
    expect(carla.Nome).toBe(`'${CARLA}`);
    expect(carla.Nome.slice(1)).toBe(CARLA);
    for (const record of records) {
      for (const value of Object.values(record)) expect(value, value).not.toMatch(/^[=+\-@\t\r]/);
    }
    expect(carla).toMatchObject({
      Email: "carla@example.com",
      Plano: "ALTEZA",
      Região: "Sul",
      "Tipo de Negócio": "Serviço",
      Idade: "56",
      Atendimento: "Híbrido",
      "Perfil Empreendedor": "Deseja empreender",
      "Atividade Profissional": "Artesanato, costura\ne bordado",
      "Data Cadastro": "14/01/2026",
    });
    expect(carla.Telefone).toMatch(/^55 [\d -]+$/);
  });

  it("writes phones readable and not as formulas, and neutralises leading -, @", async () => {
    await t.app.services.prisma.user.update({ where: { id: ids.bia }, data: { phone: "5511987654321" } });
    try {
      const records = parse((await download("&region=nordeste")).bytes, { bom: true, columns: true }) as Record<string, string>[];
      expect(records).toHaveLength(1);
      expect(records[0].Telefone).toBe("55 11 98765-4321");
      expect(records[0]["Atividade Profissional"]).toBe("'-Consultoria");
      const dora = parse((await download("&region=centro-oeste")).bytes, { bom: true, columns: true }) as Record<string, string>[];
      expect(dora[0]["Atividade Profissional"]).toBe("'@dora.doces");
    } finally {
      await t.app.services.prisma.user.update({ where: { id: ids.bia }, data: { phone: `${PREFIX}11999999` } });
    }
  });

  it("writes a header alone when nothing matches", async () => {
    const rows = parse((await download("&region=sul&age=18-25")).bytes, { bom: true }) as string[][];
    expect(rows).toEqual([[...SPONSOR_CSV_COLUMNS]]);
  });

  it("writes who downloaded which filters, when and from where in the audit log", async () => {
    await download("&region=sudeste&businessType=produto");
    const entry = await t.app.services.prisma.auditLog.findFirst({ where: { action: "export.sponsors.csv" }, orderBy: { id: "desc" } });
    expect(entry).toMatchObject({
      actorId: admin.user.id,
      data: { fileName: "sponsor-data-2026-03-10.csv", filter: { region: "sudeste", businessType: "produto" } },
      createdAt: t.clock.now(),
    });
    expect(entry?.ip).toMatch(/127\.0\.0\.1/);
  });
});
