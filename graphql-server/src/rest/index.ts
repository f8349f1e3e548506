import express, { Router, type NextFunction, type Request, type Response } from "express";
import { ERROR_MESSAGES } from "@clube-coroa/schema";
import { AppError, isAppError } from "../lib/errors.js";
import type { Services } from "../services.js";
import { authRoutes } from "./auth.js";
import { profileRoutes } from "./profile.js";
import { offersRoutes } from "./offers.js";
import { conversationsRoutes } from "./conversations.js";
import { reportsRoutes } from "./reports.js";

/** The REST compatibility layer: every /api path of the spec, over the same services as GraphQL. */
export function restApi(services: Services) {
  const api = Router();
  api.use(express.json({ limit: "100kb", type: ["application/json", "text/plain"] }));
  api.use((_req, res, next) => {
    res.set("Cache-Control", "no-store");
    next();
  });
  api.use(authRoutes(services));
  api.use(offersRoutes(services));
  api.use(profileRoutes(services));
  api.use(conversationsRoutes(services));
  api.use(reportsRoutes(services));
  api.use((_req, _res, next) => next(new AppError("NOT_FOUND", "Rota não encontrada")));
  api.use(restErrorHandler(services));
  return api;
}

/** Answers `{ success: false, error, code }` with the error's status; never leaks internals. */
export function restErrorHandler(services: Services) {
  return (error: unknown, req: Request, res: Response, _next: NextFunction) => {
    let appError: AppError;
    if (isAppError(error)) appError = error;
    else if ((error as { type?: string }).type === "entity.too.large") appError = new AppError("PAYLOAD_TOO_LARGE");
    else if ((error as { type?: string }).type === "entity.parse.failed") {
      appError = new AppError("BAD_REQUEST", "Corpo da requisição não é um JSON válido");
    } else {
      services.log.error({ err: error, path: req.path }, "unexpected error in REST route");
      appError = new AppError("INTERNAL", ERROR_MESSAGES.INTERNAL);
    }
    if (appError.retryAfterSeconds) res.set("Retry-After", String(appError.retryAfterSeconds));
    res.status(appError.status).json({
      success: false,
      error: appError.message,
      code: appError.code,
      ...(appError.retryAfterSeconds ? { retryAfterSeconds: appError.retryAfterSeconds } : {}),
      ...(appError.details ?? {}),
    });
  };
}
