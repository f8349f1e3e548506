import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lastCode, nextValue, signIn, startTestApp, TestClient, type TestApp } from "../../../test/harness.js";

const SEND = `mutation Send($input: SendLoginTokenInput!) {
  sendLoginToken(input: $input) {
    __typename
    ... on SendLoginTokenPayload { success resendAfterSeconds expiresInSeconds }
    ... on AppError { code message retryAfterSeconds }
  }
}`;
const VERIFY = `mutation Verify($input: VerifyLoginTokenInput!) {
  verifyLoginToken(input: $input) {
    __typename
    ... on VerifyLoginTokenPayload { user { id phone plan profileComplete isSuperuser referralCode } }
    ... on AppError { code message }
  }
}`;
const ME = `query { me { id phone plan isSuperuser } }`;

let t: TestApp;
let phoneSeq = 0;
/** A fresh Brazilian mobile number (local digits, with DDD) for each test. */
const newPhone = () => `1198765${String(1000 + ++phoneSeq).slice(-4)}`;

beforeAll(async () => {
  t = await startTestApp({ SUPERUSER_PHONES: "5521999990000", LOG_LEVEL: process.env.TEST_LOG ?? "silent" });
});
afterAll(async () => {
  await t?.close();
});

describe("sign-in over GraphQL", () => {
  it("sends a code, verifies it, creates the member and opens a session that `me` sees", async () => {
    const client = new TestClient(t.url);
    const phone = newPhone();
    const sent = await client.gql(SEND, { input: { phone: `55${phone}`, countryCode: "BR" } });
    expect(sent.body.data.sendLoginToken).toEqual({
      __typename: "SendLoginTokenPayload",
      success: true,
      resendAfterSeconds: 60,
      expiresInSeconds: 600,
    });
    const code = await lastCode(client, `55${phone}`);
    expect(code).toMatch(/^\d{6}$/);

    const verified = await client.gql(VERIFY, { input: { phone: `55${phone}`, countryCode: "BR", token: code } });
    const user = verified.body.data.verifyLoginToken.user;
    expect(user).toMatchObject({ phone: `55${phone}`, plan: "nobreza", profileComplete: false, isSuperuser: false });
    expect(user.referralCode).toBe(`kc${user.id}`);
    const setCookie = verified.headers.getSetCookie().join("\n");
    expect(setCookie).toMatch(/coroa_session=/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);

    const me = await client.gql(ME);
    expect(me.body.data.me).toMatchObject({ id: user.id, phone: `55${phone}` });
  });

  it("answers a wrong code with a typed AppError and no session", async () => {
    const client = new TestClient(t.url);
    const phone = newPhone();
    await client.gql(SEND, { input: { phone, countryCode: "BR" } });
    const code = await lastCode(client, `55${phone}`);
    const wrong = code === "000000" ? "111111" : "000000";
    const answer = await client.gql(VERIFY, { input: { phone, countryCode: "BR", token: wrong } });
    expect(answer.body.data.verifyLoginToken).toEqual({
      __typename: "AppError",
      code: "TOKEN_INVALID",
      message: "Token incorreto. Restam 4 tentativas",
    });
    expect(client.cookies.size).toBe(0);
    expect((await client.gql(ME)).body.data.me).toBeNull();
  });

  it("refuses a phone that is not a mobile number", async () => {
    const client = new TestClient(t.url);
    const answer = await client.gql(SEND, { input: { phone: "123", countryCode: "BR" } });
    expect(answer.body.data.sendLoginToken).toMatchObject({ __typename: "AppError", code: "PHONE_INVALID" });
  });
});

describe("sign-in over REST", () => {
  it("answers the spec's payloads and keeps the member signed in with the cookie", async () => {
    const client = new TestClient(t.url);
    const phone = newPhone();
    const sent = await client.rest("POST", "/api/auth/send-token", { phone, countryCode: "BR" });
    expect(sent.status).toBe(200);
    expect(sent.body.success).toBe(true);
    const code = await lastCode(client, `55${phone}`);
    const verified = await client.rest("POST", "/api/auth/verify-token", { phone, countryCode: "BR", token: code });
    expect(verified.status).toBe(200);
    expect(verified.body.success).toBe(true);
    expect(Object.keys(verified.body.user)).toEqual(
      expect.arrayContaining(["id", "phone", "email", "plan", "profileComplete", "fullName", "nickname"]),
    );
    const me = await client.rest("GET", "/api/auth/me");
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ id: verified.body.user.id, phone: `55${phone}`, plan: "nobreza" });
    const user = await client.rest("GET", "/api/user", undefined, { "user-id": String(verified.body.user.id) });
    expect(user.status).toBe(200);
    expect(user.body.id).toBe(verified.body.user.id);
  });

  it("accepts other countries with their calling code", async () => {
    const client = new TestClient(t.url);
    const sent = await client.rest("POST", "/api/auth/send-token", { phone: "912345678", countryCode: "PT" });
    expect(sent.status).toBe(200);
    expect(await lastCode(client, "351912345678")).toMatch(/^\d{6}$/);
  });

  it("refuses a wrong code with 400 TOKEN_INVALID", async () => {
    const client = new TestClient(t.url);
    const phone = newPhone();
    await client.rest("POST", "/api/auth/send-token", { phone, countryCode: "BR" });
    const code = await lastCode(client, `55${phone}`);
    const answer = await client.rest("POST", "/api/auth/verify-token", {
      phone,
      countryCode: "BR",
      token: code === "123456" ? "654321" : "123456",
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ success: false, code: "TOKEN_INVALID", error: "Token incorreto. Restam 4 tentativas" });
  });

  it("refuses an expired code with TOKEN_EXPIRED", async () => {
    const client = new TestClient(t.url);
    const phone = newPhone();
    await client.rest("POST", "/api/auth/send-token", { phone, countryCode: "BR" });
    const code = await lastCode(client, `55${phone}`);
    t.clock.advance(10 * 60 * 1000 + 1000);
    const answer = await client.rest("POST", "/api/auth/verify-token", { phone, countryCode: "BR", token: code });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: "TOKEN_EXPIRED", error: "Token expirado" });
  });

  it("refuses a sixth try after five wrong ones, even with the right code", async () => {
    const client = new TestClient(t.url);
    const phone = newPhone();
    await client.rest("POST", "/api/auth/send-token", { phone, countryCode: "BR" });
    const code = await lastCode(client, `55${phone}`);
    const wrong = code === "999999" ? "888888" : "999999";
    for (let i = 1; i <= 5; i++) {
      const answer = await client.rest("POST", "/api/auth/verify-token", { phone, countryCode: "BR", token: wrong });
      expect(answer.body.code).toBe("TOKEN_INVALID");
      expect(answer.body.attemptsLeft).toBe(5 - i);
    }
    const sixth = await client.rest("POST", "/api/auth/verify-token", { phone, countryCode: "BR", token: code });
    expect(sixth.status).toBe(429);
    expect(sixth.body).toMatchObject({ code: "TOKEN_TOO_MANY_ATTEMPTS", error: "Muitas tentativas incorretas com este token" });
    expect(client.cookies.size).toBe(0);
  });

  it("refuses a resend inside the 60 s cooldown, then allows it and retires the old code", async () => {
    const client = new TestClient(t.url);
    const phone = newPhone();
    await client.rest("POST", "/api/auth/send-token", { phone, countryCode: "BR" });
    const first = await lastCode(client, `55${phone}`);
    t.clock.advance(30_000);
    const early = await client.rest("POST", "/api/auth/send-token", { phone, countryCode: "BR" });
    expect(early.status).toBe(429);
    expect(early.body).toMatchObject({ code: "TOKEN_RESEND_COOLDOWN", retryAfterSeconds: 30 });
    expect(early.headers.get("retry-after")).toBe("30");
    expect(early.body.error).toBe("Aguarde 30 segundos para pedir um novo token");

    t.clock.advance(31_000);
    const again = await client.rest("POST", "/api/auth/send-token", { phone, countryCode: "BR" });
    expect(again.status).toBe(200);
    const second = await lastCode(client, `55${phone}`);
    if (first !== second) {
      const old = await client.rest("POST", "/api/auth/verify-token", { phone, countryCode: "BR", token: first });
      expect(old.body.code).toBe("TOKEN_INVALID");
    }
    const ok = await client.rest("POST", "/api/auth/verify-token", { phone, countryCode: "BR", token: second });
    expect(ok.status).toBe(200);
  });

  it("limits sends per phone to five an hour", async () => {
    const client = new TestClient(t.url);
    const phone = newPhone();
    for (let i = 0; i < 5; i++) {
      const sent = await client.rest("POST", "/api/auth/send-token", { phone, countryCode: "BR" });
      expect(sent.status).toBe(200);
      t.clock.advance(61_000);
    }
    const sixth = await client.rest("POST", "/api/auth/send-token", { phone, countryCode: "BR" });
    expect(sixth.status).toBe(429);
    expect(sixth.body.code).toBe("RATE_LIMITED_PHONE");
    expect(sixth.body.error).toMatch(/^Muitos pedidos de token para este número\. Tente novamente em \d+ minutos$/);
    t.clock.advance(60 * 60 * 1000);
    const later = await client.rest("POST", "/api/auth/send-token", { phone, countryCode: "BR" });
    expect(later.status).toBe(200);
  });

  it("refuses reuse of a code that already signed in", async () => {
    const client = new TestClient(t.url);
    const phone = newPhone();
    await client.rest("POST", "/api/auth/send-token", { phone, countryCode: "BR" });
    const code = await lastCode(client, `55${phone}`);
    const first = await client.rest("POST", "/api/auth/verify-token", { phone, countryCode: "BR", token: code });
    expect(first.status).toBe(200);
    const other = new TestClient(t.url);
    const reuse = await other.rest("POST", "/api/auth/verify-token", { phone, countryCode: "BR", token: code });
    expect(reuse.status).toBe(400);
    expect(reuse.body).toMatchObject({ code: "TOKEN_USED", error: "Este token já foi utilizado" });
    expect(other.cookies.size).toBe(0);
  });

  it("refuses a code that was never requested", async () => {
    const client = new TestClient(t.url);
    const answer = await client.rest("POST", "/api/auth/verify-token", { phone: newPhone(), countryCode: "BR", token: "123456" });
    expect(answer.body.code).toBe("TOKEN_NOT_REQUESTED");
  });
});

describe("who is asking", () => {
  it("answers 401 without a session, whatever the user-id header says", async () => {
    const client = new TestClient(t.url);
    const me = await client.rest("GET", "/api/auth/me", undefined, { "user-id": "1" });
    expect(me.status).toBe(401);
    expect(me.body).toMatchObject({ code: "UNAUTHENTICATED", error: "Sessão expirada. Faça login novamente." });
    expect((await client.rest("GET", "/api/user", undefined, { "user-id": "1" })).status).toBe(401);
  });

  it("answers 403 when the user-id header names someone else", async () => {
    const client = new TestClient(t.url);
    const user = await signIn(client, newPhone());
    const forged = await client.rest("GET", "/api/user", undefined, { "user-id": String(user.id + 1000) });
    expect(forged.status).toBe(403);
    expect(forged.body.code).toBe("USER_ID_MISMATCH");
    const viaGraphql = await client.gql(ME, undefined, { "user-id": String(user.id + 1000) });
    expect(viaGraphql.status).toBe(403);
    const own = await client.rest("GET", "/api/user", undefined, { "user-id": String(user.id) });
    expect(own.status).toBe(200);
  });

  it("ends the session on the server at logout: the old cookie no longer works", async () => {
    const client = new TestClient(t.url);
    await signIn(client, newPhone());
    const stolen = new TestClient(t.url);
    stolen.cookies = new Map(client.cookies);
    expect((await stolen.rest("GET", "/api/auth/me")).status).toBe(200);

    const out = await client.gql(`mutation { logout }`);
    expect(out.body.data.logout).toBe(true);
    expect(client.cookies.size).toBe(0);
    expect((await stolen.rest("GET", "/api/auth/me")).status).toBe(401);
    expect((await stolen.gql(ME)).body.data.me).toBeNull();
  });

  it("resolves a session to the member exactly as the database holds her, every column", async () => {
    const client = new TestClient(t.url);
    const user = await signIn(client, newPhone());
    await t.app.services.prisma.user.update({
      where: { id: user.id },
      data: { fullName: "Ana Souza", birthDate: new Date("1990-05-17T00:00:00.000Z"), state: "SP", interests: ["Moda", "Beleza"], lastSeenAt: new Date() },
    });
    const token = decodeURIComponent(client.cookies.get("coroa_session")!);
    const resolved = await t.app.services.sessions.resolve(token);
    const stored = await t.app.services.prisma.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(resolved?.user).toEqual(stored);
    expect(Object.keys(resolved!.user).sort()).toEqual(Object.keys(stored).sort());
    expect(await t.app.services.sessions.resolve(token + "x")).toBeNull();
  });

  it("logs out over REST too", async () => {
    const client = new TestClient(t.url);
    await signIn(client, newPhone());
    const cookies = new Map(client.cookies);
    const out = await client.rest("POST", "/api/auth/logout");
    expect(out.body).toEqual({ success: true });
    const replay = new TestClient(t.url);
    replay.cookies = cookies;
    expect((await replay.rest("GET", "/api/user")).status).toBe(401);
  });

  it("makes the configured phones superusers at sign-in", async () => {
    const client = new TestClient(t.url);
    await signIn(client, "21999990000");
    expect((await client.gql(ME)).body.data.me.isSuperuser).toBe(true);
  });

  it("links a new member to the ambassador named by the referral code", async () => {
    const ambassador = await signIn(new TestClient(t.url), newPhone());
    const client = new TestClient(t.url);
    const user = await signIn(client, newPhone(), { referralCode: `kc${ambassador.id}` });
    const stored = await t.app.services.prisma.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(stored.referredById).toBe(ambassador.id);
    const stray = await signIn(new TestClient(t.url), newPhone(), { referralCode: "kc999999" });
    expect((await t.app.services.prisma.user.findUniqueOrThrow({ where: { id: stray.id } })).referredById).toBeNull();
  });

  it("refuses a state-changing request sent from another site", async () => {
    const client = new TestClient(t.url);
    const answer = await client.rest(
      "POST",
      "/api/auth/send-token",
      { phone: newPhone(), countryCode: "BR" },
      { origin: "https://evil.example" },
    );
    expect(answer.status).toBe(403);
    expect(answer.body.code).toBe("CSRF");
  });

  it("pushes her own record on the meUpdated subscription, and refuses anonymous subscribers", async () => {
    const client = new TestClient(t.url);
    const user = await signIn(client, newPhone());
    const ws = client.ws();
    const received = nextValue(ws, `subscription { meUpdated { id plan } }`);
    await new Promise((r) => setTimeout(r, 200));
    const stored = await t.app.services.prisma.user.findUniqueOrThrow({ where: { id: user.id } });
    const { toUserDTO } = await import("../users/users.service.js");
    t.app.services.bus.pubsub.publish("user:updated", user.id, { ...toUserDTO(stored), plan: "alteza" });
    expect((await received).data).toEqual({ meUpdated: { id: user.id, plan: "alteza" } });
    await ws.dispose();

    const anonymous = new TestClient(t.url).ws();
    const refused = await nextValue(anonymous, `subscription { meUpdated { id } }`).catch((e) => ({ errors: e }));
    expect(JSON.stringify(refused.errors)).toContain("Sessão expirada");
    await anonymous.dispose();
  });
});

describe("rate limit per connection", () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await startTestApp({ OTP_SENDS_PER_IP_PER_HOUR: "3" });
  });
  afterAll(async () => {
    await limited?.close();
  });

  it("refuses a fourth send from the same address within the hour", async () => {
    const client = new TestClient(limited.url);
    for (let i = 0; i < 3; i++) {
      expect((await client.rest("POST", "/api/auth/send-token", { phone: newPhone(), countryCode: "BR" })).status).toBe(200);
    }
    const fourth = await client.rest("POST", "/api/auth/send-token", { phone: newPhone(), countryCode: "BR" });
    expect(fourth.status).toBe(429);
    expect(fourth.body.code).toBe("RATE_LIMITED_IP");
  });
});
