import { builder, requireUser } from "../../builder.js";
import { AppError, UpgradeRequiredError } from "../../lib/errors.js";
import { OfferTypeEnum, PageInfo, PostTypeEnum } from "../offers/offers.graphql.js";
import type { MemberOfferDTO, MembersPage } from "./members.service.js";
import { PublicProfileRef } from "./profile.graphql.js";

// 'Parceiras', the members directory (issue 28, record 0266).

const MemberOfferRef = builder.objectRef<MemberOfferDTO>("MemberOffer").implement({
  description: "One of a member's offers on the board, as her profile lists them.",
  fields: (t) => ({
    id: t.exposeInt("id"),
    title: t.exposeString("title"),
    type: t.field({ type: OfferTypeEnum, resolve: (o) => o.type }),
    postType: t.field({ type: PostTypeEnum, resolve: (o) => o.postType }),
    createdAt: t.exposeString("createdAt", { description: "ISO 8601, UTC." }),
  }),
});

builder.objectField(PublicProfileRef, "offers", (t) =>
  t.field({
    type: [MemberOfferRef],
    description: "Her offers on the board, newest first (at most 10); none across a block.",
    resolve: (profile, _args, ctx) => ctx.services.members.offersOf(requireUser(ctx), profile.id),
  }),
);

const MemberEdge = builder.objectRef<MembersPage["items"][number]>("MemberEdge").implement({
  fields: (t) => ({
    cursor: t.exposeString("cursor"),
    node: t.field({ type: PublicProfileRef, resolve: (e) => e.member }),
  }),
});

const MemberConnection = builder.objectRef<MembersPage>("MemberConnection").implement({
  fields: (t) => ({
    edges: t.field({ type: [MemberEdge], resolve: (c) => c.items }),
    pageInfo: t.field({ type: PageInfo, resolve: (c) => c }),
  }),
});

builder.queryField("members", (t) =>
  t.field({
    type: MemberConnection,
    description:
      "'Parceiras': the majestade and imperatriz members (whose profiles are open to others), higher plan first, then the earlier member. " +
      "A nobreza viewer gets UpgradeRequiredError (view_profile). Never herself, nor a member across a block.",
    args: {
      q: t.arg.string({ required: false, description: "Words in her name or mini bio, without accents (at most 100 characters; fewer than 2 letters are ignored)." }),
      activity: t.arg.string({ required: false, description: "A professional activity, as the profile form names it." }),
      interest: t.arg.string({ required: false, description: "An interest, as the profile form names it." }),
      state: t.arg.string({ required: false, description: "A state's UF." }),
      first: t.arg.int({ required: false, description: "Default 24, at most 50." }),
      after: t.arg.string({ required: false }),
    },
    errors: { types: [UpgradeRequiredError, AppError], directResult: true, union: { name: "MembersResult" } },
    resolve: (_root, { q, activity, interest, state, first, after }, ctx) =>
      ctx.services.members.directory(requireUser(ctx), { q, activity, interest, state }, { first, after }),
  }),
);
