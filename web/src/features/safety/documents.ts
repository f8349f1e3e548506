import { graphql } from "../../gql";

export const SafetySettingsDocument = graphql(`
  query SafetySettings {
    profile {
      id
      conversationsFrom
    }
    myBlocks {
      id
      displayName
      blockedAt
    }
    myMutes {
      userId
      displayName
      mutedUntil
    }
  }
`);

export const BlockMemberDocument = graphql(`
  mutation BlockMember($userId: Int!) {
    blockMember(userId: $userId) {
      __typename
      ... on SafetyPayload {
        success
        userId
      }
      ...AppErrorFields
    }
  }
`);

export const UnblockMemberDocument = graphql(`
  mutation UnblockMember($userId: Int!) {
    unblockMember(userId: $userId) {
      __typename
      ... on SafetyPayload {
        success
        userId
      }
      ...AppErrorFields
    }
  }
`);

export const SetConversationsFromDocument = graphql(`
  mutation SetConversationsFrom($value: ConversationsFrom!) {
    setConversationsFrom(conversationsFrom: $value) {
      __typename
      ... on ConversationsFromPayload {
        conversationsFrom
      }
      ...AppErrorFields
    }
  }
`);

export const MuteMemberDocument = graphql(`
  mutation MuteMember($userId: Int!, $days: Int) {
    muteMember(userId: $userId, days: $days) {
      __typename
      ... on MemberMute {
        userId
        displayName
        mutedUntil
      }
      ...AppErrorFields
    }
  }
`);

export const UnmuteMemberDocument = graphql(`
  mutation UnmuteMember($userId: Int!) {
    unmuteMember(userId: $userId) {
      __typename
      ... on SafetyPayload {
        success
        userId
      }
      ...AppErrorFields
    }
  }
`);
