import { OFFER_MESSAGES, type PlanName } from "@clube-coroa/schema";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nextValue, startTestApp, TestClient, type TestApp } from "../../../test/harness.js";
import { SESSION_COOKIE } from "../../lib/http.js";
import { syncAuthorFields } from "./offers.service.js";

let t: TestApp;
let phoneSeq = 0;

beforeAll(async () => {
  t = await startTestApp({ SEED_DEMO: "never", LOG_LEVEL: process.env.TEST_LOG ?? "silent" });
});
afterAll(async () => {
  await t?.close();
});

interface MemberOptions {
  plan?: PlanName;
  state?: string | null;
  joinedAt?: Date;
  nickname?: string | null;
  fullName?: string | null;
  role?: "member" | "superuser";
}

/** A member with a session of her own; plan, state and join date set in the database. */
async function member(options: MemberOptions = {}) {
  const { prisma, sessions } = t.app.services;
  const user = await prisma.user.create({
    data: {
      phone: `55219${String(++phoneSeq).padStart(8, "0")}`,
      plan: options.plan ?? "nobreza",
      state: options.state === undefined ? "SP" : options.state,
      createdAt: options.joinedAt ?? t.clock.now(),
      nickname: options.nickname === undefined ? `Parceira ${phoneSeq}` : options.nickname,
      fullName: options.fullName === undefined ? `Maria da Silva ${phoneSeq}` : options.fullName,
      professionalActivity: "Marketing & Comunicação",
      role: options.role ?? "member",
    },
  });
  const { token } = await sessions.create(prisma, user.id, {});
  const client = new TestClient(t.url);
  client.cookies.set(SESSION_COOKIE, token);
  return { user, client };
}

/** Moves a member to another plan the way the profile service will: user row, then her offers. */
async function setPlan(userId: number, plan: PlanName) {
  await t.app.services.prisma.$transaction(async (tx) => {
    await tx.user.update({ where: { id: userId }, data: { plan } });
    await syncAuthorFields(tx, userId);
  });
  t.app.services.offers.authorChanged(userId);
}

const minute = () => t.clock.advance(60_000);

const valid = (over: Record<string, unknown> = {}) => ({
  postType: "oferta",
  type: "apoio",
  title: "Mentoria gratuita de marketing digital",
  description: "Ofereço duas horas de mentoria sobre redes sociais para quem está começando.",
  categories: ["Marketing"],
  isUrgent: false,
  ...over,
});

const OFFER_FIELDS = `id userId postType type title description categories isUrgent likes isLiked isOwn createdAt
  userNickname userFullName userName userPlan userJoinedAt userProfilePhoto userProfessionalActivity`;
const CREATE = `mutation Create($input: OfferInput!) {
  createOffer(input: $input) {
    __typename
    ... on Offer { ${OFFER_FIELDS} }
    ... on PlanLimitError { code message upgradeMessage showUpgrade }
    ... on AppError { code message }
  }
}`;
const UPDATE = `mutation Update($id: Int!, $input: UpdateOfferInput!) {
  updateOffer(id: $id, input: $input) {
    __typename
    ... on Offer { id title type isUrgent }
    ... on PlanLimitError { code message upgradeMessage showUpgrade }
    ... on AppError { code message }
  }
}`;
const DELETE = `mutation Delete($id: Int!) {
  deleteOffer(id: $id) { __typename ... on DeleteOfferPayload { offerId } ... on AppError { code message } }
}`;
const LIKE = `mutation Like($offerId: Int!) {
  toggleLike(offerId: $offerId) { __typename ... on LikePayload { offerId liked totalLikes } ... on AppError { code message } }
}`;
const BOARD = `query Board($filter: OfferFilter, $first: Int, $after: String) {
  offers(filter: $filter, first: $first, after: $after) {
    edges { cursor node { id title type isLiked isOwn likes userPlan } }
    pageInfo { endCursor hasNextPage }
  }
}`;

type BoardPage = { edges: { cursor: string; node: { id: number } }[]; pageInfo: { endCursor: string | null; hasNextPage: boolean } };

/** Every id of a filtered board, read page by page over GraphQL. */
async function walkBoard(client: TestClient, filter: Record<string, unknown>, first: number) {
  const ids: number[] = [];
  const cursors: (string | null)[] = [null];
  for (let pages = 0; pages < 100; pages++) {
    const answer = await client.gql<{ offers: BoardPage }>(BOARD, { filter, first, after: cursors[pages] });
    const board: BoardPage = answer.body.data!.offers;
    expect(board.edges.length).toBeLessThanOrEqual(first);
    ids.push(...board.edges.map((e) => e.node.id));
    if (!board.pageInfo.hasNextPage) return ids;
    cursors.push(board.pageInfo.endCursor);
  }
  throw new Error("board paging did not end");
}

describe("offers over REST", () => {
  it("creates, lists, updates, likes and deletes an offer with the spec's fields", async () => {
    const { user, client } = await member({ plan: "majestade", state: "RJ", nickname: null, fullName: "Ana Souza" });
    const created = await client.rest("POST", "/api/offers", valid({ type: "collab", isUrgent: true, categories: ["Moda", "Design"] }));
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      userId: user.id,
      postType: "oferta",
      type: "collab",
      title: "Mentoria gratuita de marketing digital",
      categories: ["Moda", "Design"],
      likes: 0,
      isUrgent: true,
      userNickname: null,
      userFullName: "Ana Souza",
      userName: "Ana Souza",
      userPlan: "majestade",
      userJoinedAt: user.createdAt.toISOString(),
      userProfilePhoto: null,
      userProfessionalActivity: "Marketing & Comunicação",
      isLiked: false,
    });
    expect(created.body.createdAt).toBe(t.clock.now().toISOString());
    const id = created.body.id;

    const anonymous = new TestClient(t.url);
    const listed = await anonymous.rest("GET", "/api/offers?location=RJ&type=collab&category=moda");
    expect(listed.status).toBe(200);
    expect(listed.headers.get("cache-control")).toBe("no-store");
    expect(listed.body.map((o: { id: number }) => o.id)).toContain(id);

    const updated = await client.rest("PUT", `/api/offers/${id}`, { title: "Mentoria de marketing para iniciantes" });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ id, title: "Mentoria de marketing para iniciantes", isUrgent: true, type: "collab" });

    const liked = await client.rest("POST", `/api/offers/${id}/like`);
    expect(liked.body).toEqual({ totalLikes: 1, liked: true });
    expect((await client.rest("GET", "/api/user/likes")).body).toEqual([id]);
    const mine = await client.rest("GET", "/api/offers?location=RJ");
    expect(mine.body.find((o: { id: number }) => o.id === id)).toMatchObject({ likes: 1, isLiked: true });

    const deleted = await client.rest("DELETE", `/api/offers/${id}`);
    expect(deleted.body).toEqual({ success: true });
    expect((await anonymous.rest("GET", "/api/offers?location=RJ")).body.some((o: { id: number }) => o.id === id)).toBe(false);
    expect((await client.rest("PUT", `/api/offers/${id}`, { title: "Outro título qualquer" })).body).toMatchObject({
      code: "NOT_FOUND",
      error: "Oferta não encontrada",
    });
  });

  it("refuses writes without a session with 401", async () => {
    const anonymous = new TestClient(t.url);
    for (const [method, path] of [
      ["POST", "/api/offers"],
      ["PUT", "/api/offers/1"],
      ["DELETE", "/api/offers/1"],
      ["POST", "/api/offers/1/like"],
      ["GET", "/api/user/likes"],
      ["POST", "/api/improve-text"],
    ] as const) {
      const answer = await anonymous.rest(method, path, method === "GET" || method === "DELETE" ? undefined : valid());
      expect(answer.status, `${method} ${path}`).toBe(401);
      expect(answer.body).toMatchObject({ success: false, code: "UNAUTHENTICATED" });
    }
  });

  it("answers each validation rule of the form with its message", async () => {
    const { client } = await member();
    const { postType: _p, ...withoutPostType } = valid();
    const { type: _t, ...withoutType } = valid();
    const cases: [unknown, string][] = [
      [valid({ title: "Curto" }), OFFER_MESSAGES.titleMin],
      [valid({ title: "T".repeat(121) }), OFFER_MESSAGES.titleMax],
      [valid({ description: "Curta demais" }), OFFER_MESSAGES.descriptionMin],
      [valid({ description: "D".repeat(1501) }), OFFER_MESSAGES.descriptionMax],
      [valid({ categories: [] }), OFFER_MESSAGES.categoriesMin],
      [valid({ categories: ["Moda", "Design", "Beleza", "Saúde"] }), OFFER_MESSAGES.categoriesMax],
      [withoutPostType, OFFER_MESSAGES.postType],
      [withoutType, OFFER_MESSAGES.type],
    ];
    for (const [payload, message] of cases) {
      const answer = await client.rest("POST", "/api/offers", payload);
      expect(answer.status, message).toBe(400);
      expect(answer.body).toEqual({ success: false, error: message, code: "VALIDATION" });
    }
    expect(await t.app.services.prisma.offer.count({ where: { title: "Curto" } })).toBe(0);
  });

  it("refuses a member editing or deleting another's offer, and nothing changes", async () => {
    const owner = await member({ plan: "majestade" });
    const other = await member({ plan: "majestade" });
    const { body: offer } = await owner.client.rest("POST", "/api/offers", valid());
    const before = await t.app.services.prisma.offer.findUniqueOrThrow({ where: { id: offer.id } });
    minute();

    const edit = await other.client.rest("PUT", `/api/offers/${offer.id}`, { title: "Título trocado por outra" });
    expect(edit.status).toBe(403);
    expect(edit.body).toEqual({ success: false, error: "Você não tem permissão para editar esta oferta.", code: "FORBIDDEN" });
    const remove = await other.client.rest("DELETE", `/api/offers/${offer.id}`);
    expect(remove.status).toBe(403);
    expect(remove.body).toEqual({ success: false, error: "Você não tem permissão para excluir esta oferta.", code: "FORBIDDEN" });

    const gqlEdit = await other.client.gql(UPDATE, { id: offer.id, input: { title: "Título trocado por outra" } });
    expect(gqlEdit.body.data.updateOffer).toEqual({
      __typename: "AppError",
      code: "FORBIDDEN",
      message: "Você não tem permissão para editar esta oferta.",
    });
    const gqlDelete = await other.client.gql(DELETE, { id: offer.id });
    expect(gqlDelete.body.data.deleteOffer).toMatchObject({ __typename: "AppError", code: "FORBIDDEN" });

    expect(await t.app.services.prisma.offer.findUniqueOrThrow({ where: { id: offer.id } })).toEqual(before);
  });

  it("lets a superuser delete any offer", async () => {
    const owner = await member();
    const admin = await member({ role: "superuser" });
    const { body: offer } = await owner.client.rest("POST", "/api/offers", valid());
    expect((await admin.client.rest("DELETE", `/api/offers/${offer.id}`)).body).toEqual({ success: true });
    expect(await t.app.services.prisma.offer.findUnique({ where: { id: offer.id } })).toBeNull();
  });

  it("answers the community counters with a 5-minute public cache", async () => {
    const answer = await new TestClient(t.url).rest("GET", "/api/statistics");
    expect(answer.status).toBe(200);
    expect(answer.headers.get("cache-control")).toBe("public, max-age=300");
    const { prisma } = t.app.services;
    expect(answer.body).toEqual({
      totalMembers: await prisma.user.count(),
      totalCollabs: await prisma.offer.count({ where: { type: "collab" } }),
      totalPermutas: await prisma.offer.count({ where: { type: "permuta" } }),
      totalApoios: await prisma.offer.count({ where: { type: "apoio" } }),
    });
  });

  it("improves a text with the local improver, and asks for title and description", async () => {
    const { client } = await member();
    const answer = await client.rest("POST", "/api/improve-text", {
      title: "Aulas de inglês",
      description: "  dou aulas de ingles   online pra iniciantes.  turmas pequenas, voce escolhe o horario ",
      postType: "oferta",
    });
    expect(answer.status).toBe(200);
    // Spelled with the Portuguese dictionary, then tidied.
    expect(answer.body.description).toMatch(/^Dou aulas de inglês online para iniciantes\. Turmas pequenas, você escolhe o horário\.\n\n/);
    const missing = await client.rest("POST", "/api/improve-text", { title: "", description: "", postType: "oferta" });
    expect(missing.status).toBe(400);
    expect(missing.body.code).toBe("VALIDATION");
  });
});

describe("offers over GraphQL", () => {
  it("creates, reads, updates, likes and deletes with typed results", async () => {
    const { user, client } = await member({ plan: "imperatriz", state: "MG" });
    const created = await client.gql(CREATE, { input: valid({ type: "permuta", postType: "pedido" }) });
    const offer = created.body.data.createOffer;
    expect(offer).toMatchObject({
      __typename: "Offer",
      userId: user.id,
      type: "permuta",
      postType: "pedido",
      isOwn: true,
      userPlan: "imperatriz",
      userName: user.nickname,
      likes: 0,
    });

    const other = await member();
    const read = await other.client.gql(`query($id: Int!) { offer(id: $id) { id isOwn title } }`, { id: offer.id });
    expect(read.body.data.offer).toEqual({ id: offer.id, isOwn: false, title: offer.title });

    const updated = await client.gql(UPDATE, { id: offer.id, input: { title: "Procuro parceira para permuta", isUrgent: true } });
    expect(updated.body.data.updateOffer).toEqual({
      __typename: "Offer",
      id: offer.id,
      title: "Procuro parceira para permuta",
      type: "permuta",
      isUrgent: true,
    });

    const liked = await other.client.gql(LIKE, { offerId: offer.id });
    expect(liked.body.data.toggleLike).toEqual({ __typename: "LikePayload", offerId: offer.id, liked: true, totalLikes: 1 });
    expect((await other.client.gql(`{ myLikedOfferIds }`)).body.data.myLikedOfferIds).toEqual([offer.id]);
    const board = await other.client.gql(BOARD, { filter: { state: "MG" } });
    expect(board.body.data.offers.edges.find((e: { node: { id: number } }) => e.node.id === offer.id).node).toMatchObject({
      isLiked: true,
      likes: 1,
      isOwn: false,
    });

    const short = await client.gql(CREATE, { input: valid({ title: "Curto" }) });
    expect(short.body.data.createOffer).toEqual({ __typename: "AppError", code: "VALIDATION", message: OFFER_MESSAGES.titleMin });

    const deleted = await client.gql(DELETE, { id: offer.id });
    expect(deleted.body.data.deleteOffer).toEqual({ __typename: "DeleteOfferPayload", offerId: offer.id });
    expect((await client.gql(`query($id: Int!) { offer(id: $id) { id } }`, { id: offer.id })).body.data.offer).toBeNull();
  });

  it("answers 'Minhas Publicações' with the session's own offers only, newest first, with likes and conversations started", async () => {
    const MINE = `{ myOffers { conversationCount offer { id title likes isOwn hidden } } }`;
    const ana = await member({ plan: "nobreza" });
    const first = (await ana.client.gql(CREATE, { input: valid({ title: "Minha primeira oferta de apoio" }) })).body.data.createOffer;
    minute();
    const second = (await ana.client.gql(CREATE, { input: valid({ title: "Minha segunda oferta de apoio" }) })).body.data.createOffer;
    const bia = await member({ plan: "alteza" });
    const hers = (await bia.client.gql(CREATE, { input: valid({ title: "Oferta de outra parceira" }) })).body.data.createOffer;
    await bia.client.gql(LIKE, { offerId: first.id });
    const START = `mutation($offerId: Int!) { startConversation(offerId: $offerId) { ... on Conversation { id } } }`;
    const talk = (await bia.client.gql(START, { offerId: first.id })).body.data.startConversation.id;
    await bia.client.rest("POST", `/api/conversations/${talk}/messages`, { content: "Olá, tenho interesse!" });
    // A conversation started and still empty is not counted (nor listed for her).
    const carla = await member({ plan: "alteza" });
    await carla.client.gql(START, { offerId: first.id });

    expect((await ana.client.gql(MINE)).body.data.myOffers).toEqual([
      { conversationCount: 0, offer: { id: second.id, title: "Minha segunda oferta de apoio", likes: 0, isOwn: true, hidden: false } },
      { conversationCount: 1, offer: { id: first.id, title: "Minha primeira oferta de apoio", likes: 1, isOwn: true, hidden: false } },
    ]);
    expect((await bia.client.gql(MINE)).body.data.myOffers).toEqual([
      { conversationCount: 0, offer: { id: hers.id, title: "Oferta de outra parceira", likes: 0, isOwn: true, hidden: false } },
    ]);
    await ana.client.gql(DELETE, { id: second.id });
    expect((await ana.client.gql(MINE)).body.data.myOffers.map((m: { offer: { id: number } }) => m.offer.id)).toEqual([first.id]);

    const anonymous = await new TestClient(t.url).gql(MINE);
    expect(anonymous.body.data).toBeNull();
    expect(anonymous.body.errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");
  });

  it("refuses anonymous writes with UNAUTHENTICATED", async () => {
    const anonymous = new TestClient(t.url);
    const answer = await anonymous.gql(CREATE, { input: valid() });
    expect(answer.body.data.createOffer).toMatchObject({ __typename: "AppError", code: "UNAUTHENTICATED" });
    const like = await anonymous.gql(LIKE, { offerId: 1 });
    expect(like.body.data.toggleLike).toMatchObject({ __typename: "AppError", code: "UNAUTHENTICATED" });
  });

  it("answers communityStats and improveOfferText", async () => {
    const { client } = await member();
    const stats = await client.gql(`{ communityStats { totalMembers totalCollabs totalPermutas totalApoios } }`);
    expect(stats.body.data.communityStats.totalMembers).toBe(await t.app.services.prisma.user.count());
    const improved = await client.gql(
      `mutation($input: ImproveOfferTextInput!) { improveOfferText(input: $input) {
        __typename ... on ImprovedText { description } ... on AppError { code } } }`,
      { input: { title: "Busco fotógrafa", description: "preciso de fotos para meu catálogo", postType: "pedido" } },
    );
    expect(improved.body.data.improveOfferText.description).toBe(
      "Preciso de fotos para meu catálogo.\n\nSe você pode ajudar, entre em contato e vamos conversar!",
    );
  });

  it("caps a page at 50 and refuses a cursor it did not make", async () => {
    const { user, client } = await member({ plan: "majestade", state: "PI" });
    const { title, description, categories } = valid();
    await t.app.services.prisma.offer.createMany({
      data: Array.from({ length: 55 }, () => ({
        userId: user.id, postType: "oferta" as const, type: "apoio" as const, title, description, categories,
        authorPlanRank: 3, authorJoinedAt: user.createdAt, state: "PI",
      })),
    });
    const big = await client.gql(BOARD, { filter: { state: "PI" }, first: 500 });
    expect(big.body.data.offers.edges).toHaveLength(50);
    expect(big.body.data.offers.pageInfo.hasNextPage).toBe(true);
    const byDefault = await client.gql(BOARD, { filter: { state: "PI" } });
    expect(byDefault.body.data.offers.edges).toHaveLength(24);
    const bad = await client.gql(BOARD, { after: "bm90LWEtY3Vyc29y" });
    expect(bad.body.errors?.[0]).toMatchObject({ message: "Cursor de paginação inválido", extensions: { code: "BAD_REQUEST" } });
  });

  it("pushes a creation to offersChanged subscribers", async () => {
    const ws = new TestClient(t.url).ws();
    const received = nextValue(ws, `subscription { offersChanged { kind offerId totalLikes } }`);
    await new Promise((r) => setTimeout(r, 200));
    const { client } = await member();
    const { body } = await client.rest("POST", "/api/offers", valid());
    expect((await received).data).toEqual({ offersChanged: { kind: "created", offerId: body.id, totalLikes: null } });
    await ws.dispose();
  });
});

describe("the board", () => {
  it("orders by plan, then earlier join date, then newest, and pages without duplicates or gaps", async () => {
    const state = "AC";
    const imperatriz = await member({ plan: "imperatriz", state, joinedAt: new Date("2026-01-01T00:00:00Z") });
    const majestade = await member({ plan: "majestade", state, joinedAt: new Date("2025-01-01T00:00:00Z") });
    const altezaOld = await member({ plan: "alteza", state, joinedAt: new Date("2024-01-01T00:00:00Z") });
    const altezaNew = await member({ plan: "alteza", state, joinedAt: new Date("2025-06-01T00:00:00Z") });
    const nobreza = await member({ plan: "nobreza", state, joinedAt: new Date("2020-01-01T00:00:00Z") });

    const byAuthor = new Map<number, number[]>();
    const typeOf = new Map<number, string>();
    const categoriesOf = new Map<number, string[]>();
    const publish = async (who: Awaited<ReturnType<typeof member>>, over: Record<string, unknown> = {}) => {
      const answer = await who.client.rest("POST", "/api/offers", valid(over));
      expect(answer.status).toBe(201);
      byAuthor.set(who.user.id, [answer.body.id, ...(byAuthor.get(who.user.id) ?? [])]);
      typeOf.set(answer.body.id, answer.body.type);
      categoriesOf.set(answer.body.id, answer.body.categories);
      return answer.body.id as number;
    };
    // Interleaved publications; two share one instant, so the id breaks the tie.
    for (const who of [nobreza, altezaNew, imperatriz, altezaOld, majestade]) {
      await publish(who, { categories: ["Gastronomia"] });
      minute();
    }
    let nobrezaFoodApoio = 0;
    for (const who of [majestade, altezaOld, nobreza, imperatriz, altezaNew]) {
      const id = await publish(who, { type: who === nobreza ? "apoio" : "permuta", categories: ["Alimentação", "Moda"] });
      if (who === nobreza) nobrezaFoodApoio = id;
    }
    minute();
    for (const who of [imperatriz, nobreza, majestade]) {
      await publish(who);
      minute();
    }
    const expected = [imperatriz, majestade, altezaOld, altezaNew, nobreza].flatMap((who) => byAuthor.get(who.user.id)!);

    const reader = (await member()).client;
    for (const first of [1, 2, 5, 50]) expect(await walkBoard(reader, { state }, first)).toEqual(expected);
    const rest = await reader.rest("GET", `/api/offers?location=${state}`);
    expect(rest.body.map((o: { id: number }) => o.id)).toEqual(expected);

    // Her plan changes: the board moves her offers at once.
    await setPlan(nobreza.user.id, "imperatriz");
    const moved = await walkBoard(reader, { state }, 4);
    expect(moved.slice(0, 3)).toEqual(byAuthor.get(nobreza.user.id));
    expect(new Set(moved).size).toBe(expected.length);

    // Filters: kind, category slug, state, and 'all'.
    const permutas = await walkBoard(reader, { state, type: "permuta" }, 3);
    expect(permutas).toEqual(moved.filter((id) => typeOf.get(id) === "permuta"));
    expect(permutas).toHaveLength(4);
    const food = await walkBoard(reader, { state, category: "alimentacao" }, 2);
    expect(food).toHaveLength(5);
    // Groups: produtos holds Gastronomia, Alimentação and Moda; digital holds Marketing.
    const withAny = (names: string[]) => moved.filter((id) => categoriesOf.get(id)!.some((c) => names.includes(c)));
    const produtos = await walkBoard(reader, { state, category: "produtos" }, 3);
    expect(produtos).toEqual(withAny(["Gastronomia", "Alimentação", "Moda"]));
    expect(produtos).toHaveLength(10);
    const digital = await walkBoard(reader, { state, category: "digital" }, 3);
    expect(digital).toEqual(withAny(["Marketing"]));
    expect(digital).toHaveLength(3);
    expect(await walkBoard(reader, { state, category: "negocios" }, 3)).toEqual([]);
    const restFood = await reader.rest("GET", `/api/offers?location=${state}&category=alimentacao&type=apoio`);
    expect(restFood.body.map((o: { id: number }) => o.id)).toEqual([nobrezaFoodApoio]);
    const allStates = await walkBoard(reader, { state: "all", category: "all" }, 50);
    expect(allStates.length).toBe(await t.app.services.prisma.offer.count());
    expect((await reader.gql(BOARD, { filter: { state: "TO" } })).body.data.offers).toEqual({
      edges: [],
      pageInfo: { endCursor: null, hasNextPage: false },
    });
  });
});

describe("plan limits", () => {
  it("refuses a nobreza permuta with 403 and the upgrade texts, on both doors", async () => {
    const { client } = await member({ plan: "nobreza" });
    const answer = await client.rest("POST", "/api/offers", valid({ type: "permuta" }));
    expect(answer.status).toBe(403);
    expect(answer.body).toEqual({
      success: false,
      code: "PLAN_LIMIT",
      error: "Seu plano Nobreza permite publicar apenas ofertas de Apoio.",
      upgradeMessage: "Faça upgrade para o plano Alteza e publique Permutas e Collabs.",
      showUpgrade: true,
    });
    const collab = await client.gql(CREATE, { input: valid({ type: "collab" }) });
    expect(collab.body.data.createOffer).toEqual({
      __typename: "PlanLimitError",
      code: "PLAN_LIMIT",
      message: "Seu plano Nobreza permite publicar apenas ofertas de Apoio.",
      upgradeMessage: "Faça upgrade para o plano Alteza e publique Permutas e Collabs.",
      showUpgrade: true,
    });
    const apoio = await client.rest("POST", "/api/offers", valid({ type: "apoio" }));
    expect(apoio.status).toBe(201);
    const change = await client.gql(UPDATE, { id: apoio.body.id, input: { type: "permuta" } });
    expect(change.body.data.updateOffer).toMatchObject({ __typename: "PlanLimitError", code: "PLAN_LIMIT" });
  });

  it("lets majestade publish without limits", async () => {
    const { client } = await member({ plan: "majestade" });
    for (let i = 0; i < 4; i++) expect((await client.rest("POST", "/api/offers", valid({ type: "permuta" }))).status).toBe(201);
  });

  it("lets only two of five parallel alteza permutas through", async () => {
    const { user, client } = await member({ plan: "alteza" });
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => client.rest("POST", "/api/offers", valid({ type: "permuta" }))),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 201, 403, 403, 403]);
    expect(await t.app.services.prisma.offer.count({ where: { userId: user.id, type: "permuta" } })).toBe(2);
  });

  it("refuses alteza's third permuta in a São Paulo month and allows it again the next month", async () => {
    const saved = t.clock.now();
    try {
      // 23:00 on 31 March in São Paulo is already 1 April in UTC: still March for the limit.
      t.clock.set(new Date("2026-04-01T02:00:00Z"));
      const { client } = await member({ plan: "alteza" });
      expect((await client.rest("POST", "/api/offers", valid({ type: "permuta" }))).status).toBe(201);
      expect((await client.rest("POST", "/api/offers", valid({ type: "permuta" }))).status).toBe(201);
      expect((await client.rest("POST", "/api/offers", valid({ type: "collab" }))).status).toBe(201);
      expect((await client.rest("POST", "/api/offers", valid({ type: "apoio" }))).status).toBe(201);
      const third = await client.rest("POST", "/api/offers", valid({ type: "permuta" }));
      expect(third.status).toBe(403);
      expect(third.body).toEqual({
        success: false,
        code: "PLAN_LIMIT",
        error: "Você já publicou 2 Permutas este mês, o limite do plano Alteza.",
        upgradeMessage: "Faça upgrade para o plano Majestade e publique sem limites.",
        showUpgrade: true,
      });
      t.clock.set(new Date("2026-04-01T02:59:59Z"));
      expect((await client.rest("POST", "/api/offers", valid({ type: "permuta" }))).status).toBe(403);
      t.clock.set(new Date("2026-04-01T03:00:00Z"));
      expect((await client.rest("POST", "/api/offers", valid({ type: "permuta" }))).status).toBe(201);
    } finally {
      t.clock.set(saved);
    }
  });

  it("does not give a month's slot back when alteza deletes an offer, and counts a change of kind", async () => {
    const { client } = await member({ plan: "alteza" });
    const first = await client.rest("POST", "/api/offers", valid({ type: "collab" }));
    const second = await client.rest("POST", "/api/offers", valid({ type: "collab" }));
    expect([first.status, second.status]).toEqual([201, 201]);
    expect((await client.rest("DELETE", `/api/offers/${first.body.id}`)).status).toBe(200);
    const again = await client.rest("POST", "/api/offers", valid({ type: "collab" }));
    expect(again.status).toBe(403);
    expect(again.body.error).toBe("Você já publicou 2 Collabs este mês, o limite do plano Alteza.");

    // An apoio turned into a permuta uses a permuta slot; two of them use both.
    const apoios: number[] = [];
    for (let i = 0; i < 3; i++) apoios.push((await client.rest("POST", "/api/offers", valid({ type: "apoio" }))).body.id as number);
    expect((await client.rest("PUT", `/api/offers/${apoios[0]}`, { type: "permuta" })).status).toBe(200);
    expect((await client.rest("PUT", `/api/offers/${apoios[1]}`, { type: "permuta" })).status).toBe(200);
    const third = await client.rest("PUT", `/api/offers/${apoios[2]}`, { type: "permuta" });
    expect(third.status).toBe(403);
    expect(third.body.error).toBe("Você já publicou 2 Permutas este mês, o limite do plano Alteza.");
    expect((await client.rest("GET", "/api/offers")).body.find((o: { id: number }) => o.id === apoios[2]).type).toBe("apoio");
  });
});

describe("likes", () => {
  it("keeps an exact count under 50 concurrent toggles by 50 members", async () => {
    const owner = await member({ plan: "majestade" });
    const { body: offer } = await owner.client.rest("POST", "/api/offers", valid());
    const likers = [];
    for (let i = 0; i < 50; i++) likers.push(await member());
    const answers = await Promise.all(likers.map((l) => l.client.rest("POST", `/api/offers/${offer.id}/like`)));
    expect(answers.every((a) => a.status === 200 && a.body.liked === true)).toBe(true);
    expect(answers.map((a) => a.body.totalLikes).sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    const stored = await t.app.services.prisma.offer.findUniqueOrThrow({ where: { id: offer.id } });
    expect(stored.likesCount).toBe(50);
    expect(await t.app.services.prisma.like.count({ where: { offerId: offer.id } })).toBe(50);
  });

  it("ends unliked after one member toggles twice", async () => {
    const owner = await member({ plan: "majestade" });
    const { body: offer } = await owner.client.rest("POST", "/api/offers", valid());
    const fan = await member();
    expect((await fan.client.rest("POST", `/api/offers/${offer.id}/like`)).body).toEqual({ totalLikes: 1, liked: true });
    expect((await fan.client.rest("POST", `/api/offers/${offer.id}/like`)).body).toEqual({ totalLikes: 0, liked: false });
    expect((await fan.client.rest("GET", "/api/user/likes")).body).not.toContain(offer.id);
    expect((await fan.client.rest("POST", `/api/offers/999999/like`)).status).toBe(404);
  });
});
