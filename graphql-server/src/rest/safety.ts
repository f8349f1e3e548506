import { ERROR_TEXTS } from "@clube-coroa/schema";
import { Router } from "express";
import { AppError } from "../lib/errors.js";
import { idOr, requireMember } from "../lib/http.js";
import type { Services } from "../services.js";

const memberId = (value: unknown) => idOr(value, () => new AppError("NOT_FOUND", ERROR_TEXTS.memberNotFound));

/**
 * Block, mute and who may start a conversation (issue 27): POST/DELETE /api/users/{id}/block,
 * GET /api/user/blocks, POST/DELETE /api/users/{id}/mute, GET /api/user/mutes,
 * PUT /api/user/conversations-from. The refusals are the safety service's.
 */
export function safetyRoutes(services: Services) {
  const router = Router();
  const { safety } = services;
  const body = (req: { body?: unknown }) => (req.body ?? {}) as Record<string, unknown>;

  router.post("/users/:id/block", async (req, res) => {
    res.json(await safety.block(requireMember(req), memberId(req.params.id)));
  });
  router.delete("/users/:id/block", async (req, res) => {
    res.json(await safety.unblock(requireMember(req), memberId(req.params.id)));
  });
  router.get("/user/blocks", async (req, res) => {
    res.json(await safety.listBlocks(requireMember(req)));
  });

  router.post("/users/:id/mute", async (req, res) => {
    const user = requireMember(req);
    res.json({ success: true, ...(await safety.mute(user, memberId(req.params.id), body(req).days)) });
  });
  router.delete("/users/:id/mute", async (req, res) => {
    res.json(await safety.unmute(requireMember(req), memberId(req.params.id)));
  });
  router.get("/user/mutes", async (req, res) => {
    res.json(await safety.listMutes(requireMember(req)));
  });

  router.put("/user/conversations-from", async (req, res) => {
    const user = requireMember(req);
    res.json({ success: true, ...(await safety.setConversationsFrom(user, body(req).conversationsFrom)) });
  });

  return router;
}
