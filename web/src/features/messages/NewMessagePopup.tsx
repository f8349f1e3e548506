import { useApolloClient, useSubscription } from "@apollo/client/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { useMatch, useNavigate } from "react-router-dom";
import styled, { css, keyframes } from "styled-components";
import { Button } from "../../components/Button";
import type { NewMessageNotificationsSubscription } from "../../gql/graphql";
import { ConversationsDocument, NewMessageNotificationsDocument } from "./documents";
import { MT, POPUP_CLOSE_MS, POPUP_MS } from "./messageTexts";

type Notice = NewMessageNotificationsSubscription["notifications"];

const enter = keyframes`from { opacity: 0; transform: translateY(-12px); } to { opacity: 1; transform: translateY(0); }`;
const leave = keyframes`from { opacity: 1; transform: translateY(0); } to { opacity: 0; transform: translateY(-12px); }`;

const Card = styled.div<{ $closing: boolean }>`
  position: fixed;
  top: calc(64px + ${({ theme }) => theme.space.sm});
  right: ${({ theme }) => theme.space.sm};
  left: ${({ theme }) => theme.space.sm};
  z-index: ${({ theme }) => theme.zIndex.toast};
  margin-left: auto;
  max-width: 380px;
  padding: ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radii.md};
  border-left: 6px solid ${({ theme }) => theme.colors.gold};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadows.lg};
  animation: ${({ $closing }) =>
    $closing
      ? css`${leave} ${POPUP_CLOSE_MS / 1000}s ease-in forwards`
      : css`${enter} 0.2s ease-out`};

  @media (prefers-reduced-motion: reduce) {
    animation: none;
  }

  h2 { font-size: ${({ theme }) => theme.fontSizes.md}; margin: 0 0 ${({ theme }) => theme.space.xxs}; color: ${({ theme }) => theme.colors.brand}; }
  p { margin: 0 0 ${({ theme }) => theme.space.xxs}; font-size: ${({ theme }) => theme.fontSizes.sm}; }
`;

const Offer = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Content = styled.p`
  display: -webkit-box;
  -webkit-line-clamp: 3;
  -webkit-box-orient: vertical;
  overflow: hidden;
  overflow-wrap: anywhere;
`;

const Buttons = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space.xs};
  margin-top: ${({ theme }) => theme.space.sm};
  & > * { flex: 1; }
`;

const prefersReducedMotion = () =>
  typeof window !== "undefined" && typeof window.matchMedia === "function" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;

/**
 * The new-message popup of spec part 1 §2/§4: on a real-time notification for a conversation that
 * is not open, a card with the sender, the offer and the content; it closes itself after 8 s.
 */
export function NewMessagePopup() {
  const client = useApolloClient();
  const navigate = useNavigate();
  const openMatch = useMatch("/mensagens/:id");
  const openId = openMatch?.params.id ? Number(openMatch.params.id) : null;
  const openIdRef = useRef(openId);
  useEffect(() => {
    openIdRef.current = openId;
  }, [openId]);

  const [notice, setNotice] = useState<Notice | null>(null);
  const [closing, setClosing] = useState(false);
  const closeTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const close = useCallback(() => {
    clearTimeout(closeTimer.current);
    const delay = prefersReducedMotion() ? 0 : POPUP_CLOSE_MS;
    setClosing(true);
    closeTimer.current = setTimeout(() => {
      setNotice(null);
      setClosing(false);
    }, delay);
  }, []);

  useSubscription(NewMessageNotificationsDocument, {
    onData: ({ data }) => {
      const next = data.data?.notifications;
      if (!next) return;
      client.refetchQueries({ include: [ConversationsDocument] }).catch(() => undefined);
      if (next.conversationId === openIdRef.current) return;
      clearTimeout(closeTimer.current);
      setClosing(false);
      setNotice(next);
    },
  });

  // She opened that conversation herself (from the list, a link): she is reading it, no popup over it.
  const noticeId = notice?.conversationId ?? null;
  useEffect(() => {
    if (noticeId === null || noticeId !== openId) return;
    clearTimeout(closeTimer.current);
    setNotice(null);
    setClosing(false);
  }, [noticeId, openId]);

  // Closes itself 8 s after the latest notification.
  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(close, POPUP_MS);
    return () => clearTimeout(timer);
  }, [notice, close]);
  useEffect(() => () => clearTimeout(closeTimer.current), []);

  if (!notice) return null;

  const view = () => {
    navigate(`/mensagens/${notice.conversationId}`);
    clearTimeout(closeTimer.current);
    setNotice(null);
    setClosing(false);
  };

  return (
    <Card role="dialog" aria-modal="false" aria-labelledby="new-message-title" $closing={closing} data-state={closing ? "closed" : "open"}>
      <h2 id="new-message-title">{MT.popupTitle}</h2>
      <div aria-live="polite">
        <p>
          <strong>{MT.popupFrom(notice.senderName)}</strong>
        </p>
        {notice.offerTitle && (
          <Offer>
            {MT.popupAbout}: {notice.offerTitle}
          </Offer>
        )}
        <Content>{notice.content}</Content>
      </div>
      <Buttons>
        <Button $variant="outline" $size="sm" onClick={close}>
          {MT.popupClose}
        </Button>
        <Button $size="sm" onClick={view}>
          {MT.popupView}
        </Button>
      </Buttons>
    </Card>
  );
}
