/**
 * A small read-through cache of board pages, shared by every viewer of one server instance.
 *
 * What is cached is public: the offers of a page in board order with their author's display fields
 * and cursors, never whether the viewer liked them (that is merged per request). Every write that can
 * change a page publishes `offers:changed` on the bus after it commits (kind `author` for a member's
 * display fields); each instance drops its whole cache when such an event arrives, so with Redis a
 * write on instance A empties the caches of B and C too. A time limit bounds staleness should a
 * write ever go around the services.
 *
 * Races: a read that started before an invalidation must not store what it read, so each entry is
 * stored only when the generation it started in is still current. Concurrent misses on one key share
 * a single database read.
 */
export interface BoardCacheOptions {
  /** Most pages kept (least recently used go first). */
  maxEntries: number;
  /** How long a page may be served from memory at most, in ms; 0 turns the cache off. */
  ttlMs: number;
  now?: () => number;
}

interface Entry<T> {
  value: Promise<T>;
  storedAt: number;
}

export class BoardCache<T> {
  private generation = 0;
  private readonly entries = new Map<string, Entry<T>>();
  private readonly now: () => number;

  constructor(private readonly options: BoardCacheOptions) {
    this.now = options.now ?? (() => Date.now());
  }

  get size() {
    return this.entries.size;
  }

  /** Forgets every page; reads already under way will not store their result. */
  invalidate() {
    this.generation += 1;
    this.entries.clear();
  }

  /** Changes with every invalidation: pass it to `set` to store only what is still current. */
  get currentGeneration() {
    return this.generation;
  }

  /** The fresh entry for a key (moved to the young end of the LRU order), if any. */
  private fresh(key: string, now: number) {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    this.entries.delete(key);
    if (now - hit.storedAt >= this.options.ttlMs) return undefined;
    this.entries.set(key, hit);
    return hit;
  }

  /** A stored value, without loading one on a miss. */
  peek(key: string): Promise<T> | undefined {
    if (this.options.ttlMs <= 0) return undefined;
    return this.fresh(key, this.now())?.value;
  }

  /** Stores a value computed elsewhere, unless the cache was invalidated since `generation`. */
  set(key: string, value: T, generation: number) {
    if (this.options.ttlMs <= 0 || generation !== this.generation) return;
    this.entries.delete(key);
    this.entries.set(key, { value: Promise.resolve(value), storedAt: this.now() });
    this.evict();
  }

  async get(key: string, load: () => Promise<T>): Promise<T> {
    if (this.options.ttlMs <= 0) return load();
    const now = this.now();
    const hit = this.fresh(key, now);
    if (hit) return hit.value;
    const generation = this.generation;
    const value = load();
    const entry: Entry<T> = { value, storedAt: now };
    this.entries.set(key, entry);
    this.evict();
    try {
      return await value;
    } catch (error) {
      // A failed read is never served to the next viewer.
      if (this.entries.get(key) === entry) this.entries.delete(key);
      throw error;
    } finally {
      if (generation !== this.generation && this.entries.get(key) === entry) this.entries.delete(key);
    }
  }

  private evict() {
    while (this.entries.size > this.options.maxEntries) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
  }
}
