import { Router, type Request } from "express";
import { ERROR_TEXTS } from "@clube-coroa/schema";
import { AppError } from "../lib/errors.js";
import { requireMember } from "../lib/http.js";
import type { Services } from "../services.js";

/** One text parameter; repeated (?q=a&q=b) it is refused rather than guessed. */
function text(req: Request, name: string): string | undefined {
  const value = req.query[name];
  if (value === undefined || typeof value === "string") return value;
  throw new AppError("VALIDATION", ERROR_TEXTS.filterInvalid);
}

/** 'Parceiras', the members directory (issue 28, record 0266): GET /api/members?q=&activity=&interest=&state=&first=&after= */
export function membersRoutes(services: Services) {
  const router = Router();
  const { members } = services;

  router.get("/members", async (req, res) => {
    const user = requireMember(req);
    const first = text(req, "first");
    const count = first === undefined ? undefined : Number(first);
    if (count !== undefined && !Number.isInteger(count)) throw new AppError("VALIDATION", ERROR_TEXTS.filterInvalid);
    const page = await members.directory(
      user,
      { q: text(req, "q"), activity: text(req, "activity"), interest: text(req, "interest"), state: text(req, "state") },
      { first: count, after: text(req, "after") },
    );
    res.json({ members: page.items.map((item) => item.member), endCursor: page.endCursor, hasNextPage: page.hasNextPage });
  });

  return router;
}
