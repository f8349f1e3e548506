import { Router } from "express";
import { requireMember } from "../lib/http.js";
import type { Services } from "../services.js";

/**
 * Her data (issue 30): GET /api/user/consents (the current choice per purpose; `?history=1` the
 * whole history instead), POST /api/user/consents {purpose, granted}, GET /api/user/data-sharing.
 */
export function privacyRoutes(services: Services) {
  const router = Router();
  const { consents, dataSharing } = services;

  router.get("/user/consents", async (req, res) => {
    const answer = await consents.consents(requireMember(req));
    res.json(req.query.history === "1" ? answer.history : answer.current);
  });
  router.post("/user/consents", async (req, res) => {
    const answer = await consents.setConsent(requireMember(req), (req.body ?? {}) as Record<string, unknown>);
    res.json(answer.current);
  });
  router.get("/user/data-sharing", async (req, res) => {
    res.json(await dataSharing.dataSharing(requireMember(req)));
  });

  return router;
}
