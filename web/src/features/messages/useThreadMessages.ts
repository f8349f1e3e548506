import { useApolloClient, useMutation, useQuery, useSubscription } from "@apollo/client/react";
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type RefObject } from "react";
import { useToast } from "../../components/Toast";
import type { MessageFieldsFragment, MessagesQuery } from "../../gql/graphql";
import { onSocketConnected } from "../../lib/apollo";
import { appendToThread, THREAD_LIMIT, threadVariables, touchConversation, writeUnreadCount } from "./cache";
import { MarkConversationReadDocument, MessageAddedDocument, MessagesDocument } from "./documents";
import { MT } from "./messageTexts";

/** Pages of missed messages fetched after a reconnection (THREAD_LIMIT each) before giving up. */
const CATCH_UP_MAX_PAGES = 20;
/**
 * A catch-up page that failed is asked again this many times, 1 s then 2 s later: during a rolling
 * restart the instance it went to may be stopping under it, and what it would have brought would
 * stay missing until the thread is opened again (bench/realtime.ts --only rolling lost deliveries so).
 */
const CATCH_UP_ATTEMPTS = 3;
const CATCH_UP_RETRY_MS = 1000;
/**
 * The catch-up runs once more this long after a reconnect. The socket's subscription becomes live
 * on the server a moment after the socket itself (its membership is checked; with Redis, the
 * instance subscribes to the conversation's channel): a message sent in between was in neither the
 * first catch-up nor the live events (the rolling bench lost 1 delivery of 7,990 so).
 */
const CATCH_UP_AGAIN_MS = 3000;

export const isVisible = () => typeof document === "undefined" || document.visibilityState !== "hidden";

/**
 * A thread's messages: the newest page, live messages, the catch-up after a reconnection, older
 * pages on request, marking it read (on opening and on coming back to the tab), and the scroll:
 * the newest message in view, or her place kept after older ones are added.
 */
export function useThreadMessages(conversationId: number, scroller: RefObject<HTMLDivElement | null>) {
  const client = useApolloClient();
  const { toast } = useToast();
  const messagesQuery = useQuery(MessagesDocument, { variables: threadVariables(conversationId), fetchPolicy: "cache-and-network" });
  const [markRead] = useMutation(MarkConversationReadDocument);

  const messages = messagesQuery.data?.messages;
  const lastSeenId = useRef<number | null>(null);
  useEffect(() => {
    const real = (messages ?? []).filter((m) => m.id > 0);
    lastSeenId.current = real.length ? real[real.length - 1].id : null;
  }, [messages]);

  const markAsRead = useCallback(() => {
    markRead({ variables: { conversationId } })
      .then(({ data }) => {
        const result = data?.markConversationRead;
        if (result?.__typename !== "MarkConversationReadPayload") return;
        writeUnreadCount(client.cache, result.unreadCount);
        const id = client.cache.identify({ __typename: "Conversation", id: conversationId });
        if (id) client.cache.modify({ id, fields: { unreadCount: () => 0 } });
      })
      .catch(() => undefined);
  }, [markRead, conversationId, client]);

  // Opening a conversation marks it read, and so does coming back to the tab while it is open.
  useEffect(() => {
    markAsRead();
    const onVisibility = () => {
      if (isVisible()) markAsRead();
    };
    document.addEventListener("visibilitychange", onVisibility);
    return () => document.removeEventListener("visibilitychange", onVisibility);
  }, [markAsRead]);

  const receive = useCallback(
    (incoming: MessageFieldsFragment[]) => {
      if (incoming.length === 0) return;
      appendToThread(client.cache, conversationId, incoming);
      touchConversation(client.cache, incoming[incoming.length - 1]);
      if (incoming.some((m) => !m.isMine) && isVisible()) markAsRead();
    },
    [client, conversationId, markAsRead],
  );

  useSubscription(MessageAddedDocument, {
    variables: { conversationId },
    onData: ({ data }) => {
      const message = data.data?.messageAdded;
      if (message && message.conversationId === conversationId) receive([message]);
    },
  });

  // After the socket (re)connects, fetch whatever arrived while it was down, page by page; and once
  // more CATCH_UP_AGAIN_MS later from the same message, for what came before the subscription was
  // live again on the server (live messages received meanwhile may be newer than it).
  useEffect(() => {
    const catchUp = async (from: number | null) => {
      let after = from;
      for (let page = 0; page < CATCH_UP_MAX_PAGES; page++) {
        if (after === null) return;
        const cursor = after;
        const askPage = async (attempt: number): Promise<MessagesQuery | undefined> => {
          try {
            const { data } = await client.query({
              query: MessagesDocument,
              variables: { conversationId, after: cursor, limit: THREAD_LIMIT },
              fetchPolicy: "network-only",
            });
            return data;
          } catch (error) {
            if (attempt >= CATCH_UP_ATTEMPTS) throw error;
            await new Promise((resolve) => setTimeout(resolve, CATCH_UP_RETRY_MS * attempt));
            return askPage(attempt + 1);
          }
        };
        const data = await askPage(1);
        if (!data) return;
        receive(data.messages);
        const newest = data.messages.at(-1)?.id;
        if (data.messages.length < THREAD_LIMIT || newest === undefined) return;
        after = newest;
      }
    };
    let again: ReturnType<typeof setTimeout> | undefined;
    const stop = onSocketConnected(() => {
      const from = lastSeenId.current;
      void catchUp(from).catch(() => undefined);
      clearTimeout(again);
      again = setTimeout(() => void catchUp(from).catch(() => undefined), CATCH_UP_AGAIN_MS);
    });
    return () => {
      stop();
      clearTimeout(again);
    };
  }, [client, conversationId, receive]);

  // Older messages: the first page is the newest THREAD_LIMIT; a full page may have more before it.
  const firstPageFull = useRef<boolean | null>(null);
  if (messages && firstPageFull.current === null) firstPageFull.current = messages.length >= THREAD_LIMIT;
  const [olderDone, setOlderDone] = useState(false);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const keepBottomOffset = useRef<number | null>(null);
  const loadOlder = async () => {
    const oldest = (messages ?? []).find((m) => m.id > 0)?.id;
    if (oldest === undefined || loadingOlder) return;
    setLoadingOlder(true);
    try {
      const { data } = await client.query({
        query: MessagesDocument,
        variables: { conversationId, before: oldest, limit: THREAD_LIMIT },
        fetchPolicy: "network-only",
      });
      if (!data) return;
      const el = scroller.current;
      if (el) keepBottomOffset.current = el.scrollHeight - el.scrollTop;
      appendToThread(client.cache, conversationId, data.messages);
      if (data.messages.length < THREAD_LIMIT) setOlderDone(true);
    } catch {
      toast({ title: MT.errorTitle, description: MT.olderFailed, variant: "destructive" });
    } finally {
      setLoadingOlder(false);
    }
  };
  const hasOlder = !!firstPageFull.current && !olderDone;

  // Keep the newest message in view; after older ones are added, keep her place instead.
  const newestId = messages?.at(-1)?.id ?? null;
  const oldestId = messages?.[0]?.id ?? null;
  useLayoutEffect(() => {
    const el = scroller.current;
    if (el && keepBottomOffset.current === null) el.scrollTop = el.scrollHeight;
  }, [newestId, conversationId, scroller]);
  useLayoutEffect(() => {
    const el = scroller.current;
    if (el && keepBottomOffset.current !== null) {
      el.scrollTop = el.scrollHeight - keepBottomOffset.current;
      keepBottomOffset.current = null;
    }
  }, [oldestId, scroller]);

  return { messagesQuery, messages, hasOlder, loadingOlder, loadOlder };
}
