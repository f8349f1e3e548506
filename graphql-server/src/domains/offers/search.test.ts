import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PLAN_RANK, type PlanName } from "@clube-coroa/schema";
import { createMember, startTestApp, TestClient, type TestApp } from "../../../test/harness.js";

// Searching the board by words (issue 28): both doors, on the embedded database and on PostgreSQL.
const SEARCH = `query Search($q: String, $filter: OfferFilter, $first: Int, $after: String) {
  offers(q: $q, filter: $filter, first: $first, after: $after) {
    edges { node { id title userId } cursor }
    pageInfo { hasNextPage endCursor }
  }
}`;

let t: TestApp;
let visitor: TestClient;
let member: Awaited<ReturnType<typeof createMember>>;
const ids: Record<string, number> = {};

async function offer(key: string, authorId: number, plan: PlanName, data: { title: string; description?: string; categories?: string[]; type?: "collab" | "permuta" | "apoio"; state?: string }) {
  const row = await t.app.services.prisma.offer.create({
    data: {
      userId: authorId,
      postType: "oferta",
      type: data.type ?? "permuta",
      title: data.title,
      description: data.description ?? "Trabalho feito com carinho para a sua empresa.",
      categories: data.categories ?? ["Marketing"],
      state: data.state ?? "SP",
      authorPlanRank: PLAN_RANK[plan],
      authorJoinedAt: t.clock.now(),
    },
  });
  ids[key] = row.id;
  return row;
}

const gqlTitles = async (client: TestClient, q: string, filter?: Record<string, unknown>) => {
  const answer = await client.gql(SEARCH, { q, filter, first: 50 });
  expect(answer.body.errors).toBeUndefined();
  return (answer.body.data.offers.edges as { node: { title: string } }[]).map((e) => e.node.title);
};
const restTitles = async (client: TestClient, q: string, extra = "") => {
  const answer = await client.rest("GET", `/api/offers?q=${encodeURIComponent(q)}${extra}`);
  expect(answer.status).toBe(200);
  return (answer.body as { title: string }[]).map((o) => o.title);
};

beforeAll(async () => {
  t = await startTestApp();
  visitor = new TestClient(t.url);
  member = await createMember(t, "55281");
  const majestade = await createMember(t, "55282", { plan: "majestade" });
  const alteza = await createMember(t, "55283", { plan: "alteza" });
  await offer("cafe", alteza.user.id, "alteza", { title: "Café colonial para eventos" });
  await offer("bolo", alteza.user.id, "alteza", { title: "Bolo de pote para revenda", type: "collab", state: "RJ" });
  await offer("confeitaria", alteza.user.id, "alteza", { title: "Confeitaria artesanal", categories: ["Alimentação"] });
  await offer("bolsas", alteza.user.id, "alteza", { title: "Bolsas de couro ecológico", description: "Peças feitas à mão, com forro de algodão.", categories: ["Moda"] });
  // Ranking: 'fotografia' in the title (two plans), in the description, in the categories only.
  await offer("fotoTitleAlteza", alteza.user.id, "alteza", { title: "Fotografia de produtos" });
  await offer("fotoTitleMajestade", majestade.user.id, "majestade", { title: "Fotografia para marcas" });
  await offer("fotoDescription", majestade.user.id, "majestade", { title: "Ensaio para redes", description: "Faço fotografia de comida e de moda." });
  await offer("fotoCategory", majestade.user.id, "majestade", { title: "Pacote de conteúdo", categories: ["Fotografia"] });
  // Never found: taken off the board by the staff.
  const hidden = await offer("hidden", alteza.user.id, "alteza", { title: "Café escondido" });
  await t.app.services.prisma.offer.update({ where: { id: hidden.id }, data: { hiddenAt: t.clock.now() } });
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe("searching the board by words", () => {
  it("finds words without their accents, in the plural, and a word still being typed, through both doors", async () => {
    for (const titles of [(q: string) => gqlTitles(visitor, q), (q: string) => restTitles(visitor, q), (q: string) => gqlTitles(member.client, q)]) {
      expect(await titles("cafe")).toEqual(["Café colonial para eventos"]);
      expect(await titles("CAFÉ colonial")).toEqual(["Café colonial para eventos"]);
      expect(await titles("bolos")).toEqual(["Bolo de pote para revenda"]);
      expect(await titles("confeit")).toEqual(["Confeitaria artesanal"]);
    }
  });

  it("takes a whole last word as that word, not as the start of a longer one, and a trailing stop word as nothing", async () => {
    // Stemmed, 'bolo' is 'bol', the start of 'bolsas' too.
    expect(await gqlTitles(visitor, "bolo")).toEqual(["Bolo de pote para revenda"]);
    expect(await restTitles(visitor, "bolo de")).toEqual(["Bolo de pote para revenda"]);
    expect(await restTitles(visitor, "bol")).toEqual(expect.arrayContaining(["Bolo de pote para revenda", "Bolsas de couro ecológico"]));
  });

  it("forgives a small typo in a title", async () => {
    expect(await gqlTitles(visitor, "confetaria")).toEqual(["Confeitaria artesanal"]);
    expect(await restTitles(member.client, "fotografai")).toContain("Fotografia de produtos");
  });

  it("ranks the title above the description above the categories, then the board's plan order", async () => {
    expect(await gqlTitles(member.client, "fotografia")).toEqual([
      "Fotografia para marcas",
      "Fotografia de produtos",
      "Ensaio para redes",
      "Pacote de conteúdo",
    ]);
  });

  it("combines with the kind, the state and the category filters", async () => {
    expect(await gqlTitles(visitor, "bolo", { type: "collab" })).toEqual(["Bolo de pote para revenda"]);
    expect(await gqlTitles(visitor, "bolo", { type: "apoio" })).toEqual([]);
    expect(await restTitles(visitor, "bolo", "&location=RJ")).toEqual(["Bolo de pote para revenda"]);
    expect(await restTitles(visitor, "bolo", "&location=SP")).toEqual([]);
    expect(await gqlTitles(visitor, "confeitaria", { category: "alimentacao" })).toEqual(["Confeitaria artesanal"]);
    expect(await gqlTitles(visitor, "fotografia", { category: "alimentacao" })).toEqual([]);
  });

  it("never finds an offer the staff took off the board", async () => {
    expect(await gqlTitles(member.client, "cafe")).not.toContain("Café escondido");
    expect(await restTitles(visitor, "escondido")).toEqual([]);
  });

  it("never finds the offers of a member she blocked, nor of one who blocked her", async () => {
    const author = await createMember(t, "55284");
    await offer("blockedAuthor", author.user.id, "alteza", { title: "Bordado personalizado" });
    const other = await createMember(t, "55285");
    expect(await gqlTitles(other.client, "bordado")).toEqual(["Bordado personalizado"]);
    expect((await other.client.rest("POST", `/api/users/${author.user.id}/block`)).status).toBe(200);
    expect(await gqlTitles(other.client, "bordado")).toEqual([]);
    expect(await restTitles(other.client, "bordado")).toEqual([]);
    // The other way: the author blocked a reader.
    const reader = await createMember(t, "55286");
    expect((await author.client.rest("POST", `/api/users/${reader.user.id}/block`)).status).toBe(200);
    expect(await restTitles(reader.client, "bordado")).toEqual([]);
    expect(await gqlTitles(visitor, "bordado")).toEqual(["Bordado personalizado"]);
  });

  it("finds a new offer at once and pages through the results with the cursor", async () => {
    const author = await createMember(t, "55287");
    for (const n of [1, 2, 3]) {
      const created = await author.client.rest("POST", "/api/offers", {
        postType: "oferta",
        type: "apoio",
        title: `Mentoria de vendas ${n}`,
        description: "Encontros semanais para organizar o funil de vendas.",
        categories: ["Vendas"],
      });
      expect(created.status).toBe(201);
    }
    const first = await visitor.gql(SEARCH, { q: "mentoria", first: 2 });
    const page1 = first.body.data.offers;
    expect(page1.edges).toHaveLength(2);
    expect(page1.pageInfo.hasNextPage).toBe(true);
    const second = await visitor.gql(SEARCH, { q: "mentoria", first: 2, after: page1.pageInfo.endCursor });
    const page2 = second.body.data.offers;
    expect(page2.edges).toHaveLength(1);
    expect(page2.pageInfo.hasNextPage).toBe(false);
    const seen = [...page1.edges, ...page2.edges].map((e: { node: { title: string } }) => e.node.title).sort();
    expect(seen).toEqual(["Mentoria de vendas 1", "Mentoria de vendas 2", "Mentoria de vendas 3"]);
    // A visitor sees no author id, as on the board.
    expect(page1.edges.every((e: { node: { userId: number | null } }) => e.node.userId === null)).toBe(true);

    const forged = await visitor.gql(SEARCH, { q: "mentoria", after: Buffer.from('["q",99999]').toString("base64url") });
    expect(forged.body.errors?.[0]?.message).toBe("Cursor de paginação inválido");
  });

  it("ignores fewer than two letters (the board as it is) and refuses over 100 characters in Portuguese", async () => {
    const board = await restTitles(visitor, "");
    expect(await restTitles(visitor, "a")).toEqual(board);
    expect(await restTitles(visitor, " - ")).toEqual(board);

    const long = "a".repeat(101);
    const rest = await visitor.rest("GET", `/api/offers?q=${long}`);
    expect(rest.status).toBe(400);
    expect(JSON.stringify(rest.body)).toContain("A busca pode ter no máximo 100 caracteres.");
    const gql = await visitor.gql(SEARCH, { q: long });
    expect(gql.body.errors?.[0]?.message).toBe("A busca pode ter no máximo 100 caracteres.");
    // Exactly 100 is a search.
    expect((await visitor.rest("GET", `/api/offers?q=${"a".repeat(100)}`)).status).toBe(200);
  });

  it("takes tsquery's own signs as plain text", async () => {
    for (const q of ["cafe & | ! ( ) :* <->", "'cafe'", "caf\\e", "cafe:*A"]) {
      const answer = await visitor.rest("GET", `/api/offers?q=${encodeURIComponent(q)}`);
      expect(answer.status).toBe(200);
    }
    expect(await restTitles(visitor, "(cafe)")).toEqual(["Café colonial para eventos"]);
  });
});
