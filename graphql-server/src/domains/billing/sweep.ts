import { dayInSaoPaulo, type PlanName } from "@clube-coroa/schema";
import type { User } from "../../generated/prisma/client.js";
import type { Tx } from "../../lib/db.js";
import { dateColumn } from "./billing.dto.js";
import { type BillingContext, lockUser } from "./shared.js";

/** The sweep: plans whose payments stopped, checkouts never paid, cancellations to retry. */
export function createSweep(ctx: BillingContext) {
  const { prisma, clock, log, provider, planWriter, graceMs, movePlan, otherCover } = ctx;

  /**
   * One round; safe to run on several instances at once (every change is conditional on the state
   * it read, and plan changes lock her row). Returns what it did, for tests and logs.
   */
  /**
   * `stopping` (the server is shutting down) ends it at a safe point: between members, and what was
   * already moved is still announced.
   */
  async function sweep(options: { stopping?: () => boolean } = {}): Promise<{ ended: number; plansEnded: number; cancelRetried: number }> {
    const stopping = options.stopping ?? (() => false);
    const now = clock.now();
    const cutoff = new Date(now.getTime() - graceMs);
    const report = { ended: 0, plansEnded: 0, cancelRetried: 0 };
    const announcements: User[] = [];

    // 1. Paid periods over for longer than the grace period, and first charges that late: the subscription ends.
    const lapsed = await prisma.planSubscription.findMany({
      where: {
        OR: [
          { status: { in: ["active", "overdue"] }, paidUntil: { lt: cutoff } },
          { status: "pending", nextDueDate: { lt: dateColumn(dayInSaoPaulo(cutoff)) } },
          // A checkout that never reached the provider.
          { status: "pending", asaasSubscriptionId: null, startedAt: { lt: new Date(now.getTime() - 3_600_000) } },
        ],
      },
      take: 200,
    });
    for (const subscription of lapsed) {
      if (stopping()) break;
      const moved = await prisma.$transaction(async (tx) => {
        const ended = await tx.planSubscription.updateMany({
          where: { id: subscription.id, status: subscription.status },
          data: { status: "canceled", canceledAt: now, providerCanceledAt: subscription.asaasSubscriptionId ? null : now },
        });
        if (ended.count === 0) return null;
        report.ended++;
        await tx.payment.updateMany({ where: { subscriptionId: subscription.id, status: "pending" }, data: { status: "canceled" } });
        if (subscription.status === "pending") return null;
        return endPlanIfUncovered(tx, subscription.userId, subscription.plan, subscription.id, "grace period over");
      });
      if (moved) announcements.push(moved);
    }

    // 2. Subscriptions left in a migration whose period (and grace) ran out before the new one was paid.
    const leftBehind = await prisma.planSubscription.findMany({
      where: { status: "canceled", paidUntil: { lt: cutoff, gt: new Date(cutoff.getTime() - 60 * 86_400_000) } },
      select: { id: true, userId: true, plan: true, user: { select: { plan: true } } },
      take: 500,
    });
    for (const subscription of leftBehind) {
      if (stopping()) break;
      if (subscription.user.plan !== subscription.plan) continue;
      const moved = await prisma.$transaction((tx) => endPlanIfUncovered(tx, subscription.userId, subscription.plan, subscription.id, "paid period over"));
      if (moved) announcements.push(moved);
    }

    // 3. Cancellations the provider has not confirmed yet.
    const toCancel = await prisma.planSubscription.findMany({
      where: { status: "canceled", asaasSubscriptionId: { not: null }, providerCanceledAt: null },
      select: { id: true, asaasSubscriptionId: true },
      take: 50,
    });
    for (const subscription of toCancel) {
      if (stopping()) break;
      try {
        await provider.cancelSubscription(subscription.asaasSubscriptionId!);
        await prisma.planSubscription.update({ where: { id: subscription.id }, data: { providerCanceledAt: clock.now() } });
        report.cancelRetried++;
      } catch (error) {
        log.warn({ subscriptionId: subscription.id, err: error instanceof Error ? error.message : error }, "provider cancellation still failing; retried next round");
      }
    }

    for (const user of announcements) {
      report.plansEnded++;
      await planWriter.planChanged(user);
    }
    return report;
  }

  async function endPlanIfUncovered(tx: Tx, userId: number, plan: PlanName, subscriptionId: number, reason: string) {
    await lockUser(tx, userId);
    const member = await tx.user.findUnique({ where: { id: userId }, select: { plan: true } });
    if (member?.plan !== plan) return null;
    if (await otherCover(tx, userId, plan, subscriptionId)) return null;
    return movePlan(tx, userId, "nobreza", { actorId: null, reason, subscriptionId });
  }

  return { sweep };
}
