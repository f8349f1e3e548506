import { describe, expect, it } from "vitest";
import type { User } from "../../generated/prisma/client.js";
import { SessionCache } from "./session-cache.js";

const session = (sessionId: number, userId: number) => ({
  sessionId,
  user: { id: userId } as User,
  expiresAt: new Date(10_000_000),
  lastUsedAt: new Date(0),
});

describe("SessionCache", () => {
  it("trusts a session for its time limit only, and not at all when turned off", () => {
    let now = 0;
    const cache = new SessionCache({ ttlMs: 100, maxEntries: 10, now: () => now });
    cache.set("a", session(1, 7), cache.currentGeneration);
    expect(cache.get("a")?.sessionId).toBe(1);
    now = 100;
    expect(cache.get("a")).toBeUndefined();
    const off = new SessionCache({ ttlMs: 0, maxEntries: 10, now: () => now });
    off.set("a", session(1, 7), off.currentGeneration);
    expect(off.get("a")).toBeUndefined();
  });

  it("forgets one session, or all of a member's, and keeps the others", () => {
    const cache = new SessionCache({ ttlMs: 1000, maxEntries: 10, now: () => 0 });
    cache.set("a", session(1, 7), cache.currentGeneration);
    cache.set("b", session(2, 7), cache.currentGeneration);
    cache.set("c", session(3, 8), cache.currentGeneration);
    cache.forgetSession(1);
    expect([cache.get("a"), cache.get("b")?.sessionId]).toEqual([undefined, 2]);
    cache.forgetUser(7);
    expect([cache.get("b"), cache.get("c")?.sessionId]).toEqual([undefined, 3]);
    cache.forgetToken("c");
    expect(cache.size).toBe(0);
  });

  it("does not keep what a lookup begun before a change brought back", () => {
    const cache = new SessionCache({ ttlMs: 1000, maxEntries: 10, now: () => 0 });
    const before = cache.currentGeneration;
    cache.forgetUser(7);
    cache.set("a", session(1, 7), before);
    expect(cache.get("a")).toBeUndefined();
  });

  it("keeps at most maxEntries, dropping the oldest", () => {
    const cache = new SessionCache({ ttlMs: 1000, maxEntries: 2, now: () => 0 });
    for (const [i, hash] of ["a", "b", "c"].entries()) cache.set(hash, session(i + 1, i + 1), cache.currentGeneration);
    expect(cache.size).toBe(2);
    expect(cache.get("a")).toBeUndefined();
    expect(cache.get("c")?.sessionId).toBe(3);
  });
});
