import type { ApolloServerPlugin, GraphQLRequestContext } from "@apollo/server";
import { Kind, type OperationDefinitionNode } from "graphql";
import type { GraphQLContext } from "../context.js";
import type { BoardCache } from "../domains/offers/board-cache.js";
import type { CachedBoardResult } from "../domains/offers/offers.service.js";

/** Root fields whose answer is the same for every anonymous visitor and changes only with the board. */
const PUBLIC_BOARD_FIELDS = new Set(["offers", "__typename"]);


/** A query that reads only the board (only those root fields, no fragments or directives at the root). */
function readsOnlyTheBoard(operation: OperationDefinitionNode | undefined) {
  if (!operation || operation.operation !== "query") return false;
  return operation.selectionSet.selections.every(
    (selection) => selection.kind === Kind.FIELD && PUBLIC_BOARD_FIELDS.has(selection.name.value) && !selection.directives?.length,
  );
}

/**
 * Answers anonymous board queries from memory. An anonymous visitor's successful answer for a query
 * text and its variables is kept in a BoardCache, which the offers service empties whenever the board
 * changes, so the next anonymous visitors skip execution. Only anonymous answers are kept, so what
 * it serves is always the anonymous presentation (presentOffer); signed-in members always execute:
 * their answers carry the author's id and full name, isLiked and isOwn. Answers with errors are
 * never kept.
 */
export function boardResponseCache(cache: BoardCache<CachedBoardResult>): ApolloServerPlugin<GraphQLContext> {
  const keyOf = (rc: GraphQLRequestContext<GraphQLContext>) =>
    rc.contextValue.user || !rc.queryHash || !readsOnlyTheBoard(rc.operation)
      ? null
      : JSON.stringify([rc.queryHash, rc.operationName ?? null, rc.request.variables ?? {}]);

  return {
    async requestDidStart() {
      let pending: { key: string; generation: number } | undefined;
      return {
        async responseForOperation(rc) {
          const key = keyOf(rc);
          if (!key) return null;
          const cached = await cache.peek(key);
          if (cached) return { http: rc.response.http, body: { kind: "single", singleResult: cached } };
          pending = { key, generation: cache.currentGeneration };
          return null;
        },
        async willSendResponse(rc) {
          const body = rc.response.body;
          if (!pending || body.kind !== "single" || body.singleResult.errors || !body.singleResult.data) return;
          cache.set(pending.key, { data: body.singleResult.data }, pending.generation);
        },
      };
    },
  };
}
