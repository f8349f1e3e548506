import { graphql } from "../../gql";

export const BoardOfferFieldsFragment = graphql(`
  fragment BoardOfferFields on Offer {
    id
    userId
    postType
    type
    title
    description
    categories
    likes
    isLiked
    isOwn
    isUrgent
    createdAt
    userNickname
    userFullName
    userName
    userPlan
    userJoinedAt
    userProfilePhoto
    userProfessionalActivity
    userConversationsFrom
  }
`);

export const BoardOffersDocument = graphql(`
  query BoardOffers($filter: OfferFilter, $first: Int, $after: String, $q: String) {
    offers(filter: $filter, first: $first, after: $after, q: $q) {
      edges {
        cursor
        node {
          ...BoardOfferFields
        }
      }
      pageInfo {
        endCursor
        hasNextPage
      }
    }
  }
`);

/** One card, asked for again when another member edits it (issue 24: the board keeps what she loaded). */
export const BoardOfferDocument = graphql(`
  query BoardOffer($id: Int!) {
    offer(id: $id) {
      ...BoardOfferFields
      hidden
      underReview
    }
  }
`);

/** 'Minhas Publicações': her own offers, with the conversations started on each (issue 24). */
export const MyOffersDocument = graphql(`
  query MyOffers {
    myOffers {
      conversationCount
      offer {
        ...BoardOfferFields
        hidden
        underReview
      }
    }
  }
`);

export const CreateOfferDocument = graphql(`
  mutation CreateOffer($input: OfferInput!) {
    createOffer(input: $input) {
      __typename
      ... on Offer {
        ...BoardOfferFields
      }
      ... on PlanLimitError {
        code
        message
        upgradeMessage
        showUpgrade
      }
      ...AppErrorFields
    }
  }
`);

export const UpdateOfferDocument = graphql(`
  mutation UpdateOffer($id: Int!, $input: UpdateOfferInput!) {
    updateOffer(id: $id, input: $input) {
      __typename
      ... on Offer {
        ...BoardOfferFields
      }
      ... on PlanLimitError {
        code
        message
        upgradeMessage
        showUpgrade
      }
      ...AppErrorFields
    }
  }
`);

export const DeleteOfferDocument = graphql(`
  mutation DeleteOffer($id: Int!) {
    deleteOffer(id: $id) {
      __typename
      ... on DeleteOfferPayload {
        offerId
      }
      ...AppErrorFields
    }
  }
`);

export const ToggleLikeDocument = graphql(`
  mutation ToggleLike($offerId: Int!) {
    toggleLike(offerId: $offerId) {
      __typename
      ... on LikePayload {
        offerId
        liked
        totalLikes
      }
      ...AppErrorFields
    }
  }
`);

export const ImproveOfferTextDocument = graphql(`
  mutation ImproveOfferText($input: ImproveOfferTextInput!) {
    improveOfferText(input: $input) {
      __typename
      ... on ImprovedText {
        description
      }
      ...AppErrorFields
    }
  }
`);

export const OffersChangedDocument = graphql(`
  subscription OffersChanged {
    offersChanged {
      kind
      offerId
      totalLikes
    }
  }
`);

export const StartConversationDocument = graphql(`
  mutation StartConversation($offerId: Int!) {
    startConversation(offerId: $offerId) {
      __typename
      ... on Conversation {
        id
      }
      ... on UpgradeRequiredError {
        code
        action
        targetPlan
        message
        upgradeMessage
      }
      ...AppErrorFields
    }
  }
`);

export const ReportOfferDocument = graphql(`
  mutation ReportOffer($input: ReportInput!) {
    reportOffer(input: $input) {
      __typename
      ... on ReportPayload {
        id
      }
      ...AppErrorFields
    }
  }
`);

export const AuthorProfileDocument = graphql(`
  query AuthorProfile($id: Int!) {
    publicProfile(id: $id) {
      __typename
      ... on PublicProfile {
        id
        displayName
        nickname
        fullName
        plan
        joinYear
        professionalActivity
        city
        state
        interests
        miniBio
        profilePhotoUrl
        bannerImageUrl
        bannerLink
        instagram
        website
        linkedin
        youtube
        facebook
        tiktok
        isOnline
      }
      ... on UpgradeRequiredError {
        code
        message
        targetPlan
      }
      ...AppErrorFields
    }
  }
`);

export const ReportMemberDocument = graphql(`
  mutation ReportMember($input: MemberReportInput!) {
    reportMember(input: $input) {
      __typename
      ... on ReportPayload {
        id
      }
      ...AppErrorFields
    }
  }
`);

export const ReportMessageDocument = graphql(`
  mutation ReportMessage($input: MessageReportInput!) {
    reportMessage(input: $input) {
      __typename
      ... on ReportPayload {
        id
      }
      ...AppErrorFields
    }
  }
`);
