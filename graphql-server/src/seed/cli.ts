// `npm run seed`: empties the database (data only, not the migrations) and fills it with the demo
// club again. Stop the server first when using the embedded database: PGlite allows one process.
import { loadConfig } from "../config.js";
import { DataDirBusyError } from "../lib/data-dir-owner.js";
import { openDatabase } from "../lib/db.js";
import { applyMigrations } from "../lib/migrate.js";
import { createStorage } from "../services.js";
import { giveDemoAvatars } from "./avatars.js";
import { DEMO_SUPERUSER_PHONE, seedDemo } from "./demo.js";

const config = loadConfig();
const db = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR }).catch((error: unknown) => {
  // The server (or another command) has the embedded database open: say so, without a stack.
  if (!(error instanceof DataDirBusyError)) throw error;
  console.error(error.message);
  process.exit(1);
});
try {
  await applyMigrations(db.raw);
  const tables = await db.raw.query<{ tablename: string }>(
    `SELECT tablename FROM pg_tables WHERE schemaname = current_schema() AND tablename <> '_prisma_migrations'`,
  );
  if (tables.length) {
    await db.raw.exec(`TRUNCATE ${tables.map((t) => `"${t.tablename}"`).join(", ")} RESTART IDENTITY CASCADE`);
  }
  const counts = await seedDemo(db.prisma);
  const avatars = await giveDemoAvatars(db.prisma, createStorage(config, db));
  console.log(`Dados de demonstração recriados em ${db.describe}:`, { ...counts, avatars });
  console.log(`Superusuária de demonstração: +${DEMO_SUPERUSER_PHONE}`);
} finally {
  await db.close();
}
