import { graphql } from "../../gql";

/** Her subscription and her charges (the session's member only), for /perfil. */
export const MyBillingDocument = graphql(`
  query MyBilling {
    mySubscription {
      id
      plan
      billingCycle
      billingType
      status
      priceCents
      paidUntil
      canceledAt
    }
    myPayments {
      ...PaymentFields
      billingCycle
    }
  }
`);
