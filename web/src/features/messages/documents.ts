import { graphql } from "../../gql";

export const ConversationFieldsFragment = graphql(`
  fragment ConversationFields on Conversation {
    id
    createdAt
    lastMessageAt
    unreadCount
    messagingClosed
    otherSuspended
    offer {
      id
      title
      type
    }
    otherUser {
      id
      fullName
      nickname
      profilePhoto
      plan
      isOnline
    }
    lastMessage {
      id
      conversationId
      senderId
      content
      createdAt
      isMine
    }
  }
`);

export const MessageFieldsFragment = graphql(`
  fragment MessageFields on Message {
    id
    conversationId
    senderId
    content
    createdAt
    isMine
  }
`);

export const ConversationsDocument = graphql(`
  query Conversations {
    conversations {
      ...ConversationFields
    }
  }
`);

/** Her conversations holding the words (issue 28): the list's fields and where the words were found. */
export const SearchConversationsDocument = graphql(`
  query SearchConversations($q: String!) {
    conversations(q: $q) {
      ...ConversationFields
      match {
        fields
        snippet
        messageId
        terms
      }
    }
  }
`);

export const ConversationDocument = graphql(`
  query Conversation($id: Int!) {
    conversation(id: $id) {
      ...ConversationFields
    }
  }
`);

export const MessagesDocument = graphql(`
  query Messages($conversationId: Int!, $after: Int, $before: Int, $limit: Int) {
    messages(conversationId: $conversationId, after: $after, before: $before, limit: $limit) {
      ...MessageFields
    }
  }
`);

export const UnreadCountDocument = graphql(`
  query UnreadCount {
    unreadCount
  }
`);

export const SendMessageDocument = graphql(`
  mutation SendMessage($conversationId: Int!, $content: String!, $clientMessageId: String) {
    sendMessage(conversationId: $conversationId, content: $content, clientMessageId: $clientMessageId) {
      __typename
      ... on Message {
        ...MessageFields
      }
      ... on UpgradeRequiredError {
        code
        message
        targetPlan
      }
      ...AppErrorFields
    }
  }
`);

export const MarkConversationReadDocument = graphql(`
  mutation MarkConversationRead($conversationId: Int!) {
    markConversationRead(conversationId: $conversationId) {
      __typename
      ... on MarkConversationReadPayload {
        conversationId
        unreadCount
      }
      ...AppErrorFields
    }
  }
`);

export const DeleteConversationDocument = graphql(`
  mutation DeleteConversation($conversationId: Int!) {
    deleteConversation(conversationId: $conversationId) {
      __typename
      ... on DeleteConversationPayload {
        conversationId
      }
      ...AppErrorFields
    }
  }
`);

export const SetOnlineStatusDocument = graphql(`
  mutation SetOnlineStatus($isOnline: Boolean!) {
    setOnlineStatus(isOnline: $isOnline) {
      __typename
      ... on Presence {
        userId
        isOnline
      }
      ...AppErrorFields
    }
  }
`);

export const MessageAddedDocument = graphql(`
  subscription MessageAdded($conversationId: Int!) {
    messageAdded(conversationId: $conversationId) {
      ...MessageFields
    }
  }
`);

export const NewMessageNotificationsDocument = graphql(`
  subscription NewMessageNotifications {
    notifications {
      messageId
      senderName
      content
      conversationId
      offerId
      offerTitle
    }
  }
`);

export const UnreadCountChangedDocument = graphql(`
  subscription UnreadCountChanged {
    unreadCountChanged
  }
`);

export const PresenceChangedDocument = graphql(`
  subscription PresenceChanged {
    presenceChanged {
      userId
      isOnline
    }
  }
`);

/** Whether she muted this conversation's notices (issue 29), for its menu. */
export const ConversationNoticesDocument = graphql(`
  query ConversationNotices($id: Int!) {
    conversation(id: $id) {
      id
      noticesMuted
    }
  }
`);

export const MuteConversationNoticesDocument = graphql(`
  mutation MuteConversationNotices($conversationId: Int!) {
    muteConversationNotices(conversationId: $conversationId) {
      __typename
      ... on ConversationNoticesPayload {
        conversationId
        noticesMuted
      }
      ...AppErrorFields
    }
  }
`);

export const UnmuteConversationNoticesDocument = graphql(`
  mutation UnmuteConversationNotices($conversationId: Int!) {
    unmuteConversationNotices(conversationId: $conversationId) {
      __typename
      ... on ConversationNoticesPayload {
        conversationId
        noticesMuted
      }
      ...AppErrorFields
    }
  }
`);
