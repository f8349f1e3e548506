import { useQuery, useSubscription } from "@apollo/client/react";
import styled from "styled-components";
import { LIMITS } from "@clube-coroa/schema";
import { VisuallyHidden } from "../../components/VisuallyHidden";
import { useSession } from "../session";
import { writeUnreadCount } from "./cache";
import { useRefetchOnReconnect } from "../../lib/useRefetchOnReconnect";
import { ConversationsDocument, UnreadCountChangedDocument, UnreadCountDocument } from "./documents";
import { badgeText } from "./format";
import { MT } from "./messageTexts";
import { NewMessagePopup } from "./NewMessagePopup";
import { PresenceReporter } from "./Presence";

function UnreadCountListener() {
  // After a reconnection the counts may have moved while the socket was down.
  useRefetchOnReconnect([UnreadCountDocument, ConversationsDocument]);
  useSubscription(UnreadCountChangedDocument, {
    onData: ({ client, data }) => {
      const count = data.data?.unreadCountChanged;
      if (typeof count === "number") writeUnreadCount(client.cache, count);
    },
  });
  return null;
}

/** The message centre's app-wide pieces for a signed-in member: badge feed, popup and presence. */
export function MessagingRealtime() {
  const { status, user } = useSession();
  if (status !== "authenticated" || !user) return null;
  return (
    <>
      <UnreadCountListener />
      <NewMessagePopup />
      <PresenceReporter userId={user.id} />
    </>
  );
}

const Pill = styled.span`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  min-width: 20px;
  height: 20px;
  margin-left: 6px;
  padding: 0 6px;
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.gold};
  color: ${({ theme }) => theme.colors.brandDark};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: ${({ theme }) => theme.fontWeights.heavy};
  line-height: 1;
`;

/** The unread count next to 'Mensagens': hidden at 0, '99+' above 99. */
export function UnreadBadge() {
  const { data } = useQuery(UnreadCountDocument, { fetchPolicy: "cache-and-network" });
  const count = data?.unreadCount ?? 0;
  if (count <= 0) return null;
  return (
    <Pill data-testid="unread-badge">
      <span aria-hidden="true">{badgeText(count, LIMITS.unreadBadgeCap)}</span>
      <VisuallyHidden>
        {" "}
        {MT.unreadBadge(count, badgeText(count, LIMITS.unreadBadgeCap))}
      </VisuallyHidden>
    </Pill>
  );
}
