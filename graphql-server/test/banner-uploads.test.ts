import { request as httpRequest } from "node:http";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMember, startTestApp, TestClient, type HttpAnswer, type TestApp } from "./harness.js";

// Banners' images over GraphQL (issue 26, item 7): createBanner and replaceBannerImage take the
// image as a GraphQL multipart request, as the admin panel sends it, with the REST door's refusals.
const PREFIX = "55483";
let t: TestApp;
let admin: Awaited<ReturnType<typeof createMember>>;
let member: Awaited<ReturnType<typeof createMember>>;

const prisma = () => t.app.services.prisma;

beforeAll(async () => {
  t = await startTestApp({ LOG_LEVEL: process.env.TEST_LOG ?? "silent" });
  admin = await createMember(t, PREFIX, { plan: "majestade", role: "superuser" });
  member = await createMember(t, PREFIX);
});
afterAll(async () => {
  await t?.close();
});

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 91, g: 31, b: 69 } } })
    .png()
    .toBuffer();

const ADMIN_FIELDS = "id url alt link position active startsAt endsAt live";
const RESULT = `__typename ... on AdminBanner { ${ADMIN_FIELDS} } ... on AppError { code message fieldErrors { field message } }`;
const CREATE = `mutation CreateBanner($input: BannerInput!, $image: Upload!) { createBanner(input: $input, image: $image) { ${RESULT} } }`;
const REPLACE = `mutation ReplaceBannerImage($id: Int!, $image: Upload!) { replaceBannerImage(id: $id, image: $image) { ${RESULT} } }`;
const PREFLIGHT = { "apollo-require-preflight": "true" };

/**
 * A GraphQL multipart request (operations, map, the file) as apollo-upload-client sends it; `image`
 * null sends the map without the file.
 */
async function upload(
  client: TestClient,
  query: string,
  variables: Record<string, unknown>,
  image: Buffer | null,
  headers: Record<string, string> = PREFLIGHT,
): Promise<HttpAnswer> {
  const form = new FormData();
  form.set("operations", JSON.stringify({ query, variables: { ...variables, image: null } }));
  form.set("map", JSON.stringify({ 1: ["variables.image"] }));
  if (image) form.set("1", new Blob([new Uint8Array(image)], { type: "image/png" }), "banner.png");
  const response = await fetch(`${client.baseUrl}/graphql`, {
    method: "POST",
    body: form,
    headers: { ...(client.cookies.size ? { cookie: client.cookieHeader } : {}), ...headers },
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null, headers: response.headers };
}

const imageStatus = async (url: string) => (await fetch(`${t.url}${url}`)).status;

describe("createBanner and replaceBannerImage over GraphQL multipart", () => {
  it("creates a banner whose WebP answers at its URL, then replaces its image (the old one is removed)", async () => {
    await prisma().banner.deleteMany({});
    const created = await upload(admin.client, CREATE, { input: { alt: "Feira de maio", link: "https://example.org/feira", position: 3, active: true } }, await png(1600, 900));
    expect(created.status).toBe(200);
    const banner = created.body.data.createBanner;
    expect(banner).toMatchObject({ __typename: "AdminBanner", alt: "Feira de maio", link: "https://example.org/feira", position: 3, active: true, live: true, startsAt: null });
    const image = await fetch(`${t.url}${banner.url}`);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/webp");
    const meta = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
    expect(meta.width! * 9).toBe(meta.height! * 16);
    const { storageKey: firstKey } = await prisma().banner.findUniqueOrThrow({ where: { id: banner.id } });

    t.clock.advance(1000);
    const replaced = await upload(admin.client, REPLACE, { id: banner.id }, await png(1920, 1080));
    expect(replaced.body.data.replaceBannerImage).toMatchObject({ __typename: "AdminBanner", id: banner.id, alt: "Feira de maio" });
    expect(replaced.body.data.replaceBannerImage.url).not.toBe(banner.url);
    expect(await t.app.services.storage.get(firstKey!)).toBeNull();
    expect(await imageStatus(replaced.body.data.replaceBannerImage.url)).toBe(200);
    const live = await new TestClient(t.url).gql("{ banners { id alt } }");
    expect(live.body.data.banners).toEqual([{ id: banner.id, alt: "Feira de maio" }]);

    const actions = await prisma().auditLog.findMany({ where: { targetType: "banner", targetId: String(banner.id) }, orderBy: { id: "asc" } });
    expect(actions.map((a) => a.action)).toEqual(["banner.create", "banner.image"]);
  });

  it("takes null order and active as the defaults, like the form's empty fields", async () => {
    await prisma().banner.deleteMany({});
    const created = await upload(admin.client, CREATE, { input: { alt: "Padrões", link: null, position: null, active: null, startsAt: null, endsAt: null } }, await png(640, 360));
    expect(created.body.data.createBanner).toMatchObject({ __typename: "AdminBanner", link: null, position: 0, active: true });
  });
});

describe("who may upload", () => {
  it("refuses members (FORBIDDEN), visitors (401), partner keys (401) and requests without the preflight header (400), writing nothing", async () => {
    await prisma().banner.deleteMany({});
    const before = await prisma().auditLog.count({ where: { targetType: "banner" } });
    const image = await png(1600, 900);
    const variables = { input: { alt: "Invadido" } };

    const byMember = await upload(member.client, CREATE, variables, image);
    // As for updateBanner: scope-auth refuses the field before its resolver reads the file.
    expect(byMember.body).toMatchObject({ data: null, errors: [{ message: "Acesso negado. Verifique suas permissões.", extensions: { code: "FORBIDDEN" } }] });
    const replaceByMember = await upload(member.client, REPLACE, { id: 1 }, image);
    expect(replaceByMember.body).toMatchObject({ data: null, errors: [{ extensions: { code: "FORBIDDEN" } }] });

    const byVisitor = await upload(new TestClient(t.url), CREATE, variables, image);
    expect(byVisitor.status).toBe(401);
    expect(byVisitor.body.errors[0]).toMatchObject({ extensions: { code: "UNAUTHENTICATED" } });

    const made = await admin.client.gql(`mutation { createPartnerApiKey(name: "Parceira") { ... on CreatedPartnerApiKey { key } } }`);
    const key = made.body.data.createPartnerApiKey.key as string;
    const byPartner = await upload(new TestClient(t.url), CREATE, variables, image, { ...PREFLIGHT, authorization: `Bearer ${key}` });
    expect(byPartner.status).toBe(401);
    expect(byPartner.body.errors[0]).toMatchObject({ extensions: { code: "UNAUTHENTICATED" } });

    // A cross-site form can send multipart with the cookie but not this header: Apollo's CSRF rule, before the file is read.
    const noPreflight = await upload(admin.client, CREATE, variables, image, {});
    expect(noPreflight.status).toBe(400);
    expect(noPreflight.body.errors[0]).toMatchObject({
      message: "Envio de arquivo bloqueado por segurança: envie o cabeçalho Apollo-Require-Preflight",
      extensions: { code: "BAD_REQUEST" },
    });
    const withOperationName = await upload(admin.client, CREATE, { input: { alt: "Pelo nome da operação" } }, image, { "x-apollo-operation-name": "CreateBanner" });
    expect(withOperationName.body.data.createBanner).toMatchObject({ __typename: "AdminBanner" });

    expect(await prisma().banner.findMany({ select: { alt: true } })).toEqual([{ alt: "Pelo nome da operação" }]);
    expect(await prisma().auditLog.count({ where: { targetType: "banner" } })).toBe(before + 1);
  });
});

describe("refused uploads", () => {
  it("answers too large, foreign, too small and missing images and bad fields with the REST door's codes and texts, keeping nothing", async () => {
    await prisma().banner.deleteMany({});
    const before = await prisma().auditLog.count({ where: { targetType: "banner" } });
    const text = Buffer.from("isto não é uma imagem");
    const oversized = Buffer.concat([await png(100, 100), Buffer.alloc(5 * 1024 * 1024 + 1)]);
    const create = async (image: Buffer | null, input: Record<string, unknown> = { alt: "x" }) => {
      const answer = await upload(admin.client, CREATE, { input }, image);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return answer.body.data.createBanner;
    };
    expect(await create(oversized)).toEqual({ __typename: "AppError", code: "IMAGE_TOO_LARGE", message: "A imagem deve ter no máximo 5 MB", fieldErrors: null });
    expect(await create(text)).toMatchObject({ __typename: "AppError", code: "IMAGE_TYPE", message: "Envie uma imagem JPG, PNG, WebP ou GIF" });
    expect(await create(await png(200, 100))).toMatchObject({ code: "VALIDATION", message: "A imagem do banner deve ter pelo menos 320x180 pixels" });
    expect(await create(null)).toMatchObject({ code: "BAD_REQUEST", message: "Envie a imagem no campo image (multipart/form-data)" });
    expect(await create(await png(640, 360), { alt: "ok", link: "javascript:alert(1)" })).toEqual({
      __typename: "AppError",
      code: "VALIDATION",
      message: "Link inválido",
      fieldErrors: [{ field: "link", message: "Link inválido" }],
    });

    // A body declaring far more than an image is refused before it is read.
    const huge = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = httpRequest(`${t.url}/graphql`, {
        method: "POST",
        headers: { ...PREFLIGHT, cookie: admin.client.cookieHeader, "content-type": "multipart/form-data; boundary=x", "content-length": String(6 * 1024 * 1024) },
      });
      request.on("response", (response) => {
        let body = "";
        response.on("data", (chunk) => (body += chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
      });
      request.on("error", reject);
      request.write("--x\r\n");
    });
    expect(huge.status).toBe(413);
    expect(JSON.parse(huge.body).errors[0]).toMatchObject({ extensions: { code: "IMAGE_TOO_LARGE" } });

    // Not the spec's envelope: a 400 in Portuguese, not a 500.
    const form = new FormData();
    form.set("operations", "{não é json");
    const broken = await fetch(`${t.url}/graphql`, { method: "POST", headers: { ...PREFLIGHT, cookie: admin.client.cookieHeader }, body: form });
    expect(broken.status).toBe(400);
    expect(((await broken.json()) as { errors: unknown[] }).errors[0]).toMatchObject({ extensions: { code: "BAD_REQUEST" }, message: expect.stringContaining("multipart") });

    const kept = (await upload(admin.client, CREATE, { input: { alt: "Certo" } }, await png(640, 360))).body.data.createBanner;
    const replaced = await upload(admin.client, REPLACE, { id: kept.id }, text);
    expect(replaced.body.data.replaceBannerImage).toMatchObject({ code: "IMAGE_TYPE" });
    const unknown = await upload(admin.client, REPLACE, { id: 999_999 }, await png(640, 360));
    expect(unknown.body.data.replaceBannerImage).toMatchObject({ code: "NOT_FOUND", message: "Banner não encontrado" });

    expect(await prisma().banner.count()).toBe(1);
    expect(await prisma().auditLog.count({ where: { targetType: "banner" } })).toBe(before + 1);
    expect(await imageStatus(kept.url)).toBe(200);
    expect((await new TestClient(t.url).rest("GET", "/healthz")).status).toBe(200);
  });
});

describe("hostile multipart bodies", () => {
  it("answers a body cut off inside the file, or with a second file, with a refusal in Portuguese, and keeps serving", async () => {
    await prisma().banner.deleteMany({});
    const operations = JSON.stringify({ query: CREATE, variables: { input: { alt: "Cortado" }, image: null } });
    const part = (name: string, body: Buffer | string, filename?: string) =>
      Buffer.concat([
        Buffer.from(`--X\r\nContent-Disposition: form-data; name="${name}"${filename ? `; filename="${filename}"\r\nContent-Type: image/png` : ""}\r\n\r\n`),
        Buffer.from(body),
        Buffer.from("\r\n"),
      ]);
    const image = await png(640, 360);
    const send = async (body: Buffer) => {
      const response = await fetch(`${t.url}/graphql`, {
        method: "POST",
        headers: { ...PREFLIGHT, cookie: admin.client.cookieHeader, "content-type": "multipart/form-data; boundary=X" },
        body: new Uint8Array(body),
      });
      return { status: response.status, body: (await response.json()) as { data?: { createBanner?: { code: string; message: string } } | null; errors?: { message: string; extensions: { code: string } }[] } };
    };

    // The file's part never ends (no closing boundary): the read fails, not the process.
    const cut = await send(Buffer.concat([part("operations", operations), part("map", JSON.stringify({ 1: ["variables.image"] })), part("1", image, "b.png").subarray(0, 2000)]));
    expect(cut.body.data?.createBanner).toMatchObject({ __typename: "AppError", code: "BAD_REQUEST", message: "Envio interrompido" });

    // Two files where one is allowed (maxFiles 1): refused as a malformed request.
    const two = await send(
      Buffer.concat([
        part("operations", operations),
        part("map", JSON.stringify({ 1: ["variables.image"], 2: ["variables.input.alt"] })),
        part("1", image, "a.png"),
        part("2", image, "b.png"),
        Buffer.from("--X--\r\n"),
      ]),
    );
    expect(two.status).toBe(400);
    expect(two.body.errors?.[0]).toMatchObject({ extensions: { code: "BAD_REQUEST" }, message: expect.stringContaining("Envio de arquivo inválido") });

    expect(await prisma().banner.count()).toBe(0);
    expect((await new TestClient(t.url).rest("GET", "/healthz")).status).toBe(200);
  });
});
