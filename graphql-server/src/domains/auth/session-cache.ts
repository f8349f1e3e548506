import type { User } from "../../generated/prisma/client.js";

/** A session as its lookup statement found it: the session's times and her whole user row. */
export interface TrustedSession {
  sessionId: number;
  user: User;
  expiresAt: Date;
  lastUsedAt: Date;
}

interface Entry extends TrustedSession {
  /** Until when (ms) this instance answers from memory without reading the database. */
  until: number;
}

/**
 * The sessions this instance resolved lately, by the sha256 of their token, each trusted for at
 * most `ttlMs` (docs/decisions/0100-session-cache.md). The store empties entries when a session ends or
 * her row changes, here at once and elsewhere through the bus. A lookup that began before any such
 * change does not store what it read (generation check), so a stale row never outlives the change.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private readonly byUser = new Map<number, Set<string>>();
  private readonly bySession = new Map<number, string>();
  private generation = 0;

  constructor(private readonly options: { ttlMs: number; maxEntries: number; now: () => number }) {}

  get size() {
    return this.entries.size;
  }

  /** Taken before a lookup; `set` refuses what a lookup started before a change brought back. */
  get currentGeneration() {
    return this.generation;
  }

  get(tokenHash: string): TrustedSession | undefined {
    const entry = this.entries.get(tokenHash);
    if (!entry) return undefined;
    if (entry.until > this.options.now()) return entry;
    this.remove(tokenHash);
    return undefined;
  }

  set(tokenHash: string, session: TrustedSession, generation: number) {
    if (this.options.ttlMs <= 0 || generation !== this.generation) return;
    this.remove(tokenHash);
    if (this.entries.size >= this.options.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.remove(oldest);
    }
    this.entries.set(tokenHash, { ...session, until: this.options.now() + this.options.ttlMs });
    let hashes = this.byUser.get(session.user.id);
    if (!hashes) this.byUser.set(session.user.id, (hashes = new Set()));
    hashes.add(tokenHash);
    this.bySession.set(session.sessionId, tokenHash);
  }

  /** Keeps a renewed session's new times (the entry keeps its own time limit). */
  touch(tokenHash: string, times: { lastUsedAt: Date; expiresAt: Date }) {
    const entry = this.entries.get(tokenHash);
    if (entry) Object.assign(entry, times);
  }

  forgetToken(tokenHash: string) {
    this.generation++;
    this.remove(tokenHash);
  }

  forgetSession(sessionId: number) {
    this.generation++;
    const hash = this.bySession.get(sessionId);
    if (hash !== undefined) this.remove(hash);
  }

  /** Every session: events that would have emptied some were missed (the bus was cut off). */
  forgetAll() {
    this.generation++;
    this.entries.clear();
    this.byUser.clear();
    this.bySession.clear();
  }

  /** Every session of hers: they hold her old row, or they ended. */
  forgetUser(userId: number) {
    this.generation++;
    for (const hash of [...(this.byUser.get(userId) ?? [])]) this.remove(hash);
  }

  private remove(tokenHash: string) {
    const entry = this.entries.get(tokenHash);
    if (!entry) return;
    this.entries.delete(tokenHash);
    this.bySession.delete(entry.sessionId);
    const hashes = this.byUser.get(entry.user.id);
    hashes?.delete(tokenHash);
    if (hashes?.size === 0) this.byUser.delete(entry.user.id);
  }
}
