import type { ApolloCache } from "@apollo/client";
import type { MessageFieldsFragment } from "../../gql/graphql";
import { MessagesDocument, UnreadCountDocument } from "./documents";

/** How many recent messages a thread loads (the server's maximum). */
export const THREAD_LIMIT = 200;

export const threadVariables = (conversationId: number) => ({ conversationId, limit: THREAD_LIMIT });

/** Adds messages to a thread's cached list: each id once, oldest first. */
export function mergeMessages(current: readonly MessageFieldsFragment[], incoming: readonly MessageFieldsFragment[]): MessageFieldsFragment[] {
  const byId = new Map<number, MessageFieldsFragment>();
  for (const message of current) byId.set(message.id, message);
  let changed = false;
  for (const message of incoming) {
    if (!byId.has(message.id)) changed = true;
    byId.set(message.id, message);
  }
  if (!changed) return current as MessageFieldsFragment[];
  return [...byId.values()].sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt) || a.id - b.id);
}

export function appendToThread(cache: ApolloCache, conversationId: number, incoming: readonly MessageFieldsFragment[]) {
  cache.updateQuery({ query: MessagesDocument, variables: threadVariables(conversationId) }, (data) =>
    data ? { messages: mergeMessages(data.messages, incoming) } : data,
  );
}

/** Keeps the conversation row's preview and time in step with a new message. */
export function touchConversation(cache: ApolloCache, message: MessageFieldsFragment) {
  const id = cache.identify({ __typename: "Conversation", id: message.conversationId });
  if (!id) return;
  cache.modify({
    id,
    fields: {
      lastMessage: (_, { toReference }) => toReference({ ...message, __typename: "Message" }, true) ?? null,
      lastMessageAt: () => message.createdAt,
    },
  });
}

export function writeUnreadCount(cache: ApolloCache, unreadCount: number) {
  cache.writeQuery({ query: UnreadCountDocument, data: { unreadCount } });
}
