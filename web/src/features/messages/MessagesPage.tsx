import { useQuery } from "@apollo/client/react";
import { useParams } from "react-router-dom";
import styled from "styled-components";
import { Button } from "../../components/Button";
import { PageTitle } from "../../components/Page";
import { SignInRequiredPage } from "../../components/SignInRequired";
import { Skeleton } from "../../components/Spinner";
import { WEB_TEXTS } from "../../lib/texts";
import { useSession } from "../session";
import { ConversationList } from "./ConversationList";
import { ConversationsDocument } from "./documents";
import { PresenceListener } from "./PresenceListener";
import { MT } from "./messageTexts";
import { Thread } from "./Thread";
import { PAGE_TITLES, useDocumentTitle } from "../../lib/documentTitle";

const T = WEB_TEXTS.messages;

const Page = styled.div`
  max-width: ${({ theme }) => theme.maxWidth};
  margin: 0 auto;
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  ${({ theme }) => theme.media.md} {
    padding: ${({ theme }) => theme.space.lg};
  }
`;

const Title = styled(PageTitle)<{ $threadOpen: boolean }>`
  margin: 0 0 ${({ theme }) => theme.space.sm};
  font-size: ${({ theme }) => theme.fontSizes.xl};
  ${({ $threadOpen }) => ($threadOpen ? "@media (max-width: 767px) { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }" : "")}
`;

const Panels = styled.div<{ $threadOpen: boolean }>`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  height: calc(100dvh - 64px - 5rem);
  min-height: 420px;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  box-shadow: ${({ theme }) => theme.shadows.sm};
  overflow: hidden;

  & > .list { display: ${({ $threadOpen }) => ($threadOpen ? "none" : "block")}; min-height: 0; min-width: 0; }
  & > .thread { display: ${({ $threadOpen }) => ($threadOpen ? "block" : "none")}; min-height: 0; min-width: 0; }

  ${({ theme }) => theme.media.md} {
    grid-template-columns: minmax(280px, 360px) minmax(0, 1fr);
    & > .list { display: block; border-right: 1px solid ${({ theme }) => theme.colors.border}; }
    & > .thread { display: block; }
  }
`;

const Pick = styled.div`
  height: 100%;
  display: flex;
  align-items: center;
  justify-content: center;
  padding: ${({ theme }) => theme.space.xl};
  color: ${({ theme }) => theme.colors.textMuted};
  background: ${({ theme }) => theme.colors.background};
  text-align: center;
`;

const Loading = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.md};
`;

const ErrorBox = styled.div`
  padding: ${({ theme }) => theme.space.lg};
  text-align: center;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  align-items: center;
`;

function parseId(raw: string | undefined): number | null {
  if (!raw || !/^\d+$/.test(raw)) return null;
  return Number(raw);
}

function Inbox() {
  const params = useParams();
  const activeId = parseId(params.id);
  const { data, error, refetch } = useQuery(ConversationsDocument, { fetchPolicy: "cache-and-network" });
  const threadOpen = activeId !== null;

  return (
    <Page>
      <Title $threadOpen={threadOpen}>{T.title}</Title>
      <Panels $threadOpen={threadOpen}>
        <div className="list">
          {data ? (
            <>
              <ConversationList conversations={data.conversations} activeId={activeId} />
              <PresenceListener partnerIds={data.conversations.map((c) => c.otherUser?.id)} />
            </>
          ) : error ? (
            <ErrorBox role="alert">
              <p>{MT.loadFailed}</p>
              <Button $variant="outline" onClick={() => refetch().catch(() => undefined)}>
                {MT.retry}
              </Button>
            </ErrorBox>
          ) : (
            <Loading aria-busy="true">
              {[0, 1, 2, 3].map((i) => (
                <Skeleton key={i} $height="64px" />
              ))}
            </Loading>
          )}
        </div>
        <div className="thread">
          {activeId !== null ? <Thread key={activeId} conversationId={activeId} /> : <Pick>{MT.pick}</Pick>}
        </div>
      </Panels>
    </Page>
  );
}

/** 'Central de Mensagens': the conversation list and, at /mensagens/:id, the opened thread. */
export function MessagesPage() {
  useDocumentTitle(PAGE_TITLES.messages);
  const { status } = useSession();
  if (status !== "authenticated") {
    return <SignInRequiredPage title={T.title} text={T.signedOut} />;
  }
  return <Inbox />;
}
