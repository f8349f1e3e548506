import { graphql } from "../../gql";

export const SendLoginTokenDocument = graphql(`
  mutation SendLoginToken($input: SendLoginTokenInput!) {
    sendLoginToken(input: $input) {
      __typename
      ... on SendLoginTokenPayload {
        success
        expiresInSeconds
        resendAfterSeconds
      }
      ... on AppError {
        ...AppErrorFields
        retryAfterSeconds
        tokenExpiresInSeconds
      }
    }
  }
`);

export const VerifyLoginTokenDocument = graphql(`
  mutation VerifyLoginToken($input: VerifyLoginTokenInput!) {
    verifyLoginToken(input: $input) {
      __typename
      ... on VerifyLoginTokenPayload {
        user {
          ...SessionUser
        }
      }
      ... on AppError {
        ...AppErrorFields
        retryAfterSeconds
      }
    }
  }
`);

export const AppInfoDocument = graphql(`
  query AppInfo {
    appInfo {
      localWhatsapp
      productName
    }
  }
`);
