import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DiskStorage } from "./disk.js";
import { MemoryStorage } from "./memory.js";
import type { Storage } from "./storage.js";

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "coroa-storage-"));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe.each([
  ["disk", () => new DiskStorage(join(dir, "uploads"))],
  ["memory", () => new MemoryStorage()],
])("%s storage", (_kind, make: () => Storage) => {
  it("puts, gets and deletes bytes with their content type", async () => {
    const storage = make();
    expect(await storage.get("users/1/photo.webp")).toBeNull();
    await storage.put("users/1/photo.webp", Buffer.from([1, 2, 3]), "image/webp");
    expect(await storage.get("users/1/photo.webp")).toEqual({ bytes: Buffer.from([1, 2, 3]), contentType: "image/webp" });
    await storage.put("users/1/photo.webp", Buffer.from([4]), "image/webp");
    expect((await storage.get("users/1/photo.webp"))?.bytes).toEqual(Buffer.from([4]));
    await storage.delete("users/1/photo.webp");
    await storage.delete("users/1/photo.webp");
    expect(await storage.get("users/1/photo.webp")).toBeNull();
  });

  it("refuses keys that would leave its root", async () => {
    const storage = make();
    for (const key of ["../etc/passwd", "users/../../x", "/abs", "users//x", ""]) {
      await expect(storage.put(key, Buffer.from([1]), "text/plain")).rejects.toThrow(/invalid storage key/);
    }
  });
});

it("keeps disk files under DATA_DIR/uploads and leaves no temporary files", async () => {
  const storage = new DiskStorage(join(dir, "uploads"));
  await storage.put("users/9/banner.webp", Buffer.from([9]), "image/webp");
  expect((await readdir(join(dir, "uploads", "users", "9"))).sort()).toEqual(["banner.webp", "banner.webp.type"]);
});
