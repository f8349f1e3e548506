import { GraphQLWsLink } from "@apollo/client/link/subscriptions";
import { createClient } from "graphql-ws";

type Origin = Pick<Location, "protocol" | "host">;

function websocketUrl(path: string, { protocol, host }: Origin): string {
  return `${protocol === "https:" ? "wss" : "ws"}://${host}${path}`;
}

/**
 * The graphql-ws link (loaded with the first subscription, see apollo.ts). Every close but a fatal
 * one is retried, quietly (subscriptions wait, no error reaches a screen): a server restarting
 * closes with 1012 and the client comes back (behind a proxy, to another instance) 1–1.5 s later;
 * `onConnected` then lets the screens fetch what they missed.
 */
export function createSubscriptionLink(path: string, onConnected: () => void, origin: Origin = window.location): GraphQLWsLink {
  return new GraphQLWsLink(
    createClient({
      url: () => websocketUrl(path, origin),
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
