import { ERROR_TEXTS, reportInputSchema, reportIssueOf } from "@clube-coroa/schema";
import type { User } from "../../generated/prisma/client.js";
import type { Bus } from "../../events.js";
import type { Clock } from "../../lib/clock.js";
import type { PrismaClient } from "../../lib/db.js";
import { AppError } from "../../lib/errors.js";
import type { Logger } from "../../lib/log.js";

export interface ReportsDeps {
  prisma: PrismaClient;
  clock: Clock;
  log: Logger;
  bus: Bus;
  /** A report was added: the admin dashboard's 'Relatórios Pendentes' changed. */
  statsTouched?: () => void;
}

/** What a member sends when she reports a post (spec part 2 sections 3 and 7: both payload variants). */
export interface ReportInput {
  offerId?: unknown;
  reportedUserId?: unknown;
  reason?: unknown;
  customReason?: unknown;
}

export interface ReportResult {
  id: number;
  /** False when she already had a pending report on this offer: nothing new was written. */
  created: boolean;
}

export function createReportsService(deps: ReportsDeps) {
  const { prisma, clock, log, bus } = deps;

  /**
   * A member reports someone else's offer. The author is derived from the offer (a given
   * reportedUserId must match it). A repeat while her report on that offer is still pending answers
   * the pending report without writing a new row.
   */
  async function createReport(user: Pick<User, "id">, input: ReportInput): Promise<ReportResult> {
    const parsed = reportInputSchema.safeParse(input ?? {});
    if (!parsed.success) {
      const problem = reportIssueOf(parsed.error);
      throw new AppError(problem.code, problem.message);
    }
    const { offerId, reportedUserId, reason, customReason } = parsed.data;

    const result = await prisma.$transaction(async (tx) => {
      // One member's reports on one offer run one after the other, so a double click writes one row.
      await tx.$queryRaw`SELECT 1 AS locked FROM (SELECT pg_advisory_xact_lock(hashtext(${`reports:${user.id}:${offerId}`}))) AS l`;
      const offer = await tx.offer.findUnique({ where: { id: offerId }, select: { id: true, userId: true } });
      if (!offer) throw new AppError("NOT_FOUND", ERROR_TEXTS.offerNotFound);
      if (reportedUserId !== undefined && reportedUserId !== offer.userId) throw new AppError("REPORT_TARGET_MISMATCH");
      if (offer.userId === user.id) throw new AppError("REPORT_OWN_OFFER");
      const pending = await tx.report.findFirst({
        where: { reporterId: user.id, offerId: offer.id, status: "pending" },
        select: { id: true },
      });
      if (pending) return { id: pending.id, created: false };
      const row = await tx.report.create({
        data: {
          reporterId: user.id,
          reportedUserId: offer.userId,
          offerId: offer.id,
          reason,
          customReason,
          status: "pending",
          createdAt: clock.now(),
        },
        select: { id: true },
      });
      return { id: row.id, created: true };
    });
    if (result.created) {
      log.info({ reportId: result.id, offerId, reason }, "report created");
      // The staff's open dashboards show it at once.
      bus.pubsub.publish("report:added", { reportId: result.id });
      deps.statsTouched?.();
    }
    return result;
  }

  return { createReport };
}

export type ReportsService = ReturnType<typeof createReportsService>;
