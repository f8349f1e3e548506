import type { ApolloClient } from "@apollo/client";
import { MeDocument } from "./documents";

/** Asks the server for `me` again so the session (plan badge, incomplete banner) follows her changes. */
export async function refreshSession(client: ApolloClient): Promise<void> {
  try {
    await client.query({ query: MeDocument, fetchPolicy: "network-only" });
  } catch {
    // The 120 s refresh and the pushed update will catch up.
  }
}
