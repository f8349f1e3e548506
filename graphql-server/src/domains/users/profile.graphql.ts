import { AppErrorRef, builder, requireUser } from "../../builder.js";
import { AppError, UpgradeRequiredError } from "../../lib/errors.js";
import type { Address } from "../../providers/cep/cep.js";
import type { ProfileDTO, PublicProfileDTO, ReferralStats } from "./profile.service.js";
import { PlanEnum } from "./users.graphql.js";
import { ConversationsFromEnum } from "../safety/safety.graphql.js";

const PROFILE_TEXT_FIELDS = [
  "email", "fullName", "nickname", "profilePhoto", "profilePhotoUrl", "bannerImage", "bannerImageUrl", "bannerLink",
  "cpf", "whatsapp", "birthDate", "cep", "street", "houseNumber", "complement", "neighborhood", "city", "state",
  "professionalActivity", "melhorEmail", "website", "linkedin", "youtube", "facebook", "instagram", "tiktok", "miniBio",
  "businessType", "serviceType", "entrepreneurProfile",
] as const satisfies readonly (keyof ProfileDTO)[];

const PROFILE_FLAGS = [
  "profileComplete", "isSuperuser", "isAuthenticated", "acceptedTerms", "acceptedPrivacyPolicy", "acceptedLGPD", "isOver18",
  "whatsappNotificationsEnabled", "shareWithSponsors",
] as const satisfies readonly (keyof ProfileDTO)[];

export const ProfileRef = builder.objectRef<ProfileDTO>("Profile").implement({
  description: "The signed-in member's full profile, as the 'Meu Perfil' form edits it. birthDate is YYYY-MM-DD.",
  fields: (t) => ({
    ...Object.fromEntries(PROFILE_TEXT_FIELDS.map((name) => [name, t.exposeString(name, { nullable: true })])),
    ...Object.fromEntries(PROFILE_FLAGS.map((name) => [name, t.exposeBoolean(name)])),
    id: t.exposeInt("id"),
    phone: t.exposeString("phone"),
    plan: t.field({ type: PlanEnum, resolve: (p) => p.plan }),
    countryCode: t.exposeString("countryCode"),
    referralCode: t.exposeString("referralCode", { description: "kc followed by her id; the invitation link carries it as ?id=" }),
    referredBy: t.exposeInt("referredBy", { nullable: true }),
    interests: t.exposeStringList("interests"),
    conversationsFrom: t.field({ type: ConversationsFromEnum, resolve: (p) => p.conversationsFrom }),
  }),
});

const PUBLIC_TEXT_FIELDS = [
  "displayName", "nickname", "fullName", "professionalActivity", "city", "state", "profilePhotoUrl", "miniBio", "website",
  "linkedin", "youtube", "facebook", "instagram", "tiktok", "bannerImageUrl", "bannerLink",
] as const satisfies readonly (keyof PublicProfileDTO)[];

export const PublicProfileRef = builder.objectRef<PublicProfileDTO>("PublicProfile").implement({
  description: "What other members see of a majestade or imperatriz member (and a member of herself). miniBio, social links and banner only for majestade and imperatriz.",
  fields: (t) => ({
    ...Object.fromEntries(PUBLIC_TEXT_FIELDS.map((name) => [name, t.exposeString(name, { nullable: true })])),
    id: t.exposeInt("id"),
    plan: t.field({ type: PlanEnum, resolve: (p) => p.plan }),
    interests: t.exposeStringList("interests"),
    joinYear: t.exposeInt("joinYear", { description: "'Parceira desde {year}'" }),
    isOnline: t.exposeBoolean("isOnline"),
  }),
});

const ReferralStatsRef = builder.objectRef<ReferralStats>("ReferralStats").implement({
  description: "How many members she referred, by their current plan.",
  fields: (t) => ({
    nobreza: t.exposeInt("nobreza"),
    alteza: t.exposeInt("alteza"),
    majestade: t.exposeInt("majestade"),
    imperatriz: t.exposeInt("imperatriz"),
    total: t.exposeInt("total"),
  }),
});

const AddressRef = builder.objectRef<Address>("Address").implement({
  description: "The address of a CEP: fills street, neighbourhood, city and state (UF) of the profile form.",
  fields: (t) => ({
    cep: t.exposeString("cep"),
    street: t.exposeString("street", { nullable: true }),
    neighborhood: t.exposeString("neighborhood", { nullable: true }),
    city: t.exposeString("city", { nullable: true }),
    state: t.exposeString("state", { nullable: true }),
  }),
});

const FieldErrorRef = builder.objectRef<{ field: string; message: string }>("FieldError").implement({
  fields: (t) => ({ field: t.exposeString("field"), message: t.exposeString("message") }),
});

builder.objectField(AppErrorRef, "fieldErrors", (t) =>
  t.field({
    type: [FieldErrorRef],
    nullable: true,
    description: "For form refusals: the field the message belongs to.",
    resolve: (error) => {
      const fieldErrors = error.details?.fieldErrors as Record<string, string> | undefined;
      return fieldErrors ? Object.entries(fieldErrors).map(([field, message]) => ({ field, message })) : null;
    },
  }),
);

const ProfileInput = builder.inputType("ProfileInput", {
  description: "The 'Meu Perfil' form. Every field is checked on the server with the shared rules; empty means null.",
  fields: (t) => ({
    fullName: t.string(),
    nickname: t.string(),
    email: t.string(),
    cpf: t.string(),
    birthDate: t.string({ description: "YYYY-MM-DD" }),
    cep: t.string(),
    street: t.string(),
    houseNumber: t.string(),
    complement: t.string(),
    neighborhood: t.string(),
    city: t.string(),
    state: t.string(),
    professionalActivity: t.string(),
    interests: t.stringList(),
    melhorEmail: t.string(),
    website: t.string(),
    linkedin: t.string(),
    youtube: t.string(),
    facebook: t.string(),
    instagram: t.string(),
    tiktok: t.string(),
    miniBio: t.string(),
    bannerLink: t.string(),
    businessType: t.string(),
    serviceType: t.string(),
    entrepreneurProfile: t.string(),
    shareWithSponsors: t.boolean(),
    whatsappNotificationsEnabled: t.boolean(),
    conversationsFrom: t.field({ type: ConversationsFromEnum, description: "Absent: the stored choice stays." }),
    acceptedTerms: t.boolean(),
    acceptedPrivacyPolicy: t.boolean(),
    acceptedLGPD: t.boolean(),
    isOver18: t.boolean(),
  }),
});


const DeleteAccountPayload = builder.objectRef<{ success: boolean }>("DeleteAccountPayload").implement({
  fields: (t) => ({ success: t.exposeBoolean("success") }),
});

builder.queryField("profile", (t) =>
  t.field({
    type: ProfileRef,
    nullable: true,
    description: "The signed-in member's full profile, or null when nobody is signed in.",
    resolve: (_root, _args, ctx) => (ctx.user ? ctx.services.profile.getProfile(ctx.user) : null),
  }),
);

builder.queryField("publicProfile", (t) =>
  t.field({
    type: PublicProfileRef,
    args: { id: t.arg.int({ required: true }) },
    description:
      "A member's public profile. Others open only majestade and imperatriz members (AppError PROFILE_NOT_PUBLIC otherwise); a nobreza viewer gets UpgradeRequiredError (view_profile); NOT_FOUND when there is no such member.",
    errors: { types: [UpgradeRequiredError, AppError], directResult: true, union: { name: "PublicProfileResult" } },
    resolve: (_root, { id }, ctx) => ctx.services.profile.publicProfile(requireUser(ctx), id),
  }),
);

builder.queryField("referralStats", (t) =>
  t.field({
    type: ReferralStatsRef,
    authScopes: { member: true },
    resolve: (_root, _args, ctx) => ctx.services.profile.referralStats(requireUser(ctx)),
  }),
);

builder.queryField("addressByCep", (t) =>
  t.field({
    type: AddressRef,
    nullable: true,
    authScopes: { member: true },
    args: { cep: t.arg.string({ required: true }) },
    description: "The address of a CEP; null when unknown or when the lookup fails (the form then asks for it).",
    resolve: (_root, { cep }, ctx) => ctx.services.profile.lookupAddress(cep),
  }),
);

builder.mutationField("updateProfile", (t) =>
  t.field({
    type: ProfileRef,
    args: { input: t.arg({ type: ProfileInput, required: true }) },
    errors: { types: [AppError], directResult: true, union: { name: "UpdateProfileResult" } },
    resolve: (_root, { input }, ctx) => ctx.services.profile.updateProfile(requireUser(ctx), input),
  }),
);

builder.mutationField("deleteAccount", (t) =>
  t.field({
    type: DeleteAccountPayload,
    description: "Deletes her account and personal data for good, and ends the session.",
    errors: { types: [AppError], directResult: true, union: { name: "DeleteAccountResult" } },
    resolve: async (_root, _args, ctx) => {
      await ctx.services.profile.deleteAccount(requireUser(ctx));
      ctx.clearSessionCookie();
      return { success: true };
    },
  }),
);
