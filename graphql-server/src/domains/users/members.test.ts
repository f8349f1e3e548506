import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMember, createOfferRow, startTestApp, TestClient, type TestApp } from "../../../test/harness.js";

// 'Parceiras', the members directory (issue 28, record 0266): both doors, on PGlite and on PostgreSQL.
const MEMBERS = `query Members($q: String, $activity: String, $interest: String, $state: String, $first: Int, $after: String) {
  members(q: $q, activity: $activity, interest: $interest, state: $state, first: $first, after: $after) {
    __typename
    ... on MemberConnection { edges { cursor node { id displayName plan miniBio state offers { id title type } } } pageInfo { hasNextPage endCursor } }
    ... on UpgradeRequiredError { code action targetPlan upgradeMessage showUpgrade }
    ... on AppError { code message }
  }
}`;

let t: TestApp;
type Member = Awaited<ReturnType<typeof createMember>>;
let viewer: Member;
const ids: Record<string, number> = {};
const clients: Record<string, TestClient> = {};

const PRIVATE = {
  phone: "5511987650000",
  cpf: "52998224725",
  email: "segredo@example.com",
  melhorEmail: "melhor@example.com",
  whatsapp: "5511987651111",
  street: "Rua Secreta",
  houseNumber: "42",
  cep: "01310100",
  neighborhood: "Bairro Oculto",
  complement: "Apto 9",
};

async function listed(key: string, plan: "nobreza" | "alteza" | "majestade" | "imperatriz", data: Record<string, unknown>) {
  const member = await createMember(t, "55286", { plan });
  await t.app.services.prisma.user.update({ where: { id: member.user.id }, data: { ...data, ...(key === "secret" ? PRIVATE : {}) } });
  ids[key] = member.user.id;
  clients[key] = member.client;
  return member;
}

const restNames = async (client: TestClient, query = "") => {
  const answer = await client.rest("GET", `/api/members${query}`);
  expect(answer.status).toBe(200);
  return (answer.body.members as { displayName: string }[]).map((m) => m.displayName);
};
const gqlNames = async (client: TestClient, variables: Record<string, unknown> = {}) => {
  const answer = await client.gql(MEMBERS, variables);
  expect(answer.body.errors).toBeUndefined();
  expect(answer.body.data.members.__typename).toBe("MemberConnection");
  return (answer.body.data.members.edges as { node: { displayName: string } }[]).map((e) => e.node.displayName);
};

beforeAll(async () => {
  t = await startTestApp();
  viewer = await createMember(t, "55286", { plan: "alteza", nickname: "Vera" });
  // Created in this order: the directory lists imperatriz first, then the earlier member.
  await listed("ana", "majestade", { nickname: "Ana Confeiteira", miniBio: "Bolos artesanais e doces finos.", professionalActivity: "Alimentação", interests: ["Gastronomia"], state: "SP" });
  await listed("lucia", "imperatriz", { nickname: "Lúcia Fotógrafa", miniBio: "Fotografia de produtos para marcas.", professionalActivity: "Fotografia", interests: ["Moda", "Gastronomia"], state: "RJ" });
  await listed("secret", "majestade", { nickname: "Sofia", miniBio: "Consultoria financeira.", professionalActivity: "Finanças", interests: [], state: "MG" });
  // Never listed: plans whose profiles are closed, an incomplete profile, a block either way.
  await listed("alteza", "alteza", { nickname: "Alice Alteza", miniBio: "Bolos" });
  await listed("nobreza", "nobreza", { nickname: "Nina Nobreza", miniBio: "Bolos" });
  await listed("incomplete", "majestade", { nickname: "Irene", profileComplete: false });
  const blockedByHer = await listed("blockedByHer", "majestade", { nickname: "Bianca Bloqueada" });
  const blockedHer = await listed("blockedHer", "imperatriz", { nickname: "Bruna Bloqueou" });
  expect((await viewer.client.rest("POST", `/api/users/${blockedByHer.user.id}/block`)).status).toBe(200);
  expect((await blockedHer.client.rest("POST", `/api/users/${viewer.user.id}/block`)).status).toBe(200);
  // Suspended by the staff: not listed while it lasts.
  const suspended = await listed("suspended", "majestade", { nickname: "Susana Suspensa" });
  const staff = await createMember(t, "55287", { role: "superuser" });
  const suspension = await staff.client.rest("POST", `/api/admin/users/${suspended.user.id}/suspend`, { reason: "Assédio a outras sócias.", days: 7 });
  expect(suspension.status).toBe(200);
  await createOfferRow(t, ids.ana, "permuta", "Bolo de pote para revenda");
  const hidden = await createOfferRow(t, ids.ana, "collab", "Oferta escondida");
  await t.app.services.prisma.offer.update({ where: { id: hidden.id }, data: { hiddenAt: t.clock.now() } });
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe("the members directory 'Parceiras'", () => {
  it("lists the majestade and imperatriz members, higher plan first, never across a block, a closed profile or a suspension", async () => {
    const all = ["Lúcia Fotógrafa", "Ana Confeiteira", "Sofia"];
    expect(await restNames(viewer.client)).toEqual(all);
    expect(await gqlNames(viewer.client)).toEqual(all);
    // The listed see the directory too, without themselves.
    expect(await restNames(clients.ana)).toEqual(["Lúcia Fotógrafa", "Bruna Bloqueou", "Sofia", "Bianca Bloqueada"]);
  });

  it("finds by name and mini bio without accents, and filters by activity, interest and state", async () => {
    expect(await restNames(viewer.client, "?q=lucia")).toEqual(["Lúcia Fotógrafa"]);
    expect(await gqlNames(viewer.client, { q: "FOTOGRAFA" })).toEqual(["Lúcia Fotógrafa"]);
    expect(await gqlNames(viewer.client, { q: "bolos" })).toEqual(["Ana Confeiteira"]);
    expect(await restNames(viewer.client, "?q=confeit%20doces")).toEqual(["Ana Confeiteira"]);
    expect(await restNames(viewer.client, "?q=bloqueada")).toEqual([]);
    expect(await restNames(viewer.client, `?activity=${encodeURIComponent("Alimentação")}`)).toEqual(["Ana Confeiteira"]);
    expect(await gqlNames(viewer.client, { interest: "Gastronomia" })).toEqual(["Lúcia Fotógrafa", "Ana Confeiteira"]);
    expect(await gqlNames(viewer.client, { interest: "Gastronomia", state: "sp" })).toEqual(["Ana Confeiteira"]);
    expect(await restNames(viewer.client, "?state=MG&q=a")).toEqual(["Sofia"]);
    const long = await viewer.client.rest("GET", `/api/members?q=${"b".repeat(101)}`);
    expect([long.status, long.body.error]).toEqual([400, "A busca pode ter no máximo 100 caracteres."]);
    const gqlLong = await viewer.client.gql(MEMBERS, { q: "b".repeat(101) });
    expect(gqlLong.body.data.members).toMatchObject({ __typename: "AppError", message: "A busca pode ter no máximo 100 caracteres." });
  });

  it("pages with a cursor", async () => {
    const first = await viewer.client.gql(MEMBERS, { first: 2 });
    const page = first.body.data.members;
    expect(page.edges.map((e: { node: { displayName: string } }) => e.node.displayName)).toEqual(["Lúcia Fotógrafa", "Ana Confeiteira"]);
    expect(page.pageInfo.hasNextPage).toBe(true);
    expect(await gqlNames(viewer.client, { first: 2, after: page.pageInfo.endCursor })).toEqual(["Sofia"]);
    const rest = await viewer.client.rest("GET", `/api/members?first=2&after=${page.pageInfo.endCursor}`);
    expect(rest.body).toMatchObject({ hasNextPage: false, endCursor: expect.any(String) });
    expect((await viewer.client.rest("GET", "/api/members?after=nonsense")).status).toBe(400);
  });

  it("shows her offers on the board, not the hidden ones", async () => {
    const answer = await viewer.client.gql(MEMBERS, { q: "ana" });
    expect(answer.body.data.members.edges[0].node.offers.map((o: { title: string }) => o.title)).toEqual(["Bolo de pote para revenda"]);
    const profile = await viewer.client.gql(`query($id: Int!) { publicProfile(id: $id) { ... on PublicProfile { offers { title type } } } }`, { id: ids.ana });
    expect(profile.body.data.publicProfile.offers).toEqual([{ title: "Bolo de pote para revenda", type: "permuta" }]);
  });

  it("never gives a phone, CPF, e-mail or address", async () => {
    const rest = await viewer.client.rest("GET", "/api/members?q=sofia");
    const gql = await viewer.client.gql(`{ members(q: "sofia") { ... on MemberConnection { edges { node { id displayName fullName nickname miniBio city state professionalActivity interests website linkedin instagram } } } } }`);
    expect(rest.body.members.map((m: { id: number }) => m.id)).toEqual([ids.secret]);
    for (const body of [JSON.stringify(rest.body), JSON.stringify(gql.body)]) {
      for (const value of Object.values(PRIVATE)) expect(body).not.toContain(value);
      for (const key of ["phone", "cpf", "email", "melhorEmail", "whatsapp", "street", "houseNumber", "cep", "neighborhood", "complement", "birthDate"]) {
        expect(body).not.toContain(`"${key}"`);
      }
    }
    // The GraphQL type has no such field to ask for.
    const asked = await viewer.client.gql(`{ members { ... on MemberConnection { edges { node { phone } } } } }`);
    expect(asked.body.errors?.length).toBeGreaterThan(0);
  });

  it("asks nobreza to upgrade (view_profile) and visitors to sign in", async () => {
    const nobreza = await createMember(t, "55286", { plan: "nobreza" });
    const rest = await nobreza.client.rest("GET", "/api/members");
    expect(rest.status).toBe(403);
    expect(rest.body).toMatchObject({ code: "UPGRADE_REQUIRED", action: "view_profile", targetPlan: "alteza", showUpgrade: true });
    const gql = await nobreza.client.gql(MEMBERS);
    expect(gql.body.data.members).toMatchObject({ __typename: "UpgradeRequiredError", action: "view_profile", targetPlan: "alteza" });
    const visitor = new TestClient(t.url);
    expect((await visitor.rest("GET", "/api/members")).status).toBe(401);
    const anonymous = await visitor.gql(MEMBERS);
    expect(anonymous.body.data?.members ?? anonymous.body.errors).toMatchObject(
      anonymous.body.data?.members ? { __typename: "AppError", code: "UNAUTHENTICATED" } : [{ extensions: { code: "UNAUTHENTICATED" } }],
    );
  });
});
