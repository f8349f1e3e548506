import { builder, requireUser } from "../../builder.js";
import type { BusEvents } from "../../events.js";
import { AppError, UpgradeRequiredError } from "../../lib/errors.js";
import { OfferTypeEnum } from "../offers/offers.graphql.js";
import { PlanEnum } from "../users/users.graphql.js";
import type { ConversationDTO, ConversationMatch } from "./conversations.service.js";
import type { MessageDTO, NewMessageNotification } from "./messages.js";

type Presence = BusEvents["presence:changed"][1];

builder.objectType(UpgradeRequiredError, {
  name: "UpgradeRequiredError",
  description: "Her plan does not allow this action (contact, message, view_profile); the client opens the upgrade prompt for it.",
  fields: (t) => ({
    code: t.exposeString("code"),
    message: t.exposeString("message"),
    action: t.exposeString("action"),
    targetPlan: t.field({ type: PlanEnum, resolve: (e) => e.targetPlan }),
    upgradeMessage: t.exposeString("upgradeMessage"),
    showUpgrade: t.exposeBoolean("showUpgrade"),
  }),
});

export const MessageRef = builder.objectRef<MessageDTO>("Message").implement({
  fields: (t) => ({
    id: t.exposeInt("id"),
    conversationId: t.exposeInt("conversationId"),
    senderId: t.exposeInt("senderId", { nullable: true, description: "Null when the sender deleted her account." }),
    content: t.exposeString("content"),
    createdAt: t.exposeString("createdAt", { description: "ISO 8601, UTC." }),
    isMine: t.boolean({ resolve: (m, _args, ctx) => ctx.user !== null && ctx.user.id === m.senderId }),
  }),
});

const ConversationOffer = builder.objectRef<NonNullable<ConversationDTO["offer"]>>("ConversationOffer").implement({
  fields: (t) => ({
    id: t.exposeInt("id"),
    title: t.exposeString("title"),
    type: t.field({ type: OfferTypeEnum, resolve: (o) => o.type }),
  }),
});

const ConversationUser = builder.objectRef<NonNullable<ConversationDTO["otherUser"]>>("ConversationUser").implement({
  fields: (t) => ({
    id: t.exposeInt("id"),
    fullName: t.exposeString("fullName", { nullable: true }),
    nickname: t.exposeString("nickname", { nullable: true }),
    profilePhoto: t.exposeString("profilePhoto", { nullable: true }),
    plan: t.field({ type: PlanEnum, resolve: (u) => u.plan }),
    isOnline: t.exposeBoolean("isOnline"),
  }),
});

const ConversationMatchFieldEnum = builder.enumType("ConversationMatchField", {
  values: { name: { description: "The other member's name" }, title: { description: "The offer's title" }, message: { description: "A message's text" } } as const,
});

const ConversationMatchRef = builder.objectRef<ConversationMatch>("ConversationMatch").implement({
  description: "Where a search's words were found in a conversation.",
  fields: (t) => ({
    fields: t.field({ type: [ConversationMatchFieldEnum], resolve: (m) => m.fields }),
    snippet: t.exposeString("snippet", { nullable: true, description: "The newest message holding any of the words, shortened around them." }),
    messageId: t.exposeInt("messageId", { nullable: true }),
    terms: t.exposeStringList("terms", { description: "The words as searched (lower case, without accents), for the client to mark." }),
  }),
});

const ConversationRef = builder.objectRef<ConversationDTO>("Conversation").implement({
  fields: (t) => ({
    id: t.exposeInt("id"),
    offer: t.field({ type: ConversationOffer, nullable: true, description: "Null when the offer was deleted.", resolve: (c) => c.offer }),
    otherUser: t.field({
      type: ConversationUser,
      nullable: true,
      description: "Null when the other member deleted her account.",
      resolve: (c) => c.otherUser,
    }),
    lastMessage: t.field({ type: MessageRef, nullable: true, resolve: (c) => c.lastMessage }),
    lastMessageAt: t.exposeString("lastMessageAt", { description: "ISO 8601, UTC." }),
    createdAt: t.exposeString("createdAt", { description: "ISO 8601, UTC." }),
    unreadCount: t.exposeInt("unreadCount"),
    match: t.field({
      type: ConversationMatchRef,
      nullable: true,
      description: "Where the words of `conversations(q:)` were found; null outside a search.",
      resolve: (c) => c.match ?? null,
    }),
    messagingClosed: t.exposeBoolean("messagingClosed", {
      description:
        "Nobody can write in it any more: it stays readable, and the client shows 'Não é possível enviar mensagens nesta conversa.' instead of the composer.",
    }),
    noticesMuted: t.exposeBoolean("noticesMuted", {
      description: "She muted this conversation's notices: its messages arrive unread, with no entry in 'Avisos', push or WhatsApp.",
    }),
    otherSuspended: t.exposeBoolean("otherSuspended", {
      description: "The other member is suspended by the staff: the client shows 'Conta suspensa' (messagingClosed is true too).",
    }),
  }),
});

const NewMessageNotificationRef = builder.objectRef<NewMessageNotification>("NewMessageNotification").implement({
  description:
    "The spec's new-message notification, for the popup and the badge. The sender's phone stays on the legacy /notifications socket for older clients; GraphQL does not hand it out.",
  fields: (t) => ({
    messageId: t.exposeInt("messageId"),
    senderName: t.exposeString("senderName"),
    content: t.exposeString("content"),
    conversationId: t.exposeInt("conversationId"),
    offerId: t.exposeInt("offerId", { nullable: true }),
    offerTitle: t.exposeString("offerTitle", { nullable: true }),
  }),
});

const PresenceRef = builder.objectRef<Presence>("Presence").implement({
  fields: (t) => ({ userId: t.exposeInt("userId"), isOnline: t.exposeBoolean("isOnline") }),
});

const MarkReadPayload = builder.objectRef<{ conversationId: number; unreadCount: number }>("MarkConversationReadPayload").implement({
  fields: (t) => ({
    conversationId: t.exposeInt("conversationId"),
    unreadCount: t.exposeInt("unreadCount", { description: "Her total unread count afterwards." }),
  }),
});

const DeleteConversationPayload = builder.objectRef<{ conversationId: number }>("DeleteConversationPayload").implement({
  fields: (t) => ({ conversationId: t.exposeInt("conversationId") }),
});

builder.queryField("conversations", (t) =>
  t.field({
    type: [ConversationRef],
    authScopes: { member: true },
    description: "Her conversations, most recent activity first; deleted ones come back with a new message. With `q`, those holding her words.",
    args: {
      q: t.arg.string({
        required: false,
        description:
          "Words to find in the other member's name, the offer's title and the messages, without accents (at most 100 characters; fewer than 2 letters are ignored). Each answer says where in `match`.",
      }),
    },
    resolve: (_root, { q }, ctx) => ctx.services.conversations.searchConversations(requireUser(ctx), q),
  }),
);

builder.queryField("conversation", (t) =>
  t.field({
    type: ConversationRef,
    authScopes: { member: true },
    args: { id: t.arg.int({ required: true }) },
    resolve: (_root, { id }, ctx) => ctx.services.conversations.getConversation(requireUser(ctx), id),
  }),
);

builder.queryField("messages", (t) =>
  t.field({
    type: [MessageRef],
    authScopes: { member: true },
    description:
      "Oldest first. Without cursors: the newest `limit`. `before`: the page older than that id. " +
      "`after`: what came after that id (to resume after a reconnect).",
    args: {
      conversationId: t.arg.int({ required: true }),
      before: t.arg.int({ required: false }),
      after: t.arg.int({ required: false }),
      limit: t.arg.int({ required: false, description: "Default 50, at most 200." }),
    },
    resolve: (_root, args, ctx) =>
      ctx.services.conversations.listMessages(requireUser(ctx), args.conversationId, {
        before: args.before,
        after: args.after,
        limit: args.limit,
      }),
  }),
);

builder.queryField("unreadCount", (t) =>
  t.field({
    type: "Int",
    authScopes: { member: true },
    resolve: (_root, _args, ctx) => ctx.services.conversations.unreadCount(requireUser(ctx)),
  }),
);

builder.mutationField("startConversation", (t) =>
  t.field({
    type: ConversationRef,
    args: { offerId: t.arg.int({ required: true }) },
    errors: { types: [UpgradeRequiredError, AppError], directResult: true, union: { name: "StartConversationResult" } },
    resolve: (_root, { offerId }, ctx) => ctx.services.conversations.startConversation(requireUser(ctx), offerId),
  }),
);

builder.mutationField("sendMessage", (t) =>
  t.field({
    type: MessageRef,
    description:
      "A nobreza member writes only in apoio conversations: elsewhere UpgradeRequiredError (message), nothing written.",
    args: {
      conversationId: t.arg.int({ required: true }),
      content: t.arg.string({ required: true }),
      clientMessageId: t.arg.string({
        required: false,
        description:
          "The client's key for this message (a UUID, or 1 to 64 letters, digits, '-' or '_'): sending again with it answers the " +
          "message already stored, once. Reused for another text or conversation: AppError CLIENT_MESSAGE_ID_REUSED.",
      }),
    },
    errors: { types: [UpgradeRequiredError, AppError], directResult: true, union: { name: "SendMessageResult" } },
    resolve: (_root, { conversationId, content, clientMessageId }, ctx) =>
      ctx.services.conversations.sendMessage(requireUser(ctx), conversationId, content, clientMessageId),
  }),
);

builder.mutationField("markConversationRead", (t) =>
  t.field({
    type: MarkReadPayload,
    args: { conversationId: t.arg.int({ required: true }) },
    errors: { types: [AppError], directResult: true, union: { name: "MarkConversationReadResult" } },
    resolve: (_root, { conversationId }, ctx) => ctx.services.conversations.markRead(requireUser(ctx), conversationId),
  }),
);

builder.mutationField("deleteConversation", (t) =>
  t.field({
    type: DeleteConversationPayload,
    description: "Deletes it for her only; the other member keeps her copy.",
    args: { conversationId: t.arg.int({ required: true }) },
    errors: { types: [AppError], directResult: true, union: { name: "DeleteConversationResult" } },
    resolve: (_root, { conversationId }, ctx) =>
      ctx.services.conversations.deleteConversation(requireUser(ctx), conversationId),
  }),
);

builder.mutationField("setOnlineStatus", (t) =>
  t.field({
    type: PresenceRef,
    description: "The heartbeat: true while the page is visible (at least every 60 s), false when hidden.",
    args: { isOnline: t.arg.boolean({ required: true }) },
    errors: { types: [AppError], directResult: true, union: { name: "SetOnlineStatusResult" } },
    resolve: (_root, { isOnline }, ctx) => ctx.services.presence.heartbeat(requireUser(ctx).id, isOnline),
  }),
);

builder.subscriptionField("messageAdded", (t) =>
  t.field({
    type: MessageRef,
    authScopes: { member: true },
    args: { conversationId: t.arg.int({ required: true }) },
    subscribe: async (_root, { conversationId }, ctx) => {
      await ctx.services.conversations.assertMember(requireUser(ctx), conversationId);
      return ctx.services.conversations.messagesIn(conversationId);
    },
    resolve: (message: MessageDTO) => message,
  }),
);

builder.subscriptionField("notifications", (t) =>
  t.field({
    type: NewMessageNotificationRef,
    authScopes: { member: true },
    description: "A new message for her in any conversation.",
    subscribe: (_root, _args, ctx) => ctx.services.conversations.notificationsFor(requireUser(ctx).id),
    resolve: (notification: NewMessageNotification) => notification,
  }),
);

builder.subscriptionField("unreadCountChanged", (t) =>
  t.field({
    type: "Int",
    authScopes: { member: true },
    description: "Her total unread count, counted afresh on each change so that the last value is exact.",
    subscribe: (_root, _args, ctx) => ctx.services.conversations.unreadChangesFor(requireUser(ctx).id),
    resolve: (_event: Record<string, never>, _args, ctx) => ctx.services.conversations.unreadCount(requireUser(ctx)),
  }),
);

builder.subscriptionField("presenceChanged", (t) =>
  t.field({
    type: PresenceRef,
    authScopes: { member: true },
    description: "Online and offline changes of the members she has a conversation with (as of subscribing).",
    subscribe: async (_root, _args, ctx) => {
      const user = requireUser(ctx);
      const ids = await ctx.services.conversations.partnerIds(user);
      // A block made after subscribing stops her presence at once.
      return ctx.services.conversations.withoutBlocked(user, ctx.services.presence.changesOf(ids), (p) => p.userId);
    },
    resolve: (presence: Presence) => presence,
  }),
);
