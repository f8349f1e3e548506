/* eslint-disable */
import * as types from './graphql';
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';

/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "\n  fragment AdminStatsFields on AdminStats {\n    totalUsers\n    onlineUsers\n    totalOffers\n    totalConversations\n    totalMessages\n    totalLikes\n    pendingReports\n    newUsers\n    connectionsByType {\n      collab\n      permuta\n      apoio\n    }\n    usersByPlan {\n      nobreza\n      alteza\n      majestade\n      imperatriz\n    }\n    offersByType {\n      collab\n      permuta\n      apoio\n    }\n  }\n": typeof types.AdminStatsFieldsFragmentDoc,
    "\n  query AdminStats {\n    adminStats {\n      ...AdminStatsFields\n    }\n  }\n": typeof types.AdminStatsDocument,
    "\n  subscription AdminStatsChanged {\n    adminStatsChanged {\n      ...AdminStatsFields\n    }\n  }\n": typeof types.AdminStatsChangedDocument,
    "\n  fragment AdminReportFields on AdminReport {\n    id\n    kind\n    openOnTarget\n    status\n    reason\n    customReason\n    adminNotes\n    createdAt\n    resolvedAt\n    reportedUser {\n      id\n      fullName\n      phone\n    }\n    offer {\n      id\n      title\n      content\n      hidden\n      underReview\n    }\n    reportedMessage {\n      id\n      content\n      sentAt\n    }\n  }\n": typeof types.AdminReportFieldsFragmentDoc,
    "\n  query AdminReports($status: ReportStatus, $first: Int, $after: String) {\n    adminReports(status: $status, first: $first, after: $after) {\n      items {\n        ...AdminReportFields\n      }\n      nextCursor\n    }\n  }\n": typeof types.AdminReportsDocument,
    "\n  subscription ReportAdded {\n    reportAdded {\n      ...AdminReportFields\n    }\n  }\n": typeof types.ReportAddedDocument,
    "\n  mutation UpdateReportStatus($reportId: Int!, $status: ReportStatus!, $adminNotes: String, $hideOffer: Boolean) {\n    updateReportStatus(reportId: $reportId, status: $status, adminNotes: $adminNotes, hideOffer: $hideOffer) {\n      __typename\n      ... on AdminReport {\n        ...AdminReportFields\n      }\n      ...AppErrorFields\n    }\n  }\n": typeof types.UpdateReportStatusDocument,
    "\n  query SponsorUsers($filter: SponsorFilter, $first: Int, $after: String) {\n    sponsorUsers(filter: $filter, first: $first, after: $after) {\n      rows {\n        id\n        fullName\n        phone\n        plan\n        region\n        businessType\n        age\n        entrepreneurProfile\n      }\n      nextCursor\n      total\n      csvUrl\n    }\n  }\n": typeof types.SponsorUsersDocument,
    "\n  query SuperUsers {\n    superUsers {\n      id\n      fullName\n      phone\n      email\n      createdAt\n      pending\n    }\n  }\n": typeof types.SuperUsersDocument,
    "\n  mutation AddSuperUser($phone: String!) {\n    addSuperUser(phone: $phone) {\n      __typename\n      ... on SuperUser {\n        id\n        fullName\n        phone\n        email\n        createdAt\n        pending\n      }\n      ...AppErrorFields\n    }\n  }\n": typeof types.AddSuperUserDocument,
    "\n  query AuditLog($first: Int, $after: String) {\n    auditLog(first: $first, after: $after) {\n      items {\n        id\n        action\n        actor {\n          id\n          fullName\n          phone\n        }\n        targetType\n        targetId\n        data\n        ip\n        createdAt\n      }\n      nextCursor\n    }\n  }\n": typeof types.AuditLogDocument,
    "\n  fragment AdminUserFields on AdminUser {\n    id\n    fullName\n    nickname\n    phone\n    email\n    city\n    plan\n    suspension {\n      suspended\n      suspendedUntil\n      reason\n    }\n  }\n": typeof types.AdminUserFieldsFragmentDoc,
    "\n  query AdminUser($id: Int!) {\n    adminUser(id: $id) {\n      __typename\n      ... on AdminUser {\n        ...AdminUserFields\n      }\n      ...AppErrorFields\n    }\n  }\n": typeof types.AdminUserDocument,
    "\n  query AdminUsers($first: Int, $after: String) {\n    adminUsers(first: $first, after: $after) {\n      items {\n        ...AdminUserFields\n      }\n      nextCursor\n    }\n  }\n": typeof types.AdminUsersDocument,
    "\n  mutation AdminChangePlan($userId: Int!, $plan: Plan!) {\n    adminChangePlan(userId: $userId, plan: $plan) {\n      __typename\n      ... on AdminUser {\n        ...AdminUserFields\n      }\n      ...AppErrorFields\n    }\n  }\n": typeof types.AdminChangePlanDocument,
    "\n  fragment AdminBannerFields on AdminBanner {\n    id\n    url\n    alt\n    link\n    position\n    active\n    startsAt\n    endsAt\n    live\n    createdAt\n    updatedAt\n  }\n": typeof types.AdminBannerFieldsFragmentDoc,
    "\n  query AdminBanners {\n    adminBanners {\n      ...AdminBannerFields\n    }\n  }\n": typeof types.AdminBannersDocument,
    "\n  mutation UpdateBanner($id: Int!, $input: BannerInput!) {\n    updateBanner(id: $id, input: $input) {\n      __typename\n      ... on AdminBanner {\n        ...AdminBannerFields\n      }\n      ...AppErrorFields\n    }\n  }\n": typeof types.UpdateBannerDocument,
    "\n  mutation CreateBanner($input: BannerInput!, $image: Upload!) {\n    createBanner(input: $input, image: $image) {\n      __typename\n      ... on AdminBanner {\n        ...AdminBannerFields\n      }\n      ...AppErrorFields\n    }\n  }\n": typeof types.CreateBannerDocument,
    "\n  mutation ReplaceBannerImage($id: Int!, $image: Upload!) {\n    replaceBannerImage(id: $id, image: $image) {\n      __typename\n      ... on AdminBanner {\n        ...AdminBannerFields\n      }\n      ...AppErrorFields\n    }\n  }\n": typeof types.ReplaceBannerImageDocument,
    "\n  mutation DeleteBanner($id: Int!) {\n    deleteBanner(id: $id) {\n      __typename\n      ... on DeleteBannerPayload {\n        id\n      }\n      ...AppErrorFields\n    }\n  }\n": typeof types.DeleteBannerDocument,
    "\n  fragment PartnerApiKeyFields on PartnerApiKey {\n    id\n    name\n    prefix\n    createdAt\n    createdByName\n    lastUsedAt\n    requestCount\n    revokedAt\n  }\n": typeof types.PartnerApiKeyFieldsFragmentDoc,
    "\n  query PartnerApiKeys {\n    partnerApiKeys {\n      ...PartnerApiKeyFields\n    }\n  }\n": typeof types.PartnerApiKeysDocument,
    "\n  mutation CreatePartnerApiKey($name: String!) {\n    createPartnerApiKey(name: $name) {\n      __typename\n      ... on CreatedPartnerApiKey {\n        key\n        partnerApiKey {\n          ...PartnerApiKeyFields\n        }\n      }\n      ...AppErrorFields\n    }\n  }\n": typeof types.CreatePartnerApiKeyDocument,
    "\n  mutation RevokePartnerApiKey($id: ID!) {\n    revokePartnerApiKey(id: $id) {\n      __typename\n      ... on PartnerApiKey {\n        ...PartnerApiKeyFields\n      }\n      ...AppErrorFields\n    }\n  }\n": typeof types.RevokePartnerApiKeyDocument,
    "\n  mutation SuspendMember($userId: Int!, $reason: String!, $days: Int) {\n    suspendMember(userId: $userId, reason: $reason, days: $days) {\n      __typename\n      ... on Suspension {\n        userId\n        suspended\n        suspendedUntil\n        reason\n      }\n      ...AppErrorFields\n    }\n  }\n": typeof types.SuspendMemberDocument,
    "\n  mutation LiftSuspension($userId: Int!) {\n    liftSuspension(userId: $userId) {\n      __typename\n      ... on Suspension {\n        userId\n        suspended\n        suspendedUntil\n        reason\n      }\n      ...AppErrorFields\n    }\n  }\n": typeof types.LiftSuspensionDocument,
    "\n  query AdminDataExports($userId: Int!) {\n    adminDataExports(userId: $userId) {\n      ...DataExportFields\n    }\n  }\n": typeof types.AdminDataExportsDocument,
    "\n  mutation AdminPrepareDataExport($userId: Int!) {\n    adminPrepareDataExport(userId: $userId) {\n      __typename\n      ... on DataExport {\n        ...DataExportFields\n      }\n      ...AppErrorFields\n    }\n  }\n": typeof types.AdminPrepareDataExportDocument,
    "\n  mutation SendLoginToken($input: SendLoginTokenInput!) {\n    sendLoginToken(input: $input) {\n      __typename\n      ... on SendLoginTokenPayload {\n        success\n        expiresInSeconds\n        resendAfterSeconds\n      }\n      ... on AppError {\n        ...AppErrorFields\n        retryAfterSeconds\n        tokenExpiresInSeconds\n      }\n    }\n  }\n": typeof types.SendLoginTokenDocument,
    "\n  mutation VerifyLoginToken($input: VerifyLoginTokenInput!) {\n    verifyLoginToken(input: $input) {\n      __typename\n      ... on VerifyLoginTokenPayload {\n        user {\n          ...SessionUser\n        }\n      }\n      ... on AppError {\n        ...AppErrorFields\n        retryAfterSeconds\n      }\n    }\n  }\n": typeof types.VerifyLoginTokenDocument,
    "\n  query AppInfo {\n    appInfo {\n      localWhatsapp\n      productName\n    }\n  }\n": typeof types.AppInfoDocument,
    "\n  fragment BannerFields on Banner {\n    id\n    url\n    alt\n    link\n  }\n": typeof types.BannerFieldsFragmentDoc,
    "\n  query Banners {\n    banners {\n      ...BannerFields\n    }\n  }\n": typeof types.BannersDocument,
    "\n  subscription BannersUpdated {\n    bannersUpdated {\n      ...BannerFields\n    }\n  }\n": typeof types.BannersUpdatedDocument,
    "\n  query Members($q: String, $activity: String, $interest: String, $state: String, $after: String) {\n    members(q: $q, activity: $activity, interest: $interest, state: $state, first: 24, after: $after) {\n      __typename\n      ... on MemberConnection {\n        edges {\n          cursor\n          node {\n            id\n            displayName\n            plan\n            professionalActivity\n            city\n            state\n            miniBio\n            profilePhotoUrl\n            offers {\n              id\n              title\n              type\n            }\n          }\n        }\n        pageInfo {\n          hasNextPage\n          endCursor\n        }\n      }\n      ... on UpgradeRequiredError {\n        code\n        message\n        upgradeMessage\n        targetPlan\n      }\n      ...AppErrorFields\n    }\n  }\n": typeof types.MembersDocument,
    "\n  mutation MessageMember($offerId: Int!) {\n    startConversation(offerId: $offerId) {\n      __typename\n      ... on Conversation {\n        id\n      }\n      ... on UpgradeRequiredError {\n        code\n        targetPlan\n      }\n      ...AppErrorFields\n    }\n  }\n": typeof types.MessageMemberDocument,
    "\n  fragment ConversationFields on Conversation {\n    id\n    createdAt\n    lastMessageAt\n    unreadCount\n    messagingClosed\n    otherSuspended\n    offer {\n      id\n      title\n      type\n    }\n    otherUser {\n      id\n      fullName\n      nickname\n      profilePhoto\n      plan\n      isOnline\n    }\n    lastMessage {\n      id\n      conversationId\n      senderId\n      content\n      createdAt\n      isMine\n    }\n  }\n": typeof types.ConversationFieldsFragmentDoc,
    "\n  fragment MessageFields on Message {\n    id\n    conversationId\n    senderId\n    content\n    createdAt\n    isMine\n  }\n": typeof types.MessageFieldsFragmentDoc,
    "\n  query Conversations {\n    conversations {\n      ...ConversationFields\n    }\n  }\n": typeof types.ConversationsDocument,
    "\n  query SearchConversations($q: String!) {\n    conversations(q: $q) {\n      ...ConversationFields\n      match {\n        fields\n        snippet\n        messageId\n        terms\n      }\n    }\n  }\n": typeof types.SearchConversationsDocument,
    "\n  query Conversation($id: Int!) {\n    conversation(id: $id) {\n      ...ConversationFields\n    }\n  }\n": typeof types.ConversationDocument,
    "\n  query Messages($conversationId: Int!, $after: Int, $before: Int, $limit: Int) {\n    messages(conversationId: $conversationId, after: $after, before: $before, limit: $limit) {\n      ...MessageFields\n    }\n  }\n": typeof types.MessagesDocument,
    "\n  query UnreadCount {\n    unreadCount\n  }\n": typeof types.UnreadCountDocument,
    "\n  mutation SendMessage($conversationId: Int!, $content: String!, $clientMessageId: String) {\n    sendMessage(conversationId: $conversationId, content: $content, clientMessageId: $clientMessageId) {\n      __typename\n      ... on Message {\n        ...MessageFields\n      }\n      ... on UpgradeRequiredError {\n        code\n        message\n        targetPlan\n      }\n      ...AppErrorFields\n    }\n  }\n": typeof types.SendMessageDocument,
    "\n  mutation MarkConversationRead($conversationId: Int!) {\n    markConversationRead(conversationId: $conversationId) {\n      __typename\n      ... on MarkConversationReadPayload {\n        conversationId\n        unreadCount\n      }\n      ...AppErrorFields\n    }\n  }\n": typeof types.MarkConversationReadDocument,
    "\n  mutation DeleteConversation($conversationId: Int!) {\n    deleteConversation(conversationId: $conversationId) {\n      __typename\n      ... on DeleteConversationPayload {\n        conversationId\n      }\n      ...AppErrorFields\n    }\n  }\n": typeof types.DeleteConversationDocument,
    "\n  mutation SetOnlineStatus($isOnline: Boolean!) {\n    setOnlineStatus(isOnline: $isOnline) {\n      __typename\n      ... on Presence {\n        userId\n        isOnline\n      }\n      ...AppErrorFields\n    }\n  }\n": typeof types.SetOnlineStatusDocument,
    "\n  subscription MessageAdded($conversationId: Int!) {\n    messageAdded(conversationId: $conversationId) {\n      ...MessageFields\n    }\n  }\n": typeof types.MessageAddedDocument,
    "\n  subscription NewMessageNotifications {\n    notifications {\n      messageId\n      senderName\n      content\n      conversationId\n      offerId\n      offerTitle\n    }\n  }\n": typeof types.NewMessageNotificationsDocument,
    "\n  subscription UnreadCountChanged {\n    unreadCountChanged\n  }\n": typeof types.UnreadCountChangedDocument,
    "\n  subscription PresenceChanged {\n    presenceChanged {\n      userId\n      isOnline\n    }\n  }\n": typeof types.PresenceChangedDocument,
    "\n  query ConversationNotices($id: Int!) {\n    conversation(id: $id) {\n      id\n      noticesMuted\n    }\n  }\n": typeof types.ConversationNoticesDocument,
    "\n  mutation MuteConversationNotices($conversationId: Int!) {\n    muteConversationNotices(conversationId: $conversationId) {\n      __typename\n      ... on ConversationNoticesPayload {\n        conversationId\n        noticesMuted\n      }\n      ...AppErrorFields\n    }\n  }\n": typeof types.MuteConversationNoticesDocument,
    "\n  mutation UnmuteConversationNotices($conversationId: Int!) {\n    unmuteConversationNotices(conversationId: $conversationId) {\n      __typename\n      ... on ConversationNoticesPayload {\n        conversationId\n        noticesMuted\n      }\n      ...AppErrorFields\n    }\n  }\n": typeof types.UnmuteConversationNoticesDocument,
    "\n  fragment NotificationFields on Notification {\n    id\n    type\n    title\n    body\n    link\n    createdAt\n    readAt\n  }\n": typeof types.NotificationFieldsFragmentDoc,
    "\n  query NotificationCentre($after: String) {\n    notificationCentre(after: $after) {\n      __typename\n      ... on NotificationCentre {\n        items {\n          ...NotificationFields\n        }\n        unread\n        nextCursor\n      }\n      ...AppErrorFields\n    }\n  }\n": typeof types.NotificationCentreDocument,
    "\n  query NotificationUnread {\n    notificationCentre {\n      __typename\n      ... on NotificationCentre {\n        unread\n      }\n      ...AppErrorFields\n    }\n  }\n": typeof types.NotificationUnreadDocument,
    "\n  subscription NotificationCentreChanged {\n    notificationCentreChanged {\n      entry {\n        ...NotificationFields\n      }\n      unread\n    }\n  }\n": typeof types.NotificationCentreChangedDocument,
    "\n  mutation MarkNotificationsRead($ids: [Int!], $all: Boolean) {\n    markNotificationsRead(ids: $ids, all: $all) {\n      __typename\n      ... on MarkNotificationsReadPayload {\n        unread\n      }\n      ...AppErrorFields\n    }\n  }\n": typeof types.MarkNotificationsReadDocument,
    "\n  fragment NotificationPreferencesFields on NotificationPreferences {\n    types {\n      type\n      inApp\n      push\n      whatsapp\n    }\n    quietHours {\n      start\n      end\n    }\n  }\n": typeof types.NotificationPreferencesFieldsFragmentDoc,
    "\n  query NotificationPreferences {\n    notificationPreferences {\n      ...NotificationPreferencesFields\n    }\n  }\n": typeof types.NotificationPreferencesDocument,
    "\n  mutation UpdateNotificationPreferences($types: [NotificationTypePreferenceInput!], $quietHours: QuietHoursInput) {\n    updateNotificationPreferences(types: $types, quietHours: $quietHours) {\n      __typename\n      ...NotificationPreferencesFields\n      ...AppErrorFields\n    }\n  }\n": typeof types.UpdateNotificationPreferencesDocument,
    "\n  fragment BoardOfferFields on Offer {\n    id\n    userId\n    postType\n    type\n    title\n    description\n    categories\n    likes\n    isLiked\n    isOwn\n    isUrgent\n    createdAt\n    userNickname\n    userFullName\n    userName\n    userPlan\n    userJoinedAt\n    userProfilePhoto\n    userProfessionalActivity\n    userConversationsFrom\n  }\n": typeof types.BoardOfferFieldsFragmentDoc,
    "\n  query BoardOffers($filter: OfferFilter, $first: Int, $after: String, $q: String) {\n    offers(filter: $filter, first: $first, after: $after, q: $q) {\n      edges {\n        cursor\n        node {\n          ...BoardOfferFields\n        }\n      }\n      pageInfo {\n        endCursor\n        hasNextPage\n      }\n    }\n  }\n": typeof types.BoardOffersDocument,
    "\n  query BoardOffer($id: Int!) {\n    offer(id: $id) {\n      ...BoardOfferFields\n      hidden\n      underReview\n    }\n  }\n": typeof types.BoardOfferDocument,
    "\n  query MyOffers {\n    myOffers {\n      conversationCount\n      offer {\n        ...BoardOfferFields\n        hidden\n        underReview\n      }\n    }\n  }\n": typeof types.MyOffersDocument,
    "\n  mutation CreateOffer($input: OfferInput!) {\n    createOffer(input: $input) {\n      __typename\n      ... on Offer {\n        ...BoardOfferFields\n      }\n      ... on PlanLimitError {\n        code\n        message\n        upgradeMessage\n        showUpgrade\n      }\n      ...AppErrorFields\n    }\n  }\n": typeof types.CreateOfferDocument,
    "\n  mutation UpdateOffer($id: Int!, $input: UpdateOfferInput!) {\n    updateOffer(id: $id, input: $input) {\n      __typename\n      ... on Offer {\n        ...BoardOfferFields\n      }\n      ... on PlanLimitError {\n        code\n        message\n        upgradeMessage\n        showUpgrade\n      }\n      ...AppErrorFields\n    }\n  }\n": typeof types.UpdateOfferDocument,
    "\n  mutation DeleteOffer($id: Int!) {\n    deleteOffer(id: $id) {\n      __typename\n      ... on DeleteOfferPayload {\n        offerId\n      }\n      ...AppErrorFields\n    }\n  }\n": typeof types.DeleteOfferDocument,
    "\n  mutation ToggleLike($offerId: Int!) {\n    toggleLike(offerId: $offerId) {\n      __typename\n      ... on LikePayload {\n        offerId\n        liked\n        totalLikes\n      }\n      ...AppErrorFields\n    }\n  }\n": typeof types.ToggleLikeDocument,
    "\n  mutation ImproveOfferText($input: ImproveOfferTextInput!) {\n    improveOfferText(input: $input) {\n      __typename\n      ... on ImprovedText {\n        description\n      }\n      ...AppErrorFields\n    }\n  }\n": typeof types.ImproveOfferTextDocument,
    "\n  subscription OffersChanged {\n    offersChanged {\n      kind\n      offerId\n      totalLikes\n    }\n  }\n": typeof types.OffersChangedDocument,
    "\n  mutation StartConversation($offerId: Int!) {\n    startConversation(offerId: $offerId) {\n      __typename\n      ... on Conversation {\n        id\n      }\n      ... on UpgradeRequiredError {\n        code\n        action\n        targetPlan\n        message\n        upgradeMessage\n      }\n      ...AppErrorFields\n    }\n  }\n": typeof types.StartConversationDocument,
    "\n  mutation ReportOffer($input: ReportInput!) {\n    reportOffer(input: $input) {\n      __typename\n      ... on ReportPayload {\n        id\n      }\n      ...AppErrorFields\n    }\n  }\n": typeof types.ReportOfferDocument,
    "\n  query AuthorProfile($id: Int!) {\n    publicProfile(id: $id) {\n      __typename\n      ... on PublicProfile {\n        id\n        displayName\n        nickname\n        fullName\n        plan\n        joinYear\n        professionalActivity\n        city\n        state\n        interests\n        miniBio\n        profilePhotoUrl\n        bannerImageUrl\n        bannerLink\n        instagram\n        website\n        linkedin\n        youtube\n        facebook\n        tiktok\n        isOnline\n      }\n      ... on UpgradeRequiredError {\n        code\n        message\n        targetPlan\n      }\n      ...AppErrorFields\n    }\n  }\n": typeof types.AuthorProfileDocument,
    "\n  mutation ReportMember($input: MemberReportInput!) {\n    reportMember(input: $input) {\n      __typename\n      ... on ReportPayload {\n        id\n      }\n      ...AppErrorFields\n    }\n  }\n": typeof types.ReportMemberDocument,
    "\n  mutation ReportMessage($input: MessageReportInput!) {\n    reportMessage(input: $input) {\n      __typename\n      ... on ReportPayload {\n        id\n      }\n      ...AppErrorFields\n    }\n  }\n": typeof types.ReportMessageDocument,
    "\n  mutation CancelSubscription {\n    cancelSubscription {\n      __typename\n      ... on Profile {\n        ...ProfileFields\n      }\n      ...AppErrorFields\n    }\n  }\n": typeof types.CancelSubscriptionDocument,
    "\n  mutation RegisterImperatrizInterest {\n    registerImperatrizInterest {\n      __typename\n      ... on ImperatrizInterest {\n        alreadyRegistered\n        registeredAt\n      }\n      ...AppErrorFields\n    }\n  }\n": typeof types.RegisterImperatrizInterestDocument,
    "\n  query MyBilling {\n    mySubscription {\n      id\n      plan\n      billingCycle\n      billingType\n      status\n      priceCents\n      paidUntil\n      canceledAt\n    }\n    myPayments {\n      ...PaymentFields\n      billingCycle\n    }\n  }\n": typeof types.MyBillingDocument,
    "\n  fragment PaymentFields on Payment {\n    id\n    providerPaymentId\n    plan\n    billingType\n    status\n    amountCents\n    dueDate\n    paidAt\n    invoiceUrl\n    pix {\n      qrCodeImage\n      copyPaste\n      expiresAt\n    }\n    boleto {\n      identificationField\n      bankSlipUrl\n    }\n    cardBrand\n    cardLast4\n    createdAt\n  }\n": typeof types.PaymentFieldsFragmentDoc,
    "\n  fragment CheckoutResultFields on CheckoutResult {\n    message\n    isMigration\n    subscription {\n      id\n      plan\n      billingCycle\n      billingType\n      status\n      priceCents\n      discountCents\n      promoCode\n    }\n    payment {\n      ...PaymentFields\n    }\n  }\n": typeof types.CheckoutResultFieldsFragmentDoc,
    "\n  mutation CreateSubscription($input: CreateSubscriptionInput!) {\n    createSubscription(input: $input) {\n      __typename\n      ... on CheckoutResult {\n        ...CheckoutResultFields\n      }\n      ...AppErrorFields\n    }\n  }\n": typeof types.CreateSubscriptionDocument,
    "\n  query ValidatePromoCode($code: String!, $plan: Plan!) {\n    validatePromoCode(code: $code, plan: $plan) {\n      __typename\n      ... on PromoValidation {\n        valid\n        description\n        error\n        monthlyDiscountCents\n        annualDiscountCents\n      }\n      ...AppErrorFields\n    }\n  }\n": typeof types.ValidatePromoCodeDocument,
    "\n  subscription PaymentUpdated {\n    paymentUpdated {\n      ...PaymentFields\n    }\n  }\n": typeof types.PaymentUpdatedDocument,
    "\n  query MyPayments {\n    myPayments {\n      ...PaymentFields\n    }\n  }\n": typeof types.MyPaymentsDocument,
    "\n  query PaymentsProvider {\n    demoPayments\n  }\n": typeof types.PaymentsProviderDocument,
    "\n  query MyPrivacy {\n    myConsents {\n      current {\n        purpose\n        granted\n        version\n        at\n        source\n      }\n      pending\n    }\n    myDataSharing {\n      recipient\n      kind\n      day\n      fields\n      count\n    }\n  }\n": typeof types.MyPrivacyDocument,
    "\n  query PendingConsents {\n    myConsents {\n      pending\n    }\n  }\n": typeof types.PendingConsentsDocument,
    "\n  mutation SetConsent($purpose: ConsentPurpose!, $granted: Boolean!) {\n    setConsent(purpose: $purpose, granted: $granted) {\n      __typename\n      ... on Consents {\n        current {\n          purpose\n          granted\n          version\n          at\n          source\n        }\n        pending\n      }\n      ...AppErrorFields\n    }\n  }\n": typeof types.SetConsentDocument,
    "\n  query MyDataExport {\n    myDataExport {\n      ...DataExportFields\n    }\n  }\n": typeof types.MyDataExportDocument,
    "\n  mutation RequestDataExport {\n    requestDataExport {\n      __typename\n      ... on DataExport {\n        ...DataExportFields\n      }\n      ... on AppError {\n        code\n        message\n        retryAfterSeconds\n      }\n    }\n  }\n": typeof types.RequestDataExportDocument,
    "\n  query ReferralStats {\n    referralStats {\n      nobreza\n      alteza\n      majestade\n      imperatriz\n      total\n    }\n  }\n": typeof types.ReferralStatsDocument,
    "\n  query AddressByCep($cep: String!) {\n    addressByCep(cep: $cep) {\n      cep\n      street\n      neighborhood\n      city\n      state\n    }\n  }\n": typeof types.AddressByCepDocument,
    "\n  mutation UpdateProfile($input: ProfileInput!) {\n    updateProfile(input: $input) {\n      __typename\n      ... on Profile {\n        ...ProfileFields\n      }\n      ...AppErrorFields\n    }\n  }\n": typeof types.UpdateProfileDocument,
    "\n  mutation DeleteAccount {\n    deleteAccount {\n      __typename\n      ... on DeleteAccountPayload {\n        success\n      }\n      ...AppErrorFields\n    }\n  }\n": typeof types.DeleteAccountDocument,
    "\n  query PushPublicKey {\n    pushPublicKey {\n      enabled\n      publicKey\n    }\n  }\n": typeof types.PushPublicKeyDocument,
    "\n  mutation SubscribePush($input: SubscribePushInput!) {\n    subscribePush(input: $input) {\n      __typename\n      ... on PushSubscriptionPayload {\n        success\n      }\n      ... on AppError {\n        message\n      }\n    }\n  }\n": typeof types.SubscribePushDocument,
    "\n  mutation UnsubscribePush($endpoint: String!) {\n    unsubscribePush(endpoint: $endpoint) {\n      __typename\n      ... on PushSubscriptionPayload {\n        removed\n      }\n    }\n  }\n": typeof types.UnsubscribePushDocument,
    "\n  query SafetySettings {\n    profile {\n      id\n      conversationsFrom\n    }\n    myBlocks {\n      id\n      displayName\n      blockedAt\n    }\n    myMutes {\n      userId\n      displayName\n      mutedUntil\n    }\n  }\n": typeof types.SafetySettingsDocument,
    "\n  mutation BlockMember($userId: Int!) {\n    blockMember(userId: $userId) {\n      __typename\n      ... on SafetyPayload {\n        success\n        userId\n      }\n      ...AppErrorFields\n    }\n  }\n": typeof types.BlockMemberDocument,
    "\n  mutation UnblockMember($userId: Int!) {\n    unblockMember(userId: $userId) {\n      __typename\n      ... on SafetyPayload {\n        success\n        userId\n      }\n      ...AppErrorFields\n    }\n  }\n": typeof types.UnblockMemberDocument,
    "\n  mutation SetConversationsFrom($value: ConversationsFrom!) {\n    setConversationsFrom(conversationsFrom: $value) {\n      __typename\n      ... on ConversationsFromPayload {\n        conversationsFrom\n      }\n      ...AppErrorFields\n    }\n  }\n": typeof types.SetConversationsFromDocument,
    "\n  mutation MuteMember($userId: Int!, $days: Int) {\n    muteMember(userId: $userId, days: $days) {\n      __typename\n      ... on MemberMute {\n        userId\n        displayName\n        mutedUntil\n      }\n      ...AppErrorFields\n    }\n  }\n": typeof types.MuteMemberDocument,
    "\n  mutation UnmuteMember($userId: Int!) {\n    unmuteMember(userId: $userId) {\n      __typename\n      ... on SafetyPayload {\n        success\n        userId\n      }\n      ...AppErrorFields\n    }\n  }\n": typeof types.UnmuteMemberDocument,
    "\n  fragment SessionUser on User {\n    id\n    phone\n    email\n    plan\n    profileComplete\n    fullName\n    nickname\n    isSuperuser\n    referralCode\n  }\n": typeof types.SessionUserFragmentDoc,
    "\n  query Me {\n    me {\n      ...SessionUser\n    }\n  }\n": typeof types.MeDocument,
    "\n  subscription MeUpdated {\n    meUpdated {\n      ...SessionUser\n    }\n  }\n": typeof types.MeUpdatedDocument,
    "\n  mutation Logout {\n    logout\n  }\n": typeof types.LogoutDocument,
    "\n  query CommunityStats {\n    communityStats {\n      totalMembers\n      totalCollabs\n      totalPermutas\n      totalApoios\n    }\n  }\n": typeof types.CommunityStatsDocument,
    "\n  fragment DataExportFields on DataExport {\n    id\n    status\n    progress\n    createdAt\n    readyAt\n    expiresAt\n    expired\n    downloadUrl\n  }\n": typeof types.DataExportFieldsFragmentDoc,
    "\n  subscription DataExportProgress($id: String!) {\n    dataExportProgress(id: $id) {\n      ...DataExportFields\n    }\n  }\n": typeof types.DataExportProgressDocument,
    "\n  fragment AppErrorFields on AppError {\n    code\n    message\n    fieldErrors {\n      field\n      message\n    }\n  }\n": typeof types.AppErrorFieldsFragmentDoc,
    "\n  fragment ProfileFields on Profile {\n    id\n    plan\n    phone\n    countryCode\n    profileComplete\n    referralCode\n    profilePhoto\n    profilePhotoUrl\n    bannerImage\n    bannerImageUrl\n    fullName\n    nickname\n    email\n    cpf\n    whatsapp\n    birthDate\n    cep\n    street\n    houseNumber\n    complement\n    neighborhood\n    city\n    state\n    professionalActivity\n    interests\n    melhorEmail\n    website\n    linkedin\n    youtube\n    facebook\n    instagram\n    tiktok\n    miniBio\n    bannerLink\n    businessType\n    serviceType\n    entrepreneurProfile\n    shareWithSponsors\n    whatsappNotificationsEnabled\n    acceptedTerms\n    acceptedPrivacyPolicy\n    acceptedLGPD\n    isOver18\n  }\n": typeof types.ProfileFieldsFragmentDoc,
    "\n  query MyProfile {\n    profile {\n      ...ProfileFields\n    }\n  }\n": typeof types.MyProfileDocument,
};
const documents: Documents = {
    "\n  fragment AdminStatsFields on AdminStats {\n    totalUsers\n    onlineUsers\n    totalOffers\n    totalConversations\n    totalMessages\n    totalLikes\n    pendingReports\n    newUsers\n    connectionsByType {\n      collab\n      permuta\n      apoio\n    }\n    usersByPlan {\n      nobreza\n      alteza\n      majestade\n      imperatriz\n    }\n    offersByType {\n      collab\n      permuta\n      apoio\n    }\n  }\n": types.AdminStatsFieldsFragmentDoc,
    "\n  query AdminStats {\n    adminStats {\n      ...AdminStatsFields\n    }\n  }\n": types.AdminStatsDocument,
    "\n  subscription AdminStatsChanged {\n    adminStatsChanged {\n      ...AdminStatsFields\n    }\n  }\n": types.AdminStatsChangedDocument,
    "\n  fragment AdminReportFields on AdminReport {\n    id\n    kind\n    openOnTarget\n    status\n    reason\n    customReason\n    adminNotes\n    createdAt\n    resolvedAt\n    reportedUser {\n      id\n      fullName\n      phone\n    }\n    offer {\n      id\n      title\n      content\n      hidden\n      underReview\n    }\n    reportedMessage {\n      id\n      content\n      sentAt\n    }\n  }\n": types.AdminReportFieldsFragmentDoc,
    "\n  query AdminReports($status: ReportStatus, $first: Int, $after: String) {\n    adminReports(status: $status, first: $first, after: $after) {\n      items {\n        ...AdminReportFields\n      }\n      nextCursor\n    }\n  }\n": types.AdminReportsDocument,
    "\n  subscription ReportAdded {\n    reportAdded {\n      ...AdminReportFields\n    }\n  }\n": types.ReportAddedDocument,
    "\n  mutation UpdateReportStatus($reportId: Int!, $status: ReportStatus!, $adminNotes: String, $hideOffer: Boolean) {\n    updateReportStatus(reportId: $reportId, status: $status, adminNotes: $adminNotes, hideOffer: $hideOffer) {\n      __typename\n      ... on AdminReport {\n        ...AdminReportFields\n      }\n      ...AppErrorFields\n    }\n  }\n": types.UpdateReportStatusDocument,
    "\n  query SponsorUsers($filter: SponsorFilter, $first: Int, $after: String) {\n    sponsorUsers(filter: $filter, first: $first, after: $after) {\n      rows {\n        id\n        fullName\n        phone\n        plan\n        region\n        businessType\n        age\n        entrepreneurProfile\n      }\n      nextCursor\n      total\n      csvUrl\n    }\n  }\n": types.SponsorUsersDocument,
    "\n  query SuperUsers {\n    superUsers {\n      id\n      fullName\n      phone\n      email\n      createdAt\n      pending\n    }\n  }\n": types.SuperUsersDocument,
    "\n  mutation AddSuperUser($phone: String!) {\n    addSuperUser(phone: $phone) {\n      __typename\n      ... on SuperUser {\n        id\n        fullName\n        phone\n        email\n        createdAt\n        pending\n      }\n      ...AppErrorFields\n    }\n  }\n": types.AddSuperUserDocument,
    "\n  query AuditLog($first: Int, $after: String) {\n    auditLog(first: $first, after: $after) {\n      items {\n        id\n        action\n        actor {\n          id\n          fullName\n          phone\n        }\n        targetType\n        targetId\n        data\n        ip\n        createdAt\n      }\n      nextCursor\n    }\n  }\n": types.AuditLogDocument,
    "\n  fragment AdminUserFields on AdminUser {\n    id\n    fullName\n    nickname\n    phone\n    email\n    city\n    plan\n    suspension {\n      suspended\n      suspendedUntil\n      reason\n    }\n  }\n": types.AdminUserFieldsFragmentDoc,
    "\n  query AdminUser($id: Int!) {\n    adminUser(id: $id) {\n      __typename\n      ... on AdminUser {\n        ...AdminUserFields\n      }\n      ...AppErrorFields\n    }\n  }\n": types.AdminUserDocument,
    "\n  query AdminUsers($first: Int, $after: String) {\n    adminUsers(first: $first, after: $after) {\n      items {\n        ...AdminUserFields\n      }\n      nextCursor\n    }\n  }\n": types.AdminUsersDocument,
    "\n  mutation AdminChangePlan($userId: Int!, $plan: Plan!) {\n    adminChangePlan(userId: $userId, plan: $plan) {\n      __typename\n      ... on AdminUser {\n        ...AdminUserFields\n      }\n      ...AppErrorFields\n    }\n  }\n": types.AdminChangePlanDocument,
    "\n  fragment AdminBannerFields on AdminBanner {\n    id\n    url\n    alt\n    link\n    position\n    active\n    startsAt\n    endsAt\n    live\n    createdAt\n    updatedAt\n  }\n": types.AdminBannerFieldsFragmentDoc,
    "\n  query AdminBanners {\n    adminBanners {\n      ...AdminBannerFields\n    }\n  }\n": types.AdminBannersDocument,
    "\n  mutation UpdateBanner($id: Int!, $input: BannerInput!) {\n    updateBanner(id: $id, input: $input) {\n      __typename\n      ... on AdminBanner {\n        ...AdminBannerFields\n      }\n      ...AppErrorFields\n    }\n  }\n": types.UpdateBannerDocument,
    "\n  mutation CreateBanner($input: BannerInput!, $image: Upload!) {\n    createBanner(input: $input, image: $image) {\n      __typename\n      ... on AdminBanner {\n        ...AdminBannerFields\n      }\n      ...AppErrorFields\n    }\n  }\n": types.CreateBannerDocument,
    "\n  mutation ReplaceBannerImage($id: Int!, $image: Upload!) {\n    replaceBannerImage(id: $id, image: $image) {\n      __typename\n      ... on AdminBanner {\n        ...AdminBannerFields\n      }\n      ...AppErrorFields\n    }\n  }\n": types.ReplaceBannerImageDocument,
    "\n  mutation DeleteBanner($id: Int!) {\n    deleteBanner(id: $id) {\n      __typename\n      ... on DeleteBannerPayload {\n        id\n      }\n      ...AppErrorFields\n    }\n  }\n": types.DeleteBannerDocument,
    "\n  fragment PartnerApiKeyFields on PartnerApiKey {\n    id\n    name\n    prefix\n    createdAt\n    createdByName\n    lastUsedAt\n    requestCount\n    revokedAt\n  }\n": types.PartnerApiKeyFieldsFragmentDoc,
    "\n  query PartnerApiKeys {\n    partnerApiKeys {\n      ...PartnerApiKeyFields\n    }\n  }\n": types.PartnerApiKeysDocument,
    "\n  mutation CreatePartnerApiKey($name: String!) {\n    createPartnerApiKey(name: $name) {\n      __typename\n      ... on CreatedPartnerApiKey {\n        key\n        partnerApiKey {\n          ...PartnerApiKeyFields\n        }\n      }\n      ...AppErrorFields\n    }\n  }\n": types.CreatePartnerApiKeyDocument,
    "\n  mutation RevokePartnerApiKey($id: ID!) {\n    revokePartnerApiKey(id: $id) {\n      __typename\n      ... on PartnerApiKey {\n        ...PartnerApiKeyFields\n      }\n      ...AppErrorFields\n    }\n  }\n": types.RevokePartnerApiKeyDocument,
    "\n  mutation SuspendMember($userId: Int!, $reason: String!, $days: Int) {\n    suspendMember(userId: $userId, reason: $reason, days: $days) {\n      __typename\n      ... on Suspension {\n        userId\n        suspended\n        suspendedUntil\n        reason\n      }\n      ...AppErrorFields\n    }\n  }\n": types.SuspendMemberDocument,
    "\n  mutation LiftSuspension($userId: Int!) {\n    liftSuspension(userId: $userId) {\n      __typename\n      ... on Suspension {\n        userId\n        suspended\n        suspendedUntil\n        reason\n      }\n      ...AppErrorFields\n    }\n  }\n": types.LiftSuspensionDocument,
    "\n  query AdminDataExports($userId: Int!) {\n    adminDataExports(userId: $userId) {\n      ...DataExportFields\n    }\n  }\n": types.AdminDataExportsDocument,
    "\n  mutation AdminPrepareDataExport($userId: Int!) {\n    adminPrepareDataExport(userId: $userId) {\n      __typename\n      ... on DataExport {\n        ...DataExportFields\n      }\n      ...AppErrorFields\n    }\n  }\n": types.AdminPrepareDataExportDocument,
    "\n  mutation SendLoginToken($input: SendLoginTokenInput!) {\n    sendLoginToken(input: $input) {\n      __typename\n      ... on SendLoginTokenPayload {\n        success\n        expiresInSeconds\n        resendAfterSeconds\n      }\n      ... on AppError {\n        ...AppErrorFields\n        retryAfterSeconds\n        tokenExpiresInSeconds\n      }\n    }\n  }\n": types.SendLoginTokenDocument,
    "\n  mutation VerifyLoginToken($input: VerifyLoginTokenInput!) {\n    verifyLoginToken(input: $input) {\n      __typename\n      ... on VerifyLoginTokenPayload {\n        user {\n          ...SessionUser\n        }\n      }\n      ... on AppError {\n        ...AppErrorFields\n        retryAfterSeconds\n      }\n    }\n  }\n": types.VerifyLoginTokenDocument,
    "\n  query AppInfo {\n    appInfo {\n      localWhatsapp\n      productName\n    }\n  }\n": types.AppInfoDocument,
    "\n  fragment BannerFields on Banner {\n    id\n    url\n    alt\n    link\n  }\n": types.BannerFieldsFragmentDoc,
    "\n  query Banners {\n    banners {\n      ...BannerFields\n    }\n  }\n": types.BannersDocument,
    "\n  subscription BannersUpdated {\n    bannersUpdated {\n      ...BannerFields\n    }\n  }\n": types.BannersUpdatedDocument,
    "\n  query Members($q: String, $activity: String, $interest: String, $state: String, $after: String) {\n    members(q: $q, activity: $activity, interest: $interest, state: $state, first: 24, after: $after) {\n      __typename\n      ... on MemberConnection {\n        edges {\n          cursor\n          node {\n            id\n            displayName\n            plan\n            professionalActivity\n            city\n            state\n            miniBio\n            profilePhotoUrl\n            offers {\n              id\n              title\n              type\n            }\n          }\n        }\n        pageInfo {\n          hasNextPage\n          endCursor\n        }\n      }\n      ... on UpgradeRequiredError {\n        code\n        message\n        upgradeMessage\n        targetPlan\n      }\n      ...AppErrorFields\n    }\n  }\n": types.MembersDocument,
    "\n  mutation MessageMember($offerId: Int!) {\n    startConversation(offerId: $offerId) {\n      __typename\n      ... on Conversation {\n        id\n      }\n      ... on UpgradeRequiredError {\n        code\n        targetPlan\n      }\n      ...AppErrorFields\n    }\n  }\n": types.MessageMemberDocument,
    "\n  fragment ConversationFields on Conversation {\n    id\n    createdAt\n    lastMessageAt\n    unreadCount\n    messagingClosed\n    otherSuspended\n    offer {\n      id\n      title\n      type\n    }\n    otherUser {\n      id\n      fullName\n      nickname\n      profilePhoto\n      plan\n      isOnline\n    }\n    lastMessage {\n      id\n      conversationId\n      senderId\n      content\n      createdAt\n      isMine\n    }\n  }\n": types.ConversationFieldsFragmentDoc,
    "\n  fragment MessageFields on Message {\n    id\n    conversationId\n    senderId\n    content\n    createdAt\n    isMine\n  }\n": types.MessageFieldsFragmentDoc,
    "\n  query Conversations {\n    conversations {\n      ...ConversationFields\n    }\n  }\n": types.ConversationsDocument,
    "\n  query SearchConversations($q: String!) {\n    conversations(q: $q) {\n      ...ConversationFields\n      match {\n        fields\n        snippet\n        messageId\n        terms\n      }\n    }\n  }\n": types.SearchConversationsDocument,
    "\n  query Conversation($id: Int!) {\n    conversation(id: $id) {\n      ...ConversationFields\n    }\n  }\n": types.ConversationDocument,
    "\n  query Messages($conversationId: Int!, $after: Int, $before: Int, $limit: Int) {\n    messages(conversationId: $conversationId, after: $after, before: $before, limit: $limit) {\n      ...MessageFields\n    }\n  }\n": types.MessagesDocument,
    "\n  query UnreadCount {\n    unreadCount\n  }\n": types.UnreadCountDocument,
    "\n  mutation SendMessage($conversationId: Int!, $content: String!, $clientMessageId: String) {\n    sendMessage(conversationId: $conversationId, content: $content, clientMessageId: $clientMessageId) {\n      __typename\n      ... on Message {\n        ...MessageFields\n      }\n      ... on UpgradeRequiredError {\n        code\n        message\n        targetPlan\n      }\n      ...AppErrorFields\n    }\n  }\n": types.SendMessageDocument,
    "\n  mutation MarkConversationRead($conversationId: Int!) {\n    markConversationRead(conversationId: $conversationId) {\n      __typename\n      ... on MarkConversationReadPayload {\n        conversationId\n        unreadCount\n      }\n      ...AppErrorFields\n    }\n  }\n": types.MarkConversationReadDocument,
    "\n  mutation DeleteConversation($conversationId: Int!) {\n    deleteConversation(conversationId: $conversationId) {\n      __typename\n      ... on DeleteConversationPayload {\n        conversationId\n      }\n      ...AppErrorFields\n    }\n  }\n": types.DeleteConversationDocument,
    "\n  mutation SetOnlineStatus($isOnline: Boolean!) {\n    setOnlineStatus(isOnline: $isOnline) {\n      __typename\n      ... on Presence {\n        userId\n        isOnline\n      }\n      ...AppErrorFields\n    }\n  }\n": types.SetOnlineStatusDocument,
    "\n  subscription MessageAdded($conversationId: Int!) {\n    messageAdded(conversationId: $conversationId) {\n      ...MessageFields\n    }\n  }\n": types.MessageAddedDocument,
    "\n  subscription NewMessageNotifications {\n    notifications {\n      messageId\n      senderName\n      content\n      conversationId\n      offerId\n      offerTitle\n    }\n  }\n": types.NewMessageNotificationsDocument,
    "\n  subscription UnreadCountChanged {\n    unreadCountChanged\n  }\n": types.UnreadCountChangedDocument,
    "\n  subscription PresenceChanged {\n    presenceChanged {\n      userId\n      isOnline\n    }\n  }\n": types.PresenceChangedDocument,
    "\n  query ConversationNotices($id: Int!) {\n    conversation(id: $id) {\n      id\n      noticesMuted\n    }\n  }\n": types.ConversationNoticesDocument,
    "\n  mutation MuteConversationNotices($conversationId: Int!) {\n    muteConversationNotices(conversationId: $conversationId) {\n      __typename\n      ... on ConversationNoticesPayload {\n        conversationId\n        noticesMuted\n      }\n      ...AppErrorFields\n    }\n  }\n": types.MuteConversationNoticesDocument,
    "\n  mutation UnmuteConversationNotices($conversationId: Int!) {\n    unmuteConversationNotices(conversationId: $conversationId) {\n      __typename\n      ... on ConversationNoticesPayload {\n        conversationId\n        noticesMuted\n      }\n      ...AppErrorFields\n    }\n  }\n": types.UnmuteConversationNoticesDocument,
    "\n  fragment NotificationFields on Notification {\n    id\n    type\n    title\n    body\n    link\n    createdAt\n    readAt\n  }\n": types.NotificationFieldsFragmentDoc,
    "\n  query NotificationCentre($after: String) {\n    notificationCentre(after: $after) {\n      __typename\n      ... on NotificationCentre {\n        items {\n          ...NotificationFields\n        }\n        unread\n        nextCursor\n      }\n      ...AppErrorFields\n    }\n  }\n": types.NotificationCentreDocument,
    "\n  query NotificationUnread {\n    notificationCentre {\n      __typename\n      ... on NotificationCentre {\n        unread\n      }\n      ...AppErrorFields\n    }\n  }\n": types.NotificationUnreadDocument,
    "\n  subscription NotificationCentreChanged {\n    notificationCentreChanged {\n      entry {\n        ...NotificationFields\n      }\n      unread\n    }\n  }\n": types.NotificationCentreChangedDocument,
    "\n  mutation MarkNotificationsRead($ids: [Int!], $all: Boolean) {\n    markNotificationsRead(ids: $ids, all: $all) {\n      __typename\n      ... on MarkNotificationsReadPayload {\n        unread\n      }\n      ...AppErrorFields\n    }\n  }\n": types.MarkNotificationsReadDocument,
    "\n  fragment NotificationPreferencesFields on NotificationPreferences {\n    types {\n      type\n      inApp\n      push\n      whatsapp\n    }\n    quietHours {\n      start\n      end\n    }\n  }\n": types.NotificationPreferencesFieldsFragmentDoc,
    "\n  query NotificationPreferences {\n    notificationPreferences {\n      ...NotificationPreferencesFields\n    }\n  }\n": types.NotificationPreferencesDocument,
    "\n  mutation UpdateNotificationPreferences($types: [NotificationTypePreferenceInput!], $quietHours: QuietHoursInput) {\n    updateNotificationPreferences(types: $types, quietHours: $quietHours) {\n      __typename\n      ...NotificationPreferencesFields\n      ...AppErrorFields\n    }\n  }\n": types.UpdateNotificationPreferencesDocument,
    "\n  fragment BoardOfferFields on Offer {\n    id\n    userId\n    postType\n    type\n    title\n    description\n    categories\n    likes\n    isLiked\n    isOwn\n    isUrgent\n    createdAt\n    userNickname\n    userFullName\n    userName\n    userPlan\n    userJoinedAt\n    userProfilePhoto\n    userProfessionalActivity\n    userConversationsFrom\n  }\n": types.BoardOfferFieldsFragmentDoc,
    "\n  query BoardOffers($filter: OfferFilter, $first: Int, $after: String, $q: String) {\n    offers(filter: $filter, first: $first, after: $after, q: $q) {\n      edges {\n        cursor\n        node {\n          ...BoardOfferFields\n        }\n      }\n      pageInfo {\n        endCursor\n        hasNextPage\n      }\n    }\n  }\n": types.BoardOffersDocument,
    "\n  query BoardOffer($id: Int!) {\n    offer(id: $id) {\n      ...BoardOfferFields\n      hidden\n      underReview\n    }\n  }\n": types.BoardOfferDocument,
    "\n  query MyOffers {\n    myOffers {\n      conversationCount\n      offer {\n        ...BoardOfferFields\n        hidden\n        underReview\n      }\n    }\n  }\n": types.MyOffersDocument,
    "\n  mutation CreateOffer($input: OfferInput!) {\n    createOffer(input: $input) {\n      __typename\n      ... on Offer {\n        ...BoardOfferFields\n      }\n      ... on PlanLimitError {\n        code\n        message\n        upgradeMessage\n        showUpgrade\n      }\n      ...AppErrorFields\n    }\n  }\n": types.CreateOfferDocument,
    "\n  mutation UpdateOffer($id: Int!, $input: UpdateOfferInput!) {\n    updateOffer(id: $id, input: $input) {\n      __typename\n      ... on Offer {\n        ...BoardOfferFields\n      }\n      ... on PlanLimitError {\n        code\n        message\n        upgradeMessage\n        showUpgrade\n      }\n      ...AppErrorFields\n    }\n  }\n": types.UpdateOfferDocument,
    "\n  mutation DeleteOffer($id: Int!) {\n    deleteOffer(id: $id) {\n      __typename\n      ... on DeleteOfferPayload {\n        offerId\n      }\n      ...AppErrorFields\n    }\n  }\n": types.DeleteOfferDocument,
    "\n  mutation ToggleLike($offerId: Int!) {\n    toggleLike(offerId: $offerId) {\n      __typename\n      ... on LikePayload {\n        offerId\n        liked\n        totalLikes\n      }\n      ...AppErrorFields\n    }\n  }\n": types.ToggleLikeDocument,
    "\n  mutation ImproveOfferText($input: ImproveOfferTextInput!) {\n    improveOfferText(input: $input) {\n      __typename\n      ... on ImprovedText {\n        description\n      }\n      ...AppErrorFields\n    }\n  }\n": types.ImproveOfferTextDocument,
    "\n  subscription OffersChanged {\n    offersChanged {\n      kind\n      offerId\n      totalLikes\n    }\n  }\n": types.OffersChangedDocument,
    "\n  mutation StartConversation($offerId: Int!) {\n    startConversation(offerId: $offerId) {\n      __typename\n      ... on Conversation {\n        id\n      }\n      ... on UpgradeRequiredError {\n        code\n        action\n        targetPlan\n        message\n        upgradeMessage\n      }\n      ...AppErrorFields\n    }\n  }\n": types.StartConversationDocument,
    "\n  mutation ReportOffer($input: ReportInput!) {\n    reportOffer(input: $input) {\n      __typename\n      ... on ReportPayload {\n        id\n      }\n      ...AppErrorFields\n    }\n  }\n": types.ReportOfferDocument,
    "\n  query AuthorProfile($id: Int!) {\n    publicProfile(id: $id) {\n      __typename\n      ... on PublicProfile {\n        id\n        displayName\n        nickname\n        fullName\n        plan\n        joinYear\n        professionalActivity\n        city\n        state\n        interests\n        miniBio\n        profilePhotoUrl\n        bannerImageUrl\n        bannerLink\n        instagram\n        website\n        linkedin\n        youtube\n        facebook\n        tiktok\n        isOnline\n      }\n      ... on UpgradeRequiredError {\n        code\n        message\n        targetPlan\n      }\n      ...AppErrorFields\n    }\n  }\n": types.AuthorProfileDocument,
    "\n  mutation ReportMember($input: MemberReportInput!) {\n    reportMember(input: $input) {\n      __typename\n      ... on ReportPayload {\n        id\n      }\n      ...AppErrorFields\n    }\n  }\n": types.ReportMemberDocument,
    "\n  mutation ReportMessage($input: MessageReportInput!) {\n    reportMessage(input: $input) {\n      __typename\n      ... on ReportPayload {\n        id\n      }\n      ...AppErrorFields\n    }\n  }\n": types.ReportMessageDocument,
    "\n  mutation CancelSubscription {\n    cancelSubscription {\n      __typename\n      ... on Profile {\n        ...ProfileFields\n      }\n      ...AppErrorFields\n    }\n  }\n": types.CancelSubscriptionDocument,
    "\n  mutation RegisterImperatrizInterest {\n    registerImperatrizInterest {\n      __typename\n      ... on ImperatrizInterest {\n        alreadyRegistered\n        registeredAt\n      }\n      ...AppErrorFields\n    }\n  }\n": types.RegisterImperatrizInterestDocument,
    "\n  query MyBilling {\n    mySubscription {\n      id\n      plan\n      billingCycle\n      billingType\n      status\n      priceCents\n      paidUntil\n      canceledAt\n    }\n    myPayments {\n      ...PaymentFields\n      billingCycle\n    }\n  }\n": types.MyBillingDocument,
    "\n  fragment PaymentFields on Payment {\n    id\n    providerPaymentId\n    plan\n    billingType\n    status\n    amountCents\n    dueDate\n    paidAt\n    invoiceUrl\n    pix {\n      qrCodeImage\n      copyPaste\n      expiresAt\n    }\n    boleto {\n      identificationField\n      bankSlipUrl\n    }\n    cardBrand\n    cardLast4\n    createdAt\n  }\n": types.PaymentFieldsFragmentDoc,
    "\n  fragment CheckoutResultFields on CheckoutResult {\n    message\n    isMigration\n    subscription {\n      id\n      plan\n      billingCycle\n      billingType\n      status\n      priceCents\n      discountCents\n      promoCode\n    }\n    payment {\n      ...PaymentFields\n    }\n  }\n": types.CheckoutResultFieldsFragmentDoc,
    "\n  mutation CreateSubscription($input: CreateSubscriptionInput!) {\n    createSubscription(input: $input) {\n      __typename\n      ... on CheckoutResult {\n        ...CheckoutResultFields\n      }\n      ...AppErrorFields\n    }\n  }\n": types.CreateSubscriptionDocument,
    "\n  query ValidatePromoCode($code: String!, $plan: Plan!) {\n    validatePromoCode(code: $code, plan: $plan) {\n      __typename\n      ... on PromoValidation {\n        valid\n        description\n        error\n        monthlyDiscountCents\n        annualDiscountCents\n      }\n      ...AppErrorFields\n    }\n  }\n": types.ValidatePromoCodeDocument,
    "\n  subscription PaymentUpdated {\n    paymentUpdated {\n      ...PaymentFields\n    }\n  }\n": types.PaymentUpdatedDocument,
    "\n  query MyPayments {\n    myPayments {\n      ...PaymentFields\n    }\n  }\n": types.MyPaymentsDocument,
    "\n  query PaymentsProvider {\n    demoPayments\n  }\n": types.PaymentsProviderDocument,
    "\n  query MyPrivacy {\n    myConsents {\n      current {\n        purpose\n        granted\n        version\n        at\n        source\n      }\n      pending\n    }\n    myDataSharing {\n      recipient\n      kind\n      day\n      fields\n      count\n    }\n  }\n": types.MyPrivacyDocument,
    "\n  query PendingConsents {\n    myConsents {\n      pending\n    }\n  }\n": types.PendingConsentsDocument,
    "\n  mutation SetConsent($purpose: ConsentPurpose!, $granted: Boolean!) {\n    setConsent(purpose: $purpose, granted: $granted) {\n      __typename\n      ... on Consents {\n        current {\n          purpose\n          granted\n          version\n          at\n          source\n        }\n        pending\n      }\n      ...AppErrorFields\n    }\n  }\n": types.SetConsentDocument,
    "\n  query MyDataExport {\n    myDataExport {\n      ...DataExportFields\n    }\n  }\n": types.MyDataExportDocument,
    "\n  mutation RequestDataExport {\n    requestDataExport {\n      __typename\n      ... on DataExport {\n        ...DataExportFields\n      }\n      ... on AppError {\n        code\n        message\n        retryAfterSeconds\n      }\n    }\n  }\n": types.RequestDataExportDocument,
    "\n  query ReferralStats {\n    referralStats {\n      nobreza\n      alteza\n      majestade\n      imperatriz\n      total\n    }\n  }\n": types.ReferralStatsDocument,
    "\n  query AddressByCep($cep: String!) {\n    addressByCep(cep: $cep) {\n      cep\n      street\n      neighborhood\n      city\n      state\n    }\n  }\n": types.AddressByCepDocument,
    "\n  mutation UpdateProfile($input: ProfileInput!) {\n    updateProfile(input: $input) {\n      __typename\n      ... on Profile {\n        ...ProfileFields\n      }\n      ...AppErrorFields\n    }\n  }\n": types.UpdateProfileDocument,
    "\n  mutation DeleteAccount {\n    deleteAccount {\n      __typename\n      ... on DeleteAccountPayload {\n        success\n      }\n      ...AppErrorFields\n    }\n  }\n": types.DeleteAccountDocument,
    "\n  query PushPublicKey {\n    pushPublicKey {\n      enabled\n      publicKey\n    }\n  }\n": types.PushPublicKeyDocument,
    "\n  mutation SubscribePush($input: SubscribePushInput!) {\n    subscribePush(input: $input) {\n      __typename\n      ... on PushSubscriptionPayload {\n        success\n      }\n      ... on AppError {\n        message\n      }\n    }\n  }\n": types.SubscribePushDocument,
    "\n  mutation UnsubscribePush($endpoint: String!) {\n    unsubscribePush(endpoint: $endpoint) {\n      __typename\n      ... on PushSubscriptionPayload {\n        removed\n      }\n    }\n  }\n": types.UnsubscribePushDocument,
    "\n  query SafetySettings {\n    profile {\n      id\n      conversationsFrom\n    }\n    myBlocks {\n      id\n      displayName\n      blockedAt\n    }\n    myMutes {\n      userId\n      displayName\n      mutedUntil\n    }\n  }\n": types.SafetySettingsDocument,
    "\n  mutation BlockMember($userId: Int!) {\n    blockMember(userId: $userId) {\n      __typename\n      ... on SafetyPayload {\n        success\n        userId\n      }\n      ...AppErrorFields\n    }\n  }\n": types.BlockMemberDocument,
    "\n  mutation UnblockMember($userId: Int!) {\n    unblockMember(userId: $userId) {\n      __typename\n      ... on SafetyPayload {\n        success\n        userId\n      }\n      ...AppErrorFields\n    }\n  }\n": types.UnblockMemberDocument,
    "\n  mutation SetConversationsFrom($value: ConversationsFrom!) {\n    setConversationsFrom(conversationsFrom: $value) {\n      __typename\n      ... on ConversationsFromPayload {\n        conversationsFrom\n      }\n      ...AppErrorFields\n    }\n  }\n": types.SetConversationsFromDocument,
    "\n  mutation MuteMember($userId: Int!, $days: Int) {\n    muteMember(userId: $userId, days: $days) {\n      __typename\n      ... on MemberMute {\n        userId\n        displayName\n        mutedUntil\n      }\n      ...AppErrorFields\n    }\n  }\n": types.MuteMemberDocument,
    "\n  mutation UnmuteMember($userId: Int!) {\n    unmuteMember(userId: $userId) {\n      __typename\n      ... on SafetyPayload {\n        success\n        userId\n      }\n      ...AppErrorFields\n    }\n  }\n": types.UnmuteMemberDocument,
    "\n  fragment SessionUser on User {\n    id\n    phone\n    email\n    plan\n    profileComplete\n    fullName\n    nickname\n    isSuperuser\n    referralCode\n  }\n": types.SessionUserFragmentDoc,
    "\n  query Me {\n    me {\n      ...SessionUser\n    }\n  }\n": types.MeDocument,
    "\n  subscription MeUpdated {\n    meUpdated {\n      ...SessionUser\n    }\n  }\n": types.MeUpdatedDocument,
    "\n  mutation Logout {\n    logout\n  }\n": types.LogoutDocument,
    "\n  query CommunityStats {\n    communityStats {\n      totalMembers\n      totalCollabs\n      totalPermutas\n      totalApoios\n    }\n  }\n": types.CommunityStatsDocument,
    "\n  fragment DataExportFields on DataExport {\n    id\n    status\n    progress\n    createdAt\n    readyAt\n    expiresAt\n    expired\n    downloadUrl\n  }\n": types.DataExportFieldsFragmentDoc,
    "\n  subscription DataExportProgress($id: String!) {\n    dataExportProgress(id: $id) {\n      ...DataExportFields\n    }\n  }\n": types.DataExportProgressDocument,
    "\n  fragment AppErrorFields on AppError {\n    code\n    message\n    fieldErrors {\n      field\n      message\n    }\n  }\n": types.AppErrorFieldsFragmentDoc,
    "\n  fragment ProfileFields on Profile {\n    id\n    plan\n    phone\n    countryCode\n    profileComplete\n    referralCode\n    profilePhoto\n    profilePhotoUrl\n    bannerImage\n    bannerImageUrl\n    fullName\n    nickname\n    email\n    cpf\n    whatsapp\n    birthDate\n    cep\n    street\n    houseNumber\n    complement\n    neighborhood\n    city\n    state\n    professionalActivity\n    interests\n    melhorEmail\n    website\n    linkedin\n    youtube\n    facebook\n    instagram\n    tiktok\n    miniBio\n    bannerLink\n    businessType\n    serviceType\n    entrepreneurProfile\n    shareWithSponsors\n    whatsappNotificationsEnabled\n    acceptedTerms\n    acceptedPrivacyPolicy\n    acceptedLGPD\n    isOver18\n  }\n": types.ProfileFieldsFragmentDoc,
    "\n  query MyProfile {\n    profile {\n      ...ProfileFields\n    }\n  }\n": types.MyProfileDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 *
 *
 * @example
 * ```ts
 * const query = graphql(`query GetUser($id: ID!) { user(id: $id) { name } }`);
 * ```
 *
 * The query argument is unknown!
 * Please regenerate the types.
 */
export function graphql(source: string): unknown;

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment AdminStatsFields on AdminStats {\n    totalUsers\n    onlineUsers\n    totalOffers\n    totalConversations\n    totalMessages\n    totalLikes\n    pendingReports\n    newUsers\n    connectionsByType {\n      collab\n      permuta\n      apoio\n    }\n    usersByPlan {\n      nobreza\n      alteza\n      majestade\n      imperatriz\n    }\n    offersByType {\n      collab\n      permuta\n      apoio\n    }\n  }\n"): (typeof documents)["\n  fragment AdminStatsFields on AdminStats {\n    totalUsers\n    onlineUsers\n    totalOffers\n    totalConversations\n    totalMessages\n    totalLikes\n    pendingReports\n    newUsers\n    connectionsByType {\n      collab\n      permuta\n      apoio\n    }\n    usersByPlan {\n      nobreza\n      alteza\n      majestade\n      imperatriz\n    }\n    offersByType {\n      collab\n      permuta\n      apoio\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminStats {\n    adminStats {\n      ...AdminStatsFields\n    }\n  }\n"): (typeof documents)["\n  query AdminStats {\n    adminStats {\n      ...AdminStatsFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription AdminStatsChanged {\n    adminStatsChanged {\n      ...AdminStatsFields\n    }\n  }\n"): (typeof documents)["\n  subscription AdminStatsChanged {\n    adminStatsChanged {\n      ...AdminStatsFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment AdminReportFields on AdminReport {\n    id\n    kind\n    openOnTarget\n    status\n    reason\n    customReason\n    adminNotes\n    createdAt\n    resolvedAt\n    reportedUser {\n      id\n      fullName\n      phone\n    }\n    offer {\n      id\n      title\n      content\n      hidden\n      underReview\n    }\n    reportedMessage {\n      id\n      content\n      sentAt\n    }\n  }\n"): (typeof documents)["\n  fragment AdminReportFields on AdminReport {\n    id\n    kind\n    openOnTarget\n    status\n    reason\n    customReason\n    adminNotes\n    createdAt\n    resolvedAt\n    reportedUser {\n      id\n      fullName\n      phone\n    }\n    offer {\n      id\n      title\n      content\n      hidden\n      underReview\n    }\n    reportedMessage {\n      id\n      content\n      sentAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminReports($status: ReportStatus, $first: Int, $after: String) {\n    adminReports(status: $status, first: $first, after: $after) {\n      items {\n        ...AdminReportFields\n      }\n      nextCursor\n    }\n  }\n"): (typeof documents)["\n  query AdminReports($status: ReportStatus, $first: Int, $after: String) {\n    adminReports(status: $status, first: $first, after: $after) {\n      items {\n        ...AdminReportFields\n      }\n      nextCursor\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription ReportAdded {\n    reportAdded {\n      ...AdminReportFields\n    }\n  }\n"): (typeof documents)["\n  subscription ReportAdded {\n    reportAdded {\n      ...AdminReportFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateReportStatus($reportId: Int!, $status: ReportStatus!, $adminNotes: String, $hideOffer: Boolean) {\n    updateReportStatus(reportId: $reportId, status: $status, adminNotes: $adminNotes, hideOffer: $hideOffer) {\n      __typename\n      ... on AdminReport {\n        ...AdminReportFields\n      }\n      ...AppErrorFields\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateReportStatus($reportId: Int!, $status: ReportStatus!, $adminNotes: String, $hideOffer: Boolean) {\n    updateReportStatus(reportId: $reportId, status: $status, adminNotes: $adminNotes, hideOffer: $hideOffer) {\n      __typename\n      ... on AdminReport {\n        ...AdminReportFields\n      }\n      ...AppErrorFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SponsorUsers($filter: SponsorFilter, $first: Int, $after: String) {\n    sponsorUsers(filter: $filter, first: $first, after: $after) {\n      rows {\n        id\n        fullName\n        phone\n        plan\n        region\n        businessType\n        age\n        entrepreneurProfile\n      }\n      nextCursor\n      total\n      csvUrl\n    }\n  }\n"): (typeof documents)["\n  query SponsorUsers($filter: SponsorFilter, $first: Int, $after: String) {\n    sponsorUsers(filter: $filter, first: $first, after: $after) {\n      rows {\n        id\n        fullName\n        phone\n        plan\n        region\n        businessType\n        age\n        entrepreneurProfile\n      }\n      nextCursor\n      total\n      csvUrl\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SuperUsers {\n    superUsers {\n      id\n      fullName\n      phone\n      email\n      createdAt\n      pending\n    }\n  }\n"): (typeof documents)["\n  query SuperUsers {\n    superUsers {\n      id\n      fullName\n      phone\n      email\n      createdAt\n      pending\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AddSuperUser($phone: String!) {\n    addSuperUser(phone: $phone) {\n      __typename\n      ... on SuperUser {\n        id\n        fullName\n        phone\n        email\n        createdAt\n        pending\n      }\n      ...AppErrorFields\n    }\n  }\n"): (typeof documents)["\n  mutation AddSuperUser($phone: String!) {\n    addSuperUser(phone: $phone) {\n      __typename\n      ... on SuperUser {\n        id\n        fullName\n        phone\n        email\n        createdAt\n        pending\n      }\n      ...AppErrorFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AuditLog($first: Int, $after: String) {\n    auditLog(first: $first, after: $after) {\n      items {\n        id\n        action\n        actor {\n          id\n          fullName\n          phone\n        }\n        targetType\n        targetId\n        data\n        ip\n        createdAt\n      }\n      nextCursor\n    }\n  }\n"): (typeof documents)["\n  query AuditLog($first: Int, $after: String) {\n    auditLog(first: $first, after: $after) {\n      items {\n        id\n        action\n        actor {\n          id\n          fullName\n          phone\n        }\n        targetType\n        targetId\n        data\n        ip\n        createdAt\n      }\n      nextCursor\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment AdminUserFields on AdminUser {\n    id\n    fullName\n    nickname\n    phone\n    email\n    city\n    plan\n    suspension {\n      suspended\n      suspendedUntil\n      reason\n    }\n  }\n"): (typeof documents)["\n  fragment AdminUserFields on AdminUser {\n    id\n    fullName\n    nickname\n    phone\n    email\n    city\n    plan\n    suspension {\n      suspended\n      suspendedUntil\n      reason\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminUser($id: Int!) {\n    adminUser(id: $id) {\n      __typename\n      ... on AdminUser {\n        ...AdminUserFields\n      }\n      ...AppErrorFields\n    }\n  }\n"): (typeof documents)["\n  query AdminUser($id: Int!) {\n    adminUser(id: $id) {\n      __typename\n      ... on AdminUser {\n        ...AdminUserFields\n      }\n      ...AppErrorFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminUsers($first: Int, $after: String) {\n    adminUsers(first: $first, after: $after) {\n      items {\n        ...AdminUserFields\n      }\n      nextCursor\n    }\n  }\n"): (typeof documents)["\n  query AdminUsers($first: Int, $after: String) {\n    adminUsers(first: $first, after: $after) {\n      items {\n        ...AdminUserFields\n      }\n      nextCursor\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AdminChangePlan($userId: Int!, $plan: Plan!) {\n    adminChangePlan(userId: $userId, plan: $plan) {\n      __typename\n      ... on AdminUser {\n        ...AdminUserFields\n      }\n      ...AppErrorFields\n    }\n  }\n"): (typeof documents)["\n  mutation AdminChangePlan($userId: Int!, $plan: Plan!) {\n    adminChangePlan(userId: $userId, plan: $plan) {\n      __typename\n      ... on AdminUser {\n        ...AdminUserFields\n      }\n      ...AppErrorFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment AdminBannerFields on AdminBanner {\n    id\n    url\n    alt\n    link\n    position\n    active\n    startsAt\n    endsAt\n    live\n    createdAt\n    updatedAt\n  }\n"): (typeof documents)["\n  fragment AdminBannerFields on AdminBanner {\n    id\n    url\n    alt\n    link\n    position\n    active\n    startsAt\n    endsAt\n    live\n    createdAt\n    updatedAt\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminBanners {\n    adminBanners {\n      ...AdminBannerFields\n    }\n  }\n"): (typeof documents)["\n  query AdminBanners {\n    adminBanners {\n      ...AdminBannerFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateBanner($id: Int!, $input: BannerInput!) {\n    updateBanner(id: $id, input: $input) {\n      __typename\n      ... on AdminBanner {\n        ...AdminBannerFields\n      }\n      ...AppErrorFields\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateBanner($id: Int!, $input: BannerInput!) {\n    updateBanner(id: $id, input: $input) {\n      __typename\n      ... on AdminBanner {\n        ...AdminBannerFields\n      }\n      ...AppErrorFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateBanner($input: BannerInput!, $image: Upload!) {\n    createBanner(input: $input, image: $image) {\n      __typename\n      ... on AdminBanner {\n        ...AdminBannerFields\n      }\n      ...AppErrorFields\n    }\n  }\n"): (typeof documents)["\n  mutation CreateBanner($input: BannerInput!, $image: Upload!) {\n    createBanner(input: $input, image: $image) {\n      __typename\n      ... on AdminBanner {\n        ...AdminBannerFields\n      }\n      ...AppErrorFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ReplaceBannerImage($id: Int!, $image: Upload!) {\n    replaceBannerImage(id: $id, image: $image) {\n      __typename\n      ... on AdminBanner {\n        ...AdminBannerFields\n      }\n      ...AppErrorFields\n    }\n  }\n"): (typeof documents)["\n  mutation ReplaceBannerImage($id: Int!, $image: Upload!) {\n    replaceBannerImage(id: $id, image: $image) {\n      __typename\n      ... on AdminBanner {\n        ...AdminBannerFields\n      }\n      ...AppErrorFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteBanner($id: Int!) {\n    deleteBanner(id: $id) {\n      __typename\n      ... on DeleteBannerPayload {\n        id\n      }\n      ...AppErrorFields\n    }\n  }\n"): (typeof documents)["\n  mutation DeleteBanner($id: Int!) {\n    deleteBanner(id: $id) {\n      __typename\n      ... on DeleteBannerPayload {\n        id\n      }\n      ...AppErrorFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment PartnerApiKeyFields on PartnerApiKey {\n    id\n    name\n    prefix\n    createdAt\n    createdByName\n    lastUsedAt\n    requestCount\n    revokedAt\n  }\n"): (typeof documents)["\n  fragment PartnerApiKeyFields on PartnerApiKey {\n    id\n    name\n    prefix\n    createdAt\n    createdByName\n    lastUsedAt\n    requestCount\n    revokedAt\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PartnerApiKeys {\n    partnerApiKeys {\n      ...PartnerApiKeyFields\n    }\n  }\n"): (typeof documents)["\n  query PartnerApiKeys {\n    partnerApiKeys {\n      ...PartnerApiKeyFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreatePartnerApiKey($name: String!) {\n    createPartnerApiKey(name: $name) {\n      __typename\n      ... on CreatedPartnerApiKey {\n        key\n        partnerApiKey {\n          ...PartnerApiKeyFields\n        }\n      }\n      ...AppErrorFields\n    }\n  }\n"): (typeof documents)["\n  mutation CreatePartnerApiKey($name: String!) {\n    createPartnerApiKey(name: $name) {\n      __typename\n      ... on CreatedPartnerApiKey {\n        key\n        partnerApiKey {\n          ...PartnerApiKeyFields\n        }\n      }\n      ...AppErrorFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RevokePartnerApiKey($id: ID!) {\n    revokePartnerApiKey(id: $id) {\n      __typename\n      ... on PartnerApiKey {\n        ...PartnerApiKeyFields\n      }\n      ...AppErrorFields\n    }\n  }\n"): (typeof documents)["\n  mutation RevokePartnerApiKey($id: ID!) {\n    revokePartnerApiKey(id: $id) {\n      __typename\n      ... on PartnerApiKey {\n        ...PartnerApiKeyFields\n      }\n      ...AppErrorFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SuspendMember($userId: Int!, $reason: String!, $days: Int) {\n    suspendMember(userId: $userId, reason: $reason, days: $days) {\n      __typename\n      ... on Suspension {\n        userId\n        suspended\n        suspendedUntil\n        reason\n      }\n      ...AppErrorFields\n    }\n  }\n"): (typeof documents)["\n  mutation SuspendMember($userId: Int!, $reason: String!, $days: Int) {\n    suspendMember(userId: $userId, reason: $reason, days: $days) {\n      __typename\n      ... on Suspension {\n        userId\n        suspended\n        suspendedUntil\n        reason\n      }\n      ...AppErrorFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation LiftSuspension($userId: Int!) {\n    liftSuspension(userId: $userId) {\n      __typename\n      ... on Suspension {\n        userId\n        suspended\n        suspendedUntil\n        reason\n      }\n      ...AppErrorFields\n    }\n  }\n"): (typeof documents)["\n  mutation LiftSuspension($userId: Int!) {\n    liftSuspension(userId: $userId) {\n      __typename\n      ... on Suspension {\n        userId\n        suspended\n        suspendedUntil\n        reason\n      }\n      ...AppErrorFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminDataExports($userId: Int!) {\n    adminDataExports(userId: $userId) {\n      ...DataExportFields\n    }\n  }\n"): (typeof documents)["\n  query AdminDataExports($userId: Int!) {\n    adminDataExports(userId: $userId) {\n      ...DataExportFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AdminPrepareDataExport($userId: Int!) {\n    adminPrepareDataExport(userId: $userId) {\n      __typename\n      ... on DataExport {\n        ...DataExportFields\n      }\n      ...AppErrorFields\n    }\n  }\n"): (typeof documents)["\n  mutation AdminPrepareDataExport($userId: Int!) {\n    adminPrepareDataExport(userId: $userId) {\n      __typename\n      ... on DataExport {\n        ...DataExportFields\n      }\n      ...AppErrorFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SendLoginToken($input: SendLoginTokenInput!) {\n    sendLoginToken(input: $input) {\n      __typename\n      ... on SendLoginTokenPayload {\n        success\n        expiresInSeconds\n        resendAfterSeconds\n      }\n      ... on AppError {\n        ...AppErrorFields\n        retryAfterSeconds\n        tokenExpiresInSeconds\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation SendLoginToken($input: SendLoginTokenInput!) {\n    sendLoginToken(input: $input) {\n      __typename\n      ... on SendLoginTokenPayload {\n        success\n        expiresInSeconds\n        resendAfterSeconds\n      }\n      ... on AppError {\n        ...AppErrorFields\n        retryAfterSeconds\n        tokenExpiresInSeconds\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation VerifyLoginToken($input: VerifyLoginTokenInput!) {\n    verifyLoginToken(input: $input) {\n      __typename\n      ... on VerifyLoginTokenPayload {\n        user {\n          ...SessionUser\n        }\n      }\n      ... on AppError {\n        ...AppErrorFields\n        retryAfterSeconds\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation VerifyLoginToken($input: VerifyLoginTokenInput!) {\n    verifyLoginToken(input: $input) {\n      __typename\n      ... on VerifyLoginTokenPayload {\n        user {\n          ...SessionUser\n        }\n      }\n      ... on AppError {\n        ...AppErrorFields\n        retryAfterSeconds\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AppInfo {\n    appInfo {\n      localWhatsapp\n      productName\n    }\n  }\n"): (typeof documents)["\n  query AppInfo {\n    appInfo {\n      localWhatsapp\n      productName\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment BannerFields on Banner {\n    id\n    url\n    alt\n    link\n  }\n"): (typeof documents)["\n  fragment BannerFields on Banner {\n    id\n    url\n    alt\n    link\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Banners {\n    banners {\n      ...BannerFields\n    }\n  }\n"): (typeof documents)["\n  query Banners {\n    banners {\n      ...BannerFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription BannersUpdated {\n    bannersUpdated {\n      ...BannerFields\n    }\n  }\n"): (typeof documents)["\n  subscription BannersUpdated {\n    bannersUpdated {\n      ...BannerFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Members($q: String, $activity: String, $interest: String, $state: String, $after: String) {\n    members(q: $q, activity: $activity, interest: $interest, state: $state, first: 24, after: $after) {\n      __typename\n      ... on MemberConnection {\n        edges {\n          cursor\n          node {\n            id\n            displayName\n            plan\n            professionalActivity\n            city\n            state\n            miniBio\n            profilePhotoUrl\n            offers {\n              id\n              title\n              type\n            }\n          }\n        }\n        pageInfo {\n          hasNextPage\n          endCursor\n        }\n      }\n      ... on UpgradeRequiredError {\n        code\n        message\n        upgradeMessage\n        targetPlan\n      }\n      ...AppErrorFields\n    }\n  }\n"): (typeof documents)["\n  query Members($q: String, $activity: String, $interest: String, $state: String, $after: String) {\n    members(q: $q, activity: $activity, interest: $interest, state: $state, first: 24, after: $after) {\n      __typename\n      ... on MemberConnection {\n        edges {\n          cursor\n          node {\n            id\n            displayName\n            plan\n            professionalActivity\n            city\n            state\n            miniBio\n            profilePhotoUrl\n            offers {\n              id\n              title\n              type\n            }\n          }\n        }\n        pageInfo {\n          hasNextPage\n          endCursor\n        }\n      }\n      ... on UpgradeRequiredError {\n        code\n        message\n        upgradeMessage\n        targetPlan\n      }\n      ...AppErrorFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation MessageMember($offerId: Int!) {\n    startConversation(offerId: $offerId) {\n      __typename\n      ... on Conversation {\n        id\n      }\n      ... on UpgradeRequiredError {\n        code\n        targetPlan\n      }\n      ...AppErrorFields\n    }\n  }\n"): (typeof documents)["\n  mutation MessageMember($offerId: Int!) {\n    startConversation(offerId: $offerId) {\n      __typename\n      ... on Conversation {\n        id\n      }\n      ... on UpgradeRequiredError {\n        code\n        targetPlan\n      }\n      ...AppErrorFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ConversationFields on Conversation {\n    id\n    createdAt\n    lastMessageAt\n    unreadCount\n    messagingClosed\n    otherSuspended\n    offer {\n      id\n      title\n      type\n    }\n    otherUser {\n      id\n      fullName\n      nickname\n      profilePhoto\n      plan\n      isOnline\n    }\n    lastMessage {\n      id\n      conversationId\n      senderId\n      content\n      createdAt\n      isMine\n    }\n  }\n"): (typeof documents)["\n  fragment ConversationFields on Conversation {\n    id\n    createdAt\n    lastMessageAt\n    unreadCount\n    messagingClosed\n    otherSuspended\n    offer {\n      id\n      title\n      type\n    }\n    otherUser {\n      id\n      fullName\n      nickname\n      profilePhoto\n      plan\n      isOnline\n    }\n    lastMessage {\n      id\n      conversationId\n      senderId\n      content\n      createdAt\n      isMine\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment MessageFields on Message {\n    id\n    conversationId\n    senderId\n    content\n    createdAt\n    isMine\n  }\n"): (typeof documents)["\n  fragment MessageFields on Message {\n    id\n    conversationId\n    senderId\n    content\n    createdAt\n    isMine\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Conversations {\n    conversations {\n      ...ConversationFields\n    }\n  }\n"): (typeof documents)["\n  query Conversations {\n    conversations {\n      ...ConversationFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SearchConversations($q: String!) {\n    conversations(q: $q) {\n      ...ConversationFields\n      match {\n        fields\n        snippet\n        messageId\n        terms\n      }\n    }\n  }\n"): (typeof documents)["\n  query SearchConversations($q: String!) {\n    conversations(q: $q) {\n      ...ConversationFields\n      match {\n        fields\n        snippet\n        messageId\n        terms\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Conversation($id: Int!) {\n    conversation(id: $id) {\n      ...ConversationFields\n    }\n  }\n"): (typeof documents)["\n  query Conversation($id: Int!) {\n    conversation(id: $id) {\n      ...ConversationFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Messages($conversationId: Int!, $after: Int, $before: Int, $limit: Int) {\n    messages(conversationId: $conversationId, after: $after, before: $before, limit: $limit) {\n      ...MessageFields\n    }\n  }\n"): (typeof documents)["\n  query Messages($conversationId: Int!, $after: Int, $before: Int, $limit: Int) {\n    messages(conversationId: $conversationId, after: $after, before: $before, limit: $limit) {\n      ...MessageFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query UnreadCount {\n    unreadCount\n  }\n"): (typeof documents)["\n  query UnreadCount {\n    unreadCount\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SendMessage($conversationId: Int!, $content: String!, $clientMessageId: String) {\n    sendMessage(conversationId: $conversationId, content: $content, clientMessageId: $clientMessageId) {\n      __typename\n      ... on Message {\n        ...MessageFields\n      }\n      ... on UpgradeRequiredError {\n        code\n        message\n        targetPlan\n      }\n      ...AppErrorFields\n    }\n  }\n"): (typeof documents)["\n  mutation SendMessage($conversationId: Int!, $content: String!, $clientMessageId: String) {\n    sendMessage(conversationId: $conversationId, content: $content, clientMessageId: $clientMessageId) {\n      __typename\n      ... on Message {\n        ...MessageFields\n      }\n      ... on UpgradeRequiredError {\n        code\n        message\n        targetPlan\n      }\n      ...AppErrorFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation MarkConversationRead($conversationId: Int!) {\n    markConversationRead(conversationId: $conversationId) {\n      __typename\n      ... on MarkConversationReadPayload {\n        conversationId\n        unreadCount\n      }\n      ...AppErrorFields\n    }\n  }\n"): (typeof documents)["\n  mutation MarkConversationRead($conversationId: Int!) {\n    markConversationRead(conversationId: $conversationId) {\n      __typename\n      ... on MarkConversationReadPayload {\n        conversationId\n        unreadCount\n      }\n      ...AppErrorFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteConversation($conversationId: Int!) {\n    deleteConversation(conversationId: $conversationId) {\n      __typename\n      ... on DeleteConversationPayload {\n        conversationId\n      }\n      ...AppErrorFields\n    }\n  }\n"): (typeof documents)["\n  mutation DeleteConversation($conversationId: Int!) {\n    deleteConversation(conversationId: $conversationId) {\n      __typename\n      ... on DeleteConversationPayload {\n        conversationId\n      }\n      ...AppErrorFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetOnlineStatus($isOnline: Boolean!) {\n    setOnlineStatus(isOnline: $isOnline) {\n      __typename\n      ... on Presence {\n        userId\n        isOnline\n      }\n      ...AppErrorFields\n    }\n  }\n"): (typeof documents)["\n  mutation SetOnlineStatus($isOnline: Boolean!) {\n    setOnlineStatus(isOnline: $isOnline) {\n      __typename\n      ... on Presence {\n        userId\n        isOnline\n      }\n      ...AppErrorFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription MessageAdded($conversationId: Int!) {\n    messageAdded(conversationId: $conversationId) {\n      ...MessageFields\n    }\n  }\n"): (typeof documents)["\n  subscription MessageAdded($conversationId: Int!) {\n    messageAdded(conversationId: $conversationId) {\n      ...MessageFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription NewMessageNotifications {\n    notifications {\n      messageId\n      senderName\n      content\n      conversationId\n      offerId\n      offerTitle\n    }\n  }\n"): (typeof documents)["\n  subscription NewMessageNotifications {\n    notifications {\n      messageId\n      senderName\n      content\n      conversationId\n      offerId\n      offerTitle\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription UnreadCountChanged {\n    unreadCountChanged\n  }\n"): (typeof documents)["\n  subscription UnreadCountChanged {\n    unreadCountChanged\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription PresenceChanged {\n    presenceChanged {\n      userId\n      isOnline\n    }\n  }\n"): (typeof documents)["\n  subscription PresenceChanged {\n    presenceChanged {\n      userId\n      isOnline\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ConversationNotices($id: Int!) {\n    conversation(id: $id) {\n      id\n      noticesMuted\n    }\n  }\n"): (typeof documents)["\n  query ConversationNotices($id: Int!) {\n    conversation(id: $id) {\n      id\n      noticesMuted\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation MuteConversationNotices($conversationId: Int!) {\n    muteConversationNotices(conversationId: $conversationId) {\n      __typename\n      ... on ConversationNoticesPayload {\n        conversationId\n        noticesMuted\n      }\n      ...AppErrorFields\n    }\n  }\n"): (typeof documents)["\n  mutation MuteConversationNotices($conversationId: Int!) {\n    muteConversationNotices(conversationId: $conversationId) {\n      __typename\n      ... on ConversationNoticesPayload {\n        conversationId\n        noticesMuted\n      }\n      ...AppErrorFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UnmuteConversationNotices($conversationId: Int!) {\n    unmuteConversationNotices(conversationId: $conversationId) {\n      __typename\n      ... on ConversationNoticesPayload {\n        conversationId\n        noticesMuted\n      }\n      ...AppErrorFields\n    }\n  }\n"): (typeof documents)["\n  mutation UnmuteConversationNotices($conversationId: Int!) {\n    unmuteConversationNotices(conversationId: $conversationId) {\n      __typename\n      ... on ConversationNoticesPayload {\n        conversationId\n        noticesMuted\n      }\n      ...AppErrorFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment NotificationFields on Notification {\n    id\n    type\n    title\n    body\n    link\n    createdAt\n    readAt\n  }\n"): (typeof documents)["\n  fragment NotificationFields on Notification {\n    id\n    type\n    title\n    body\n    link\n    createdAt\n    readAt\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query NotificationCentre($after: String) {\n    notificationCentre(after: $after) {\n      __typename\n      ... on NotificationCentre {\n        items {\n          ...NotificationFields\n        }\n        unread\n        nextCursor\n      }\n      ...AppErrorFields\n    }\n  }\n"): (typeof documents)["\n  query NotificationCentre($after: String) {\n    notificationCentre(after: $after) {\n      __typename\n      ... on NotificationCentre {\n        items {\n          ...NotificationFields\n        }\n        unread\n        nextCursor\n      }\n      ...AppErrorFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query NotificationUnread {\n    notificationCentre {\n      __typename\n      ... on NotificationCentre {\n        unread\n      }\n      ...AppErrorFields\n    }\n  }\n"): (typeof documents)["\n  query NotificationUnread {\n    notificationCentre {\n      __typename\n      ... on NotificationCentre {\n        unread\n      }\n      ...AppErrorFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription NotificationCentreChanged {\n    notificationCentreChanged {\n      entry {\n        ...NotificationFields\n      }\n      unread\n    }\n  }\n"): (typeof documents)["\n  subscription NotificationCentreChanged {\n    notificationCentreChanged {\n      entry {\n        ...NotificationFields\n      }\n      unread\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation MarkNotificationsRead($ids: [Int!], $all: Boolean) {\n    markNotificationsRead(ids: $ids, all: $all) {\n      __typename\n      ... on MarkNotificationsReadPayload {\n        unread\n      }\n      ...AppErrorFields\n    }\n  }\n"): (typeof documents)["\n  mutation MarkNotificationsRead($ids: [Int!], $all: Boolean) {\n    markNotificationsRead(ids: $ids, all: $all) {\n      __typename\n      ... on MarkNotificationsReadPayload {\n        unread\n      }\n      ...AppErrorFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment NotificationPreferencesFields on NotificationPreferences {\n    types {\n      type\n      inApp\n      push\n      whatsapp\n    }\n    quietHours {\n      start\n      end\n    }\n  }\n"): (typeof documents)["\n  fragment NotificationPreferencesFields on NotificationPreferences {\n    types {\n      type\n      inApp\n      push\n      whatsapp\n    }\n    quietHours {\n      start\n      end\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query NotificationPreferences {\n    notificationPreferences {\n      ...NotificationPreferencesFields\n    }\n  }\n"): (typeof documents)["\n  query NotificationPreferences {\n    notificationPreferences {\n      ...NotificationPreferencesFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateNotificationPreferences($types: [NotificationTypePreferenceInput!], $quietHours: QuietHoursInput) {\n    updateNotificationPreferences(types: $types, quietHours: $quietHours) {\n      __typename\n      ...NotificationPreferencesFields\n      ...AppErrorFields\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateNotificationPreferences($types: [NotificationTypePreferenceInput!], $quietHours: QuietHoursInput) {\n    updateNotificationPreferences(types: $types, quietHours: $quietHours) {\n      __typename\n      ...NotificationPreferencesFields\n      ...AppErrorFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment BoardOfferFields on Offer {\n    id\n    userId\n    postType\n    type\n    title\n    description\n    categories\n    likes\n    isLiked\n    isOwn\n    isUrgent\n    createdAt\n    userNickname\n    userFullName\n    userName\n    userPlan\n    userJoinedAt\n    userProfilePhoto\n    userProfessionalActivity\n    userConversationsFrom\n  }\n"): (typeof documents)["\n  fragment BoardOfferFields on Offer {\n    id\n    userId\n    postType\n    type\n    title\n    description\n    categories\n    likes\n    isLiked\n    isOwn\n    isUrgent\n    createdAt\n    userNickname\n    userFullName\n    userName\n    userPlan\n    userJoinedAt\n    userProfilePhoto\n    userProfessionalActivity\n    userConversationsFrom\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query BoardOffers($filter: OfferFilter, $first: Int, $after: String, $q: String) {\n    offers(filter: $filter, first: $first, after: $after, q: $q) {\n      edges {\n        cursor\n        node {\n          ...BoardOfferFields\n        }\n      }\n      pageInfo {\n        endCursor\n        hasNextPage\n      }\n    }\n  }\n"): (typeof documents)["\n  query BoardOffers($filter: OfferFilter, $first: Int, $after: String, $q: String) {\n    offers(filter: $filter, first: $first, after: $after, q: $q) {\n      edges {\n        cursor\n        node {\n          ...BoardOfferFields\n        }\n      }\n      pageInfo {\n        endCursor\n        hasNextPage\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query BoardOffer($id: Int!) {\n    offer(id: $id) {\n      ...BoardOfferFields\n      hidden\n      underReview\n    }\n  }\n"): (typeof documents)["\n  query BoardOffer($id: Int!) {\n    offer(id: $id) {\n      ...BoardOfferFields\n      hidden\n      underReview\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MyOffers {\n    myOffers {\n      conversationCount\n      offer {\n        ...BoardOfferFields\n        hidden\n        underReview\n      }\n    }\n  }\n"): (typeof documents)["\n  query MyOffers {\n    myOffers {\n      conversationCount\n      offer {\n        ...BoardOfferFields\n        hidden\n        underReview\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateOffer($input: OfferInput!) {\n    createOffer(input: $input) {\n      __typename\n      ... on Offer {\n        ...BoardOfferFields\n      }\n      ... on PlanLimitError {\n        code\n        message\n        upgradeMessage\n        showUpgrade\n      }\n      ...AppErrorFields\n    }\n  }\n"): (typeof documents)["\n  mutation CreateOffer($input: OfferInput!) {\n    createOffer(input: $input) {\n      __typename\n      ... on Offer {\n        ...BoardOfferFields\n      }\n      ... on PlanLimitError {\n        code\n        message\n        upgradeMessage\n        showUpgrade\n      }\n      ...AppErrorFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateOffer($id: Int!, $input: UpdateOfferInput!) {\n    updateOffer(id: $id, input: $input) {\n      __typename\n      ... on Offer {\n        ...BoardOfferFields\n      }\n      ... on PlanLimitError {\n        code\n        message\n        upgradeMessage\n        showUpgrade\n      }\n      ...AppErrorFields\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateOffer($id: Int!, $input: UpdateOfferInput!) {\n    updateOffer(id: $id, input: $input) {\n      __typename\n      ... on Offer {\n        ...BoardOfferFields\n      }\n      ... on PlanLimitError {\n        code\n        message\n        upgradeMessage\n        showUpgrade\n      }\n      ...AppErrorFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteOffer($id: Int!) {\n    deleteOffer(id: $id) {\n      __typename\n      ... on DeleteOfferPayload {\n        offerId\n      }\n      ...AppErrorFields\n    }\n  }\n"): (typeof documents)["\n  mutation DeleteOffer($id: Int!) {\n    deleteOffer(id: $id) {\n      __typename\n      ... on DeleteOfferPayload {\n        offerId\n      }\n      ...AppErrorFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ToggleLike($offerId: Int!) {\n    toggleLike(offerId: $offerId) {\n      __typename\n      ... on LikePayload {\n        offerId\n        liked\n        totalLikes\n      }\n      ...AppErrorFields\n    }\n  }\n"): (typeof documents)["\n  mutation ToggleLike($offerId: Int!) {\n    toggleLike(offerId: $offerId) {\n      __typename\n      ... on LikePayload {\n        offerId\n        liked\n        totalLikes\n      }\n      ...AppErrorFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ImproveOfferText($input: ImproveOfferTextInput!) {\n    improveOfferText(input: $input) {\n      __typename\n      ... on ImprovedText {\n        description\n      }\n      ...AppErrorFields\n    }\n  }\n"): (typeof documents)["\n  mutation ImproveOfferText($input: ImproveOfferTextInput!) {\n    improveOfferText(input: $input) {\n      __typename\n      ... on ImprovedText {\n        description\n      }\n      ...AppErrorFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription OffersChanged {\n    offersChanged {\n      kind\n      offerId\n      totalLikes\n    }\n  }\n"): (typeof documents)["\n  subscription OffersChanged {\n    offersChanged {\n      kind\n      offerId\n      totalLikes\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation StartConversation($offerId: Int!) {\n    startConversation(offerId: $offerId) {\n      __typename\n      ... on Conversation {\n        id\n      }\n      ... on UpgradeRequiredError {\n        code\n        action\n        targetPlan\n        message\n        upgradeMessage\n      }\n      ...AppErrorFields\n    }\n  }\n"): (typeof documents)["\n  mutation StartConversation($offerId: Int!) {\n    startConversation(offerId: $offerId) {\n      __typename\n      ... on Conversation {\n        id\n      }\n      ... on UpgradeRequiredError {\n        code\n        action\n        targetPlan\n        message\n        upgradeMessage\n      }\n      ...AppErrorFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ReportOffer($input: ReportInput!) {\n    reportOffer(input: $input) {\n      __typename\n      ... on ReportPayload {\n        id\n      }\n      ...AppErrorFields\n    }\n  }\n"): (typeof documents)["\n  mutation ReportOffer($input: ReportInput!) {\n    reportOffer(input: $input) {\n      __typename\n      ... on ReportPayload {\n        id\n      }\n      ...AppErrorFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AuthorProfile($id: Int!) {\n    publicProfile(id: $id) {\n      __typename\n      ... on PublicProfile {\n        id\n        displayName\n        nickname\n        fullName\n        plan\n        joinYear\n        professionalActivity\n        city\n        state\n        interests\n        miniBio\n        profilePhotoUrl\n        bannerImageUrl\n        bannerLink\n        instagram\n        website\n        linkedin\n        youtube\n        facebook\n        tiktok\n        isOnline\n      }\n      ... on UpgradeRequiredError {\n        code\n        message\n        targetPlan\n      }\n      ...AppErrorFields\n    }\n  }\n"): (typeof documents)["\n  query AuthorProfile($id: Int!) {\n    publicProfile(id: $id) {\n      __typename\n      ... on PublicProfile {\n        id\n        displayName\n        nickname\n        fullName\n        plan\n        joinYear\n        professionalActivity\n        city\n        state\n        interests\n        miniBio\n        profilePhotoUrl\n        bannerImageUrl\n        bannerLink\n        instagram\n        website\n        linkedin\n        youtube\n        facebook\n        tiktok\n        isOnline\n      }\n      ... on UpgradeRequiredError {\n        code\n        message\n        targetPlan\n      }\n      ...AppErrorFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ReportMember($input: MemberReportInput!) {\n    reportMember(input: $input) {\n      __typename\n      ... on ReportPayload {\n        id\n      }\n      ...AppErrorFields\n    }\n  }\n"): (typeof documents)["\n  mutation ReportMember($input: MemberReportInput!) {\n    reportMember(input: $input) {\n      __typename\n      ... on ReportPayload {\n        id\n      }\n      ...AppErrorFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ReportMessage($input: MessageReportInput!) {\n    reportMessage(input: $input) {\n      __typename\n      ... on ReportPayload {\n        id\n      }\n      ...AppErrorFields\n    }\n  }\n"): (typeof documents)["\n  mutation ReportMessage($input: MessageReportInput!) {\n    reportMessage(input: $input) {\n      __typename\n      ... on ReportPayload {\n        id\n      }\n      ...AppErrorFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CancelSubscription {\n    cancelSubscription {\n      __typename\n      ... on Profile {\n        ...ProfileFields\n      }\n      ...AppErrorFields\n    }\n  }\n"): (typeof documents)["\n  mutation CancelSubscription {\n    cancelSubscription {\n      __typename\n      ... on Profile {\n        ...ProfileFields\n      }\n      ...AppErrorFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RegisterImperatrizInterest {\n    registerImperatrizInterest {\n      __typename\n      ... on ImperatrizInterest {\n        alreadyRegistered\n        registeredAt\n      }\n      ...AppErrorFields\n    }\n  }\n"): (typeof documents)["\n  mutation RegisterImperatrizInterest {\n    registerImperatrizInterest {\n      __typename\n      ... on ImperatrizInterest {\n        alreadyRegistered\n        registeredAt\n      }\n      ...AppErrorFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MyBilling {\n    mySubscription {\n      id\n      plan\n      billingCycle\n      billingType\n      status\n      priceCents\n      paidUntil\n      canceledAt\n    }\n    myPayments {\n      ...PaymentFields\n      billingCycle\n    }\n  }\n"): (typeof documents)["\n  query MyBilling {\n    mySubscription {\n      id\n      plan\n      billingCycle\n      billingType\n      status\n      priceCents\n      paidUntil\n      canceledAt\n    }\n    myPayments {\n      ...PaymentFields\n      billingCycle\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment PaymentFields on Payment {\n    id\n    providerPaymentId\n    plan\n    billingType\n    status\n    amountCents\n    dueDate\n    paidAt\n    invoiceUrl\n    pix {\n      qrCodeImage\n      copyPaste\n      expiresAt\n    }\n    boleto {\n      identificationField\n      bankSlipUrl\n    }\n    cardBrand\n    cardLast4\n    createdAt\n  }\n"): (typeof documents)["\n  fragment PaymentFields on Payment {\n    id\n    providerPaymentId\n    plan\n    billingType\n    status\n    amountCents\n    dueDate\n    paidAt\n    invoiceUrl\n    pix {\n      qrCodeImage\n      copyPaste\n      expiresAt\n    }\n    boleto {\n      identificationField\n      bankSlipUrl\n    }\n    cardBrand\n    cardLast4\n    createdAt\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment CheckoutResultFields on CheckoutResult {\n    message\n    isMigration\n    subscription {\n      id\n      plan\n      billingCycle\n      billingType\n      status\n      priceCents\n      discountCents\n      promoCode\n    }\n    payment {\n      ...PaymentFields\n    }\n  }\n"): (typeof documents)["\n  fragment CheckoutResultFields on CheckoutResult {\n    message\n    isMigration\n    subscription {\n      id\n      plan\n      billingCycle\n      billingType\n      status\n      priceCents\n      discountCents\n      promoCode\n    }\n    payment {\n      ...PaymentFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateSubscription($input: CreateSubscriptionInput!) {\n    createSubscription(input: $input) {\n      __typename\n      ... on CheckoutResult {\n        ...CheckoutResultFields\n      }\n      ...AppErrorFields\n    }\n  }\n"): (typeof documents)["\n  mutation CreateSubscription($input: CreateSubscriptionInput!) {\n    createSubscription(input: $input) {\n      __typename\n      ... on CheckoutResult {\n        ...CheckoutResultFields\n      }\n      ...AppErrorFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ValidatePromoCode($code: String!, $plan: Plan!) {\n    validatePromoCode(code: $code, plan: $plan) {\n      __typename\n      ... on PromoValidation {\n        valid\n        description\n        error\n        monthlyDiscountCents\n        annualDiscountCents\n      }\n      ...AppErrorFields\n    }\n  }\n"): (typeof documents)["\n  query ValidatePromoCode($code: String!, $plan: Plan!) {\n    validatePromoCode(code: $code, plan: $plan) {\n      __typename\n      ... on PromoValidation {\n        valid\n        description\n        error\n        monthlyDiscountCents\n        annualDiscountCents\n      }\n      ...AppErrorFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription PaymentUpdated {\n    paymentUpdated {\n      ...PaymentFields\n    }\n  }\n"): (typeof documents)["\n  subscription PaymentUpdated {\n    paymentUpdated {\n      ...PaymentFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MyPayments {\n    myPayments {\n      ...PaymentFields\n    }\n  }\n"): (typeof documents)["\n  query MyPayments {\n    myPayments {\n      ...PaymentFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PaymentsProvider {\n    demoPayments\n  }\n"): (typeof documents)["\n  query PaymentsProvider {\n    demoPayments\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MyPrivacy {\n    myConsents {\n      current {\n        purpose\n        granted\n        version\n        at\n        source\n      }\n      pending\n    }\n    myDataSharing {\n      recipient\n      kind\n      day\n      fields\n      count\n    }\n  }\n"): (typeof documents)["\n  query MyPrivacy {\n    myConsents {\n      current {\n        purpose\n        granted\n        version\n        at\n        source\n      }\n      pending\n    }\n    myDataSharing {\n      recipient\n      kind\n      day\n      fields\n      count\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PendingConsents {\n    myConsents {\n      pending\n    }\n  }\n"): (typeof documents)["\n  query PendingConsents {\n    myConsents {\n      pending\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetConsent($purpose: ConsentPurpose!, $granted: Boolean!) {\n    setConsent(purpose: $purpose, granted: $granted) {\n      __typename\n      ... on Consents {\n        current {\n          purpose\n          granted\n          version\n          at\n          source\n        }\n        pending\n      }\n      ...AppErrorFields\n    }\n  }\n"): (typeof documents)["\n  mutation SetConsent($purpose: ConsentPurpose!, $granted: Boolean!) {\n    setConsent(purpose: $purpose, granted: $granted) {\n      __typename\n      ... on Consents {\n        current {\n          purpose\n          granted\n          version\n          at\n          source\n        }\n        pending\n      }\n      ...AppErrorFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MyDataExport {\n    myDataExport {\n      ...DataExportFields\n    }\n  }\n"): (typeof documents)["\n  query MyDataExport {\n    myDataExport {\n      ...DataExportFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RequestDataExport {\n    requestDataExport {\n      __typename\n      ... on DataExport {\n        ...DataExportFields\n      }\n      ... on AppError {\n        code\n        message\n        retryAfterSeconds\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation RequestDataExport {\n    requestDataExport {\n      __typename\n      ... on DataExport {\n        ...DataExportFields\n      }\n      ... on AppError {\n        code\n        message\n        retryAfterSeconds\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ReferralStats {\n    referralStats {\n      nobreza\n      alteza\n      majestade\n      imperatriz\n      total\n    }\n  }\n"): (typeof documents)["\n  query ReferralStats {\n    referralStats {\n      nobreza\n      alteza\n      majestade\n      imperatriz\n      total\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AddressByCep($cep: String!) {\n    addressByCep(cep: $cep) {\n      cep\n      street\n      neighborhood\n      city\n      state\n    }\n  }\n"): (typeof documents)["\n  query AddressByCep($cep: String!) {\n    addressByCep(cep: $cep) {\n      cep\n      street\n      neighborhood\n      city\n      state\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateProfile($input: ProfileInput!) {\n    updateProfile(input: $input) {\n      __typename\n      ... on Profile {\n        ...ProfileFields\n      }\n      ...AppErrorFields\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateProfile($input: ProfileInput!) {\n    updateProfile(input: $input) {\n      __typename\n      ... on Profile {\n        ...ProfileFields\n      }\n      ...AppErrorFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteAccount {\n    deleteAccount {\n      __typename\n      ... on DeleteAccountPayload {\n        success\n      }\n      ...AppErrorFields\n    }\n  }\n"): (typeof documents)["\n  mutation DeleteAccount {\n    deleteAccount {\n      __typename\n      ... on DeleteAccountPayload {\n        success\n      }\n      ...AppErrorFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PushPublicKey {\n    pushPublicKey {\n      enabled\n      publicKey\n    }\n  }\n"): (typeof documents)["\n  query PushPublicKey {\n    pushPublicKey {\n      enabled\n      publicKey\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SubscribePush($input: SubscribePushInput!) {\n    subscribePush(input: $input) {\n      __typename\n      ... on PushSubscriptionPayload {\n        success\n      }\n      ... on AppError {\n        message\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation SubscribePush($input: SubscribePushInput!) {\n    subscribePush(input: $input) {\n      __typename\n      ... on PushSubscriptionPayload {\n        success\n      }\n      ... on AppError {\n        message\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UnsubscribePush($endpoint: String!) {\n    unsubscribePush(endpoint: $endpoint) {\n      __typename\n      ... on PushSubscriptionPayload {\n        removed\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation UnsubscribePush($endpoint: String!) {\n    unsubscribePush(endpoint: $endpoint) {\n      __typename\n      ... on PushSubscriptionPayload {\n        removed\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SafetySettings {\n    profile {\n      id\n      conversationsFrom\n    }\n    myBlocks {\n      id\n      displayName\n      blockedAt\n    }\n    myMutes {\n      userId\n      displayName\n      mutedUntil\n    }\n  }\n"): (typeof documents)["\n  query SafetySettings {\n    profile {\n      id\n      conversationsFrom\n    }\n    myBlocks {\n      id\n      displayName\n      blockedAt\n    }\n    myMutes {\n      userId\n      displayName\n      mutedUntil\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation BlockMember($userId: Int!) {\n    blockMember(userId: $userId) {\n      __typename\n      ... on SafetyPayload {\n        success\n        userId\n      }\n      ...AppErrorFields\n    }\n  }\n"): (typeof documents)["\n  mutation BlockMember($userId: Int!) {\n    blockMember(userId: $userId) {\n      __typename\n      ... on SafetyPayload {\n        success\n        userId\n      }\n      ...AppErrorFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UnblockMember($userId: Int!) {\n    unblockMember(userId: $userId) {\n      __typename\n      ... on SafetyPayload {\n        success\n        userId\n      }\n      ...AppErrorFields\n    }\n  }\n"): (typeof documents)["\n  mutation UnblockMember($userId: Int!) {\n    unblockMember(userId: $userId) {\n      __typename\n      ... on SafetyPayload {\n        success\n        userId\n      }\n      ...AppErrorFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetConversationsFrom($value: ConversationsFrom!) {\n    setConversationsFrom(conversationsFrom: $value) {\n      __typename\n      ... on ConversationsFromPayload {\n        conversationsFrom\n      }\n      ...AppErrorFields\n    }\n  }\n"): (typeof documents)["\n  mutation SetConversationsFrom($value: ConversationsFrom!) {\n    setConversationsFrom(conversationsFrom: $value) {\n      __typename\n      ... on ConversationsFromPayload {\n        conversationsFrom\n      }\n      ...AppErrorFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation MuteMember($userId: Int!, $days: Int) {\n    muteMember(userId: $userId, days: $days) {\n      __typename\n      ... on MemberMute {\n        userId\n        displayName\n        mutedUntil\n      }\n      ...AppErrorFields\n    }\n  }\n"): (typeof documents)["\n  mutation MuteMember($userId: Int!, $days: Int) {\n    muteMember(userId: $userId, days: $days) {\n      __typename\n      ... on MemberMute {\n        userId\n        displayName\n        mutedUntil\n      }\n      ...AppErrorFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UnmuteMember($userId: Int!) {\n    unmuteMember(userId: $userId) {\n      __typename\n      ... on SafetyPayload {\n        success\n        userId\n      }\n      ...AppErrorFields\n    }\n  }\n"): (typeof documents)["\n  mutation UnmuteMember($userId: Int!) {\n    unmuteMember(userId: $userId) {\n      __typename\n      ... on SafetyPayload {\n        success\n        userId\n      }\n      ...AppErrorFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment SessionUser on User {\n    id\n    phone\n    email\n    plan\n    profileComplete\n    fullName\n    nickname\n    isSuperuser\n    referralCode\n  }\n"): (typeof documents)["\n  fragment SessionUser on User {\n    id\n    phone\n    email\n    plan\n    profileComplete\n    fullName\n    nickname\n    isSuperuser\n    referralCode\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Me {\n    me {\n      ...SessionUser\n    }\n  }\n"): (typeof documents)["\n  query Me {\n    me {\n      ...SessionUser\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription MeUpdated {\n    meUpdated {\n      ...SessionUser\n    }\n  }\n"): (typeof documents)["\n  subscription MeUpdated {\n    meUpdated {\n      ...SessionUser\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation Logout {\n    logout\n  }\n"): (typeof documents)["\n  mutation Logout {\n    logout\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CommunityStats {\n    communityStats {\n      totalMembers\n      totalCollabs\n      totalPermutas\n      totalApoios\n    }\n  }\n"): (typeof documents)["\n  query CommunityStats {\n    communityStats {\n      totalMembers\n      totalCollabs\n      totalPermutas\n      totalApoios\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment DataExportFields on DataExport {\n    id\n    status\n    progress\n    createdAt\n    readyAt\n    expiresAt\n    expired\n    downloadUrl\n  }\n"): (typeof documents)["\n  fragment DataExportFields on DataExport {\n    id\n    status\n    progress\n    createdAt\n    readyAt\n    expiresAt\n    expired\n    downloadUrl\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription DataExportProgress($id: String!) {\n    dataExportProgress(id: $id) {\n      ...DataExportFields\n    }\n  }\n"): (typeof documents)["\n  subscription DataExportProgress($id: String!) {\n    dataExportProgress(id: $id) {\n      ...DataExportFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment AppErrorFields on AppError {\n    code\n    message\n    fieldErrors {\n      field\n      message\n    }\n  }\n"): (typeof documents)["\n  fragment AppErrorFields on AppError {\n    code\n    message\n    fieldErrors {\n      field\n      message\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ProfileFields on Profile {\n    id\n    plan\n    phone\n    countryCode\n    profileComplete\n    referralCode\n    profilePhoto\n    profilePhotoUrl\n    bannerImage\n    bannerImageUrl\n    fullName\n    nickname\n    email\n    cpf\n    whatsapp\n    birthDate\n    cep\n    street\n    houseNumber\n    complement\n    neighborhood\n    city\n    state\n    professionalActivity\n    interests\n    melhorEmail\n    website\n    linkedin\n    youtube\n    facebook\n    instagram\n    tiktok\n    miniBio\n    bannerLink\n    businessType\n    serviceType\n    entrepreneurProfile\n    shareWithSponsors\n    whatsappNotificationsEnabled\n    acceptedTerms\n    acceptedPrivacyPolicy\n    acceptedLGPD\n    isOver18\n  }\n"): (typeof documents)["\n  fragment ProfileFields on Profile {\n    id\n    plan\n    phone\n    countryCode\n    profileComplete\n    referralCode\n    profilePhoto\n    profilePhotoUrl\n    bannerImage\n    bannerImageUrl\n    fullName\n    nickname\n    email\n    cpf\n    whatsapp\n    birthDate\n    cep\n    street\n    houseNumber\n    complement\n    neighborhood\n    city\n    state\n    professionalActivity\n    interests\n    melhorEmail\n    website\n    linkedin\n    youtube\n    facebook\n    instagram\n    tiktok\n    miniBio\n    bannerLink\n    businessType\n    serviceType\n    entrepreneurProfile\n    shareWithSponsors\n    whatsappNotificationsEnabled\n    acceptedTerms\n    acceptedPrivacyPolicy\n    acceptedLGPD\n    isOver18\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MyProfile {\n    profile {\n      ...ProfileFields\n    }\n  }\n"): (typeof documents)["\n  query MyProfile {\n    profile {\n      ...ProfileFields\n    }\n  }\n"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;