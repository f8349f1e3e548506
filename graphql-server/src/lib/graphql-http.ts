import type { ApolloServerPlugin } from "@apollo/server";
import { GraphQLError } from "graphql";
import { OVERLOAD_RETRY_SECONDS } from "./errors.js";
import { nestingRefusal } from "./graphql-limits.js";

/**
 * Rules of GraphQL over HTTP that GraphQL itself does not know: subscriptions are refused (400; they
 * live on the WebSocket), so are variables or extensions nested too deep and persisted queries (400),
 * and an answer carrying a saturated-database error says so with 503 and Retry-After, like REST, so
 * clients and proxies back off.
 */
export const graphqlOverHttpRules: ApolloServerPlugin = {
  async requestDidStart() {
    return {
      async didResolveOperation({ operation, request }) {
        // Apollo has parsed GET's variables too by now, and nothing has walked them yet.
        const tooDeep = nestingRefusal(request);
        if (tooDeep) throw new GraphQLError(tooDeep.message, { extensions: { ...tooDeep.extensions, http: { status: 400 } } });
        if (operation?.operation === "subscription") {
          throw new GraphQLError("Assinaturas (subscriptions) funcionam só pelo WebSocket de /graphql (graphql-ws)", {
            extensions: { code: "BAD_REQUEST", http: { status: 400 } },
          });
        }
      },
      async willSendResponse({ response }) {
        if (response.body.kind !== "single") return;
        const errors = response.body.singleResult.errors;
        // Apollo answers 200; Apollo Client's persisted-query link reads the code from a 400 too and resends the text.
        if (errors?.some((e) => e.extensions?.code === "PERSISTED_QUERY_NOT_SUPPORTED")) response.http.status = 400;
        const unavailable = errors?.find((e) => e.extensions?.code === "UNAVAILABLE");
        if (!unavailable) return;
        response.http.status = 503;
        response.http.headers.set("retry-after", String(unavailable.extensions?.retryAfterSeconds ?? OVERLOAD_RETRY_SECONDS));
      },
    };
  },
};
