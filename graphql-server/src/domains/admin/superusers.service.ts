import { containsNul, normalisePhone } from "@clube-coroa/schema";
import type { User } from "../../generated/prisma/client.js";
import type { Clock } from "../../lib/clock.js";
import type { PrismaClient, Tx } from "../../lib/db.js";
import { AppError } from "../../lib/errors.js";
import { requireSuperuser } from "./admin.policy.js";
import { writeAudit, type AdminMeta } from "./audit.js";

/** A row of 'Gestão de SuperUsuárias': a superuser, or a phone added before she has an account (pending). */
export interface SuperUserDTO {
  id: number | null;
  fullName: string | null;
  phone: string;
  email: string | null;
  createdAt: string;
  pending: boolean;
}

/**
 * One phone at a time between adding a superuser and a first sign-in with that phone, so an invite
 * is never written just after the sign-in looked for one (auth.service takes the same lock).
 */
export async function lockSuperuserPhone(tx: Tx, phone: string) {
  await tx.$queryRaw`SELECT 1 AS locked FROM (SELECT pg_advisory_xact_lock(hashtext(${`superuser:${phone}`}))) AS l`;
}

export interface SuperusersDeps {
  prisma: PrismaClient;
  clock: Clock;
  /** A role change closes every connection her sessions opened (the session store). */
  sessions: { endConnections(userId: number): void };
}

/**
 * Superusers are added by phone, normalised exactly like sign-in. A member is promoted at once (her
 * open connections end, as SUPERUSER_PHONES does); a phone with no member yet is kept as an invite
 * and applied at her first sign-in. Nothing removes a superuser (the spec has no such action).
 */
export function createSuperusersService(deps: SuperusersDeps) {
  const { prisma, clock, sessions } = deps;

  async function listSuperusers(user: Pick<User, "id" | "role"> | null): Promise<SuperUserDTO[]> {
    requireSuperuser(user);
    const [members, invites] = await Promise.all([
      prisma.user.findMany({
        where: { role: "superuser" },
        orderBy: [{ createdAt: "asc" }, { id: "asc" }],
        select: { id: true, fullName: true, phone: true, email: true, createdAt: true },
      }),
      prisma.superuserInvite.findMany({ where: { appliedAt: null }, orderBy: { id: "asc" } }),
    ]);
    return [
      ...members.map((m) => ({ ...m, createdAt: m.createdAt.toISOString(), pending: false })),
      ...invites.map((i) => ({ id: null, fullName: null, phone: i.phone, email: null, createdAt: i.createdAt.toISOString(), pending: true })),
    ];
  }

  async function addSuperuser(user: Pick<User, "id" | "role"> | null, input: { phone?: unknown; countryCode?: unknown }, meta: AdminMeta = {}): Promise<SuperUserDTO> {
    const actor = requireSuperuser(user);
    if (typeof input.phone !== "string" || containsNul(input)) throw new AppError("PHONE_INVALID");
    const normalised = normalisePhone(input.phone, typeof input.countryCode === "string" ? input.countryCode : undefined);
    if (!normalised.ok) throw new AppError("PHONE_INVALID");
    const phone = normalised.e164Digits;
    const now = clock.now();
    const outcome = await prisma.$transaction(async (tx) => {
      await lockSuperuserPhone(tx, phone);
      const member = await tx.user.findUnique({ where: { phone } });
      if (member) {
        if (member.role === "superuser") throw new AppError("ALREADY_SUPERUSER");
        const promoted = await tx.user.update({ where: { id: member.id }, data: { role: "superuser" } });
        await writeAudit(tx, { actorId: actor.id, action: "superuser.add", targetType: "User", targetId: member.id, data: { phone }, ip: meta.ip, at: now });
        return { promoted };
      }
      const invite = await tx.superuserInvite.findUnique({ where: { phone } });
      if (invite && invite.appliedAt === null) throw new AppError("ALREADY_SUPERUSER");
      // An invite applied once whose member has since left the club is given again.
      const saved = invite
        ? await tx.superuserInvite.update({ where: { id: invite.id }, data: { appliedAt: null, addedById: actor.id, createdAt: now } })
        : await tx.superuserInvite.create({ data: { phone, addedById: actor.id, createdAt: now } });
      await writeAudit(tx, { actorId: actor.id, action: "superuser.invite", targetType: "SuperuserInvite", targetId: saved.id, data: { phone }, ip: meta.ip, at: now });
      return { invite: saved };
    });
    if (outcome.promoted) {
      // Her connections were opened under the old role.
      sessions.endConnections(outcome.promoted.id);
      const m = outcome.promoted;
      return { id: m.id, fullName: m.fullName, phone: m.phone, email: m.email, createdAt: m.createdAt.toISOString(), pending: false };
    }
    const invite = outcome.invite!;
    return { id: null, fullName: null, phone: invite.phone, email: null, createdAt: invite.createdAt.toISOString(), pending: true };
  }

  return { listSuperusers, addSuperuser };
}

export type SuperusersService = ReturnType<typeof createSuperusersService>;
