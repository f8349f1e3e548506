import { graphql } from "../../gql";

export const PushPublicKeyDocument = graphql(`
  query PushPublicKey {
    pushPublicKey {
      enabled
      publicKey
    }
  }
`);

export const SubscribePushDocument = graphql(`
  mutation SubscribePush($input: SubscribePushInput!) {
    subscribePush(input: $input) {
      __typename
      ... on PushSubscriptionPayload {
        success
      }
      ... on AppError {
        message
      }
    }
  }
`);

export const UnsubscribePushDocument = graphql(`
  mutation UnsubscribePush($endpoint: String!) {
    unsubscribePush(endpoint: $endpoint) {
      __typename
      ... on PushSubscriptionPayload {
        removed
      }
    }
  }
`);
