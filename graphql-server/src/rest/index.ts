import express, { Router, type NextFunction, type Request, type Response } from "express";
import { containsNul, ERROR_TEXTS, TEXT_MESSAGES } from "@clube-coroa/schema";
import { AppError, isStorageUnavailable, toAppError } from "../lib/errors.js";
import { nestsDeeperThan } from "../lib/json-nesting.js";
import type { Services } from "../services.js";
import { authRoutes } from "./auth.js";
import { profileRoutes } from "./profile.js";
import { membersRoutes } from "./members.js";
import { offersRoutes } from "./offers.js";
import { conversationsRoutes } from "./conversations.js";
import { reportsRoutes } from "./reports.js";
import { safetyRoutes } from "./safety.js";
import { notificationsRoutes } from "./notifications.js";
import { privacyRoutes } from "./privacy.js";
import { plansRoutes } from "./plans.js";
import { billingRoutes } from "./billing.js";
import { invitationsRoutes } from "./invitations.js";
import { adminRoutes } from "./admin.js";
import { adminExportsRoutes } from "./admin-exports.js";
import { bannersRoutes } from "./banners.js";
import { pushRoutes } from "./push.js";

/** The REST compatibility layer: every /api path of the spec, over the same services as GraphQL. */
export function restApi(services: Services) {
  const api = Router();
  api.use(express.json({ limit: "100kb", type: ["application/json", "text/plain"] }));
  api.use((req, res, next) => {
    res.set("Cache-Control", "no-store");
    // Before anything walks the body: thousands of levels exhaust the stack of a recursive walk.
    if (nestsDeeperThan(req.body)) return next(new AppError("BAD_REQUEST", ERROR_TEXTS.bodyTooDeep));
    // PostgreSQL cannot store NUL: refused at the door, whatever field or filter carries it.
    if (containsNul(req.body) || containsNul(req.query)) return next(new AppError("VALIDATION", TEXT_MESSAGES.invalidCharacters));
    // express.json lets a top-level array through; every route reads an object.
    if (Array.isArray(req.body)) return next(new AppError("BAD_REQUEST", ERROR_TEXTS.bodyNotObject));
    next();
  });
  api.use(authRoutes(services));
  api.use(offersRoutes(services));
  api.use(safetyRoutes(services));
  api.use(profileRoutes(services));
  api.use(privacyRoutes(services));
  api.use(membersRoutes(services));
  api.use(notificationsRoutes(services));
  api.use(conversationsRoutes(services));
  api.use(reportsRoutes(services));
  api.use(plansRoutes(services));
  api.use(billingRoutes(services));
  api.use(invitationsRoutes(services));
  api.use(adminRoutes(services));
  api.use(adminExportsRoutes(services));
  api.use(bannersRoutes(services));
  api.use(pushRoutes(services));
  api.use((_req, _res, next) => next(new AppError("NOT_FOUND", ERROR_TEXTS.routeNotFound)));
  api.use(restErrorHandler(services));
  return api;
}

/**
 * Answers `{ success: false, error, code }` (on /graphql: `{ errors }`) with the error's status;
 * never leaks internals.
 */
export function restErrorHandler(services: Services) {
  return (error: unknown, req: Request, res: Response, _next: NextFunction) => {
    let appError = toAppError(error);
    if (!appError) {
      services.log.error({ err: error, path: req.path }, "unexpected error in REST route");
      appError = new AppError("INTERNAL");
    } else if (appError.code === "UNAVAILABLE") {
      if (isStorageUnavailable(error)) services.log.warn({ path: req.path, err: error.cause }, "uploads storage unavailable: answered 503");
      else services.log.warn({ path: req.path }, "database saturated: answered 503");
    }
    if (res.headersSent) return void res.end();
    if (appError.retryAfterSeconds) res.set("Retry-After", String(appError.retryAfterSeconds));
    // GraphQL clients read `errors`; the door of /graphql refused before GraphQL could answer.
    if (req.originalUrl.startsWith("/graphql")) {
      return void res.status(appError.status).json({ errors: [{ message: appError.message, extensions: { code: appError.code } }] });
    }
    res.status(appError.status).json({
      success: false,
      error: appError.message,
      code: appError.code,
      ...(appError.retryAfterSeconds ? { retryAfterSeconds: appError.retryAfterSeconds } : {}),
      ...(appError.details ?? {}),
    });
  };
}
