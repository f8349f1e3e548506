import type { ConversationFieldsFragment, MessageFieldsFragment } from "../../gql/graphql";

export function message(overrides: Partial<MessageFieldsFragment> = {}): MessageFieldsFragment & { __typename: "Message" } {
  return {
    __typename: "Message",
    id: 1,
    conversationId: 5,
    senderId: 9,
    content: "Oi, tudo bem?",
    createdAt: "2026-03-12T14:00:00.000Z",
    isMine: false,
    ...overrides,
  };
}

export function conversation(overrides: Partial<ConversationFieldsFragment> = {}) {
  return {
    __typename: "Conversation" as const,
    id: 5,
    createdAt: "2026-03-12T13:00:00.000Z",
    lastMessageAt: "2026-03-12T14:00:00.000Z",
    unreadCount: 0,
    messagingClosed: false,
    otherSuspended: false,
    offer: { __typename: "ConversationOffer" as const, id: 30, title: "Fotos para o seu catálogo", type: "permuta" as const },
    otherUser: {
      __typename: "ConversationUser" as const,
      id: 9,
      fullName: "Beatriz Lima",
      nickname: "Bia",
      profilePhoto: null,
      plan: "alteza" as const,
      isOnline: true,
    },
    lastMessage: message(),
    ...overrides,
    // As the server answers: every object with its __typename (Apollo normalises by it).
    ...(overrides.otherUser ? { otherUser: { __typename: "ConversationUser" as const, ...overrides.otherUser } } : {}),
  };
}
