// `npm run restore -- /path/file.tar.gz`: brings a backup of `npm run backup` back into DATA_DIR,
// which must be empty or missing. Checked, then moved into place at once: a refusal or a failure
// leaves DATA_DIR as it was.
import { resolve } from "node:path";
import { ConfigError, loadConfig, type Config } from "./config.js";
import { BackupError, describeCounts, restoreBackup } from "./lib/backup.js";

const USAGE = "Uso: npm run restore -- /caminho/arquivo.tar.gz (com DATA_DIR apontando para uma pasta vazia ou nova)";

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const args = process.argv.slice(2).filter((arg) => arg !== "--");
if (args.length !== 1 || args[0].startsWith("-")) fail(USAGE);
// npm runs the script from the repository: a relative path means relative to where the person ran npm.
const file = resolve(process.env.INIT_CWD ?? process.cwd(), args[0]);
let config: Config;
try {
  config = loadConfig(process.env);
} catch (error) {
  if (error instanceof ConfigError) fail(error.message);
  throw error;
}
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
