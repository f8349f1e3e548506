// `npm run storage:copy -- --from disk --to database|s3`: copies the uploads (photos, banners) from
// one storage to another, before switching STORAGE. The source is left as it is; an object the
// target already holds with the same bytes is skipped, so a second run copies nothing. The
// settings (DATA_DIR, DATABASE_URL, S3_*) are the server's. Stop a server on the embedded database
// first: PGlite allows one process.
import { parseArgs } from "node:util";
import { configOrFail, fail } from "./lib/cli.js";
import type { Database } from "./lib/db.js";
import { copyStorage } from "./providers/storage/copy.js";
import { createStorage } from "./providers/storage/create.js";

const KINDS = ["disk", "database", "s3"] as const;
type Kind = (typeof KINDS)[number];
const USAGE = "Uso: npm run storage:copy -- --from disk --to database|s3";

const { values } = parseArgs({ options: { from: { type: "string" }, to: { type: "string" } } });
const isKind = (value: string | undefined): value is Kind => KINDS.includes(value as Kind);
if (!isKind(values.from) || !isKind(values.to)) fail(USAGE);
const from = values.from;
const to = values.to;
if (from === to) fail(`Origem e destino iguais (${from}). ${USAGE}`);

// An S3 end is checked as the server checks STORAGE=s3 (bucket, region, keys).
const config = configOrFail(from === "s3" || to === "s3" ? { ...process.env, STORAGE: "s3" } : process.env);
if (config.DATA_DIR === "memory" && (from === "disk" || to === "disk")) fail("DATA_DIR=memory não tem pasta de uploads.");

let db: Database | null = null;
if (from === "database" || to === "database") {
  // Loaded only when a database is an end: the command stays quick for disk to S3.
  const [{ openDatabase }, { applyMigrations }] = await Promise.all([import("./lib/db.js"), import("./lib/migrate.js")]);
  const { DataDirBusyError } = await import("./lib/data-dir-owner.js");
  db = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR }).catch((error: unknown) => {
    if (error instanceof DataDirBusyError) fail(error.message);
    throw error;
  });
  await applyMigrations(db.raw);
}
const storageOf = (kind: Kind) => createStorage({ ...config, STORAGE: kind }, db ?? { prisma: null as never });
const source = storageOf(from);
const target = storageOf(to);
const where = (kind: Kind) =>
  kind === "disk" ? `${config.DATA_DIR}/uploads` : kind === "database" ? db!.describe : `s3://${config.S3_BUCKET}${config.S3_ENDPOINT ? ` (${config.S3_ENDPOINT})` : ""}`;

console.log(`Copiando uploads de ${from} (${where(from)}) para ${to} (${where(to)})…`);
const started = Date.now();
let lastLine = 0;
try {
  const result = await copyStorage(source, target, (progress) => {
    // A line per second at most, and the last one.
    if (Date.now() - lastLine < 1000 && progress.done < progress.total) return;
    lastLine = Date.now();
    console.log(`  ${progress.done}/${progress.total} arquivos (${progress.copied} copiados, ${progress.present} já presentes)`);
  });
  const vanished = result.vanished ? `, ${result.vanished} removidos durante a cópia` : "";
  console.log(
    `Concluído em ${((Date.now() - started) / 1000).toFixed(1)} s: ${result.copied} copiados, ${result.present} já presentes no destino${vanished}, ${result.total} no total.`,
  );
} catch (error) {
  process.exitCode = 1;
  console.error(`Cópia interrompida: ${(error as Error).message}${(error as Error).cause ? ` (${String((error as Error).cause)})` : ""}. Rode o comando de novo: o que já foi copiado não é copiado outra vez.`);
} finally {
  source.close?.();
  target.close?.();
  await db?.close();
}
