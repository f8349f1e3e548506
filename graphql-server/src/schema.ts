import { lexicographicSortSchema, printSchema } from "graphql";
import { builder } from "./builder.js";
import "./domains/users/users.graphql.js";
import "./domains/users/profile.graphql.js";
import "./domains/users/members.graphql.js";
import "./domains/auth/auth.graphql.js";
import "./domains/offers/offers.graphql.js";
import "./domains/conversations/conversations.graphql.js";
import "./domains/safety/safety.graphql.js";
import "./domains/notifications/notifications.graphql.js";
import "./domains/push/push.graphql.js";
import "./domains/reports/reports.graphql.js";
import "./domains/plans/plans.graphql.js";
import "./domains/billing/billing.graphql.js";
import "./domains/admin/admin.graphql.js";
import "./domains/admin/sponsors.graphql.js";
import "./domains/banners/banners.graphql.js";
import "./domains/partners/partners.graphql.js";
import "./domains/privacy/privacy.graphql.js";

export const schema = builder.toSchema();

/** The SDL committed as schema/schema.graphql, sorted so that diffs stay readable. */
export const printedSchema = () => `${printSchema(lexicographicSortSchema(schema))}\n`;
