export interface StoredObject {
  bytes: Buffer;
  contentType: string;
  /** Bytes in the object (`bytes.length`). */
  length: number;
}

/** What a key holds, without its bytes. */
export interface ObjectInfo {
  contentType: string;
  length: number;
}

export type StorageKind = "disk" | "memory" | "database" | "s3";

/**
 * Where uploaded files live (profile photos, banners). Keys are relative paths such as
 * `users/7/photo.webp`. Every instance of a deployment must see the same files: `disk` only suits
 * one instance (its own `DATA_DIR/uploads`), `database` and `s3` are shared (docs/decisions/0188-uploads-shared-by-every-instance.md
 * "Uploads shared by every instance").
 *
 * An adapter that cannot reach its backend throws `StorageUnavailableError` (answered 503); a key
 * that is not there is `null`, never an error.
 */
export interface Storage {
  readonly kind: StorageKind;
  /** Writes the whole object or nothing: a reader never sees half of it. */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<StoredObject | null>;
  /** Removing a key that does not exist is not an error. */
  delete(key: string): Promise<void>;
  /** Its content type and length when the key exists, else null. */
  exists(key: string): Promise<ObjectInfo | null>;
  /** Every key held (for `npm run storage:copy`). */
  list(): AsyncIterable<string>;
  /** Lets go of connections (S3's sockets). */
  close?(): void;
}

/** The backend did not answer, or answered with a fault: the request may succeed a moment later. */
export class StorageUnavailableError extends Error {
  constructor(
    readonly kind: StorageKind,
    options?: { cause?: unknown },
  ) {
    super(`${kind} storage unavailable`, options);
    this.name = "StorageUnavailableError";
  }
}

/** Refuses keys that could leave the storage root. */
export function checkKey(key: string): string {
  if (!/^[a-z0-9][a-z0-9/_.-]*$/i.test(key) || key.split("/").some((part) => part === "" || part === "." || part === "..")) {
    throw new Error(`invalid storage key: ${key}`);
  }
  return key;
}
