import { randomBytes } from "node:crypto";
import { Repeater } from "@graphql-yoga/subscription";
import { BANNER_MESSAGES, bannerCreateSchema, bannerIssueOf, bannerUpdateSchema, bannerWindowValid, ERROR_TEXTS, parseId } from "@clube-coroa/schema";
import type { z } from "zod";
import type { Banner, User } from "../../generated/prisma/client.js";
import type { Bus } from "../../events.js";
import type { Clock } from "../../lib/clock.js";
import type { PrismaClient } from "../../lib/db.js";
import { AppError } from "../../lib/errors.js";
import type { Logger } from "../../lib/log.js";
import type { Storage } from "../../providers/storage/storage.js";
import { requireSuperuser } from "../admin/admin.policy.js";
import { writeAudit, type AdminMeta } from "../admin/audit.js";
import { toBannerWebp } from "./banner-image.js";

/** A banner as members (and visitors) see it. */
export interface BannerDTO {
  id: number;
  url: string;
  alt: string;
  link: string | null;
}

/** A banner as superusers manage it. */
export interface AdminBannerDTO extends BannerDTO {
  position: number;
  active: boolean;
  startsAt: string | null;
  endsAt: string | null;
  /** Active and inside its dates now: what members see. */
  live: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface BannersDeps {
  prisma: PrismaClient;
  clock: Clock;
  log: Logger;
  bus: Bus;
  storage: Storage;
  /** Announces a scheduled start or end from one instance at a time (lib/jobs.ts); without it, it simply runs. */
  runOnce?: (job: "banners-schedule", task: () => Promise<unknown>) => Promise<unknown>;
}

type Staff = Pick<User, "id" | "role"> | null | undefined;

/** A timer further ahead than this is re-armed then (and long timers drift). */
const MAX_TIMER_MS = 24 * 60 * 60 * 1000;

const notFound = () => new AppError("NOT_FOUND", ERROR_TEXTS.bannerNotFound);
function bannerId(value: unknown): number {
  const id = parseId(value);
  if (id === null) throw notFound();
  return id;
}

function validation(error: z.ZodError): AppError {
  const { field, message } = bannerIssueOf(error);
  return new AppError("VALIDATION", message, field ? { details: { fieldErrors: { [field]: message } } } : {});
}

/** GraphQL's optional fields may come as null: for order and active that means "the default" (new) or "keep" (edit). */
const withoutNullDefaults = (input: Record<string, unknown> | null | undefined) =>
  Object.fromEntries(Object.entries(input ?? {}).filter(([field, value]) => !(value === null && (field === "position" || field === "active"))));

const imageUrl = (id: number, version: Date) => `/api/banners/${id}/image?v=${version.getTime()}`;
const imageKey = (id: number) => `banners/${id}-${randomBytes(8).toString("hex")}.webp`;

function isLive(row: Pick<Banner, "active" | "startsAt" | "endsAt">, now: Date) {
  return row.active && (!row.startsAt || row.startsAt <= now) && (!row.endsAt || row.endsAt > now);
}

const present = (row: Banner): BannerDTO => ({ id: row.id, url: row.url, alt: row.alt, link: row.link });

/**
 * The sponsors' banners (spec part 2, issue 13): the carousel's live list, the staff's management
 * (uploads re-encoded to 16:9 WebP in the storage provider) and their real-time signal. Every write
 * is audited in its transaction and published on `banners:changed` after commit; each instance also
 * arms a timer for the next start or end of a banner, so a scheduled banner appears (or goes)
 * without a write: the first instance there publishes `banners:changed` for all (under the job's
 * lock), the others see that the boundary was announced and re-arm. While the bus is cut off from
 * Redis each instance tells its own listeners, as one instance alone would.
 */
export function createBannersService({ prisma, clock, log, bus, storage, runOnce }: BannersDeps) {
  const changeListeners = new Set<(event: { at: string }) => void>();
  const liveListeners = new Set<(banners: BannerDTO[]) => void>();
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let armings = 0;
  /** The latest `at` of a change heard here: a scheduled boundary before it was announced already. */
  let heardUpTo = 0;

  const liveWhere = (now: Date) => ({
    active: true,
    AND: [{ OR: [{ startsAt: null }, { startsAt: { lte: now } }] }, { OR: [{ endsAt: null }, { endsAt: { gt: now } }] }],
  });

  /** The carousel's banners: active and inside their dates now, by position then id. */
  async function listLive(): Promise<BannerDTO[]> {
    const rows = await prisma.banner.findMany({ where: liveWhere(clock.now()), orderBy: [{ position: "asc" }, { id: "asc" }] });
    return rows.map(present);
  }

  function presentAdmin(row: Banner): AdminBannerDTO {
    return {
      ...present(row),
      position: row.position,
      active: row.active,
      startsAt: row.startsAt?.toISOString() ?? null,
      endsAt: row.endsAt?.toISOString() ?? null,
      live: isLive(row, clock.now()),
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  async function listAdmin(user: Staff): Promise<AdminBannerDTO[]> {
    requireSuperuser(user);
    const rows = await prisma.banner.findMany({ orderBy: [{ position: "asc" }, { id: "asc" }] });
    return rows.map(presentAdmin);
  }

  const published = () => bus.pubsub.publish("banners:changed", { at: clock.now().toISOString() });

  /** A new banner from an uploaded image and its form fields. */
  async function createBanner(user: Staff, input: Record<string, unknown>, image: Buffer, meta: AdminMeta = {}): Promise<AdminBannerDTO> {
    const actor = requireSuperuser(user);
    const parsed = bannerCreateSchema.safeParse(withoutNullDefaults(input));
    if (!parsed.success) throw validation(parsed.error);
    const encoded = await toBannerWebp(image);
    const stored: { key?: string } = {};
    const row = await prisma
      .$transaction(async (tx) => {
        const now = clock.now();
        const created = await tx.banner.create({ data: { ...parsed.data, url: "", createdById: actor.id, createdAt: now, updatedAt: now } });
        stored.key = imageKey(created.id);
        await storage.put(stored.key, encoded.bytes, "image/webp");
        const saved = await tx.banner.update({ where: { id: created.id }, data: { storageKey: stored.key, url: imageUrl(created.id, now), updatedAt: now } });
        await writeAudit(tx, {
          actorId: actor.id,
          action: "banner.create",
          targetType: "banner",
          targetId: saved.id,
          data: { alt: saved.alt, link: saved.link, position: saved.position, active: saved.active, width: encoded.width, height: encoded.height },
          ip: meta.ip,
          at: now,
        });
        return saved;
      })
      .catch(async (error: unknown) => {
        // The row was rolled back: its image goes too.
        if (stored.key) await removeStored(stored.key);
        throw error;
      });
    published();
    return presentAdmin(row);
  }

  /** A new image for a banner; the old one is removed once the change has committed. */
  async function replaceImage(user: Staff, id: unknown, image: Buffer, meta: AdminMeta = {}): Promise<AdminBannerDTO> {
    const actor = requireSuperuser(user);
    const bannerIdValue = bannerId(id);
    if (!(await prisma.banner.findUnique({ where: { id: bannerIdValue }, select: { id: true } }))) throw notFound();
    const encoded = await toBannerWebp(image);
    const key = imageKey(bannerIdValue);
    await storage.put(key, encoded.bytes, "image/webp");
    const { row, oldKey } = await prisma
      .$transaction(async (tx) => {
        // The row stays locked until commit: two replacements never both think they hold the old key.
        const [current] = await tx.$queryRaw<{ storageKey: string | null }[]>`SELECT "storageKey" FROM "Banner" WHERE id = ${bannerIdValue} FOR UPDATE`;
        if (!current) throw notFound();
        const now = clock.now();
        const saved = await tx.banner.update({ where: { id: bannerIdValue }, data: { storageKey: key, url: imageUrl(bannerIdValue, now), updatedAt: now } });
        await writeAudit(tx, {
          actorId: actor.id,
          action: "banner.image",
          targetType: "banner",
          targetId: bannerIdValue,
          data: { width: encoded.width, height: encoded.height },
          ip: meta.ip,
          at: now,
        });
        return { row: saved, oldKey: current.storageKey };
      })
      .catch(async (error: unknown) => {
        await removeStored(key);
        throw error;
      });
    if (oldKey && oldKey !== key) await removeStored(oldKey);
    published();
    return presentAdmin(row);
  }

  /** Alt text, link, order, active and dates; a field left out keeps its value. */
  async function updateBanner(user: Staff, id: unknown, input: Record<string, unknown>, meta: AdminMeta = {}): Promise<AdminBannerDTO> {
    const actor = requireSuperuser(user);
    const bannerIdValue = bannerId(id);
    const parsed = bannerUpdateSchema.safeParse(withoutNullDefaults(input));
    if (!parsed.success) throw validation(parsed.error);
    const changes = Object.fromEntries(Object.entries(parsed.data).filter(([, value]) => value !== undefined));
    const row = await prisma.$transaction(async (tx) => {
      const current = await tx.banner.findUnique({ where: { id: bannerIdValue } });
      if (!current) throw notFound();
      const startsAt = "startsAt" in changes ? (changes.startsAt as Date | null) : current.startsAt;
      const endsAt = "endsAt" in changes ? (changes.endsAt as Date | null) : current.endsAt;
      if (!bannerWindowValid(startsAt, endsAt)) {
        throw new AppError("VALIDATION", BANNER_MESSAGES.endsBeforeStart, { details: { fieldErrors: { endsAt: BANNER_MESSAGES.endsBeforeStart } } });
      }
      const now = clock.now();
      const saved = await tx.banner.update({ where: { id: bannerIdValue }, data: { ...changes, updatedAt: now } });
      await writeAudit(tx, {
        actorId: actor.id,
        action: "banner.update",
        targetType: "banner",
        targetId: bannerIdValue,
        data: Object.fromEntries(Object.entries(changes).map(([field, value]) => [field, value instanceof Date ? value.toISOString() : value])),
        ip: meta.ip,
        at: now,
      });
      return saved;
    });
    published();
    return presentAdmin(row);
  }

  /** Removes a banner and its stored image. */
  async function deleteBanner(user: Staff, id: unknown, meta: AdminMeta = {}): Promise<{ id: number }> {
    const actor = requireSuperuser(user);
    const bannerIdValue = bannerId(id);
    const removed = await prisma.$transaction(async (tx) => {
      const current = await tx.banner.findUnique({ where: { id: bannerIdValue } });
      if (!current) throw notFound();
      await tx.banner.delete({ where: { id: bannerIdValue } });
      await writeAudit(tx, {
        actorId: actor.id,
        action: "banner.delete",
        targetType: "banner",
        targetId: bannerIdValue,
        data: { alt: current.alt },
        ip: meta.ip,
        at: clock.now(),
      });
      return current;
    });
    if (removed.storageKey) await removeStored(removed.storageKey);
    published();
    return { id: bannerIdValue };
  }

  /** The stored WebP of an uploaded banner; null for an unknown id or a banner given by address. */
  async function readImage(id: unknown) {
    const value = parseId(id);
    if (value === null) return null;
    const row = await prisma.banner.findUnique({ where: { id: value }, select: { storageKey: true } });
    return row?.storageKey ? storage.get(row.storageKey) : null;
  }

  async function removeStored(key: string) {
    try {
      await storage.delete(key);
    } catch (error) {
      log.warn({ err: error, key }, "banner image left in storage");
    }
  }

  // ---- real time: one bus subscription and one schedule timer per instance ----

  /** Reads the live list once per change for every bannersUpdated subscriber of this instance. */
  let refreshing = false;
  let refreshAgain = false;
  async function pushLive() {
    if (!liveListeners.size || stopped) return;
    if (refreshing) {
      refreshAgain = true;
      return;
    }
    refreshing = true;
    try {
      do {
        refreshAgain = false;
        const banners = await listLive();
        for (const listener of liveListeners) listener(banners);
      } while (refreshAgain && !stopped && liveListeners.size);
    } catch (error) {
      log.warn({ err: error }, "banners push failed");
    } finally {
      refreshing = false;
    }
  }

  function changed(event: { at: string }) {
    if (stopped) return;
    heardUpTo = Math.max(heardUpTo, Date.parse(event.at) || 0);
    for (const listener of changeListeners) listener(event);
    void pushLive();
    void arm();
  }

  /** Sets this instance's timer to the next start or end of an active banner (at most a day ahead). */
  async function arm() {
    const arming = ++armings;
    if (timer) clearTimeout(timer);
    timer = null;
    if (stopped) return;
    try {
      const now = clock.now();
      const [starting, ending] = await Promise.all([
        prisma.banner.findFirst({ where: { active: true, startsAt: { gt: now } }, orderBy: { startsAt: "asc" }, select: { startsAt: true } }),
        prisma.banner.findFirst({ where: { active: true, endsAt: { gt: now } }, orderBy: { endsAt: "asc" }, select: { endsAt: true } }),
      ]);
      if (arming !== armings || stopped) return;
      const boundaries = [starting?.startsAt, ending?.endsAt].filter((date): date is Date => !!date).map((date) => date.getTime());
      const next = boundaries.length ? Math.min(...boundaries) : null;
      const wait = next === null ? MAX_TIMER_MS : Math.min(next - now.getTime(), MAX_TIMER_MS);
      timer = setTimeout(() => {
        timer = null;
        if (next !== null && clock.now().getTime() >= next) void announce(next);
        else void arm();
      }, Math.max(wait, 1));
      timer.unref();
    } catch (error) {
      if (!stopped) log.warn({ err: error }, "banners schedule not armed");
    }
  }

  /** A scheduled boundary passed: told once to every instance through the bus, unless another instance did. */
  async function announce(boundary: number) {
    if (!runOnce || !bus.connected) return changed({ at: clock.now().toISOString() });
    await runOnce("banners-schedule", async () => {
      if (heardUpTo >= boundary) return;
      published();
    });
    // The change re-arms the timer when it arrives; until then (or if another instance's never comes) this does.
    if (heardUpTo < boundary) void arm();
  }

  const source = bus.pubsub.subscribe("banners:changed");
  void (async () => {
    for await (const event of source) changed(event);
  })().catch((error: unknown) => log.warn({ err: error }, "banners stopped listening"));
  void arm();

  return {
    listLive,
    listAdmin,
    createBanner,
    replaceImage,
    updateBanner,
    deleteBanner,
    readImage,
    /** Every change of the banners on any instance, and every scheduled start or end passing here. */
    changes: () =>
      new Repeater<{ at: string }>(async (push, stop) => {
        const listener = (event: { at: string }) => void push(event);
        changeListeners.add(listener);
        await stop;
        changeListeners.delete(listener);
      }),
    /** bannersUpdated: the live list after every change (read once per change for all subscribers here). */
    liveUpdates: () =>
      new Repeater<BannerDTO[]>(async (push, stop) => {
        const listener = (banners: BannerDTO[]) => void push(banners);
        liveListeners.add(listener);
        await stop;
        liveListeners.delete(listener);
      }),
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      void source.return?.();
    },
  };
}

export type BannersService = ReturnType<typeof createBannersService>;
