import { Kind, type GraphQLResolveInfo } from "graphql";
import { AppError } from "../../lib/errors.js";
import { builder } from "../../builder.js";
import { SponsorFilter, sponsorRowFields } from "../admin/sponsors.graphql.js";
import { PARTNER_ROW_FIELDS, type PartnerSponsorPage, type PartnerSponsorRowDTO, type SponsorStatGroupDTO, type SponsorStatsDTO } from "./partner-data.service.js";
import type { PartnerApiKeyDTO } from "./partner-keys.service.js";

const PartnerApiKeyRef = builder.objectRef<PartnerApiKeyDTO>("PartnerApiKey").implement({
  description: "A partner's API key as superusers manage it; the key itself is shown only at creation.",
  fields: (t) => ({
    id: t.exposeID("id"),
    name: t.exposeString("name"),
    prefix: t.exposeString("prefix", { description: "First characters of the key in clear (e.g. 'ccp_AbC1'), to recognise it." }),
    createdAt: t.exposeString("createdAt"),
    createdByName: t.exposeString("createdByName", { nullable: true, description: "Full name (or phone) of the superuser who created it; null when she left." }),
    lastUsedAt: t.exposeString("lastUsedAt", { nullable: true, description: "Written every few seconds, so it may trail a little." }),
    requestCount: t.exposeInt("requestCount", { description: "Requests answered with this key (written every few seconds)." }),
    revokedAt: t.exposeString("revokedAt", { nullable: true }),
  }),
});

const CreatedPartnerApiKey = builder.objectRef<{ key: string; partnerApiKey: PartnerApiKeyDTO }>("CreatedPartnerApiKey").implement({
  fields: (t) => ({
    key: t.exposeString("key", { description: "The whole key: shown this once, never again (only its sha256 is stored)." }),
    partnerApiKey: t.field({ type: PartnerApiKeyRef, resolve: (created) => created.partnerApiKey }),
  }),
});

const PartnerSponsorRow = builder.objectRef<PartnerSponsorRowDTO>("PartnerSponsorRow").implement({
  description: "A consenting member as a partner sees her: no birth date (age band only), no CPF, no address.",
  fields: (t) => ({
    ...sponsorRowFields(t),
    ageBand: t.exposeString("ageBand", { nullable: true, description: "18-25, 26-35, 36-45 or 46+; null without a birth date (or under 18, which cannot happen)." }),
  }),
});

const PartnerSponsorPageRef = builder.objectRef<PartnerSponsorPage>("PartnerSponsorPage").implement({
  fields: (t) => ({
    rows: t.field({ type: [PartnerSponsorRow], resolve: (page) => page.rows }),
    nextCursor: t.exposeString("nextCursor", { nullable: true }),
    total: t.int({ description: "Every consenting member the filters keep, on all pages.", resolve: (page) => page.total() }),
  }),
});

const SponsorStatGroup = builder.objectRef<SponsorStatGroupDTO>("SponsorStatGroup").implement({
  fields: (t) => ({
    key: t.exposeString("key", { description: "The group's value (as the filters name it); 'não-informado' for members without one." }),
    count: t.exposeInt("count", { nullable: true, description: "null when fewer than 5 members fall in the group (suppressed)." }),
  }),
});

const SponsorStatsRef = builder.objectRef<SponsorStatsDTO>("SponsorStats").implement({
  fields: (t) => ({
    total: t.exposeInt("total", {
      nullable: true,
      description: "Consenting members the filter keeps (a member who withdraws her consent leaves the counts at once); null when the group is suppressed.",
    }),
    byRegion: t.field({ type: [SponsorStatGroup], resolve: (stats) => stats.byRegion }),
    byPlan: t.field({ type: [SponsorStatGroup], resolve: (stats) => stats.byPlan }),
    byBusinessType: t.field({ type: [SponsorStatGroup], resolve: (stats) => stats.byBusinessType }),
    byServiceType: t.field({ type: [SponsorStatGroup], resolve: (stats) => stats.byServiceType }),
    byProfile: t.field({ type: [SponsorStatGroup], resolve: (stats) => stats.byProfile }),
    byAgeBand: t.field({ type: [SponsorStatGroup], resolve: (stats) => stats.byAgeBand }),
  }),
});

/**
 * The row fields a sponsorData query selected, for the sharing log: none when `rows` is not asked
 * (a count reads no one's row); every field when a fragment hides the selection.
 */
function selectedRowFields(info: GraphQLResolveInfo): readonly string[] {
  const fields = new Set<string>();
  let unknown = false;
  for (const node of info.fieldNodes) {
    for (const selection of node.selectionSet?.selections ?? []) {
      if (selection.kind !== Kind.FIELD) {
        unknown = true;
        continue;
      }
      if (selection.name.value !== "rows") continue;
      for (const inner of selection.selectionSet?.selections ?? []) {
        if (inner.kind === Kind.FIELD) {
          if (!inner.name.value.startsWith("__")) fields.add(inner.name.value);
        } else unknown = true;
      }
    }
  }
  return unknown ? PARTNER_ROW_FIELDS : [...fields];
}

const partnerOrSuperuser = { $any: { partner: true, superuser: true } } as const;

builder.queryField("partnerApiKeys", (t) =>
  t.field({
    type: [PartnerApiKeyRef],
    description: "Superusers: every key, newest first.",
    authScopes: { superuser: true },
    resolve: (_root, _args, ctx) => ctx.services.partnerKeys.listPartnerApiKeys(ctx.user),
  }),
);

builder.queryField("sponsorData", (t) =>
  t.field({
    type: PartnerSponsorPageRef,
    description: "Partners (Bearer key) and superusers: consenting members, paged by id (first default 50, max 200).",
    authScopes: partnerOrSuperuser,
    args: {
      filter: t.arg({ type: SponsorFilter, required: false }),
      first: t.arg.int({ required: false, defaultValue: 50 }),
      after: t.arg.string({ required: false }),
    },
    resolve: (_root, { filter, first, after }, ctx, info) => ctx.services.partnerData.sponsorData(ctx, { filter, first, after }, selectedRowFields(info)),
  }),
);

builder.queryField("sponsorStats", (t) =>
  t.field({
    type: SponsorStatsRef,
    description:
      "Partners (Bearer key) and superusers: counts per group over the consenting members, with no filter or one (two or more are refused); " +
      "groups under 5 members, and the groups that would reveal them, suppressed alike in every answer (docs/partners.md).",
    authScopes: partnerOrSuperuser,
    args: { filter: t.arg({ type: SponsorFilter, required: false, description: "At most one dimension set (the others absent, '' or 'all')." }) },
    resolve: (_root, { filter }, ctx) => ctx.services.partnerData.sponsorStats(ctx, filter),
  }),
);

builder.mutationField("createPartnerApiKey", (t) =>
  t.field({
    type: CreatedPartnerApiKey,
    authScopes: { superuser: true },
    args: { name: t.arg.string({ required: true }) },
    errors: { types: [AppError], directResult: true, union: { name: "CreatePartnerApiKeyResult" } },
    resolve: (_root, { name }, ctx) => ctx.services.partnerKeys.createPartnerApiKey(ctx.user, name, { ip: ctx.meta.ip }),
  }),
);

builder.mutationField("revokePartnerApiKey", (t) =>
  t.field({
    type: PartnerApiKeyRef,
    authScopes: { superuser: true },
    args: { id: t.arg.id({ required: true }) },
    errors: { types: [AppError], directResult: true, union: { name: "RevokePartnerApiKeyResult" } },
    resolve: (_root, { id }, ctx) => ctx.services.partnerKeys.revokePartnerApiKey(ctx.user, id, { ip: ctx.meta.ip }),
  }),
);
