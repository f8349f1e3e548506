import { ApolloClient, ApolloLink, HttpLink, InMemoryCache } from "@apollo/client";
import { GraphQLWsLink } from "@apollo/client/link/subscriptions";
import { OperationTypeNode } from "graphql";
import { createClient } from "graphql-ws";
import { possibleTypes } from "./possibleTypes";

export const GRAPHQL_PATH = "/graphql";

function websocketUrl(): string {
  const { protocol, host } = window.location;
  return `${protocol === "https:" ? "wss" : "ws"}://${host}${GRAPHQL_PATH}`;
}

/**
 * One client for the whole app. Identity travels only in the server's httpOnly session cookie,
 * which the browser sends on same-origin requests and on the WebSocket handshake.
 */
const connectedListeners = new Set<() => void>();

/**
 * Called each time the subscription socket (re)connects, so screens can fetch what they may have
 * missed while it was down. Returns the unsubscribe function.
 */
export function onSocketConnected(listener: () => void): () => void {
  connectedListeners.add(listener);
  return () => connectedListeners.delete(listener);
}

export function createCache(): InMemoryCache {
  return new InMemoryCache({ possibleTypes });
}

export function createApolloClient(): ApolloClient {
  const http = new HttpLink({
    uri: GRAPHQL_PATH,
    credentials: "same-origin",
    // A header a cross-site form cannot set: the server's CSRF guard asks for it.
    headers: { "apollo-require-preflight": "true" },
  });

  const ws = new GraphQLWsLink(
    createClient({
      url: websocketUrl,
      lazy: true,
      on: {
        connected: () => connectedListeners.forEach((listener) => listener()),
      },
      retryAttempts: Number.POSITIVE_INFINITY,
      shouldRetry: () => true,
      retryWait: async (retries) => {
        const delay = Math.min(1000 * 2 ** retries, 30_000);
        await new Promise((resolve) => setTimeout(resolve, delay + Math.random() * 500));
      },
    }),
  );

  return new ApolloClient({
    link: ApolloLink.split((operation) => operation.operationType === OperationTypeNode.SUBSCRIPTION, ws, http),
    cache: createCache(),
  });
}
