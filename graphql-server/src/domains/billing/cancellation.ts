import { ERROR_TEXTS, parseId, type PlanName, PLANS } from "@clube-coroa/schema";
import type { User } from "../../generated/prisma/client.js";
import { AppError } from "../../lib/errors.js";
import { requireSuperuser } from "../admin/admin.policy.js";
import { type BillingContext, LIVE_SUBSCRIPTION, STAFF_GRANT } from "./shared.js";

/** Plans lost: her own cancellation, and the plan a superuser sets for her. */
export function createCancellation(ctx: BillingContext) {
  const { prisma, clock, planWriter, cancelAtProvider, endSubscriptions, movePlan } = ctx;

  /** Paid plans only: her provider subscriptions end, and her plan is nobreza at once (spec part 2 section 4). */
  async function cancelSubscription(user: { id: number }, meta: { ip?: string; actorId?: number } = {}): Promise<User> {
    const member = await prisma.user.findUnique({ where: { id: user.id } });
    if (!member) throw new AppError("UNAUTHENTICATED");
    if (member.plan === "nobreza") throw new AppError("SUBSCRIPTION_NOT_PAID");
    const live = await prisma.planSubscription.findMany({ where: { userId: user.id, status: { in: [...LIVE_SUBSCRIPTION] } } });
    const confirmed = await cancelAtProvider(user.id, live, "cancellation failed at the provider", () => new AppError("CANCEL_FAILED"));
    const now = clock.now();
    const updated = await prisma.$transaction(async (tx) => {
      // She gave the rest of the period up, and of any subscription she had already left (a migration under way).
      await endSubscriptions(tx, user.id, live, { now, confirmed, periods: "ended" });
      return movePlan(tx, user.id, "nobreza", { actorId: meta.actorId ?? user.id, reason: "cancellation", ip: meta.ip });
    });
    if (!updated) return member;
    await planWriter.planChanged(updated);
    return updated;
  }

  /**
   * PATCH /api/users/{id}/plan. A member may only cancel (move herself to nobreza); paid plans come
   * through checkout. A superuser may set any plan for anyone, written to the audit log.
   */
  async function changePlanByMember(actor: User, targetId: number, plan: string, meta: { ip?: string } = {}): Promise<User> {
    if (!(PLANS as readonly string[]).includes(plan)) throw new AppError("VALIDATION", ERROR_TEXTS.planInvalid);
    const newPlan = plan as PlanName;
    if (actor.role !== "superuser") {
      if (targetId !== actor.id) throw new AppError("FORBIDDEN");
      if (newPlan !== "nobreza") throw new AppError("PLAN_CHANGE_FORBIDDEN");
      const current = await prisma.user.findUnique({ where: { id: actor.id } });
      if (!current) throw new AppError("UNAUTHENTICATED");
      if (current.plan === "nobreza") return current;
      return cancelSubscription(current, meta);
    }
    return changePlanByStaff(actor, targetId, newPlan, { ...meta, notFound: ERROR_TEXTS.memberNotFound });
  }

  /**
   * A superuser sets a member's plan (simple admin, and PATCH /api/users/{id}/plan): as the
   * warning says, her provider subscriptions are cancelled (one the provider does not confirm is
   * retried by the sweep, so she is never charged for a plan she no longer has), what she had paid
   * no longer holds a plan, and a paid plan is recorded as a staff grant (STAFF_GRANT). Audited;
   * `meUpdated` and the board are told. The same plan again changes nothing.
   */
  async function changePlanByStaff(
    actor: Pick<User, "id" | "role"> | null,
    targetId: unknown,
    plan: unknown,
    meta: { ip?: string; notFound?: string } = {},
  ): Promise<User> {
    const staff = requireSuperuser(actor);
    const notFound = () => new AppError("NOT_FOUND", meta.notFound ?? ERROR_TEXTS.staffMemberNotFound);
    const userId = parseId(targetId);
    if (userId === null) throw notFound();
    if (!(PLANS as readonly unknown[]).includes(plan)) throw new AppError("VALIDATION", ERROR_TEXTS.planInvalid);
    const newPlan = plan as PlanName;
    const target = await prisma.user.findUnique({ where: { id: userId } });
    if (!target) throw notFound();
    if (target.plan === newPlan) return target;

    const live = await prisma.planSubscription.findMany({ where: { userId, status: { in: [...LIVE_SUBSCRIPTION] } } });
    const confirmed = await cancelAtProvider(userId, live, "staff plan change: provider cancellation failed; the sweep retries it");
    const now = clock.now();
    const updated = await prisma.$transaction(async (tx) => {
      // Her plan is the staff's decision from now on: no earlier period holds one.
      await endSubscriptions(tx, userId, live, { now, confirmed, periods: "ended" });
      const grant =
        newPlan === "nobreza"
          ? null
          : await tx.planSubscription.create({
              data: { userId, plan: newPlan, billingCycle: "monthly", billingType: "PIX", priceCents: 0, startedAt: now, ...STAFF_GRANT },
            });
      return movePlan(tx, userId, newPlan, {
        actorId: staff.id,
        reason: "superuser",
        ip: meta.ip,
        canceledSubscriptions: live.map((s) => s.id),
        ...(grant ? { grantId: grant.id } : {}),
      });
    });
    if (!updated) return (await prisma.user.findUnique({ where: { id: userId } })) ?? target;
    await planWriter.planChanged(updated);
    return updated;
  }

  return { cancelSubscription, changePlanByMember, changePlanByStaff };
}
