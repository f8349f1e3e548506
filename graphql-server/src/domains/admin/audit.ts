import type { User } from "../../generated/prisma/client.js";
import type { PrismaClient, Tx } from "../../lib/db.js";
import { requireSuperuser } from "./admin.policy.js";
import { decodeIdCursor, pageOf, pageSize } from "./paging.js";

/** Who did an admin action, from which address (the doors pass the request's). */
export interface AdminMeta {
  ip?: string;
}

export interface AuditEntryDTO {
  id: number;
  action: string;
  actor: { id: number; fullName: string | null; phone: string } | null;
  targetType: string | null;
  targetId: string | null;
  /** The entry's details as JSON text. */
  data: string | null;
  ip: string | null;
  createdAt: string;
}

/** One AuditLog row (every writer of the log goes through it): who, what, on what, when and from where; written in the action's transaction. */
export async function writeAudit(
  tx: Tx | PrismaClient,
  entry: { actorId: number | null; action: string; targetType?: string; targetId?: string | number; data?: Record<string, unknown>; ip?: string; at: Date },
) {
  await tx.auditLog.create({
    data: {
      actorId: entry.actorId,
      action: entry.action,
      targetType: entry.targetType ?? null,
      targetId: entry.targetId === undefined ? null : String(entry.targetId),
      data: (entry.data ?? {}) as object,
      ip: entry.ip?.slice(0, 64),
      createdAt: entry.at,
    },
  });
}

/** The audit log panel: newest first, cursor paging. */
export function createAuditService({ prisma }: { prisma: PrismaClient }) {
  async function listAudit(user: Pick<User, "id" | "role"> | null, args: { first?: unknown; after?: unknown }) {
    requireSuperuser(user);
    const take = pageSize(args.first, 20);
    const before = decodeIdCursor(args.after);
    const rows = await prisma.auditLog.findMany({
      where: before === undefined ? {} : { id: { lt: before } },
      orderBy: { id: "desc" },
      take: take + 1,
      include: { actor: { select: { id: true, fullName: true, phone: true } } },
    });
    const page = pageOf(rows, take);
    return {
      nextCursor: page.nextCursor,
      items: page.items.map(
        (row): AuditEntryDTO => ({
          id: row.id,
          action: row.action,
          actor: row.actor,
          targetType: row.targetType,
          targetId: row.targetId,
          data: row.data === null ? null : JSON.stringify(row.data),
          ip: row.ip,
          createdAt: row.createdAt.toISOString(),
        }),
      ),
    };
  }
  return { listAudit };
}

export type AuditService = ReturnType<typeof createAuditService>;
