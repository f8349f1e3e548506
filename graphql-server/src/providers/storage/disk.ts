import { mkdir, readFile, readdir, rename, rm, stat, writeFile } from "node:fs/promises";
import { dirname, join, relative, resolve, sep } from "node:path";
import { randomBytes } from "node:crypto";
import { checkKey, type Storage } from "./storage.js";

const TYPE_SUFFIX = ".type";
const DEFAULT_TYPE = "application/octet-stream";
const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === "ENOENT";

/**
 * Files on local disk under one root (`${DATA_DIR}/uploads`); the content type is kept beside each
 * file. Seen by this instance only: several instances need `database` or `s3`.
 */
export class DiskStorage implements Storage {
  readonly kind = "disk" as const;
  private readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  private pathOf(key: string) {
    return join(this.root, checkKey(key));
  }

  async put(key: string, bytes: Buffer, contentType: string) {
    const path = this.pathOf(key);
    await mkdir(dirname(path), { recursive: true });
    // Write then rename, so a reader never sees half a file.
    const temporary = `${path}.${randomBytes(6).toString("hex")}.tmp`;
    await writeFile(temporary, bytes);
    await writeFile(`${path}${TYPE_SUFFIX}`, contentType);
    await rename(temporary, path);
  }

  async get(key: string) {
    const path = this.pathOf(key);
    try {
      const [bytes, contentType] = await Promise.all([readFile(path), readFile(`${path}${TYPE_SUFFIX}`, "utf8").catch(() => DEFAULT_TYPE)]);
      return { bytes, contentType, length: bytes.length };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async delete(key: string) {
    const path = this.pathOf(key);
    await rm(path, { force: true });
    await rm(`${path}${TYPE_SUFFIX}`, { force: true });
  }

  async exists(key: string) {
    const path = this.pathOf(key);
    try {
      const [info, contentType] = await Promise.all([stat(path), readFile(`${path}${TYPE_SUFFIX}`, "utf8").catch(() => DEFAULT_TYPE)]);
      return info.isFile() ? { contentType, length: info.size } : null;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  /** The stored files, in name order (not their `.type` companions, nor a write still under way). */
  async *list(): AsyncGenerator<string> {
    let entries;
    try {
      entries = await readdir(this.root, { recursive: true, withFileTypes: true });
    } catch (error) {
      if (isMissing(error)) return;
      throw error;
    }
    const keys = entries
      .filter((entry) => entry.isFile() && !entry.name.endsWith(TYPE_SUFFIX) && !entry.name.endsWith(".tmp"))
      .map((entry) => relative(this.root, join(entry.parentPath, entry.name)).split(sep).join("/"))
      .sort();
    yield* keys;
  }
}
