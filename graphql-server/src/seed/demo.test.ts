import { inSaoPaulo, isValidCpf, LIMITS, OFFER_CATEGORIES, PLAN_RANK, normalisePhone } from "@clube-coroa/schema";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../lib/db.js";
import { applyMigrations } from "../lib/migrate.js";
import { DEMO_SUPERUSER_PHONE, seedDemo, type SeedDemoCounts } from "./demo.js";

const NOW = new Date("2025-11-20T15:00:00Z");
const DAY = 24 * 60 * 60 * 1000;

const monthKey = (date: Date) => {
  const local = inSaoPaulo(date);
  return `${local.getFullYear()}-${local.getMonth() + 1}`;
};

describe("seedDemo", () => {
  let db: Database;
  let counts: SeedDemoCounts;
  let elapsedMs: number;

  beforeAll(async () => {
    db = await openDatabase({ dataDir: "memory" });
    await applyMigrations(db.raw);
    const started = performance.now();
    counts = await seedDemo(db.prisma, { now: NOW });
    elapsedMs = performance.now() - started;
    console.log(`seedDemo on PGlite: ${Math.round(elapsedMs)} ms`, counts);
  }, 120_000);

  afterAll(async () => {
    await db?.close();
  });

  it("returns counts that match the database and the promised sizes", async () => {
    const p = db.prisma;
    expect(counts).toEqual({
      users: await p.user.count(),
      offers: await p.offer.count(),
      conversations: await p.conversation.count(),
      messages: await p.message.count(),
      likes: await p.like.count(),
    });
    expect(counts.users).toBeGreaterThanOrEqual(38);
    expect(counts.users).toBeLessThanOrEqual(46);
    expect(counts.offers).toBe(80);
    expect(counts.likes).toBeGreaterThanOrEqual(200);
    expect(counts.likes).toBeLessThanOrEqual(300);
    expect(counts.conversations).toBeGreaterThanOrEqual(10);
    expect(counts.conversations).toBeLessThanOrEqual(14);
    expect(await p.banner.count()).toBe(3);
    // The demo banners' images ship with the web app (web/public is served at the site's root).
    for (const { url } of await p.banner.findMany()) {
      expect(existsSync(fileURLToPath(new URL(`../../../web/public${url}`, import.meta.url))), url).toBe(true);
    }
    // One valid, one expired, one used up (and one for Alteza only).
    expect(await p.promoCode.count()).toBe(4);
    expect(await p.promoCode.count({ where: { validUntil: { lt: NOW } } })).toBe(1);
    expect((await p.promoCode.findMany()).filter((c) => c.maxUses !== null && c.usesCount >= c.maxUses)).toHaveLength(1);
    expect(await p.report.count({ where: { status: "pending" } })).toBe(2);
  });

  it("has the superuser and a spread of plans", async () => {
    const admin = await db.prisma.user.findUniqueOrThrow({ where: { phone: DEMO_SUPERUSER_PHONE } });
    expect(admin).toMatchObject({ role: "superuser", plan: "majestade", profileComplete: true, fullName: "Administradora Coroa", nickname: "Admin" });
    const members = await db.prisma.user.findMany({ where: { role: "member" } });
    const byPlan = (plan: string) => members.filter((u) => u.plan === plan).length;
    expect(byPlan("nobreza")).toBeGreaterThanOrEqual(15);
    expect(byPlan("alteza")).toBeGreaterThanOrEqual(10);
    expect(byPlan("majestade")).toBeGreaterThanOrEqual(6);
    // Imperatriz is 'EM BREVE': the demo club keeps the product's own rules.
    expect(byPlan("imperatriz")).toBe(0);
    expect(new Set(members.map((u) => u.state).filter(Boolean)).size).toBeGreaterThanOrEqual(15);
    expect(members.filter((u) => !u.profileComplete).length).toBeGreaterThanOrEqual(3);
    expect(members.filter((u) => u.referredById !== null).length).toBeGreaterThan(0);
  });

  it("gives unique, valid Brazilian mobile phones", async () => {
    const users = await db.prisma.user.findMany({ select: { phone: true } });
    const phones = users.map((u) => u.phone);
    expect(new Set(phones).size).toBe(phones.length);
    for (const phone of phones) {
      expect(phone).toMatch(/^55\d{2}9\d{8}$/);
      expect(normalisePhone(phone, "BR")).toMatchObject({ ok: true, e164Digits: phone });
    }
  });

  it("fills every required field of the complete profiles, with valid CPFs and adult ages", async () => {
    const complete = await db.prisma.user.findMany({ where: { profileComplete: true } });
    const cpfs = new Set<string>();
    for (const u of complete) {
      expect(u.fullName && u.fullName.length >= 2).toBeTruthy();
      expect(u.nickname && u.nickname.length >= 2).toBeTruthy();
      expect(isValidCpf(u.cpf!), `CPF ${u.cpf}`).toBe(true);
      cpfs.add(u.cpf!);
      const age = (NOW.getTime() - u.birthDate!.getTime()) / (365.25 * DAY);
      expect(age).toBeGreaterThanOrEqual(19);
      expect(age).toBeLessThan(66);
      expect(u.cep).toMatch(/^\d{8}$/);
      expect(u.houseNumber).toBeTruthy();
      expect(u.city).toBeTruthy();
      expect(u.state).toMatch(/^[A-Z]{2}$/);
      expect(u.professionalActivity).toBeTruthy();
      expect(u.interests.length).toBeGreaterThanOrEqual(1);
      expect(u.interests.length).toBeLessThanOrEqual(3);
      expect(u.acceptedTerms && u.acceptedPrivacyPolicy && u.acceptedLGPD && u.isOver18).toBe(true);
      if (u.miniBio) {
        expect(["majestade", "imperatriz"]).toContain(u.plan);
        expect(u.miniBio.length).toBeLessThanOrEqual(LIMITS.miniBioMax);
      }
      expect(u.createdAt.getTime()).toBeLessThan(NOW.getTime());
      expect(u.createdAt.getTime()).toBeGreaterThan(NOW.getTime() - 760 * DAY);
    }
    expect(cpfs.size).toBe(complete.length);
  });

  it("keeps each offer's denormalised author fields and plan rules", async () => {
    const offers = await db.prisma.offer.findMany({ include: { user: true }, orderBy: { id: "asc" } });
    const kinds = new Set<string>();
    const alteza = new Map<string, number>();
    for (const o of offers) {
      expect(o.authorPlanRank).toBe(PLAN_RANK[o.user.plan]);
      expect(o.authorJoinedAt.getTime()).toBe(o.user.createdAt.getTime());
      expect(o.state).toBe(o.user.state);
      expect(o.user.profileComplete).toBe(true);
      expect(o.createdAt.getTime()).toBeGreaterThan(o.user.createdAt.getTime());
      expect(o.createdAt.getTime()).toBeGreaterThanOrEqual(NOW.getTime() - 90 * DAY);
      expect(o.createdAt.getTime()).toBeLessThan(NOW.getTime());
      expect(o.title.length).toBeGreaterThanOrEqual(10);
      expect(o.title.length).toBeLessThanOrEqual(120);
      expect(o.description.length).toBeGreaterThanOrEqual(30);
      expect(o.description.length).toBeLessThanOrEqual(1500);
      expect(o.categories.length).toBeGreaterThanOrEqual(1);
      expect(o.categories.length).toBeLessThanOrEqual(3);
      for (const c of o.categories) expect(OFFER_CATEGORIES).toContain(c);
      if (o.user.plan === "nobreza") expect(o.type).toBe("apoio");
      if (o.user.plan === "alteza" && o.type !== "apoio") {
        const key = `${o.userId}|${monthKey(o.createdAt)}|${o.type}`;
        alteza.set(key, (alteza.get(key) ?? 0) + 1);
      }
      kinds.add(`${o.postType}/${o.type}`);
    }
    for (const [key, n] of alteza) expect(n, key).toBeLessThanOrEqual(2);
    expect(kinds.size).toBe(6);
    expect(offers.some((o) => o.isUrgent)).toBe(true);
    expect(offers.some((o) => o.description.length > 200)).toBe(true);
    expect(offers.some((o) => o.description.length <= 200)).toBe(true);
  });

  it("counts likes exactly, never on one's own offer", async () => {
    const offers = await db.prisma.offer.findMany({ include: { _count: { select: { likes: true } } } });
    for (const o of offers) expect(o.likesCount).toBe(o._count.likes);
    const own = await db.raw.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM "Like" l JOIN "Offer" o ON o.id = l."offerId" WHERE o."userId" = l."userId"`,
    );
    expect(own[0].n).toBe(0);
  });

  it("builds conversations with alternating messages and some unread", async () => {
    const conversations = await db.prisma.conversation.findMany({
      include: { members: true, messages: { orderBy: [{ createdAt: "asc" }, { id: "asc" }] }, offer: true, interestedUser: true },
    });
    let unread = 0;
    for (const c of conversations) {
      expect(c.offer).not.toBeNull();
      expect(c.offerOwnerId).toBe(c.offer!.userId);
      expect(c.interestedUserId).not.toBe(c.offerOwnerId);
      if (c.interestedUser!.plan === "nobreza") expect(c.offer!.type).toBe("apoio");
      expect(c.members.map((m) => m.userId).sort()).toEqual([c.offerOwnerId, c.interestedUserId].sort());
      expect(c.messages.length).toBeGreaterThanOrEqual(3);
      expect(c.messages.length).toBeLessThanOrEqual(10);
      c.messages.forEach((m, i) => {
        expect(m.senderId).toBe(i % 2 === 0 ? c.interestedUserId : c.offerOwnerId);
        expect(m.content.trim().length).toBeGreaterThan(0);
        expect(m.content).not.toMatch(/\{\w+\}/);
        // Written in waking hours, São Paulo time: no demo chat at 3 in the morning.
        const hour = inSaoPaulo(m.createdAt).getHours();
        expect(hour >= 7 && hour < 23, `message at ${hour}h in São Paulo`).toBe(true);
      });
      const last = c.messages[c.messages.length - 1];
      expect(c.lastMessageAt.getTime()).toBe(last.createdAt.getTime());
      expect(c.createdAt.getTime()).toBeGreaterThan(c.offer!.createdAt.getTime());
      expect(last.createdAt.getTime()).toBeLessThan(NOW.getTime());
      for (const m of c.members) {
        if (m.lastReadAt! < last.createdAt && last.senderId !== m.userId) unread++;
      }
    }
    expect(unread).toBeGreaterThan(0);
    const interestedUnread = conversations.filter((c) => {
      const last = c.messages[c.messages.length - 1];
      const member = c.members.find((m) => m.userId === c.interestedUserId)!;
      return member.lastReadAt! < last.createdAt;
    });
    expect(interestedUnread.length).toBeGreaterThan(0);
  });

  it("is deterministic for the same clock", async () => {
    const other = await openDatabase({ dataDir: "memory" });
    try {
      await applyMigrations(other.raw);
      await seedDemo(other.prisma, { now: NOW });
      const snapshot = (d: Database) =>
        d.prisma.offer.findMany({ orderBy: { id: "asc" }, select: { title: true, userId: true, createdAt: true, likesCount: true } });
      expect(await snapshot(other)).toEqual(await snapshot(db));
    } finally {
      await other.close();
    }
  }, 120_000);

  it("refuses a database that already has users", async () => {
    await expect(seedDemo(db.prisma, { now: NOW })).rejects.toThrow(/already has users/);
    expect(await db.prisma.user.count()).toBe(counts.users);
  });
});
