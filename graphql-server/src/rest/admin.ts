import { Router, type Request } from "express";
import { requireSuperuser } from "../domains/admin/admin.policy.js";
import { requireMember } from "../lib/http.js";
import type { Services } from "../services.js";
import { exportStatusBody, sendExportFile } from "./privacy.js";

const query = (req: Request, name: string) => (typeof req.query[name] === "string" ? (req.query[name] as string) : undefined);
const body = (req: Request) => (req.body ?? {}) as Record<string, unknown>;

/**
 * The staff's calls of spec part 2 section 7 (dashboard, reports, superusers, simple admin). Every
 * route: no session → 401, a member → 403 (whatever `user-id` header she sends), then the service,
 * which checks the same policy again.
 */
export function adminRoutes(services: Services) {
  const router = Router();
  const { adminStats, adminReports, superusers, adminUsers, suspensions, dataExports } = services;
  const staff = (req: Request) => requireSuperuser(requireMember(req));

  router.get("/admin/stats", async (req, res) => {
    const { newUsers, ...counts } = await adminStats.getStats(staff(req));
    res.json({
      totalUsers: counts.totalUsers,
      onlineUsers: counts.onlineUsers,
      totalOffers: counts.totalOffers,
      totalConversations: counts.totalConversations,
      totalMessages: counts.totalMessages,
      totalLikes: counts.totalLikes,
      pendingReports: counts.pendingReports,
      growth: { newUsers },
      connectionsByType: counts.connectionsByType,
      usersByPlan: counts.usersByPlan,
      offersByType: counts.offersByType,
    });
  });

  // A JSON array, newest first; ?status= filters, ?first=&after= page (the next cursor in X-Next-Cursor).
  router.get("/admin/reports", async (req, res) => {
    const page = await adminReports.listReports(staff(req), { status: query(req, "status"), first: query(req, "first"), after: query(req, "after") });
    if (page.nextCursor) res.set("X-Next-Cursor", page.nextCursor);
    // The spec's fields (id, status, reason, createdAt, reportedUser, offer{title, content}) and the contract's.
    res.json(page.items);
  });

  // The spec's {status, adminNotes}, and the dashboard's {reportId, status}; the path names the report.
  router.patch("/admin/reports/:reportId", async (req, res) => {
    const user = staff(req);
    const { status, adminNotes, hideOffer } = body(req);
    const report = await adminReports.updateReportStatus(user, { reportId: req.params.reportId, status, adminNotes, hideOffer }, { ip: req.ip });
    res.json({ success: true, report });
  });

  router.get("/admin/super-users", async (req, res) => {
    res.json(await superusers.listSuperusers(staff(req)));
  });

  router.post("/admin/super-users", async (req, res) => {
    const user = staff(req);
    const { phone, countryCode } = body(req);
    const superUser = await superusers.addSuperuser(user, { phone, countryCode }, { ip: req.ip });
    res.status(201).json({ success: true, superUser });
  });

  router.get("/admin/user/:id", async (req, res) => {
    res.json(await adminUsers.getUser(staff(req), req.params.id));
  });

  router.put("/admin/user/:userId/plan", async (req, res) => {
    const user = staff(req);
    const updated = await adminUsers.changePlan(user, req.params.userId, body(req).plan, { ip: req.ip });
    res.json({ success: true, user: updated });
  });

  // Suspension (issue 27): {reason, days?} with days 7, 30 or absent (until lifted).
  router.post("/admin/users/:id/suspend", async (req, res) => {
    const user = staff(req);
    const { reason, days } = body(req);
    const suspension = await suspensions.suspend(user, req.params.id, { reason, days }, { ip: req.ip });
    res.json({ success: true, suspension });
  });

  router.delete("/admin/users/:id/suspend", async (req, res) => {
    const suspension = await suspensions.lift(staff(req), req.params.id, { ip: req.ip });
    res.json({ success: true, suspension });
  });

  // Her data prepared by the staff for a request made outside the product (issue 30): audited.
  router.post("/admin/users/:id/data-export", async (req, res) => {
    const created = await dataExports.requestForMember(staff(req), req.params.id, { ip: req.ip });
    res.status(202).json({ id: created.id, status: created.status });
  });
  router.get("/admin/data-exports/:id", async (req, res) => {
    res.json(exportStatusBody(await dataExports.status(staff(req), req.params.id)));
  });
  router.get("/admin/data-exports/:id/download", async (req, res) => {
    sendExportFile(res, await dataExports.staffDownload(staff(req), req.params.id, { ip: req.ip }));
  });

  // Paged: ?first=&after=; newest members first.
  router.get("/admin/users-simple", async (req, res) => {
    const page = await adminUsers.listUsers(staff(req), { first: query(req, "first"), after: query(req, "after") });
    res.json({ users: page.items, nextCursor: page.nextCursor });
  });

  return router;
}
