import type { User } from "../../generated/prisma/client.js";
import { AppError } from "../../lib/errors.js";

/**
 * The one admin rule (spec part 2 section 6, decided on the server from the database): nobody
 * signed in → 401, a member → 403 (whatever header names a superuser), a superuser → allowed.
 * Every admin service function, GraphQL field, REST route and download calls it.
 */
export function requireSuperuser(user: Pick<User, "id" | "role"> | null | undefined): Pick<User, "id" | "role"> {
  if (!user) throw new AppError("UNAUTHENTICATED");
  if (user.role !== "superuser") throw new AppError("FORBIDDEN");
  return user;
}
