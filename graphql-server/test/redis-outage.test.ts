// A Redis outage between two instances (issue 23, probe finding 4): a proxy between the instances and
// the tests' Redis is cut and restored; the shared Redis server itself is never touched.
import { describe, expect, it } from "vitest";
import { SESSION_CHECK_CUT_OFF_MS } from "../src/domains/auth/sessions.js";
import { SESSION_COOKIE } from "../src/lib/http.js";
import { CLOSE_SESSION_ENDED } from "../src/lib/websocket.js";
import { collect, createMember, createOfferRow, eventually, legacySocket, requireServers, sleep, TestClient, withTwoInstances, type TestApp } from "./harness.js";
import { redisProxy } from "./redis-proxy.js";

const PREFIX = "55384";
const ANONYMOUS_PER_MINUTE = 5;
const ENV = {
  GRAPHQL_ANONYMOUS_PER_MINUTE: String(ANONYMOUS_PER_MINUTE),
  // Long enough that only an invalidation (or forgetting on Redis's return) explains a change seen here.
  SESSION_CACHE_MS: "300000",
  BOARD_CACHE_MS: "600000",
};
const ADDED = `subscription($c: Int!) { messageAdded(conversationId: $c) { content } }`;
const REVOKE = `mutation($id: ID!) { revokePartnerApiKey(id: $id) { __typename } }`;
const CREATE_KEY = `mutation { createPartnerApiKey(name: "Marca da queda") { __typename ... on CreatedPartnerApiKey { key partnerApiKey { id } } } }`;
/** How long the bus may take to bring an event to the other instance, or to reconnect, here. */
const BUS_MS = 10_000;

const health = async (t: TestApp) => (await new TestClient(t.url).rest("GET", "/healthz")).body as { status: string; bus: string; busConnected: boolean };
const readiness = (t: TestApp) => new TestClient(t.url).rest("GET", "/readyz");
const sameCookie = (t: TestApp, token: string) => {
  const client = new TestClient(t.url);
  client.cookies.set(SESSION_COOKIE, token);
  return client;
};
const me = async (client: TestClient) => (await client.rest("GET", "/api/auth/me")).status;
const board = async (t: TestApp) => ((await new TestClient(t.url).rest("GET", "/api/offers")).body as { id: number }[]).map((offer) => offer.id);
/** Statuses of `count` anonymous GraphQL requests sent to the instances in turn. */
async function anonymousStatuses(instances: TestApp[], count: number) {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) statuses.push((await new TestClient(instances[i % instances.length].url).gql("{ appInfo { productName } }")).status);
  return statuses;
}

describe("a Redis outage between two instances", () => {
  it("keeps delivery, logout and rate limits working on each instance, says it is not ready, and recovers when Redis returns", async () => {
    const { redis } = requireServers("postgres", "redis");
    const proxy = await redisProxy(redis);
    try {
      await withTwoInstances({ ...ENV, REDIS_URL: proxy.url }, async (a, b) => {
        await eventually(async () => (await health(a)).busConnected && (await health(b)).busConnected, BUS_MS, "both buses connected");
        for (const t of [a, b]) expect((await readiness(t)).body).toEqual({ status: "ready", database: "ok", redis: "ok" });

        const owner = await createMember(a, PREFIX);
        const asker = await createMember(a, PREFIX);
        const offer = await createOfferRow(a, owner.user.id);
        const conversation = (await asker.client.rest("POST", "/api/conversations", { offerId: offer.id })).body.id as number;
        const wsOnA = owner.client.ws();
        const wsOnB = owner.client.at(b.url).ws();
        const onA = collect(wsOnA, ADDED, { c: conversation });
        const onB = collect(wsOnB, ADDED, { c: conversation });
        const chat = await legacySocket(owner.client, "/chat");
        chat.send({ type: "join_conversation", conversationId: conversation, userId: owner.user.id });
        await chat.frame((f) => f.type === "joined");
        await sleep(300);
        // Sessions and a partner key B trusts from memory before the outage.
        const her = await createMember(a, PREFIX);
        expect(await me(sameCookie(b, her.token))).toBe(200);
        const herSocketOnB = await legacySocket(sameCookie(b, her.token), "/notifications");
        const staff = await createMember(a, PREFIX);
        await a.app.services.prisma.user.update({ where: { id: staff.user.id }, data: { role: "superuser" } });
        const created = (await staff.client.gql(CREATE_KEY)).body.data.createPartnerApiKey as { key: string; partnerApiKey: { id: string } };
        const partnerAsks = () => new TestClient(b.url).gql("{ __typename }", undefined, { authorization: `Bearer ${created.key}` });
        expect((await partnerAsks()).status).toBe(200);

        proxy.cut();
        await eventually(async () => !(await health(a)).busConnected && !(await health(b)).busConnected, BUS_MS, "both buses cut off");
        expect(await health(b)).toMatchObject({ status: "ok", bus: "redis", busConnected: false });
        for (const t of [a, b]) {
          const answer = await readiness(t);
          expect(answer.status).toBe(503);
          expect(answer.body).toEqual({ status: "unavailable", database: "ok", redis: "unreachable", missing: ["redis"] });
        }

        // A message sent on A reaches A's own subscribers, over graphql-ws and /chat.
        expect((await asker.client.rest("POST", `/api/conversations/${conversation}/messages`, { content: "Sem Redis" })).status).toBe(201);
        expect(await onA.next(1)).toEqual({ messageAdded: { content: "Sem Redis" } });
        expect((await chat.frame((f) => f.type === "new_message")).message.content).toBe("Sem Redis");

        // A logout and a revocation on A count on B at once: B trusts nothing from memory meanwhile.
        expect((await her.client.rest("POST", "/api/auth/logout")).status).toBe(200);
        expect(await me(sameCookie(b, her.token))).toBe(401);
        expect((await staff.client.gql(REVOKE, { id: created.partnerApiKey.id })).body.data.revokePartnerApiKey.__typename).toBe("PartnerApiKey");
        expect((await partnerAsks()).status).toBe(401);

        // Each instance limits anonymous GraphQL on its own, without waiting for Redis.
        const started = performance.now();
        expect(await anonymousStatuses([a], ANONYMOUS_PER_MINUTE + 1)).toEqual([...Array(ANONYMOUS_PER_MINUTE).fill(200), 429]);
        expect(await anonymousStatuses([b], ANONYMOUS_PER_MINUTE + 1)).toEqual([...Array(ANONYMOUS_PER_MINUTE).fill(200), 429]);
        expect(performance.now() - started).toBeLessThan(5000);
        // Her socket on B is closed by B's own check of its connections' sessions, every 5 s meanwhile.
        expect(await herSocketOnB.closed(SESSION_CHECK_CUT_OFF_MS + 3000)).toBe(CLOSE_SESSION_ENDED);

        // B keeps its board page; an offer written on A meanwhile is news B cannot hear.
        const before = await board(b);
        const added = await createOfferRow(a, owner.user.id, "collab", "Oferta escrita durante a queda");
        expect(await board(b)).toEqual(before);

        proxy.restore();
        await eventually(async () => (await health(a)).busConnected && (await health(b)).busConnected, BUS_MS, "both buses back");
        for (const t of [a, b]) expect((await readiness(t)).status).toBe(200);
        // B forgot what it kept while events could not reach it.
        expect(await board(b)).toContain(added.id);

        // Across instances again: delivery (what was sent during the outage does not come late),
        // logout, and one limit shared by both.
        expect((await asker.client.rest("POST", `/api/conversations/${conversation}/messages`, { content: "Redis voltou" })).status).toBe(201);
        expect(await onB.next(1)).toEqual({ messageAdded: { content: "Redis voltou" } });
        expect(await onA.next(2)).toEqual({ messageAdded: { content: "Redis voltou" } });
        expect(onB.values).toEqual([{ messageAdded: { content: "Redis voltou" } }]);
        const again = await createMember(a, PREFIX);
        expect(await me(sameCookie(b, again.token))).toBe(200);
        expect((await again.client.rest("POST", "/api/auth/logout")).status).toBe(200);
        await eventually(async () => (await me(sameCookie(b, again.token))) === 401, BUS_MS, "the logout on A reaching B");
        expect(await anonymousStatuses([a, b], ANONYMOUS_PER_MINUTE + 2)).toEqual([...Array(ANONYMOUS_PER_MINUTE).fill(200), 429, 429]);

        chat.close();
        await Promise.all([wsOnA.dispose(), wsOnB.dispose()]);
      });
    } finally {
      await proxy.close();
    }
  }, 90_000);
});
