import { useEffect, useRef } from "react";
import { useApolloClient } from "@apollo/client/react";
import type { DocumentNode } from "graphql";
import { onSocketConnected } from "./apollo";

/**
 * Asks the server again for these queries (the active ones) each time the socket reconnects: what
 * changed while it was down came by no subscription.
 */
export function useRefetchOnReconnect(include: readonly DocumentNode[]) {
  const client = useApolloClient();
  const latest = useRef(include);
  latest.current = include;
  useEffect(
    () =>
      onSocketConnected(() => {
        client.refetchQueries({ include: [...latest.current] }).catch(() => undefined);
      }),
    [client],
  );
}
