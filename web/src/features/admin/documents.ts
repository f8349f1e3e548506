import { graphql } from "../../gql";

export const AdminStatsFieldsFragment = graphql(`
  fragment AdminStatsFields on AdminStats {
    totalUsers
    onlineUsers
    totalOffers
    totalConversations
    totalMessages
    totalLikes
    pendingReports
    newUsers
    connectionsByType {
      collab
      permuta
      apoio
    }
    usersByPlan {
      nobreza
      alteza
      majestade
      imperatriz
    }
    offersByType {
      collab
      permuta
      apoio
    }
  }
`);

export const AdminStatsDocument = graphql(`
  query AdminStats {
    adminStats {
      ...AdminStatsFields
    }
  }
`);

export const AdminStatsChangedDocument = graphql(`
  subscription AdminStatsChanged {
    adminStatsChanged {
      ...AdminStatsFields
    }
  }
`);

export const AdminReportFieldsFragment = graphql(`
  fragment AdminReportFields on AdminReport {
    id
    kind
    openOnTarget
    status
    reason
    customReason
    adminNotes
    createdAt
    resolvedAt
    reportedUser {
      id
      fullName
      phone
    }
    offer {
      id
      title
      content
      hidden
      underReview
    }
    reportedMessage {
      id
      content
      sentAt
    }
  }
`);

export const AdminReportsDocument = graphql(`
  query AdminReports($status: ReportStatus, $first: Int, $after: String) {
    adminReports(status: $status, first: $first, after: $after) {
      items {
        ...AdminReportFields
      }
      nextCursor
    }
  }
`);

export const ReportAddedDocument = graphql(`
  subscription ReportAdded {
    reportAdded {
      ...AdminReportFields
    }
  }
`);

export const UpdateReportStatusDocument = graphql(`
  mutation UpdateReportStatus($reportId: Int!, $status: ReportStatus!, $adminNotes: String, $hideOffer: Boolean) {
    updateReportStatus(reportId: $reportId, status: $status, adminNotes: $adminNotes, hideOffer: $hideOffer) {
      __typename
      ... on AdminReport {
        ...AdminReportFields
      }
      ...AppErrorFields
    }
  }
`);

export const SponsorUsersDocument = graphql(`
  query SponsorUsers($filter: SponsorFilter, $first: Int, $after: String) {
    sponsorUsers(filter: $filter, first: $first, after: $after) {
      rows {
        id
        fullName
        phone
        plan
        region
        businessType
        age
        entrepreneurProfile
      }
      nextCursor
      total
      csvUrl
    }
  }
`);

export const SuperUsersDocument = graphql(`
  query SuperUsers {
    superUsers {
      id
      fullName
      phone
      email
      createdAt
      pending
    }
  }
`);

export const AddSuperUserDocument = graphql(`
  mutation AddSuperUser($phone: String!) {
    addSuperUser(phone: $phone) {
      __typename
      ... on SuperUser {
        id
        fullName
        phone
        email
        createdAt
        pending
      }
      ...AppErrorFields
    }
  }
`);

export const AuditLogDocument = graphql(`
  query AuditLog($first: Int, $after: String) {
    auditLog(first: $first, after: $after) {
      items {
        id
        action
        actor {
          id
          fullName
          phone
        }
        targetType
        targetId
        data
        ip
        createdAt
      }
      nextCursor
    }
  }
`);

export const AdminUserFieldsFragment = graphql(`
  fragment AdminUserFields on AdminUser {
    id
    fullName
    nickname
    phone
    email
    city
    plan
    suspension {
      suspended
      suspendedUntil
      reason
    }
  }
`);

export const AdminUserDocument = graphql(`
  query AdminUser($id: Int!) {
    adminUser(id: $id) {
      __typename
      ... on AdminUser {
        ...AdminUserFields
      }
      ...AppErrorFields
    }
  }
`);

export const AdminUsersDocument = graphql(`
  query AdminUsers($first: Int, $after: String) {
    adminUsers(first: $first, after: $after) {
      items {
        ...AdminUserFields
      }
      nextCursor
    }
  }
`);

export const AdminChangePlanDocument = graphql(`
  mutation AdminChangePlan($userId: Int!, $plan: Plan!) {
    adminChangePlan(userId: $userId, plan: $plan) {
      __typename
      ... on AdminUser {
        ...AdminUserFields
      }
      ...AppErrorFields
    }
  }
`);

export const AdminBannerFieldsFragment = graphql(`
  fragment AdminBannerFields on AdminBanner {
    id
    url
    alt
    link
    position
    active
    startsAt
    endsAt
    live
    createdAt
    updatedAt
  }
`);

export const AdminBannersDocument = graphql(`
  query AdminBanners {
    adminBanners {
      ...AdminBannerFields
    }
  }
`);

export const UpdateBannerDocument = graphql(`
  mutation UpdateBanner($id: Int!, $input: BannerInput!) {
    updateBanner(id: $id, input: $input) {
      __typename
      ... on AdminBanner {
        ...AdminBannerFields
      }
      ...AppErrorFields
    }
  }
`);

// The image travels as a GraphQL multipart request: send these with `context: { upload: true }` (bannerForm.ts).
export const CreateBannerDocument = graphql(`
  mutation CreateBanner($input: BannerInput!, $image: Upload!) {
    createBanner(input: $input, image: $image) {
      __typename
      ... on AdminBanner {
        ...AdminBannerFields
      }
      ...AppErrorFields
    }
  }
`);

export const ReplaceBannerImageDocument = graphql(`
  mutation ReplaceBannerImage($id: Int!, $image: Upload!) {
    replaceBannerImage(id: $id, image: $image) {
      __typename
      ... on AdminBanner {
        ...AdminBannerFields
      }
      ...AppErrorFields
    }
  }
`);

export const DeleteBannerDocument = graphql(`
  mutation DeleteBanner($id: Int!) {
    deleteBanner(id: $id) {
      __typename
      ... on DeleteBannerPayload {
        id
      }
      ...AppErrorFields
    }
  }
`);

export const PartnerApiKeyFieldsFragment = graphql(`
  fragment PartnerApiKeyFields on PartnerApiKey {
    id
    name
    prefix
    createdAt
    createdByName
    lastUsedAt
    requestCount
    revokedAt
  }
`);

export const PartnerApiKeysDocument = graphql(`
  query PartnerApiKeys {
    partnerApiKeys {
      ...PartnerApiKeyFields
    }
  }
`);

export const CreatePartnerApiKeyDocument = graphql(`
  mutation CreatePartnerApiKey($name: String!) {
    createPartnerApiKey(name: $name) {
      __typename
      ... on CreatedPartnerApiKey {
        key
        partnerApiKey {
          ...PartnerApiKeyFields
        }
      }
      ...AppErrorFields
    }
  }
`);

export const RevokePartnerApiKeyDocument = graphql(`
  mutation RevokePartnerApiKey($id: ID!) {
    revokePartnerApiKey(id: $id) {
      __typename
      ... on PartnerApiKey {
        ...PartnerApiKeyFields
      }
      ...AppErrorFields
    }
  }
`);

export const SuspendMemberDocument = graphql(`
  mutation SuspendMember($userId: Int!, $reason: String!, $days: Int) {
    suspendMember(userId: $userId, reason: $reason, days: $days) {
      __typename
      ... on Suspension {
        userId
        suspended
        suspendedUntil
        reason
      }
      ...AppErrorFields
    }
  }
`);

export const LiftSuspensionDocument = graphql(`
  mutation LiftSuspension($userId: Int!) {
    liftSuspension(userId: $userId) {
      __typename
      ... on Suspension {
        userId
        suspended
        suspendedUntil
        reason
      }
      ...AppErrorFields
    }
  }
`);

export const AdminDataExportsDocument = graphql(`
  query AdminDataExports($userId: Int!) {
    adminDataExports(userId: $userId) {
      ...DataExportFields
    }
  }
`);

export const AdminPrepareDataExportDocument = graphql(`
  mutation AdminPrepareDataExport($userId: Int!) {
    adminPrepareDataExport(userId: $userId) {
      __typename
      ... on DataExport {
        ...DataExportFields
      }
      ...AppErrorFields
    }
  }
`);
