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
const SEND_SHOWING = `mutation Send($input: SendLoginTokenInput!) {
  sendLoginToken(input: $input) {
    __typename
    ... on AppError { code message retryAfterSeconds }
  }
}`;
const ME = `query { me { id phone plan isSuperuser } }`;
const SESSION = "coroa_session";
const DEVICE = "coroa_device";

let t: TestApp;
let phoneSeq = 0;
/** A fresh Brazilian mobile number (local digits, with DDD) for each test. */
const newPhone = () => `1198765${String(1000 + ++phoneSeq).slice(-4)}`;
let addressSeq = 0;
/** A fresh client address, so that no test spends another's per-address allowance. */
const newAddress = () => `10.77.${++addressSeq >> 8}.${addressSeq & 255}`;
/** Headers of a request that the proxy (loopback, trusted by default) says came from `address`. */
const via = (address: string) => ({ "x-forwarded-for": address });
const sendFrom = (client: TestClient, phone: string, address: string) =>
  client.rest("POST", "/api/auth/send-token", { phone, countryCode: "BR" }, via(address));
const verifyFrom = (client: TestClient, phone: string, token: string, address: string) =>
  client.rest("POST", "/api/auth/verify-token", { phone, countryCode: "BR", token }, via(address));
/** The codes her WhatsApp received, newest first (the local sender's outbox). */
const whatsappOf = async (phone: string) =>
  (await new TestClient(t.url).rest<{ code: string }[]>("GET", `/api/dev/outbox?phone=55${phone}`)).body.map((m) => m.code);
/** A six-digit code that is none of `codes`. */
const codeOtherThan = (...codes: string[]) => Array.from({ length: 10 }, (_, d) => String(d).repeat(6)).find((c) => !codes.includes(c))!;

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
    const deviceCookie = sent.headers.getSetCookie().join("\n");
    expect(deviceCookie).toMatch(/coroa_device=[\w-]{43};/);
    expect(deviceCookie).toMatch(/Max-Age=34560000/);
    expect(deviceCookie).toMatch(/HttpOnly/i);
    expect(deviceCookie).toMatch(/SameSite=Lax/i);
    expect(deviceCookie).not.toMatch(/Secure/i);
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
    expect(client.cookies.has(SESSION)).toBe(false);
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
    expect(sent.body).toEqual({ success: true, resendAfterSeconds: 60, expiresInSeconds: 600, message: "Token enviado via WhatsApp" });
    expect(client.cookies.has(DEVICE)).toBe(true);
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
    expect(client.cookies.has(SESSION)).toBe(false);
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

  it("tells the browser inside its cooldown how long the code it holds stays valid, and nobody else", async () => {
    const her = new TestClient(t.url);
    const phone = newPhone();
    const home = newAddress();
    expect((await sendFrom(her, phone, home)).status).toBe(200);
    const code = await lastCode(her, `55${phone}`);
    t.clock.advance(2_000);
    // Her page reloaded while she read WhatsApp: asking again brings her back to that code.
    const again = await sendFrom(her, phone, home);
    expect(again.status).toBe(429);
    expect(again.body).toMatchObject({ code: "TOKEN_RESEND_COOLDOWN", retryAfterSeconds: 58, tokenExpiresInSeconds: 598 });
    const overGraphql = await her.gql(
      `mutation Send($input: SendLoginTokenInput!) { sendLoginToken(input: $input) { __typename ... on AppError { code retryAfterSeconds tokenExpiresInSeconds } } }`,
      { input: { phone: `55${phone}`, countryCode: "BR" } },
      via(home),
    );
    expect(overGraphql.body.data.sendLoginToken).toEqual({
      __typename: "AppError",
      code: "TOKEN_RESEND_COOLDOWN",
      retryAfterSeconds: 58,
      tokenExpiresInSeconds: 598,
    });

    // A browser without a device cookie behind her address shares her first request's device (the
    // address), so it is held by the cooldown as before, but told nothing of her code.
    const cookieless = await sendFrom(new TestClient(t.url), phone, home);
    expect(cookieless.status).toBe(429);
    expect(cookieless.body).not.toHaveProperty("tokenExpiresInSeconds");
    // A browser with a device of its own, even at her address, and one elsewhere simply get their own codes.
    const stranger = new TestClient(t.url);
    await sendFrom(stranger, newPhone(), home);
    expect((await sendFrom(stranger, phone, home)).status).toBe(200);
    expect((await sendFrom(new TestClient(t.url), phone, newAddress())).status).toBe(200);

    // A code burnt by wrong tries is no code to return to: the cooldown is only a wait.
    for (let i = 0; i < 5; i++) await verifyFrom(her, phone, codeOtherThan(code), home);
    const burnt = await sendFrom(her, phone, home);
    expect(burnt.status).toBe(429);
    expect(burnt.body.code).toBe("TOKEN_RESEND_COOLDOWN");
    expect(burnt.body).not.toHaveProperty("tokenExpiresInSeconds");
  });

  it("says nothing of a code that already signed her in", async () => {
    const her = new TestClient(t.url);
    const phone = newPhone();
    const home = newAddress();
    await sendFrom(her, phone, home);
    expect((await verifyFrom(her, phone, await lastCode(her, `55${phone}`), home)).status).toBe(200);
    const again = await sendFrom(her, phone, home);
    expect(again.body.code).toBe("TOKEN_RESEND_COOLDOWN");
    expect(again.body).not.toHaveProperty("tokenExpiresInSeconds");
  });

  it("limits one device to five codes an hour for a phone, while another device still gets one", async () => {
    const client = new TestClient(t.url);
    const phone = newPhone();
    for (let i = 0; i < 5; i++) {
      const sent = await client.rest("POST", "/api/auth/send-token", { phone, countryCode: "BR" });
      expect(sent.status).toBe(200);
      t.clock.advance(61_000);
    }
    // The first of the five was sent 305 s ago: the device may ask again when it is an hour old.
    const sixth = await client.rest("POST", "/api/auth/send-token", { phone, countryCode: "BR" });
    expect(sixth.status).toBe(429);
    expect(sixth.body).toMatchObject({
      code: "RATE_LIMITED_PHONE",
      error: "Muitos pedidos de token para este número. Tente novamente em 55 minutos",
      retryAfterSeconds: 3295,
    });
    expect(sixth.headers.get("retry-after")).toBe("3295");
    const otherDevice = await sendFrom(new TestClient(t.url), phone, newAddress());
    expect(otherDevice.status).toBe(200);
    t.clock.advance(3295 * 1000);
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
    const sameBrowser = new TestClient(t.url);
    sameBrowser.cookies.set(DEVICE, client.cookies.get(DEVICE)!);
    const reuse = await sameBrowser.rest("POST", "/api/auth/verify-token", { phone, countryCode: "BR", token: code });
    expect(reuse.status).toBe(400);
    expect(reuse.body).toMatchObject({ code: "TOKEN_USED", error: "Este token já foi utilizado" });
    expect(sameBrowser.cookies.has(SESSION)).toBe(false);
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
    expect(client.cookies.has(SESSION)).toBe(false);
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

describe("nobody can lock a member out", () => {
  it("signs her in with the code she asked for before a stranger flooded her phone and guessed from his own devices", async () => {
    const phone = newPhone();
    const her = new TestClient(t.url);
    const home = newAddress();
    expect((await sendFrom(her, phone, home)).status).toBe(200);
    const herCode = await lastCode(her, `55${phone}`);

    const stranger = new TestClient(t.url);
    const away = newAddress();
    expect((await sendFrom(stranger, phone, away)).status).toBe(200);
    const hisCode = await lastCode(stranger, `55${phone}`);
    // Eleven more browsers of his, each from an address of its own: the phone's ceiling (10 an
    // hour) stops the flood reaching her WhatsApp, and none of his requests voids her code.
    const flood: number[] = [];
    for (let i = 0; i < 11; i++) flood.push((await sendFrom(new TestClient(t.url), phone, newAddress())).status);
    expect(flood).toEqual([...Array<number>(8).fill(200), 429, 429, 429]);

    // Her code, and guesses, tried from his browser count against his own code only.
    const wrong = codeOtherThan(hisCode, herCode);
    const guesses = [herCode, wrong, wrong, wrong, wrong, hisCode];
    const answers = [];
    for (const guess of guesses) answers.push((await verifyFrom(stranger, phone, guess, away)).body.code);
    expect(answers).toEqual([...Array<string>(5).fill("TOKEN_INVALID"), "TOKEN_TOO_MANY_ATTEMPTS"]);
    // From clients that keep no cookies he has no code at all to guess.
    const cookieless = await verifyFrom(new TestClient(t.url), phone, herCode, newAddress());
    expect(cookieless.body.code).toBe("TOKEN_NOT_REQUESTED");
    expect(stranger.cookies.has(SESSION)).toBe(false);

    const ownWrongTry = await verifyFrom(her, phone, codeOtherThan(herCode), home);
    expect(ownWrongTry.body).toMatchObject({ code: "TOKEN_INVALID", attemptsLeft: 4 });
    const signedIn = await verifyFrom(her, phone, herCode, home);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.user.phone).toBe(`55${phone}`);
    expect((await her.rest("GET", "/api/auth/me")).body.phone).toBe(`55${phone}`);
  });

  it("lets her ask for a code and sign in after five requests for her phone from five addresses within the hour", async () => {
    const phone = newPhone();
    for (let i = 0; i < 5; i++) {
      expect((await sendFrom(new TestClient(t.url), phone, newAddress())).status).toBe(200);
      t.clock.advance(61_000);
    }
    const her = new TestClient(t.url);
    const home = newAddress();
    expect((await sendFrom(her, phone, home)).status).toBe(200);
    const signedIn = await verifyFrom(her, phone, await lastCode(her, `55${phone}`), home);
    expect(signedIn.status).toBe(200);
  });

  it("holds back a browser she never signed in with once strangers fill the hourly ceiling, until it shows a code her WhatsApp received; her known browser is never held", async () => {
    const phone = newPhone();
    const home = newAddress();
    const her = new TestClient(t.url);
    const asked = await her.gql(SEND, { input: { phone, countryCode: "BR" } }, via(home));
    expect(asked.body.data.sendLoginToken.__typename).toBe("SendLoginTokenPayload");
    const first = await her.gql(VERIFY, { input: { phone, countryCode: "BR", token: await lastCode(her, `55${phone}`) } }, via(home));
    expect(first.body.data.verifyLoginToken.user.phone).toBe(`55${phone}`);
    expect((await her.gql(`mutation { logout }`)).body.data.logout).toBe(true);
    t.clock.advance(61_000);

    // The code that signed her in was no flood: strangers' ten fill the ceiling.
    for (let i = 0; i < 10; i++) expect((await sendFrom(new TestClient(t.url), phone, newAddress())).status).toBe(200);
    const refused = await sendFrom(new TestClient(t.url), phone, newAddress());
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({
      code: "RECENT_CODE_REQUIRED",
      error: "Este número recebeu muitos códigos na última hora. Digite um dos códigos que chegaram ao WhatsApp ou tente novamente em 60 minutos",
      retryAfterSeconds: 3600,
    });
    expect(refused.headers.get("retry-after")).toBe("3600");
    const herNewBrowser = new TestClient(t.url);
    const newHome = newAddress();
    const held = await herNewBrowser.gql(SEND_SHOWING, { input: { phone, countryCode: "BR" } }, via(newHome));
    expect(held.body.data.sendLoginToken).toMatchObject({ __typename: "AppError", code: "RECENT_CODE_REQUIRED", retryAfterSeconds: 3600 });
    // Any code her WhatsApp received this hour will do: here, the first a stranger asked for.
    const received = await whatsappOf(phone);
    const shown = await herNewBrowser.gql(SEND_SHOWING, { input: { phone, countryCode: "BR", recentCode: received.at(-2) } }, via(newHome));
    expect(shown.body.data.sendLoginToken.__typename).toBe("SendLoginTokenPayload");
    const signedIn = await herNewBrowser.gql(VERIFY, { input: { phone, countryCode: "BR", token: await lastCode(her, `55${phone}`) } }, via(newHome));
    expect(signedIn.body.data.verifyLoginToken.user.phone).toBe(`55${phone}`);

    const again = await her.gql(SEND, { input: { phone, countryCode: "BR" } }, via(home));
    expect(again.body.data.sendLoginToken.__typename).toBe("SendLoginTokenPayload");
    const verified = await her.gql(VERIFY, { input: { phone, countryCode: "BR", token: await lastCode(her, `55${phone}`) } }, via(home));
    expect(verified.body.data.verifyLoginToken.user.phone).toBe(`55${phone}`);
    expect((await her.gql(ME)).body.data.me.phone).toBe(`55${phone}`);
  });

  it("lets a new phone sign up after a stranger's ten requests from ten addresses, with a code the flood sent her (probe finding 5)", async () => {
    const phone = newPhone();
    for (let i = 1; i <= 10; i++) expect((await sendFrom(new TestClient(t.url), phone, `10.9.${i}.1`)).status).toBe(200);
    const floodCodes = await whatsappOf(phone);
    expect(floodCodes).toHaveLength(10);

    const her = new TestClient(t.url);
    const home = newAddress();
    expect((await sendFrom(her, phone, home)).body.code).toBe("RECENT_CODE_REQUIRED");
    const sent = await her.rest("POST", "/api/auth/send-token", { phone, countryCode: "BR", recentCode: floodCodes[3] }, via(home));
    expect(sent.status).toBe(200);
    expect(await whatsappOf(phone)).toHaveLength(11);
    const signedUp = await verifyFrom(her, phone, await lastCode(her, `55${phone}`), home);
    expect(signedUp.status).toBe(200);
    expect(signedUp.body.user.phone).toBe(`55${phone}`);
    expect(await t.app.services.prisma.trustedDevice.count({ where: { userId: signedUp.body.user.id } })).toBe(1);
  });

  it("gives a stranger nothing past the ceiling: a wrong code is refused from every address, and a shown code stops signing anyone in", async () => {
    const phone = newPhone();
    const stranger = new TestClient(t.url);
    const away = newAddress();
    expect((await sendFrom(stranger, phone, away)).status).toBe(200);
    const hisCode = await lastCode(stranger, `55${phone}`);
    for (let i = 0; i < 9; i++) expect((await sendFrom(new TestClient(t.url), phone, newAddress())).status).toBe(200);
    const received = await whatsappOf(phone);

    const wrong = codeOtherThan(...received);
    const guesses = [];
    for (let i = 0; i < 3; i++) {
      const guess = await new TestClient(t.url).rest("POST", "/api/auth/send-token", { phone, countryCode: "BR", recentCode: wrong }, via(newAddress()));
      guesses.push([guess.status, guess.body.code, guess.body.error]);
    }
    expect(guesses).toEqual(Array(3).fill([400, "RECENT_CODE_INVALID", "Este código não confere com os que o número recebeu na última hora"]));
    const malformed = await new TestClient(t.url).rest("POST", "/api/auth/send-token", { phone, countryCode: "BR", recentCode: "12ab" }, via(newAddress()));
    expect(malformed.body).toMatchObject({ code: "RECENT_CODE_INVALID", error: "O código deve ter 6 dígitos" });
    expect(await whatsappOf(phone)).toHaveLength(10);

    // Had he hit on his own live code by guessing, it would be retired: what it opens is one more
    // code sent to her WhatsApp, never a session.
    const lucky = new TestClient(t.url);
    expect((await lucky.rest("POST", "/api/auth/send-token", { phone, countryCode: "BR", recentCode: hisCode }, via(newAddress()))).status).toBe(200);
    expect((await verifyFrom(stranger, phone, hisCode, away)).body.code).toBe("TOKEN_NOT_REQUESTED");
    expect(stranger.cookies.has(SESSION)).toBe(false);
  });

  it("caps thirty parallel tries on one code at five, and then refuses the right code", async () => {
    const phone = newPhone();
    const her = new TestClient(t.url);
    const home = newAddress();
    await sendFrom(her, phone, home);
    const code = await lastCode(her, `55${phone}`);
    const wrong = codeOtherThan(code);
    const answers = await Promise.all(Array.from({ length: 30 }, () => verifyFrom(her, phone, wrong, home)));
    const codes = answers.map((a) => a.body.code).sort();
    expect(codes).toEqual([...Array<string>(5).fill("TOKEN_INVALID"), ...Array<string>(25).fill("TOKEN_TOO_MANY_ATTEMPTS")]);
    const right = await verifyFrom(her, phone, code, home);
    expect(right.status).toBe(429);
    expect(right.body.code).toBe("TOKEN_TOO_MANY_ATTEMPTS");
    expect(her.cookies.has(SESSION)).toBe(false);
  });

  it("signs in an older client that keeps no cookies, taking its address as its device", async () => {
    const phone = newPhone();
    const [here, elsewhere] = [newAddress(), newAddress()];
    // A fresh TestClient per request is a client that drops every cookie it is given.
    expect((await sendFrom(new TestClient(t.url), phone, here)).status).toBe(200);
    const code = await lastCode(new TestClient(t.url), `55${phone}`);
    const early = await sendFrom(new TestClient(t.url), phone, here);
    expect(early.status).toBe(429);
    expect(early.body.code).toBe("TOKEN_RESEND_COOLDOWN");
    expect(early.headers.get("retry-after")).toBe("60");
    // Another such client elsewhere gets a code of its own, which does not void the first.
    expect((await sendFrom(new TestClient(t.url), phone, elsewhere)).status).toBe(200);

    const client = new TestClient(t.url);
    const verified = await verifyFrom(client, phone, code, here);
    expect(verified.status).toBe(200);
    expect([...client.cookies.keys()]).toEqual([SESSION]);
    expect((await client.rest("GET", "/api/auth/me")).body.phone).toBe(`55${phone}`);
  });
});

describe("device cookie behind https", () => {
  let secure: TestApp;
  beforeAll(async () => {
    secure = await startTestApp({ PUBLIC_URL: "https://clube.example" });
  });
  afterAll(async () => {
    await secure?.close();
  });

  it("marks the device cookie Secure, as the session cookie", async () => {
    const sent = await new TestClient(secure.url).rest("POST", "/api/auth/send-token", { phone: newPhone(), countryCode: "BR" });
    expect(sent.status).toBe(200);
    const cookie = sent.headers.getSetCookie().find((line) => line.startsWith(`${DEVICE}=`));
    expect(cookie).toMatch(/; Secure/i);
    expect(cookie).toMatch(/HttpOnly/i);
  });
});

describe("rate limit per connection", () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await startTestApp({ OTP_SENDS_PER_IP_PER_HOUR: "3", OTP_VERIFIES_PER_IP_PER_10MIN: "3" });
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

  it("counts codes shown past a phone's ceiling as verifications of the address", async () => {
    const phone = newPhone();
    for (let i = 0; i < 10; i++) {
      const sent = await new TestClient(limited.url).rest("POST", "/api/auth/send-token", { phone, countryCode: "BR" }, via(`10.78.0.${i + 1}`));
      expect(sent.status).toBe(200);
    }
    const received = (await new TestClient(limited.url).rest<{ code: string }[]>("GET", `/api/dev/outbox?phone=55${phone}`)).body;
    const wrong = codeOtherThan(...received.map((m) => m.code));
    const prober = new TestClient(limited.url);
    const answers = [];
    for (let i = 0; i < 4; i++) {
      answers.push((await prober.rest("POST", "/api/auth/send-token", { phone, countryCode: "BR", recentCode: wrong }, via("10.78.1.1"))).body.code);
    }
    expect(answers).toEqual(["RECENT_CODE_INVALID", "RECENT_CODE_INVALID", "RECENT_CODE_INVALID", "RATE_LIMITED_IP"]);
  });
});

describe("housekeeping", () => {
  it("deletes sign-in codes a day after they were sent and sessions once expired, and nothing still in use", async () => {
    const app = await startTestApp({ LOG_LEVEL: process.env.TEST_LOG ?? "silent" });
    try {
      const { prisma } = app.app.services;
      const codesOf = async (phone: string) => prisma.loginToken.count({ where: { phone: `55${phone}` } });
      const member = new TestClient(app.url);
      const memberPhone = "11977661001";
      await signIn(member, memberPhone);
      const asker = new TestClient(app.url);
      const askerPhone = "11977661002";
      expect((await asker.rest("POST", "/api/auth/send-token", { phone: askerPhone, countryCode: "BR" })).status).toBe(200);

      app.clock.advance(2 * 60 * 60 * 1000);
      expect(await app.app.services.auth.prune()).toEqual({ loginTokens: 0, sessions: 0 });
      expect([await codesOf(memberPhone), await codesOf(askerPhone)]).toEqual([1, 1]);

      // A day after: the two codes go; one sent now stays and still signs her in.
      app.clock.advance(23 * 60 * 60 * 1000);
      const late = new TestClient(app.url);
      const latePhone = "11977661003";
      expect((await late.rest("POST", "/api/auth/send-token", { phone: latePhone, countryCode: "BR" })).status).toBe(200);
      const code = await lastCode(late, `55${latePhone}`);
      expect(await app.app.services.auth.prune()).toEqual({ loginTokens: 2, sessions: 0 });
      expect([await codesOf(memberPhone), await codesOf(askerPhone), await codesOf(latePhone)]).toEqual([0, 0, 1]);
      expect((await late.rest("POST", "/api/auth/verify-token", { phone: latePhone, countryCode: "BR", token: code })).status).toBe(200);
      expect((await member.rest("GET", "/api/auth/me")).status).toBe(200);

      // Past the sessions' lifetime (30 days without a visit): both sessions go.
      app.clock.advance(31 * 24 * 60 * 60 * 1000);
      expect(await app.app.services.auth.prune()).toEqual({ loginTokens: 1, sessions: 2 });
      expect(await prisma.session.count()).toBe(0);
      expect((await member.rest("GET", "/api/auth/me")).status).toBe(401);
    } finally {
      await app.close();
    }
  });
});
