import { graphql } from "../../gql";

export const MyPrivacyDocument = graphql(`
  query MyPrivacy {
    myConsents {
      current {
        purpose
        granted
        version
        at
        source
      }
      pending
    }
    myDataSharing {
      recipient
      kind
      day
      fields
      count
    }
  }
`);

export const PendingConsentsDocument = graphql(`
  query PendingConsents {
    myConsents {
      pending
    }
  }
`);

export const SetConsentDocument = graphql(`
  mutation SetConsent($purpose: ConsentPurpose!, $granted: Boolean!) {
    setConsent(purpose: $purpose, granted: $granted) {
      __typename
      ... on Consents {
        current {
          purpose
          granted
          version
          at
          source
        }
        pending
      }
      ...AppErrorFields
    }
  }
`);

export const MyDataExportDocument = graphql(`
  query MyDataExport {
    myDataExport {
      ...DataExportFields
    }
  }
`);

export const RequestDataExportDocument = graphql(`
  mutation RequestDataExport {
    requestDataExport {
      __typename
      ... on DataExport {
        ...DataExportFields
      }
      ... on AppError {
        code
        message
        retryAfterSeconds
      }
    }
  }
`);
