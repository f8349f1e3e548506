import { checkKey, type Storage, type StoredObject } from "./storage.js";

/** Files kept in memory: tests and `DATA_DIR=memory`. */
export class MemoryStorage implements Storage {
  readonly kind = "memory" as const;
  private readonly objects = new Map<string, StoredObject>();

  async put(key: string, bytes: Buffer, contentType: string) {
    this.objects.set(checkKey(key), { bytes: Buffer.from(bytes), contentType, length: bytes.length });
  }
  async get(key: string) {
    const found = this.objects.get(checkKey(key));
    return found ? { ...found, bytes: Buffer.from(found.bytes) } : null;
  }
  async delete(key: string) {
    this.objects.delete(checkKey(key));
  }
  async exists(key: string) {
    const found = this.objects.get(checkKey(key));
    return found ? { contentType: found.contentType, length: found.length } : null;
  }
  async *list() {
    yield* this.keys();
  }
  /** The keys held, for tests. */
  keys() {
    return [...this.objects.keys()];
  }
}
