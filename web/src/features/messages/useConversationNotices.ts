import type { ApolloCache } from "@apollo/client";
import { useMutation, useQuery } from "@apollo/client/react";
import { useToast } from "../../components/Toast";
import type { MenuAction } from "../../components/OverflowMenu";
import { ConversationNoticesDocument, MuteConversationNoticesDocument, UnmuteConversationNoticesDocument } from "./documents";
import { MT } from "./messageTexts";

type NoticesResult = { __typename: string; conversationId?: number; noticesMuted?: boolean } | undefined;

// The payload is not the Conversation itself: the conversation's field is set from it.
function writeNoticesMuted(cache: ApolloCache, result: NoticesResult) {
  if (result?.__typename !== "ConversationNoticesPayload" || typeof result.noticesMuted !== "boolean") return;
  const muted = result.noticesMuted;
  cache.modify({ id: cache.identify({ __typename: "Conversation", id: result.conversationId }), fields: { noticesMuted: () => muted } });
}

/**
 * 'Silenciar avisos desta conversa' / 'Reativar avisos desta conversa' (issue 29) for the conversation's
 * menu: null until she is known to have them on or off.
 */
export function useConversationNoticesAction(conversationId: number): MenuAction | null {
  const { toast } = useToast();
  const { data } = useQuery(ConversationNoticesDocument, { variables: { id: conversationId }, fetchPolicy: "cache-and-network" });
  const [mute] = useMutation(MuteConversationNoticesDocument, { update: (cache, { data: d }) => writeNoticesMuted(cache, d?.muteConversationNotices) });
  const [unmute] = useMutation(UnmuteConversationNoticesDocument, {
    update: (cache, { data: d }) => writeNoticesMuted(cache, d?.unmuteConversationNotices),
  });
  const muted = data?.conversation?.noticesMuted;
  if (typeof muted !== "boolean") return null;

  const toggle = async () => {
    const variables = { conversationId };
    const failed = () => toast({ title: MT.errorTitle, description: MT.noticesFailed, variant: "destructive" });
    try {
      const result: NoticesResult = muted
        ? (await unmute({ variables })).data?.unmuteConversationNotices
        : (await mute({ variables })).data?.muteConversationNotices;
      if (result?.__typename !== "ConversationNoticesPayload") return failed();
      toast(result.noticesMuted ? { title: MT.noticesMuted, description: MT.noticesMutedHint } : { title: MT.noticesUnmuted });
    } catch {
      failed();
    }
  };
  return { label: muted ? MT.unmuteNotices : MT.muteNotices, onSelect: () => void toggle() };
}
