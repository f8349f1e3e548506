import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  collect,
  createMember,
  eventually,
  legacySocket,
  sleep,
  startTestApp,
  TestClient,
  withTwoInstances,
  type HttpAnswer,
  type TestApp,
} from "./harness.js";

// Banners (issue 13): the staff manage them (REST multipart uploads, GraphQL edits), members and
// visitors read the live ones, and every change reaches the carousel live, on every instance.
const PREFIX = "55482";
let t: TestApp;
let admin: Awaited<ReturnType<typeof createMember>>;
let member: Awaited<ReturnType<typeof createMember>>;

const prisma = () => t.app.services.prisma;

const superuserOn = (app: TestApp, prefix: string) => createMember(app, prefix, { plan: "majestade", role: "superuser" });

beforeAll(async () => {
  t = await startTestApp({ LOG_LEVEL: process.env.TEST_LOG ?? "silent" });
  admin = await superuserOn(t, PREFIX);
  member = await createMember(t, PREFIX);
});
afterAll(async () => {
  await t?.close();
});

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 91, g: 31, b: 69 } } })
    .png()
    .toBuffer();

/** A multipart request as the admin panel's form sends it (file field 'image' and text fields). */
async function sendForm(
  client: TestClient,
  method: string,
  path: string,
  image: Buffer | null,
  fields: Record<string, string> = {},
): Promise<HttpAnswer> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  if (image) form.set("image", new Blob([new Uint8Array(image)], { type: "image/png" }), "banner.png");
  const response = await fetch(`${client.baseUrl}${path}`, {
    method,
    body: form,
    headers: client.cookies.size ? { cookie: client.cookieHeader } : {},
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null, headers: response.headers };
}

const createBanner = async (client: TestClient, fields: Record<string, string>, image?: Buffer) =>
  sendForm(client, "POST", "/api/admin/banners", image ?? (await png(1920, 1080)), fields);

const ADMIN_FIELDS = "id url alt link position active startsAt endsAt live createdAt updatedAt";
const UPDATE = `mutation($id: Int!, $input: BannerInput!) {
  updateBanner(id: $id, input: $input) { __typename ... on AdminBanner { ${ADMIN_FIELDS} } ... on AppError { code message fieldErrors { field message } } }
}`;
const DELETE = `mutation($id: Int!) { deleteBanner(id: $id) { __typename ... on DeleteBannerPayload { id } ... on AppError { code message } } }`;

async function imageOf(url: string) {
  const response = await fetch(`${t.url}${url}`);
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

async function clearBanners() {
  await prisma().banner.deleteMany({});
}

describe("managing banners", () => {
  it("creates a banner from a 4000x1000 PNG as a 16:9 WebP of at most 2560x1440, served publicly with a long cache", async () => {
    await clearBanners();
    const created = await createBanner(
      admin.client,
      { alt: "Encontro presencial do Clube Coroa", link: "https://example.org/encontro", position: "2", active: "true" },
      await png(4000, 1000),
    );
    expect(created.status).toBe(201);
    const banner = created.body.banner;
    expect(created.body).toEqual({
      success: true,
      banner: {
        id: expect.any(Number),
        url: expect.stringMatching(new RegExp(`^/api/banners/${banner.id}/image\\?v=\\d+$`)),
        alt: "Encontro presencial do Clube Coroa",
        link: "https://example.org/encontro",
        position: 2,
        active: true,
        startsAt: null,
        endsAt: null,
        live: true,
        createdAt: t.clock.now().toISOString(),
        updatedAt: t.clock.now().toISOString(),
      },
    });
    const row = await prisma().banner.findUniqueOrThrow({ where: { id: banner.id } });
    expect(row.storageKey).toMatch(new RegExp(`^banners/${banner.id}-[0-9a-f]+\\.webp$`));
    expect(row.createdById).toBe(admin.user.id);

    const image = await imageOf(banner.url);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/webp");
    expect(image.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const meta = await sharp(image.bytes).metadata();
    expect(meta.format).toBe("webp");
    expect(meta.width! * 9).toBe(meta.height! * 16);
    expect(meta.width).toBeLessThanOrEqual(2560);
    expect(meta.height).toBeLessThanOrEqual(1440);
    // Never enlarged: the 1000 px tall picture keeps (almost) all its height.
    expect(meta.height).toBeGreaterThan(990);

    const big = await createBanner(admin.client, { alt: "Grande" }, await png(5000, 3000));
    const bigMeta = await sharp((await imageOf(big.body.banner.url)).bytes).metadata();
    expect([bigMeta.width, bigMeta.height]).toEqual([2560, 1440]);
    expect(await prisma().auditLog.count({ where: { action: "banner.create", actorId: admin.user.id } })).toBe(2);
  });

  it("answers GET /api/banners and `banners` with the live banners by position, in the spec's shape", async () => {
    await clearBanners();
    const second = (await createBanner(admin.client, { alt: "Segundo", position: "5" })).body.banner;
    const first = (await createBanner(admin.client, { alt: "Primeiro", link: "https://example.org/a", position: "1" })).body.banner;
    const rest = await new TestClient(t.url).rest("GET", "/api/banners");
    expect(rest.status).toBe(200);
    expect(rest.body).toEqual([
      { url: first.url, alt: "Primeiro", link: "https://example.org/a" },
      { url: second.url, alt: "Segundo", link: null },
    ]);
    const gql = await new TestClient(t.url).gql("{ banners { id url alt link } }");
    expect(gql.body).toEqual({
      data: {
        banners: [
          { id: first.id, url: first.url, alt: "Primeiro", link: "https://example.org/a" },
          { id: second.id, url: second.url, alt: "Segundo", link: null },
        ],
      },
    });
  });

  it("edits over GraphQL and REST, replaces the image (the old one is removed) and deletes (with its image)", async () => {
    await clearBanners();
    const banner = (await createBanner(admin.client, { alt: "Original" })).body.banner;
    const { storageKey: firstKey } = await prisma().banner.findUniqueOrThrow({ where: { id: banner.id } });

    t.clock.advance(1000);
    const edited = await admin.client.gql(UPDATE, {
      id: banner.id,
      input: { alt: "Novo texto", link: "http://example.org/novo", position: 7, active: false, startsAt: "2026-03-01T00:00:00Z", endsAt: "2026-04-01T00:00:00.000-03:00" },
    });
    expect(edited.body.data.updateBanner).toMatchObject({
      __typename: "AdminBanner",
      alt: "Novo texto",
      link: "http://example.org/novo",
      position: 7,
      active: false,
      startsAt: "2026-03-01T00:00:00.000Z",
      endsAt: "2026-04-01T03:00:00.000Z",
      live: false,
      url: banner.url,
    });

    const patched = await admin.client.rest("PATCH", `/api/admin/banners/${banner.id}`, { active: true, link: null });
    expect(patched.status).toBe(200);
    expect(patched.body.banner).toMatchObject({ alt: "Novo texto", link: null, active: true, position: 7, live: true });

    t.clock.advance(1000);
    const replaced = await sendForm(admin.client, "PUT", `/api/admin/banners/${banner.id}/image`, await png(1600, 900));
    expect(replaced.status).toBe(200);
    expect(replaced.body.banner.url).not.toBe(banner.url);
    const { storageKey: secondKey } = await prisma().banner.findUniqueOrThrow({ where: { id: banner.id } });
    expect(secondKey).not.toBe(firstKey);
    expect(await t.app.services.storage.get(firstKey!)).toBeNull();
    expect((await imageOf(replaced.body.banner.url)).status).toBe(200);

    const deleted = await admin.client.gql(DELETE, { id: banner.id });
    expect(deleted.body.data.deleteBanner).toEqual({ __typename: "DeleteBannerPayload", id: banner.id });
    expect(await t.app.services.storage.get(secondKey!)).toBeNull();
    expect((await imageOf(replaced.body.banner.url)).status).toBe(404);
    expect((await admin.client.gql(DELETE, { id: banner.id })).body.data.deleteBanner).toEqual({
      __typename: "AppError",
      code: "NOT_FOUND",
      message: "Banner não encontrado",
    });

    const other = (await createBanner(admin.client, { alt: "Outro" })).body.banner;
    expect(await admin.client.rest("DELETE", `/api/admin/banners/${other.id}`)).toMatchObject({ status: 200, body: { success: true } });
    expect(await admin.client.rest("DELETE", `/api/admin/banners/${other.id}`)).toMatchObject({ status: 404, body: { code: "NOT_FOUND" } });
    expect(await admin.client.rest("PATCH", "/api/admin/banners/abc", { alt: "x" })).toMatchObject({ status: 404, body: { code: "NOT_FOUND" } });

    const actions = await prisma().auditLog.findMany({ where: { targetType: "banner", targetId: String(banner.id) }, orderBy: { id: "asc" } });
    expect(actions.map((a) => a.action)).toEqual(["banner.create", "banner.update", "banner.update", "banner.image", "banner.delete"]);
  });

  it("lists every banner for the staff with whether it is live now (active and inside its dates)", async () => {
    await clearBanners();
    const now = t.clock.now().getTime();
    const iso = (offsetMs: number) => new Date(now + offsetMs).toISOString();
    const make = async (alt: string, fields: Record<string, string>) => (await createBanner(admin.client, { alt, ...fields })).body.banner.id as number;
    const open = await make("Sem datas", {});
    const started = await make("Começou", { startsAt: iso(-60_000), endsAt: iso(3_600_000) });
    await make("Futuro", { startsAt: iso(3_600_000) });
    await make("Encerrado", { startsAt: iso(-7_200_000), endsAt: iso(-1) });
    await make("Inativo", { active: "false" });
    const endsNow = await make("Termina agora", { endsAt: iso(0) });

    const live = await new TestClient(t.url).gql("{ banners { id alt } }");
    expect(live.body.data.banners.map((b: { alt: string }) => b.alt)).toEqual(["Sem datas", "Começou"]);
    const all = await admin.client.gql(`{ adminBanners { id alt live } }`);
    expect(all.body.data.adminBanners.map((b: { alt: string; live: boolean }) => [b.alt, b.live])).toEqual([
      ["Sem datas", true],
      ["Começou", true],
      ["Futuro", false],
      ["Encerrado", false],
      ["Inativo", false],
      ["Termina agora", false],
    ]);
    expect([open, started, endsNow].every(Number.isInteger)).toBe(true);
  });
});

describe("who may manage banners", () => {
  it("refuses the admin fields to visitors (UNAUTHENTICATED) and members (FORBIDDEN), also with a forged user-id", async () => {
    await clearBanners();
    const banner = (await createBanner(admin.client, { alt: "Protegido" })).body.banner;
    const attempts = [
      { field: "adminBanners", query: "{ adminBanners { id } }" },
      { field: "updateBanner", query: UPDATE, variables: { id: banner.id, input: { alt: "Invadido" } } },
      { field: "deleteBanner", query: DELETE, variables: { id: banner.id } },
    ];
    for (const { field, query, variables } of attempts) {
      for (const [who, client, code] of [
        ["visitor", new TestClient(t.url), "UNAUTHENTICATED"],
        ["member", member.client, "FORBIDDEN"],
      ] as const) {
        const answer = await client.gql(query, variables, { "user-id": String(admin.user.id) });
        const refused = answer.status === 403 || answer.body.errors?.[0]?.extensions?.code === code || answer.body.data?.[field]?.code === code;
        expect(refused, `${field} ${who}: ${JSON.stringify(answer.body)}`).toBe(true);
      }
    }
    const routes: [string, string, "form" | "json"][] = [
      ["POST", "/api/admin/banners", "form"],
      ["PUT", `/api/admin/banners/${banner.id}/image`, "form"],
      ["PATCH", `/api/admin/banners/${banner.id}`, "json"],
      ["DELETE", `/api/admin/banners/${banner.id}`, "json"],
    ];
    const image = await png(1600, 900);
    for (const [method, path, kind] of routes) {
      for (const [client, status] of [
        [new TestClient(t.url), 401],
        [member.client, 403],
      ] as const) {
        const answer = kind === "form" ? await sendForm(client, method, path, image, { alt: "Invadido" }) : await client.rest(method, path, { alt: "Invadido" });
        expect(answer.status, `${method} ${path}`).toBe(status);
        expect(answer.body).toMatchObject({ success: false, code: status === 401 ? "UNAUTHENTICATED" : "FORBIDDEN" });
      }
    }
    expect(await prisma().banner.findMany({ select: { id: true, alt: true } })).toEqual([{ id: banner.id, alt: "Protegido" }]);
  });
});

describe("refused input", () => {
  it("answers bad fields with the form's Portuguese texts and writes nothing", async () => {
    await clearBanners();
    const cases: [Record<string, string>, string, string][] = [
      [{}, "alt", "Texto alternativo é obrigatório"],
      [{ alt: "a".repeat(201) }, "alt", "O texto alternativo deve ter no máximo 200 caracteres"],
      [{ alt: "ok", link: "javascript:alert(1)" }, "link", "Link inválido"],
      [{ alt: "ok", link: `https://example.org/${"a".repeat(500)}` }, "link", "Link inválido"],
      [{ alt: "ok", position: "-3" }, "position", "A ordem deve ser um número inteiro de 0 a 9999"],
      [{ alt: "ok", startsAt: "ontem" }, "startsAt", "Data inválida"],
      [{ alt: "ok", startsAt: "2026-04-02T00:00:00Z", endsAt: "2026-04-01T00:00:00Z" }, "endsAt", "A data de fim deve ser depois da data de início"],
    ];
    for (const [fields, field, message] of cases) {
      const answer = await createBanner(admin.client, fields);
      expect(answer.status, JSON.stringify(fields)).toBe(400);
      expect(answer.body).toEqual({ success: false, error: message, code: "VALIDATION", fieldErrors: { [field]: message } });
    }
    expect(await prisma().banner.count()).toBe(0);

    const banner = (await createBanner(admin.client, { alt: "Válido", startsAt: "2026-03-01T00:00:00Z" })).body.banner;
    // An end before the stored start is refused too.
    const early = await admin.client.gql(UPDATE, { id: banner.id, input: { alt: "Válido", endsAt: "2026-02-01T00:00:00Z" } });
    expect(early.body.data.updateBanner).toEqual({
      __typename: "AppError",
      code: "VALIDATION",
      message: "A data de fim deve ser depois da data de início",
      fieldErrors: [{ field: "endsAt", message: "A data de fim deve ser depois da data de início" }],
    });
    const badLink = await admin.client.rest("PATCH", `/api/admin/banners/${banner.id}`, { link: "ftp://example.org" });
    expect(badLink).toMatchObject({ status: 400, body: { error: "Link inválido", code: "VALIDATION" } });
    expect(await prisma().banner.findUniqueOrThrow({ where: { id: banner.id } })).toMatchObject({ alt: "Válido", endsAt: null, link: null });
  });

  it("refuses broken, foreign and oversized uploads with a 4xx and keeps nothing", async () => {
    await clearBanners();
    const before = await prisma().auditLog.count();
    const text = Buffer.from("isto não é uma imagem");
    const fakePng = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 7)]);
    const oversized = Buffer.concat([await png(100, 100), Buffer.alloc(5 * 1024 * 1024 + 1)]);
    expect(await createBanner(admin.client, { alt: "x" }, text)).toMatchObject({
      status: 400,
      body: { code: "IMAGE_TYPE", error: "Envie uma imagem JPG, PNG, WebP ou GIF" },
    });
    expect(await createBanner(admin.client, { alt: "x" }, fakePng)).toMatchObject({ status: 400, body: { code: "IMAGE_TYPE" } });
    expect(await createBanner(admin.client, { alt: "x" }, oversized)).toMatchObject({
      status: 413,
      body: { code: "IMAGE_TOO_LARGE", error: "A imagem deve ter no máximo 5 MB" },
    });
    expect(await createBanner(admin.client, { alt: "x" }, await png(200, 100))).toMatchObject({
      status: 400,
      body: { code: "VALIDATION", error: "A imagem do banner deve ter pelo menos 320x180 pixels" },
    });
    expect(await sendForm(admin.client, "POST", "/api/admin/banners", null, { alt: "Sem imagem" })).toMatchObject({
      status: 400,
      body: { code: "BAD_REQUEST", error: "Envie a imagem no campo image (multipart/form-data)" },
    });
    const json = await admin.client.rest("POST", "/api/admin/banners", { alt: "JSON" });
    expect(json.status).toBe(400);
    const banner = (await createBanner(admin.client, { alt: "Certo" })).body.banner;
    expect((await sendForm(admin.client, "PUT", `/api/admin/banners/${banner.id}/image`, text)).status).toBe(400);
    expect((await sendForm(admin.client, "PUT", "/api/admin/banners/999999/image", await png(1600, 900))).status).toBe(404);
    expect(await prisma().banner.count()).toBe(1);
    expect(await prisma().auditLog.count()).toBe(before + 1);
    expect((await imageOf("/api/banners/abc/image")).status).toBe(404);
    expect((await new TestClient(t.url).rest("GET", "/healthz")).status).toBe(200);
  });
});

describe("banners in real time", () => {
  it("pushes the live list to anonymous bannersUpdated subscribers and tells /chat sockets after every change", async () => {
    await clearBanners();
    const ws = new TestClient(t.url).ws();
    const updates = collect<{ bannersUpdated: { id: number; alt: string }[] }>(ws, "subscription { bannersUpdated { id alt link url } }");
    const chat = await legacySocket(member.client, "/chat");
    await sleep(300);
    const banner = (await createBanner(admin.client, { alt: "Ao vivo" })).body.banner;
    expect(await updates.next(1)).toEqual({ bannersUpdated: [{ id: banner.id, alt: "Ao vivo", link: null, url: banner.url }] });
    await chat.frame((f) => f.type === "banner_update");
    await admin.client.gql(UPDATE, { id: banner.id, input: { alt: "Ao vivo", active: false } });
    expect(await updates.next(2)).toEqual({ bannersUpdated: [] });
    chat.close();
    await ws.dispose();
  });

  it("shows a scheduled banner when its start passes, with no write", async () => {
    await clearBanners();
    const ws = new TestClient(t.url).ws();
    const updates = collect<{ bannersUpdated: { alt: string }[] }>(ws, "subscription { bannersUpdated { alt } }");
    await sleep(300);
    const startsAt = new Date(t.clock.now().getTime() + 600).toISOString();
    await createBanner(admin.client, { alt: "Agendado", startsAt });
    expect(await updates.next(1)).toEqual({ bannersUpdated: [] });
    // The instance armed its timer for the start; the clock passes it meanwhile.
    await sleep(100);
    t.clock.advance(700);
    expect(await updates.next(2, 5000)).toEqual({ bannersUpdated: [{ alt: "Agendado" }] });
    expect((await new TestClient(t.url).rest("GET", "/api/banners")).body).toEqual([expect.objectContaining({ alt: "Agendado" })]);
    await ws.dispose();
  });
});

describe("two instances over Redis", () => {
  it("brings a change made on instance A to a bannersUpdated subscriber and a /chat socket on instance B", async () => {
    await withTwoInstances({}, async (a, b) => {
      expect(b.app.services.bus.kind).toBe("redis");
      const staff = await superuserOn(a, "55483");
      const reader = await createMember(a, "55484");
      const onB = new TestClient(b.url);
      const ws = onB.ws();
      const updates = collect<{ bannersUpdated: { id: number; alt: string }[] }>(ws, "subscription { bannersUpdated { id alt } }");
      const chat = await legacySocket(reader.client.at(b.url), "/chat");
      await sleep(500);
      const created = await createBanner(staff.client, { alt: "De A para B" });
      expect(created.status).toBe(201);
      await eventually(() => updates.values.some((v) => v.bannersUpdated.some((x) => x.alt === "De A para B")), 5000, "bannersUpdated on B");
      expect(updates.values.at(-1)).toEqual({ bannersUpdated: [{ id: created.body.banner.id, alt: "De A para B" }] });
      expect(await chat.frame((f) => f.type === "banner_update")).toEqual({ type: "banner_update" });
      // The image is in A's storage; B reads the same row.
      expect((await onB.rest("GET", "/api/banners")).body).toEqual([{ url: created.body.banner.url, alt: "De A para B", link: null }]);
      chat.close();
      await ws.dispose();
    });
  });
});
