import { useApolloClient, useMutation, useQuery } from "@apollo/client/react";
import { useState } from "react";
import { Link } from "react-router-dom";
import styled from "styled-components";
import { Button } from "../../components/Button";
import { Card, Centered, PageTitle } from "../../components/Page";
import { SignInRequiredPage } from "../../components/SignInRequired";
import { Spinner } from "../../components/Spinner";
import { useToast } from "../../components/Toast";
import type { NotificationFieldsFragment } from "../../gql/graphql";
import { PAGE_TITLES, useDocumentTitle } from "../../lib/documentTitle";
import { formatRelativeTime } from "../../lib/format";
import { useSession } from "../session";
import { writeRead } from "./centreCache";
import { MarkNotificationsReadDocument, NotificationCentreDocument } from "./documents";
import { NOTIFICATION_WEB_TEXTS as T } from "./notificationTexts";

const Wrapper = styled.div`
  max-width: 760px;
  margin: 0 auto;
  padding: ${({ theme }) => theme.space.lg} ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.xxl};
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  ${({ theme }) => theme.media.sm} {
    padding-left: ${({ theme }) => theme.space.md};
    padding-right: ${({ theme }) => theme.space.md};
  }
`;

const Head = styled.header`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm};
  padding: 0 ${({ theme }) => theme.space.xs};
  p { color: ${({ theme }) => theme.colors.textMuted}; }
`;

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  box-shadow: ${({ theme }) => theme.shadows.sm};
  overflow: hidden;
`;

const Entry = styled(Link)<{ $unread: boolean }>`
  display: flex;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.md};
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  border-left: 4px solid ${({ theme, $unread }) => ($unread ? theme.colors.gold : "transparent")};
  background: ${({ theme, $unread }) => ($unread ? theme.colors.brandSoft : theme.colors.surface)};
  color: ${({ theme }) => theme.colors.text};
  text-decoration: none;
  li:first-child > & { border-top: none; }
  &:hover { background: ${({ theme }) => theme.colors.surfaceAlt}; }
  &:focus-visible { outline: 3px solid ${({ theme }) => theme.colors.focus}; outline-offset: -3px; }

  strong { display: block; color: ${({ theme }) => theme.colors.brandDark}; font-weight: ${({ theme, $unread }) => ($unread ? theme.fontWeights.heavy : theme.fontWeights.bold)}; }
  p { margin: ${({ theme }) => theme.space.xxs} 0; }
  time { color: ${({ theme }) => theme.colors.textMuted}; font-size: ${({ theme }) => theme.fontSizes.sm}; }
`;

const Text = styled.div`
  flex: 1;
  min-width: 0;
  overflow-wrap: anywhere;
`;

const UnreadMark = styled.span`
  flex: none;
  align-self: flex-start;
  padding: 2px ${({ theme }) => theme.space.xs};
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.brand};
  color: #fff;
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  white-space: nowrap;
`;

const More = styled.div`
  display: flex;
  justify-content: center;
`;

const Empty = styled(Card)`
  text-align: center;
  p { color: ${({ theme }) => theme.colors.textMuted}; }
`;

/** '/avisos': her notification centre (issue 29). */
export function NotificationsPage() {
  useDocumentTitle(PAGE_TITLES.notifications);
  const { status } = useSession();
  if (status !== "authenticated") return <SignInRequiredPage title={T.title} text={T.signInText} />;
  return <Centre />;
}

function Centre() {
  const client = useApolloClient();
  const { toast } = useToast();
  const { data, loading, error, refetch, fetchMore } = useQuery(NotificationCentreDocument, {
    variables: { after: null },
    fetchPolicy: "cache-and-network",
    notifyOnNetworkStatusChange: true,
  });
  const [markRead, marking] = useMutation(MarkNotificationsReadDocument);
  const centre = data?.notificationCentre.__typename === "NotificationCentre" ? data.notificationCentre : null;
  const fail = () => toast({ title: T.errorTitle, description: T.actionFailed, variant: "destructive" });

  const markAll = async () => {
    try {
      const { data: answer } = await markRead({ variables: { all: true } });
      const result = answer?.markNotificationsRead;
      if (result?.__typename !== "MarkNotificationsReadPayload") return fail();
      writeRead(client.cache, "all", result.unread);
      toast({ title: T.markedAll });
      // The list as the server has it now: a load of the page still on its way (asked before she
      // pressed) would otherwise bring back the entries as unread; this one is asked after, and not
      // folded into that one.
      client
        .query({ query: NotificationCentreDocument, variables: { after: null }, fetchPolicy: "network-only", context: { queryDeduplication: false } })
        .catch(() => undefined);
    } catch {
      fail();
    }
  };

  // Opening an entry marks it read; the page changes at once, so no toast.
  const open = (entry: NotificationFieldsFragment) => {
    if (entry.readAt) return;
    markRead({ variables: { ids: [entry.id] } }).then(
      ({ data: answer }) => {
        const result = answer?.markNotificationsRead;
        if (result?.__typename === "MarkNotificationsReadPayload") writeRead(client.cache, [entry.id], result.unread);
      },
      () => undefined,
    );
  };

  const [loadingMore, setLoadingMore] = useState(false);
  const loadMore = async () => {
    if (!centre?.nextCursor) return;
    setLoadingMore(true);
    try {
      await fetchMore({ variables: { after: centre.nextCursor } });
    } catch {
      fail();
    } finally {
      setLoadingMore(false);
    }
  };

  return (
    <Wrapper>
      <Head>
        <div>
          <PageTitle>{T.title}</PageTitle>
          <p>{T.lead}</p>
        </div>
        {centre && centre.unread > 0 && (
          <Button $variant="outline" $size="sm" disabled={marking.loading} onClick={() => void markAll()}>
            {T.markAll}
          </Button>
        )}
      </Head>
      {!centre ? (
        !loading && (error || data) ? (
          <Centered role="alert">
            <p>{T.loadFailed}</p>
            <Button $variant="outline" onClick={() => void refetch().catch(() => undefined)}>
              {T.retry}
            </Button>
          </Centered>
        ) : (
          <Centered role="status">
            <Spinner />
            <span>{T.loading}</span>
          </Centered>
        )
      ) : centre.items.length === 0 ? (
        <Empty role="status">
          <h2>{T.empty}</h2>
          <p>{T.emptyHint}</p>
        </Empty>
      ) : (
        <>
          <List aria-label={T.listLabel}>
            {centre.items.map((entry) => (
              <li key={entry.id}>
                <Entry to={entry.link} $unread={!entry.readAt} onClick={() => open(entry)}>
                  <Text>
                    <strong>{entry.title}</strong>
                    <p>{entry.body}</p>
                    <time dateTime={entry.createdAt}>{formatRelativeTime(entry.createdAt)}</time>
                  </Text>
                  {!entry.readAt && <UnreadMark>{T.unreadMark}</UnreadMark>}
                </Entry>
              </li>
            ))}
          </List>
          {centre.nextCursor && (
            <More>
              <Button $variant="outline" disabled={loadingMore} aria-busy={loadingMore} onClick={() => void loadMore()}>
                {loadingMore ? T.loadingMore : T.loadMore}
              </Button>
            </More>
          )}
        </>
      )}
    </Wrapper>
  );
}
