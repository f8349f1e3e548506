import { Router } from "express";
import { requireMember } from "../lib/http.js";
import type { Services } from "../services.js";

/**
 * 'Avisos' and her notification preferences (issue 29): GET /api/notifications?cursor=,
 * POST /api/notifications/read, GET/PUT /api/user/notification-preferences,
 * POST/DELETE /api/conversations/{id}/notices/mute. The rules are the notifications service's.
 */
export function notificationsRoutes(services: Services) {
  const router = Router();
  const { notifications } = services;
  const body = (req: { body?: unknown }) => (req.body ?? {}) as Record<string, unknown>;

  router.get("/notifications", async (req, res) => {
    res.json(await notifications.list(requireMember(req), req.query.cursor));
  });
  router.post("/notifications/read", async (req, res) => {
    const user = requireMember(req);
    res.json({ success: true, unread: await notifications.markRead(user, body(req)) });
  });

  router.get("/user/notification-preferences", async (req, res) => {
    res.json(await notifications.getPreferences(requireMember(req)));
  });
  router.put("/user/notification-preferences", async (req, res) => {
    const user = requireMember(req);
    res.json(await notifications.updatePreferences(user, req.body));
  });

  router.post("/conversations/:id/notices/mute", async (req, res) => {
    const user = requireMember(req);
    res.json({ success: true, ...(await notifications.muteConversationNotices(user, req.params.id)) });
  });
  router.delete("/conversations/:id/notices/mute", async (req, res) => {
    const user = requireMember(req);
    res.json({ success: true, ...(await notifications.unmuteConversationNotices(user, req.params.id)) });
  });

  return router;
}
