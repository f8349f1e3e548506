import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { completeProfile, eventually, signIn, startTestApp, TestClient, withTwoInstances, type TestApp } from "../../../test/harness.js";
import { BoardCache } from "./board-cache.js";

describe("BoardCache", () => {
  const deferred = <T,>() => {
    let resolve!: (value: T) => void;
    let reject!: (error: unknown) => void;
    const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
    return { promise, resolve, reject };
  };

  it("loads once for concurrent readers and serves later readers from memory", async () => {
    const cache = new BoardCache<string>({ maxEntries: 10, ttlMs: 1000 });
    let loads = 0;
    const load = async () => `page ${++loads}`;
    expect(await Promise.all([cache.get("a", load), cache.get("a", load), cache.get("a", load)])).toEqual(["page 1", "page 1", "page 1"]);
    expect(await cache.get("a", load)).toBe("page 1");
    expect(loads).toBe(1);
  });

  it("does not keep what a read started before an invalidation brought back", async () => {
    const cache = new BoardCache<string>({ maxEntries: 10, ttlMs: 1000 });
    const slow = deferred<string>();
    const before = cache.get("a", () => slow.promise);
    cache.invalidate();
    slow.resolve("stale");
    expect(await before).toBe("stale");
    expect(await cache.get("a", async () => "fresh")).toBe("fresh");
    expect(cache.peek("a")).toBeDefined();

    const generation = cache.currentGeneration;
    cache.invalidate();
    cache.set("b", "stale", generation);
    expect(cache.peek("b")).toBeUndefined();
    cache.set("b", "fresh", cache.currentGeneration);
    expect(await cache.peek("b")).toBe("fresh");
  });

  it("forgets a failed read, expires entries, and keeps at most maxEntries", async () => {
    let now = 0;
    const cache = new BoardCache<string>({ maxEntries: 2, ttlMs: 100, now: () => now });
    await expect(cache.get("a", async () => Promise.reject(new Error("database down")))).rejects.toThrow("database down");
    expect(await cache.get("a", async () => "recovered")).toBe("recovered");
    now = 100;
    expect(await cache.get("a", async () => "expired and read again")).toBe("expired and read again");
    await cache.get("b", async () => "b");
    await cache.get("a", async () => "not read: a is fresh");
    await cache.get("c", async () => "c");
    expect(cache.size).toBe(2);
    expect(cache.peek("b")).toBeUndefined();
    expect(await cache.peek("a")).toBe("expired and read again");
  });

  it("reads every time when turned off", async () => {
    const cache = new BoardCache<number>({ maxEntries: 10, ttlMs: 0 });
    let loads = 0;
    await cache.get("a", async () => ++loads);
    await cache.get("a", async () => ++loads);
    cache.set("a", 99, cache.currentGeneration);
    expect(loads).toBe(2);
    expect(cache.peek("a")).toBeUndefined();
  });
});

const BOARD = `query Board($filter: OfferFilter) { offers(first: 50, filter: $filter) {
  edges { node { id title likes isLiked isOwn userName userProfilePhoto userPlan } } } }`;
type BoardNode = { id: number; title: string; likes: number; isLiked: boolean; isOwn: boolean; userName: string; userProfilePhoto: string | null; userPlan: string };

const offer = (title: string) => ({
  postType: "oferta",
  type: "apoio",
  title,
  description: "Ofereço duas horas de mentoria sobre redes sociais para quem está começando.",
  categories: ["Marketing"],
  isUrgent: false,
});
const CREATE = `mutation($input: OfferInput!) { createOffer(input: $input) { __typename ... on Offer { id } } }`;

async function anonymousBoard(t: TestApp) {
  const visitor = new TestClient(t.url);
  const graphql = (await visitor.gql<{ offers: { edges: { node: BoardNode }[] } }>(BOARD)).body.data!.offers.edges.map((e) => e.node);
  const rest = (await visitor.rest<{ id: number; title: string; likes: number; userName: string; isLiked: boolean }[]>("GET", "/api/offers")).body;
  return { graphql, rest };
}

describe("the board served from memory stays true", () => {
  let t: TestApp;
  let seq = 0;
  const phone = () => `2198877${String(1000 + ++seq).slice(-4)}`;
  beforeAll(async () => {
    t = await startTestApp({ SEED_DEMO: "never", LOG_LEVEL: process.env.TEST_LOG ?? "silent", BOARD_CACHE_MS: "600000" });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("shows a new offer, a like, a new name and a departure to the next anonymous visitor at once", async () => {
    const author = new TestClient(t.url);
    const me = await signIn(author, phone());
    const created = await author.gql(CREATE, { input: offer("Mentoria de vitrine para lojas de bairro") });
    const offerId = created.body.data.createOffer.id as number;

    // Visitors fill the caches.
    let board = await anonymousBoard(t);
    expect(board.graphql.map((o) => o.id)).toContain(offerId);
    expect(board.rest.map((o) => o.id)).toContain(offerId);
    expect(await anonymousBoard(t)).toEqual(board);

    const second = await author.gql(CREATE, { input: offer("Revisão de cardápio para confeitarias") });
    board = await anonymousBoard(t);
    expect(board.graphql.map((o) => o.title)).toContain("Revisão de cardápio para confeitarias");
    expect(board.rest.map((o) => o.title)).toContain("Revisão de cardápio para confeitarias");

    const fan = new TestClient(t.url);
    await signIn(fan, phone());
    expect((await fan.rest("POST", `/api/offers/${offerId}/like`)).body).toMatchObject({ totalLikes: 1 });
    board = await anonymousBoard(t);
    expect(board.graphql.find((o) => o.id === offerId)).toMatchObject({ likes: 1, isLiked: false, isOwn: false });
    expect(board.rest.find((o) => o.id === offerId)).toMatchObject({ likes: 1, isLiked: false });
    // The member who liked it sees her own like, on both doors; visitors never do.
    const hers = (await fan.gql<{ offers: { edges: { node: BoardNode }[] } }>(BOARD)).body.data!.offers.edges.map((e) => e.node);
    expect(hers.find((o) => o.id === offerId)).toMatchObject({ likes: 1, isLiked: true });
    expect(((await fan.rest("GET", "/api/offers")).body as BoardNode[]).find((o) => o.id === offerId)?.isLiked).toBe(true);
    expect((await anonymousBoard(t)).graphql.find((o) => o.id === offerId)?.isLiked).toBe(false);
    // The author sees her offers as her own.
    const own = (await author.gql<{ offers: { edges: { node: BoardNode }[] } }>(BOARD)).body.data!.offers.edges.map((e) => e.node);
    expect(own.find((o) => o.id === offerId)?.isOwn).toBe(true);

    const renamed = await author.rest(
      "PUT",
      "/api/profile",
      completeProfile({ fullName: "Beatriz Almeida Rocha", nickname: "Bia Rocha", email: "bia@example.com" }),
    );
    expect(renamed.status).toBe(200);
    board = await anonymousBoard(t);
    expect(board.graphql.find((o) => o.id === offerId)?.userName).toBe("Bia Rocha");
    expect(board.rest.find((o) => o.id === offerId)?.userName).toBe("Bia Rocha");

    expect((await author.rest("DELETE", "/api/user/delete")).status).toBe(200);
    board = await anonymousBoard(t);
    const gone = [offerId, second.body.data.createOffer.id as number];
    expect(board.graphql.filter((o) => gone.includes(o.id))).toEqual([]);
    expect(board.rest.filter((o) => gone.includes(o.id))).toEqual([]);
    expect(me.id).toBeGreaterThan(0);
  });

  it("does not share an answer that had errors, and keeps filters apart", async () => {
    const visitor = new TestClient(t.url);
    const bad = `query { offers(after: "not-a-cursor") { edges { node { id } } } }`;
    expect((await visitor.gql(bad)).body.errors?.[0].message).toBe("Cursor de paginação inválido");
    expect((await visitor.gql(bad)).body.errors?.[0].message).toBe("Cursor de paginação inválido");

    const author = new TestClient(t.url);
    await signIn(author, phone());
    await author.gql(CREATE, { input: { ...offer("Sessão de fotos para catálogo"), categories: ["Fotografia"] } });
    await author.gql(CREATE, { input: offer("Plano de conteúdo para redes sociais") });
    const photos = await visitor.gql<{ offers: { edges: { node: BoardNode }[] } }>(BOARD, { filter: { category: "fotografia" } });
    const all = await visitor.gql<{ offers: { edges: { node: BoardNode }[] } }>(BOARD, {});
    expect(photos.body.data!.offers.edges.map((e) => e.node.title)).toEqual(["Sessão de fotos para catálogo"]);
    expect(all.body.data!.offers.edges.map((e) => e.node.title)).toEqual(["Plano de conteúdo para redes sociais", "Sessão de fotos para catálogo"]);
  });
  it("serves each member the members' answer with her own likes and her own cards, whatever the aliases and fragments", async () => {
    const author = new TestClient(t.url);
    const authorId = (await signIn(author, phone())).id;
    const offerId = (await author.gql(CREATE, { input: offer("Fotos de produto para lojas virtuais") })).body.data.createOffer.id as number;
    const fan = new TestClient(t.url);
    const fanId = (await signIn(fan, phone())).id;
    expect((await fan.rest("POST", `/api/offers/${offerId}/like`)).status).toBe(200);
    const query = `fragment Card on Offer { key: id liked: isLiked isLiked mine: isOwn userId }
      query { board: offers { edges { node { ...Card title } } } }`;
    type Card = { key: number; liked: boolean; isLiked: boolean; mine: boolean; userId: number; title: string };
    const cardOf = async (client: TestClient) =>
      (await client.gql<{ board: { edges: { node: Card }[] } }>(query)).body.data!.board.edges.map((e) => e.node).find((n) => n.key === offerId);
    // The author's answer is kept first; the fan and the author again are served from it.
    for (let round = 0; round < 2; round++) {
      expect(await cardOf(author)).toEqual({ key: offerId, liked: false, isLiked: false, mine: true, userId: authorId, title: "Fotos de produto para lojas virtuais" });
      expect(await cardOf(fan)).toEqual({ key: offerId, liked: true, isLiked: true, mine: false, userId: authorId, title: "Fotos de produto para lojas virtuais" });
    }
    expect(fanId).not.toBe(authorId);
    // isLiked without the card's id cannot be personalised from memory: it executes, still right.
    const noId = `query { offers(first: 50) { edges { node { title isLiked } } } }`;
    for (let round = 0; round < 2; round++) {
      const nodes = (await fan.gql<{ offers: { edges: { node: { title: string; isLiked: boolean } }[] } }>(noId)).body.data!.offers.edges.map((e) => e.node);
      expect(nodes.find((n) => n.title === "Fotos de produto para lojas virtuais")?.isLiked).toBe(true);
      const theirs = (await author.gql<{ offers: { edges: { node: { title: string; isLiked: boolean } }[] } }>(noId)).body.data!.offers.edges.map((e) => e.node);
      expect(theirs.find((n) => n.title === "Fotos de produto para lojas virtuais")?.isLiked).toBe(false);
    }
    // isOwn without userId: from memory too (the board knows each card's author), still right.
    const noAuthor = `query { offers(first: 50) { edges { node { id isOwn isLiked } } } }`;
    type Mine = { id: number; isOwn: boolean; isLiked: boolean };
    for (let round = 0; round < 2; round++) {
      for (const [client, expected] of [
        [author, { id: offerId, isOwn: true, isLiked: false }],
        [fan, { id: offerId, isOwn: false, isLiked: true }],
      ] as const) {
        const nodes = (await client.gql<{ offers: { edges: { node: Mine }[] } }>(noAuthor)).body.data!.offers.edges.map((e) => e.node);
        expect(nodes.find((n) => n.id === offerId)).toEqual(expected);
        expect(nodes.filter((n) => n.isOwn).map((n) => n.id)).toEqual(client === author ? [offerId] : []);
      }
    }
  });

  it("sends an answer from memory as the very text its execution sent, whatever the cards hold", async () => {
    const author = new TestClient(t.url);
    const authorId = (await signIn(author, phone())).id;
    const title = 'Aspas "duplas", barra \\ e \\u0000 escrito, emoji 👑 e "isLiked":true';
    const offerId = (await author.gql(CREATE, { input: offer(title) })).body.data.createOffer.id as number;
    const fan = new TestClient(t.url);
    await signIn(fan, phone());
    expect((await fan.rest("POST", `/api/offers/${offerId}/like`)).status).toBe(200);
    const query = `query Texto { board: offers(first: 50) { edges { node { id mine: isOwn title isLiked userId } } } }`;
    const raw = async (client: TestClient) => {
      const response = await fetch(`${t.url}/graphql`, {
        method: "POST",
        headers: { "content-type": "application/json", ...(client.cookies.size ? { cookie: client.cookieHeader } : {}) },
        body: JSON.stringify({ query }),
      });
      expect(response.status).toBe(200);
      return response.text();
    };
    type Card = { id: number; mine: boolean; title: string; isLiked: boolean; userId: number | null };
    const cardIn = (text: string) => (JSON.parse(text) as { data: { board: { edges: { node: Card }[] } } }).data.board.edges.map((e) => e.node).find((n) => n.id === offerId);
    // The first answer of each kind executes; the second comes from memory and is the same text.
    const visitor = new TestClient(t.url);
    const visitorText = await raw(visitor);
    expect(await raw(visitor)).toBe(visitorText);
    const fanText = await raw(fan);
    expect(await raw(fan)).toBe(fanText);
    expect(cardIn(fanText)).toEqual({ id: offerId, mine: false, title, isLiked: true, userId: authorId });
    // The author is served from the fan's answer, with her own values in its slots.
    const authorText = await raw(author);
    expect(authorText).toBe(`${JSON.stringify(JSON.parse(authorText))}\n`);
    expect(cardIn(authorText)).toEqual({ id: offerId, mine: true, title, isLiked: false, userId: authorId });
    expect(cardIn(visitorText)).toEqual({ id: offerId, mine: false, title, isLiked: false, userId: null });
  });

  it("serves GET /api/offers to each member with her own likes from the members' page kept in memory", async () => {
    const author = new TestClient(t.url);
    const authorId = (await signIn(author, phone())).id;
    const ids: number[] = [];
    for (const title of ["Consultoria de vitrine para lojas", "Revisão de textos para sites"]) {
      ids.push((await author.gql(CREATE, { input: offer(title) })).body.data.createOffer.id as number);
    }
    const fan = new TestClient(t.url);
    await signIn(fan, phone());
    expect((await fan.rest("POST", `/api/offers/${ids[1]}/like`)).status).toBe(200);
    type RestCard = { id: number; userId: number | null; userFullName: string | null; likes: number; isLiked: boolean; title: string };
    const mine = async (client: TestClient) => {
      const answer = await client.rest<RestCard[]>("GET", "/api/offers");
      expect(answer.status).toBe(200);
      return answer.body.filter((card) => ids.includes(card.id)).map(({ id, userId, likes, isLiked, title }) => ({ id, userId, likes, isLiked, title }));
    };
    // Twice each: the second answers come from the page kept by the first.
    for (let round = 0; round < 2; round++) {
      expect(await mine(fan)).toEqual([
        { id: ids[1], userId: authorId, likes: 1, isLiked: true, title: "Revisão de textos para sites" },
        { id: ids[0], userId: authorId, likes: 0, isLiked: false, title: "Consultoria de vitrine para lojas" },
      ]);
      expect((await mine(author)).map((card) => card.isLiked)).toEqual([false, false]);
    }
    // Her unlike shows at once; a visitor still sees no member's id.
    expect((await fan.rest("POST", `/api/offers/${ids[1]}/like`)).body).toMatchObject({ liked: false, totalLikes: 0 });
    expect((await mine(fan)).map((card) => [card.isLiked, card.likes])).toEqual([[false, 0], [false, 0]]);
    const visitor = (await new TestClient(t.url).rest<RestCard[]>("GET", "/api/offers")).body.filter((card) => ids.includes(card.id));
    expect(visitor.map((card) => [card.userId, card.userFullName, card.isLiked])).toEqual([[null, null, false], [null, null, false]]);
  });
});

describe("the board over two instances sharing Redis", () => {
  it("shows a write made on instance A to anonymous visitors of instance B", async () => {
    await withTwoInstances({ BOARD_CACHE_MS: "600000" }, async (a, b) => {
      expect(b.app.services.bus.kind).toBe("redis");
      const author = new TestClient(a.url);
      await signIn(author, "21988771234");
      expect((await anonymousBoard(b)).graphql).toEqual([]);
      expect((await anonymousBoard(b)).rest).toEqual([]);
      const title = `Consultoria de marca ${Math.random().toString(36).slice(2, 8)}`;
      expect((await author.gql(CREATE, { input: offer(title) })).body.data.createOffer.__typename).toBe("Offer");
      await eventually(async () => {
        const board = await anonymousBoard(b);
        return board.graphql.some((o) => o.title === title) && board.rest.some((o) => o.title === title);
      }, 5000, "the new offer on instance B");
    });
  });

  it("shows a member's like made on B as hers on A, where her likes were already kept, and her unlike too", async () => {
    await withTwoInstances({ BOARD_CACHE_MS: "600000" }, async (a, b) => {
      const author = new TestClient(a.url);
      await signIn(author, "21988775678");
      const created = await author.gql(CREATE, { input: offer(`Ensaio de produto ${Math.random().toString(36).slice(2, 8)}`) });
      const offerId = created.body.data.createOffer.id as number;
      const fanOnA = new TestClient(a.url);
      await signIn(fanOnA, "21988775679");
      const fanOnB = fanOnA.at(b.url);
      const likedOnA = async () =>
        ((await fanOnA.gql<{ offers: { edges: { node: BoardNode }[] } }>(BOARD)).body.data!.offers.edges.map((e) => e.node)).find((o) => o.id === offerId)
          ?.isLiked;
      expect(await likedOnA()).toBe(false);
      expect(await likedOnA()).toBe(false);
      expect((await fanOnB.rest("POST", `/api/offers/${offerId}/like`)).body).toMatchObject({ totalLikes: 1 });
      await eventually(async () => (await likedOnA()) === true, 5000, "her like on instance A");
      expect((await fanOnA.rest("GET", "/api/offers")).body.find((o: BoardNode) => o.id === offerId)?.isLiked).toBe(true);
      expect((await fanOnB.rest("POST", `/api/offers/${offerId}/like`)).body).toMatchObject({ totalLikes: 0 });
      await eventually(async () => (await likedOnA()) === false, 5000, "her unlike on instance A");
    });
  });
});
