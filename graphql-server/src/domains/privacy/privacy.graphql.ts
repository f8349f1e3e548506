import { CONSENT_PURPOSES } from "@clube-coroa/schema";
import { builder, requireUser } from "../../builder.js";
import { AppError } from "../../lib/errors.js";
import type { ConsentDTO, ConsentHistoryDTO, ConsentsDTO } from "./consents.service.js";
import type { DataShareDTO } from "./data-sharing.service.js";

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
