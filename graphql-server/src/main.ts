import { PRODUCT_NAME } from "@clube-coroa/schema";
import { createApp } from "./app.js";
import { ConfigError, loadConfig } from "./config.js";
import { DataDirBusyError } from "./lib/data-dir-owner.js";
import { systemClock } from "./lib/clock.js";
import { openDatabase } from "./lib/db.js";
import { createLogger } from "./lib/log.js";
import { applyMigrations, MigrationError } from "./lib/migrate.js";
import { createStorage } from "./providers/storage/create.js";
import { SEED_CHILD_ENV, seedIfEmpty } from "./seed/auto.js";

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const log = createLogger(config.LOG_LEVEL);
  if (process.env[SEED_CHILD_ENV] === "1") {
    // Started by the server's first start on an embedded database (seed/auto.ts): make it, write the demo, end.
    const db = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
    const applied = await applyMigrations(db.raw);
    if (applied.length) log.info({ applied }, "migrations applied");
    await seedIfEmpty(db, config, log, systemClock.now(), createStorage(config, db));
    await db.close();
    process.exit(0);
  }
  // A last guard: a promise nobody awaited must not end the process for every member (the cause is
  // still a bug: it is logged as an error).
  process.on("unhandledRejection", (reason) => log.error({ err: reason }, "unhandled promise rejection"));
  let app;
  try {
    app = await createApp({ config, log });
  } catch (error) {
    if (error instanceof MigrationError || error instanceof DataDirBusyError) {
      log.fatal(error.message);
      process.exit(1);
    }
    throw error;
  }
  const url = await app.listen();
  // Since the process started (performance's time origin): loading the code, migrations, seed, listen.
  const startupMs = Math.round(performance.now());
  log.info(
    { startupMs },
    `${PRODUCT_NAME} em ${config.PUBLIC_URL ?? url} (${app.services.db.describe}, bus ${app.services.bus.kind}, WhatsApp ${app.services.whatsapp.kind}), pronto em ${startupMs} ms`,
  );

  // A clean stop (see App.shutdown); a second signal ends it at once.
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) {
      log.warn(`${signal} again: encerrando agora`);
      process.exit(1);
    }
    stopping = true;
    const graceMs = config.SHUTDOWN_GRACE_SECONDS * 1000;
    log.info({ graceSeconds: config.SHUTDOWN_GRACE_SECONDS }, `${signal}: encerrando`);
    // Past the grace, closing should take moments; if something hangs, the process ends anyway.
    setTimeout(() => {
      log.warn("shutdown took longer than its grace: exiting");
      process.exit(0);
    }, graceMs + 5000).unref();
    app.shutdown(graceMs).then(
      () => process.exit(0),
      (error: unknown) => {
        log.error({ err: error }, "shutdown failed");
        process.exit(1);
      },
    );
  };
  process.on("SIGINT", () => stop("SIGINT"));
  process.on("SIGTERM", () => stop("SIGTERM"));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
