import { NOTIFICATION_TYPES, type NotificationTypeName } from "@clube-coroa/schema";
import { builder, requireUser } from "../../builder.js";
import { AppError } from "../../lib/errors.js";
import type { NotificationDTO, NotificationPageDTO, NotificationPreferencesDTO } from "./notifications.service.js";

// 'Avisos' and her notification preferences (issue 29; docs/decisions/0272).

export const NotificationTypeEnum = builder.enumType("NotificationType", {
  description: "The kinds of entries of 'Avisos', in the order the preferences list them.",
  values: NOTIFICATION_TYPES,
});

const NotificationRef = builder.objectRef<NotificationDTO>("Notification").implement({
  description: "One entry of 'Avisos' (a conversation's new messages are one entry, updated).",
  fields: (t) => ({
    id: t.exposeInt("id"),
    type: t.field({ type: NotificationTypeEnum, resolve: (n) => n.type }),
    title: t.exposeString("title"),
    body: t.exposeString("body"),
    link: t.exposeString("link", { description: "A path of the web app, e.g. /mensagens/12." }),
    createdAt: t.exposeString("createdAt", { description: "ISO 8601, UTC: the time of its latest event." }),
    readAt: t.exposeString("readAt", { nullable: true, description: "ISO 8601, UTC; null while unread." }),
  }),
});

const NotificationCentreRef = builder.objectRef<NotificationPageDTO>("NotificationCentre").implement({
  fields: (t) => ({
    items: t.field({ type: [NotificationRef], description: "Newest first, 20 per page.", resolve: (p) => p.items }),
    unread: t.exposeInt("unread", { description: "Her unread entries (the bell shows 99+ above 99)." }),
    nextCursor: t.exposeString("nextCursor", { nullable: true, description: "Pass as `after` for the next page; null on the last." }),
  }),
});

const NotificationCentreChangeRef = builder.objectRef<{ entry: NotificationDTO | null; unread: number }>("NotificationCentreChange").implement({
  fields: (t) => ({
    entry: t.field({ type: NotificationRef, nullable: true, description: "The entry added or updated; null when entries were read or changed otherwise (refetch the first page).", resolve: (c) => c.entry }),
    unread: t.exposeInt("unread", { description: "Her unread count, counted afresh." }),
  }),
});

const MarkNotificationsReadPayload = builder.objectRef<{ unread: number }>("MarkNotificationsReadPayload").implement({
  fields: (t) => ({ unread: t.exposeInt("unread", { description: "Her unread count afterwards." }) }),
});

type TypePreference = { type: NotificationTypeName; inApp: boolean; push: boolean; whatsapp: boolean };
const NotificationTypePreferenceRef = builder.objectRef<TypePreference>("NotificationTypePreference").implement({
  fields: (t) => ({
    type: t.field({ type: NotificationTypeEnum, resolve: (p) => p.type }),
    inApp: t.exposeBoolean("inApp", { description: "In 'Avisos'." }),
    push: t.exposeBoolean("push", { description: "By Web Push on her devices, when no tab is open." }),
    whatsapp: t.exposeBoolean("whatsapp", { description: "By WhatsApp (for new_message: whatsappNotificationsEnabled)." }),
  }),
});

const QuietHoursRef = builder.objectRef<{ start: string; end: string }>("QuietHours").implement({
  description: "No push or WhatsApp between start and end (HH:MM, America/Sao_Paulo).",
  fields: (t) => ({ start: t.exposeString("start"), end: t.exposeString("end") }),
});

const NotificationPreferencesRef = builder.objectRef<NotificationPreferencesDTO>("NotificationPreferences").implement({
  fields: (t) => ({
    types: t.field({
      type: [NotificationTypePreferenceRef],
      description: "Every type, with the defaults filled in.",
      resolve: (p) => NOTIFICATION_TYPES.map((type) => ({ type, ...p.types[type] })),
    }),
    quietHours: t.field({ type: QuietHoursRef, nullable: true, description: "Null: no quiet hours.", resolve: (p) => p.quietHours }),
  }),
});

const NotificationTypePreferenceInput = builder.inputType("NotificationTypePreferenceInput", {
  description: "Her choice for one type; a channel left out keeps its value.",
  fields: (t) => ({
    type: t.field({ type: NotificationTypeEnum, required: true }),
    inApp: t.boolean(),
    push: t.boolean(),
    whatsapp: t.boolean(),
  }),
});

const QuietHoursInput = builder.inputType("QuietHoursInput", {
  fields: (t) => ({ start: t.string({ required: true }), end: t.string({ required: true }) }),
});

const ConversationNoticesPayload = builder.objectRef<{ conversationId: number; noticesMuted: boolean }>("ConversationNoticesPayload").implement({
  fields: (t) => ({ conversationId: t.exposeInt("conversationId"), noticesMuted: t.exposeBoolean("noticesMuted") }),
});

builder.queryField("notificationCentre", (t) =>
  t.field({
    type: NotificationCentreRef,
    authScopes: { member: true },
    description: "A page of 'Avisos', newest first. A bad cursor: AppError VALIDATION.",
    args: { after: t.arg.string({ required: false }) },
    errors: { types: [AppError], directResult: true, union: { name: "NotificationCentreResult" } },
    resolve: (_root, { after }, ctx) => ctx.services.notifications.list(requireUser(ctx), after),
  }),
);

builder.mutationField("markNotificationsRead", (t) =>
  t.field({
    type: MarkNotificationsReadPayload,
    description: "Marks some of her entries (ids) or all of them (all: true) read.",
    args: { ids: t.arg.intList({ required: false }), all: t.arg.boolean({ required: false }) },
    errors: { types: [AppError], directResult: true, union: { name: "MarkNotificationsReadResult" } },
    resolve: async (_root, { ids, all }, ctx) => ({ unread: await ctx.services.notifications.markRead(requireUser(ctx), { ids, all }) }),
  }),
);

builder.subscriptionField("notificationCentreChanged", (t) =>
  t.field({
    type: NotificationCentreChangeRef,
    authScopes: { member: true },
    description: "An entry of hers added or updated, or entries read, on any instance; with her unread count.",
    subscribe: (_root, _args, ctx) => ctx.services.notifications.changesFor(requireUser(ctx).id),
    resolve: async (event: { entry: NotificationDTO | null }, _args, ctx) => ({
      entry: event.entry,
      unread: await ctx.services.notifications.unreadCount(requireUser(ctx)),
    }),
  }),
);

builder.queryField("notificationPreferences", (t) =>
  t.field({
    type: NotificationPreferencesRef,
    authScopes: { member: true },
    resolve: (_root, _args, ctx) => ctx.services.notifications.getPreferences(requireUser(ctx)),
  }),
);

builder.mutationField("updateNotificationPreferences", (t) =>
  t.field({
    type: NotificationPreferencesRef,
    description: "Changes some of her choices; quietHours null turns them off, absent keeps them. Each change is recorded with its time.",
    args: {
      types: t.arg({ type: [NotificationTypePreferenceInput], required: false }),
      quietHours: t.arg({ type: QuietHoursInput, required: false }),
    },
    errors: { types: [AppError], directResult: true, union: { name: "UpdateNotificationPreferencesResult" } },
    resolve: (_root, args, ctx) => {
      const input: Record<string, unknown> = {};
      if (args.types) {
        const types: Record<string, Record<string, boolean | null>> = {};
        for (const { type, ...channels } of args.types) {
          types[type] = { ...types[type], ...Object.fromEntries(Object.entries(channels).filter(([, v]) => v !== null && v !== undefined)) };
        }
        input.types = types;
      }
      if (args.quietHours !== undefined) input.quietHours = args.quietHours;
      return ctx.services.notifications.updatePreferences(requireUser(ctx), input);
    },
  }),
);

builder.mutationField("muteConversationNotices", (t) =>
  t.field({
    type: ConversationNoticesPayload,
    description: "No entry, push or WhatsApp for this conversation's new messages (they still arrive unread).",
    args: { conversationId: t.arg.int({ required: true }) },
    errors: { types: [AppError], directResult: true, union: { name: "MuteConversationNoticesResult" } },
    resolve: (_root, { conversationId }, ctx) => ctx.services.notifications.muteConversationNotices(requireUser(ctx), conversationId),
  }),
);

builder.mutationField("unmuteConversationNotices", (t) =>
  t.field({
    type: ConversationNoticesPayload,
    args: { conversationId: t.arg.int({ required: true }) },
    errors: { types: [AppError], directResult: true, union: { name: "UnmuteConversationNoticesResult" } },
    resolve: (_root, { conversationId }, ctx) => ctx.services.notifications.unmuteConversationNotices(requireUser(ctx), conversationId),
  }),
);
