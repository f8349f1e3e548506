import { Router } from "express";
import type { Services } from "../services.js";

/** The invitation page's call (spec part 2 section 7): no session needed. */
export function invitationsRoutes(services: Services) {
  const router = Router();
  router.get("/affiliate/:code", async (req, res) => {
    const ambassador = await services.invitations.ambassadorOf(req.params.code, { ip: req.ip });
    res.json({ success: true, ambassador });
  });
  return router;
}
