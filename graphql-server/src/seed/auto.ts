import type { Config } from "../config.js";
import { ADVISORY_LOCK, type Database } from "../lib/db.js";
import type { Logger } from "../lib/log.js";
import type { Storage } from "../providers/storage/storage.js";
import { giveDemoAvatars } from "./avatars.js";
import { DEMO_SUPERUSER_PHONE, seedDemo } from "./demo.js";

/**
 * The first start on an empty embedded database fills it with the demo club, so a new person
 * sees a living board at once. PostgreSQL is seeded only when asked (SEED_DEMO=always).
 */
export async function seedIfEmpty(db: Database, config: Pick<Config, "SEED_DEMO" | "DATABASE_URL">, log: Logger, now: Date, storage: Storage) {
  if (config.SEED_DEMO === "never") return;
  if (config.SEED_DEMO === "auto" && config.DATABASE_URL) return;
  // Instances started together all see an empty database: the first to take the lock seeds it,
  // the others find members there once they get the lock.
  await db.raw.withLock(ADVISORY_LOCK.demoSeed, async () => {
    if ((await db.prisma.user.count()) > 0) return;
    const started = Date.now();
    const counts = await seedDemo(db.prisma, { now });
    const avatars = await giveDemoAvatars(db.prisma, storage);
    log.info({ ...counts, avatars, ms: Date.now() - started }, `dados de demonstração criados; superusuária de demonstração: +${DEMO_SUPERUSER_PHONE}`);
  });
}
