// Robustness, as an attacker tries it: malformed WebSocket upgrades, broken and oversized
// multipart uploads, bodies in encodings and shapes the doors do not take. Every refusal is a 4xx
// with a Portuguese message, nothing is written, and the server keeps serving afterwards.
import { gzipSync } from "node:zlib";
import sharp from "sharp";
import { ERROR_MESSAGES } from "@clube-coroa/schema";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { WebSocket } from "ws";
import { JSON_NESTING_LIMIT } from "../src/lib/json-nesting.js";
import { createMember, createOfferRow, eventually, legacySocket, nextValue, startTestApp, TestClient, type TestApp } from "./harness.js";
import {
  expectGraphqlRefused,
  expectRefused,
  rawExchange,
  requestHead,
  sendBytes,
  stillServing,
  writeThenReset,
  writesNothing,
} from "./robustness-kit.js";

type Member = Awaited<ReturnType<typeof createMember>>;

let t: TestApp;
let owner: Member;
let member: Member;
let offerId: number;
let conversationId: number;
let png: Buffer;

beforeAll(async () => {
  t = await startTestApp();
  owner = await createMember(t, "5511961", { plan: "majestade" });
  member = await createMember(t, "5511961", { plan: "majestade" });
  offerId = (await createOfferRow(t, owner.user.id)).id;
  const started = await member.client.rest("POST", "/api/conversations", { offerId });
  expect(started.status).toBe(200);
  conversationId = started.body.id;
  png = await sharp({ create: { width: 16, height: 16, channels: 3, background: "#a0305a" } }).png().toBuffer();
});
afterAll(() => t?.close());

describe("malformed WebSocket upgrades", () => {
  const host = () => `127.0.0.1:${new URL(t.url).port}`;
  const wsHeaders = (overrides: Record<string, string | null> = {}) => ({
    Host: host(),
    Connection: "Upgrade",
    Upgrade: "websocket",
    "Sec-WebSocket-Version": "13",
    "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ==",
    ...overrides,
  });
  const upgrade = (target: string, overrides: Record<string, string | null> = {}, method = "GET") =>
    rawExchange(t, [requestHead(method, target, wsHeaders(overrides))]);

  it("answers 400 to an upgrade whose path is not a URL (curl -g --path-as-is '//[') and keeps serving", async () => {
    for (const target of ["//[", "//[::1", "//:99999/graphql", "//%zz/chat"]) {
      const answer = await upgrade(target);
      expect({ target, status: answer.status, closed: answer.closedByServer }).toEqual({ target, status: 400, closed: true });
    }
    await stillServing(t);
  });

  it("refuses upgrades to paths with stray percent signs or to unknown paths with 403", async () => {
    for (const target of ["/%", "/graphql%", "/graphql%ZZ", "/%E0%A4%A", "/", "/healthz", "/api/offers", "/graphqlx", "/chat/x", "/notifications/"]) {
      const answer = await upgrade(target, { Cookie: member.client.cookieHeader });
      expect({ target, status: answer.status }).toEqual({ target, status: 403 });
    }
    await stillServing(t);
  });

  it("refuses an upgrade to /chat or /notifications without a session (401) and from another site (403)", async () => {
    for (const path of ["/chat", "/notifications", "/chat?conversationId=%ZZ", "/notifications?userId=1"]) {
      const anonymous = await upgrade(path);
      expect({ path, status: anonymous.status }).toEqual({ path, status: 401 });
    }
    for (const path of ["/chat", "/notifications", "/graphql"]) {
      const crossSite = await upgrade(path, { Cookie: member.client.cookieHeader, Origin: "https://evil.example" });
      expect({ path, status: crossSite.status }).toEqual({ path, status: 403 });
      const nullOrigin = await upgrade(path, { Cookie: member.client.cookieHeader, Origin: "null" });
      expect({ path, status: nullOrigin.status }).toEqual({ path, status: 403 });
    }
    await stillServing(t);
  });

  it("answers 400 to handshakes without a valid key, version or upgrade token", async () => {
    const broken: Record<string, string | null>[] = [
      { "Sec-WebSocket-Key": null },
      { "Sec-WebSocket-Key": "abc" },
      { "Sec-WebSocket-Key": "=".repeat(24) },
      { "Sec-WebSocket-Version": null },
      { "Sec-WebSocket-Version": "7" },
      { "Sec-WebSocket-Version": "99999999999999999999" },
      { Upgrade: "h2c" },
    ];
    for (const path of ["/graphql", "/chat", "/notifications"]) {
      for (const overrides of broken) {
        const answer = await upgrade(path, { Cookie: member.client.cookieHeader, ...overrides });
        expect({ path, overrides, status: answer.status }).toEqual({ path, overrides, status: 400 });
      }
    }
    await stillServing(t);
  });

  it("refuses an upgrade with a method other than GET with 405", async () => {
    for (const method of ["POST", "PUT", "DELETE"]) {
      const answer = await upgrade("/graphql", { Cookie: member.client.cookieHeader }, method);
      expect({ method, status: answer.status }).toEqual({ method, status: 405 });
    }
    await stillServing(t);
  });

  it("survives connections reset in the middle of a handshake", async () => {
    const full = (path: string) => requestHead("GET", path, wsHeaders({ Cookie: member.client.cookieHeader }));
    // Half the headers, then a reset.
    for (const path of ["/graphql", "/chat", "//["]) await writeThenReset(t, [full(path).slice(0, 60)]);
    // The whole handshake, then a reset before (or while) the server answers; /chat looks the
    // session up first, so its socket is gone by the time it upgrades.
    for (const path of ["/graphql", "/chat", "/notifications", "//["]) await writeThenReset(t, [full(path)], 0);
    // A handshake followed by bytes that are no WebSocket frame.
    await writeThenReset(t, [full("/graphql"), Buffer.from([0xff, 0xff, 0xff, 0xff, 0x00, 0x01])], 50);
    await stillServing(t);
  });

  it("still opens real sockets afterwards", async () => {
    const chat = await legacySocket(member.client, "/chat");
    chat.send({ type: "join_conversation", conversationId });
    expect(await chat.frame((f) => f.type === "joined")).toMatchObject({ conversationId });
    chat.close();
    const ws = member.client.ws();
    expect((await nextValue(ws, "{ me { id } }")).data).toEqual({ me: { id: member.user.id } });
    await ws.dispose();
  });
});

describe("truncated, oversized and hostile multipart uploads", () => {
  const MULTIPART_HINT = "Envie a imagem no campo file (multipart/form-data)";
  const part = (bytes: Buffer, { name = "file", filename = "a.png", type = "image/png", boundary = "X" } = {}) =>
    Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`),
      bytes,
      Buffer.from("\r\n"),
    ]);
  const closing = (boundary = "X") => Buffer.from(`--${boundary}--\r\n`);
  const multipart = (...parts: Buffer[]) => Buffer.concat([...parts, closing()]);
  const upload = (who: Member, kind: "photo" | "banner", body: Buffer | ReadableStream<Uint8Array>, contentType = "multipart/form-data; boundary=X") =>
    sendBytes(t, "POST", `/api/profile/${kind}`, body, { "content-type": contentType, cookie: who.client.cookieHeader });

  /** Her photo and banner as members see them: absent until an upload succeeds. */
  async function imagesOf(who: Member) {
    const profile = await who.client.rest("GET", "/api/profile");
    const photo = await who.client.rest("GET", `/api/users/${who.user.id}/photo`);
    return { photoUrl: profile.body.profilePhotoUrl, bannerUrl: profile.body.bannerImageUrl, photoStatus: photo.status };
  }

  /** Runs the attack and checks that her images and every table are as they were. */
  async function leavesNoTrace(who: Member, attack: () => Promise<void>) {
    const before = await imagesOf(who);
    await writesNothing(t, attack);
    expect(await imagesOf(who)).toEqual(before);
  }

  it("answers 400 to the truncated body that used to end the process (C2), on the photo and the banner", async () => {
    const c2 = Buffer.from('--X\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc');
    // The banner route reads the body before it checks the plan: a nobreza member reaches it too.
    const nobreza = await createMember(t, "5511961", { plan: "nobreza" });
    for (const who of [member, nobreza]) {
      await leavesNoTrace(who, async () => {
        for (const kind of ["photo", "banner"] as const) {
          expectRefused(await upload(who, kind, c2), 400, "BAD_REQUEST", MULTIPART_HINT);
        }
      });
    }
    await stillServing(t);
  });

  it("answers 400 to a body with no closing boundary, a wrong or missing boundary, or no multipart at all", async () => {
    await leavesNoTrace(member, async () => {
      for (const kind of ["photo", "banner"] as const) {
        expectRefused(await upload(member, kind, part(png)), 400, "BAD_REQUEST", MULTIPART_HINT);
        expectRefused(await upload(member, kind, part(png).subarray(0, 80)), 400, "BAD_REQUEST", MULTIPART_HINT);
        expectRefused(await upload(member, kind, multipart(part(png)), "multipart/form-data; boundary=Y"), 400, "BAD_REQUEST", MULTIPART_HINT);
        expectRefused(await upload(member, kind, multipart(part(png)), "multipart/form-data"), 400, "BAD_REQUEST", MULTIPART_HINT);
        expectRefused(await upload(member, kind, multipart(part(png)), 'multipart/form-data; boundary="'), 400, "BAD_REQUEST", MULTIPART_HINT);
        expectRefused(await upload(member, kind, png, "image/png"), 400, "BAD_REQUEST", MULTIPART_HINT);
        expectRefused(await upload(member, kind, Buffer.alloc(0)), 400, "BAD_REQUEST", MULTIPART_HINT);
        expectRefused(await upload(member, kind, multipart(part(png, { name: "photo" }))), 400, "BAD_REQUEST", MULTIPART_HINT);
        const hugeHeader = part(png, { filename: `${"a".repeat(100_000)}.png` });
        expectRefused(await upload(member, kind, multipart(hugeHeader)), 400, "BAD_REQUEST", MULTIPART_HINT);
      }
    });
    await stillServing(t);
  });

  it("answers 413 to a declared Content-Length over the limit, without waiting for the body", async () => {
    await leavesNoTrace(member, async () => {
      const sixMegabytes = multipart(part(Buffer.alloc(6 * 1024 * 1024, 1)));
      expectRefused(await upload(member, "photo", sixMegabytes), 413, "IMAGE_TOO_LARGE", ERROR_MESSAGES.IMAGE_TOO_LARGE);
      const head = requestHead("POST", "/api/profile/banner", {
        Host: "127.0.0.1",
        Cookie: member.client.cookieHeader,
        "Content-Type": "multipart/form-data; boundary=X",
        "Content-Length": String(50 * 1024 * 1024),
      });
      const answer = await rawExchange(t, [head, part(png)]);
      expect(answer.status).toBe(413);
      expect(JSON.parse(answer.body)).toMatchObject({ code: "IMAGE_TOO_LARGE", error: ERROR_MESSAGES.IMAGE_TOO_LARGE });
    });
    await stillServing(t);
  });

  it("answers 413 to a file over 5 MB streamed in chunks without Content-Length", async () => {
    const body = multipart(part(Buffer.alloc(5 * 1024 * 1024 + 1, 7)));
    let offset = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (offset >= body.length) return controller.close();
        controller.enqueue(body.subarray(offset, offset + 256 * 1024));
        offset += 256 * 1024;
      },
    });
    await leavesNoTrace(member, async () => {
      expectRefused(await upload(member, "photo", stream), 413, "IMAGE_TOO_LARGE", ERROR_MESSAGES.IMAGE_TOO_LARGE);
    });
    await stillServing(t);
  });

  it("survives clients that disconnect in the middle of an upload", async () => {
    await leavesNoTrace(member, async () => {
      const withLength = requestHead("POST", "/api/profile/photo", {
        Host: "127.0.0.1",
        Cookie: member.client.cookieHeader,
        "Content-Type": "multipart/form-data; boundary=X",
        "Content-Length": String(1024 * 1024),
      });
      await writeThenReset(t, [withLength, part(Buffer.alloc(100 * 1024, 3))], 100);
      const chunked = requestHead("POST", "/api/profile/banner", {
        Host: "127.0.0.1",
        Cookie: member.client.cookieHeader,
        "Content-Type": "multipart/form-data; boundary=X",
        "Transfer-Encoding": "chunked",
      });
      const firstChunk = part(Buffer.alloc(50 * 1024, 3));
      await writeThenReset(t, [chunked, `${firstChunk.length.toString(16)}\r\n`, firstChunk, "\r\n"], 100);
      // Let the server notice the resets before counting.
      await new Promise((resolve) => setTimeout(resolve, 100));
    });
    await stillServing(t);
  });

  it("ignores parts beyond the limit and files beyond the first", async () => {
    const fields = Array.from({ length: 500 }, (_, i) => Buffer.from(`--X\r\nContent-Disposition: form-data; name="f${i}"\r\n\r\nv\r\n`));
    await leavesNoTrace(member, async () => {
      // The file comes after the 12 parts read: as if there were none.
      expectRefused(await upload(member, "photo", multipart(...fields, part(png))), 400, "BAD_REQUEST", MULTIPART_HINT);
      // Only the first file is read: it is not an image.
      const files = Array.from({ length: 200 }, () => part(Buffer.from("not an image")));
      expectRefused(await upload(member, "photo", multipart(...files, part(png))), 400, "IMAGE_TYPE", ERROR_MESSAGES.IMAGE_TYPE);
    });
    await stillServing(t);
  });

  it("refuses bytes that are not an image, whatever the part claims (IMAGE_TYPE)", async () => {
    const impostors = [
      Buffer.from("hello"),
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
      Buffer.from("<html><script>alert(1)</script></html>"),
      Buffer.concat([png.subarray(0, 16), Buffer.alloc(64)]),
      Buffer.from("GIF89a"),
    ];
    await leavesNoTrace(member, async () => {
      for (const kind of ["photo", "banner"] as const) {
        for (const bytes of impostors) {
          expectRefused(await upload(member, kind, multipart(part(bytes))), 400, "IMAGE_TYPE", ERROR_MESSAGES.IMAGE_TYPE);
        }
      }
      expectRefused(await upload(member, "photo", multipart(part(Buffer.alloc(0)))), 400, "IMAGE_TYPE", ERROR_MESSAGES.IMAGE_TYPE);
    });
    await stillServing(t);
  });

  it("asks for a session before reading any upload", async () => {
    const anonymous = await sendBytes(t, "POST", "/api/profile/photo", multipart(part(png)), { "content-type": "multipart/form-data; boundary=X" });
    expectRefused(anonymous, 401, "UNAUTHENTICATED", ERROR_MESSAGES.UNAUTHENTICATED);
  });

  it("still takes a real photo afterwards", async () => {
    const saved = await upload(member, "photo", multipart(part(png)));
    expect(saved.status).toBe(200);
    expect((await imagesOf(member)).photoStatus).toBe(200);
  });
});

describe("bodies in encodings and shapes the doors do not take", () => {
  const json = (text: string, headers: Record<string, string> = {}) => ({ text, headers: { "content-type": "application/json", ...headers } });
  const send = (path: string, body: { text: string | Buffer; headers: Record<string, string> }, method = "POST", cookie = member.client.cookieHeader) =>
    sendBytes(t, method, path, body.text, { ...body.headers, cookie });

  it("answers 415 to an unknown charset and to an unknown Content-Encoding, 400 to gzip that is not gzip", async () => {
    const graphqlBody = JSON.stringify({ query: "{ appInfo { productName } }" });
    const restBody = JSON.stringify({ title: "Consultoria de marca", description: "Ajudo confeitarias a organizar a marca.", postType: "oferta" });
    await writesNothing(t, async () => {
      for (const charset of ["bogus", "utf-7x", "latin1"]) {
        const rest = await send("/api/improve-text", json(restBody, { "content-type": `application/json; charset=${charset}` }));
        expectRefused(rest, 415, "UNSUPPORTED_MEDIA_TYPE", "Codificação de caracteres não suportada: envie UTF-8");
        const gql = await send("/graphql", json(graphqlBody, { "content-type": `application/json; charset=${charset}` }));
        expectGraphqlRefused(gql, 415, "UNSUPPORTED_MEDIA_TYPE", "Codificação de caracteres não suportada: envie UTF-8");
      }
      for (const encoding of ["br2", "compress", "gzip, bogus", "x-gzip2"]) {
        const rest = await send("/api/improve-text", json(restBody, { "content-encoding": encoding }));
        expectRefused(rest, 415, "UNSUPPORTED_MEDIA_TYPE", "Compressão do conteúdo não suportada");
        const gql = await send("/graphql", json(graphqlBody, { "content-encoding": encoding }));
        expectGraphqlRefused(gql, 415, "UNSUPPORTED_MEDIA_TYPE", "Compressão do conteúdo não suportada");
      }
      for (const encoding of ["gzip", "deflate", "br"]) {
        const rest = await send("/api/improve-text", json("not compressed at all", { "content-encoding": encoding }));
        expectRefused(rest, 400, "BAD_REQUEST", "Requisição inválida");
        const gql = await send("/graphql", json("not compressed at all", { "content-encoding": encoding }));
        expectGraphqlRefused(gql, 400, "BAD_REQUEST", "Requisição inválida");
      }
    });
    // Real compression is still understood.
    const gzipped = await sendBytes(t, "POST", "/graphql", gzipSync(graphqlBody), { "content-type": "application/json", "content-encoding": "gzip" });
    expect(gzipped.status).toBe(200);
    expect(gzipped.body.data.appInfo.productName).toBeTruthy();
    await stillServing(t);
  });

  it("answers 400 to malformed JSON and to a top-level string, number or null, on every write route and on /graphql", async () => {
    const routes = writeRoutes();
    await writesNothing(t, async () => {
      for (const text of ["{nope", '{"a":', '"a string"', "42", "null", "true", "\u0000", "{\"a\":1}}"]) {
        for (const [method, path] of routes) {
          const answer = await send(path, json(text), method);
          expect({ method, path, text, status: answer.status, code: answer.body?.code }).toEqual({ method, path, text, status: 400, code: "BAD_REQUEST" });
          expectRefused(answer, 400, "BAD_REQUEST", "Corpo da requisição não é um JSON válido");
        }
        expectGraphqlRefused(await send("/graphql", json(text)), 400, "BAD_REQUEST", "Corpo da requisição não é um JSON válido");
      }
    });
    // She is still signed in: the logout and the account deletion above were refused.
    expect((await member.client.rest("GET", "/api/auth/me")).status).toBe(200);
    await stillServing(t);
  });

  it("answers 400 to a top-level JSON array on every write route", async () => {
    await writesNothing(t, async () => {
      for (const text of ["[]", "[1]", '[{"offerId":1}]']) {
        for (const [method, path] of writeRoutes()) {
          const answer = await send(path, json(text), method);
          expect({ method, path, text, status: answer.status }).toEqual({ method, path, text, status: 400 });
          expectRefused(answer, 400, "BAD_REQUEST", "O corpo da requisição deve ser um objeto JSON");
        }
      }
    });
    expect((await member.client.rest("GET", "/api/auth/me")).status).toBe(200);
    await stillServing(t);
  });

  const objects = (levels: number) => `${'{"a":'.repeat(levels)}1${"}".repeat(levels)}`;
  const arrays = (levels: number) => `${"[".repeat(levels)}1${"]".repeat(levels)}`;
  // 5,000 levels ran out of stack in a recursive walk (500); a 100 kB body holds 45,000.
  const deepValues = [objects(5000), arrays(5000), arrays(45_000)];

  it("answers 400 to a body nested thousands of levels deep on every write route", async () => {
    await writesNothing(t, async () => {
      for (const deep of deepValues) {
        for (const [method, path] of writeRoutes()) {
          const answer = await send(path, json(`{"a":${deep}}`), method);
          expect({ method, path, status: answer.status }).toEqual({ method, path, status: 400 });
          expectRefused(answer, 400, "BAD_REQUEST", "Corpo da requisição aninhado demais");
        }
      }
    });
    expect((await member.client.rest("GET", "/api/auth/me")).status).toBe(200);
    await stillServing(t);
  });

  it("answers 400 to GraphQL variables or extensions nested thousands of levels deep (POST, GET, graphql-ws), logging no error", async () => {
    const query = "{ appInfo { productName } }";
    const post = (body: string) => sendBytes(t, "POST", "/graphql", body, { "content-type": "application/json" });
    const logged = [vi.spyOn(t.app.services.log, "error"), vi.spyOn(t.app.services.log, "warn")];
    await writesNothing(t, async () => {
      for (const deep of deepValues) {
        expectGraphqlRefused(await post(`{"query":"${query}","variables":{"v":${deep}}}`), 400, "BAD_USER_INPUT", "Consulta com variáveis aninhadas demais");
        expectGraphqlRefused(await post(`{"query":"${query}","extensions":{"v":${deep}}}`), 400, "BAD_REQUEST", "Consulta com extensões aninhadas demais");
      }
      // In a GET's query string (brackets travel unencoded, so 5,000 levels fit in the request line).
      const overGet = await new TestClient(t.url).request("GET", `/graphql?query=${encodeURIComponent(query)}&variables={"v":${arrays(5000)}}`, undefined, {
        "apollo-require-preflight": "true",
      });
      expectGraphqlRefused(overGet, 400, "BAD_USER_INPUT", "Consulta com variáveis aninhadas demais");
      expect(await overWebSocket([objects(5000), arrays(5000)])).toEqual([
        "Consulta com variáveis aninhadas demais",
        "Consulta com extensões aninhadas demais",
        "Consulta com variáveis aninhadas demais",
        "Consulta com extensões aninhadas demais",
      ]);
    });
    for (const spy of logged) expect(spy).not.toHaveBeenCalled();
    // Up to the limit variables are read as before (the variables object is the first level).
    const atTheLimit = await post(`{"query":"${query}","variables":{"v":${arrays(JSON_NESTING_LIMIT - 1)}}}`);
    expect({ status: atTheLimit.status, body: atTheLimit.body }).toMatchObject({ status: 200, body: { data: { appInfo: { productName: expect.any(String) } } } });
    expectGraphqlRefused(await post(`{"query":"${query}","variables":{"v":${arrays(JSON_NESTING_LIMIT)}}}`), 400, "BAD_USER_INPUT", "Consulta com variáveis aninhadas demais");
    await stillServing(t);

    /** The message of each operation's error, subscribing once with the value in variables and once in extensions. */
    async function overWebSocket(values: string[]) {
      const socket = new WebSocket(`${t.url.replace("http", "ws")}/graphql`, "graphql-transport-ws");
      const frames: { id?: string; type: string; payload?: { message: string }[] }[] = [];
      socket.on("message", (data) => frames.push(JSON.parse(String(data))));
      await new Promise((resolve, reject) => socket.once("open", resolve).once("error", reject));
      try {
        socket.send(JSON.stringify({ type: "connection_init" }));
        await eventually(() => frames.some((f) => f.type === "connection_ack"), 5000, "connection_ack");
        values.forEach((value, i) => {
          socket.send(`{"id":"v${i}","type":"subscribe","payload":{"query":"${query}","variables":{"v":${value}}}}`);
          socket.send(`{"id":"e${i}","type":"subscribe","payload":{"query":"${query}","extensions":{"v":${value}}}}`);
        });
        const ids = values.flatMap((_, i) => [`v${i}`, `e${i}`]);
        await eventually(() => ids.every((id) => frames.some((f) => f.id === id && (f.type === "error" || f.type === "complete"))), 5000, "every answer");
        return ids.map((id) => frames.find((f) => f.id === id && f.type === "error")?.payload?.[0]?.message ?? "answered");
      } finally {
        socket.close();
      }
    }
  });

  /** Every REST route that reads a body, with the member's own ids. */
  function writeRoutes(): [string, string][] {
    return [
      ["POST", "/api/auth/send-token"],
      ["POST", "/api/auth/verify-token"],
      ["POST", "/api/auth/logout"],
      ["POST", "/api/offers"],
      ["PUT", `/api/offers/${offerId}`],
      ["POST", `/api/offers/${offerId}/like`],
      ["POST", "/api/improve-text"],
      ["PUT", "/api/profile"],
      ["PATCH", `/api/users/${member.user.id}/plan`],
      ["POST", "/api/subscriptions/cancel"],
      ["POST", "/api/subscriptions/create"],
      ["POST", "/api/promo-codes/validate"],
      ["POST", "/api/imperatriz-interested"],
      ["POST", "/api/webhooks/asaas"],
      ["POST", "/api/dev/payments/pay_local_0/confirm"],
      ["POST", "/api/conversations"],
      ["POST", `/api/conversations/${conversationId}/messages`],
      ["POST", `/api/conversations/${conversationId}/read`],
      ["POST", "/api/user/online-status"],
      ["POST", "/api/reports"],
      ["DELETE", "/api/user/delete"],
    ];
  }
});
