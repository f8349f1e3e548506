import { mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../../lib/db.js";
import { applyMigrations } from "../../lib/migrate.js";
import { startS3Server, type TestS3Server } from "../../../test/s3-server.js";
import { copyStorage } from "./copy.js";
import { DatabaseStorage } from "./database.js";
import { DiskStorage } from "./disk.js";
import { MemoryStorage } from "./memory.js";
import { S3Storage } from "./s3.js";
import { StorageUnavailableError, type Storage } from "./storage.js";

let dir: string;
let db: Database;
let s3: TestS3Server;
let buckets = 0;
/** An S3 storage on its own new bucket of the test's S3 server. */
const s3Storage = async () => {
  buckets += 1;
  const bucket = `coroa-${buckets}`;
  await s3.createBucket(bucket);
  return new S3Storage({ ...s3.options, bucket });
};

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "coroa-storage-"));
  db = await openDatabase({ dataDir: "memory" });
  await applyMigrations(db.raw);
  s3 = await startS3Server();
});
afterAll(async () => {
  await s3?.close();
  await db?.close();
  await rm(dir, { recursive: true, force: true });
});

let disks = 0;
describe.each([
  ["disk", async () => new DiskStorage(join(dir, `uploads-${++disks}`))],
  ["memory", async () => new MemoryStorage()],
  [
    "database",
    async () => {
      await db.prisma.storedFile.deleteMany();
      return new DatabaseStorage(db.prisma);
    },
  ],
  ["s3", s3Storage],
])("%s storage", (_kind, make: () => Promise<Storage>) => {
  it("puts, gets and deletes bytes with their content type and length", async () => {
    const storage = await make();
    expect(await storage.get("users/1/photo.webp")).toBeNull();
    expect(await storage.exists("users/1/photo.webp")).toBeNull();
    await storage.put("users/1/photo.webp", Buffer.from([1, 2, 3]), "image/webp");
    expect(await storage.get("users/1/photo.webp")).toEqual({ bytes: Buffer.from([1, 2, 3]), contentType: "image/webp", length: 3 });
    expect(await storage.exists("users/1/photo.webp")).toEqual({ contentType: "image/webp", length: 3 });
    await storage.put("users/1/photo.webp", Buffer.from([4]), "image/webp");
    expect((await storage.get("users/1/photo.webp"))?.bytes).toEqual(Buffer.from([4]));
    await storage.delete("users/1/photo.webp");
    await storage.delete("users/1/photo.webp");
    expect(await storage.get("users/1/photo.webp")).toBeNull();
    expect(await storage.exists("users/1/photo.webp")).toBeNull();
  });

  it("lists every key it holds", async () => {
    const storage = await make();
    for (const key of ["users/2/photo.webp", "banners/1-ab.webp", "users/2/banner.webp"]) await storage.put(key, Buffer.from(key), "image/webp");
    const keys: string[] = [];
    for await (const key of storage.list()) keys.push(key);
    expect(keys.sort()).toEqual(["banners/1-ab.webp", "users/2/banner.webp", "users/2/photo.webp"]);
  });

  it("refuses keys that would leave its root", async () => {
    const storage = await make();
    for (const key of ["../etc/passwd", "users/../../x", "/abs", "users//x", ""]) {
      await expect(storage.put(key, Buffer.from([1]), "text/plain")).rejects.toThrow(/invalid storage key/);
    }
  });
});

it("keeps disk files under DATA_DIR/uploads, leaves no temporary files and lists neither companions nor writes under way", async () => {
  const storage = new DiskStorage(join(dir, "uploads"));
  await storage.put("users/9/banner.webp", Buffer.from([9]), "image/webp");
  expect((await readdir(join(dir, "uploads", "users", "9"))).sort()).toEqual(["banner.webp", "banner.webp.type"]);
  await writeFile(join(dir, "uploads", "users", "9", "photo.webp.1a2b3c.tmp"), "half");
  const keys: string[] = [];
  for await (const key of storage.list()) keys.push(key);
  expect(keys).toEqual(["users/9/banner.webp"]);
});

describe("s3 storage when its server does not answer", () => {
  it("says so with StorageUnavailableError on every call, and works again when the server is back", async () => {
    const storage = await s3Storage();
    await storage.put("users/3/photo.webp", Buffer.from([3]), "image/webp");
    await s3.stop();
    try {
      for (const call of [
        () => storage.put("users/3/photo.webp", Buffer.from([4]), "image/webp"),
        () => storage.get("users/3/photo.webp"),
        () => storage.exists("users/3/photo.webp"),
        () => storage.delete("users/3/photo.webp"),
      ]) {
        await expect(call()).rejects.toBeInstanceOf(StorageUnavailableError);
      }
    } finally {
      await s3.start();
    }
    // The write that failed left the object as it was.
    expect(await storage.get("users/3/photo.webp")).toEqual({ bytes: Buffer.from([3]), contentType: "image/webp", length: 1 });
  });

  it("answers StorageUnavailableError for a bucket that does not exist (a wrong setting), not 'missing'", async () => {
    const storage = new S3Storage({ ...s3.options, bucket: "no-such-bucket" });
    await expect(storage.get("users/1/photo.webp")).rejects.toBeInstanceOf(StorageUnavailableError);
  });
});

describe("copyStorage", () => {
  it("copies every object once: a second run copies nothing, a changed object is copied again", async () => {
    const from = new DiskStorage(join(dir, "copy-source"));
    const to = await s3Storage();
    await from.put("users/1/photo.webp", Buffer.from("foto 1"), "image/webp");
    await from.put("users/2/banner.webp", Buffer.from("banner 2"), "image/webp");
    await from.put("banners/5-ab.webp", Buffer.from("banner 5"), "image/webp");
    const progress: number[] = [];
    expect(await copyStorage(from, to, (p) => progress.push(p.done))).toEqual({ done: 3, total: 3, copied: 3, present: 0, vanished: 0 });
    expect(progress).toEqual([1, 2, 3]);
    expect(await to.get("users/2/banner.webp")).toEqual({ bytes: Buffer.from("banner 2"), contentType: "image/webp", length: 8 });
    expect(await copyStorage(from, to)).toEqual({ done: 3, total: 3, copied: 0, present: 3, vanished: 0 });
    // The same length, other bytes: not the same file.
    await from.put("users/1/photo.webp", Buffer.from("foto 9"), "image/webp");
    expect(await copyStorage(from, to)).toMatchObject({ copied: 1, present: 2 });
    expect((await to.get("users/1/photo.webp"))?.bytes.toString()).toBe("foto 9");
  });
});
