import { builder, type Types } from "../../builder.js";
import { PlanEnum } from "../users/users.graphql.js";
import type { SponsorPage, SponsorRowBase, SponsorRowDTO } from "./sponsors.service.js";

export const SponsorFilter = builder.inputType("SponsorFilter", {
  description:
    "Spec part 2 section 9; missing or 'all' = no filter, any other unknown value is refused (VALIDATION). " +
    "region all|norte|nordeste|centro-oeste|sudeste|sul; businessType all|produto|serviço; " +
    "serviceType all|presencial|online|híbrido; profile all|deseja-empreender|iniciante|avançada; age all|18-25|26-35|36-45|46+",
  fields: (t) => ({
    region: t.string({ required: false, description: "IBGE macro-region of her state." }),
    businessType: t.string({ required: false }),
    serviceType: t.string({ required: false }),
    profile: t.string({ required: false, description: "Her entrepreneur profile." }),
    age: t.string({ required: false, description: "Age band on São Paulo's calendar today." }),
  }),
});

/** The fields every sponsor-data row has, for the staff's row and the partners' one. */
export function sponsorRowFields<Row extends SponsorRowBase>(t: PothosSchemaTypes.ObjectFieldBuilder<Types, Row>) {
  return {
    id: t.int({ resolve: (row) => row.id }),
    fullName: t.string({ nullable: true, resolve: (row) => row.fullName }),
    phone: t.string({ description: "E.164 digits without '+'.", resolve: (row) => row.phone }),
    email: t.string({ nullable: true, resolve: (row) => row.email }),
    plan: t.field({ type: PlanEnum, resolve: (row) => row.plan }),
    region: t.string({ nullable: true, description: "norte, nordeste, centro-oeste, sudeste or sul; null when her state names none.", resolve: (row) => row.region }),
    businessType: t.string({ nullable: true, resolve: (row) => row.businessType }),
    serviceType: t.string({ nullable: true, description: "Shown as 'Atendimento'.", resolve: (row) => row.serviceType }),
    entrepreneurProfile: t.string({ nullable: true, resolve: (row) => row.entrepreneurProfile }),
    professionalActivity: t.string({ nullable: true, resolve: (row) => row.professionalActivity }),
    createdAt: t.string({ resolve: (row) => row.createdAt }),
  };
}

const SponsorRow = builder.objectRef<SponsorRowDTO>("SponsorRow").implement({
  description: "A member who consented to share her business data with sponsors (spec part 2 section 3).",
  fields: (t) => ({ ...sponsorRowFields(t), age: t.exposeInt("age", { nullable: true }) }),
});

const SponsorPageRef = builder.objectRef<SponsorPage>("SponsorPage").implement({
  fields: (t) => ({
    rows: t.field({ type: [SponsorRow], resolve: (page) => page.rows }),
    nextCursor: t.exposeString("nextCursor", { nullable: true }),
    total: t.int({ description: "Every member the filters keep, on all pages.", resolve: (page) => page.total() }),
    csvUrl: t.exposeString("csvUrl", {
      description: "/api/admin/sponsor-users?format=csv&<the same filters>: the CSV file, downloaded with the session cookie.",
    }),
  }),
});

builder.queryField("sponsorUsers", (t) =>
  t.field({
    type: SponsorPageRef,
    description: "'Dados para Patrocinadores': only members who consented; paged by id (first: default 50, at most 200).",
    authScopes: { superuser: true },
    args: {
      filter: t.arg({ type: SponsorFilter, required: false }),
      first: t.arg.int({ required: false, defaultValue: 50 }),
      after: t.arg.string({ required: false }),
    },
    resolve: (_root, { filter, first, after }, ctx) => ctx.services.sponsors.listSponsorUsers(ctx.user, { filter, first, after }),
  }),
);
