import { builder } from "../../builder.js";
import { readUploadedImage } from "../../graphql/uploads.js";
import { AppError } from "../../lib/errors.js";
import type { AdminBannerDTO, BannerDTO } from "./banners.service.js";

// Banners (issue 13, /work/briefs/contract-13.graphql). Reading the live ones is public; managing
// them is superuser-only: scope-auth here, and requireSuperuser in each service function (the REST
// door calls the same). The images come as GraphQL multipart requests (graphql/uploads.ts), like
// the REST door's multipart forms.

const BannerRef = builder.objectRef<BannerDTO>("Banner").implement({
  description: "A banner as members see it (spec part 2 section 3).",
  fields: (t) => ({
    id: t.exposeInt("id"),
    url: t.exposeString("url", { description: "Image address: /api/banners/{id}/image?v={version} for uploaded banners." }),
    alt: t.exposeString("alt"),
    link: t.exposeString("link", { nullable: true }),
  }),
});

const AdminBannerRef = builder.objectRef<AdminBannerDTO>("AdminBanner").implement({
  description: "A banner as superusers manage it.",
  fields: (t) => ({
    id: t.exposeInt("id"),
    url: t.exposeString("url"),
    alt: t.exposeString("alt"),
    link: t.exposeString("link", { nullable: true }),
    position: t.exposeInt("position"),
    active: t.exposeBoolean("active"),
    startsAt: t.exposeString("startsAt", { nullable: true }),
    endsAt: t.exposeString("endsAt", { nullable: true }),
    live: t.exposeBoolean("live", { description: "Active and inside its dates now: what members see." }),
    createdAt: t.exposeString("createdAt"),
    updatedAt: t.exposeString("updatedAt"),
  }),
});

const BannerInput = builder.inputType("BannerInput", {
  fields: (t) => ({
    alt: t.string({ required: true }),
    link: t.string({ required: false }),
    position: t.int({ required: false }),
    active: t.boolean({ required: false }),
    startsAt: t.string({ required: false, description: "ISO 8601 instants; null = no bound. endsAt must be after startsAt." }),
    endsAt: t.string({ required: false }),
  }),
});

const DeleteBannerPayload = builder.objectRef<{ id: number }>("DeleteBannerPayload").implement({
  fields: (t) => ({ id: t.exposeInt("id") }),
});

const staff = { superuser: true } as const;

builder.queryField("banners", (t) =>
  t.field({
    type: [BannerRef],
    description: "Public: the live banners (active, inside their dates), by position. The carousel shuffles them.",
    resolve: (_root, _args, ctx) => ctx.services.banners.listLive(),
  }),
);

builder.queryField("adminBanners", (t) =>
  t.field({
    type: [AdminBannerRef],
    authScopes: staff,
    description: "Superusers: every banner, by position.",
    resolve: (_root, _args, ctx) => ctx.services.banners.listAdmin(ctx.user),
  }),
);

builder.mutationField("createBanner", (t) =>
  t.field({
    type: AdminBannerRef,
    authScopes: staff,
    description:
      "A new banner from an image (JPG, PNG, WebP or GIF up to 5 MB, at least 320x180; stored as a 16:9 WebP) and its fields. " +
      "Sent as a GraphQL multipart request (the image in the variable `image`) with the header Apollo-Require-Preflight.",
    args: { input: t.arg({ type: BannerInput, required: true }), image: t.arg({ type: "Upload", required: true }) },
    errors: { types: [AppError], directResult: true, union: { name: "CreateBannerResult" } },
    resolve: async (_root, { input, image }, ctx) => ctx.services.banners.createBanner(ctx.user, { ...input }, await readUploadedImage(image), { ip: ctx.meta.ip }),
  }),
);

builder.mutationField("replaceBannerImage", (t) =>
  t.field({
    type: AdminBannerRef,
    authScopes: staff,
    description: "A new image for a banner (same rules as createBanner's); the old one is removed.",
    args: { id: t.arg.int({ required: true }), image: t.arg({ type: "Upload", required: true }) },
    errors: { types: [AppError], directResult: true, union: { name: "ReplaceBannerImageResult" } },
    resolve: async (_root, { id, image }, ctx) => ctx.services.banners.replaceImage(ctx.user, id, await readUploadedImage(image), { ip: ctx.meta.ip }),
  }),
);

builder.mutationField("updateBanner", (t) =>
  t.field({
    type: AdminBannerRef,
    authScopes: staff,
    description: "Alt text, link, order, active and dates (an omitted field keeps its value; null clears link and dates). The image is replaced by replaceBannerImage.",
    args: { id: t.arg.int({ required: true }), input: t.arg({ type: BannerInput, required: true }) },
    errors: { types: [AppError], directResult: true, union: { name: "UpdateBannerResult" } },
    resolve: (_root, { id, input }, ctx) => ctx.services.banners.updateBanner(ctx.user, id, { ...input }, { ip: ctx.meta.ip }),
  }),
);

builder.mutationField("deleteBanner", (t) =>
  t.field({
    type: DeleteBannerPayload,
    authScopes: staff,
    description: "Removes the banner and its stored image.",
    args: { id: t.arg.int({ required: true }) },
    errors: { types: [AppError], directResult: true, union: { name: "DeleteBannerResult" } },
    resolve: (_root, { id }, ctx) => ctx.services.banners.deleteBanner(ctx.user, id, { ip: ctx.meta.ip }),
  }),
);

builder.subscriptionField("bannersUpdated", (t) =>
  t.field({
    type: [BannerRef],
    description: "Public: the live banners after every change (and when a scheduled start or end passes).",
    subscribe: (_root, _args, ctx) => ctx.services.banners.liveUpdates(),
    resolve: (banners: BannerDTO[]) => banners,
  }),
);
