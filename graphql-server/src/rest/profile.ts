import { ERROR_TEXTS } from "@clube-coroa/schema";
import { createHash } from "node:crypto";
import { Router, type Request, type Response } from "express";
import type { ImageKind } from "../domains/users/profile-images.js";
import { AppError } from "../lib/errors.js";
import { clearSessionCookie, idOr, requireMember } from "../lib/http.js";
import type { Services } from "../services.js";
import { readUploadedFile } from "./multipart.js";

const idParam = (value: unknown) => idOr(value, () => new AppError("NOT_FOUND", ERROR_TEXTS.memberNotFound));

/** 'Meu Perfil', public profiles, photos, address lookup, referrals, plan cancel and account deletion (spec part 1 section 7). */
export function profileRoutes(services: Services) {
  const router = Router();
  const { profile } = services;

  router.get("/profile", async (req, res) => {
    res.json(await profile.getProfile(requireMember(req)));
  });

  router.put("/profile", async (req, res) => {
    const saved = await profile.updateProfile(requireMember(req), (req.body ?? {}) as Record<string, unknown>);
    res.json({ success: true, profileComplete: saved.profileComplete, profile: saved });
  });

  router.get("/users/:id", async (req, res) => {
    res.json(await profile.publicProfile(requireMember(req), idParam(req.params.id)));
  });

  // Who may see which image is the profile service's rule (readImage). At its current versioned
  // address an image is cached for good (a new upload gets a new address); the bare path and older
  // versions are answered to members only, so they are private, kept briefly and revalidated by ETag.
  const serveImage = (kind: ImageKind) => async (req: Request, res: Response) => {
    const version = typeof req.query.v === "string" ? req.query.v : undefined;
    const image = await profile.readImage(req.auth?.user ?? null, idParam(req.params.userId), kind, version);
    if (!image) throw new AppError("NOT_FOUND", kind === "photo" ? ERROR_TEXTS.photoNotFound : ERROR_TEXTS.bannerNotFound);
    res.set("Cache-Control", image.current ? `${kind === "photo" ? "public" : "private"}, max-age=31536000, immutable` : "private, max-age=300");
    res.set("X-Content-Type-Options", "nosniff");
    // The app does not tag bodies by default (app.set("etag", false)); images are revalidated.
    res.set("ETag", `"${createHash("sha1").update(image.bytes).digest("base64url")}"`);
    res.type(image.contentType).send(image.bytes);
  };
  router.get("/users/:userId/photo", serveImage("photo"));
  router.get("/users/:userId/banner", serveImage("banner"));

  const upload = (kind: ImageKind) => async (req: Request, res: Response) => {
    const user = requireMember(req);
    const { file: bytes } = await readUploadedFile(req);
    const saved = await profile.uploadImage(user, kind, bytes);
    res.json({ success: true, profile: saved, url: kind === "photo" ? saved.profilePhotoUrl : saved.bannerImageUrl });
  };
  router.post("/profile/photo", upload("photo"));
  router.post("/profile/banner", upload("banner"));

  router.get("/address/:cep", async (req, res) => {
    requireMember(req);
    const address = await profile.lookupAddress(String(req.params.cep));
    if (!address) throw new AppError("CEP_NOT_FOUND");
    res.json(address);
  });

  router.get("/user/referral-stats", async (req, res) => {
    res.json(await profile.referralStats(requireMember(req)));
  });

  router.delete("/user/delete", async (req, res) => {
    await profile.deleteAccount(requireMember(req));
    clearSessionCookie(res);
    res.json({ success: true });
  });

  return router;
}
