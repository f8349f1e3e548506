import { ERROR_TEXTS } from "@clube-coroa/schema";
import { Router, type Request } from "express";
import { AppError } from "../lib/errors.js";
import { idOr, requireMember } from "../lib/http.js";
import type { Services } from "../services.js";

const query = (req: Request, name: string) => (typeof req.query[name] === "string" ? (req.query[name] as string) : undefined);

const idParam = (req: Request) => idOr(req.params.id, () => new AppError("NOT_FOUND", ERROR_TEXTS.offerNotFound));

/** The offers board, likes, community counters and 'Ajustar por IA' (spec part 1 section 7). */
export function offersRoutes(services: Services) {
  const router = Router();
  const { offers } = services;

  router.get("/offers", async (req, res) => {
    const json = await offers.boardArrayJson(
      { type: query(req, "type"), category: query(req, "category"), state: query(req, "location"), q: query(req, "q") },
      req.auth?.user.id,
    );
    res.set("Cache-Control", "no-store").type("application/json").send(json);
  });

  router.post("/offers", async (req, res) => {
    res.status(201).json(await offers.createOffer(requireMember(req), req.body));
  });

  router.put("/offers/:id", async (req, res) => {
    const user = requireMember(req);
    res.json(await offers.updateOffer(user, idParam(req), req.body));
  });

  router.delete("/offers/:id", async (req, res) => {
    const user = requireMember(req);
    res.json(await offers.deleteOffer(user, idParam(req)));
  });

  router.post("/offers/:id/like", async (req, res) => {
    const user = requireMember(req);
    const { totalLikes, liked } = await offers.toggleLike(user, idParam(req));
    res.json({ totalLikes, liked });
  });

  router.get("/user/likes", async (req, res) => {
    res.json(await offers.likedOfferIds(requireMember(req)));
  });

  router.get("/statistics", async (_req, res) => {
    res.set("Cache-Control", "public, max-age=300").json(await offers.communityStats());
  });

  router.post("/improve-text", async (req, res) => {
    res.json(await offers.improveText(requireMember(req), req.body ?? {}));
  });

  return router;
}
