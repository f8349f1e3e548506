// `npm run backup -- /path/file.tar.gz`: a backup of the embedded club (PGlite's database in
// DATA_DIR/pglite and the uploads in DATA_DIR/uploads) in one file, with progress and a summary.
// Stop the server first: PGlite allows one process, and the command refuses while the server runs.
// On PostgreSQL, use pg_dump (README, "Backups").
import { BackupError, createBackup, describeCounts } from "./lib/backup.js";
import { configOrFail, fail, fileArgument } from "./lib/cli.js";
import { DataDirBusyError } from "./lib/data-dir-owner.js";

const USAGE = "Uso: npm run backup -- /caminho/arquivo.tar.gz";

const file = fileArgument(USAGE);
const config = configOrFail();
if (config.DATABASE_URL) fail("DATABASE_URL está definida: este comando copia o banco embutido. No PostgreSQL use pg_dump (README, seção Backups).");
if (config.DATA_DIR === "memory") fail("DATA_DIR=memory não guarda nada em disco: não há o que copiar.");

const started = Date.now();
console.log(`Backup de ${config.DATA_DIR} para ${file}`);
try {
  const { manifest, bytes } = await createBackup({ dataDir: config.DATA_DIR, file, storage: config.STORAGE, onProgress: (line) => console.log(line) });
  if (config.STORAGE === "s3") console.log(`Atenção: STORAGE=s3, as fotos ficam no bucket ${config.S3_BUCKET} e não estão neste arquivo (README, Backups).`);
  console.log(`Concluído em ${((Date.now() - started) / 1000).toFixed(1)} s: ${describeCounts(manifest, bytes)}.`);
} catch (error) {
  if (error instanceof BackupError || error instanceof DataDirBusyError) fail(error.message);
  fail(`Backup interrompido: ${(error as Error).message}. Nenhum arquivo foi gravado.`);
}
