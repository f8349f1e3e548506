import { PLANS } from "@clube-coroa/schema";
import { builder, requireUser } from "../../builder.js";
import { toUserDTO, type UserDTO } from "./users.service.js";

export const PlanEnum = builder.enumType("Plan", { values: PLANS });

export const UserRef = builder.objectRef<UserDTO>("User").implement({
  description: "A member as she sees herself.",
  fields: (t) => ({
    id: t.exposeInt("id"),
    phone: t.exposeString("phone"),
    email: t.exposeString("email", { nullable: true }),
    plan: t.field({ type: PlanEnum, resolve: (u) => u.plan }),
    profileComplete: t.exposeBoolean("profileComplete"),
    fullName: t.exposeString("fullName", { nullable: true }),
    nickname: t.exposeString("nickname", { nullable: true }),
    isSuperuser: t.exposeBoolean("isSuperuser"),
    referralCode: t.exposeString("referralCode"),
  }),
});

builder.queryField("me", (t) =>
  t.field({
    type: UserRef,
    nullable: true,
    description: "The signed-in member, or null when nobody is signed in.",
    resolve: (_root, _args, ctx) => (ctx.user ? toUserDTO(ctx.user) : null),
  }),
);

builder.subscriptionField("meUpdated", (t) =>
  t.field({
    type: UserRef,
    authScopes: { member: true },
    description: "Pushes the signed-in member whenever her record changes (for example her plan).",
    subscribe: (_root, _args, ctx) => ctx.services.profile.changesOf(requireUser(ctx).id),
    resolve: (payload: UserDTO) => payload,
  }),
);
