// Robustness, as an attacker tries it: floods of anonymous GraphQL, uploads and 'Ajustar por IA'
// answered 429 with Retry-After on both doors; a saturated database answered 503; the sign-in
// codes outbox kept to this machine; session cookies Secure behind https whatever NODE_ENV says.
import pg from "pg";
import sharp from "sharp";
import { ERROR_MESSAGES } from "@clube-coroa/schema";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMember, freshPostgres, lastCode, requireServers, sleep, startTestApp, TestClient, type HttpAnswer, type TestApp } from "./harness.js";
import { expectGraphqlRefused, expectRefused, rowCounts, sendBytes, stillServing, writesNothing, validOffer } from "./robustness-kit.js";

type Member = Awaited<ReturnType<typeof createMember>>;

const LIMITS = { GRAPHQL_ANONYMOUS_PER_MINUTE: 5, UPLOADS_PER_HOUR: 2, IMPROVE_TEXT_PER_HOUR: 2 };

let t: TestApp;
let png: Buffer;

beforeAll(async () => {
  t = await startTestApp({
    PUBLIC_URL: "https://clube.example",
    ...Object.fromEntries(Object.entries(LIMITS).map(([name, value]) => [name, String(value)])),
  });
  png = await sharp({ create: { width: 16, height: 16, channels: 3, background: "#a0305a" } }).png().toBuffer();
});
afterAll(() => t?.close());

/** A 429 as REST answers it: the limit's Portuguese text and how long to wait, in the header too. */
function expectRestRateLimited(answer: HttpAnswer) {
  expectRefused(answer, 429, "RATE_LIMITED", ERROR_MESSAGES.RATE_LIMITED);
  const wait = Number(answer.headers.get("retry-after"));
  expect(wait).toBeGreaterThan(0);
  expect(answer.body.retryAfterSeconds).toBe(wait);
}

/** The same refusal as a GraphQL mutation's AppError result. */
function expectGraphqlRateLimited(answer: HttpAnswer, field: string) {
  expect(answer.status).toBe(200);
  expect(answer.body.data[field]).toMatchObject({ __typename: "AppError", code: "RATE_LIMITED", message: ERROR_MESSAGES.RATE_LIMITED });
  expect(answer.body.data[field].retryAfterSeconds).toBeGreaterThan(0);
}

describe("floods", () => {
  it("answers anonymous GraphQL beyond the per-minute limit with 429 and Retry-After, while members go on", async () => {
    const anonymous = new TestClient(t.url);
    const member = await createMember(t, "5511964");
    const query = "{ appInfo { productName } }";
    for (let i = 0; i < LIMITS.GRAPHQL_ANONYMOUS_PER_MINUTE; i++) expect((await anonymous.gql(query)).status).toBe(200);
    for (let i = 0; i < 3; i++) {
      const refused = await anonymous.gql(query);
      expectGraphqlRefused(refused, 429, "RATE_LIMITED", ERROR_MESSAGES.RATE_LIMITED);
      const wait = Number(refused.headers.get("retry-after"));
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(60);
    }
    // A cookie that names no session is no member.
    const forged = await anonymous.gql(query, undefined, { cookie: "coroa_session=forged" });
    expectGraphqlRefused(forged, 429, "RATE_LIMITED", ERROR_MESSAGES.RATE_LIMITED);
    for (let i = 0; i < LIMITS.GRAPHQL_ANONYMOUS_PER_MINUTE * 2; i++) {
      const answer = await member.client.gql("{ me { id } }");
      expect(answer.body).toEqual({ data: { me: { id: member.user.id } } });
    }
    // The limit is GraphQL's: the REST board still answers the same visitor.
    expect((await anonymous.rest("GET", "/api/offers")).status).toBe(200);
    await stillServing(t);
  });

  it("limits uploads per member, photo and banner together, writing nothing once refused", async () => {
    const uploader = await createMember(t, "5511964", { plan: "majestade" });
    const other = await createMember(t, "5511964", { plan: "majestade" });
    const multipart = Buffer.concat([
      Buffer.from('--X\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n'),
      png,
      Buffer.from("\r\n--X--\r\n"),
    ]);
    const restUpload = (who: Member, kind: "photo" | "banner") =>
      sendBytes(t, "POST", `/api/profile/${kind}`, multipart, { "content-type": "multipart/form-data; boundary=X", cookie: who.client.cookieHeader });

    expect((await restUpload(uploader, "photo")).status).toBe(200);
    expect((await restUpload(uploader, "banner")).status).toBe(200);
    const saved = (await uploader.client.rest("GET", "/api/profile")).body;
    await writesNothing(t, async () => {
      expectRestRateLimited(await restUpload(uploader, "photo"));
      expectRestRateLimited(await restUpload(uploader, "banner"));
    });
    expect((await uploader.client.rest("GET", "/api/profile")).body).toEqual(saved);
    // Another member's uploads are hers to count.
    expect((await restUpload(other, "photo")).status).toBe(200);
    await stillServing(t);
  });

  it("limits 'Ajustar por IA' per member on both doors together", async () => {
    const writer = await createMember(t, "5511964");
    const other = await createMember(t, "5511964");
    const input = { title: "Consultoria de marca", description: "Ajudo confeitarias a organizar a identidade visual.", postType: "oferta" };
    const graphqlImprove = (who: Member) =>
      who.client.gql(
        "mutation ($i: ImproveOfferTextInput!) { improveOfferText(input: $i) { __typename ... on ImprovedText { description } ... on AppError { code message retryAfterSeconds } } }",
        { i: input },
      );
    expect((await writer.client.rest("POST", "/api/improve-text", input)).status).toBe(200);
    expect((await graphqlImprove(writer)).body.data.improveOfferText.__typename).toBe("ImprovedText");
    expectRestRateLimited(await writer.client.rest("POST", "/api/improve-text", input));
    expectGraphqlRateLimited(await graphqlImprove(writer), "improveOfferText");
    expect((await graphqlImprove(other)).body.data.improveOfferText.__typename).toBe("ImprovedText");
    await stillServing(t);
  });
});

describe("the sign-in codes outbox (local WhatsApp sender)", () => {
  const phone = "11987650002";

  it("answers a request from this machine for one phone, and nobody else", async () => {
    const visitor = new TestClient(t.url);
    expect((await visitor.rest("POST", "/api/auth/send-token", { phone, countryCode: "BR" })).status).toBe(200);
    const own = await visitor.rest("GET", `/api/dev/outbox?phone=55${phone}`);
    expect(own.status).toBe(200);
    expect(own.body).toEqual([expect.objectContaining({ phone: `55${phone}`, code: expect.stringMatching(/^\d{6}$/) })]);

    const forwarded: Record<string, string>[] = [{ "x-forwarded-for": "203.0.113.9" }, { "x-forwarded-for": "127.0.0.1" }, { forwarded: "for=203.0.113.9" }, { "x-real-ip": "203.0.113.9" }];
    for (const headers of forwarded) {
      expectRefused(await visitor.rest("GET", `/api/dev/outbox?phone=55${phone}`, undefined, headers), 404, "NOT_FOUND", "Rota não encontrada");
    }
    for (const query of ["", "?phone=", "?phone=abc", "?kind=all", "?phone[]=1"]) {
      expectRefused(await visitor.rest("GET", `/api/dev/outbox${query}`), 400, "VALIDATION", "Informe o telefone: /api/dev/outbox?phone=55DDDNÚMERO");
    }
    await stillServing(t);
  });
});

describe("cookies behind https", () => {
  it("marks the device and session cookies Secure when PUBLIC_URL is https, with NODE_ENV=test", async () => {
    expect(t.config.NODE_ENV).toBe("test");
    const phone = "11987650003";
    const visitor = new TestClient(t.url);
    const sent = await visitor.rest("POST", "/api/auth/send-token", { phone, countryCode: "BR" });
    expect(sent.status).toBe(200);
    const device = sent.headers.getSetCookie().find((line) => line.startsWith("coroa_device="));
    expect(device).toMatch(/; Secure(;|$)/);
    const verified = await visitor.rest("POST", "/api/auth/verify-token", { phone, countryCode: "BR", token: await lastCode(visitor, `55${phone}`) });
    expect(verified.status).toBe(200);
    const session = verified.headers.getSetCookie().find((line) => line.startsWith("coroa_session="));
    expect(session).toMatch(/; Secure(;|$)/);
    expect(session).toMatch(/; HttpOnly(;|$)/);
    expect(session).toMatch(/; SameSite=Lax(;|$)/);
  });
});

// PostgreSQL only (PGlite has one connection and no pool to exhaust), on the test server's PostgreSQL.
describe("overload", () => {
  let crowded: TestApp | undefined;
  let database: Awaited<ReturnType<typeof freshPostgres>> | undefined;
  afterAll(async () => {
    await crowded?.close();
    await database?.drop();
  });
  /** One fresh database on the test PostgreSQL for this group; the test is named as not run without it. */
  const postgresDatabase = async () => (database ??= await freshPostgres(requireServers("postgres").postgres));

  it("answers writes 503 with Retry-After (never 500) while the pool is exhausted, keeps exactly what it confirmed, and recovers", async () => {
    const app = await startTestApp({ DATABASE_URL: (await postgresDatabase()).url, DATABASE_POOL_MAX: "2" });
    crowded = app;
    const writer = await createMember(app, "5511964", { plan: "majestade" });
    const before = await rowCounts(app);
    // Two slow requests hold both connections of the pool for 6 s, as a burst of heavy work would
    // (this machine is too fast for 100 writes alone to exhaust a pool of 2 every time). The first
    // half of the writers waits longer than the pool lets it (5 s); the second half, sent 3 s later,
    // gets connections once the pool frees up.
    const slow = () =>
      app.app.services.prisma.$transaction(
        async (tx) => {
          await tx.$queryRaw`SELECT 1`;
          await sleep(6000);
        },
        { maxWait: 10_000, timeout: 20_000 },
      );
    const holding = Promise.all([slow(), slow()]);
    const post = (i: number) => writer.client.rest("POST", "/api/offers", { ...validOffer, title: `${validOffer.title} ${i}` });
    await sleep(100);
    const early = Array.from({ length: 50 }, (_, i) => post(i));
    const earlyGraphql = Array.from({ length: 5 }, () =>
      writer.client.gql("mutation ($v: OfferInput!) { createOffer(input: $v) { __typename } }", { v: validOffer }),
    );
    await sleep(3000);
    const late = Array.from({ length: 50 }, (_, i) => post(50 + i));
    const burst = Promise.all([...early, ...late]);
    await holding;
    const answers = await burst;
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status !== 201 && status !== 503)).toEqual([]);
    const unavailable = answers.filter((answer) => answer.status === 503);
    expect(unavailable.length).toBeGreaterThan(0);
    for (const answer of unavailable) {
      expectRefused(answer, 503, "UNAVAILABLE", ERROR_MESSAGES.UNAVAILABLE);
      expect(Number(answer.headers.get("retry-after"))).toBeGreaterThan(0);
    }
    // GraphQL's door answers the same, in GraphQL's shape.
    for (const answer of await Promise.all(earlyGraphql)) {
      expectGraphqlRefused(answer, 503, "UNAVAILABLE", ERROR_MESSAGES.UNAVAILABLE);
      expect(Number(answer.headers.get("retry-after"))).toBeGreaterThan(0);
    }
    const created = statuses.filter((status) => status === 201).length;
    expect(created).toBeGreaterThan(0);
    const after = await rowCounts(app);
    expect(after.offers - before.offers).toBe(created);
    expect(after.publications - before.publications).toBe(created);
    await stillServing(app);
    expect((await writer.client.rest("POST", "/api/offers", validOffer)).status).toBe(201);
  });

  it("answers 503 (never 500) when a write waits too long for a lock, and writes all or nothing of each", async () => {
    // Its own instance with a full pool: what is scarce here is the lock, not connections.
    const url = (await postgresDatabase()).url;
    const app = await startTestApp({ DATABASE_URL: url });
    const writer = await createMember(app, "5511965", { plan: "majestade" });
    const before = await rowCounts(app);
    // Another session (a long migration, a stuck job) holds the board's table for 6 s: statements give
    // up after the 3 s lock timeout, inside their transaction, instead of outliving its timer.
    const blocker = new pg.Client({ connectionString: url });
    await blocker.connect();
    try {
      await blocker.query('BEGIN; LOCK TABLE "Offer" IN EXCLUSIVE MODE');
      const answers = Promise.all(
        Array.from({ length: 12 }, (_, i) => writer.client.rest("POST", "/api/offers", { ...validOffer, title: `${validOffer.title} trava ${i}` })),
      );
      await sleep(6000);
      await blocker.query("COMMIT");
      const statuses = (await answers).map((answer) => answer.status);
      expect(statuses.filter((status) => status !== 201 && status !== 503)).toEqual([]);
      for (const answer of (await answers).filter((a) => a.status === 503)) {
        expectRefused(answer, 503, "UNAVAILABLE", ERROR_MESSAGES.UNAVAILABLE);
        expect(Number(answer.headers.get("retry-after"))).toBeGreaterThan(0);
      }
      expect(statuses).toContain(503);
      const after = await rowCounts(app);
      const created = statuses.filter((status) => status === 201).length;
      expect(after.offers - before.offers).toBe(created);
      expect(after.publications - before.publications).toBe(created);
      await stillServing(app);
    } finally {
      await blocker.end();
      await app.close();
    }
  });
});
