import { Router } from "express";
import { requireMember } from "../lib/http.js";
import type { Services } from "../services.js";

/**
 * POST /api/reports (spec part 2 section 7): `{ reason, customReason, offerId, reportedUserId }` or the
 * variant `{ reportedUserId, offerId, reason }`; without offerId, `{ reportedUserId, reason, customReason? }`
 * reports a member and `{ messageId, reason, customReason? }` a message (issue 27). Answers 201 `{ success: true, id }`.
 */
export function reportsRoutes(services: Services) {
  const router = Router();
  const { reports } = services;

  router.post("/reports", async (req, res) => {
    const user = requireMember(req);
    const body = (req.body ?? {}) as Record<string, unknown>;
    const { id } = await reports.createReport(user, {
      offerId: body.offerId,
      reportedUserId: body.reportedUserId,
      messageId: body.messageId,
      reason: body.reason,
      customReason: body.customReason,
    });
    res.status(201).json({ success: true, id });
  });

  return router;
}
