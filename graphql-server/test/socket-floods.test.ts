// Floods over WebSocket, as the 2026-11-27 probe sent them (finding 3): sockets beyond the caps per
// address and per member are refused with 429 before the handshake, operations of anonymous
// graphql-ws connections count against the same per-address bucket as anonymous GraphQL over HTTP,
// and likes are limited per member on both doors. Addresses are told by X-Forwarded-For, which the
// default TRUST_PROXY (loopback) believes from the test's 127.0.0.1, as Express does for HTTP.
import { ERROR_MESSAGES } from "@clube-coroa/schema";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { WebSocket } from "ws";
import { createMember, createOfferRow, eventually, startTestApp, TestClient, type TestApp } from "./harness.js";

const LIMITS = { SOCKETS_PER_ADDRESS: 5, ANONYMOUS_SOCKETS_PER_ADDRESS: 3, SOCKETS_PER_MEMBER: 3, GRAPHQL_ANONYMOUS_PER_MINUTE: 8 };
const ADDRESS_TEXT = "Conexões demais abertas a partir deste endereço. Aguarde um pouco e tente novamente.";
const MEMBER_TEXT = "Você tem conexões demais abertas. Feche algumas abas do Clube Coroa e tente novamente.";

type Member = Awaited<ReturnType<typeof createMember>>;
type Path = "/graphql" | "/chat" | "/notifications";

let t: TestApp;
const open: WebSocket[] = [];

beforeAll(async () => {
  t = await startTestApp(Object.fromEntries(Object.entries(LIMITS).map(([name, value]) => [name, String(value)])));
});
afterAll(async () => {
  for (const ws of open) ws.terminate();
  await t?.close();
});

/** A client address of its own for each test (documentation range). */
let addressSeq = 0;
const newAddress = () => `198.51.100.${++addressSeq}`;

type Refused = { status: number; body: any; retryAfter: string | undefined };

/**
 * Opens a socket from `address` (as a member when given), speaking graphql-ws up to its ack on
 * /graphql; answers the open socket, or the refusal of its upgrade.
 */
async function connect(path: Path, address: string, member?: Member): Promise<WebSocket | Refused> {
  const headers: Record<string, string> = { "x-forwarded-for": address, ...(member ? { cookie: member.client.cookieHeader } : {}) };
  const ws = new WebSocket(t.url.replace(/^http/, "ws") + path, path === "/graphql" ? "graphql-transport-ws" : [], { headers });
  return new Promise((resolve, reject) => {
    ws.once("unexpected-response", (_request, response) => {
      let body = "";
      response.on("data", (chunk: Buffer) => (body += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(body || "null"), retryAfter: response.headers["retry-after"] }));
    });
    ws.once("error", reject);
    ws.once("open", () => {
      open.push(ws);
      if (path !== "/graphql") return resolve(ws);
      ws.send(JSON.stringify({ type: "connection_init" }));
      ws.once("message", (raw) => (JSON.parse(String(raw)).type === "connection_ack" ? resolve(ws) : reject(new Error(String(raw)))));
    });
  });
}

async function accepted(path: Path, address: string, member?: Member) {
  const answer = await connect(path, address, member);
  if (!(answer instanceof WebSocket)) throw new Error(`${path} from ${address} refused: ${JSON.stringify(answer)}`);
  return answer;
}

async function expectRefused(path: Path, address: string, member: Member | undefined, text: string) {
  const answer = await connect(path, address, member);
  if (answer instanceof WebSocket) throw new Error(`${path} from ${address} was accepted`);
  expect(answer).toEqual({ status: 429, body: { success: false, error: text, code: "RATE_LIMITED", retryAfterSeconds: 30 }, retryAfter: "30" });
}

/** Closes a socket and waits until the server has given its place back (the next one is accepted). */
async function closeAndReopen(ws: WebSocket, path: Path, address: string, member?: Member) {
  ws.close();
  let reopened: WebSocket | undefined;
  await eventually(async () => {
    const answer = await connect(path, address, member);
    if (answer instanceof WebSocket) reopened = answer;
    return reopened !== undefined;
  }, 3000, "the closed socket's place");
  return reopened!;
}

/** Runs one graphql-ws operation on an open connection; answers its first result or its error. */
function operate(ws: WebSocket, id: string, query: string): Promise<{ type: string; payload: any }> {
  return new Promise((resolve) => {
    const listener = (raw: unknown) => {
      const message = JSON.parse(String(raw));
      if (message.id !== id || (message.type !== "next" && message.type !== "error")) return;
      ws.off("message", listener);
      resolve(message);
    };
    ws.on("message", listener);
    ws.send(JSON.stringify({ id, type: "subscribe", payload: { query } }));
  });
}

describe("sockets per address", () => {
  it("refuses an anonymous graphql-ws socket beyond the address's cap before the handshake, and no other address's", async () => {
    const address = newAddress();
    const sockets = [];
    for (let i = 0; i < LIMITS.ANONYMOUS_SOCKETS_PER_ADDRESS; i++) sockets.push(await accepted("/graphql", address));
    await expectRefused("/graphql", address, undefined, ADDRESS_TEXT);
    await expectRefused("/graphql", address, undefined, ADDRESS_TEXT);
    // Another address, and the sockets already open, are untouched.
    await accepted("/graphql", newAddress());
    expect((await operate(sockets[0], "1", "{ appInfo { productName } }")).payload).toEqual({ data: { appInfo: { productName: "Clube Coroa" } } });
    // A socket that closes gives its place back.
    await closeAndReopen(sockets[1], "/graphql", address);
    await expectRefused("/graphql", address, undefined, ADDRESS_TEXT);
  });

  it("keeps room for members at an address that visitors filled, up to the address's cap for all sockets, legacy ones too", async () => {
    const address = newAddress();
    for (let i = 0; i < LIMITS.ANONYMOUS_SOCKETS_PER_ADDRESS; i++) await accepted("/graphql", address);
    const first = await createMember(t, "5511977");
    const second = await createMember(t, "5511977");
    await accepted("/chat", address, first);
    await accepted("/graphql", address, second);
    // Five sockets at this address now: the next is refused whoever asks and whichever kind.
    await expectRefused("/notifications", address, first, ADDRESS_TEXT);
    await expectRefused("/chat", address, second, ADDRESS_TEXT);
    await expectRefused("/graphql", address, second, ADDRESS_TEXT);
    // The same members from elsewhere are not.
    await accepted("/notifications", newAddress(), first);
  });
});

describe("sockets per member", () => {
  it("refuses a member's socket beyond her cap, the three kinds together and from any address, and no one else's", async () => {
    const member = await createMember(t, "5511978");
    const other = await createMember(t, "5511978");
    const chat = await accepted("/chat", newAddress(), member);
    await accepted("/notifications", newAddress(), member);
    await accepted("/graphql", newAddress(), member);
    for (const path of ["/graphql", "/chat", "/notifications"] as const) await expectRefused(path, newAddress(), member, MEMBER_TEXT);
    await accepted("/chat", newAddress(), other);
    // Her open sockets still work, and closing one lets her open another.
    await closeAndReopen(chat, "/graphql", newAddress(), member);
    await expectRefused("/chat", newAddress(), member, MEMBER_TEXT);
  });
});

describe("anonymous operations over graphql-ws", () => {
  const QUERY = "{ appInfo { productName } }";

  it("counts every operation against the address's anonymous GraphQL limit, the HTTP door's bucket", async () => {
    const address = newAddress();
    const visitor = new TestClient(t.url);
    const overHttp = () => visitor.gql(QUERY, undefined, { "x-forwarded-for": address });
    for (let i = 0; i < 3; i++) expect((await overHttp()).status).toBe(200);
    const ws = await accepted("/graphql", address);
    for (let i = 0; i < LIMITS.GRAPHQL_ANONYMOUS_PER_MINUTE - 3; i++) {
      expect((await operate(ws, `q${i}`, QUERY)).payload).toEqual({ data: { appInfo: { productName: "Clube Coroa" } } });
    }
    const refused = await operate(ws, "over", QUERY);
    expect(refused.type).toBe("error");
    expect(refused.payload).toEqual([
      { message: ERROR_MESSAGES.RATE_LIMITED, extensions: { code: "RATE_LIMITED", status: 429, retryAfterSeconds: expect.any(Number) } },
    ]);
    expect(refused.payload[0].extensions.retryAfterSeconds).toBeGreaterThan(0);
    expect((await operate(ws, "sub", "subscription { offersChanged { kind } }")).type).toBe("error");
    // The socket's operations used up the HTTP door's bucket too.
    const overHttpNow = await overHttp();
    expect(overHttpNow.status).toBe(429);
    expect(overHttpNow.body.errors?.[0]?.extensions?.code).toBe("RATE_LIMITED");
    // Another address, and a member at this one, are not counted in it.
    expect((await operate(await accepted("/graphql", newAddress()), "a", QUERY)).type).toBe("next");
    const member = await createMember(t, "5511979");
    const memberSocket = await accepted("/graphql", address, member);
    for (let i = 0; i < LIMITS.GRAPHQL_ANONYMOUS_PER_MINUTE + 2; i++) expect((await operate(memberSocket, `m${i}`, "{ me { id } }")).type).toBe("next");
  });

  it("holds at most five operations at once on a connection without a session, counting a burst as it arrives", async () => {
    const ws = await accepted("/graphql", newAddress());
    const messages: { id: string; type: string; payload: any }[] = [];
    ws.on("message", (raw) => messages.push(JSON.parse(String(raw))));
    for (let i = 0; i < 7; i++) ws.send(JSON.stringify({ id: `s${i}`, type: "subscribe", payload: { query: "subscription { offersChanged { kind } }" } }));
    const refusal = [{ message: "Assinaturas demais abertas nesta conexão", extensions: { code: "RATE_LIMITED" } }];
    await eventually(() => messages.filter((m) => m.type === "error").length >= 2, 3000, "the refusals");
    // The five held get the board's changes.
    const owner = await createMember(t, "5511981");
    const liker = await createMember(t, "5511981");
    const offer = await createOfferRow(t, owner.user.id);
    const held = () => new Set(messages.filter((m) => m.type === "next").map((m) => m.id));
    await eventually(async () => {
      await liker.client.rest("POST", `/api/offers/${offer.id}/like`);
      return held().size === 5;
    }, 3000, "a change on the five subscriptions");
    expect([...held()].sort()).toEqual(["s0", "s1", "s2", "s3", "s4"]);
    expect(messages.filter((m) => m.type === "error")).toEqual([
      { id: "s5", type: "error", payload: refusal },
      { id: "s6", type: "error", payload: refusal },
    ]);
  });
});

describe("likes", () => {
  it("lets a burst of 20 through, refuses the 31st toggle of a minute on both doors, and lets her go on once the minute has passed", async () => {
    const owner = await createMember(t, "5511980");
    const liker = await createMember(t, "5511980");
    const other = await createMember(t, "5511980");
    const offer = await createOfferRow(t, owner.user.id);
    const restLike = (who: Member) => who.client.rest("POST", `/api/offers/${offer.id}/like`);
    const graphqlLike = (who: Member) =>
      who.client.gql(
        "mutation ($o: Int!) { toggleLike(offerId: $o) { __typename ... on LikePayload { liked totalLikes } ... on AppError { code message retryAfterSeconds } } }",
        { o: offer.id },
      );
    const burst = await Promise.all(Array.from({ length: 20 }, () => restLike(liker)));
    expect(burst.map((answer) => answer.status)).toEqual(Array(20).fill(200));
    for (let i = 0; i < 10; i++) expect((await graphqlLike(liker)).body.data.toggleLike.__typename).toBe("LikePayload");

    const refused = await restLike(liker);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ success: false, code: "RATE_LIMITED", error: ERROR_MESSAGES.RATE_LIMITED });
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await graphqlLike(liker)).body.data.toggleLike).toMatchObject({
      __typename: "AppError",
      code: "RATE_LIMITED",
      message: ERROR_MESSAGES.RATE_LIMITED,
      retryAfterSeconds: expect.any(Number),
    });
    // Thirty toggles: she does not like it now, and the count agrees; another member is not slowed.
    expect((await restLike(other)).body).toEqual({ liked: true, totalLikes: 1 });

    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 61_000 });
    try {
      expect((await restLike(liker)).body).toEqual({ liked: true, totalLikes: 2 });
    } finally {
      vi.useRealTimers();
    }
  });
});
