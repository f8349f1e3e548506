import { NOTIFICATION_TEXTS, PLAN_LABELS, type PlanName } from "@clube-coroa/schema";
import { notify } from "../notifications/deliveries.js";
import type { Bus } from "../../events.js";
import type { PaymentStatus, PlanSubscription, User } from "../../generated/prisma/client.js";
import type { Clock } from "../../lib/clock.js";
import type { PrismaClient, Tx } from "../../lib/db.js";
import type { AppError } from "../../lib/errors.js";
import type { RateLimiter } from "../../lib/rate-limit.js";
import type { Logger } from "../../lib/log.js";
import type { AsaasWebhookEvent, PaymentProvider } from "../../providers/payments/payments.js";
import type { PlansService } from "../plans/plans.service.js";
import { writeAudit } from "../admin/audit.js";
import type { PaymentDTO, SubscriptionDTO } from "./billing.dto.js";

// What the parts of billing share (checkout.ts, cancellation.ts, webhook.ts, sweep.ts, reads.ts):
// the service's dependencies, the states, the locks, and the one way a plan moves (BillingContext).

/** The smallest charge ASAAS accepts for PIX and boleto (R$ 5,00). */
export const MIN_CHARGE_CENTS = 500;

/** How billing writes a plan: the profile service's writer (offers follow, premium fields go) and its announcement. */
export interface PlanWriter {
  writePlan(tx: Tx, userId: number, plan: PlanName): Promise<User>;
  /** After commit: the banner goes when the plan no longer has it, `meUpdated` and the board are told. */
  planChanged(user: User): Promise<void>;
}

export interface BillingDeps {
  prisma: PrismaClient;
  clock: Clock;
  log: Logger;
  bus: Bus;
  provider: PaymentProvider;
  plans: PlansService;
  planWriter: PlanWriter;
  /** Days an overdue (or migrated-away) subscription keeps her plan past its paid period. */
  graceDays: number;
  /** ASAAS_WEBHOOK_TOKEN; with none, every webhook call is refused. */
  webhookToken: string | null;
  /** Checkouts per member (each one calls the provider). */
  checkoutLimiter?: RateLimiter;
  /** The local provider's confirmation (demo control); null with a real provider. */
  confirmLocally?: (payment: LocalConfirmable) => Promise<AsaasWebhookEvent>;
}

export interface LocalConfirmable {
  id: string;
  subscriptionId: string | null;
  customerId: string | null;
  billingType: "PIX" | "BOLETO" | "CREDIT_CARD";
  valueCents: number;
  dueDate: string;
  externalReference: string | null;
}

export interface CheckoutOutcome {
  message: string;
  isMigration: boolean;
  subscription: SubscriptionDTO;
  payment: PaymentDTO;
}

export type UnpaidStatus = Extract<PaymentStatus, "pending" | "overdue">;
export const UNPAID: PaymentStatus[] = ["pending", "overdue"];
export const PAID: PaymentStatus[] = ["confirmed", "received"];
export const LIVE_SUBSCRIPTION = ["pending", "active", "overdue"] as const;
/**
 * A plan given by the staff (simple admin): active, free, with no provider subscription and no end
 * (paidUntil null: until the staff or she change it). No provider event reaches it and the sweep,
 * which ends only periods that ran out, never ends it.
 */
export const STAFF_GRANT = { status: "active", paidUntil: null, asaasSubscriptionId: null } as const;
export const isStaffGrant = (s: { status: string; paidUntil: Date | null; asaasSubscriptionId: string | null }) =>
  s.status === "active" && s.paidUntil === null && s.asaasSubscriptionId === null;

/** One transaction at a time per provider subscription (or payment): the checkout's writes and its webhooks. */
export async function lockProviderKey(tx: Tx, key: string) {
  await tx.$queryRaw`SELECT 1 AS locked FROM pg_advisory_xact_lock(hashtext(${`asaas:${key}`}))`;
}
export async function lockUser(tx: Tx, userId: number) {
  await tx.$queryRaw`SELECT id FROM "User" WHERE id = ${userId} FOR UPDATE`;
}

export const lastFour = (value: string | undefined | null) => (value ? value.replace(/\D/g, "").slice(-4) || null : null);

/**
 * The billing service's dependencies and the moves every part of it makes the same way: the audit
 * row, cancelling at the provider, ending subscriptions, moving her plan, and whether another
 * subscription still pays for it.
 */
export function createBillingContext(deps: BillingDeps) {
  const { clock, log, provider, planWriter } = deps;
  const graceMs = deps.graceDays * 86_400_000;

  /** An AuditLog row about a member (her plan, her subscriptions). */
  const audit = (tx: Tx, entry: { actorId: number | null; userId: number; action: string; data: Record<string, unknown>; ip?: string }) =>
    writeAudit(tx, { actorId: entry.actorId, action: entry.action, targetType: "User", targetId: entry.userId, data: entry.data, ip: entry.ip, at: clock.now() });

  /**
   * Cancels at the provider each of `subscriptions` it holds, in order, and returns the ids it
   * confirmed. With `refusal`, the first failure stops there and throws what `refusal` makes of it;
   * without, a failure is logged and left to the sweep's retry round.
   */
  async function cancelAtProvider(userId: number, subscriptions: PlanSubscription[], failureLog: string, refusal?: (failed: PlanSubscription) => AppError) {
    const confirmed = new Set<number>();
    for (const subscription of subscriptions) {
      if (!subscription.asaasSubscriptionId) continue;
      try {
        await provider.cancelSubscription(subscription.asaasSubscriptionId);
        confirmed.add(subscription.id);
      } catch (error) {
        log.warn({ userId, subscriptionId: subscription.id, err: error instanceof Error ? error.message : error }, failureLog);
        if (refusal) throw refusal(subscription);
      }
    }
    return confirmed;
  }

  /**
   * Ends her `live` subscriptions in tx (those the provider confirmed cancelling are marked so; the
   * sweep retries the others). The one rule for what happens to the periods they paid for:
   * - `kept` (she moves to another plan): a period she paid holds until the new one is paid; a plan
   *   the staff gave holds like a period paid until now; only the ended subscriptions' unpaid charges end;
   * - `ended` (she cancels, or the staff decide her plan): no period of hers holds a plan after now,
   *   and every unpaid charge of hers ends.
   */
  async function endSubscriptions(tx: Tx, userId: number, live: PlanSubscription[], options: { now: Date; confirmed: Set<number>; periods: "kept" | "ended" }) {
    const { now, confirmed, periods } = options;
    for (const subscription of live) {
      await tx.planSubscription.updateMany({
        where: { id: subscription.id, status: subscription.status },
        data: {
          status: "canceled",
          canceledAt: now,
          providerCanceledAt: confirmed.has(subscription.id) ? now : null,
          ...(periods === "kept" && isStaffGrant(subscription) ? { paidUntil: now } : {}),
        },
      });
    }
    if (periods === "ended") {
      await tx.planSubscription.updateMany({ where: { userId, paidUntil: { gt: now } }, data: { paidUntil: now } });
      await tx.payment.updateMany({ where: { userId, status: { in: UNPAID } }, data: { status: "canceled" } });
    } else if (live.length) {
      await tx.payment.updateMany({ where: { subscriptionId: { in: live.map((s) => s.id) }, status: { in: UNPAID } }, data: { status: "canceled" } });
    }
  }

  /** Moves her plan in tx (audited); null when it already was that plan. */
  async function movePlan(tx: Tx, userId: number, to: PlanName, cause: { actorId: number | null; reason: string; ip?: string; [k: string]: unknown }) {
    await lockUser(tx, userId);
    const member = await tx.user.findUnique({ where: { id: userId }, select: { plan: true } });
    if (!member || member.plan === to) return null;
    const { actorId, ip, ...data } = cause;
    const updated = await planWriter.writePlan(tx, userId, to);
    await audit(tx, { actorId, userId, action: "user.plan.change", data: { from: member.plan, to, ...data }, ip });
    // Her entry of 'Avisos' (issue 29): by payment, by the staff or at the end of a plan; not when
    // she moved it herself. Her open centres hear it with planChanged, after commit.
    if (actorId !== userId) {
      const text = NOTIFICATION_TEXTS.plan_changed({ planLabel: PLAN_LABELS[to], ended: to === "nobreza" && actorId === null });
      await notify(tx, [{ userId, type: "plan_changed", groupKey: `plan:${userId}:${clock.now().getTime()}`, text: () => text }], clock.now());
    }
    return updated;
  }

  /** Whether another subscription of hers still pays for `plan` now (its period, plus the grace period). */
  async function otherCover(tx: Tx, userId: number, plan: PlanName, exceptId: number) {
    const cutoff = new Date(clock.now().getTime() - graceMs);
    const other = await tx.planSubscription.findFirst({
      where: {
        userId,
        plan,
        id: { not: exceptId },
        OR: [{ status: { in: ["active", "overdue", "canceled"] }, paidUntil: { gt: cutoff } }, STAFF_GRANT],
      },
      select: { id: true, status: true, paidUntil: true, canceledAt: true },
    });
    // A subscription she cancelled herself gave its period up (its paidUntil was cut to the cancellation).
    return other !== null;
  }

  return { ...deps, graceMs, audit, cancelAtProvider, endSubscriptions, movePlan, otherCover };
}

export type BillingContext = ReturnType<typeof createBillingContext>;
