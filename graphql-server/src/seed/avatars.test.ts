import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../lib/db.js";
import { applyMigrations } from "../lib/migrate.js";
import { MemoryStorage } from "../providers/storage/memory.js";
import { giveDemoAvatars } from "./avatars.js";
import { DEMO_SUPERUSER_PHONE, seedDemo } from "./demo.js";

describe("giveDemoAvatars", () => {
  let db: Database;
  const storage = new MemoryStorage();
  let given: number;

  beforeAll(async () => {
    db = await openDatabase({ dataDir: "memory" });
    await applyMigrations(db.raw);
    await seedDemo(db.prisma, { now: new Date("2025-11-20T15:00:00Z") });
    given = await giveDemoAvatars(db.prisma, storage);
  }, 120_000);

  afterAll(async () => {
    await db?.close();
  });

  it("gives every complete demo member but the superuser a drawn portrait, stored as her photo", async () => {
    const members = await db.prisma.user.findMany({ select: { id: true, phone: true, profileComplete: true, profilePhoto: true, profilePhotoUrl: true } });
    const drawn = members.filter((m) => m.profileComplete && m.phone !== DEMO_SUPERUSER_PHONE);
    expect(given).toBe(drawn.length);
    expect(drawn.length).toBeGreaterThan(20);
    for (const member of drawn) {
      expect(member.profilePhoto).toBe("webp");
      // At a versioned address of her own, as an upload gives it: browsers may keep it for good, and
      // its version cannot be worked out from another member's.
      expect(member.profilePhotoUrl).toMatch(new RegExp(`^/api/users/${member.id}/photo\\?v=[\\w-]{22}$`));
    }
    expect(new Set(drawn.map((m) => m.profilePhotoUrl!.split("?v=")[1])).size).toBe(drawn.length);
    expect(members.find((m) => m.phone === DEMO_SUPERUSER_PHONE)?.profilePhoto).toBeNull();
    expect(members.filter((m) => !m.profileComplete).every((m) => m.profilePhoto === null)).toBe(true);

    const stored = await storage.get(`users/${drawn[0].id}/photo.webp`);
    expect(stored?.contentType).toBe("image/webp");
    const meta = await sharp(stored!.bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["webp", 256, 256]);
    // Two members, two faces.
    const other = await storage.get(`users/${drawn[1].id}/photo.webp`);
    expect(Buffer.compare(stored!.bytes, other!.bytes)).not.toBe(0);
  });

  it("gives nobody a second portrait when run again", async () => {
    expect(await giveDemoAvatars(db.prisma, storage)).toBe(0);
  });
});
