import { useQuery, useSubscription } from "@apollo/client/react";
import { NavLink } from "react-router-dom";
import styled from "styled-components";
import { APP_ROUTES, NOTIFICATION_BADGE_CAP } from "@clube-coroa/schema";
import { useRefetchOnReconnect } from "../../lib/useRefetchOnReconnect";
import { useSession } from "../session";
import { writeCentreChange } from "./centreCache";
import { NotificationCentreChangedDocument, NotificationCentreDocument, NotificationUnreadDocument } from "./documents";
import { NOTIFICATION_WEB_TEXTS as T } from "./notificationTexts";

/** '99+' above the cap, as the message badge. */
export const bellCount = (n: number) => (n > NOTIFICATION_BADGE_CAP ? `${NOTIFICATION_BADGE_CAP}+` : String(n));

const BellLink = styled(NavLink)`
  position: relative;
  flex: none;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  min-width: ${({ theme }) => theme.tapTarget};
  min-height: ${({ theme }) => theme.tapTarget};
  border-radius: ${({ theme }) => theme.radii.pill};
  color: #fff;
  text-decoration: none;
  &:hover { background: rgba(255, 255, 255, 0.12); }
  &.active { color: ${({ theme }) => theme.colors.goldLight}; }
  svg { flex: none; }
`;

const Count = styled.span`
  position: absolute;
  top: 2px;
  right: -2px;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  min-width: 20px;
  height: 20px;
  padding: 0 5px;
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.gold};
  color: ${({ theme }) => theme.colors.brandDark};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: ${({ theme }) => theme.fontWeights.heavy};
  line-height: 1;
`;

const BellIcon = () => (
  <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
    <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
    <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
  </svg>
);

/** The bell in the navigation: a link to 'Avisos' named with her unread count ('Avisos, 3 não lidos'). */
export function NotificationBell() {
  const { data } = useQuery(NotificationUnreadDocument, { fetchPolicy: "cache-and-network" });
  const centre = data?.notificationCentre;
  const unread = centre?.__typename === "NotificationCentre" ? centre.unread : 0;
  const shown = bellCount(unread);
  return (
    <BellLink to={APP_ROUTES.notifications} aria-label={T.bell(unread, shown)} data-testid="notification-bell">
      <BellIcon />
      {unread > 0 && <Count aria-hidden="true">{shown}</Count>}
    </BellLink>
  );
}

function CentreListener() {
  // After a reconnection entries may have come while the socket was down.
  useRefetchOnReconnect([NotificationUnreadDocument, NotificationCentreDocument]);
  useSubscription(NotificationCentreChangedDocument, {
    onData: ({ client, data }) => {
      const change = data.data?.notificationCentreChanged;
      if (!change) return;
      writeCentreChange(client.cache, change);
      // Entries read elsewhere (another tab, her phone): the open list shows them read.
      if (!change.entry) client.refetchQueries({ include: [NotificationCentreDocument] }).catch(() => undefined);
    },
  });
  return null;
}

/** Keeps the bell and an open 'Avisos' live for a signed-in member (mounted once, app-wide). */
export function NotificationsRealtime() {
  const { status, user } = useSession();
  if (status !== "authenticated" || !user) return null;
  return <CentreListener />;
}
