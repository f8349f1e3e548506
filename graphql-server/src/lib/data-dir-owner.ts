// Which process has the embedded database (DATA_DIR/pglite) open. PGlite allows one process, and
// its own postmaster.pid holds no real pid (it stays behind after a crash), so every process that
// opens the folder writes its pid to DATA_DIR/pglite.pid and removes it on close. A pid file whose
// process is gone (a crash, kill -9) counts as free.
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export const OWNER_FILE = "pglite.pid";

/** DATA_DIR is open in another live process: the operator stops it first. */
export class DataDirBusyError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `O banco embutido em ${dataDir} está aberto pelo processo ${pid} (o servidor, ou um backup, restauração, seed ou storage:copy em andamento): ` +
        `pare-o e rode o comando de novo. / The embedded database in ${dataDir} is open in process ${pid}: stop it and run the command again. ` +
        `(Se nenhum processo do Clube Coroa roda com esse número, apague ${join(dataDir, OWNER_FILE)}.)`,
    );
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, under another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** The pid of another live process that has DATA_DIR's database open, else null. */
export function dataDirOwner(dataDir: string): number | null {
  let text: string;
  try {
    text = readFileSync(join(dataDir, OWNER_FILE), "utf8");
  } catch {
    return null;
  }
  const pid = Number(text.trim());
  if (!Number.isSafeInteger(pid) || pid <= 0 || pid === process.pid) return null;
  return isAlive(pid) ? pid : null;
}

/** Marks DATA_DIR's database as open by this process (throws DataDirBusyError if another has it); returns the release. */
export function claimDataDir(dataDir: string): () => void {
  const owner = dataDirOwner(dataDir);
  if (owner !== null) throw new DataDirBusyError(dataDir, owner);
  const file = join(dataDir, OWNER_FILE);
  writeFileSync(file, `${process.pid}\n`);
  const release = () => {
    process.off("exit", release);
    try {
      if (readFileSync(file, "utf8").trim() === String(process.pid)) rmSync(file, { force: true });
    } catch {
      // Already gone.
    }
  };
  // A process that ends without closing the database (process.exit on a second signal) frees it too.
  process.on("exit", release);
  return release;
}
