import { Router } from "express";
import { requireMember } from "../lib/http.js";
import type { Services } from "../services.js";

/**
 * Web Push (issue 29): GET /api/push/public-key (anyone: the key is public), and her browser's
 * subscription: POST /api/push/subscriptions {endpoint, keys: {p256dh, auth}}, DELETE
 * /api/push/subscriptions {endpoint} (only hers). The rules are the push service's.
 */
export function pushRoutes(services: Services) {
  const router = Router();
  const { push } = services;
  const body = (req: { body?: unknown }) => (req.body ?? {}) as Record<string, unknown>;

  router.get("/push/public-key", (_req, res) => {
    res.json(push.publicKey());
  });
  router.post("/push/subscriptions", async (req, res) => {
    const user = requireMember(req);
    res.status(201).json(await push.subscribe(user.id, body(req), req.get("user-agent")));
  });
  router.delete("/push/subscriptions", async (req, res) => {
    const user = requireMember(req);
    res.json(await push.unsubscribe(user.id, body(req).endpoint));
  });
  return router;
}
