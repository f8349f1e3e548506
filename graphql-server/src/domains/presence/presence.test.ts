import { describe, expect, it } from "vitest";
import { collect, createMember, createOfferRow, legacySocket, sleep, withTwoInstances, type TestApp } from "../../../test/harness.js";
import { INSTANCE_BEAT_MS, INSTANCE_TIMEOUT_MS, PRESENCE_SWEEP_MS, PRESENCE_TIMEOUT_MS } from "./presence.service.js";

const PREFIX = "55381";

/** Two members in a conversation on `a`; the owner watches presenceChanged over graphql-ws on `a`. */
async function partners(a: TestApp) {
  const owner = await createMember(a, PREFIX);
  const asker = await createMember(a, PREFIX);
  const offer = await createOfferRow(a, owner.user.id);
  await asker.client.rest("POST", "/api/conversations", { offerId: offer.id });
  const watcher = owner.client.ws();
  const changes = collect(watcher, `subscription { presenceChanged { userId isOnline } }`);
  await sleep(300);
  const isOnline = async (userId: number) => (await a.app.services.prisma.user.findUniqueOrThrow({ where: { id: userId } })).isOnline;
  return { owner, asker, watcher, changes, isOnline };
}

/** `ms` of `app`'s time passing as it does for a live instance: a beat every 5 s, here with a sweep. */
async function timePasses(app: TestApp, ms: number) {
  for (let left = ms; left > 0; left -= INSTANCE_BEAT_MS) {
    app.clock.advance(Math.min(left, INSTANCE_BEAT_MS));
    await app.app.services.presence.sweep();
  }
}

describe("presence across instances", () => {
  it("clears within 30 s after the instance holding her only socket dies", async () => {
    // Worst case: the dead instance's last beat counts INSTANCE_TIMEOUT_MS, then a sweep comes.
    expect(INSTANCE_TIMEOUT_MS + PRESENCE_SWEEP_MS).toBeLessThanOrEqual(30_000);
    await withTwoInstances({}, async (a, b) => {
      const { owner, asker, watcher, changes, isOnline } = await partners(a);
      const socket = await legacySocket(asker.client.at(b.url), "/notifications");
      expect(await changes.next(1)).toEqual({ presenceChanged: { userId: asker.user.id, isOnline: true } });

      // B dies: it beats and sweeps no more, and cleans nothing up.
      b.app.services.presence.stop();
      a.clock.advance(INSTANCE_TIMEOUT_MS - 1000);
      await a.app.services.presence.sweep();
      expect(await isOnline(asker.user.id)).toBe(true);
      a.clock.advance(2000);
      await a.app.services.presence.sweep();
      expect(await changes.next(2)).toEqual({ presenceChanged: { userId: asker.user.id, isOnline: false } });
      expect(await isOnline(asker.user.id)).toBe(false);
      // The sweep took only her: the watcher's own socket on A, a live instance, keeps him online.
      expect(await isOnline(owner.user.id)).toBe(true);
      socket.close();
      await watcher.dispose();
    });
  });

  it("keeps her online as long as her socket's instance lives, however long since anything else", async () => {
    await withTwoInstances({}, async (a, b) => {
      const { asker, watcher, changes, isOnline } = await partners(a);
      const socket = await legacySocket(asker.client.at(b.url), "/notifications");
      await changes.next(1);
      for (const app of [a, b]) app.clock.advance(10 * 60_000);
      await b.app.services.presence.sweep();
      await a.app.services.presence.sweep();
      expect(await isOnline(asker.user.id)).toBe(true);
      expect(changes.values).toHaveLength(1);
      socket.close();
      expect(await changes.next(2)).toEqual({ presenceChanged: { userId: asker.user.id, isOnline: false } });
      await watcher.dispose();
    });
  });

  it("takes her offline within 25 s when her socket's instance dies, though her last heartbeat came just before", async () => {
    // The probe's 93-95 s: the heartbeat the app sends when the page shows held her for 90 s.
    await withTwoInstances({}, async (a, b) => {
      const { asker, watcher, changes, isOnline } = await partners(a);
      const onB = asker.client.at(b.url);
      const socket = await legacySocket(onB, "/notifications");
      await changes.next(1);
      expect((await onB.rest("POST", "/api/user/online-status", { isOnline: true })).status).toBe(200);

      b.app.services.presence.stop();
      await timePasses(a, INSTANCE_TIMEOUT_MS - 1000);
      expect(await isOnline(asker.user.id)).toBe(true);
      await timePasses(a, 2000);
      expect(await changes.next(2)).toEqual({ presenceChanged: { userId: asker.user.id, isOnline: false } });
      expect(INSTANCE_TIMEOUT_MS + PRESENCE_SWEEP_MS).toBeLessThan(45_000);
      socket.close();
      await watcher.dispose();
    });
  });

  it("takes her offline within 25 s when her heartbeat came after her socket's instance last beat but before it died", async () => {
    // The 2026-11-28 re-test: the page's heartbeat a moment before kill -9, after the instance's
    // last beat, still held her 93 s.
    await withTwoInstances({}, async (a, b) => {
      const { asker, watcher, changes, isOnline } = await partners(a);
      const socket = await legacySocket(asker.client.at(b.url), "/notifications");
      await changes.next(1);

      // B's last beat; it dies before the next one is due.
      await b.app.services.presence.sweep();
      b.app.services.presence.stop();
      // Her heartbeat reaches A (through the proxy) 4 s after that beat.
      a.clock.advance(INSTANCE_BEAT_MS - 1000);
      expect((await asker.client.rest("POST", "/api/user/online-status", { isOnline: true })).status).toBe(200);
      await timePasses(a, INSTANCE_TIMEOUT_MS - INSTANCE_BEAT_MS);
      expect(await isOnline(asker.user.id)).toBe(true);
      // 16 s after B's last beat.
      await timePasses(a, 2000);
      expect(await isOnline(asker.user.id)).toBe(false);
      expect(await changes.next(2)).toEqual({ presenceChanged: { userId: asker.user.id, isOnline: false } });
      socket.close();
      await watcher.dispose();
    });
  });

  it("keeps her online 90 s after a heartbeat that came after her socket's instance died", async () => {
    await withTwoInstances({}, async (a, b) => {
      const { asker, watcher, changes, isOnline } = await partners(a);
      const socket = await legacySocket(asker.client.at(b.url), "/notifications");
      await changes.next(1);

      b.app.services.presence.stop();
      await timePasses(a, INSTANCE_TIMEOUT_MS - 1000);
      // Her app is still there: its heartbeat reaches A after B's last beat.
      expect((await asker.client.rest("POST", "/api/user/online-status", { isOnline: true })).status).toBe(200);
      await timePasses(a, PRESENCE_TIMEOUT_MS - 1000);
      expect(await isOnline(asker.user.id)).toBe(true);
      expect(changes.values).toHaveLength(1);
      await timePasses(a, 2000);
      expect(await changes.next(2)).toEqual({ presenceChanged: { userId: asker.user.id, isOnline: false } });
      socket.close();
      await watcher.dispose();
    });
  });

  it("brings its members back online at its next beat when a long pause made another instance take it for dead", async () => {
    await withTwoInstances({}, async (a, b) => {
      const { asker, watcher, changes, isOnline } = await partners(a);
      const socket = await legacySocket(asker.client.at(b.url), "/notifications");
      await changes.next(1);

      // B beats with its own clock, which stands still: to A it has been silent for 16 s.
      await timePasses(a, INSTANCE_TIMEOUT_MS + 1000);
      expect(await changes.next(2)).toEqual({ presenceChanged: { userId: asker.user.id, isOnline: false } });
      // B wakes up: its beat after 16 s of silence puts its members back.
      b.clock.advance(INSTANCE_TIMEOUT_MS + 1000);
      await b.app.services.presence.sweep();
      expect(await changes.next(3)).toEqual({ presenceChanged: { userId: asker.user.id, isOnline: true } });
      expect(await isOnline(asker.user.id)).toBe(true);
      socket.close();
      await watcher.dispose();
    });
  });
});
