import type { ApolloServerPlugin } from "@apollo/server";
import type { NextFunction, Request, Response } from "express";
import type { IncomingMessage } from "node:http";
import { GraphQLError, Kind } from "graphql";
import { ERROR_TEXTS, PRODUCT_NAME } from "@clube-coroa/schema";
import type { GraphQLContext } from "../context.js";
import type { PartnerIdentity } from "../domains/partners/partners.policy.js";
import { AppError } from "../lib/errors.js";
import { assertAllowed } from "../lib/rate-limit.js";
import type { Services } from "../services.js";

declare module "express-serve-static-core" {
  interface Request {
    partner?: PartnerIdentity | null;
  }
}

/** The root fields a partner's key may query; introspection (__schema, __type) follows the server's policy. */
export const PARTNER_FIELDS = new Set(["sponsorData", "sponsorStats", "__typename", "__schema", "__type"]);
export const PARTNER_ONLY_MESSAGE = "Esta chave de parceira só pode consultar sponsorData e sponsorStats";
const INVALID_KEY_MESSAGE = "Chave de API inválida ou revogada";
export const POST_ONLY_MESSAGE = ERROR_TEXTS.partnerPostOnly;

/** The key of an `Authorization: Bearer <key>` header (or a graphql-ws connectionParams value); undefined without one. */
export function bearerKeyOf(value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  const match = /^\s*Bearer\s+(\S*)\s*$/i.exec(value);
  return match ? match[1] : undefined;
}

export const hasBearer = (request: IncomingMessage) => bearerKeyOf(request.headers.authorization) !== undefined;

/**
 * The partners' door of /graphql over HTTP: a request with `Authorization: Bearer <key>` is a
 * partner's and only hers: no session cookie is read (so no CSRF check applies: a browser never
 * sends the header on its own), the key must name a key not revoked (else 401, counted per
 * address: past PARTNER_KEY_FAILURES_PER_MINUTE every key from there waits), and each key has its
 * requests per minute (429 with Retry-After). A request let through is counted for the key's use.
 * Keys are read over POST only: any other method with a key is 405 before the key is looked up, so
 * queries with a key never travel in URLs (and into request logs), as docs/partners.md says.
 */
export function partnerIdentity(services: Services) {
  const { partnerKeys, limits } = services;
  return async (req: Request, res: Response, next: NextFunction) => {
    const key = bearerKeyOf(req.headers.authorization);
    if (key === undefined) return next();
    if (req.method !== "POST") {
      res.set("Allow", "POST");
      return next(new AppError("BAD_REQUEST", POST_ONLY_MESSAGE, { status: 405 }));
    }
    try {
      const address = req.ip ?? "unknown";
      const wait = await limits.partnerKeyFailures.exhausted(address);
      if (wait !== null) throw new AppError("RATE_LIMITED", undefined, { retryAfterSeconds: wait });
      const partner = await partnerKeys.authenticate(key);
      if (!partner) {
        await assertAllowed(limits.partnerKeyFailures, address);
        res.set("WWW-Authenticate", `Bearer realm="${PRODUCT_NAME}", error="invalid_token"`);
        throw new AppError("UNAUTHENTICATED", INVALID_KEY_MESSAGE);
      }
      await assertAllowed(limits.partnerRequests, partner.keyId);
      partnerKeys.recordUse(partner.keyId);
      req.partner = partner;
      req.auth = null;
      next();
    } catch (error) {
      next(error);
    }
  };
}

/**
 * A partner's key runs only queries of sponsorData and sponsorStats: any other root field, every
 * mutation and subscription, is refused with 403 before anything runs.
 */
export const partnerOperationsOnly: ApolloServerPlugin<GraphQLContext> = {
  async requestDidStart({ contextValue }) {
    if (!contextValue.partner) return;
    return {
      async didResolveOperation({ operation }) {
        const allowed =
          operation?.operation === "query" &&
          operation.selectionSet.selections.every((selection) => selection.kind === Kind.FIELD && PARTNER_FIELDS.has(selection.name.value));
        if (!allowed) throw new GraphQLError(PARTNER_ONLY_MESSAGE, { extensions: { code: "FORBIDDEN", http: { status: 403 } } });
      },
    };
  },
};
