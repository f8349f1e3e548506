import { Router, type Response } from "express";
import type { DataExportDTO, DataExportFile } from "../domains/privacy/data-export.dto.js";
import { requireMember } from "../lib/http.js";
import type { Services } from "../services.js";

/** What GET …/data-export/{id} answers: the state, its progress, and the link while it works. */
export const exportStatusBody = (dto: DataExportDTO) => ({
  id: dto.id,
  status: dto.status,
  progress: dto.progress,
  createdAt: dto.createdAt,
  readyAt: dto.readyAt,
  expiresAt: dto.expiresAt,
  expired: dto.expired,
  downloadUrl: dto.downloadUrl,
});

/** The zip of her data as an attachment no proxy or browser cache keeps (record 0290). */
export function sendExportFile(res: Response, file: DataExportFile) {
  res.status(200).set({
    "Content-Type": "application/zip",
    "Content-Disposition": `attachment; filename="${file.fileName}"`,
    "Content-Length": String(file.bytes.length),
    "Cache-Control": "private, no-store, max-age=0",
    Pragma: "no-cache",
    Expires: "0",
  });
  res.end(file.bytes);
}

/**
 * Her data (issue 30): GET /api/user/consents (the current choice per purpose; `?history=1` the
 * whole history instead), POST /api/user/consents {purpose, granted}, GET /api/user/data-sharing;
 * 'Baixar meus dados': POST /api/user/data-export → 202 {id, status} (429 within a day of the last
 * request, saying when), GET /api/user/data-export/{id} → {status, progress, …}, GET
 * /api/user/data-export/{id}/download → the zip (404 for anyone else's id, 410 after 24 hours).
 */
export function privacyRoutes(services: Services) {
  const router = Router();
  const { consents, dataSharing, dataExports } = services;

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

  router.post("/user/data-export", async (req, res) => {
    const created = await dataExports.request(requireMember(req));
    res.status(202).json({ id: created.id, status: created.status });
  });
  router.get("/user/data-export/:id", async (req, res) => {
    res.json(exportStatusBody(await dataExports.status(requireMember(req), req.params.id)));
  });
  router.get("/user/data-export/:id/download", async (req, res) => {
    sendExportFile(res, await dataExports.download(requireMember(req), req.params.id));
  });

  return router;
}
