import { graphql } from "../../gql";

export const PaymentFieldsFragment = graphql(`
  fragment PaymentFields on Payment {
    id
    providerPaymentId
    plan
    billingType
    status
    amountCents
    dueDate
    paidAt
    invoiceUrl
    pix {
      qrCodeImage
      copyPaste
      expiresAt
    }
    boleto {
      identificationField
      bankSlipUrl
    }
    cardBrand
    cardLast4
    createdAt
  }
`);

export const CheckoutResultFieldsFragment = graphql(`
  fragment CheckoutResultFields on CheckoutResult {
    message
    isMigration
    subscription {
      id
      plan
      billingCycle
      billingType
      status
      priceCents
      discountCents
      promoCode
    }
    payment {
      ...PaymentFields
    }
  }
`);

export const CreateSubscriptionDocument = graphql(`
  mutation CreateSubscription($input: CreateSubscriptionInput!) {
    createSubscription(input: $input) {
      __typename
      ... on CheckoutResult {
        ...CheckoutResultFields
      }
      ...AppErrorFields
    }
  }
`);

export const ValidatePromoCodeDocument = graphql(`
  query ValidatePromoCode($code: String!, $plan: Plan!) {
    validatePromoCode(code: $code, plan: $plan) {
      __typename
      ... on PromoValidation {
        valid
        description
        error
        monthlyDiscountCents
        annualDiscountCents
      }
      ...AppErrorFields
    }
  }
`);

export const PaymentUpdatedDocument = graphql(`
  subscription PaymentUpdated {
    paymentUpdated {
      ...PaymentFields
    }
  }
`);

export const MyPaymentsDocument = graphql(`
  query MyPayments {
    myPayments {
      ...PaymentFields
    }
  }
`);

export const PaymentsProviderDocument = graphql(`
  query PaymentsProvider {
    demoPayments
  }
`);

