import { Repeater } from "@graphql-yoga/subscription";
import { containsNul, ERROR_TEXTS, NOTIFICATION_TEXTS, parseId, REPORT_STATUSES, type ReportReasonName, TEXT_MESSAGES } from "@clube-coroa/schema";
import type { Prisma, ReportKind, ReportStatus, User } from "../../generated/prisma/client.js";
import type { Bus } from "../../events.js";
import type { Clock } from "../../lib/clock.js";
import type { PrismaClient, Tx } from "../../lib/db.js";
import { AppError } from "../../lib/errors.js";
import type { Logger } from "../../lib/log.js";
import { notify, publishEntries, type NotificationEvent } from "../notifications/deliveries.js";
import { requireSuperuser } from "./admin.policy.js";
import { writeAudit, type AdminMeta } from "./audit.js";
import { decodeIdCursor, pageOf, pageSize } from "./paging.js";

/** An abuse report as the staff see it (spec part 2 section 3, "Abuse report (admin view)"). */
export interface AdminReportDTO {
  id: number;
  /** What is reported: a post, a member, or a message (issue 27). */
  kind: ReportKind;
  status: ReportStatus;
  reason: ReportReasonName;
  customReason: string | null;
  adminNotes: string | null;
  createdAt: string;
  resolvedAt: string | null;
  reportedUser: { id: number; fullName: string | null; phone: string } | null;
  /** content: the offer's description; hidden: taken off the board by the staff. */
  offer: { id: number; title: string; content: string; hidden: boolean; underReview: boolean } | null;
  /** A message report: the copy of the message's text and time taken when reported (kept if it is deleted). */
  reportedMessage: { id: number | null; content: string; sentAt: string } | null;
  /** Reports of the same target (kind and offer, member or message) still pending, this one included: the queue groups by target. */
  openOnTarget: number;
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
  offer: { select: { id: true, title: true, description: true, hiddenAt: true, underReviewAt: true } },
} satisfies Prisma.ReportInclude;
type ReportRow = Prisma.ReportGetPayload<{ include: typeof reportInclude }>;

/** A report's target as the queue groups it: the offer, the member or the message. */
export function targetOf(row: Pick<ReportRow, "kind" | "offerId" | "reportedUserId" | "messageId" | "messageContent" | "id">): Prisma.ReportWhereInput {
  if (row.kind === "offer") return { kind: "offer", offerId: row.offerId ?? -1 };
  if (row.kind === "member") return { kind: "member", reportedUserId: row.reportedUserId ?? -1 };
  // A deleted message's reports are grouped by the report itself.
  return row.messageId === null ? { id: row.id } : { kind: "message", messageId: row.messageId };
}

const targetKey = (row: Pick<ReportRow, "kind" | "offerId" | "reportedUserId" | "messageId" | "id">) =>
  `${row.kind}:${row.kind === "offer" ? row.offerId : row.kind === "member" ? row.reportedUserId : (row.messageId ?? `r${row.id}`)}`;

/** How many pending reports each of these rows' targets has: one grouped statement for the page. */
async function openCounts(prisma: PrismaClient | Tx, rows: ReportRow[]) {
  const counts = new Map<string, number>();
  if (rows.length === 0) return counts;
  const groups = await prisma.report.groupBy({
    by: ["kind", "offerId", "reportedUserId", "messageId"],
    where: { status: "pending", OR: rows.map(targetOf) },
    _count: { _all: true },
  });
  for (const group of groups) {
    // A member's reports group by member whatever offer or message they name; the others by their target.
    const key = targetKey({ ...group, id: 0 });
    counts.set(key, (counts.get(key) ?? 0) + group._count._all);
  }
  return counts;
}

export function toAdminReportDTO(row: ReportRow, openOnTarget = row.status === "pending" ? 1 : 0): AdminReportDTO {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    reason: row.reason,
    customReason: row.customReason,
    adminNotes: row.adminNotes,
    createdAt: row.createdAt.toISOString(),
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
    reportedUser: row.reportedUser,
    offer: row.offer && {
      id: row.offer.id,
      title: row.offer.title,
      content: row.offer.description,
      hidden: row.offer.hiddenAt !== null,
      underReview: row.offer.underReviewAt !== null,
    },
    reportedMessage:
      row.kind === "message" && row.messageContent !== null
        ? { id: row.messageId, content: row.messageContent, sentAt: (row.messageSentAt ?? row.createdAt).toISOString() }
        : null,
    openOnTarget,
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
    const counts = await openCounts(prisma, page.items);
    return { items: page.items.map((row) => toAdminReportDTO(row, counts.get(targetKey(row)) ?? 0)), nextCursor: page.nextCursor };
  }

  /**
   * Who hears a decision (issue 29): each reporter of the decided reports (her report handled), and
   * the offer's author when it was taken off the board for good or shown again.
   */
  async function decisionNotices(tx: Tx, reportIds: number[], status: "resolved" | "dismissed", offerId: number | null, hidden: boolean, now: Date) {
    const reports = await tx.report.findMany({ where: { id: { in: reportIds } }, select: { id: true, reporterId: true } });
    const events: NotificationEvent[] = reports
      .filter((r) => r.reporterId !== null)
      .map((r) => {
        const text = NOTIFICATION_TEXTS.report_handled({ dismissed: status === "dismissed" });
        return { userId: r.reporterId as number, type: "report_handled" as const, groupKey: `report:${r.id}`, text: () => text };
      });
    if (offerId !== null) {
      const offer = await tx.offer.findUnique({ where: { id: offerId }, select: { id: true, userId: true, title: true } });
      if (offer) {
        // Hidden by the staff is for good (record 0257): said as removed, which is what she sees.
        const text = hidden ? NOTIFICATION_TEXTS.offer_removed({ offerTitle: offer.title }) : NOTIFICATION_TEXTS.offer_restored({ offerTitle: offer.title, offerId: offer.id });
        const type = hidden ? ("offer_removed" as const) : ("offer_restored" as const);
        events.push({ userId: offer.userId, type, groupKey: `${type}:${offer.id}:${now.getTime()}`, text: () => text });
      }
    }
    return events;
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
    const { row, hidden, shown, openOnTarget, entries } = await prisma.$transaction(async (tx) => {
      const current = await tx.report.findUnique({ where: { id: reportId } });
      if (!current) throw new AppError("NOT_FOUND", ERROR_TEXTS.reportNotFound);
      // Conditional on its state: of two decisions at once, the second finds it decided.
      const decided = await tx.report.updateMany({
        where: { id: reportId, status: "pending" },
        data: { status, adminNotes, resolvedAt: now, resolvedById: actor.id },
      });
      if (decided.count === 0) throw new AppError("REPORT_NOT_PENDING");
      // The queue shows one row per target: the decision is the target's, so the other pending
      // reports of it are decided with it (issue 27).
      const others = await tx.report.findMany({ where: { AND: [targetOf(current), { status: "pending", id: { not: reportId } }] }, select: { id: true } });
      const alsoDecided = others.map((o) => o.id);
      if (alsoDecided.length) {
        await tx.report.updateMany({ where: { id: { in: alsoDecided }, status: "pending" }, data: { status, resolvedAt: now, resolvedById: actor.id } });
      }
      let hidden: number | null = null;
      let shown: number | null = null;
      if (current.kind === "offer" && current.offerId !== null) {
        if (hideOffer) {
          const changed = await tx.offer.updateMany({ where: { id: current.offerId, hiddenAt: null }, data: { hiddenAt: now, underReviewAt: null } });
          if (changed.count) hidden = current.offerId;
        } else {
          // Reviewed: an offer the reports had taken off the board is shown again ('Descartar', or resolved without hiding).
          const changed = await tx.offer.updateMany({ where: { id: current.offerId, underReviewAt: { not: null } }, data: { underReviewAt: null } });
          if (changed.count) shown = current.offerId;
        }
      }
      await writeAudit(tx, {
        actorId: actor.id,
        action: "report.status",
        targetType: "Report",
        targetId: reportId,
        data: {
          from: current.status,
          to: status,
          ...(adminNotes ? { adminNotes } : {}),
          ...(hidden !== null ? { hiddenOfferId: hidden } : {}),
          ...(shown !== null ? { shownOfferId: shown } : {}),
          ...(alsoDecided.length ? { alsoDecided } : {}),
        },
        ip: meta.ip,
        at: now,
      });
      const row = await tx.report.findUniqueOrThrow({ where: { id: reportId }, include: reportInclude });
      const entries = await notify(tx, await decisionNotices(tx, [reportId, ...alsoDecided], status, hidden ?? shown, hidden !== null, now), now);
      return { row, hidden, shown, openOnTarget: 0, entries };
    });
    publishEntries(bus, entries);
    if (hidden !== null || shown !== null) {
      board.offerHidden((hidden ?? shown) as number);
      log.info({ reportId, offerId: hidden ?? shown, hidden: hidden !== null }, hidden !== null ? "offer hidden by the staff" : "offer shown again after review");
    }
    deps.statsTouched();
    return toAdminReportDTO(row, openOnTarget);
  }

  /** A report as the staff see it; null when it is gone. */
  async function getReport(id: number): Promise<AdminReportDTO | null> {
    const row = await prisma.report.findUnique({ where: { id }, include: reportInclude });
    if (!row) return null;
    const counts = await openCounts(prisma, [row]);
    return toAdminReportDTO(row, counts.get(targetKey(row)) ?? 0);
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
