import { join } from "node:path";
import type { Config } from "../../config.js";
import type { Database } from "../../lib/db.js";
import { DatabaseStorage } from "./database.js";
import { DiskStorage } from "./disk.js";
import { MemoryStorage } from "./memory.js";
import { S3Storage } from "./s3.js";
import type { Storage } from "./storage.js";

/**
 * Where uploaded files live (config.STORAGE): `${DATA_DIR}/uploads`, the database's StoredFile
 * table, an S3 bucket, or memory (tests).
 */
export function createStorage(config: Config, db: Pick<Database, "prisma">): Storage {
  switch (config.STORAGE) {
    case "memory":
      return new MemoryStorage();
    case "database":
      return new DatabaseStorage(db.prisma);
    case "s3":
      return new S3Storage({
        bucket: config.S3_BUCKET!,
        region: config.S3_REGION!,
        endpoint: config.S3_ENDPOINT,
        accessKeyId: config.S3_ACCESS_KEY_ID,
        secretAccessKey: config.S3_SECRET_ACCESS_KEY,
        forcePathStyle: config.S3_FORCE_PATH_STYLE,
      });
    case "disk":
      return new DiskStorage(join(config.DATA_DIR, "uploads"));
  }
}
