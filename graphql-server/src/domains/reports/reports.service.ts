import { ERROR_TEXTS, NOTIFICATION_TEXTS, REPORT_TARGET_TEXTS, reportInputSchema, reportIssueOf, type ReportPayload } from "@clube-coroa/schema";
import type { ReportKind, User } from "../../generated/prisma/client.js";
import type { Bus } from "../../events.js";
import type { Clock } from "../../lib/clock.js";
import type { PrismaClient, Tx } from "../../lib/db.js";
import { AppError } from "../../lib/errors.js";
import type { Logger } from "../../lib/log.js";
import { notify, publishEntries } from "../notifications/deliveries.js";

export interface ReportsDeps {
  prisma: PrismaClient;
  clock: Clock;
  log: Logger;
  bus: Bus;
  /** Open reports from distinct members that take an offer off the board until the staff decide (config REPORTS_TO_HIDE). */
  reportsToHide: number;
  /** The board: an offer put under review leaves every instance's board at once (the offers service). */
  board?: { offerHidden(offerId: number): void };
  /** A report was added: the admin dashboard's 'Relatórios Pendentes' changed. */
  statsTouched?: () => void;
}

/** What a member sends when she reports a post, a member or a message (spec part 2 sections 3 and 7; issue 27). */
export interface ReportInput {
  offerId?: unknown;
  reportedUserId?: unknown;
  messageId?: unknown;
  reason?: unknown;
  customReason?: unknown;
}

export interface ReportResult {
  id: number;
  kind: ReportKind;
  /** False when she already had a pending report on this offer: nothing new was written. */
  created: boolean;
  /** The member the report is about (the offer's author, the member, the message's sender); null once gone. */
  reportedUserId: number | null;
}

type Common = Pick<ReportPayload, "reason" | "customReason">;

/**
 * Whether an offer has REPORTS_TO_HIDE open reports from distinct members (issue 27, auto-hide):
 * then it is under review, off the board for everyone but its owner until the staff decide.
 */
export async function openReportersOf(db: Tx | PrismaClient, offerId: number): Promise<number> {
  const [row] = await db.$queryRaw<{ count: number }[]>`
    SELECT count(DISTINCT "reporterId")::int AS count FROM "Report"
    WHERE "offerId" = ${offerId} AND kind = 'offer' AND status = 'pending' AND "reporterId" IS NOT NULL`;
  return Number(row?.count ?? 0);
}

export function createReportsService(deps: ReportsDeps) {
  const { prisma, clock, log, bus } = deps;

  /** One member's reports on one target run one after the other, so a double click writes one row. */
  const lockTarget = (tx: Tx, userId: number, target: string) =>
    tx.$queryRaw`SELECT 1 AS locked FROM (SELECT pg_advisory_xact_lock(hashtext(${`reports:${userId}:${target}`}))) AS l`;

  /**
   * A post: the author is derived from the offer (a given reportedUserId must match it). A repeat
   * while her report on that offer is still pending answers the pending report without writing a
   * new row. The REPORTS_TO_HIDE-th distinct member's open report puts the offer under review.
   */
  async function reportOffer(tx: Tx, user: Pick<User, "id">, offerId: number, reportedUserId: number | undefined, common: Common) {
    await lockTarget(tx, user.id, `offer:${offerId}`);
    const offer = await tx.offer.findUnique({ where: { id: offerId }, select: { id: true, userId: true, title: true, underReviewAt: true } });
    if (!offer) throw new AppError("NOT_FOUND", ERROR_TEXTS.offerNotFound);
    if (reportedUserId !== undefined && reportedUserId !== offer.userId) throw new AppError("REPORT_TARGET_MISMATCH");
    if (offer.userId === user.id) throw new AppError("REPORT_OWN_OFFER");
    const pending = await tx.report.findFirst({ where: { reporterId: user.id, offerId: offer.id, kind: "offer", status: "pending" }, select: { id: true } });
    if (pending) return { id: pending.id, kind: "offer" as const, created: false, reportedUserId: offer.userId, hidden: null };
    const now = clock.now();
    const row = await tx.report.create({
      data: { kind: "offer", reporterId: user.id, reportedUserId: offer.userId, offerId: offer.id, ...common, status: "pending", createdAt: now },
      select: { id: true },
    });
    let hidden: number | null = null;
    if (offer.underReviewAt === null) {
      // Reports on one offer by different members may commit together: the offer's row orders them.
      await tx.$queryRaw`SELECT id FROM "Offer" WHERE id = ${offer.id} FOR UPDATE`;
      if ((await openReportersOf(tx, offer.id)) >= deps.reportsToHide) {
        const changed = await tx.offer.updateMany({ where: { id: offer.id, underReviewAt: null }, data: { underReviewAt: now } });
        if (changed.count) hidden = offer.id;
      }
    }
    // The author hears her offer waits for the staff (issue 29); the reporters stay unnamed.
    const text = NOTIFICATION_TEXTS.offer_hidden({ offerTitle: offer.title });
    const entries = hidden === null ? [] : await notify(tx, [{ userId: offer.userId, type: "offer_hidden", groupKey: `offer_hidden:${offer.id}:${now.getTime()}`, text: () => text }], now);
    return { id: row.id, kind: "offer" as const, created: true, reportedUserId: offer.userId, hidden, entries };
  }

  /** An open report of hers on this target already: refused, so the staff read one report per member and target. */
  async function refuseRepeat(tx: Tx, where: { reporterId: number; kind: ReportKind; reportedUserId?: number; messageId?: number }) {
    const pending = await tx.report.findFirst({ where: { ...where, status: "pending" }, select: { id: true } });
    if (pending) throw new AppError("REPORT_ALREADY_OPEN");
  }

  /** A member (issue 27): any member but herself. */
  async function reportMember(tx: Tx, user: Pick<User, "id">, reportedUserId: number, common: Common) {
    if (reportedUserId === user.id) throw new AppError("REPORT_OWN_TARGET");
    await lockTarget(tx, user.id, `member:${reportedUserId}`);
    const member = await tx.user.findUnique({ where: { id: reportedUserId }, select: { id: true } });
    if (!member) throw new AppError("NOT_FOUND", REPORT_TARGET_TEXTS.memberNotFound);
    await refuseRepeat(tx, { reporterId: user.id, kind: "member", reportedUserId });
    const row = await tx.report.create({
      data: { kind: "member", reporterId: user.id, reportedUserId, ...common, status: "pending", createdAt: clock.now() },
      select: { id: true },
    });
    return { id: row.id, kind: "member" as const, created: true, reportedUserId, hidden: null };
  }

  /**
   * A message (issue 27): only a member of its conversation may report it, and not her own. Its
   * text and time are copied into the report, so the evidence outlives the message.
   */
  async function reportMessage(tx: Tx, user: Pick<User, "id">, messageId: number, common: Common) {
    await lockTarget(tx, user.id, `message:${messageId}`);
    const message = await tx.message.findUnique({
      where: { id: messageId },
      select: { id: true, senderId: true, content: true, createdAt: true, conversation: { select: { members: { where: { userId: user.id }, select: { userId: true } } } } },
    });
    // Someone else's conversation answers as a message that does not exist: ids reveal nothing.
    if (!message || message.conversation.members.length === 0) throw new AppError("NOT_FOUND", REPORT_TARGET_TEXTS.messageNotFound);
    if (message.senderId === user.id) throw new AppError("REPORT_OWN_TARGET");
    await refuseRepeat(tx, { reporterId: user.id, kind: "message", messageId });
    const row = await tx.report.create({
      data: {
        kind: "message",
        reporterId: user.id,
        reportedUserId: message.senderId,
        messageId: message.id,
        messageContent: message.content,
        messageSentAt: message.createdAt,
        ...common,
        status: "pending",
        createdAt: clock.now(),
      },
      select: { id: true },
    });
    return { id: row.id, kind: "message" as const, created: true, reportedUserId: message.senderId, hidden: null };
  }

  /**
   * A member reports someone else's offer (`offerId`), a member (`reportedUserId` alone) or a message
   * of one of her conversations (`messageId`).
   */
  async function createReport(user: Pick<User, "id">, input: ReportInput): Promise<ReportResult> {
    const parsed = reportInputSchema.safeParse(input ?? {});
    if (!parsed.success) {
      const problem = reportIssueOf(parsed.error);
      throw new AppError(problem.code, problem.message);
    }
    const payload = parsed.data;
    const common: Common = { reason: payload.reason, customReason: payload.customReason };

    const result = await prisma.$transaction(async (tx) => {
      if (payload.kind === "message") return reportMessage(tx, user, payload.messageId, common);
      if (payload.kind === "member") return reportMember(tx, user, payload.reportedUserId, common);
      return reportOffer(tx, user, payload.offerId, payload.reportedUserId, common);
    });
    if (result.created) {
      log.info({ reportId: result.id, kind: result.kind, reason: payload.reason }, "report created");
      // The staff's open dashboards show it at once.
      bus.pubsub.publish("report:added", { reportId: result.id });
      deps.statsTouched?.();
    }
    if ("entries" in result && result.entries) publishEntries(deps.bus, result.entries);
    if (result.hidden !== null) {
      deps.board?.offerHidden(result.hidden);
      log.info({ offerId: result.hidden }, "offer under review: reported by enough members");
    }
    return { id: result.id, kind: result.kind, created: result.created, reportedUserId: result.reportedUserId };
  }

  return { createReport };
}

export type ReportsService = ReturnType<typeof createReportsService>;
