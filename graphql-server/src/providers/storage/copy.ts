import type { Storage } from "./storage.js";

export interface CopyProgress {
  /** Keys looked at so far, of `total`. */
  done: number;
  total: number;
  copied: number;
  /** Already in the target with the same bytes. */
  present: number;
}

export interface CopyResult extends CopyProgress {
  /** Listed in the source but gone before they could be read (deleted meanwhile). */
  vanished: number;
}

/**
 * Copies every object of `from` into `to` (same key, bytes and content type), leaving `from` as it
 * is. An object the target already holds with the same bytes is left alone, so a second run copies
 * nothing and an interrupted run can be started again.
 */
export async function copyStorage(from: Storage, to: Storage, onProgress: (progress: CopyProgress) => void = () => undefined): Promise<CopyResult> {
  const keys: string[] = [];
  for await (const key of from.list()) keys.push(key);
  const result: CopyResult = { done: 0, total: keys.length, copied: 0, present: 0, vanished: 0 };
  for (const key of keys) {
    const source = await from.get(key);
    if (!source) {
      result.vanished += 1;
    } else if (await holdsSame(to, key, source.bytes, source.contentType)) {
      result.present += 1;
    } else {
      await to.put(key, source.bytes, source.contentType);
      result.copied += 1;
    }
    result.done += 1;
    onProgress({ done: result.done, total: result.total, copied: result.copied, present: result.present });
  }
  return result;
}

async function holdsSame(storage: Storage, key: string, bytes: Buffer, contentType: string) {
  const info = await storage.exists(key);
  if (!info || info.length !== bytes.length || info.contentType !== contentType) return false;
  const held = await storage.get(key);
  return held !== null && held.bytes.equals(bytes);
}
