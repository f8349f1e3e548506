import type { NextFunction, Request, Response } from "express";
import { parse as parseCookie } from "cookie";
import type { IncomingMessage } from "node:http";
import type { Config } from "../config.js";
import type { User } from "../generated/prisma/client.js";
import { parseId } from "@clube-coroa/schema";
import { AppError } from "./errors.js";

/** The httpOnly cookie that holds a member's session token. */
export const SESSION_COOKIE = "coroa_session";

/** Who a request's session says is asking (the session store resolves it). */
export interface SessionIdentity {
  sessionId: number;
  user: User;
  expiresAt: Date;
  /** True when this request renewed the session, so the cookie should be sent again. */
  renewed: boolean;
}

/** What the HTTP helpers need: the settings that decide cookie attributes and own origins. */
export interface HttpDeps {
  config: Pick<Config, "NODE_ENV" | "PUBLIC_URL">;
}

declare module "express-serve-static-core" {
  interface Request {
    auth?: SessionIdentity | null;
    sessionToken?: string;
  }
}

export const sessionTokenOf = (req: IncomingMessage) => parseCookie(req.headers.cookie ?? "")[SESSION_COOKIE] || undefined;

/**
 * The login device key: a random cookie that lets sign-in tell her browser from a stranger's, so
 * that nobody else's requests can void her code or use up her limits (docs/decisions/0003-sign-in-token-otp-policy.md).
 */
const DEVICE_COOKIE = "coroa_device";
// The longest browsers keep a cookie; renewed each time the device asks for a code.
const DEVICE_COOKIE_MAX_AGE_MS = 400 * 24 * 60 * 60 * 1000;
const DEVICE_KEY_SHAPE = /^[A-Za-z0-9_-]{32,128}$/;

export function deviceKeyOf(req: IncomingMessage): string | undefined {
  const key = parseCookie(req.headers.cookie ?? "")[DEVICE_COOKIE];
  return key && DEVICE_KEY_SHAPE.test(key) ? key : undefined;
}

const cookieOptions = ({ config }: HttpDeps) =>
  ({
    httpOnly: true,
    sameSite: "lax",
    secure: config.NODE_ENV === "production" || config.PUBLIC_URL?.startsWith("https:") === true,
    path: "/",
  }) as const;

export function setSessionCookie(res: Response, deps: HttpDeps, token: string, expiresAt: Date) {
  res.cookie(SESSION_COOKIE, token, { ...cookieOptions(deps), expires: expiresAt });
}

export function setDeviceCookie(res: Response, deps: HttpDeps, key: string) {
  res.cookie(DEVICE_COOKIE, key, { ...cookieOptions(deps), maxAge: DEVICE_COOKIE_MAX_AGE_MS });
}

export function clearSessionCookie(res: Response) {
  res.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: "lax", path: "/" });
}

/**
 * Identity for /api and /graphql: the session cookie alone says who is asking. The legacy
 * `user-id` header is only compared with it: a different id is refused with 403.
 */
export function identity(deps: HttpDeps & { sessions: { resolve(token: string | undefined): Promise<SessionIdentity | null> } }) {
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      const token = sessionTokenOf(req);
      req.sessionToken = token;
      req.auth = await deps.sessions.resolve(token);
      if (req.auth?.renewed && token) setSessionCookie(res, deps, token, req.auth.expiresAt);
      const claimed = req.get("user-id");
      if (claimed !== undefined && claimed !== "" && req.auth && claimed.trim() !== String(req.auth.user.id)) {
        throw new AppError("USER_ID_MISMATCH");
      }
      next();
    } catch (error) {
      next(error);
    }
  };
}

/** A path or body id (parseId), or the resource's 'not found' when it is none. */
export function idOr(value: unknown, notFound: () => AppError): number {
  const id = parseId(value);
  if (id === null) throw notFound();
  return id;
}

/** Refuses with 401 when the request carries no valid session, whatever its headers say. */
export function requireMember(req: Request) {
  if (!req.auth) throw new AppError("UNAUTHENTICATED");
  return req.auth.user;
}

/** The request's own origin as the browser sees it. */
function ownOrigins(req: IncomingMessage, publicUrl?: string): string[] {
  const origins: string[] = [];
  if (publicUrl) origins.push(new URL(publicUrl).origin);
  const host = req.headers.host;
  if (host) origins.push(`http://${host}`, `https://${host}`);
  return origins;
}

/**
 * Cookie sessions need CSRF protection: a state-changing request (or a WebSocket upgrade) whose
 * Origin names another site, or that the browser marks cross-site, is refused.
 */
export function isCrossSite(req: IncomingMessage, publicUrl?: string): boolean {
  const origin = req.headers.origin;
  if (origin && origin !== "null") return !ownOrigins(req, publicUrl).includes(origin);
  if (origin === "null") return true;
  return req.headers["sec-fetch-site"] === "cross-site";
}

export function csrfGuard({ config }: HttpDeps) {
  return (req: Request, _res: Response, next: NextFunction) => {
    const safe = req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS";
    if (!safe && isCrossSite(req, config.PUBLIC_URL)) return next(new AppError("CSRF"));
    next();
  };
}
