import { Repeater } from "@graphql-yoga/subscription";
import {
  DATA_EXPORT_MESSAGES,
  DATA_EXPORT_REQUEST_EVERY_MS,
  DATA_EXPORT_VALID_MS,
  dataExportFileName,
  ERROR_TEXTS,
  parseId,
  type DataExportStatus,
  type JobPayloads,
} from "@clube-coroa/schema";
import type { DataExport, User } from "../../generated/prisma/client.js";
import type { Clock } from "../../lib/clock.js";
import { randomToken } from "../../lib/crypto.js";
import type { Tx } from "../../lib/db.js";
import { AppError } from "../../lib/errors.js";
import type { Logger } from "../../lib/log.js";
import { JobError, type JobResult } from "../../lib/queue.js";
import type { Bus } from "../../events.js";
import { requireSuperuser } from "../admin/admin.policy.js";
import { writeAudit, type AdminMeta } from "../admin/audit.js";
import { buildDataExport, type ExportSources } from "./data-export.contents.js";
import { logDataShares, staffRecipient } from "./data-sharing.service.js";
import type { DataExportDTO, DataExportFile } from "./data-export.dto.js";

export type { DataExportDTO, DataExportFile };

/** Attempts before an export is marked failed (the queue retries a thrown job with its backoff). */
export const DATA_EXPORT_ATTEMPTS = 3;
/** How often expired files are removed (a timed job, one instance at a time). */
export const DATA_EXPORT_SWEEP_MS = 10 * 60 * 1000;
/** Rows are kept this long after their request (the daily limit and the 410 read them), then deleted. */
export const DATA_EXPORT_KEEP_MS = 30 * 24 * 60 * 60 * 1000;
/** A queued or running export older than this is marked failed by the sweep (its job is gone or stuck). */
export const DATA_EXPORT_STUCK_MS = 60 * 60 * 1000;

const ID = /^[A-Za-z0-9_-]{22}$/;
const fileKeyOf = (userId: number, id: string) => `exports/${userId}/${id}.zip`;
const memberDownloadUrl = (id: string) => `/api/user/data-export/${id}/download`;
const staffDownloadUrl = (id: string) => `/api/admin/data-exports/${id}/download`;
/** What the sharing log calls a staff download of the whole zip. */
const EXPORT_FIELD = "dataExport";

export interface DataExportDeps extends ExportSources {
  clock: Clock;
  log: Logger;
  bus: Bus;
}

/**
 * 'Baixar meus dados' (issue 30, records 0288–0292): a request stores a `DataExport` row and its
 * queue job in one transaction; the job builds the zip (data-export.contents.ts), stores it under
 * `exports/<userId>/<id>.zip` and publishes each step's progress; the file can be downloaded for
 * 24 hours by her alone (or, when the staff prepared it, by superusers, audited); a timed sweep
 * removes expired files.
 */
export function createDataExportService(deps: DataExportDeps) {
  const { prisma, clock, log, bus, storage } = deps;

  function toDTO(row: DataExport): DataExportDTO {
    const now = clock.now();
    const expired = row.status === "ready" && (!row.expiresAt || row.expiresAt <= now);
    const ready = row.status === "ready" && !expired;
    return {
      id: row.id,
      status: row.status as DataExportStatus,
      progress: row.progress,
      createdAt: row.createdAt.toISOString(),
      readyAt: row.readyAt?.toISOString() ?? null,
      expiresAt: row.expiresAt?.toISOString() ?? null,
      expired,
      downloadUrl: ready ? (row.requestedById === null ? memberDownloadUrl(row.id) : staffDownloadUrl(row.id)) : null,
      requestedByStaff: row.requestedById !== null,
    };
  }

  const publish = (row: DataExport) => bus.pubsub.publish("dataExport:changed", row.userId, toDTO(row));

  /** Inserts the export's job with the database's clock (the queue's), in the request's transaction. */
  async function enqueue(tx: Tx, exportId: string) {
    const payload: JobPayloads["data_export"] = { exportId };
    await tx.$executeRaw`INSERT INTO "Job" ("kind", "key", "payload", "runAt", "createdAt")
      VALUES ('data_export', ${`data_export:${exportId}`}, ${JSON.stringify(payload)}::jsonb, (now() AT TIME ZONE 'UTC'), (now() AT TIME ZONE 'UTC'))`;
  }

  /** POST /api/user/data-export and requestDataExport: one request a day; a second within 24 h answers 429 with when. */
  async function request(user: Pick<User, "id">): Promise<DataExportDTO> {
    const now = clock.now();
    const created = await prisma.$transaction(async (tx) => {
      // Two requests at once take turns here: the second sees the first.
      await tx.$queryRaw`SELECT 1 AS locked FROM (SELECT pg_advisory_xact_lock(hashtext(${`data_export:${user.id}`}))) AS l`;
      const last = await tx.dataExport.findFirst({
        where: { userId: user.id, requestedById: null, status: { not: "failed" } },
        orderBy: { createdAt: "desc" },
      });
      if (last) {
        const nextAt = new Date(last.createdAt.getTime() + DATA_EXPORT_REQUEST_EVERY_MS);
        if (nextAt > now) {
          throw new AppError("DATA_EXPORT_TOO_SOON", DATA_EXPORT_MESSAGES.tooSoon(nextAt), {
            retryAfterSeconds: Math.ceil((nextAt.getTime() - now.getTime()) / 1000),
            details: { nextRequestAt: nextAt.toISOString(), export: toDTO(last) },
          });
        }
      }
      const row = await tx.dataExport.create({ data: { id: randomToken(16), userId: user.id, createdAt: now } });
      await enqueue(tx, row.id);
      return row;
    });
    bus.pubsub.publish("jobs:queued", { at: Date.now() });
    return toDTO(created);
  }

  /**
   * The staff prepare the same zip for a member who asked outside the product (e-mail): superusers
   * only, written to the audit log in the same transaction. While one of theirs for her is on its
   * way, that one is answered.
   */
  async function requestForMember(actor: Pick<User, "id" | "role"> | null | undefined, rawUserId: unknown, meta: AdminMeta = {}): Promise<DataExportDTO> {
    const staff = requireSuperuser(actor);
    const userId = parseId(rawUserId);
    const member = userId === null ? null : await prisma.user.findUnique({ where: { id: userId }, select: { id: true } });
    if (!member) throw new AppError("NOT_FOUND", ERROR_TEXTS.staffMemberNotFound);
    const now = clock.now();
    const { row, isNew } = await prisma.$transaction(async (tx) => {
      await tx.$queryRaw`SELECT 1 AS locked FROM (SELECT pg_advisory_xact_lock(hashtext(${`data_export:${member.id}`}))) AS l`;
      const pending = await tx.dataExport.findFirst({
        where: { userId: member.id, requestedById: { not: null }, status: { in: ["queued", "running"] } },
        orderBy: { createdAt: "desc" },
      });
      if (pending) return { row: pending, isNew: false };
      const created = await tx.dataExport.create({ data: { id: randomToken(16), userId: member.id, requestedById: staff.id, createdAt: now } });
      await enqueue(tx, created.id);
      await writeAudit(tx, { actorId: staff.id, action: "member.data_export", targetType: "User", targetId: member.id, data: { exportId: created.id }, ip: meta.ip, at: now });
      return { row: created, isNew: true };
    });
    if (isNew) bus.pubsub.publish("jobs:queued", { at: Date.now() });
    return toDTO(row);
  }

  const parseExportId = (raw: unknown) => (typeof raw === "string" && ID.test(raw) ? raw : null);
  const notFound = () => new AppError("NOT_FOUND", DATA_EXPORT_MESSAGES.notFound);

  /**
   * The export `rawId` as `viewer` may see it: hers (asked by her), or for a superuser one the staff
   * prepared. Anyone else's answers NOT_FOUND, exactly as an id that does not exist.
   */
  async function visible(viewer: Pick<User, "id" | "role">, rawId: unknown): Promise<DataExport> {
    const id = parseExportId(rawId);
    const row = id ? await prisma.dataExport.findUnique({ where: { id } }) : null;
    if (!row) throw notFound();
    if (row.requestedById === null ? row.userId === viewer.id : viewer.role === "superuser") return row;
    throw notFound();
  }

  /** GET /api/user/data-export/{id} and dataExport(id). */
  async function status(viewer: Pick<User, "id" | "role">, rawId: unknown): Promise<DataExportDTO> {
    return toDTO(await visible(viewer, rawId));
  }

  /** Her newest request (the panel's state), or null. */
  async function latest(user: Pick<User, "id">): Promise<DataExportDTO | null> {
    const row = await prisma.dataExport.findFirst({ where: { userId: user.id, requestedById: null }, orderBy: { createdAt: "desc" } });
    return row ? toDTO(row) : null;
  }

  /** The staff's exports of a member, newest first (the staff's member view). */
  async function staffList(actor: Pick<User, "id" | "role"> | null | undefined, rawUserId: unknown): Promise<DataExportDTO[]> {
    requireSuperuser(actor);
    const userId = parseId(rawUserId);
    if (userId === null) throw new AppError("NOT_FOUND", ERROR_TEXTS.staffMemberNotFound);
    const rows = await prisma.dataExport.findMany({ where: { userId, requestedById: { not: null } }, orderBy: { createdAt: "desc" }, take: 5 });
    return rows.map(toDTO);
  }

  async function fileOf(row: DataExport): Promise<DataExportFile> {
    if (row.status === "queued" || row.status === "running") throw new AppError("DATA_EXPORT_NOT_READY");
    if (row.status !== "ready") throw notFound();
    if (!row.fileKey || !row.expiresAt || !row.readyAt || row.expiresAt <= clock.now()) throw new AppError("DATA_EXPORT_EXPIRED");
    const stored = await storage.get(row.fileKey);
    if (!stored) throw new AppError("DATA_EXPORT_EXPIRED");
    return { fileName: dataExportFileName(row.readyAt), bytes: stored.bytes };
  }

  /** GET /api/user/data-export/{id}/download: hers alone (404 for anyone else), 410 after 24 hours; again as often as she likes meanwhile. */
  async function download(user: Pick<User, "id">, rawId: unknown): Promise<DataExportFile> {
    const row = await visible({ id: user.id, role: "member" }, rawId);
    return fileOf(row);
  }

  /** GET /api/admin/data-exports/{id}/download: a staff-prepared export, by a superuser; audited and in her 'Quem viu meus dados'. */
  async function staffDownload(actor: Pick<User, "id" | "role"> | null | undefined, rawId: unknown, meta: AdminMeta = {}): Promise<DataExportFile> {
    const staff = requireSuperuser(actor);
    const row = await visible(staff, rawId);
    if (row.requestedById === null) throw notFound();
    const file = await fileOf(row);
    const now = clock.now();
    await prisma.$transaction(async (tx) => {
      await writeAudit(tx, { actorId: staff.id, action: "member.data_export.download", targetType: "User", targetId: row.userId, data: { exportId: row.id }, ip: meta.ip, at: now });
      await logDataShares(tx, await staffRecipient(tx, staff.id), [row.userId], [EXPORT_FIELD], now);
    });
    return file;
  }

  /**
   * dataExportProgress: the export's state now, then each change, ending once it is ready or
   * failed. Refused (NOT_FOUND) for anyone who may not see it; subscribed to the bus before the
   * state is read, so no step falls between.
   */
  async function progress(viewer: Pick<User, "id" | "role">, rawId: unknown) {
    const row = await visible(viewer, rawId);
    const done = (dto: DataExportDTO) => dto.status === "ready" || dto.status === "failed";
    return new Repeater<DataExportDTO>(async (push, stop) => {
      const changes = bus.pubsub.subscribe("dataExport:changed", row.userId);
      void stop.then(() => changes.return?.());
      const current = toDTO((await prisma.dataExport.findUnique({ where: { id: row.id } })) ?? row);
      await push(current);
      if (!done(current)) {
        for await (const dto of changes) {
          if (dto.id !== row.id) continue;
          await push(dto);
          if (done(dto)) break;
        }
      }
      stop();
    });
  }

  async function update(id: string, data: Partial<Pick<DataExport, "status" | "progress" | "fileKey" | "readyAt" | "expiresAt">>) {
    const row = await prisma.dataExport.update({ where: { id }, data });
    publish(row);
    return row;
  }

  /** The queue's handler: builds, stores and announces the zip; a fault is retried, then marked failed. */
  async function prepare(payload: JobPayloads["data_export"], job: { attempts: number }): Promise<JobResult> {
    const row = await prisma.dataExport.findUnique({ where: { id: payload.exportId } });
    if (!row || row.status === "ready" || row.status === "failed") return "skipped";
    const started = Date.now();
    try {
      await update(row.id, { status: "running", progress: 5 });
      const built = await buildDataExport(deps, row.userId, { generatedAt: clock.now(), requestedByStaff: row.requestedById !== null }, async (percent) => {
        await update(row.id, { progress: percent });
      });
      const fileKey = fileKeyOf(row.userId, row.id);
      await storage.put(fileKey, Buffer.from(built.bytes.buffer, built.bytes.byteOffset, built.bytes.byteLength), "application/zip");
      const readyAt = clock.now();
      await update(row.id, { status: "ready", progress: 100, fileKey, readyAt, expiresAt: new Date(readyAt.getTime() + DATA_EXPORT_VALID_MS) });
      log.info({ exportId: row.id, userId: row.userId, bytes: built.bytes.byteLength, ms: Date.now() - started }, "data export ready");
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (job.attempts >= DATA_EXPORT_ATTEMPTS) {
        await update(row.id, { status: "failed", progress: 0 }).catch(() => undefined);
        throw new JobError(message, false);
      }
      await update(row.id, { status: "queued", progress: 0 }).catch(() => undefined);
      throw error;
    }
  }

  /** The timed sweep: expired files removed (rows kept for the 410 and the daily limit), old rows deleted, stuck ones failed. */
  async function sweep() {
    const now = clock.now();
    const expired = await prisma.dataExport.findMany({ where: { fileKey: { not: null }, expiresAt: { lte: now } }, select: { id: true, fileKey: true } });
    for (const row of expired) {
      await storage.delete(row.fileKey!);
      await prisma.dataExport.update({ where: { id: row.id }, data: { fileKey: null } });
    }
    const stuck = await prisma.dataExport.findMany({ where: { status: { in: ["queued", "running"] }, createdAt: { lt: new Date(now.getTime() - DATA_EXPORT_STUCK_MS) } } });
    for (const row of stuck) await update(row.id, { status: "failed", progress: 0 });
    const old = await prisma.dataExport.findMany({ where: { createdAt: { lt: new Date(now.getTime() - DATA_EXPORT_KEEP_MS) } }, select: { id: true, fileKey: true } });
    for (const row of old) if (row.fileKey) await storage.delete(row.fileKey);
    if (old.length) await prisma.dataExport.deleteMany({ where: { id: { in: old.map((row) => row.id) } } });
    return { filesRemoved: expired.length, failed: stuck.length, rowsDeleted: old.length };
  }

  return { request, requestForMember, status, latest, staffList, download, staffDownload, progress, prepare, sweep };
}

export type DataExportService = ReturnType<typeof createDataExportService>;
