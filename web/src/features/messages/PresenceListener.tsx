import { useSubscription } from "@apollo/client/react";
import { PresenceChangedDocument } from "./documents";

function PresenceSubscription() {
  useSubscription(PresenceChangedDocument, {
    onData: ({ client, data }) => {
      const presence = data.data?.presenceChanged;
      if (!presence) return;
      const id = client.cache.identify({ __typename: "ConversationUser", id: presence.userId });
      if (id) client.cache.modify({ id, fields: { isOnline: () => presence.isOnline } });
    },
  });
  return null;
}

/**
 * Keeps the online dots of the conversation list live. The server sends the presence of the members
 * she talks to as of subscribing, so the subscription starts again when that set changes.
 */
export function PresenceListener({ partnerIds }: { partnerIds: readonly (number | null | undefined)[] }) {
  const key = [...new Set(partnerIds.filter((id): id is number => typeof id === "number"))].sort((a, b) => a - b).join(",");
  return key ? <PresenceSubscription key={key} /> : null;
}
