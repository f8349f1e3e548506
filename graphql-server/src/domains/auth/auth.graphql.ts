import { PRODUCT_NAME } from "@clube-coroa/schema";
import { AppErrorRef, builder } from "../../builder.js";
import { AppError } from "../../lib/errors.js";
import { UserRef } from "../users/users.graphql.js";
import type { UserDTO } from "../users/users.service.js";

const SendLoginTokenInput = builder.inputType("SendLoginTokenInput", {
  fields: (t) => ({
    phone: t.string({ required: true }),
    countryCode: t.string({ required: true }),
    recentCode: t.string({
      required: false,
      description:
        "Any code this phone received by WhatsApp within the hour, when the phone's hourly ceiling refused this device (RECENT_CODE_REQUIRED): it proves she reads that WhatsApp.",
    }),
  }),
});

const VerifyLoginTokenInput = builder.inputType("VerifyLoginTokenInput", {
  fields: (t) => ({
    phone: t.string({ required: true }),
    countryCode: t.string({ required: true }),
    token: t.string({ required: true }),
    referralCode: t.string({ required: false }),
  }),
});

const SendLoginTokenPayload = builder
  .objectRef<{ success: boolean; resendAfterSeconds: number; expiresInSeconds: number }>("SendLoginTokenPayload")
  .implement({
    fields: (t) => ({
      success: t.exposeBoolean("success"),
      resendAfterSeconds: t.exposeInt("resendAfterSeconds"),
      expiresInSeconds: t.exposeInt("expiresInSeconds"),
    }),
  });

const VerifyLoginTokenPayload = builder.objectRef<{ user: UserDTO }>("VerifyLoginTokenPayload").implement({
  fields: (t) => ({ user: t.field({ type: UserRef, resolve: (p) => p.user }) }),
});

const AppInfo = builder.objectRef<{ productName: string; localWhatsapp: boolean }>("AppInfo").implement({
  fields: (t) => ({
    productName: t.exposeString("productName"),
    localWhatsapp: t.exposeBoolean("localWhatsapp"),
  }),
});

builder.queryField("appInfo", (t) =>
  t.field({
    type: AppInfo,
    resolve: (_root, _args, ctx) => ({
      productName: PRODUCT_NAME,
      localWhatsapp: ctx.services.whatsapp.kind === "local",
    }),
  }),
);

builder.mutationField("sendLoginToken", (t) =>
  t.field({
    type: SendLoginTokenPayload,
    args: { input: t.arg({ type: SendLoginTokenInput, required: true }) },
    errors: { types: [AppError], directResult: true, union: { name: "SendLoginTokenResult" } },
    resolve: async (_root, { input }, ctx) => {
      const { deviceKey, ...sent } = await ctx.services.auth.sendLoginToken(input, ctx.meta);
      ctx.setDeviceCookie(deviceKey);
      return sent;
    },
  }),
);

builder.mutationField("verifyLoginToken", (t) =>
  t.field({
    type: VerifyLoginTokenPayload,
    args: { input: t.arg({ type: VerifyLoginTokenInput, required: true }) },
    errors: { types: [AppError], directResult: true, union: { name: "VerifyLoginTokenResult" } },
    resolve: async (_root, { input }, ctx) => {
      const { user, session } = await ctx.services.auth.verifyLoginToken(input, ctx.meta);
      ctx.setSessionCookie(session.token, session.expiresAt);
      return { user };
    },
  }),
);

builder.mutationField("logout", (t) =>
  t.boolean({
    description: "Ends the current session on the server; true even when nobody was signed in.",
    resolve: async (_root, _args, ctx) => {
      await ctx.services.auth.logout(ctx.sessionToken);
      ctx.clearSessionCookie();
      return true;
    },
  }),
);

builder.objectField(AppErrorRef, "tokenExpiresInSeconds", (t) =>
  t.int({
    nullable: true,
    description:
      "For a resend cooldown (TOKEN_RESEND_COOLDOWN): the code this device already asked for can still sign her in for so many seconds; null when it cannot.",
    resolve: (error) => (typeof error.details?.tokenExpiresInSeconds === "number" ? error.details.tokenExpiresInSeconds : null),
  }),
);

export { AppErrorRef };
