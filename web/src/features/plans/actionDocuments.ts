import { graphql } from "../../gql";

/**
 * The plans flow's mutations (it is on the first screen), in a module of their own that loads when she
 * acts, so they stay out of the first load. The cancellation is here rather than with the profile:
 * the plans flow cancels too.
 */
export const CancelSubscriptionDocument = graphql(`
  mutation CancelSubscription {
    cancelSubscription {
      __typename
      ... on Profile {
        ...ProfileFields
      }
      ...AppErrorFields
    }
  }
`);

export const RegisterImperatrizInterestDocument = graphql(`
  mutation RegisterImperatrizInterest {
    registerImperatrizInterest {
      __typename
      ... on ImperatrizInterest {
        alreadyRegistered
        registeredAt
      }
      ...AppErrorFields
    }
  }
`);
