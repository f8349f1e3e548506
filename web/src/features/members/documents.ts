import { graphql } from "../../gql";

export const MembersDocument = graphql(`
  query Members($q: String, $activity: String, $interest: String, $state: String, $after: String) {
    members(q: $q, activity: $activity, interest: $interest, state: $state, first: 24, after: $after) {
      __typename
      ... on MemberConnection {
        edges {
          cursor
          node {
            id
            displayName
            plan
            professionalActivity
            city
            state
            miniBio
            profilePhotoUrl
            offers {
              id
              title
              type
            }
          }
        }
        pageInfo {
          hasNextPage
          endCursor
        }
      }
      ... on UpgradeRequiredError {
        code
        message
        upgradeMessage
        targetPlan
      }
      ...AppErrorFields
    }
  }
`);

export const MessageMemberDocument = graphql(`
  mutation MessageMember($offerId: Int!) {
    startConversation(offerId: $offerId) {
      __typename
      ... on Conversation {
        id
      }
      ... on UpgradeRequiredError {
        code
        targetPlan
      }
      ...AppErrorFields
    }
  }
`);
