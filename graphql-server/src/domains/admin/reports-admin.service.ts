import { Repeater } from "@graphql-yoga/subscription";
import { containsNul, ERROR_TEXTS, parseId, REPORT_STATUSES, type ReportReasonName, TEXT_MESSAGES } from "@clube-coroa/schema";
import type { Prisma, ReportStatus, User } from "../../generated/prisma/client.js";
import type { Bus } from "../../events.js";
import type { Clock } from "../../lib/clock.js";
import type { PrismaClient } from "../../lib/db.js";
import { AppError } from "../../lib/errors.js";
import type { Logger } from "../../lib/log.js";
import { requireSuperuser } from "./admin.policy.js";
import { writeAudit, type AdminMeta } from "./audit.js";
import { decodeIdCursor, pageOf, pageSize } from "./paging.js";

/** An abuse report as the staff see it (spec part 2 section 3, "Abuse report (admin view)"). */
export interface AdminReportDTO {
  id: number;
  status: ReportStatus;
  reason: ReportReasonName;
  customReason: string | null;
  adminNotes: string | null;
  createdAt: string;
  resolvedAt: string | null;
  reportedUser: { id: number; fullName: string | null; phone: string } | null;
  /** content: the offer's description; hidden: taken off the board by the staff. */
  offer: { id: number; title: string; content: string; hidden: boolean } | null;
}

export interface UpdateReportInput {
  reportId?: unknown;
  status?: unknown;
  adminNotes?: unknown;
  hideOffer?: unknown;
}

const ADMIN_NOTES_MAX = 2000;

const reportInclude = {
  reportedUser: { select: { id: true, fullName: true, phone: true } },
  offer: { select: { id: true, title: true, description: true, hiddenAt: true } },
} satisfies Prisma.ReportInclude;
type ReportRow = Prisma.ReportGetPayload<{ include: typeof reportInclude }>;

export function toAdminReportDTO(row: ReportRow): AdminReportDTO {
  return {
    id: row.id,
    status: row.status,
    reason: row.reason,
    customReason: row.customReason,
    adminNotes: row.adminNotes,
    createdAt: row.createdAt.toISOString(),
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
    reportedUser: row.reportedUser,
    offer: row.offer && { id: row.offer.id, title: row.offer.title, content: row.offer.description, hidden: row.offer.hiddenAt !== null },
  };
}

export interface ReportsAdminDeps {
  prisma: PrismaClient;
  clock: Clock;
  log: Logger;
  bus: Bus;
  /** The board: a hidden offer leaves every instance's board at once (the offers service). */
  board: { offerHidden(offerId: number): void };
  /** The dashboard's counts changed ('Relatórios Pendentes'). */
  statsTouched: () => void;
}

/**
 * The staff side of the members' reports: the queue (newest first), and the one transition the
 * spec shows, pending → resolved (Resolver) or dismissed (Descartar); resolving may hide the offer.
 * Every change is audited; a report already decided is refused (409), so two superusers acting at
 * once cannot both decide it.
 */
export function createReportsAdminService(deps: ReportsAdminDeps) {
  const { prisma, clock, log, bus, board } = deps;

  async function listReports(user: Pick<User, "id" | "role"> | null, args: { status?: unknown; first?: unknown; after?: unknown } = {}) {
    requireSuperuser(user);
    let status: ReportStatus | undefined;
    if (args.status !== undefined && args.status !== null && args.status !== "" && args.status !== "all") {
      if (!(REPORT_STATUSES as readonly unknown[]).includes(args.status)) throw new AppError("VALIDATION", ERROR_TEXTS.reportStatusInvalid);
      status = args.status as ReportStatus;
    }
    const take = pageSize(args.first, 50);
    const before = decodeIdCursor(args.after);
    const rows = await prisma.report.findMany({
      where: { ...(status ? { status } : {}), ...(before !== undefined ? { id: { lt: before } } : {}) },
      orderBy: { id: "desc" },
      take: take + 1,
      include: reportInclude,
    });
    const page = pageOf(rows, take);
    return { items: page.items.map(toAdminReportDTO), nextCursor: page.nextCursor };
  }

  async function updateReportStatus(user: Pick<User, "id" | "role"> | null, input: UpdateReportInput, meta: AdminMeta = {}): Promise<AdminReportDTO> {
    const actor = requireSuperuser(user);
    const reportId = parseId(input.reportId);
    if (reportId === null) throw new AppError("NOT_FOUND", ERROR_TEXTS.reportNotFound);
    if (input.status !== "resolved" && input.status !== "dismissed") {
      throw new AppError("VALIDATION", ERROR_TEXTS.reportStatusTransition);
    }
    const status = input.status;
    let adminNotes: string | null = null;
    if (input.adminNotes !== undefined && input.adminNotes !== null) {
      if (typeof input.adminNotes !== "string") throw new AppError("VALIDATION", ERROR_TEXTS.reportNotesNotText);
      if (containsNul(input.adminNotes)) throw new AppError("VALIDATION", TEXT_MESSAGES.invalidCharacters);
      if (input.adminNotes.length > ADMIN_NOTES_MAX) throw new AppError("VALIDATION", ERROR_TEXTS.notesTooLong(ADMIN_NOTES_MAX));
      adminNotes = input.adminNotes.trim() || null;
    }
    const hideOffer = input.hideOffer === true || input.hideOffer === "true";
    if (hideOffer && status !== "resolved") throw new AppError("VALIDATION", ERROR_TEXTS.hideOnlyWhenResolving);

    const now = clock.now();
    const { row, hidden } = await prisma.$transaction(async (tx) => {
      const current = await tx.report.findUnique({ where: { id: reportId }, select: { id: true, status: true, offerId: true } });
      if (!current) throw new AppError("NOT_FOUND", ERROR_TEXTS.reportNotFound);
      // Conditional on its state: of two decisions at once, the second finds it decided.
      const decided = await tx.report.updateMany({
        where: { id: reportId, status: "pending" },
        data: { status, adminNotes, resolvedAt: now, resolvedById: actor.id },
      });
      if (decided.count === 0) throw new AppError("REPORT_NOT_PENDING");
      let hidden: number | null = null;
      if (hideOffer && current.offerId !== null) {
        const changed = await tx.offer.updateMany({ where: { id: current.offerId, hiddenAt: null }, data: { hiddenAt: now } });
        if (changed.count) hidden = current.offerId;
      }
      await writeAudit(tx, {
        actorId: actor.id,
        action: "report.status",
        targetType: "Report",
        targetId: reportId,
        data: { from: current.status, to: status, ...(adminNotes ? { adminNotes } : {}), ...(hidden !== null ? { hiddenOfferId: hidden } : {}) },
        ip: meta.ip,
        at: now,
      });
      const row = await tx.report.findUniqueOrThrow({ where: { id: reportId }, include: reportInclude });
      return { row, hidden };
    });
    if (hidden !== null) {
      board.offerHidden(hidden);
      log.info({ reportId, offerId: hidden }, "offer hidden by the staff");
    }
    deps.statsTouched();
    return toAdminReportDTO(row);
  }

  /** A report as the staff see it; null when it is gone. */
  async function getReport(id: number): Promise<AdminReportDTO | null> {
    const row = await prisma.report.findUnique({ where: { id }, include: reportInclude });
    return row ? toAdminReportDTO(row) : null;
  }

  return {
    listReports,
    updateReportStatus,
    getReport,
    /** reportAdded: each member's new report as the staff see it; superusers only, checked on subscribe. */
    added(user: Pick<User, "id" | "role"> | null) {
      requireSuperuser(user);
      const source = bus.pubsub.subscribe("report:added");
      return new Repeater<AdminReportDTO>(async (push, stop) => {
        void stop.then(() => source.return?.());
        for await (const { reportId } of source) {
          const report = await getReport(reportId).catch((error: unknown) => {
            log.warn({ err: error, reportId }, "reportAdded: report not read");
            return null;
          });
          if (report) await push(report);
        }
        stop();
      });
    },
  };
}

export type ReportsAdminService = ReturnType<typeof createReportsAdminService>;
