import { graphql } from "../gql";

/**
 * Her own profile, every field of it: read by 'Meu Perfil' (features/profile) and by the checkout
 * (features/plans), which fills in her name, e-mail, phone, CPF and CEP from it. Below both features,
 * so neither imports the other for it.
 */
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
