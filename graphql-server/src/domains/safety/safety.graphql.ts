import { CONVERSATIONS_FROM } from "@clube-coroa/schema";
import { builder, requireUser } from "../../builder.js";
import { AppError } from "../../lib/errors.js";
import type { BlockedMemberDTO, MuteDTO } from "./safety.service.js";

// Block, mute and who may start a conversation (issue 27; docs/decisions/0250).

export const ConversationsFromEnum = builder.enumType("ConversationsFrom", {
  description: "'Quem pode iniciar conversa comigo': todas as sócias / só quem tem perfil completo / ninguém por enquanto.",
  values: CONVERSATIONS_FROM,
});

const BlockedMemberRef = builder.objectRef<BlockedMemberDTO>("BlockedMember").implement({
  description: "A member she blocked, for her list on /perfil.",
  fields: (t) => ({
    id: t.exposeInt("id"),
    displayName: t.exposeString("displayName"),
    blockedAt: t.exposeString("blockedAt", { description: "ISO 8601, UTC." }),
  }),
});

const SafetyPayload = builder.objectRef<{ success: true; userId: number }>("SafetyPayload").implement({
  fields: (t) => ({ success: t.exposeBoolean("success"), userId: t.exposeInt("userId") }),
});

const MuteRef = builder.objectRef<MuteDTO>("MemberMute").implement({
  fields: (t) => ({
    userId: t.exposeInt("userId"),
    displayName: t.exposeString("displayName"),
    mutedUntil: t.exposeString("mutedUntil", { nullable: true, description: "ISO 8601, UTC; null: until she lifts it." }),
  }),
});

const ConversationsFromPayload = builder.objectRef<{ conversationsFrom: (typeof CONVERSATIONS_FROM)[number] }>("ConversationsFromPayload").implement({
  fields: (t) => ({ conversationsFrom: t.field({ type: ConversationsFromEnum, resolve: (p) => p.conversationsFrom }) }),
});

builder.queryField("myBlocks", (t) =>
  t.field({
    type: [BlockedMemberRef],
    authScopes: { member: true },
    description: "The members she blocked, newest first.",
    resolve: (_root, _args, ctx) => ctx.services.safety.listBlocks(requireUser(ctx)),
  }),
);

builder.queryField("myMutes", (t) =>
  t.field({
    type: [MuteRef],
    authScopes: { member: true },
    description: "The members she muted, while the mute lasts.",
    resolve: (_root, _args, ctx) => ctx.services.safety.listMutes(requireUser(ctx)),
  }),
);

builder.mutationField("blockMember", (t) =>
  t.field({
    type: SafetyPayload,
    description: "Blocks a member, in both directions; she is not told. Herself or staff: AppError SAFETY_TARGET_INVALID.",
    args: { userId: t.arg.int({ required: true }) },
    errors: { types: [AppError], directResult: true, union: { name: "BlockMemberResult" } },
    resolve: (_root, { userId }, ctx) => ctx.services.safety.block(requireUser(ctx), userId),
  }),
);

builder.mutationField("unblockMember", (t) =>
  t.field({
    type: SafetyPayload,
    args: { userId: t.arg.int({ required: true }) },
    errors: { types: [AppError], directResult: true, union: { name: "UnblockMemberResult" } },
    resolve: (_root, { userId }, ctx) => ctx.services.safety.unblock(requireUser(ctx), userId),
  }),
);

builder.mutationField("muteMember", (t) =>
  t.field({
    type: MuteRef,
    description: "Mutes a member for 1 or 7 days, or (days null) until she lifts it: her messages raise no notice or badge.",
    args: { userId: t.arg.int({ required: true }), days: t.arg.int({ required: false }) },
    errors: { types: [AppError], directResult: true, union: { name: "MuteMemberResult" } },
    resolve: (_root, { userId, days }, ctx) => ctx.services.safety.mute(requireUser(ctx), userId, days ?? null),
  }),
);

builder.mutationField("unmuteMember", (t) =>
  t.field({
    type: SafetyPayload,
    args: { userId: t.arg.int({ required: true }) },
    errors: { types: [AppError], directResult: true, union: { name: "UnmuteMemberResult" } },
    resolve: (_root, { userId }, ctx) => ctx.services.safety.unmute(requireUser(ctx), userId),
  }),
);

builder.mutationField("setConversationsFrom", (t) =>
  t.field({
    type: ConversationsFromPayload,
    description: "'Quem pode iniciar conversa comigo'; conversations already open go on.",
    args: { conversationsFrom: t.arg({ type: ConversationsFromEnum, required: true }) },
    errors: { types: [AppError], directResult: true, union: { name: "SetConversationsFromResult" } },
    resolve: (_root, { conversationsFrom }, ctx) => ctx.services.safety.setConversationsFrom(requireUser(ctx), conversationsFrom),
  }),
);
