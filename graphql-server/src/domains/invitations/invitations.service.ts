import { parseId, userIdFromReferralCode } from "@clube-coroa/schema";
import type { PrismaClient } from "../../lib/db.js";
import { AppError } from "../../lib/errors.js";
import { assertAllowed, type RateLimiter } from "../../lib/rate-limit.js";

export interface InvitationsDeps {
  prisma: PrismaClient;
  /** Lookups per address: a code is a member id, so codes must not be walked quickly. */
  lookupLimiter?: RateLimiter;
}

/** The ambassador of an invitation link, as the invitation page shows her: her names, nothing more. */
export interface Ambassador {
  fullName: string | null;
  nickname: string | null;
}

/** 'Convite Inválido': the code names no member (spec part 2 section 8). */
export const INVALID_INVITATION = "Convite inválido";

/**
 * The invitation page's lookup (`/?id=kc{id}`, spec part 2 sections 2 and 7): open to everyone,
 * counted per address, and answering only the ambassador's names.
 */
export function createInvitationsService(deps: InvitationsDeps) {
  async function ambassadorOf(code: unknown, meta: { ip?: string }): Promise<Ambassador> {
    await assertAllowed(deps.lookupLimiter, meta.ip ?? "unknown");
    const id = typeof code === "string" ? parseId(userIdFromReferralCode(code)) : null;
    if (id === null) throw new AppError("NOT_FOUND", INVALID_INVITATION);
    const member = await deps.prisma.user.findUnique({ where: { id }, select: { fullName: true, nickname: true } });
    if (!member) throw new AppError("NOT_FOUND", INVALID_INVITATION);
    return { fullName: member.fullName, nickname: member.nickname };
  }

  return { ambassadorOf };
}

export type InvitationsService = ReturnType<typeof createInvitationsService>;
