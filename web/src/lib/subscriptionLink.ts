import { GraphQLWsLink } from "@apollo/client/link/subscriptions";
import { createClient } from "graphql-ws";

function websocketUrl(path: string): string {
  const { protocol, host } = window.location;
  return `${protocol === "https:" ? "wss" : "ws"}://${host}${path}`;
}

/** The graphql-ws link (loaded with the first subscription, see apollo.ts). */
export function createSubscriptionLink(path: string, onConnected: () => void): GraphQLWsLink {
  return new GraphQLWsLink(
    createClient({
      url: () => websocketUrl(path),
      lazy: true,
      on: { connected: onConnected },
      retryAttempts: Number.POSITIVE_INFINITY,
      shouldRetry: () => true,
      retryWait: async (retries) => {
        const delay = Math.min(1000 * 2 ** retries, 30_000);
        await new Promise((resolve) => setTimeout(resolve, delay + Math.random() * 500));
      },
    }),
  );
}
