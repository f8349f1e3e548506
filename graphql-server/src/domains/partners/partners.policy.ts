import type { User } from "../../generated/prisma/client.js";
import { requireSuperuser } from "../admin/admin.policy.js";

/** A partner as her API key names her (the key's row); never a member. */
export interface PartnerIdentity {
  keyId: number;
  name: string;
}

/** Who asks for sponsor data: a member's session, or a partner's key (never both). */
export interface SponsorDataViewer {
  user: Pick<User, "id" | "role"> | null | undefined;
  partner: PartnerIdentity | null | undefined;
}

/**
 * The sponsor data for partners: a partner's key, or a superuser (who manages the keys and checks
 * what partners see). Anyone else gets the admin refusals: 401 without a session, 403 for a member.
 */
export function requirePartnerOrSuperuser(viewer: SponsorDataViewer) {
  if (viewer.partner) return;
  requireSuperuser(viewer.user);
}
