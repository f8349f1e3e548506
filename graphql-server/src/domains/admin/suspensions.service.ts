import { containsNul, ERROR_TEXTS, parseId, SUSPENSION_DAYS, SUSPENSION_TEXTS, TEXT_MESSAGES } from "@clube-coroa/schema";
import type { User } from "../../generated/prisma/client.js";
import type { Clock } from "../../lib/clock.js";
import type { PrismaClient } from "../../lib/db.js";
import { AppError } from "../../lib/errors.js";
import type { Logger } from "../../lib/log.js";
import { requireSuperuser } from "./admin.policy.js";
import { writeAudit, type AdminMeta } from "./audit.js";

const DAY_MS = 24 * 60 * 60 * 1000;
const REASON_MAX = 500;
/** How often ended suspensions give their offers back to the board (sign-in and sends compare with the clock at once). */
export const SUSPENSIONS_SWEEP_MS = 60_000;

/** A member's suspension as the staff see it; null `until`: until lifted. */
export interface SuspensionDTO {
  userId: number;
  suspended: boolean;
  suspendedAt: string | null;
  suspendedUntil: string | null;
  reason: string | null;
}

/** Whether the member is suspended at `now` (an expired suspension ends by itself). */
export function isSuspended(user: Pick<User, "suspendedAt" | "suspendedUntil">, now: Date): boolean {
  return user.suspendedAt !== null && (user.suspendedUntil === null || user.suspendedUntil > now);
}

export const toSuspensionDTO = (user: Pick<User, "id" | "suspendedAt" | "suspendedUntil" | "suspensionReason">, now: Date): SuspensionDTO => {
  const suspended = isSuspended(user, now);
  return {
    userId: user.id,
    suspended,
    suspendedAt: suspended ? (user.suspendedAt?.toISOString() ?? null) : null,
    suspendedUntil: suspended ? (user.suspendedUntil?.toISOString() ?? null) : null,
    reason: suspended ? user.suspensionReason : null,
  };
};

export interface SuspensionsDeps {
  prisma: PrismaClient;
  clock: Clock;
  log: Logger;
  /** Her sessions end, and their sockets close, on every instance (the session store, over the bus). */
  sessions: { endConnections(userId: number): void };
  /** Her offers leave (or come back to) every board at once (the offers service). */
  board: { authorChanged(authorId: number): void };
}

/**
 * Staff suspend a member (issue 27): for 7 or 30 days or until lifted, with a reason. In one
 * transaction her row is marked, her offers leave the board and her sessions are deleted; after
 * commit her sockets close on every instance. Sign-in refuses her while it lasts (auth.service); an
 * expired suspension ends by itself (sign-in and sends compare with the clock; `sweep` brings her
 * offers back). Every action is audited.
 */
export function createSuspensionsService(deps: SuspensionsDeps) {
  const { prisma, clock, log, sessions, board } = deps;

  async function member(rawId: unknown) {
    const id = parseId(rawId);
    const found = id === null ? null : await prisma.user.findUnique({ where: { id }, select: { id: true, role: true } });
    if (!found) throw new AppError("NOT_FOUND", ERROR_TEXTS.staffMemberNotFound);
    return found;
  }

  function validDays(days: unknown): number | null {
    if (days === undefined || days === null || days === "") return null;
    const n = typeof days === "string" ? Number(days) : days;
    if (!(SUSPENSION_DAYS as readonly unknown[]).includes(n)) throw new AppError("VALIDATION", SUSPENSION_TEXTS.daysInvalid);
    return n as number;
  }

  function validReason(reason: unknown): string {
    if (typeof reason !== "string") throw new AppError("VALIDATION", SUSPENSION_TEXTS.reasonRequired);
    if (containsNul(reason)) throw new AppError("VALIDATION", TEXT_MESSAGES.invalidCharacters);
    const text = reason.trim();
    if (!text || text.length > REASON_MAX) throw new AppError("VALIDATION", SUSPENSION_TEXTS.reasonRequired);
    return text;
  }

  async function suspend(actor: Pick<User, "id" | "role"> | null, rawId: unknown, input: { reason?: unknown; days?: unknown }, meta: AdminMeta = {}): Promise<SuspensionDTO> {
    const staff = requireSuperuser(actor);
    const target = await member(rawId);
    if (target.id === staff.id) throw new AppError("VALIDATION", SUSPENSION_TEXTS.suspendSelf);
    if (target.role === "superuser") throw new AppError("VALIDATION", SUSPENSION_TEXTS.suspendStaff);
    const reason = validReason(input.reason);
    const days = validDays(input.days);
    const now = clock.now();
    const until = days === null ? null : new Date(now.getTime() + days * DAY_MS);
    const user = await prisma.$transaction(async (tx) => {
      const updated = await tx.user.update({ where: { id: target.id }, data: { suspendedAt: now, suspendedUntil: until, suspensionReason: reason } });
      await tx.offer.updateMany({ where: { userId: target.id }, data: { authorSuspended: true } });
      await tx.session.deleteMany({ where: { userId: target.id } });
      await writeAudit(tx, {
        actorId: staff.id,
        action: "member.suspend",
        targetType: "User",
        targetId: target.id,
        data: { reason, days, until: until?.toISOString() ?? null },
        ip: meta.ip,
        at: now,
      });
      return updated;
    });
    sessions.endConnections(target.id);
    board.authorChanged(target.id);
    log.info({ userId: target.id, days }, "member suspended");
    return toSuspensionDTO(user, now);
  }

  async function lift(actor: Pick<User, "id" | "role"> | null, rawId: unknown, meta: AdminMeta = {}): Promise<SuspensionDTO> {
    const staff = requireSuperuser(actor);
    const target = await member(rawId);
    const now = clock.now();
    const user = await prisma.$transaction(async (tx) => {
      const current = await tx.user.findUniqueOrThrow({ where: { id: target.id } });
      if (!isSuspended(current, now)) throw new AppError("VALIDATION", SUSPENSION_TEXTS.notSuspended, { status: 409 });
      const updated = await tx.user.update({ where: { id: target.id }, data: { suspendedAt: null, suspendedUntil: null, suspensionReason: null } });
      await tx.offer.updateMany({ where: { userId: target.id }, data: { authorSuspended: false } });
      await writeAudit(tx, { actorId: staff.id, action: "member.unsuspend", targetType: "User", targetId: target.id, data: {}, ip: meta.ip, at: now });
      return updated;
    });
    board.authorChanged(target.id);
    log.info({ userId: target.id }, "suspension lifted");
    return toSuspensionDTO(user, now);
  }

  /** Ends the suspensions whose time is over: their offers come back to the board. Answers how many. */
  async function sweep() {
    const now = clock.now();
    const ended = await prisma.$transaction(async (tx) => {
      const rows = await tx.user.findMany({ where: { suspendedAt: { not: null }, suspendedUntil: { lte: now } }, select: { id: true } });
      const ids = rows.map((r) => r.id);
      if (!ids.length) return ids;
      await tx.user.updateMany({ where: { id: { in: ids } }, data: { suspendedAt: null, suspendedUntil: null, suspensionReason: null } });
      await tx.offer.updateMany({ where: { userId: { in: ids } }, data: { authorSuspended: false } });
      for (const id of ids) await writeAudit(tx, { actorId: null, action: "member.suspension.expired", targetType: "User", targetId: id, at: now });
      return ids;
    });
    for (const id of ended) board.authorChanged(id);
    return ended.length;
  }

  return { suspend, lift, sweep };
}

export type SuspensionsService = ReturnType<typeof createSuspensionsService>;
