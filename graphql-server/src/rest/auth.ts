import { ERROR_TEXTS } from "@clube-coroa/schema";
import { Router, type Request } from "express";
import { z } from "zod";
import { toUserDTO } from "../domains/users/users.service.js";
import { AppError } from "../lib/errors.js";
import { clearSessionCookie, deviceKeyOf, requireMember, setDeviceCookie, setSessionCookie } from "../lib/http.js";
import type { Services } from "../services.js";

const phoneBody = z.object({
  phone: z.union([z.string(), z.number()]).transform(String),
  countryCode: z.string().optional().nullable(),
});
const sendBody = phoneBody.extend({
  recentCode: z.union([z.string(), z.number()]).transform(String).optional().nullable(),
});
const verifyBody = phoneBody.extend({
  token: z.union([z.string(), z.number()]).transform(String),
  referralCode: z.string().optional().nullable(),
});

export function parseBody<T extends z.ZodType>(schema: T, body: unknown): z.infer<T> {
  const parsed = schema.safeParse(body ?? {});
  if (!parsed.success) throw new AppError("BAD_REQUEST", ERROR_TEXTS.dataInvalid);
  return parsed.data;
}

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

/** A request from this machine itself: a loopback peer that no proxy forwarded. */
function fromThisMachine(req: Request) {
  const forwarded = req.get("x-forwarded-for") ?? req.get("forwarded") ?? req.get("x-real-ip");
  return !forwarded && LOOPBACK.test(req.socket.remoteAddress ?? "");
}

/** Sign-in and the session (spec part 1 section 7). */
export function authRoutes(services: Services) {
  const router = Router();
  const meta = (req: Request) => ({
    ip: req.ip,
    userAgent: req.get("user-agent"),
    deviceKey: deviceKeyOf(req),
  });

  router.post("/auth/send-token", async (req, res) => {
    const input = parseBody(sendBody, req.body);
    const { deviceKey, ...result } = await services.auth.sendLoginToken(input, meta(req));
    setDeviceCookie(res, services, deviceKey);
    res.json({ ...result, message: "Token enviado via WhatsApp" });
  });

  router.post("/auth/verify-token", async (req, res) => {
    const input = parseBody(verifyBody, req.body);
    const { user, session } = await services.auth.verifyLoginToken(input, meta(req));
    setSessionCookie(res, services, session.token, session.expiresAt);
    res.json({ success: true, user });
  });

  router.post("/auth/logout", async (req, res) => {
    await services.auth.logout(req.sessionToken);
    clearSessionCookie(res);
    res.json({ success: true });
  });

  router.get("/auth/me", (req, res) => {
    res.json(toUserDTO(requireMember(req)));
  });

  router.get("/user", (req, res) => {
    res.json(toUserDTO(requireMember(req)));
  });

  // Development only: the codes (or, with ?kind=message_notification|all, the notices) the local
  // WhatsApp sender would have delivered to one phone. Sign-in codes are keys to accounts: only a
  // person on this machine (loopback, not through a proxy) may read them, never in production.
  router.get("/dev/outbox", (req, res) => {
    if (!services.devOutbox || !fromThisMachine(req)) throw new AppError("NOT_FOUND", ERROR_TEXTS.routeNotFound);
    const phone = typeof req.query.phone === "string" ? req.query.phone.replace(/\D/g, "") : "";
    if (!phone) throw new AppError("VALIDATION", ERROR_TEXTS.outboxPhoneRequired);
    const kind = req.query.kind === "message_notification" || req.query.kind === "all" ? req.query.kind : "login_code";
    res.json(services.devOutbox.outbox(phone, kind));
  });

  return router;
}
