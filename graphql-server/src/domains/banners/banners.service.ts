import { randomBytes } from "node:crypto";
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
import { createBannersLive } from "./banners-live.js";

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

  const live = createBannersLive({ prisma, clock, log, bus, runOnce, listLive, published });


  return {
    listLive,
    listAdmin,
    createBanner,
    replaceImage,
    updateBanner,
    deleteBanner,
    readImage,
    /** Every change of the banners on any instance, and every scheduled start or end passing here. */
    changes: live.changes,
    /** bannersUpdated: the live list after every change (read once per change for all subscribers here). */
    liveUpdates: live.liveUpdates,
    stop: live.stop,
  };
}

export type BannersService = ReturnType<typeof createBannersService>;
