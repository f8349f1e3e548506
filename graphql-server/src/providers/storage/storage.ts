export interface StoredObject {
  bytes: Buffer;
  contentType: string;
}

/** Where uploaded files live (profile photos, banners). Keys are relative paths such as `users/7/photo.webp`. */
export interface Storage {
  readonly kind: "disk" | "memory";
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<StoredObject | null>;
  /** Removing a key that does not exist is not an error. */
  delete(key: string): Promise<void>;
}

/** Refuses keys that could leave the storage root. */
export function checkKey(key: string): string {
  if (!/^[a-z0-9][a-z0-9/_.-]*$/i.test(key) || key.split("/").some((part) => part === "" || part === "." || part === "..")) {
    throw new Error(`invalid storage key: ${key}`);
  }
  return key;
}
