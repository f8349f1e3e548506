// Backup and restore of the embedded club (PGlite in DATA_DIR/pglite, uploads in DATA_DIR/uploads)
// as one .tar.gz: manifest.json (checked on restore), database.tar (PGlite's own dumpDataDir of
// its data folder) and uploads/. See docs/decisions/0201-pglite-s-dumpdatadir-restored-with-loaddatadir-not-pg-dump-f.md and the records after it.
import { createHash, randomBytes } from "node:crypto";
import { createReadStream, existsSync, openAsBlob, readdirSync } from "node:fs";
import { mkdir, mkdtemp, readFile, readdir, rename, rm, rmdir, stat, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { basename, dirname, join, relative, resolve } from "node:path";
import { pipeline } from "node:stream/promises";
import { PGlite } from "@electric-sql/pglite";
import * as tar from "tar";
import { z } from "zod";
import { repoPath } from "../paths.js";
import { claimDataDir } from "./data-dir-owner.js";
import { MIGRATIONS_DIR } from "./migrate.js";

export const BACKUP_FORMAT = "clube-coroa-backup";
export const BACKUP_FORMAT_VERSION = 1;
const MANIFEST = "manifest.json";
const DATABASE = "database.tar";
const UPLOADS = "uploads";
/** The disk storage keeps each upload's content type beside it (providers/storage/disk.ts). */
const TYPE_SUFFIX = ".type";

/** A refusal or failure the operator reads as it is (Portuguese, with the way out). */
export class BackupError extends Error {}

export interface ClubCounts {
  members: number;
  offers: number;
  conversations: number;
  messages: number;
  /** Uploads kept in the database (STORAGE=database). */
  storedFiles: number;
}

const countsSchema = z.object({
  members: z.number().int().nonnegative(),
  offers: z.number().int().nonnegative(),
  conversations: z.number().int().nonnegative(),
  messages: z.number().int().nonnegative(),
  storedFiles: z.number().int().nonnegative(),
});

const manifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  formatVersion: z.number().int(),
  createdAt: z.string(),
  /** The app's schema version: the last migration applied to the database. */
  appVersion: z.string(),
  pgliteVersion: z.string(),
  storage: z.string(),
  counts: countsSchema,
  database: z.object({ bytes: z.number().int().nonnegative(), sha256: z.string().regex(/^[0-9a-f]{64}$/) }),
  /** Every file under uploads/ (checked on restore); `objects` leaves out the disk storage's `.type` companions. */
  uploads: z.object({ files: z.number().int().nonnegative(), objects: z.number().int().nonnegative(), bytes: z.number().int().nonnegative() }),
});
export type BackupManifest = z.infer<typeof manifestSchema>;

export interface BackupSummary {
  manifest: BackupManifest;
  /** Size of the backup file. */
  bytes: number;
}

export type Progress = (line: string) => void;

/** The PGlite release this app runs: a data folder restores only into the same one. */
export async function pgliteVersion(): Promise<string> {
  const pkg = JSON.parse(await readFile(repoPath("node_modules/@electric-sql/pglite/package.json"), "utf8")) as { version: string };
  return pkg.version;
}

export const formatBytes = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : bytes >= 1024 ? `${(bytes / 1024).toFixed(1)} kB` : `${bytes} B`;

export function describeCounts(manifest: BackupManifest, bytes: number): string {
  const { counts, uploads } = manifest;
  return (
    `${counts.members} membros, ${counts.offers} ofertas, ${counts.conversations} conversas, ${counts.messages} mensagens, ` +
    `${uploads.objects + counts.storedFiles} arquivos (${uploads.objects} em uploads/, ${counts.storedFiles} no banco), ${formatBytes(bytes)}`
  );
}

async function countClub(pg: PGlite): Promise<ClubCounts> {
  const count = async (table: string) => Number((await pg.query<{ n: number }>(`SELECT count(*)::int AS n FROM "${table}"`)).rows[0].n);
  return {
    members: await count("User"),
    offers: await count("Offer"),
    conversations: await count("Conversation"),
    messages: await count("Message"),
    storedFiles: await count("StoredFile"),
  };
}

async function lastMigration(pg: PGlite): Promise<string | null> {
  const table = await pg.query<{ name: string | null }>(`SELECT to_regclass('"_prisma_migrations"')::text AS name`);
  if (!table.rows[0].name) return null;
  const rows = await pg.query<{ migration_name: string }>(
    `SELECT migration_name FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL ORDER BY migration_name DESC LIMIT 1`,
  );
  return rows.rows[0]?.migration_name ?? null;
}

/** Every file under `dir` (recursively), relative paths and total size. */
async function listFiles(dir: string): Promise<{ files: string[]; bytes: number }> {
  if (!existsSync(dir)) return { files: [], bytes: 0 };
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files: string[] = [];
  let bytes = 0;
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    files.push(relative(dir, path));
    bytes += (await stat(path)).size;
  }
  return { files, bytes };
}

async function sha256(path: string): Promise<string> {
  const hash = createHash("sha256");
  await pipeline(createReadStream(path), hash);
  return hash.digest("hex");
}

/** Calls `report` at most once a second, and always for the last step. */
function throttled(report: Progress) {
  let last = 0;
  return (line: string, final = false) => {
    if (!final && Date.now() - last < 1000) return;
    last = Date.now();
    report(line);
  };
}

export interface BackupOptions {
  dataDir: string;
  /** Where to write the backup; must not exist. */
  file: string;
  /** The server's STORAGE setting, recorded in the manifest (S3 uploads are not in the file). */
  storage: string;
  onProgress?: Progress;
}

/**
 * Writes the backup of DATA_DIR to `file`. Refuses a DATA_DIR without a club, one open in another
 * process (the server), and an existing `file`; the file appears only once complete.
 */
export async function createBackup(options: BackupOptions): Promise<BackupSummary> {
  const report = options.onProgress ?? (() => undefined);
  const dataDir = resolve(options.dataDir);
  const file = resolve(options.file);
  const pgliteDir = join(dataDir, "pglite");
  if (!existsSync(join(pgliteDir, "PG_VERSION"))) {
    throw new BackupError(`Não há clube em ${dataDir}: a pasta não tem banco embutido (pglite/). Confira DATA_DIR. / No embedded database in ${dataDir}.`);
  }
  if (existsSync(file)) throw new BackupError(`${file} já existe: escolha outro nome (o backup nunca sobrescreve um arquivo). / ${file} already exists.`);
  if (!existsSync(dirname(file))) throw new BackupError(`A pasta ${dirname(file)} não existe. / Folder ${dirname(file)} does not exist.`);

  const release = claimDataDir(dataDir);
  const staging = await mkdtemp(join(tmpdir(), "coroa-backup-"));
  const partial = `${file}.${randomBytes(4).toString("hex")}.parcial`;
  try {
    report(`Abrindo o banco embutido (${pgliteDir})…`);
    const pg = new PGlite(pgliteDir);
    let counts: ClubCounts;
    let appVersion: string | null;
    let dump: Blob;
    try {
      await pg.waitReady;
      appVersion = await lastMigration(pg);
      if (!appVersion) throw new BackupError(`O banco em ${pgliteDir} está vazio (nunca foi iniciado pelo servidor): nada para copiar. / The database is empty.`);
      counts = await countClub(pg);
      report("Copiando o banco (dumpDataDir do PGlite)…");
      dump = await pg.dumpDataDir("none");
    } finally {
      await pg.close();
    }
    const databasePath = join(staging, DATABASE);
    await writeFile(databasePath, new Uint8Array(await dump.arrayBuffer()));
    report(`  banco: ${formatBytes(dump.size)}`);

    const uploadsDir = join(dataDir, UPLOADS);
    const uploads = await listFiles(uploadsDir);
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      formatVersion: BACKUP_FORMAT_VERSION,
      createdAt: new Date().toISOString(),
      appVersion,
      pgliteVersion: await pgliteVersion(),
      storage: options.storage,
      counts,
      database: { bytes: dump.size, sha256: await sha256(databasePath) },
      uploads: { files: uploads.files.length, objects: uploads.files.filter((path) => !path.endsWith(TYPE_SUFFIX)).length, bytes: uploads.bytes },
    };
    await writeFile(join(staging, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    const entries = [MANIFEST, DATABASE];
    if (uploads.files.length) {
      // The uploads are packed from where they are, through a link the packer follows.
      await symlink(uploadsDir, join(staging, UPLOADS), "dir");
      entries.push(UPLOADS);
    }

    report(`Gravando ${basename(file)}: o banco e uploads/ (${uploads.files.length} arquivos, ${formatBytes(uploads.bytes)})…`);
    const progress = throttled(report);
    let packed = 0;
    await tar.c(
      {
        gzip: true,
        file: partial,
        cwd: staging,
        follow: true,
        portable: true,
        onWriteEntry: (entry) => {
          if (entry.type !== "File" || !entry.path.startsWith(`${UPLOADS}/`)) return;
          packed += 1;
          progress(`  uploads: ${packed}/${uploads.files.length} arquivos`, packed === uploads.files.length);
        },
      },
      entries,
    );
    await rename(partial, file);
    return { manifest, bytes: (await stat(file)).size };
  } finally {
    release();
    await rm(staging, { recursive: true, force: true });
    await rm(partial, { force: true });
  }
}

export interface RestoreOptions {
  /** The backup file. */
  file: string;
  /** An empty or missing folder: the club is restored there. */
  dataDir: string;
  onProgress?: Progress;
}

const ALLOWED_TYPES = new Set(["File", "OldFile", "Directory"]);

function isEmptyOrMissing(dir: string) {
  try {
    return readdirSync(dir).length === 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return true;
    throw error;
  }
}

/**
 * Restores `file` into `dataDir`, which must be empty or missing. Everything is unpacked and checked
 * in a folder next to it (manifest, checksum, PGlite version, counts read back from the restored
 * database) and renamed into place only then: a refusal or a failure leaves `dataDir` as it was.
 */
export async function restoreBackup(options: RestoreOptions): Promise<BackupSummary> {
  const report = options.onProgress ?? (() => undefined);
  const dataDir = resolve(options.dataDir);
  const file = resolve(options.file);
  const fileStat = await stat(file).catch(() => null);
  if (!fileStat?.isFile()) throw new BackupError(`O arquivo ${file} não existe. / ${file} not found.`);
  if (!isEmptyOrMissing(dataDir)) {
    throw new BackupError(
      `${dataDir} não está vazio: a restauração só grava numa pasta vazia ou nova, nada foi alterado. Escolha outra DATA_DIR ou mova a atual. / ${dataDir} is not empty: restore needs an empty or new folder; nothing was changed.`,
    );
  }
  const foreign = (why: string) =>
    new BackupError(`${file} não é um backup do Clube Coroa que se possa restaurar (${why}); nada foi alterado. / Not a Clube Coroa backup (${why}); nothing was changed.`);

  // A missing DATA_DIR: the work folder is its sibling, renamed to it at the end. An existing empty one
  // (often a volume's mount point, which can be neither removed nor replaced): the work folder is
  // hidden inside it, and its two entries are renamed up at the end, the database last.
  const existed = existsSync(dataDir);
  if (!existed) await mkdir(dirname(dataDir), { recursive: true });
  const work = existed ? await mkdtemp(join(dataDir, ".restaurando-")) : await mkdtemp(join(dirname(dataDir), `.${basename(dataDir)}.restaurando-`));
  try {
    report(`Lendo ${basename(file)} (${formatBytes(fileStat.size)})…`);
    const progress = throttled(report);
    let files = 0;
    try {
      await tar.x({
        file,
        cwd: work,
        strict: true,
        // Only what a backup holds, as plain files and folders (no links, nothing outside).
        filter: (path, entry) =>
          ALLOWED_TYPES.has((entry as tar.ReadEntry).type) && (path === MANIFEST || path === DATABASE || path === UPLOADS || path.startsWith(`${UPLOADS}/`)),
        onReadEntry: (entry) => {
          if (entry.type === "File" && entry.path.startsWith(`${UPLOADS}/`)) progress(`  uploads: ${++files} arquivos`);
        },
      });
    } catch (error) {
      throw foreign(`arquivo corrompido ou de outro formato: ${(error as Error).message}`);
    }
    let manifest: BackupManifest;
    try {
      manifest = manifestSchema.parse(JSON.parse(await readFile(join(work, MANIFEST), "utf8")));
    } catch {
      throw foreign("sem manifest.json do Clube Coroa");
    }
    if (manifest.formatVersion !== BACKUP_FORMAT_VERSION) throw foreign(`formato ${manifest.formatVersion}, esta versão lê o ${BACKUP_FORMAT_VERSION}`);
    const installed = await pgliteVersion();
    if (manifest.pgliteVersion !== installed) {
      throw new BackupError(
        `O backup foi feito com PGlite ${manifest.pgliteVersion} e este servidor usa ${installed}: restaure com a versão do Clube Coroa que o gravou. / Backup made with PGlite ${manifest.pgliteVersion}, this app has ${installed}.`,
      );
    }
    if (!existsSync(join(MIGRATIONS_DIR, manifest.appVersion))) {
      throw new BackupError(
        `O backup vem de uma versão mais nova do Clube Coroa (migração ${manifest.appVersion} desconhecida aqui): atualize o servidor antes de restaurar. / The backup comes from a newer version.`,
      );
    }
    const databasePath = join(work, DATABASE);
    if (!existsSync(databasePath) || (await sha256(databasePath)) !== manifest.database.sha256) throw foreign("o banco não confere com o manifest");
    const uploads = await listFiles(join(work, UPLOADS));
    if (uploads.files.length !== manifest.uploads.files || uploads.bytes !== manifest.uploads.bytes) {
      throw foreign(`${uploads.files.length} arquivos de uploads no arquivo, o manifest diz ${manifest.uploads.files}`);
    }
    report(`  uploads: ${uploads.files.length} arquivos (${formatBytes(uploads.bytes)})`);

    report(`Restaurando o banco (${formatBytes(manifest.database.bytes)})…`);
    const pg = new PGlite(join(work, "pglite"), { loadDataDir: await openAsBlob(databasePath) });
    try {
      await pg.waitReady;
      const counts = await countClub(pg);
      const expected = manifest.counts;
      const differs = (Object.keys(expected) as (keyof ClubCounts)[]).filter((key) => counts[key] !== expected[key]);
      if (differs.length) throw foreign(`o banco restaurado não tem o que o manifest conta: ${differs.map((key) => `${key} ${counts[key]} ≠ ${expected[key]}`).join(", ")}`);
    } catch (error) {
      if (error instanceof BackupError) throw error;
      throw foreign(`o banco não abre: ${(error as Error).message}`);
    } finally {
      await pg.close().catch(() => undefined);
    }
    await rm(databasePath);
    await rm(join(work, MANIFEST));

    // The folder may have been filled meanwhile (a server started on it): the restored copy is
    // dropped with the rest.
    const filled = existed ? readdirSync(dataDir).some((name) => join(dataDir, name) !== work) : existsSync(dataDir);
    if (filled) throw new BackupError(`${dataDir} recebeu arquivos durante a restauração: nada foi alterado, rode de novo numa pasta vazia.`);
    if (existed) {
      for (const name of readdirSync(work).sort((a, b) => Number(a === "pglite") - Number(b === "pglite"))) await rename(join(work, name), join(dataDir, name));
      await rmdir(work);
    } else {
      await rename(work, dataDir);
    }
    return { manifest, bytes: fileStat.size };
  } finally {
    // When a truncated archive fails, tar can still be finishing a file it was writing: the removal
    // is retried (ENOTEMPTY) rather than letting its error hide the refusal's.
    await rm(work, { recursive: true, force: true, maxRetries: 20, retryDelay: 50 }).catch((error) => report(`Aviso: não foi possível apagar ${work}: ${(error as Error).message}`));
  }
}
