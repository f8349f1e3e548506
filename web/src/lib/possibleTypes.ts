/**
 * The members of each union and interface in schema/schema.graphql, so the cache can match
 * `... on AppError` fragments. possibleTypes.test.ts fails when the schema and this list drift.
 */
export const possibleTypes: Record<string, string[]> = {
  SendLoginTokenResult: ["AppError", "SendLoginTokenPayload"],
  VerifyLoginTokenResult: ["AppError", "VerifyLoginTokenPayload"],
};
