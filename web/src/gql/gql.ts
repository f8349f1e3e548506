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
    "\n  mutation SendLoginToken($input: SendLoginTokenInput!) {\n    sendLoginToken(input: $input) {\n      __typename\n      ... on SendLoginTokenPayload {\n        success\n        expiresInSeconds\n        resendAfterSeconds\n      }\n      ... on AppError {\n        code\n        message\n        retryAfterSeconds\n      }\n    }\n  }\n": typeof types.SendLoginTokenDocument,
    "\n  mutation VerifyLoginToken($input: VerifyLoginTokenInput!) {\n    verifyLoginToken(input: $input) {\n      __typename\n      ... on VerifyLoginTokenPayload {\n        user {\n          ...SessionUser\n        }\n      }\n      ... on AppError {\n        code\n        message\n        retryAfterSeconds\n      }\n    }\n  }\n": typeof types.VerifyLoginTokenDocument,
    "\n  query AppInfo {\n    appInfo {\n      localWhatsapp\n      productName\n    }\n  }\n": typeof types.AppInfoDocument,
    "\n  fragment SessionUser on User {\n    id\n    phone\n    email\n    plan\n    profileComplete\n    fullName\n    nickname\n    isSuperuser\n    referralCode\n  }\n": typeof types.SessionUserFragmentDoc,
    "\n  query Me {\n    me {\n      ...SessionUser\n    }\n  }\n": typeof types.MeDocument,
    "\n  subscription MeUpdated {\n    meUpdated {\n      ...SessionUser\n    }\n  }\n": typeof types.MeUpdatedDocument,
    "\n  mutation Logout {\n    logout\n  }\n": typeof types.LogoutDocument,
};
const documents: Documents = {
    "\n  mutation SendLoginToken($input: SendLoginTokenInput!) {\n    sendLoginToken(input: $input) {\n      __typename\n      ... on SendLoginTokenPayload {\n        success\n        expiresInSeconds\n        resendAfterSeconds\n      }\n      ... on AppError {\n        code\n        message\n        retryAfterSeconds\n      }\n    }\n  }\n": types.SendLoginTokenDocument,
    "\n  mutation VerifyLoginToken($input: VerifyLoginTokenInput!) {\n    verifyLoginToken(input: $input) {\n      __typename\n      ... on VerifyLoginTokenPayload {\n        user {\n          ...SessionUser\n        }\n      }\n      ... on AppError {\n        code\n        message\n        retryAfterSeconds\n      }\n    }\n  }\n": types.VerifyLoginTokenDocument,
    "\n  query AppInfo {\n    appInfo {\n      localWhatsapp\n      productName\n    }\n  }\n": types.AppInfoDocument,
    "\n  fragment SessionUser on User {\n    id\n    phone\n    email\n    plan\n    profileComplete\n    fullName\n    nickname\n    isSuperuser\n    referralCode\n  }\n": types.SessionUserFragmentDoc,
    "\n  query Me {\n    me {\n      ...SessionUser\n    }\n  }\n": types.MeDocument,
    "\n  subscription MeUpdated {\n    meUpdated {\n      ...SessionUser\n    }\n  }\n": types.MeUpdatedDocument,
    "\n  mutation Logout {\n    logout\n  }\n": types.LogoutDocument,
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
export function graphql(source: "\n  mutation SendLoginToken($input: SendLoginTokenInput!) {\n    sendLoginToken(input: $input) {\n      __typename\n      ... on SendLoginTokenPayload {\n        success\n        expiresInSeconds\n        resendAfterSeconds\n      }\n      ... on AppError {\n        code\n        message\n        retryAfterSeconds\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation SendLoginToken($input: SendLoginTokenInput!) {\n    sendLoginToken(input: $input) {\n      __typename\n      ... on SendLoginTokenPayload {\n        success\n        expiresInSeconds\n        resendAfterSeconds\n      }\n      ... on AppError {\n        code\n        message\n        retryAfterSeconds\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation VerifyLoginToken($input: VerifyLoginTokenInput!) {\n    verifyLoginToken(input: $input) {\n      __typename\n      ... on VerifyLoginTokenPayload {\n        user {\n          ...SessionUser\n        }\n      }\n      ... on AppError {\n        code\n        message\n        retryAfterSeconds\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation VerifyLoginToken($input: VerifyLoginTokenInput!) {\n    verifyLoginToken(input: $input) {\n      __typename\n      ... on VerifyLoginTokenPayload {\n        user {\n          ...SessionUser\n        }\n      }\n      ... on AppError {\n        code\n        message\n        retryAfterSeconds\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AppInfo {\n    appInfo {\n      localWhatsapp\n      productName\n    }\n  }\n"): (typeof documents)["\n  query AppInfo {\n    appInfo {\n      localWhatsapp\n      productName\n    }\n  }\n"];
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

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;