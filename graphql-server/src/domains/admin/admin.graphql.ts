import { REPORT_STATUSES } from "@clube-coroa/schema";
import { builder } from "../../builder.js";
import { AppError } from "../../lib/errors.js";
import { PlanEnum } from "../users/users.graphql.js";
import type { AdminUserDTO } from "./admin-users.service.js";
import type { AuditEntryDTO } from "./audit.js";
import type { AdminReportDTO } from "./reports-admin.service.js";
import type { AdminStats } from "./stats.service.js";
import type { SuperUserDTO } from "./superusers.service.js";
import type { SuspensionDTO } from "./suspensions.service.js";

// Staff tools (issue 12, /work/briefs/admin-contract.graphql). Every field is superuser-only:
// scope-auth here, and requireSuperuser in each service function (the REST door calls the same).

const CountsByOfferType = builder.objectRef<AdminStats["offersByType"]>("CountsByOfferType").implement({
  fields: (t) => ({ collab: t.exposeInt("collab"), permuta: t.exposeInt("permuta"), apoio: t.exposeInt("apoio") }),
});

const CountsByPlan = builder.objectRef<AdminStats["usersByPlan"]>("CountsByPlan").implement({
  fields: (t) => ({
    nobreza: t.exposeInt("nobreza"),
    alteza: t.exposeInt("alteza"),
    majestade: t.exposeInt("majestade"),
    imperatriz: t.exposeInt("imperatriz"),
  }),
});

const AdminStatsRef = builder.objectRef<AdminStats>("AdminStats").implement({
  description: "The admin dashboard's 'Métricas Gerais' and breakdowns.",
  fields: (t) => ({
    totalUsers: t.exposeInt("totalUsers"),
    onlineUsers: t.exposeInt("onlineUsers"),
    totalOffers: t.exposeInt("totalOffers", { description: "Every offer, hidden ones included." }),
    totalConversations: t.exposeInt("totalConversations"),
    totalMessages: t.exposeInt("totalMessages"),
    totalLikes: t.exposeInt("totalLikes"),
    pendingReports: t.exposeInt("pendingReports"),
    newUsers: t.exposeInt("newUsers", { description: "Joined in the last 30 days of São Paulo's calendar, today included." }),
    connectionsByType: t.field({
      type: CountsByOfferType,
      description: "Conversations by their offer's type.",
      resolve: (s) => s.connectionsByType,
    }),
    usersByPlan: t.field({ type: CountsByPlan, resolve: (s) => s.usersByPlan }),
    offersByType: t.field({ type: CountsByOfferType, resolve: (s) => s.offersByType }),
  }),
});

export const ReportStatusEnum = builder.enumType("ReportStatus", { values: REPORT_STATUSES });
const ReportKindEnum = builder.enumType("ReportKind", { values: ["offer", "member", "message"] as const, description: "What a report is about." });

const AdminReportMessage = builder.objectRef<NonNullable<AdminReportDTO["reportedMessage"]>>("AdminReportMessage").implement({
  description: "The copy of a reported message taken when it was reported (kept when the message is deleted).",
  fields: (t) => ({
    id: t.exposeInt("id", { nullable: true, description: "Null once the message was deleted." }),
    content: t.exposeString("content"),
    sentAt: t.exposeString("sentAt", { description: "ISO 8601, UTC." }),
  }),
});

const SuspensionRef = builder.objectRef<SuspensionDTO>("Suspension").implement({
  description: "A member's suspension by the staff (issue 27).",
  fields: (t) => ({
    userId: t.exposeInt("userId"),
    suspended: t.exposeBoolean("suspended"),
    suspendedAt: t.exposeString("suspendedAt", { nullable: true }),
    suspendedUntil: t.exposeString("suspendedUntil", { nullable: true, description: "Null while suspended: until lifted." }),
    reason: t.exposeString("reason", { nullable: true }),
  }),
});

const AdminReportUser = builder.objectRef<NonNullable<AdminReportDTO["reportedUser"]>>("AdminReportUser").implement({
  fields: (t) => ({ id: t.exposeInt("id"), fullName: t.exposeString("fullName", { nullable: true }), phone: t.exposeString("phone") }),
});

const AdminReportOffer = builder.objectRef<NonNullable<AdminReportDTO["offer"]>>("AdminReportOffer").implement({
  fields: (t) => ({
    id: t.exposeInt("id"),
    title: t.exposeString("title"),
    content: t.exposeString("content", { description: "The offer's description." }),
    hidden: t.exposeBoolean("hidden", { description: "Taken off the board by the staff." }),
    underReview: t.exposeBoolean("underReview", { description: "Off the board while enough members' reports are open (REPORTS_TO_HIDE)." }),
  }),
});

const AdminReportRef = builder.objectRef<AdminReportDTO>("AdminReport").implement({
  description: "A member's report of an offer, a member or a message, as the staff see it.",
  fields: (t) => ({
    id: t.exposeInt("id"),
    kind: t.field({ type: ReportKindEnum, resolve: (r) => r.kind }),
    reportedMessage: t.field({ type: AdminReportMessage, nullable: true, resolve: (r) => r.reportedMessage }),
    openOnTarget: t.exposeInt("openOnTarget", { description: "Pending reports of the same target (this one included): the queue groups by target." }),
    status: t.field({ type: ReportStatusEnum, resolve: (r) => r.status }),
    reason: t.exposeString("reason", { description: "spam, inappropriate, fake, scam, harassment or other." }),
    customReason: t.exposeString("customReason", { nullable: true }),
    adminNotes: t.exposeString("adminNotes", { nullable: true }),
    createdAt: t.exposeString("createdAt"),
    resolvedAt: t.exposeString("resolvedAt", { nullable: true }),
    reportedUser: t.field({ type: AdminReportUser, nullable: true, resolve: (r) => r.reportedUser }),
    offer: t.field({ type: AdminReportOffer, nullable: true, resolve: (r) => r.offer }),
  }),
});

const AdminReportPage = builder.objectRef<{ items: AdminReportDTO[]; nextCursor: string | null }>("AdminReportPage").implement({
  fields: (t) => ({
    items: t.field({ type: [AdminReportRef], resolve: (p) => p.items }),
    nextCursor: t.exposeString("nextCursor", { nullable: true }),
  }),
});

const SuperUserRef = builder.objectRef<SuperUserDTO>("SuperUser").implement({
  fields: (t) => ({
    id: t.exposeInt("id", { nullable: true }),
    fullName: t.exposeString("fullName", { nullable: true }),
    phone: t.exposeString("phone"),
    email: t.exposeString("email", { nullable: true }),
    createdAt: t.exposeString("createdAt"),
    pending: t.exposeBoolean("pending", { description: "True: a phone added before she has an account; applied at her first sign-in." }),
  }),
});

const AdminUserRef = builder.objectRef<AdminUserDTO>("AdminUser").implement({
  fields: (t) => ({
    id: t.exposeInt("id"),
    fullName: t.exposeString("fullName", { nullable: true }),
    nickname: t.exposeString("nickname", { nullable: true }),
    phone: t.exposeString("phone"),
    email: t.exposeString("email", { nullable: true }),
    city: t.exposeString("city", { nullable: true }),
    plan: t.field({ type: PlanEnum, resolve: (u) => u.plan }),
    suspension: t.field({ type: SuspensionRef, resolve: (u) => u.suspension }),
  }),
});

const AdminUserPage = builder.objectRef<{ items: AdminUserDTO[]; nextCursor: string | null }>("AdminUserPage").implement({
  fields: (t) => ({
    items: t.field({ type: [AdminUserRef], resolve: (p) => p.items }),
    nextCursor: t.exposeString("nextCursor", { nullable: true }),
  }),
});

const AuditActor = builder.objectRef<NonNullable<AuditEntryDTO["actor"]>>("AuditActor").implement({
  fields: (t) => ({ id: t.exposeInt("id"), fullName: t.exposeString("fullName", { nullable: true }), phone: t.exposeString("phone") }),
});

const AuditEntry = builder.objectRef<AuditEntryDTO>("AuditEntry").implement({
  description: "One admin action (or plan change): who, what, on what, when and from which address.",
  fields: (t) => ({
    id: t.exposeInt("id"),
    action: t.exposeString("action"),
    actor: t.field({ type: AuditActor, nullable: true, resolve: (e) => e.actor }),
    targetType: t.exposeString("targetType", { nullable: true }),
    targetId: t.exposeString("targetId", { nullable: true }),
    data: t.exposeString("data", { nullable: true, description: "JSON text." }),
    ip: t.exposeString("ip", { nullable: true }),
    createdAt: t.exposeString("createdAt"),
  }),
});

const AuditPage = builder.objectRef<{ items: AuditEntryDTO[]; nextCursor: string | null }>("AuditPage").implement({
  fields: (t) => ({
    items: t.field({ type: [AuditEntry], resolve: (p) => p.items }),
    nextCursor: t.exposeString("nextCursor", { nullable: true }),
  }),
});

const staff = { superuser: true } as const;

builder.queryField("adminStats", (t) =>
  t.field({ type: AdminStatsRef, authScopes: staff, resolve: (_root, _args, ctx) => ctx.services.adminStats.getStats(ctx.user) }),
);

builder.queryField("adminReports", (t) =>
  t.field({
    type: AdminReportPage,
    authScopes: staff,
    description: "Abuse reports, newest first.",
    args: {
      status: t.arg({ type: ReportStatusEnum, required: false }),
      first: t.arg.int({ required: false, defaultValue: 50 }),
      after: t.arg.string({ required: false }),
    },
    resolve: (_root, args, ctx) => ctx.services.adminReports.listReports(ctx.user, args),
  }),
);

builder.queryField("superUsers", (t) =>
  t.field({ type: [SuperUserRef], authScopes: staff, resolve: (_root, _args, ctx) => ctx.services.superusers.listSuperusers(ctx.user) }),
);

builder.queryField("adminUser", (t) =>
  t.field({
    type: AdminUserRef,
    authScopes: staff,
    args: { id: t.arg.int({ required: true }) },
    errors: { types: [AppError], directResult: true, union: { name: "AdminUserResult" } },
    resolve: (_root, { id }, ctx) => ctx.services.adminUsers.getUser(ctx.user, id),
  }),
);

builder.queryField("adminUsers", (t) =>
  t.field({
    type: AdminUserPage,
    authScopes: staff,
    description: "Members, newest first.",
    args: { first: t.arg.int({ required: false, defaultValue: 50 }), after: t.arg.string({ required: false }) },
    resolve: (_root, args, ctx) => ctx.services.adminUsers.listUsers(ctx.user, args),
  }),
);

builder.queryField("auditLog", (t) =>
  t.field({
    type: AuditPage,
    authScopes: staff,
    description: "The latest admin actions, newest first.",
    args: { first: t.arg.int({ required: false, defaultValue: 20 }), after: t.arg.string({ required: false }) },
    resolve: (_root, args, ctx) => ctx.services.auditLog.listAudit(ctx.user, args),
  }),
);

builder.mutationField("updateReportStatus", (t) =>
  t.field({
    type: AdminReportRef,
    authScopes: staff,
    description: "Resolver or Descartar a pending report; resolving with hideOffer takes the offer off the board.",
    args: {
      reportId: t.arg.int({ required: true }),
      status: t.arg({ type: ReportStatusEnum, required: true }),
      adminNotes: t.arg.string({ required: false }),
      hideOffer: t.arg.boolean({ required: false }),
    },
    errors: { types: [AppError], directResult: true, union: { name: "UpdateReportStatusResult" } },
    resolve: (_root, args, ctx) => ctx.services.adminReports.updateReportStatus(ctx.user, args, { ip: ctx.meta.ip }),
  }),
);

builder.mutationField("addSuperUser", (t) =>
  t.field({
    type: SuperUserRef,
    authScopes: staff,
    args: { phone: t.arg.string({ required: true }) },
    errors: { types: [AppError], directResult: true, union: { name: "AddSuperUserResult" } },
    resolve: (_root, { phone }, ctx) => ctx.services.superusers.addSuperuser(ctx.user, { phone }, { ip: ctx.meta.ip }),
  }),
);

builder.mutationField("adminChangePlan", (t) =>
  t.field({
    type: AdminUserRef,
    authScopes: staff,
    args: { userId: t.arg.int({ required: true }), plan: t.arg({ type: PlanEnum, required: true }) },
    errors: { types: [AppError], directResult: true, union: { name: "AdminChangePlanResult" } },
    resolve: (_root, { userId, plan }, ctx) => ctx.services.adminUsers.changePlan(ctx.user, userId, plan, { ip: ctx.meta.ip }),
  }),
);

builder.mutationField("suspendMember", (t) =>
  t.field({
    type: SuspensionRef,
    authScopes: staff,
    description: "Suspends a member for 7 or 30 days, or until lifted (days omitted): her sessions and sockets end on every instance, sign-in refuses her, her offers leave the board.",
    args: { userId: t.arg.int({ required: true }), reason: t.arg.string({ required: true }), days: t.arg.int({ required: false }) },
    errors: { types: [AppError], directResult: true, union: { name: "SuspendMemberResult" } },
    resolve: (_root, { userId, reason, days }, ctx) => ctx.services.suspensions.suspend(ctx.user, userId, { reason, days }, { ip: ctx.meta.ip }),
  }),
);

builder.mutationField("liftSuspension", (t) =>
  t.field({
    type: SuspensionRef,
    authScopes: staff,
    args: { userId: t.arg.int({ required: true }) },
    errors: { types: [AppError], directResult: true, union: { name: "LiftSuspensionResult" } },
    resolve: (_root, { userId }, ctx) => ctx.services.suspensions.lift(ctx.user, userId, { ip: ctx.meta.ip }),
  }),
);

builder.subscriptionField("adminStatsChanged", (t) =>
  t.field({
    type: AdminStatsRef,
    authScopes: staff,
    description: "Fresh counts when they may have changed, at most every 2 s.",
    subscribe: (_root, _args, ctx) => ctx.services.adminStats.changes(ctx.user),
    resolve: (stats: AdminStats) => stats,
  }),
);

builder.subscriptionField("reportAdded", (t) =>
  t.field({
    type: AdminReportRef,
    authScopes: staff,
    description: "A member's new report.",
    subscribe: (_root, _args, ctx) => ctx.services.adminReports.added(ctx.user),
    resolve: (report: AdminReportDTO) => report,
  }),
);
