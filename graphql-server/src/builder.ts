import SchemaBuilder from "@pothos/core";
import ErrorsPlugin from "@pothos/plugin-errors";
import ScopeAuthPlugin from "@pothos/plugin-scope-auth";
import type { FileUpload } from "graphql-upload/processRequest.mjs";
import type { GraphQLContext } from "./context.js";
import { AppError } from "./lib/errors.js";

export const builder = new SchemaBuilder<{
  Context: GraphQLContext;
  AuthScopes: { member: boolean; superuser: boolean; partner: boolean };
  DefaultFieldNullability: false;
  /** A file of a GraphQL multipart request (graphql/uploads.ts): its details once its part has begun to arrive. */
  Scalars: { Upload: { Input: Promise<FileUpload>; Output: never } };
}>({
  plugins: [ScopeAuthPlugin, ErrorsPlugin],
  defaultFieldNullability: false,
  scopeAuth: {
    authorizeOnSubscribe: true,
    authScopes: (ctx) => ({ member: ctx.user !== null, superuser: ctx.user?.role === "superuser", partner: ctx.partner !== null }),
    unauthorizedError: (_parent, context) =>
      context.user ? new AppError("FORBIDDEN") : new AppError("UNAUTHENTICATED"),
  },
  errors: { defaultTypes: [] },
});

/** The schema's Pothos types, for a helper that builds fields shared by two object types. */
export type Types = typeof builder extends PothosSchemaTypes.SchemaBuilder<infer T> ? T : never;

builder.queryType({});
builder.mutationType({});
builder.subscriptionType({});

export const AppErrorRef = builder.objectType(AppError, {
  name: "AppError",
  description: "A refusal the member can read: the product's Portuguese text and a stable code.",
  fields: (t) => ({
    code: t.exposeString("code"),
    message: t.exposeString("message"),
    retryAfterSeconds: t.int({ nullable: true, resolve: (error) => error.retryAfterSeconds ?? null }),
  }),
});

/** The signed-in member of a resolver's context, or the UNAUTHENTICATED refusal. */
export function requireUser(ctx: GraphQLContext) {
  if (!ctx.user) throw new AppError("UNAUTHENTICATED");
  return ctx.user;
}
