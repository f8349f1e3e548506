// Uploads (profile photos and banners, the member's and the carousel's) in each kind of storage the
// server offers, through the app as members use it: S3 against a real S3-compatible server run by
// the test (with its outage), and two instances with their own data folders on one PostgreSQL
// (docs/decisions/0188-uploads-shared-by-every-instance.md).
import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../src/lib/db.js";
import { applyMigrations } from "../src/lib/migrate.js";
import { DatabaseStorage } from "../src/providers/storage/database.js";
import { DiskStorage } from "../src/providers/storage/disk.js";
import { S3Storage } from "../src/providers/storage/s3.js";
import { createMember, freshPostgres, requireServers, startTestApp, TestClient, type TestApp } from "./harness.js";
import { startS3Server, type TestS3Server } from "./s3-server.js";

const PREFIX = "55487";
const UNAVAILABLE = "As imagens estão indisponíveis no momento. Tente novamente em alguns instantes.";

const png = (width: number, height: number, color = "#b03060") => sharp({ create: { width, height, channels: 3, background: color } }).png().toBuffer();

/** A multipart upload as the web app sends it. */
async function upload(client: TestClient, method: string, path: string, field: "file" | "image", bytes: Buffer, fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  form.set(field, new Blob([new Uint8Array(bytes)], { type: "image/png" }), "imagem.png");
  const response = await fetch(`${client.baseUrl}${path}`, { method, body: form, headers: { cookie: client.cookieHeader } });
  return { status: response.status, headers: response.headers, body: (await response.json()) as any };
}

/** GET as `client` (its cookies), with the body's bytes. */
async function download(client: TestClient, path: string) {
  const response = await fetch(`${client.baseUrl}${path}`, { headers: client.cookies.size ? { cookie: client.cookieHeader } : {} });
  const bytes = Buffer.from(await response.arrayBuffer());
  return { status: response.status, headers: response.headers, bytes, json: () => JSON.parse(bytes.toString()) };
}

async function superuser(t: TestApp) {
  const made = await createMember(t, PREFIX, { plan: "majestade" });
  await t.app.services.prisma.user.update({ where: { id: made.user.id }, data: { role: "superuser" } });
  return made;
}

describe("uploads in S3", () => {
  let s3: TestS3Server;
  let t: TestApp;
  let bucket: S3Storage;

  beforeAll(async () => {
    s3 = await startS3Server();
    t = await startTestApp({ ...s3.env, LOG_LEVEL: process.env.TEST_LOG ?? "silent" });
    bucket = new S3Storage({ ...s3.options, bucket: s3.bucket });
  });
  afterAll(async () => {
    bucket?.close();
    await t?.close();
    await s3?.close();
  });

  it("stores a photo and a banner in the bucket and serves them with their caching headers; a deleted banner leaves the bucket", async () => {
    expect(t.app.services.storage.kind).toBe("s3");
    const her = await createMember(t, PREFIX, { plan: "majestade" });
    const viewer = await createMember(t, PREFIX);
    const photo = await upload(her.client, "POST", "/api/profile/photo", "file", await png(800, 600));
    expect(photo.status).toBe(200);
    const stored = await bucket.get(`users/${her.user.id}/photo.webp`);
    expect(stored).toMatchObject({ contentType: "image/webp" });
    const served = await download(viewer.client, `/api/users/${her.user.id}/photo`);
    expect([served.status, served.headers.get("content-type"), served.headers.get("cache-control")]).toEqual([200, "image/webp", "private, max-age=300"]);
    expect(served.bytes.equals(stored!.bytes)).toBe(true);
    const versioned = await download(new TestClient(t.url), photo.body.profile.profilePhotoUrl);
    expect([versioned.status, versioned.headers.get("cache-control")]).toEqual([200, "public, max-age=31536000, immutable"]);

    expect((await upload(her.client, "POST", "/api/profile/banner", "file", await png(1600, 900))).status).toBe(200);
    expect(await bucket.exists(`users/${her.user.id}/banner.webp`)).toMatchObject({ contentType: "image/webp" });
    expect((await download(viewer.client, `/api/users/${her.user.id}/banner`)).status).toBe(200);

    const staff = await superuser(t);
    const created = await upload(staff.client, "POST", "/api/admin/banners", "image", await png(1920, 1080), { alt: "Na nuvem" });
    expect(created.status).toBe(201);
    const row = await t.app.services.prisma.banner.findUniqueOrThrow({ where: { id: created.body.banner.id } });
    expect(await bucket.exists(row.storageKey!)).toMatchObject({ contentType: "image/webp" });
    const image = await download(new TestClient(t.url), created.body.banner.url);
    expect([image.status, image.headers.get("cache-control")]).toEqual([200, "public, max-age=31536000, immutable"]);
    expect((await staff.client.rest("DELETE", `/api/admin/banners/${row.id}`)).status).toBe(200);
    expect(await bucket.exists(row.storageKey!)).toBeNull();
    expect((await download(new TestClient(t.url), created.body.banner.url)).status).toBe(404);
  });

  it("answers 404 in Portuguese for a photo whose object is not in the bucket", async () => {
    const her = await createMember(t, PREFIX);
    const viewer = await createMember(t, PREFIX);
    expect((await upload(her.client, "POST", "/api/profile/photo", "file", await png(600, 600))).status).toBe(200);
    await bucket.delete(`users/${her.user.id}/photo.webp`);
    const missing = await download(viewer.client, `/api/users/${her.user.id}/photo`);
    expect(missing.status).toBe(404);
    expect(missing.json()).toMatchObject({ success: false, error: "Foto não encontrada", code: "NOT_FOUND" });
  });

  it("answers 503 in Portuguese while the S3 server is down, and changes nothing: her photo and the banners stay as they were", async () => {
    const her = await createMember(t, PREFIX);
    const viewer = await createMember(t, PREFIX);
    const staff = await superuser(t);
    const first = await upload(her.client, "POST", "/api/profile/photo", "file", await png(600, 600, "#101010"));
    expect(first.status).toBe(200);
    const before = await download(viewer.client, `/api/users/${her.user.id}/photo`);
    const bannersBefore = await t.app.services.prisma.banner.count();
    await s3.stop();
    try {
      const photo = await upload(her.client, "POST", "/api/profile/photo", "file", await png(600, 600, "#f0f0f0"));
      expect(photo.status).toBe(503);
      expect(photo.body).toMatchObject({ success: false, error: UNAVAILABLE, code: "UNAVAILABLE" });
      expect(photo.headers.get("retry-after")).toBe("5");
      const banner = await upload(staff.client, "POST", "/api/admin/banners", "image", await png(1920, 1080), { alt: "Sem nuvem" });
      expect([banner.status, banner.body.error]).toEqual([503, UNAVAILABLE]);
      const read = await download(viewer.client, `/api/users/${her.user.id}/photo`);
      expect([read.status, read.json().error]).toEqual([503, UNAVAILABLE]);
    } finally {
      await s3.start();
    }
    // Her profile still points at the photo she had, and it is there with its bytes.
    expect((await her.client.rest("GET", "/api/profile")).body.profilePhotoUrl).toBe(first.body.profile.profilePhotoUrl);
    const after = await download(viewer.client, `/api/users/${her.user.id}/photo`);
    expect(after.status).toBe(200);
    expect(after.bytes.equals(before.bytes)).toBe(true);
    // No banner row was left pointing at an image that was never stored.
    expect(await t.app.services.prisma.banner.count()).toBe(bannersBefore);
  });
});

describe.each([
  ["database", () => ({})],
  ["s3", () => s3Shared.env],
])("two instances, two data folders, one PostgreSQL: uploads in %s", (kind, env) => {
  it("reads on B the photo and banners uploaded on A, and a deletion on B is gone on A", async () => {
    const servers = requireServers("postgres");
    const database = await freshPostgres(servers.postgres, "cc_storage_test");
    const folders = await Promise.all([mkdtemp(join(tmpdir(), "coroa-a-")), mkdtemp(join(tmpdir(), "coroa-b-"))]);
    const shared = { DATABASE_URL: database.url, LOG_LEVEL: process.env.TEST_LOG ?? "silent", ...env() };
    let a: TestApp | undefined;
    let b: TestApp | undefined;
    try {
      a = await startTestApp({ ...shared, DATA_DIR: folders[0] });
      b = await startTestApp({ ...shared, DATA_DIR: folders[1] });
      expect([a.app.services.storage.kind, b.app.services.storage.kind]).toEqual([kind, kind]);
      const her = await createMember(a, PREFIX, { plan: "majestade" });
      const viewer = await createMember(a, PREFIX);
      const staff = await superuser(a);
      const photo = await upload(her.client, "POST", "/api/profile/photo", "file", await png(800, 600));
      expect(photo.status).toBe(200);
      expect((await upload(her.client, "POST", "/api/profile/banner", "file", await png(1600, 900))).status).toBe(200);
      const carousel = await upload(staff.client, "POST", "/api/admin/banners", "image", await png(1920, 1080), { alt: "De A para B" });
      expect(carousel.status).toBe(201);

      const onA = viewer.client;
      const onB = viewer.client.at(b.url);
      for (const path of [`/api/users/${her.user.id}/photo`, `/api/users/${her.user.id}/banner`, photo.body.profile.profilePhotoUrl, carousel.body.banner.url]) {
        const [fromA, fromB] = await Promise.all([download(onA, path), download(onB, path)]);
        expect([path, fromB.status, fromB.headers.get("content-type")]).toEqual([path, 200, "image/webp"]);
        expect(fromB.headers.get("cache-control")).toBe(fromA.headers.get("cache-control"));
        expect(fromB.bytes.equals(fromA.bytes)).toBe(true);
      }

      // The carousel's banner deleted through B, her account deleted through B: gone on A too.
      expect((await staff.client.at(b.url).rest("DELETE", `/api/admin/banners/${carousel.body.banner.id}`)).status).toBe(200);
      expect((await her.client.at(b.url).rest("DELETE", "/api/user/delete")).status).toBe(200);
      expect((await download(new TestClient(a.url), carousel.body.banner.url)).status).toBe(404);
      for (const path of [`/api/users/${her.user.id}/photo`, `/api/users/${her.user.id}/banner`]) {
        expect([path, (await download(onA, path)).status]).toEqual([path, 404]);
      }
      expect(await a.app.services.storage.exists(`users/${her.user.id}/photo.webp`)).toBeNull();
    } finally {
      await a?.close();
      await b?.close();
      await database.drop();
      await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
    }
  });
});

let s3Shared: TestS3Server;
beforeAll(async () => {
  s3Shared = await startS3Server("shared");
});
afterAll(async () => {
  await s3Shared?.close();
});

// Each case starts the command as a process (tsx compiles it first): slow on a busy machine.
describe("npm run storage:copy", { timeout: 180_000 }, () => {
  const root = resolve(import.meta.dirname, "../..");

  /** Runs the command as an operator would, with the server's settings in `env`; its exit code and output. */
  function storageCopy(args: string[], env: Record<string, string>) {
    const { DATABASE_URL: _ignored, ...inherited } = process.env;
    return new Promise<{ code: number | null; out: string }>((done) => {
      const child = spawn(process.execPath, [join(root, "node_modules/tsx/dist/cli.mjs"), "graphql-server/src/storage-copy.ts", ...args], {
        cwd: root,
        env: { ...inherited, INIT_CWD: root, ...env },
      });
      let out = "";
      child.stdout.on("data", (chunk) => (out += chunk));
      child.stderr.on("data", (chunk) => (out += chunk));
      child.on("close", (code) => done({ code, out }));
    });
  }

  let dataDir: string;
  const files = { "users/1/photo.webp": "foto da Ana", "users/1/banner.webp": "banner da Ana", "banners/3-a1b2.webp": "banner do carrossel" };
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), "coroa-copy-"));
    const disk = new DiskStorage(join(dataDir, "uploads"));
    for (const [key, text] of Object.entries(files)) await disk.put(key, Buffer.from(text), "image/webp");
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it("copies the disk's uploads into the embedded database once, with progress and a count; a second run copies nothing", async () => {
    const first = await storageCopy(["--from", "disk", "--to", "database"], { DATA_DIR: dataDir });
    expect(first.code, first.out).toBe(0);
    expect(first.out).toMatch(/3\/3 arquivos \(3 copiados, 0 já presentes\)/);
    expect(first.out).toMatch(/Concluído em [\d.]+ s: 3 copiados, 0 já presentes no destino, 3 no total\./);
    const second = await storageCopy(["--from", "disk", "--to", "database"], { DATA_DIR: dataDir });
    expect(second.code, second.out).toBe(0);
    expect(second.out).toMatch(/: 0 copiados, 3 já presentes no destino, 3 no total\./);
    const db = await openDatabase({ dataDir });
    try {
      await applyMigrations(db.raw);
      const stored = new DatabaseStorage(db.prisma);
      for (const [key, text] of Object.entries(files)) expect((await stored.get(key))?.bytes.toString()).toBe(text);
    } finally {
      await db.close();
    }
  });

  it("copies them into an S3 bucket once", async () => {
    await s3Shared.createBucket("copied");
    const env = { ...s3Shared.env, S3_BUCKET: "copied", DATA_DIR: dataDir };
    const first = await storageCopy(["--from", "disk", "--to", "s3"], env);
    expect(first.code, first.out).toBe(0);
    expect(first.out).toMatch(/: 3 copiados, 0 já presentes no destino, 3 no total\./);
    expect((await storageCopy(["--from", "disk", "--to", "s3"], env)).out).toMatch(/: 0 copiados, 3 já presentes no destino, 3 no total\./);
    const bucket = new S3Storage({ ...s3Shared.options, bucket: "copied" });
    for (const [key, text] of Object.entries(files)) expect((await bucket.get(key))?.bytes.toString()).toBe(text);
    bucket.close();
  });

  it("refuses what it cannot do, saying why", async () => {
    const usage = await storageCopy(["--from", "disk"], { DATA_DIR: dataDir });
    expect([usage.code, usage.out.trim()]).toEqual([1, "Uso: npm run storage:copy -- --from disk --to database|s3"]);
    const unset = await storageCopy(["--from", "disk", "--to", "s3"], { DATA_DIR: dataDir, S3_BUCKET: "", S3_REGION: "" });
    expect(unset.code).toBe(1);
    expect(unset.out).toContain("S3_BUCKET: required when STORAGE=s3");
    // The S3 server down: stopped with the way out, nothing claimed.
    const down = await storageCopy(["--from", "disk", "--to", "s3"], { ...s3Shared.env, S3_ENDPOINT: "http://127.0.0.1:9", DATA_DIR: dataDir });
    expect(down.code).toBe(1);
    expect(down.out).toContain("Cópia interrompida");
    expect(down.out).not.toContain("Concluído");
  });
});
