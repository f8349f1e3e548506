import { OFFER_TYPES, POST_TYPES } from "@clube-coroa/schema";
import { builder, requireUser } from "../../builder.js";
import { ConversationsFromEnum } from "../safety/safety.graphql.js";
import { AppError } from "../../lib/errors.js";
import { PlanEnum } from "../users/users.graphql.js";
import { isOwnFor } from "./board-read-model.js";
import type { OfferDTO } from "./board-read-model.js";
import { PlanLimitError, type OfferChange } from "./offers.service.js";

export const PostTypeEnum = builder.enumType("PostType", { values: POST_TYPES });
export const OfferTypeEnum = builder.enumType("OfferType", { values: OFFER_TYPES });

builder.objectType(PlanLimitError, {
  name: "PlanLimitError",
  description: "Her plan does not allow this publication; the client opens the upgrade dialog with these texts.",
  fields: (t) => ({
    code: t.exposeString("code"),
    message: t.exposeString("message"),
    upgradeMessage: t.exposeString("upgradeMessage"),
    showUpgrade: t.exposeBoolean("showUpgrade"),
  }),
});

export const OfferRef = builder.objectRef<OfferDTO>("Offer").implement({
  description:
    "An offer or request of the Mural de Parcerias, with its author's display fields. Anonymous visitors get her nickname (userName) only: userId, userFullName and userProfilePhoto are null.",
  fields: (t) => ({
    id: t.exposeInt("id"),
    userId: t.exposeInt("userId", { nullable: true, description: "The author's id; null for anonymous visitors." }),
    postType: t.field({ type: PostTypeEnum, resolve: (o) => o.postType }),
    type: t.field({ type: OfferTypeEnum, resolve: (o) => o.type }),
    title: t.exposeString("title"),
    description: t.exposeString("description"),
    categories: t.exposeStringList("categories"),
    isUrgent: t.exposeBoolean("isUrgent"),
    likes: t.exposeInt("likes"),
    isLiked: t.exposeBoolean("isLiked", { description: "Whether the signed-in member likes it; false when anonymous." }),
    isOwn: t.boolean({ resolve: (o, _args, ctx) => isOwnFor(o, ctx.user?.id) }),
    hidden: t.boolean({
      description: "Taken off the board by the staff (a resolved report); only its owner still sees it, through offer(id).",
      resolve: (o) => o.hidden ?? false,
    }),
    underReview: t.boolean({
      description: "Off the board while enough members' reports are open, until the staff decide ('Em análise'); only its owner and the staff see it, through offer(id) and myOffers.",
      resolve: (o) => o.underReview ?? false,
    }),
    createdAt: t.string({ description: "ISO 8601, UTC.", resolve: (o) => o.createdAt.toISOString() }),
    userNickname: t.exposeString("userNickname", { nullable: true }),
    userFullName: t.exposeString("userFullName", { nullable: true }),
    userName: t.exposeString("userName", { description: "Nickname, else full name, else 'Parceira'; for anonymous visitors nickname, else 'Parceira'." }),
    userPlan: t.field({ type: PlanEnum, resolve: (o) => o.userPlan }),
    userJoinedAt: t.string({ description: "ISO 8601, UTC.", resolve: (o) => o.userJoinedAt.toISOString() }),
    userProfilePhoto: t.exposeString("userProfilePhoto", { nullable: true }),
    userProfessionalActivity: t.exposeString("userProfessionalActivity", { nullable: true }),
    userConversationsFrom: t.field({
      type: ConversationsFromEnum,
      description: "Who may start a conversation with the author: 'nobody' means she takes no new conversations for now.",
      resolve: (o) => o.userConversationsFrom,
    }),
  }),
});

const OfferEdge = builder.objectRef<{ cursor: string; offer: OfferDTO }>("OfferEdge").implement({
  fields: (t) => ({
    cursor: t.exposeString("cursor"),
    node: t.field({ type: OfferRef, resolve: (e) => e.offer }),
  }),
});

export const PageInfo = builder.objectRef<{ endCursor: string | null; hasNextPage: boolean }>("PageInfo").implement({
  fields: (t) => ({
    endCursor: t.exposeString("endCursor", { nullable: true }),
    hasNextPage: t.exposeBoolean("hasNextPage"),
  }),
});

type Connection = { items: { cursor: string; offer: OfferDTO }[]; endCursor: string | null; hasNextPage: boolean };
const OfferConnection = builder.objectRef<Connection>("OfferConnection").implement({
  fields: (t) => ({
    edges: t.field({ type: [OfferEdge], resolve: (c) => c.items }),
    pageInfo: t.field({ type: PageInfo, resolve: (c) => c }),
  }),
});

const OfferFilter = builder.inputType("OfferFilter", {
  fields: (t) => ({
    type: t.field({ type: OfferTypeEnum, required: false }),
    postType: t.field({ type: PostTypeEnum, required: false }),
    category: t.string({ required: false, description: "A board category slug, or 'all'." }),
    state: t.string({ required: false, description: "A Brazilian state's UF (for example 'SP'), or 'all'." }),
  }),
});

const OfferInput = builder.inputType("OfferInput", {
  fields: (t) => ({
    postType: t.field({ type: PostTypeEnum, required: true }),
    type: t.field({ type: OfferTypeEnum, required: true }),
    title: t.string({ required: true }),
    description: t.string({ required: true }),
    categories: t.stringList({ required: true }),
    isUrgent: t.boolean({ required: false }),
  }),
});

const UpdateOfferInput = builder.inputType("UpdateOfferInput", {
  fields: (t) => ({
    postType: t.field({ type: PostTypeEnum, required: false }),
    type: t.field({ type: OfferTypeEnum, required: false }),
    title: t.string({ required: false }),
    description: t.string({ required: false }),
    categories: t.stringList({ required: false }),
    isUrgent: t.boolean({ required: false }),
  }),
});

const ImproveOfferTextInput = builder.inputType("ImproveOfferTextInput", {
  fields: (t) => ({
    title: t.string({ required: true }),
    description: t.string({ required: true }),
    postType: t.field({ type: PostTypeEnum, required: true }),
  }),
});

const CommunityStats = builder
  .objectRef<{ totalMembers: number; totalCollabs: number; totalPermutas: number; totalApoios: number }>("CommunityStats")
  .implement({
    fields: (t) => ({
      totalMembers: t.exposeInt("totalMembers"),
      totalCollabs: t.exposeInt("totalCollabs"),
      totalPermutas: t.exposeInt("totalPermutas"),
      totalApoios: t.exposeInt("totalApoios"),
    }),
  });

const LikePayload = builder.objectRef<{ offerId: number; liked: boolean; totalLikes: number }>("LikePayload").implement({
  fields: (t) => ({
    offerId: t.exposeInt("offerId"),
    liked: t.exposeBoolean("liked"),
    totalLikes: t.exposeInt("totalLikes"),
  }),
});

const DeleteOfferPayload = builder.objectRef<{ offerId: number }>("DeleteOfferPayload").implement({
  fields: (t) => ({ offerId: t.exposeInt("offerId") }),
});

const ImprovedText = builder.objectRef<{ description: string }>("ImprovedText").implement({
  fields: (t) => ({ description: t.exposeString("description") }),
});

const OfferChangeKind = builder.enumType("OfferChangeKind", {
  values: {
    created: {},
    updated: {},
    deleted: {},
    liked: {},
    author: { description: "A member's name, photo, plan or state changed, or she left: her cards changed." },
  } as const,
});
const OfferChangeRef = builder.objectRef<OfferChange>("OfferChange").implement({
  description: "Something changed on the board: refetch, or patch the like count in place.",
  fields: (t) => ({
    kind: t.field({ type: OfferChangeKind, resolve: (c) => c.kind }),
    offerId: t.int({ nullable: true, description: "Absent when kind is author.", resolve: (c) => c.offerId ?? null }),
    authorId: t.int({
      nullable: true,
      description: "The member whose cards changed (kind author); null for anonymous subscribers, who never see member ids.",
      resolve: (c, _args, ctx) => (ctx.user ? (c.authorId ?? null) : null),
    }),
    totalLikes: t.int({ nullable: true, resolve: (c) => c.totalLikes ?? null }),
  }),
});

/** GraphQL leaves omitted and null fields apart; the shared zod schemas want them absent. */
const withoutNulls = <T extends object>(input: T) =>
  Object.fromEntries(Object.entries(input).filter(([, value]) => value !== null && value !== undefined));

builder.queryField("offers", (t) =>
  t.field({
    type: OfferConnection,
    description: "The board: higher plan first, then earlier join date, then newest; keyset paging. With `q`, the offers matching her words, best first.",
    args: {
      filter: t.arg({ type: OfferFilter, required: false }),
      first: t.arg.int({ required: false, description: "Default 24, at most 50." }),
      after: t.arg.string({ required: false }),
      q: t.arg.string({
        required: false,
        description: "Words to search (at most 100 characters; fewer than 2 letters are ignored): the board ranked by them, title above description above categories, then the board's order.",
      }),
    },
    resolve: (_root, { filter, first, after, q }, ctx) =>
      ctx.services.offers.listOffers({ ...(filter ? withoutNulls(filter) : {}), q, first, after }, ctx.user?.id),
  }),
);

builder.queryField("offer", (t) =>
  t.field({
    type: OfferRef,
    nullable: true,
    args: { id: t.arg.int({ required: true }) },
    resolve: (_root, { id }, ctx) => ctx.services.offers.getOffer(id, ctx.user?.id, ctx.user?.role === "superuser"),
  }),
);

const MyOffer = builder.objectRef<{ offer: OfferDTO; conversationCount: number }>("MyOffer").implement({
  description: "One of her own offers, for 'Minhas Publicações'.",
  fields: (t) => ({
    offer: t.field({ type: OfferRef, resolve: (m) => m.offer }),
    conversationCount: t.exposeInt("conversationCount", {
      description: "Conversations started on it that have at least one message.",
    }),
  }),
});

builder.queryField("myOffers", (t) =>
  t.field({
    type: [MyOffer],
    authScopes: { member: true },
    description: "The signed-in member's own offers, newest first (hidden ones included, marked), at most 200.",
    resolve: (_root, _args, ctx) => ctx.services.offers.myOffers(requireUser(ctx)),
  }),
);

builder.queryField("myLikedOfferIds", (t) =>
  t.field({
    type: ["Int"],
    authScopes: { member: true },
    resolve: (_root, _args, ctx) => ctx.services.offers.likedOfferIds(requireUser(ctx)),
  }),
);

builder.queryField("communityStats", (t) =>
  t.field({ type: CommunityStats, resolve: (_root, _args, ctx) => ctx.services.offers.communityStats() }),
);

builder.mutationField("createOffer", (t) =>
  t.field({
    type: OfferRef,
    args: { input: t.arg({ type: OfferInput, required: true }) },
    errors: { types: [PlanLimitError, AppError], directResult: true, union: { name: "CreateOfferResult" } },
    resolve: (_root, { input }, ctx) => ctx.services.offers.createOffer(requireUser(ctx), withoutNulls(input)),
  }),
);

builder.mutationField("updateOffer", (t) =>
  t.field({
    type: OfferRef,
    args: { id: t.arg.int({ required: true }), input: t.arg({ type: UpdateOfferInput, required: true }) },
    errors: { types: [PlanLimitError, AppError], directResult: true, union: { name: "UpdateOfferResult" } },
    resolve: (_root, { id, input }, ctx) => ctx.services.offers.updateOffer(requireUser(ctx), id, withoutNulls(input)),
  }),
);

builder.mutationField("deleteOffer", (t) =>
  t.field({
    type: DeleteOfferPayload,
    args: { id: t.arg.int({ required: true }) },
    errors: { types: [AppError], directResult: true, union: { name: "DeleteOfferResult" } },
    resolve: async (_root, { id }, ctx) => {
      await ctx.services.offers.deleteOffer(requireUser(ctx), id);
      return { offerId: id };
    },
  }),
);

builder.mutationField("toggleLike", (t) =>
  t.field({
    type: LikePayload,
    args: { offerId: t.arg.int({ required: true }) },
    errors: { types: [AppError], directResult: true, union: { name: "ToggleLikeResult" } },
    resolve: async (_root, { offerId }, ctx) => ({
      offerId,
      ...(await ctx.services.offers.toggleLike(requireUser(ctx), offerId)),
    }),
  }),
);

builder.mutationField("improveOfferText", (t) =>
  t.field({
    type: ImprovedText,
    args: { input: t.arg({ type: ImproveOfferTextInput, required: true }) },
    errors: { types: [AppError], directResult: true, union: { name: "ImproveOfferTextResult" } },
    resolve: (_root, { input }, ctx) => ctx.services.offers.improveText(requireUser(ctx), input),
  }),
);

builder.subscriptionField("offersChanged", (t) =>
  t.field({
    type: OfferChangeRef,
    description: "Every creation, edit, deletion and like on the board; carries no private data.",
    subscribe: (_root, _args, ctx) => ctx.services.offers.changes(),
    resolve: (change: OfferChange) => change,
  }),
);
