import { graphql } from "../../gql";

export const ProfileFieldsFragment = graphql(`
  fragment ProfileFields on Profile {
    id
    plan
    phone
    countryCode
    profileComplete
    referralCode
    profilePhoto
    profilePhotoUrl
    bannerImage
    bannerImageUrl
    fullName
    nickname
    email
    cpf
    whatsapp
    birthDate
    cep
    street
    houseNumber
    complement
    neighborhood
    city
    state
    professionalActivity
    interests
    melhorEmail
    website
    linkedin
    youtube
    facebook
    instagram
    tiktok
    miniBio
    bannerLink
    businessType
    serviceType
    entrepreneurProfile
    shareWithSponsors
    whatsappNotificationsEnabled
    acceptedTerms
    acceptedPrivacyPolicy
    acceptedLGPD
    isOver18
  }
`);

export const MyProfileDocument = graphql(`
  query MyProfile {
    profile {
      ...ProfileFields
    }
  }
`);

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
