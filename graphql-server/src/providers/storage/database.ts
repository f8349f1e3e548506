import type { PrismaClient } from "../../generated/prisma/client.js";
import { checkKey, type Storage } from "./storage.js";

/** Keys read per query while listing. */
const LIST_PAGE = 500;

/**
 * Files in the database's `StoredFile` table (bytea): every instance on the same PostgreSQL reads the
 * same files, and a backup of the database holds them. The default when `DATABASE_URL` is set.
 */
export class DatabaseStorage implements Storage {
  readonly kind = "database" as const;

  constructor(private readonly prisma: PrismaClient) {}

  async put(key: string, bytes: Buffer, contentType: string) {
    checkKey(key);
    const data = { contentType, size: bytes.length, bytes: new Uint8Array(bytes) };
    // One statement: the row holds the old bytes or the new ones, never a mix.
    await this.prisma.storedFile.upsert({ where: { key }, create: { key, ...data }, update: data });
  }

  async get(key: string) {
    const row = await this.prisma.storedFile.findUnique({ where: { key: checkKey(key) }, select: { contentType: true, bytes: true } });
    if (!row) return null;
    const bytes = Buffer.from(row.bytes);
    return { bytes, contentType: row.contentType, length: bytes.length };
  }

  async delete(key: string) {
    await this.prisma.storedFile.deleteMany({ where: { key: checkKey(key) } });
  }

  async exists(key: string) {
    const row = await this.prisma.storedFile.findUnique({ where: { key: checkKey(key) }, select: { contentType: true, size: true } });
    return row ? { contentType: row.contentType, length: row.size } : null;
  }

  async *list(): AsyncGenerator<string> {
    let after: string | undefined;
    for (;;) {
      const rows = await this.prisma.storedFile.findMany({
        select: { key: true },
        orderBy: { key: "asc" },
        take: LIST_PAGE,
        ...(after ? { cursor: { key: after }, skip: 1 } : {}),
      });
      for (const row of rows) yield row.key;
      if (rows.length < LIST_PAGE) return;
      after = rows[rows.length - 1].key;
    }
  }
}
