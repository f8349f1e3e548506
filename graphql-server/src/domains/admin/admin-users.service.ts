import { ERROR_TEXTS, parseId, type PlanName } from "@clube-coroa/schema";
import type { User } from "../../generated/prisma/client.js";
import type { Clock } from "../../lib/clock.js";
import type { PrismaClient } from "../../lib/db.js";
import { AppError } from "../../lib/errors.js";
import { requireSuperuser } from "./admin.policy.js";
import type { AdminMeta } from "./audit.js";
import { type SuspensionDTO, toSuspensionDTO } from "./suspensions.service.js";
import { decodeIdCursor, pageOf, pageSize } from "./paging.js";

/** A member as the simple admin shows her (spec part 2 section 3, "User (simple admin search)"). */
export interface AdminUserDTO {
  id: number;
  fullName: string | null;
  nickname: string | null;
  phone: string;
  email: string | null;
  city: string | null;
  plan: PlanName;
  /** Her suspension (issue 27). */
  suspension: SuspensionDTO;
}

const adminUserSelect = {
  id: true,
  fullName: true,
  nickname: true,
  phone: true,
  email: true,
  city: true,
  plan: true,
  suspendedAt: true,
  suspendedUntil: true,
  suspensionReason: true,
} as const;

type AdminUserRow = Pick<User, "id" | "fullName" | "nickname" | "phone" | "email" | "city" | "plan"> &
  Partial<Pick<User, "suspendedAt" | "suspendedUntil" | "suspensionReason">>;

export const toAdminUserDTO = (user: AdminUserRow, now: Date = new Date()): AdminUserDTO => ({
  id: user.id,
  fullName: user.fullName,
  nickname: user.nickname,
  phone: user.phone,
  email: user.email,
  city: user.city,
  plan: user.plan,
  suspension: toSuspensionDTO(
    { id: user.id, suspendedAt: user.suspendedAt ?? null, suspendedUntil: user.suspendedUntil ?? null, suspensionReason: user.suspensionReason ?? null },
    now,
  ),
});

/** The text of the simple admin's search failure (spec part 2 section 8). */
export const USER_NOT_FOUND = ERROR_TEXTS.staffMemberNotFound;

export interface AdminUsersDeps {
  prisma: PrismaClient;
  clock: Clock;
  /** Plan changes go through billing: subscriptions, the staff grant, the audit and `meUpdated`. */
  billing: {
    changePlanByStaff(actor: Pick<User, "id" | "role"> | null, targetId: unknown, plan: unknown, meta?: { ip?: string; notFound?: string }): Promise<User>;
  };
}

/** 'Administração Simples': find a member by id, list members, change a member's plan. */
export function createAdminUsersService(deps: AdminUsersDeps) {
  const { prisma, billing, clock } = deps;

  async function getUser(user: Pick<User, "id" | "role"> | null, id: unknown): Promise<AdminUserDTO> {
    requireSuperuser(user);
    if (typeof id === "string" && id.trim() === "") throw new AppError("VALIDATION", ERROR_TEXTS.idInvalid);
    const userId = parseId(id);
    if (userId === null) throw new AppError("VALIDATION", ERROR_TEXTS.idInvalid);
    const found = await prisma.user.findUnique({ where: { id: userId }, select: adminUserSelect });
    if (!found) throw new AppError("NOT_FOUND", USER_NOT_FOUND);
    return toAdminUserDTO(found, clock.now());
  }

  /** Newest members first. */
  async function listUsers(user: Pick<User, "id" | "role"> | null, args: { first?: unknown; after?: unknown } = {}) {
    requireSuperuser(user);
    const take = pageSize(args.first, 50);
    const before = decodeIdCursor(args.after);
    const rows = await prisma.user.findMany({
      where: before === undefined ? {} : { id: { lt: before } },
      orderBy: { id: "desc" },
      take: take + 1,
      select: adminUserSelect,
    });
    const page = pageOf(rows, take);
    const now = clock.now();
    return { items: page.items.map((row) => toAdminUserDTO(row, now)), nextCursor: page.nextCursor };
  }

  async function changePlan(user: Pick<User, "id" | "role"> | null, userId: unknown, plan: unknown, meta: AdminMeta = {}): Promise<AdminUserDTO> {
    requireSuperuser(user);
    return toAdminUserDTO(await billing.changePlanByStaff(user, userId, plan, { ip: meta.ip, notFound: USER_NOT_FOUND }), clock.now());
  }

  return { getUser, listUsers, changePlan };
}

export type AdminUsersService = ReturnType<typeof createAdminUsersService>;
