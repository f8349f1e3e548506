/**
 * The members of each union and interface in schema/schema.graphql, so the cache can match
 * `... on AppError` fragments. possibleTypes.test.ts fails when the schema and this list drift.
 */
export const possibleTypes: Record<string, string[]> = {
  SendLoginTokenResult: ["AppError", "SendLoginTokenPayload"],
  VerifyLoginTokenResult: ["AppError", "VerifyLoginTokenPayload"],
  CancelSubscriptionResult: ["AppError", "Profile"],
  CreateOfferResult: ["AppError", "Offer", "PlanLimitError"],
  DeleteOfferResult: ["AppError", "DeleteOfferPayload"],
  ImproveOfferTextResult: ["AppError", "ImprovedText"],
  ToggleLikeResult: ["AppError", "LikePayload"],
  UpdateOfferResult: ["AppError", "Offer", "PlanLimitError"],
  DeleteAccountResult: ["AppError", "DeleteAccountPayload"],
  ValidatePromoCodeResult: ["AppError", "PromoValidation"],
  CreateSubscriptionResult: ["AppError", "CheckoutResult"],
  RegisterImperatrizInterestResult: ["AppError", "ImperatrizInterest"],
  UpdateProfileResult: ["AppError", "Profile"],
  PublicProfileResult: ["AppError", "PublicProfile", "UpgradeRequiredError"],
  DeleteConversationResult: ["AppError", "DeleteConversationPayload"],
  MarkConversationReadResult: ["AppError", "MarkConversationReadPayload"],
  SendMessageResult: ["AppError", "Message", "UpgradeRequiredError"],
  SetOnlineStatusResult: ["AppError", "Presence"],
  StartConversationResult: ["AppError", "Conversation", "UpgradeRequiredError"],
  ReportOfferResult: ["AppError", "ReportPayload"],
  UpdateReportStatusResult: ["AppError", "AdminReport"],
  AddSuperUserResult: ["AppError", "SuperUser"],
  AdminUserResult: ["AppError", "AdminUser"],
  AdminChangePlanResult: ["AppError", "AdminUser"],
  CreatePartnerApiKeyResult: ["AppError", "CreatedPartnerApiKey"],
  RevokePartnerApiKeyResult: ["AppError", "PartnerApiKey"],
  UpdateBannerResult: ["AdminBanner", "AppError"],
  DeleteBannerResult: ["AppError", "DeleteBannerPayload"],
};
