import { get } from "node:http";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { collect, completeProfile, cpfFor, pokeUntil, signIn, startTestApp, TestClient, type TestApp } from "../../../test/harness.js";
import { MemoryStorage } from "../../providers/storage/memory.js";

let t: TestApp;
let phoneSeq = 0;
/** A fresh Brazilian mobile number (local digits, with DDD 21) for each member. */
const newPhone = () => `2198${String(1_000_000 + ++phoneSeq).slice(-7)}`;
const SUPERUSER_PHONE = "21999990000";

async function member(extra: Record<string, unknown> = {}) {
  const client = new TestClient(t.url);
  const phone = newPhone();
  const user = await signIn(client, phone, extra);
  return { client, user, phone: `55${phone}` };
}

const prisma = () => t.app.services.prisma;
const setPlan = (id: number, plan: "nobreza" | "alteza" | "majestade" | "imperatriz") =>
  prisma().user.update({ where: { id }, data: { plan } });

async function createOffer(userId: number, extra: Record<string, unknown> = {}) {
  return prisma().offer.create({
    data: {
      userId,
      postType: "oferta",
      type: "collab",
      title: "Oferta de parceria em marketing",
      description: "Uma descrição longa o bastante para ser uma oferta válida no mural.",
      categories: ["Marketing"],
      authorJoinedAt: new Date("2026-01-01T00:00:00Z"),
      ...extra,
    },
  });
}

const UPDATE = `mutation Update($input: ProfileInput!) {
  updateProfile(input: $input) {
    __typename
    ... on Profile { id profileComplete fullName cpf birthDate state cep interests miniBio whatsapp referralCode complement }
    ... on AppError { code message fieldErrors { field message } }
  }
}`;

const RATE_LIMITED_UPDATE = `mutation Update($input: ProfileInput!) {
  updateProfile(input: $input) { __typename ... on AppError { code message retryAfterSeconds } }
}`;

async function pngBytes(width = 800, height = 600) {
  return sharp({ create: { width, height, channels: 3, background: "#b03060" } }).png().toBuffer();
}

async function uploadMultipart(client: TestClient, path: string, bytes: Buffer, filename = "foto.png", type = "image/png") {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(bytes)], { type }), filename);
  const response = await fetch(`${t.url}${path}`, { method: "POST", headers: { cookie: client.cookieHeader }, body: form });
  return { status: response.status, body: (await response.json()) as any };
}

beforeAll(async () => {
  t = await startTestApp({
    SUPERUSER_PHONES: `55${SUPERUSER_PHONE}`,
    OTP_SENDS_PER_IP_PER_HOUR: "1000",
    OTP_VERIFIES_PER_IP_PER_10MIN: "1000",
  });
});
afterAll(async () => {
  await t?.close();
});

describe("Meu Perfil: saving", () => {
  it("marks the profile complete after a complete save, over REST, storing empty optional fields as null", async () => {
    const { client, user, phone } = await member();
    const before = await client.rest("GET", "/api/profile");
    expect(before.status).toBe(200);
    expect(before.body).toMatchObject({ id: user.id, phone, plan: "nobreza", profileComplete: false, whatsapp: phone, referralCode: `kc${user.id}` });

    const input = completeProfile({ whatsapp: "5511000000000", cpf: "529.982.247-25" });
    const saved = await client.rest("PUT", "/api/profile", input);
    expect(saved.status).toBe(200);
    expect(saved.body.success).toBe(true);
    expect(saved.body.profileComplete).toBe(true);
    expect(saved.body.profile).toMatchObject({
      fullName: "Maria Aparecida Souza",
      cpf: "52998224725",
      cep: "01310100",
      birthDate: "1980-05-20",
      complement: null,
      melhorEmail: null,
      linkedin: null,
      whatsapp: phone,
      isSuperuser: false,
    });
    const again = await client.rest("GET", "/api/profile");
    expect(again.body.profileComplete).toBe(true);
    expect((await client.rest("GET", "/api/auth/me")).body.profileComplete).toBe(true);
  });

  it("saves over GraphQL and answers the profile", async () => {
    const { client } = await member();
    const answer = await client.gql(UPDATE, { input: completeProfile({ state: "rj", complement: "Apto 12" }) });
    expect(answer.body.data.updateProfile).toMatchObject({ __typename: "Profile", profileComplete: true, state: "RJ", complement: "Apto 12" });
    const read = await client.gql(`{ profile { profileComplete fullName birthDate interests } }`);
    expect(read.body.data.profile).toMatchObject({ profileComplete: true, birthDate: "1980-05-20" });
  });

  it.each([
    ["missing fullName", { fullName: "" }, "fullName", "Nome completo é obrigatório"],
    ["CPF wrong check digits", { cpf: "529.982.247-26" }, "cpf", "CPF inválido"],
    ["CPF too short", { cpf: "123" }, "cpf", "CPF deve ter 11 dígitos"],
    ["bad email", { melhorEmail: "maria@" }, "melhorEmail", "Email inválido"],
    ["bad URL", { website: "não é url" }, "website", "URL inválida"],
    ["missing birth date", { birthDate: null }, "birthDate", "Data de nascimento é obrigatória"],
    ["terms not accepted", { acceptedTerms: false }, "acceptedTerms", "Você deve aceitar os termos de uso"],
    ["privacy not accepted", { acceptedPrivacyPolicy: false }, "acceptedPrivacyPolicy", "Você deve aceitar a política de privacidade"],
    ["LGPD not accepted", { acceptedLGPD: false }, "acceptedLGPD", "Você deve autorizar o uso das informações conforme LGPD"],
    ["isOver18 false", { isOver18: false }, "isOver18", "Você deve ter mais de 18 anos para se cadastrar"],
    ["no interests", { interests: [] }, "interests", "Selecione pelo menos um interesse"],
    ["no house number", { houseNumber: " " }, "houseNumber", "Número da casa é obrigatório"],
  ])("refuses %s with the form's message, on both doors", async (_name, override, field, message) => {
    const { client } = await member();
    const rest = await client.rest("PUT", "/api/profile", completeProfile(override));
    expect(rest.status).toBe(400);
    expect(rest.body).toEqual({ success: false, error: message, code: "VALIDATION", fieldErrors: { [field]: message } });
    const gql = await client.gql(UPDATE, { input: completeProfile(override) });
    expect(gql.body.data.updateProfile).toEqual({ __typename: "AppError", code: "VALIDATION", message, fieldErrors: [{ field, message }] });
    expect((await client.rest("GET", "/api/profile")).body.profileComplete).toBe(false);
  });

  it("refuses a miniBio over 500 characters (majestade)", async () => {
    const { client, user } = await member();
    await setPlan(user.id, "majestade");
    const answer = await client.rest("PUT", "/api/profile", completeProfile({ miniBio: "a".repeat(501) }));
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe("MiniBio deve ter no máximo 500 caracteres");
    const ok = await client.rest("PUT", "/api/profile", completeProfile({ miniBio: "a".repeat(500), website: "coroa.com.br" }));
    expect(ok.status).toBe(200);
    expect(ok.body.profile.miniBio).toHaveLength(500);
  });

  it("counts age on the São Paulo calendar: 17 the evening before her 18th birthday, 18 the next morning", async () => {
    const { client } = await member();
    const saved = t.clock.now();
    try {
      // 02:00 UTC on 11 March is still 23:00 on 10 March in São Paulo.
      t.clock.set(new Date("2026-03-11T02:00:00Z"));
      const early = await client.rest("PUT", "/api/profile", completeProfile({ birthDate: "2008-03-11" }));
      expect(early.status).toBe(400);
      expect(early.body).toMatchObject({ error: "Você deve ter mais de 18 anos para se cadastrar", fieldErrors: { birthDate: expect.any(String) } });
      t.clock.set(new Date("2026-03-11T03:30:00Z"));
      const onTime = await client.rest("PUT", "/api/profile", completeProfile({ birthDate: "2008-03-11" }));
      expect(onTime.status).toBe(200);
    } finally {
      t.clock.set(saved);
    }
  });

  it("refuses a CPF that belongs to another member without saying so, on both doors", async () => {
    const first = await member();
    const second = await member();
    const cpf = cpfFor(9001);
    expect((await first.client.rest("PUT", "/api/profile", completeProfile({ cpf }))).status).toBe(200);
    const neutral = "Não foi possível usar este CPF. Confira o número ou fale com o suporte.";
    const taken = await second.client.rest("PUT", "/api/profile", completeProfile({ cpf }));
    expect(taken.status).toBe(400);
    expect(taken.body).toEqual({ success: false, code: "CPF_TAKEN", error: neutral, fieldErrors: { cpf: neutral } });
    const gql = await second.client.gql(UPDATE, { input: completeProfile({ cpf }) });
    expect(gql.body.data.updateProfile).toEqual({ __typename: "AppError", code: "CPF_TAKEN", message: neutral, fieldErrors: [{ field: "cpf", message: neutral }] });
    // Saving her own CPF again is fine.
    expect((await first.client.rest("PUT", "/api/profile", completeProfile({ cpf, nickname: "Outra" }))).status).toBe(200);
  });

  it("answers five CPFs other than hers a day, then 429 with Retry-After on both doors, while her own CPF still saves", async () => {
    const owners = [await member(), await member(), await member()];
    const taken = [cpfFor(9101), cpfFor(9102), cpfFor(9103)];
    for (const [i, owner] of owners.entries()) {
      expect((await owner.client.rest("PUT", "/api/profile", completeProfile({ cpf: taken[i] }))).status).toBe(200);
    }
    const prober = await member();
    const tries = [taken[0], cpfFor(9104), taken[1], taken[2], cpfFor(9105)];
    const answers = [];
    for (const cpf of tries) answers.push((await prober.client.rest("PUT", "/api/profile", completeProfile({ cpf }))).body.code);
    expect(answers).toEqual(["CPF_TAKEN", undefined, "CPF_TAKEN", "CPF_TAKEN", undefined]);

    const sixth = await prober.client.rest("PUT", "/api/profile", completeProfile({ cpf: taken[0] }));
    expect(sixth.status).toBe(429);
    expect(sixth.body).toMatchObject({ code: "RATE_LIMITED", error: expect.stringMatching(/^Você já informou CPFs diferentes muitas vezes\. Tente novamente em \d+ horas ou fale com o suporte\.$/) });
    expect(Number(sixth.headers.get("retry-after"))).toBeGreaterThan(23 * 3600);
    const gql = await prober.client.gql(RATE_LIMITED_UPDATE, { input: completeProfile({ cpf: cpfFor(9106) }) });
    expect(gql.body.data.updateProfile).toMatchObject({ __typename: "AppError", code: "RATE_LIMITED", retryAfterSeconds: expect.any(Number) });
    // Her own (last saved) CPF is no question about anyone else.
    expect((await prober.client.rest("PUT", "/api/profile", completeProfile({ cpf: cpfFor(9105), nickname: "Bia" }))).status).toBe(200);
  });

  it("refuses a 31st save within the hour with 429 on both doors", async () => {
    const { client } = await member();
    const cpf = cpfFor(9201);
    for (let i = 0; i < 30; i++) {
      expect((await client.rest("PUT", "/api/profile", completeProfile({ cpf, nickname: `Cida ${i}` }))).status).toBe(200);
    }
    const rest = await client.rest("PUT", "/api/profile", completeProfile({ cpf }));
    expect(rest.status).toBe(429);
    expect(rest.body).toMatchObject({ code: "RATE_LIMITED", error: expect.stringMatching(/^Você salvou o perfil muitas vezes em pouco tempo\. Tente novamente em \d+ minutos\.$/) });
    expect(Number(rest.headers.get("retry-after"))).toBeGreaterThan(3000);
    const gql = await client.gql(RATE_LIMITED_UPDATE, { input: completeProfile({ cpf }) });
    expect(gql.body.data.updateProfile).toMatchObject({ __typename: "AppError", code: "RATE_LIMITED", retryAfterSeconds: expect.any(Number) });
    expect((await client.rest("GET", "/api/profile")).body.nickname).toBe("Cida 29");
  });

  it("lets only one of two members saving the same CPF at the same moment keep it", async () => {
    const [first, second] = [await member(), await member()];
    const cpf = cpfFor(9002);
    const answers = await Promise.all([first, second].map((m) => m.client.rest("PUT", "/api/profile", completeProfile({ cpf }))));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    expect(await prisma().user.count({ where: { cpf } })).toBe(1);
  });

  it("refuses premium fields from nobreza with 403 PLAN_FEATURE and changes nothing", async () => {
    const { client } = await member();
    const answer = await client.rest("PUT", "/api/profile", completeProfile({ miniBio: "Empreendedora há 20 anos" }));
    expect(answer.status).toBe(403);
    expect(answer.body.code).toBe("PLAN_FEATURE");
    expect(answer.body.error).toMatch(/Majestade e Imperatriz/);
    const gql = await client.gql(UPDATE, { input: completeProfile({ instagram: "@cida" }) });
    expect(gql.body.data.updateProfile).toMatchObject({ __typename: "AppError", code: "PLAN_FEATURE" });
    const profile = (await client.rest("GET", "/api/profile")).body;
    expect(profile).toMatchObject({ profileComplete: false, fullName: null, miniBio: null, instagram: null });
  });

  it("rewrites the state on all her offers when she saves a new state", async () => {
    const { client, user } = await member();
    const offers = [await createOffer(user.id, { state: "SP" }), await createOffer(user.id, { state: null })];
    const other = await member();
    const untouched = await createOffer(other.user.id, { state: "SP" });
    expect((await client.rest("PUT", "/api/profile", completeProfile({ state: "BA", city: "Salvador" }))).status).toBe(200);
    const rows = await prisma().offer.findMany({ where: { id: { in: offers.map((o) => o.id) } } });
    expect(rows.map((o) => o.state)).toEqual(["BA", "BA"]);
    expect((await prisma().offer.findUnique({ where: { id: untouched.id } }))?.state).toBe("SP");
  });

  it("pushes her record on meUpdated after a save", async () => {
    const { client, user } = await member();
    const ws = client.ws();
    const updates = collect(ws, `subscription { meUpdated { id profileComplete fullName } }`);
    // Saved again until the subscription is live (the first one of a cold server takes a while to set up).
    await pokeUntil(
      async () => expect((await client.rest("PUT", "/api/profile", completeProfile())).status).toBe(200),
      () => updates.values.length > 0,
      "meUpdated after a save",
      { everyMs: 500, timeoutMs: 20_000 },
    );
    expect(updates.values[0]).toEqual({ meUpdated: { id: user.id, profileComplete: true, fullName: "Maria Aparecida Souza" } });
    updates.dispose();
    await ws.dispose();
  });

  it("answers 401 to anonymous callers on both doors", async () => {
    const anonymous = new TestClient(t.url);
    expect((await anonymous.rest("GET", "/api/profile")).status).toBe(401);
    expect((await anonymous.rest("PUT", "/api/profile", completeProfile())).status).toBe(401);
    expect((await anonymous.gql(`{ profile { id } }`)).body.data.profile).toBeNull();
    const gql = await anonymous.gql(UPDATE, { input: completeProfile() });
    expect(gql.body.data.updateProfile).toMatchObject({ __typename: "AppError", code: "UNAUTHENTICATED" });
  });
});

describe("public profile", () => {
  it("shows other members only public fields; social links and banner only for majestade and imperatriz", async () => {
    const owner = await member();
    await setPlan(owner.user.id, "majestade");
    expect(
      (await owner.client.rest("PUT", "/api/profile", completeProfile({ miniBio: "Sou costureira", instagram: "@cida", email: "cida@x.com", melhorEmail: "m@x.com" }))).status,
    ).toBe(200);
    const viewer = await member();
    await setPlan(viewer.user.id, "alteza");
    const answer = await viewer.client.rest("GET", `/api/users/${owner.user.id}`);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      id: owner.user.id,
      displayName: "Cida",
      plan: "majestade",
      city: "São Paulo",
      state: "SP",
      miniBio: "Sou costureira",
      instagram: "@cida",
      joinYear: 2026,
      isOnline: false,
    });
    const text = JSON.stringify(answer.body);
    for (const hidden of ["cpf", "birthDate", "phone", "email", "melhorEmail", "street", "houseNumber", "cep", "whatsapp", "complement"]) {
      expect(answer.body).not.toHaveProperty(hidden);
    }
    expect(text).not.toContain(owner.phone);
    expect(text).not.toContain("1980");

    // Below majestade her premium fields are not shown, even to herself.
    await setPlan(owner.user.id, "alteza");
    const lower = await owner.client.gql(
      `query($id: Int!) { publicProfile(id: $id) { ... on PublicProfile { displayName plan miniBio instagram bannerImageUrl } } }`,
      { id: owner.user.id },
    );
    expect(lower.body.data.publicProfile).toEqual({ displayName: "Cida", plan: "alteza", miniBio: null, instagram: null, bannerImageUrl: null });
    expect((await viewer.client.rest("GET", "/api/users/999999")).status).toBe(404);
    expect((await new TestClient(t.url).rest("GET", `/api/users/${owner.user.id}`)).status).toBe(401);
  });
});

describe("referrals", () => {
  it("counts the members she referred by plan, on both doors", async () => {
    const ambassador = await member();
    const code = `kc${ambassador.user.id}`;
    const referred = [await member({ referralCode: code }), await member({ referralCode: code }), await member({ referralCode: code })];
    await member();
    await setPlan(referred[1].user.id, "alteza");
    await setPlan(referred[2].user.id, "imperatriz");
    const rest = await ambassador.client.rest("GET", "/api/user/referral-stats");
    expect(rest.body).toEqual({ nobreza: 1, alteza: 1, majestade: 0, imperatriz: 1, total: 3 });
    const gql = await ambassador.client.gql(`{ referralStats { nobreza alteza majestade imperatriz total } }`);
    expect(gql.body.data.referralStats).toEqual({ nobreza: 1, alteza: 1, majestade: 0, imperatriz: 1, total: 3 });
  });
});

describe("address by CEP", () => {
  it("answers a known CEP from the built-in table and 404 / null for an unknown one", async () => {
    const { client } = await member();
    const found = await client.rest("GET", "/api/address/01310-100");
    expect(found.body).toEqual({ cep: "01310-100", street: "Avenida Paulista", neighborhood: "Bela Vista", city: "São Paulo", state: "SP" });
    const missing = await client.rest("GET", "/api/address/99999999");
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe("CEP não encontrado");
    const gql = await client.gql(`{ a: addressByCep(cep: "30130010") { city state } b: addressByCep(cep: "123") { city } }`);
    expect(gql.body.data).toEqual({ a: { city: "Belo Horizonte", state: "MG" }, b: null });
  });
});

describe("plans: cancel and change", () => {
  it("refuses to cancel nobreza", async () => {
    const { client } = await member();
    const rest = await client.rest("POST", "/api/subscriptions/cancel");
    expect(rest.status).toBe(400);
    expect(rest.body).toMatchObject({ code: "SUBSCRIPTION_NOT_PAID", error: "Somente planos pagos podem ser cancelados" });
    const gql = await client.gql(`mutation { cancelSubscription { __typename ... on AppError { code message } } }`);
    expect(gql.body.data.cancelSubscription).toMatchObject({ code: "SUBSCRIPTION_NOT_PAID" });
  });

  it("moves alteza to nobreza, cancels her subscription and ranks her offers as nobreza", async () => {
    const { client, user } = await member();
    await setPlan(user.id, "alteza");
    const offer = await createOffer(user.id, { authorPlanRank: 2 });
    const subscription = await prisma().planSubscription.create({
      data: { userId: user.id, plan: "alteza", billingCycle: "monthly", billingType: "PIX", status: "active", priceCents: 2790 },
    });
    const answer = await client.rest("POST", "/api/subscriptions/cancel");
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ success: true, message: "Assinatura cancelada" });
    expect((await client.rest("GET", "/api/user")).body.plan).toBe("nobreza");
    expect((await prisma().offer.findUnique({ where: { id: offer.id } }))?.authorPlanRank).toBe(1);
    const row = await prisma().planSubscription.findUnique({ where: { id: subscription.id } });
    expect(row?.status).toBe("canceled");
    expect(row?.canceledAt).not.toBeNull();
  });

  it("cancels a majestade plan over GraphQL and clears what only majestade may keep", async () => {
    const { client, user } = await member();
    await setPlan(user.id, "majestade");
    await client.rest("PUT", "/api/profile", completeProfile({ miniBio: "Bio", bannerLink: "https://coroa.com.br" }));
    const answer = await client.gql(`mutation { cancelSubscription { __typename ... on Profile { plan miniBio bannerLink profileComplete } } }`);
    expect(answer.body.data.cancelSubscription).toEqual({ __typename: "Profile", plan: "nobreza", miniBio: null, bannerLink: null, profileComplete: true });
    // Her next save as nobreza (premium fields empty) is accepted.
    expect((await client.rest("PUT", "/api/profile", completeProfile({ cpf: (await client.rest("GET", "/api/profile")).body.cpf }))).status).toBe(200);
  });

  it("PATCH plan: a member may only move herself to nobreza; superusers may set any plan, audited", async () => {
    const alice = await member();
    const bob = await member();
    const upgrade = await alice.client.rest("PATCH", `/api/users/${alice.user.id}/plan`, { plan: "majestade" });
    expect(upgrade.status).toBe(403);
    expect(upgrade.body).toMatchObject({ code: "PLAN_CHANGE_FORBIDDEN", error: "Para mudar de plano, escolha um plano e conclua o pagamento." });
    const others = await alice.client.rest("PATCH", `/api/users/${bob.user.id}/plan`, { plan: "nobreza" });
    expect(others.status).toBe(403);
    expect(others.body.code).toBe("FORBIDDEN");
    expect((await alice.client.rest("PATCH", `/api/users/${alice.user.id}/plan`, { plan: "rainha" })).status).toBe(400);

    const admin = await (async () => {
      const client = new TestClient(t.url);
      const user = await signIn(client, SUPERUSER_PHONE);
      return { client, user };
    })();
    const offer = await createOffer(bob.user.id);
    const set = await admin.client.rest("PATCH", `/api/users/${bob.user.id}/plan`, { plan: "imperatriz" });
    expect(set.status).toBe(200);
    expect(set.body.user).toMatchObject({ id: bob.user.id, plan: "imperatriz" });
    expect((await prisma().offer.findUnique({ where: { id: offer.id } }))?.authorPlanRank).toBe(4);
    const audit = await prisma().auditLog.findFirst({ where: { action: "user.plan.change", targetId: String(bob.user.id) } });
    expect(audit).toMatchObject({ actorId: admin.user.id, targetType: "User", data: { from: "nobreza", to: "imperatriz" } });

    // Now paid, she may cancel through the same path.
    const cancel = await bob.client.rest("PATCH", `/api/users/${bob.user.id}/plan`, { plan: "nobreza" });
    expect(cancel.status).toBe(200);
    expect(cancel.body.user.plan).toBe("nobreza");
    expect((await prisma().offer.findUnique({ where: { id: offer.id } }))?.authorPlanRank).toBe(1);
  });
});

describe("profile images", () => {
  const storage = () => t.app.services.storage as MemoryStorage;
  const keysOf = (id: number) => storage().keys().filter((key) => key.startsWith(`users/${id}/`));

  /** GET with node:http (fetch turns a conditional request into a no-cache one). */
  const rawGet = (path: string, headers: Record<string, string>) =>
    new Promise<number>((resolve, reject) =>
      get(`${t.url}${path}`, { headers }, (res) => {
        res.resume();
        resolve(res.statusCode!);
      }).on("error", reject),
    );

  it("stores a PNG as a 512x512 WebP photo, served to members at her path and to anyone at its versioned address", async () => {
    const { client, user } = await member();
    const answer = await uploadMultipart(client, "/api/profile/photo", await pngBytes());
    expect(answer.status).toBe(200);
    expect(answer.body.profile.profilePhoto).toBe("webp");
    const address: string = answer.body.profile.profilePhotoUrl;
    expect(address).toMatch(new RegExp(`^/api/users/${user.id}/photo\\?v=[\\w-]{22}$`));
    // Another member sees it at the bare path, as the board and the conversations draw it.
    const viewer = await member();
    const served = await fetch(`${t.url}/api/users/${user.id}/photo`, { headers: { cookie: viewer.client.cookieHeader } });
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/webp");
    // That answer depends on who asks: kept briefly, by her browser only, and revalidated.
    expect(served.headers.get("cache-control")).toBe("private, max-age=300");
    // The versioned address stands on its own, without a session, and never changes.
    const versioned = await fetch(`${t.url}${address}`);
    expect(versioned.status).toBe(200);
    expect(versioned.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(Buffer.compare(Buffer.from(await versioned.arrayBuffer()), Buffer.from(await served.clone().arrayBuffer()))).toBe(0);
    const etag = served.headers.get("etag");
    expect(etag).toBeTruthy();
    expect(await rawGet(`/api/users/${user.id}/photo`, { "if-none-match": etag!, cookie: viewer.client.cookieHeader })).toBe(304);
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 512, height: 512 });

    // A new upload gets a new address; the old one is no longer the photo's, for visitors.
    const again = (await uploadMultipart(client, "/api/profile/photo", await pngBytes(600, 600))).body.profile.profilePhotoUrl;
    expect(again).not.toBe(address);
    expect((await fetch(`${t.url}${again}`)).status).toBe(200);
    expect((await fetch(`${t.url}${address}`)).status).toBe(404);
    const stale = await fetch(`${t.url}${address}`, { headers: { cookie: viewer.client.cookieHeader } });
    expect([stale.status, stale.headers.get("cache-control")]).toEqual([200, "private, max-age=300"]);
  });

  it("gives a visitor walking ids the same 404 for every id, whether the member or her photo exists or not", async () => {
    const withPhoto = await member();
    const address: string = (await uploadMultipart(withPhoto.client, "/api/profile/photo", await pngBytes())).body.profile.profilePhotoUrl;
    const withoutPhoto = await member();
    // A photo stored before versions were random carries the upload's time: guessable, so members only.
    const legacy = await member();
    await uploadMultipart(legacy.client, "/api/profile/photo", await pngBytes());
    await prisma().user.update({ where: { id: legacy.user.id }, data: { profilePhotoUrl: `/api/users/${legacy.user.id}/photo?v=1773144000000` } });

    const ids = [withPhoto.user.id, withoutPhoto.user.id, legacy.user.id, 987_654];
    const versions = ["", "?v=1773144000000", `?v=${"A".repeat(22)}`, `?v=${address.split("?v=")[1]}`];
    const answers = new Set<string>();
    for (const id of ids) {
      for (const version of versions) {
        if (id === withPhoto.user.id && version.endsWith(address.split("?v=")[1])) continue;
        const walked = await fetch(`${t.url}/api/users/${id}/photo${version}`);
        answers.add(`${walked.status} ${walked.headers.get("content-type")} ${await walked.text()}`);
      }
    }
    expect([...answers]).toEqual(['404 application/json; charset=utf-8 {"success":false,"error":"Foto não encontrada","code":"NOT_FOUND"}']);
    // Members still see both photos at the bare path.
    for (const id of [withPhoto.user.id, legacy.user.id]) {
      expect((await fetch(`${t.url}/api/users/${id}/photo`, { headers: { cookie: withoutPhoto.client.cookieHeader } })).status).toBe(200);
    }
  });

  it("refuses a file that is not an image and stores nothing", async () => {
    const { client, user } = await member();
    const answer = await uploadMultipart(client, "/api/profile/photo", Buffer.from("%PDF-1.7 not an image at all"), "foto.png", "image/png");
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: "IMAGE_TYPE", error: "Envie uma imagem JPG, PNG, WebP ou GIF" });
    // A PNG signature over garbage is not an image either.
    const fake = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 7)]);
    expect((await uploadMultipart(client, "/api/profile/photo", fake)).status).toBe(400);
    expect((await uploadMultipart(client, "/api/profile/photo", Buffer.from("<svg></svg>"), "foto.svg", "image/svg+xml")).body.code).toBe("IMAGE_TYPE");
    const notMultipart = await client.rest("POST", "/api/profile/photo", { file: "data:image/png;base64,AAAA" });
    expect(notMultipart.status).toBe(400);
    expect(keysOf(user.id)).toEqual([]);
    expect((await client.rest("GET", "/api/profile")).body.profilePhoto).toBeNull();
    const none = await client.rest("GET", `/api/users/${user.id}/photo`);
    expect(none.status).toBe(404);
  });

  it("refuses an image over 5 MB and stores nothing; GraphQL takes no files at all", async () => {
    const { client, user } = await member();
    const big = Buffer.concat([await pngBytes(10, 10), Buffer.alloc(5 * 1024 * 1024, 1)]);
    const rest = await uploadMultipart(client, "/api/profile/photo", big);
    expect(rest.status).toBe(413);
    expect(rest.body).toMatchObject({ code: "IMAGE_TOO_LARGE", error: "A imagem deve ter no máximo 5 MB" });
    const gql = await client.gql(`mutation($d: String!) { updateProfile(input: { fullName: $d }) { __typename } }`, {
      d: `data:image/png;base64,${big.toString("base64")}`,
    });
    expect(gql.status).toBe(413);
    expect(gql.body.errors?.[0]).toMatchObject({ message: "Conteúdo grande demais", extensions: { code: "PAYLOAD_TOO_LARGE" } });
    expect(keysOf(user.id)).toEqual([]);
  });

  it("accepts a banner only from majestade and imperatriz", async () => {
    const { client, user } = await member();
    const banner = await pngBytes(3000, 1000);
    const refused = await uploadMultipart(client, "/api/profile/banner", banner);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe("PLAN_FEATURE");
    expect(keysOf(user.id)).toEqual([]);

    await setPlan(user.id, "imperatriz");
    const ok = (await uploadMultipart(client, "/api/profile/banner", banner)).body.profile;
    expect(ok.bannerImage).toBe("webp");
    expect((await fetch(`${t.url}${ok.bannerImageUrl}`)).status).toBe(401);
    const served = await fetch(`${t.url}${ok.bannerImageUrl}`, { headers: { cookie: client.cookieHeader } });
    expect(served.headers.get("content-type")).toBe("image/webp");
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ width: 2560, height: 853 });
  });
});

describe("account deletion", () => {
  /** Every text-like column of every table that mentions one of the needles. */
  async function rowsMentioning(needles: string[]) {
    const raw = t.app.services.db.raw;
    const columns = await raw.query<{ table_name: string; column_name: string }>(
      `SELECT table_name, column_name FROM information_schema.columns
        WHERE table_schema = 'public' AND data_type IN ('text', 'character varying', 'json', 'jsonb', 'ARRAY', 'USER-DEFINED')`,
    );
    const hits: string[] = [];
    for (const { table_name, column_name } of columns) {
      for (const needle of needles) {
        const rows = await raw.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM "${table_name}" WHERE "${column_name}"::text ILIKE $1`,
          [`%${needle}%`],
        );
        if (rows[0].n > 0) hits.push(`${table_name}.${column_name} ~ ${needle}`);
      }
    }
    return hits;
  }

  it("removes her personal data everywhere, keeps the other member's thread, and her old cookie gets 401", async () => {
    const her = await member();
    const cpf = cpfFor(4242);
    const name = "Genoveva Quintanilha";
    await setPlan(her.user.id, "majestade");
    expect(
      (await her.client.rest("PUT", "/api/profile", completeProfile({ fullName: name, nickname: "Genoveva", cpf, email: "genoveva@example.com", miniBio: "Genoveva aqui" }))).status,
    ).toBe(200);
    expect((await uploadMultipart(her.client, "/api/profile/photo", await pngBytes())).status).toBe(200);

    const friend = await member();
    const referred = await member({ referralCode: `kc${her.user.id}` });
    const herOffer = await createOffer(her.user.id);
    const friendOffer = await createOffer(friend.user.id, { likesCount: 1 });
    await prisma().like.create({ data: { userId: her.user.id, offerId: friendOffer.id } });
    await prisma().like.create({ data: { userId: friend.user.id, offerId: herOffer.id } });
    const conversation = await prisma().conversation.create({
      data: {
        offerId: friendOffer.id,
        offerOwnerId: friend.user.id,
        interestedUserId: her.user.id,
        members: { create: [{ userId: friend.user.id }, { userId: her.user.id }] },
        messages: {
          create: [
            { senderId: her.user.id, content: `Oi! Sou a ${name}, meu zap é ${her.phone}` },
            { senderId: friend.user.id, content: "Olá, vamos conversar!" },
          ],
        },
      },
    });
    await prisma().imperatrizInterest.create({ data: { userId: her.user.id, phone: her.phone, fullName: name, currentPlan: "majestade" } });
    await prisma().planSubscription.create({
      data: { userId: her.user.id, plan: "majestade", billingCycle: "monthly", billingType: "PIX", status: "active", priceCents: 4490 },
    });
    expect((await rowsMentioning([her.phone, cpf, name])).length).toBeGreaterThan(0);

    const oldCookie = new TestClient(t.url);
    oldCookie.cookies = new Map(her.client.cookies);
    const answer = await her.client.rest("DELETE", "/api/user/delete");
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ success: true });
    expect(her.client.cookies.has("coroa_session")).toBe(false);

    expect(await rowsMentioning([her.phone, cpf, name, "Genoveva"])).toEqual([]);
    expect(await prisma().user.findUnique({ where: { id: her.user.id } })).toBeNull();
    expect(await prisma().offer.findUnique({ where: { id: herOffer.id } })).toBeNull();
    expect((await prisma().offer.findUnique({ where: { id: friendOffer.id } }))?.likesCount).toBe(0);
    const messages = await prisma().message.findMany({ where: { conversationId: conversation.id }, orderBy: { id: "asc" } });
    expect(messages.map((m) => [m.senderId, m.content])).toEqual([
      [null, "Mensagem removida"],
      [friend.user.id, "Olá, vamos conversar!"],
    ]);
    expect(await prisma().conversationMember.findMany({ where: { conversationId: conversation.id } })).toEqual([
      expect.objectContaining({ userId: friend.user.id }),
    ]);
    expect((await prisma().user.findUnique({ where: { id: referred.user.id } }))?.referredById).toBeNull();
    expect((t.app.services.storage as MemoryStorage).keys().filter((k) => k.startsWith(`users/${her.user.id}/`))).toEqual([]);

    expect((await oldCookie.rest("GET", "/api/profile")).status).toBe(401);
    expect((await oldCookie.gql(`{ me { id } }`)).body.data.me).toBeNull();
    expect((await friend.client.rest("GET", "/api/profile")).status).toBe(200);
  });

  it("deletes over GraphQL and clears the cookie", async () => {
    const { client, user } = await member();
    const answer = await client.gql(`mutation { deleteAccount { __typename ... on DeleteAccountPayload { success } } }`);
    expect(answer.body.data.deleteAccount).toEqual({ __typename: "DeleteAccountPayload", success: true });
    expect(answer.headers.getSetCookie().join(";")).toMatch(/coroa_session=;/);
    expect(await prisma().user.findUnique({ where: { id: user.id } })).toBeNull();
    const anonymous = await client.gql(`mutation { deleteAccount { __typename ... on AppError { code } } }`);
    expect(anonymous.body.data.deleteAccount).toEqual({ __typename: "AppError", code: "UNAUTHENTICATED" });
  });
});
