import { ERROR_TEXTS } from "@clube-coroa/schema";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { Router, type Request, type Response } from "express";
import type { Download } from "../domains/admin/exports.js";
import { requireSuperuser } from "../domains/admin/admin.policy.js";
import { AppError } from "../lib/errors.js";
import { requireMember } from "../lib/http.js";
import type { Services } from "../services.js";

/**
 * `attachment` with the name twice: quoted ASCII for old clients and RFC 5987 `filename*` (UTF-8,
 * percent-encoded), so 'Clube Coroa-users-….xlsx' keeps its space and any accent.
 */
export function contentDisposition(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/**
 * Sends a file: headers first, then the stream. A failure before the first byte answers the usual
 * `{ error, code }`; after it, the connection is cut so the browser reports a failed download
 * rather than keeping a truncated file that looks complete.
 */
async function send(services: Services, req: Request, res: Response, download: Download) {
  res.status(200);
  res.set({ "Content-Type": download.contentType, "Content-Disposition": contentDisposition(download.fileName) });
  try {
    await download.write(res);
  } catch (error) {
    services.log.warn({ err: error, path: req.path, fileName: download.fileName }, "download not finished");
    if (!res.headersSent && !res.destroyed) throw error;
    res.destroy();
  }
}

const FORMATS = ["json", "csv"] as const;

/**
 * The staff's data (spec part 2 section 7), superusers only:
 * - GET /api/admin/sponsor-users?region=&businessType=&serviceType=&profile=&age= → the JSON array
 *   of sponsor rows (streamed a batch at a time); `&format=csv` → `sponsor-data-YYYY-MM-DD.csv`.
 * - GET /api/admin/users-download → `{product}-users-YYYY-MM-DD.xlsx`.
 */
export function adminExportsRoutes(services: Services) {
  const router = Router();
  const { sponsors, exports } = services;

  router.get("/admin/sponsor-users", async (req, res) => {
    const user = requireSuperuser(requireMember(req));
    const format = req.query.format ?? "json";
    if (typeof format !== "string" || !(FORMATS as readonly string[]).includes(format)) {
      throw new AppError("VALIDATION", ERROR_TEXTS.exportFormatInvalid);
    }
    if (format === "csv") return send(services, req, res, await exports.sponsorCsv(user, req.query, { ip: req.ip }));
    const { batches } = sponsors.sponsorRowBatches(user, req.query);
    // Read before answering, so a failing database gets its error status rather than a cut list.
    const head = await batches.next();
    const body = Readable.from(
      (async function* () {
        let separator = "";
        yield "[";
        const all = async function* () {
          if (!head.done) yield head.value;
          yield* batches;
        };
        for await (const rows of all()) {
          // One chunk per batch: a thousand small writes would each cost a trip through the stream.
          if (rows.length) yield separator + rows.map((row) => JSON.stringify(row)).join(",");
          separator = ",";
        }
        yield "]";
      })(),
    );
    res.type("application/json");
    try {
      await pipeline(body, res);
    } catch (error) {
      services.log.warn({ err: error, path: req.path }, "sponsor list not finished");
      res.destroy();
    }
  });

  router.get("/admin/users-download", async (req, res) => {
    const user = requireSuperuser(requireMember(req));
    await send(services, req, res, await exports.usersXlsx(user, { ip: req.ip }));
  });

  return router;
}
