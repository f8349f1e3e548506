// `npm run restore -- /path/file.tar.gz`: brings a backup of `npm run backup` back into DATA_DIR,
// which must be empty or missing. Checked, then moved into place at once: a refusal or a failure
// leaves DATA_DIR as it was.
import { BackupError, describeCounts, restoreBackup } from "./lib/backup.js";
import { configOrFail, fail, fileArgument } from "./lib/cli.js";

const USAGE = "Uso: npm run restore -- /caminho/arquivo.tar.gz (com DATA_DIR apontando para uma pasta vazia ou nova)";

const file = fileArgument(USAGE);
const config = configOrFail();
if (config.DATABASE_URL) fail("DATABASE_URL está definida: este comando restaura o banco embutido. No PostgreSQL use pg_restore (README, seção Backups).");
if (config.DATA_DIR === "memory") fail("DATA_DIR=memory não guarda nada em disco: aponte DATA_DIR para a pasta a restaurar.");

const started = Date.now();
console.log(`Restaurando ${file} em ${config.DATA_DIR}`);
try {
  const { manifest, bytes } = await restoreBackup({ file, dataDir: config.DATA_DIR, onProgress: (line) => console.log(line) });
  console.log(`Concluído em ${((Date.now() - started) / 1000).toFixed(1)} s: ${describeCounts(manifest, bytes)} (backup de ${manifest.createdAt}).`);
  if (manifest.storage !== config.STORAGE) console.log(`Atenção: o backup foi feito com STORAGE=${manifest.storage} e este servidor usa STORAGE=${config.STORAGE}.`);
} catch (error) {
  if (error instanceof BackupError) fail(error.message);
  fail(`Restauração interrompida: ${(error as Error).message}. ${config.DATA_DIR} não foi alterada.`);
}
