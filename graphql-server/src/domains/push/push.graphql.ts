import { builder, requireUser } from "../../builder.js";
import { AppError } from "../../lib/errors.js";

// Web Push (issue 29; docs/decisions/0278, 0279): the key the browser subscribes with and her browser's subscription.

const PushPublicKeyRef = builder.objectRef<{ enabled: boolean; publicKey: string | null }>("PushPublicKey").implement({
  fields: (t) => ({
    enabled: t.exposeBoolean("enabled", { description: "False: this server sends no push (no VAPID keys); the web hides the switch." }),
    publicKey: t.exposeString("publicKey", { nullable: true, description: "The VAPID public key (base64url), the applicationServerKey of PushManager.subscribe." }),
  }),
});

const PushSubscriptionPayload = builder.objectRef<{ success: true; removed?: boolean }>("PushSubscriptionPayload").implement({
  fields: (t) => ({
    success: t.exposeBoolean("success"),
    removed: t.boolean({ nullable: true, description: "On unsubscribe: whether a subscription of hers was removed.", resolve: (p) => p.removed ?? null }),
  }),
});

const PushKeysInput = builder.inputType("PushKeysInput", {
  fields: (t) => ({ p256dh: t.string({ required: true }), auth: t.string({ required: true }) }),
});

const SubscribePushInput = builder.inputType("SubscribePushInput", {
  description: "PushSubscription.toJSON() of her browser.",
  fields: (t) => ({ endpoint: t.string({ required: true }), keys: t.field({ type: PushKeysInput, required: true }) }),
});

builder.queryField("pushPublicKey", (t) =>
  t.field({
    type: PushPublicKeyRef,
    description: "Whether push is on here, and the key to subscribe with.",
    resolve: (_root, _args, ctx) => ctx.services.push.publicKey(),
  }),
);

builder.mutationField("subscribePush", (t) =>
  t.field({
    type: PushSubscriptionPayload,
    description: "Stores her browser's push subscription (by endpoint: this browser's pushes go to her). Endpoint not of a known push service or bad keys: AppError VALIDATION.",
    args: { input: t.arg({ type: SubscribePushInput, required: true }) },
    errors: { types: [AppError], directResult: true, union: { name: "SubscribePushResult" } },
    resolve: (_root, { input }, ctx) => ctx.services.push.subscribe(requireUser(ctx).id, input, ctx.meta.userAgent),
  }),
);

builder.mutationField("unsubscribePush", (t) =>
  t.field({
    type: PushSubscriptionPayload,
    description: "Removes this endpoint's subscription if it is hers.",
    args: { endpoint: t.arg.string({ required: true }) },
    errors: { types: [AppError], directResult: true, union: { name: "UnsubscribePushResult" } },
    resolve: (_root, { endpoint }, ctx) => ctx.services.push.unsubscribe(requireUser(ctx).id, endpoint),
  }),
);
