import { CONSENT_PURPOSES } from "@clube-coroa/schema";
import { builder, requireUser } from "../../builder.js";
import { AppError } from "../../lib/errors.js";
import type { ConsentDTO, ConsentHistoryDTO, ConsentsDTO } from "./consents.service.js";
import type { DataShareDTO } from "./data-sharing.service.js";
import type { DataExportDTO } from "./data-export.dto.js";

export const ConsentPurposeEnum = builder.enumType("ConsentPurpose", {
  description: "terms, privacy, lgpd (cannot be withdrawn while the account exists), sponsors (= shareWithSponsors), whatsapp (= whatsappNotificationsEnabled), push.",
  values: CONSENT_PURPOSES,
});

const ConsentRef = builder.objectRef<ConsentDTO>("Consent").implement({
  description: "Her current choice for one purpose: the version of the text she answered, when and where.",
  fields: (t) => ({
    purpose: t.field({ type: ConsentPurposeEnum, resolve: (c) => c.purpose }),
    granted: t.exposeBoolean("granted"),
    version: t.exposeString("version"),
    at: t.exposeString("at", { nullable: true, description: "null for a choice made before consents were recorded (source 'migração')." }),
    source: t.exposeString("source", { description: "perfil, meus-dados, notificacoes-push or migração." }),
  }),
});

const ConsentEventRef = builder.objectRef<ConsentHistoryDTO>("ConsentEvent").implement({
  fields: (t) => ({
    purpose: t.field({ type: ConsentPurposeEnum, resolve: (c) => c.purpose }),
    granted: t.exposeBoolean("granted"),
    version: t.exposeString("version"),
    at: t.exposeString("at"),
    source: t.exposeString("source"),
  }),
});

const ConsentsRef = builder.objectRef<ConsentsDTO>("Consents").implement({
  fields: (t) => ({
    current: t.field({ type: [ConsentRef], resolve: (c) => c.current }),
    history: t.field({ type: [ConsentEventRef], description: "Every change, newest first.", resolve: (c) => c.history }),
    pending: t.field({
      type: [ConsentPurposeEnum],
      description: "Purposes she granted whose text has a newer version: the web asks her to accept it ('Atualizamos …').",
      resolve: (c) => c.pending,
    }),
  }),
});

const DataShareRef = builder.objectRef<DataShareDTO>("DataShare").implement({
  description: "A partner's or the staff's reads of her data on one day (São Paulo).",
  fields: (t) => ({
    recipient: t.exposeString("recipient"),
    kind: t.exposeString("kind", { description: "partner or staff." }),
    day: t.exposeString("day", { description: "YYYY-MM-DD" }),
    fields: t.exposeStringList("fields"),
    count: t.exposeInt("count"),
  }),
});

builder.queryField("myConsents", (t) =>
  t.field({
    type: ConsentsRef,
    authScopes: { member: true },
    resolve: (_root, _args, ctx) => ctx.services.consents.consents(requireUser(ctx)),
  }),
);

builder.queryField("myDataSharing", (t) =>
  t.field({
    type: [DataShareRef],
    authScopes: { member: true },
    description: "'Quem viu meus dados': partner reads and staff exports of her rows, newest day first.",
    resolve: (_root, _args, ctx) => ctx.services.dataSharing.dataSharing(requireUser(ctx)),
  }),
);

builder.mutationField("setConsent", (t) =>
  t.field({
    type: ConsentsRef,
    args: { purpose: t.arg({ type: ConsentPurposeEnum, required: true }), granted: t.arg.boolean({ required: true }) },
    errors: { types: [AppError], directResult: true, union: { name: "SetConsentResult" } },
    resolve: (_root, { purpose, granted }, ctx) => ctx.services.consents.setConsent(requireUser(ctx), { purpose, granted }),
  }),
);

const DataExportRef = builder.objectRef<DataExportDTO>("DataExport").implement({
  description: "'Baixar meus dados': the zip of her data, prepared in the background.",
  fields: (t) => ({
    id: t.exposeString("id"),
    status: t.exposeString("status", { description: "queued, running, ready or failed." }),
    progress: t.exposeInt("progress", { description: "0–100." }),
    createdAt: t.exposeString("createdAt"),
    readyAt: t.exposeString("readyAt", { nullable: true }),
    expiresAt: t.exposeString("expiresAt", { nullable: true, description: "The link works until then (24 hours after it was ready)." }),
    expired: t.exposeBoolean("expired"),
    downloadUrl: t.exposeString("downloadUrl", { nullable: true, description: "Where the browser downloads the zip (REST), while ready and not expired." }),
    requestedByStaff: t.exposeBoolean("requestedByStaff"),
  }),
});

builder.queryField("myDataExport", (t) =>
  t.field({
    type: DataExportRef,
    nullable: true,
    authScopes: { member: true },
    description: "Her newest request of 'Baixar meus dados', or null.",
    resolve: (_root, _args, ctx) => ctx.services.dataExports.latest(requireUser(ctx)),
  }),
);

builder.queryField("dataExport", (t) =>
  t.field({
    type: DataExportRef,
    authScopes: { member: true },
    args: { id: t.arg.string({ required: true }) },
    errors: { types: [AppError], directResult: true, union: { name: "DataExportResult" } },
    resolve: (_root, { id }, ctx) => ctx.services.dataExports.status(requireUser(ctx), id),
  }),
);

builder.mutationField("requestDataExport", (t) =>
  t.field({
    type: DataExportRef,
    authScopes: { member: true },
    description: "Asks for the zip of her data: one request a day (DATA_EXPORT_TOO_SOON says when she may ask again).",
    errors: { types: [AppError], directResult: true, union: { name: "RequestDataExportResult" } },
    resolve: (_root, _args, ctx) => ctx.services.dataExports.request(requireUser(ctx)),
  }),
);

builder.subscriptionField("dataExportProgress", (t) =>
  t.field({
    type: DataExportRef,
    authScopes: { member: true },
    args: { id: t.arg.string({ required: true }) },
    description: "The export's state now, then each step, ending when it is ready or failed. Hers, or (superusers) one the staff prepared.",
    subscribe: (_root, { id }, ctx) => ctx.services.dataExports.progress(requireUser(ctx), id),
    resolve: (payload: DataExportDTO) => payload,
  }),
);

builder.queryField("adminDataExports", (t) =>
  t.field({
    type: [DataExportRef],
    authScopes: { superuser: true },
    args: { userId: t.arg.int({ required: true }) },
    description: "The exports the staff prepared for a member, newest first (the last five).",
    resolve: (_root, { userId }, ctx) => ctx.services.dataExports.staffList(ctx.user, userId),
  }),
);

builder.mutationField("adminPrepareDataExport", (t) =>
  t.field({
    type: DataExportRef,
    authScopes: { superuser: true },
    args: { userId: t.arg.int({ required: true }) },
    description: "Prepares the zip of a member's data for a request she made outside the product (audited); superusers download it.",
    errors: { types: [AppError], directResult: true, union: { name: "AdminPrepareDataExportResult" } },
    resolve: (_root, { userId }, ctx) => ctx.services.dataExports.requestForMember(ctx.user, userId, { ip: ctx.meta.ip }),
  }),
);
