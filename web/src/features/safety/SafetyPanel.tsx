import { useId } from "react";
import { useMutation, useQuery } from "@apollo/client/react";
import styled from "styled-components";
import { CONVERSATIONS_FROM, type ConversationsFromName } from "@clube-coroa/schema";
import { Button } from "../../components/Button";
import { ChoiceCard, Fieldset } from "../../components/FormControls";
import { SectionCard } from "../../components/Page";
import { useToast } from "../../components/Toast";
import { formatDate, formatDateTime } from "../../lib/format";
import { SafetySettingsDocument, SetConversationsFromDocument, UnblockMemberDocument, UnmuteMemberDocument } from "./documents";
import { MUTE_TEXTS as M } from "./muteTexts";
import { SAFETY_TEXTS as T } from "./safetyTexts";


const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
`;

const Row = styled.li`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm};
  padding-top: ${({ theme }) => theme.space.sm};
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  &:first-child { border-top: none; padding-top: 0; }
  p { color: ${({ theme }) => theme.colors.textMuted}; font-size: ${({ theme }) => theme.fontSizes.sm}; }
`;

const Muted = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
`;

/**
 * On /perfil (issue 27): 'Quem pode iniciar conversa comigo' (saved when chosen), the members she
 * blocked, each with 'Desbloquear', and those she muted, with until when and 'Reativar notificações'. Its code loads with the page's later parts, not the first screen.
 */
export function SafetyPanel() {
  const { toast } = useToast();
  const titleId = useId();
  const name = useId();
  const { data, loading, error, refetch } = useQuery(SafetySettingsDocument, { fetchPolicy: "cache-and-network" });
  const [setConversationsFrom, setting] = useMutation(SetConversationsFromDocument);
  const [unblockMember, unblocking] = useMutation(UnblockMemberDocument);
  // Her badge counts the member's unread messages again at once.
  const [unmuteMember, unmuting] = useMutation(UnmuteMemberDocument, { refetchQueries: ["UnreadCount", "Conversations"] });
  const fail = (description: string) => toast({ title: T.errorTitle, description, variant: "destructive" });

  const choose = async (value: ConversationsFromName) => {
    try {
      const { data: answer } = await setConversationsFrom({ variables: { value } });
      const result = answer?.setConversationsFrom;
      if (result?.__typename !== "ConversationsFromPayload") return fail(result?.__typename === "AppError" ? result.message : T.saveFailed);
      await refetch();
      toast({ title: T.conversationsFromSaved });
    } catch {
      fail(T.saveFailed);
    }
  };

  const unblock = async (member: { id: number; displayName: string }) => {
    try {
      const { data: answer } = await unblockMember({ variables: { userId: member.id } });
      if (answer?.unblockMember.__typename !== "SafetyPayload") return fail(T.unblockFailed);
      await refetch();
      toast({ title: T.unblocked(member.displayName) });
    } catch {
      fail(T.unblockFailed);
    }
  };

  const unmute = async (member: { userId: number; displayName: string }) => {
    try {
      const { data: answer } = await unmuteMember({ variables: { userId: member.userId } });
      if (answer?.unmuteMember.__typename !== "SafetyPayload") return fail(M.unmuteFailed);
      await refetch();
      toast({ title: M.unmuted(member.displayName) });
    } catch {
      fail(M.unmuteFailed);
    }
  };

  return (
    <SectionCard aria-labelledby={titleId}>
      <h2 id={titleId}>{T.settingsTitle}</h2>
      {!data && loading && <Muted role="status">{T.loading}</Muted>}
      {!data && error && (
        <div role="alert">
          <Muted>{T.loadFailed}</Muted>
          <Button $variant="outline" onClick={() => void refetch().catch(() => undefined)}>
            {T.retry}
          </Button>
        </div>
      )}
      {data && (
        <>
          <Fieldset disabled={setting.loading}>
            <legend>{T.conversationsFromTitle}</legend>
            {CONVERSATIONS_FROM.map((value) => (
              <ChoiceCard
                key={value}
                name={name}
                value={value}
                title={T.conversationsFromLabels[value]}
                checked={data.profile?.conversationsFrom === value}
                onChange={() => void choose(value)}
              />
            ))}
          </Fieldset>
          <h3>{T.blockedTitle}</h3>
          {data.myBlocks.length === 0 ? (
            <Muted>{T.blockedEmpty}</Muted>
          ) : (
            <List aria-label={T.blockedTitle}>
              {data.myBlocks.map((member) => (
                <Row key={member.id}>
                  <div>
                    <strong>{member.displayName}</strong>
                    <p>{T.blockedSince(formatDate(member.blockedAt))}</p>
                  </div>
                  <Button
                    $variant="outline"
                    $size="sm"
                    disabled={unblocking.loading}
                    aria-label={`${T.unblock} ${member.displayName}`}
                    onClick={() => void unblock(member)}
                  >
                    {T.unblock}
                  </Button>
                </Row>
              ))}
            </List>
          )}
          <h3>{M.mutedTitle}</h3>
          {data.myMutes.length === 0 ? (
            <Muted>{M.mutedEmpty}</Muted>
          ) : (
            <List aria-label={M.mutedTitle}>
              {data.myMutes.map((member) => (
                <Row key={member.userId}>
                  <div>
                    <strong>{member.displayName}</strong>
                    <p>{member.mutedUntil ? M.mutedUntil(formatDateTime(member.mutedUntil)) : M.mutedUntilLifted}</p>
                  </div>
                  <Button
                    $variant="outline"
                    $size="sm"
                    disabled={unmuting.loading}
                    aria-label={`${M.unmute} de ${member.displayName}`}
                    onClick={() => void unmute(member)}
                  >
                    {M.unmute}
                  </Button>
                </Row>
              ))}
            </List>
          )}
        </>
      )}
    </SectionCard>
  );
}
