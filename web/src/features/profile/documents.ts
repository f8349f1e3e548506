import { graphql } from "../../gql";

export const ReferralStatsDocument = graphql(`
  query ReferralStats {
    referralStats {
      nobreza
      alteza
      majestade
      imperatriz
      total
    }
  }
`);

export const AddressByCepDocument = graphql(`
  query AddressByCep($cep: String!) {
    addressByCep(cep: $cep) {
      cep
      street
      neighborhood
      city
      state
    }
  }
`);

export const UpdateProfileDocument = graphql(`
  mutation UpdateProfile($input: ProfileInput!) {
    updateProfile(input: $input) {
      __typename
      ... on Profile {
        ...ProfileFields
      }
      ...AppErrorFields
    }
  }
`);

export const DeleteAccountDocument = graphql(`
  mutation DeleteAccount {
    deleteAccount {
      __typename
      ... on DeleteAccountPayload {
        success
      }
      ...AppErrorFields
    }
  }
`);
