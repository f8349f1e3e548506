// `npm run backup` and `npm run restore` of the embedded club (issue 25), run as an operator runs
// them (child processes, the server's settings in the environment): a club with a photo, an offer
// and a conversation is backed up, restored into a fresh folder, and the app started on it serves
// the same club; and every refusal says why and changes nothing.
import { spawn } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import sharp from "sharp";
import * as tar from "tar";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMember, createOfferRow, startTestApp, TestClient, type TestApp } from "./harness.js";

const PREFIX = "55488";
const root = resolve(import.meta.dirname, "../..");
const NOT_A_BACKUP = /não é um backup do Clube Coroa que se possa restaurar .*; nada foi alterado/;

/** Runs `npm run backup|restore -- file` as an operator would (tsx, as the npm script does); exit code and output. */
/** The embedded club, also in CI's PostgreSQL pass (startTestApp's `DATABASE_URL: ""`). */
const EMBEDDED = "";

function run(command: "backup" | "restore", args: string[], env: Record<string, string>) {
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  return new Promise<{ code: number | null; out: string }>((done) => {
    const child = spawn(process.execPath, [join(root, "node_modules/tsx/dist/cli.mjs"), `graphql-server/src/${command}.ts`, ...args], {
      cwd: root,
      env: { ...inherited, INIT_CWD: root, LOG_LEVEL: "silent", ...env },
    });
    let out = "";
    child.stdout.on("data", (chunk) => (out += chunk));
    child.stderr.on("data", (chunk) => (out += chunk));
    child.on("close", (code) => done({ code, out }));
  });
}

async function download(client: TestClient, path: string) {
  const response = await fetch(`${client.baseUrl}${path}`, { headers: { cookie: client.cookieHeader } });
  return { status: response.status, type: response.headers.get("content-type"), bytes: Buffer.from(await response.arrayBuffer()) };
}

/** What members see of the club: who is in it, the offers, the conversation's messages, her photo's bytes. */
async function clubAsSeen(t: TestApp, her: TestClient, viewer: TestClient, herId: number, conversationId: number) {
  const prisma = t.app.services.prisma;
  const members = await prisma.user.findMany({ orderBy: { id: "asc" }, select: { id: true, phone: true, nickname: true, plan: true, profilePhotoUrl: true } });
  const offers = await viewer.rest("GET", "/api/offers");
  expect(offers.status).toBe(200);
  const messages = await her.rest("GET", `/api/conversations/${conversationId}/messages`);
  expect(messages.status).toBe(200);
  const photo = await download(viewer, `/api/users/${herId}/photo`);
  expect([photo.status, photo.type]).toEqual([200, "image/webp"]);
  return { members, offers: offers.body, messages: messages.body, photo: photo.bytes.toString("base64") };
}

describe("npm run backup / npm run restore (embedded club)", { timeout: 300_000 }, () => {
  let work: string;
  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), "coroa-backup-test-"));
  });
  afterAll(() => rm(work, { recursive: true, force: true }));

  it("backs up a club while it is stopped (refused while the server runs), restores it into a fresh folder, and the app serves the same club", async () => {
    const dataDir = join(work, "club");
    const file = join(work, "club.tar.gz");
    const env = { DATA_DIR: dataDir, STORAGE: "disk" };
    const t = await startTestApp({ ...env, DATABASE_URL: EMBEDDED, LOG_LEVEL: process.env.TEST_LOG ?? "silent" });
    let her, viewer, conversationId: number, before;
    try {
      her = await createMember(t, PREFIX, { plan: "majestade", nickname: "Ana Doces" });
      viewer = await createMember(t, PREFIX, { nickname: "Bia Bordados" });
      const form = new FormData();
      form.set("file", new Blob([new Uint8Array(await sharp({ create: { width: 640, height: 480, channels: 3, background: "#b03060" } }).png().toBuffer())], { type: "image/png" }), "foto.png");
      const photo = await fetch(`${t.url}/api/profile/photo`, { method: "POST", body: form, headers: { cookie: her.client.cookieHeader } });
      expect(photo.status).toBe(200);
      const offer = await createOfferRow(t, her.user.id);
      const started = await viewer.client.rest("POST", "/api/conversations", { offerId: offer.id });
      expect(started.status).toBe(200);
      conversationId = started.body.id;
      for (const [who, content] of [
        [viewer.client, "Olá, Ana! Vi sua oferta."],
        [her.client, "Oi, Bia! Vamos conversar."],
        [viewer.client, "Combinado."],
      ] as const) {
        expect((await who.rest("POST", `/api/conversations/${conversationId}/messages`, { content })).status).toBe(201);
      }
      before = await clubAsSeen(t, her.client, viewer.client, her.user.id, conversationId);
      expect(before.messages.messages ?? before.messages).toHaveLength(3);

      // While the server has the database open, the backup is refused, saying which process and what to do.
      const refused = await run("backup", [file], env);
      expect(refused.code, refused.out).toBe(1);
      expect(refused.out).toContain(`está aberto pelo processo ${process.pid}`);
      expect(refused.out).toContain("pare-o e rode o comando de novo");
      expect(existsSync(file)).toBe(false);
    } finally {
      await t.close();
    }

    // Her photo as the disk storage keeps it: the file and its content type beside it.
    const uploads = readdirSync(join(dataDir, "uploads"), { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).length;
    expect(uploads).toBe(2);
    const backup = await run("backup", ["--", file], env);
    expect(backup.code, backup.out).toBe(0);
    expect(backup.out).toContain("Copiando o banco (dumpDataDir do PGlite)…");
    expect(backup.out).toContain(`uploads: ${uploads}/${uploads} arquivos`);
    expect(backup.out).toContain(`Concluído em `);
    expect(backup.out).toMatch(new RegExp(`s: 2 membros, 1 ofertas, 1 conversas, 3 mensagens, 1 arquivos \\(1 em uploads/, 0 no banco\\), [\\d.]+ (MB|kB)\\.`));
    // A second backup to the same name does not overwrite the first.
    const again = await run("backup", [file], env);
    expect([again.code, again.out]).toEqual([1, expect.stringContaining("já existe")]);

    const restoredDir = join(work, "restored", "club");
    const restore = await run("restore", [file], { DATA_DIR: restoredDir, STORAGE: "disk" });
    expect(restore.code, restore.out).toBe(0);
    expect(restore.out).toContain("Restaurando o banco");
    expect(restore.out).toMatch(new RegExp(`Concluído em [\\d.]+ s: 2 membros, 1 ofertas, 1 conversas, 3 mensagens, 1 arquivos \\(1 em uploads/, 0 no banco\\)`));
    // A data folder like any other: the database and the uploads, no leftovers of the restore.
    expect(readdirSync(restoredDir).sort()).toEqual(["pglite", "uploads"]);
    expect(readdirSync(join(work, "restored"))).toEqual(["club"]);

    const t2 = await startTestApp({ DATA_DIR: restoredDir, STORAGE: "disk", DATABASE_URL: EMBEDDED, LOG_LEVEL: process.env.TEST_LOG ?? "silent" });
    try {
      // The same sessions, members, offers, messages and photo bytes.
      const after = await clubAsSeen(t2, her.client.at(t2.url), viewer.client.at(t2.url), her.user.id, conversationId);
      expect(after).toEqual(before);
      // And the club goes on: a new message in the restored conversation.
      expect((await her.client.at(t2.url).rest("POST", `/api/conversations/${conversationId}/messages`, { content: "De volta!" })).status).toBe(201);
    } finally {
      await t2.close();
    }
  });

  it("refuses to restore into a folder that is not empty, and a corrupt or foreign file, leaving the folder as it was", async () => {
    const dataDir = join(work, "source");
    const file = join(work, "source.tar.gz");
    const t = await startTestApp({ DATA_DIR: dataDir, STORAGE: "database", DATABASE_URL: EMBEDDED });
    await createMember(t, PREFIX);
    await t.app.services.storage.put("banners/1-a1b2.webp", Buffer.from("banner no banco"), "image/webp");
    await t.close();
    const made = await run("backup", [file], { DATA_DIR: dataDir, STORAGE: "database" });
    expect(made.code, made.out).toBe(0);
    expect(made.out).toMatch(/1 membros, .* 1 arquivos \(0 em uploads\/, 1 no banco\)/);

    // A folder with something in it: refused, untouched.
    const occupied = join(work, "occupied");
    await mkdir(occupied);
    await writeFile(join(occupied, "notas.txt"), "não apague");
    const notEmpty = await run("restore", [file], { DATA_DIR: occupied });
    expect(notEmpty.code).toBe(1);
    expect(notEmpty.out).toContain(`${occupied} não está vazio: a restauração só grava numa pasta vazia ou nova, nada foi alterado`);
    expect(readdirSync(occupied)).toEqual(["notas.txt"]);

    const bytes = await readFile(file);
    const corrupt = join(work, "corrupt.tar.gz");
    const flipped = Buffer.from(bytes);
    for (let i = Math.floor(flipped.length / 2); i < flipped.length / 2 + 64; i++) flipped[i] ^= 0xff;
    await writeFile(corrupt, flipped);
    const truncated = join(work, "truncated.tar.gz");
    await writeFile(truncated, bytes.subarray(0, Math.floor(bytes.length / 3)));
    const text = join(work, "notes.txt");
    await writeFile(text, "uma lista de compras, não um backup\n");
    // A well-formed archive of something else.
    const foreignDir = await mkdtemp(join(work, "foreign-"));
    await writeFile(join(foreignDir, "manifest.json"), JSON.stringify({ name: "outro programa" }));
    const foreign = join(work, "foreign.tar.gz");
    await tar.c({ gzip: true, file: foreign, cwd: foreignDir }, ["manifest.json"]);

    for (const bad of [corrupt, truncated, text, foreign]) {
      const target = join(work, `target-${bad.split("/").pop()}`);
      const refused = await run("restore", [bad], { DATA_DIR: target });
      expect([bad, refused.code]).toEqual([bad, 1]);
      expect(refused.out).toMatch(NOT_A_BACKUP);
      expect(existsSync(target)).toBe(false);
    }
    // An existing empty folder (a volume's mount point) stays empty, with nothing hidden in it.
    const mounted = join(work, "mounted");
    await mkdir(mounted);
    const refused = await run("restore", [truncated], { DATA_DIR: mounted });
    expect(refused.code).toBe(1);
    expect(refused.out).toMatch(NOT_A_BACKUP);
    expect(readdirSync(mounted)).toEqual([]);
    // No half-restored folder left beside the targets.
    expect(readdirSync(work).filter((name) => name.includes("restaurando"))).toEqual([]);

    // The good file still restores into an existing empty folder.
    const empty = join(work, "empty");
    await mkdir(empty);
    const restored = await run("restore", [file], { DATA_DIR: empty });
    expect(restored.code, restored.out).toBe(0);
    expect(readdirSync(empty).sort()).toEqual(["pglite"]);
    const t2 = await startTestApp({ DATA_DIR: empty, STORAGE: "database", DATABASE_URL: EMBEDDED });
    try {
      expect(await t2.app.services.prisma.user.count()).toBe(1);
      expect((await t2.app.services.storage.get("banners/1-a1b2.webp"))?.bytes.toString()).toBe("banner no banco");
    } finally {
      await t2.close();
    }
  });

  it("a server does not start on a DATA_DIR another live process has open (a backup running), and starts once that process is gone", async () => {
    const dataDir = join(work, "busy");
    await mkdir(dataDir);
    // Another process (standing in for a backup under way) has the folder.
    const other = spawn("sleep", ["60"]);
    try {
      await writeFile(join(dataDir, "pglite.pid"), `${other.pid}\n`);
      await expect(startTestApp({ DATA_DIR: dataDir, STORAGE: "disk", DATABASE_URL: EMBEDDED })).rejects.toThrow(`O banco embutido em ${dataDir} está aberto pelo processo ${other.pid}`);
    } finally {
      other.kill();
      await new Promise((done) => other.once("exit", done));
    }
    // Its pid file stays behind, as after a crash: a dead process holds nothing.
    const t = await startTestApp({ DATA_DIR: dataDir, STORAGE: "disk", DATABASE_URL: EMBEDDED });
    expect((await readFile(join(dataDir, "pglite.pid"), "utf8")).trim()).toBe(String(process.pid));
    await t.close();
    expect(existsSync(join(dataDir, "pglite.pid"))).toBe(false);
  });

  it("refuses to back up a missing folder, an empty one, and a database the server never started", async () => {
    const file = join(work, "nothing.tar.gz");
    const missing = await run("backup", [file], { DATA_DIR: join(work, "missing") });
    expect(missing.code).toBe(1);
    expect(missing.out).toContain(`Não há clube em ${join(work, "missing")}`);
    const emptyDir = join(work, "empty-dir");
    await mkdir(emptyDir);
    const empty = await run("backup", [file], { DATA_DIR: emptyDir });
    expect([empty.code, empty.out]).toEqual([1, expect.stringContaining("Não há clube em")]);
    const blank = join(work, "blank");
    await mkdir(blank);
    const pg = new PGlite(join(blank, "pglite"));
    await pg.waitReady;
    await pg.close();
    const never = await run("backup", [file], { DATA_DIR: blank });
    expect([never.code, never.out]).toEqual([1, expect.stringContaining("está vazio (nunca foi iniciado pelo servidor)")]);
    const usage = await run("backup", [], { DATA_DIR: blank });
    expect([usage.code, usage.out.trim()]).toEqual([1, "Uso: npm run backup -- /caminho/arquivo.tar.gz"]);
    expect(existsSync(file)).toBe(false);
  });
});
