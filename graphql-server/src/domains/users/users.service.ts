import { referralCodeFor, type PlanName } from "@clube-coroa/schema";
import type { PrismaClient } from "../../lib/db.js";
import type { User } from "../../generated/prisma/client.js";

/** The signed-in member as both doors answer it (spec part 1 section 7, verify-token's user). */
export interface UserDTO {
  id: number;
  phone: string;
  email: string | null;
  plan: PlanName;
  profileComplete: boolean;
  fullName: string | null;
  nickname: string | null;
  isSuperuser: boolean;
  referralCode: string;
}

export function toUserDTO(user: User): UserDTO {
  return {
    id: user.id,
    phone: user.phone,
    email: user.email,
    plan: user.plan,
    profileComplete: user.profileComplete,
    fullName: user.fullName,
    nickname: user.nickname,
    isSuperuser: user.role === "superuser",
    referralCode: referralCodeFor(user.id),
  };
}

/**
 * Gives the superuser role to the members whose phones are configured (start-up; sign-in does the
 * same for her alone). A role change closes every connection her sessions opened, on every
 * instance, so nothing keeps running under her old rights.
 */
export async function applySuperuserPhones(
  prisma: PrismaClient,
  sessions: { endConnections(userId: number): void },
  phones: string[],
): Promise<number> {
  if (phones.length === 0) return 0;
  const promoted = await prisma.user.updateManyAndReturn({
    where: { phone: { in: phones }, role: "member" },
    data: { role: "superuser" },
    select: { id: true },
  });
  for (const { id } of promoted) sessions.endConnections(id);
  return promoted.length;
}
