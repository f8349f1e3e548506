import type { User } from "./generated/prisma/client.js";
import type { SignInMeta } from "./domains/auth/auth.service.js";
import type { Services } from "./services.js";
import type { PartnerIdentity } from "./domains/partners/partners.policy.js";

/** What every GraphQL resolver gets: the services, and who is asking according to the session. */
export interface GraphQLContext {
  services: Services;
  /** The member of the session cookie; null when anonymous. Never taken from a header. */
  user: User | null;
  /** The partner of a Bearer API key (/graphql over HTTP only); such a request never has a `user`. */
  partner: PartnerIdentity | null;
  sessionToken?: string;
  meta: SignInMeta;
  /** Over HTTP these set or clear the session and device cookies; over WebSocket they do nothing. */
  setSessionCookie(token: string, expiresAt: Date): void;
  clearSessionCookie(): void;
  setDeviceCookie(key: string): void;
}
