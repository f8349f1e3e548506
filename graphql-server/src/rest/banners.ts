import { ERROR_TEXTS } from "@clube-coroa/schema";
import { Router, type Request } from "express";
import { requireSuperuser } from "../domains/admin/admin.policy.js";
import { AppError } from "../lib/errors.js";
import { requireMember } from "../lib/http.js";
import type { Services } from "../services.js";
import { readUploadedFile } from "./multipart.js";

/**
 * The carousel's banners (spec part 2: GET /api/banners, the image) and the staff's management of
 * them (issue 13: multipart uploads, edits, deletion). Admin routes: no session → 401, a member →
 * 403, then the service, which checks the same policy again.
 */
export function bannersRoutes(services: Services) {
  const router = Router();
  const { banners } = services;
  const staff = (req: Request) => requireSuperuser(requireMember(req));

  // The spec's shape: a bare array of {url, alt, link}, live banners by position.
  router.get("/banners", async (_req, res) => {
    const live = await banners.listLive();
    res.json(live.map(({ url, alt, link }) => ({ url, alt, link })));
  });

  // Public like the carousel; its address carries ?v= (the image's version), so it never changes.
  router.get("/banners/:id/image", async (req, res) => {
    const image = await banners.readImage(req.params.id);
    if (!image) throw new AppError("NOT_FOUND", ERROR_TEXTS.bannerNotFound);
    res.set("Cache-Control", "public, max-age=31536000, immutable");
    res.set("X-Content-Type-Options", "nosniff");
    res.type(image.contentType).send(image.bytes);
  });

  router.post("/admin/banners", async (req, res) => {
    const user = staff(req);
    const { file, fields } = await readUploadedFile(req, "image");
    const banner = await banners.createBanner(user, fields, file, { ip: req.ip });
    res.status(201).json({ success: true, banner });
  });

  router.put("/admin/banners/:id/image", async (req, res) => {
    const user = staff(req);
    const { file } = await readUploadedFile(req, "image");
    const banner = await banners.replaceImage(user, req.params.id, file, { ip: req.ip });
    res.json({ success: true, banner });
  });

  router.patch("/admin/banners/:id", async (req, res) => {
    const user = staff(req);
    const banner = await banners.updateBanner(user, req.params.id, (req.body ?? {}) as Record<string, unknown>, { ip: req.ip });
    res.json({ success: true, banner });
  });

  router.delete("/admin/banners/:id", async (req, res) => {
    await banners.deleteBanner(staff(req), req.params.id, { ip: req.ip });
    res.json({ success: true });
  });

  return router;
}
