import { useMutation, useQuery, useApolloClient } from "@apollo/client/react";
import { Fragment, useId, useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import { useNavigate } from "react-router-dom";
import { Avatar, memberPhotoUrl } from "../../components/Avatar";
import { Button } from "../../components/Button";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { TextArea } from "../../components/FormControls";
import { Spinner } from "../../components/Spinner";
import { useToast } from "../../components/Toast";
import { VisuallyHidden } from "../../components/VisuallyHidden";
import { lazyWhenOpen } from "../../lib/lazyComponent";
import { loadReportDialog, loadUpgradePromptDialog, OFFER_TEXTS, type ReportTarget, type UpgradePrompt } from "../offers";
import { REPORT_TEXTS } from "../../lib/reportTexts";
import { useSession } from "../session";
import { OnlineDot } from "./ConversationList";
import { appendToThread, touchConversation } from "./cache";
import { ConversationDocument, ConversationsDocument, DeleteConversationDocument, SendMessageDocument } from "./documents";
import { avatarName, dayKey, dayLabel, displayName, timeLabel } from "./format";
import { MT } from "./messageTexts";
import { OverflowMenu, type MenuAction } from "../../components/OverflowMenu";
import { loadBlockDialog, loadMuteDialog, SAFETY_TEXTS, type BlockTarget, type MuteTarget } from "../safety";
import { usePushInvitation } from "../push";
import {
  AvatarWrap,
  BackLink,
  Bubble,
  Centered,
  ClosedNotice,
  DaySeparator,
  DeleteButton,
  EmptyThread,
  Form,
  Header,
  MessageList,
  OlderRow,
  ReportLink,
  Scroller,
  Who,
  Wrap,
} from "./Thread.styles";
import { useConversationNoticesAction } from "./useConversationNotices";
import { useThreadMessages } from "./useThreadMessages";
import { useToastsAbove } from "./useToastsAbove";

function BinIcon() {
  return (
    <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      <path d="M4 7h16M10 11v6M14 11v6M6 7l1 12a2 2 0 0 0 2 2h6a2 2 0 0 0 2-2l1-12M9 7V4h6v3" />
    </svg>
  );
}

// Fetched the first time the server refuses a message by plan.
const UpgradePromptDialog = lazyWhenOpen(loadUpgradePromptDialog, (p) => p.prompt !== null);
// 'Bloquear' from the conversation, fetched when first asked (issue 27).
const BlockDialog = lazyWhenOpen(loadBlockDialog, (p) => p.target !== null);
const MuteDialog = lazyWhenOpen(loadMuteDialog, (p) => p.target !== null);
// 'Denunciar' the member or one of her messages, fetched when first asked (issue 27).
const ReportDialog = lazyWhenOpen(loadReportDialog, (p) => p.target !== null);

/** A message's key for the server (sendMessage's clientMessageId); randomUUID needs a secure page. */
const newMessageKey = () =>
  typeof crypto.randomUUID === "function"
    ? crypto.randomUUID()
    : Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");

/**
 * The conversation's 'Mais ações da conversa': 'Denunciar' her always; 'Silenciar' and 'Bloquear' while
 * messages still pass between them (issue 27). A menu, so the header keeps her name whole (issue 24).
 */
function ConversationMenu(props: {
  target: { userId: number; name: string };
  closed: boolean;
  onReport: (target: ReportTarget) => void;
  onMute: (target: MuteTarget) => void;
  onBlock: (target: BlockTarget) => void;
  conversationId: number;
}) {
  const { target, closed } = props;
  const notices = useConversationNoticesAction(props.conversationId);
  const actions: MenuAction[] = [{ label: REPORT_TEXTS.report, onSelect: () => props.onReport({ kind: "member", ...target, blockable: !closed }) }];
  if (notices) actions.push(notices);
  if (!closed) {
    actions.push({ label: SAFETY_TEXTS.mute, onSelect: () => props.onMute(target) });
    actions.push({ label: SAFETY_TEXTS.block, onSelect: () => props.onBlock(target), tone: "danger" });
  }
  return <OverflowMenu label={MT.moreActions} actions={actions} />;
}

/** The thread could not be read: back to the list, or try again. */
function ThreadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <Wrap>
      <Header>
        <BackLink to="/mensagens" aria-label={MT.back}>←</BackLink>
      </Header>
      <Centered role="alert">
        <p>{MT.threadFailed}</p>
        <Button $variant="outline" onClick={onRetry}>
          {MT.retry}
        </Button>
      </Centered>
    </Wrap>
  );
}

export function Thread({ conversationId }: { conversationId: number }) {
  const client = useApolloClient();
  const navigate = useNavigate();
  const { toast } = useToast();
  const { user } = useSession();
  const inputId = useId();
  const [text, setText] = useState("");
  const [confirming, setConfirming] = useState(false);
  const [upgrade, setUpgrade] = useState<UpgradePrompt | null>(null);
  const [blocking, setBlocking] = useState<BlockTarget | null>(null);
  const [muting, setMuting] = useState<MuteTarget | null>(null);
  const [reporting, setReporting] = useState<ReportTarget | null>(null);
  const pushInvitation = usePushInvitation();
  const scroller = useRef<HTMLDivElement>(null);
  const composer = useRef<HTMLFormElement>(null);
  useToastsAbove(composer);
  const { messagesQuery, messages, hasOlder, loadingOlder, loadOlder } = useThreadMessages(conversationId, scroller);
  // The key of each text being sent or whose send failed, by conversation and text: sending the
  // same text again reuses it, so a message the server stored while its answer was lost (an
  // instance killed mid-request) is not stored twice.
  const unsentKeys = useRef(new Map<string, string>());

  const conversation = useQuery(ConversationDocument, { variables: { id: conversationId }, fetchPolicy: "cache-and-network" });
  const [sendMessage] = useMutation(SendMessageDocument);
  const [deleteConversation, { loading: deleting }] = useMutation(DeleteConversationDocument);

  const send = async () => {
    const content = text.trim();
    if (!content || !user) return;
    setText("");
    const unsent = `${conversationId}:${content}`;
    const clientMessageId = unsentKeys.current.get(unsent) ?? newMessageKey();
    unsentKeys.current.set(unsent, clientMessageId);
    const keepText = () => setText((current) => (current ? current : content));
    const failed = (description: string = MT.sendFailed) => {
      keepText();
      toast({ title: MT.errorTitle, description, variant: "destructive" });
    };
    try {
      const { data } = await sendMessage({
        variables: { conversationId, content, clientMessageId },
        optimisticResponse: {
          sendMessage: {
            __typename: "Message",
            id: -Date.now(),
            conversationId,
            senderId: user.id,
            content,
            createdAt: new Date().toISOString(),
            isMine: true,
          },
        },
        update: (cache, { data: result }) => {
          const sent = result?.sendMessage;
          if (sent?.__typename !== "Message") return;
          appendToThread(cache, conversationId, [sent]);
          if (sent.id > 0) touchConversation(cache, sent);
        },
      });
      const result = data?.sendMessage;
      // Sent, or refused for good (its key taken): the next send of this text is a new message.
      if (result?.__typename === "Message" || (result?.__typename === "AppError" && result.code === "CLIENT_MESSAGE_ID_REUSED")) {
        unsentKeys.current.delete(unsent);
      }
      // After her message, not on page load: the invitation to be told of the answer on her phone.
      if (result?.__typename === "Message") pushInvitation.offer();
      if (result?.__typename === "UpgradeRequiredError") {
        // Her plan no longer lets her write here (reading stays): the spec's upgrade prompt.
        keepText();
        setUpgrade({ action: "message", target: result.targetPlan });
      } else if (result?.__typename === "AppError") failed(result.message);
      else if (result?.__typename !== "Message") failed();
    } catch {
      failed();
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void send();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send();
    }
  };

  const onDelete = async () => {
    const failed = () => toast({ title: MT.errorTitle, description: MT.deleteFailed, variant: "destructive" });
    try {
      const { data } = await deleteConversation({ variables: { conversationId } });
      if (data?.deleteConversation.__typename !== "DeleteConversationPayload") return failed();
      setConfirming(false);
      client.cache.evict({ id: client.cache.identify({ __typename: "Conversation", id: conversationId }) });
      client.cache.gc();
      toast({ title: MT.deleted });
      navigate("/mensagens");
      client.refetchQueries({ include: [ConversationsDocument] }).catch(() => undefined);
    } catch {
      failed();
    }
  };

  const info = conversation.data?.conversation;
  if (!info && conversation.error) return <ThreadFailed onRetry={() => conversation.refetch().catch(() => undefined)} />;

  const name = displayName(info?.otherUser ?? null);
  const reportMessage = (messageId: number) =>
    info?.otherUser && setReporting({ kind: "message", messageId, userId: info.otherUser.id, name, blockable: !info.messagingClosed });
  const online = !!info?.otherUser?.isOnline;
  let previousDay = "";

  return (
    <Wrap aria-label={info ? MT.threadLabel(name) : undefined}>
      <Header>
        <BackLink to="/mensagens" aria-label={MT.back}>←</BackLink>
        {info && (
          <>
            <AvatarWrap>
              <Avatar name={avatarName(info.otherUser)} photo={memberPhotoUrl(info.otherUser?.id, info.otherUser?.profilePhoto)} size={40} />
              <OnlineDot $online={online} aria-hidden="true" />
            </AvatarWrap>
            <Who>
              <h2>
                {name}
                <VisuallyHidden> ({online ? MT.online : MT.offline})</VisuallyHidden>
              </h2>
              <p>{info.otherSuspended ? MT.accountSuspended : info.offer ? `${OFFER_TEXTS.kind[info.offer.type]} · ${info.offer.title}` : MT.offerRemoved}</p>
            </Who>
            {info.otherUser && (
              <ConversationMenu
                target={{ userId: info.otherUser.id, name }}
                closed={info.messagingClosed}
                conversationId={conversationId}
                onReport={setReporting}
                onMute={setMuting}
                onBlock={setBlocking}
              />
            )}
            <DeleteButton type="button" aria-label={MT.deleteButton} title={MT.deleteButton} onClick={() => setConfirming(true)}>
              <BinIcon />
            </DeleteButton>
          </>
        )}
      </Header>
      <Scroller ref={scroller}>
        {!messages ? (
          messagesQuery.error ? (
            <Centered role="alert">
              <p>{MT.threadFailed}</p>
              <Button $variant="outline" onClick={() => messagesQuery.refetch().catch(() => undefined)}>
                {MT.retry}
              </Button>
            </Centered>
          ) : (
            <Centered>
              <Spinner />
            </Centered>
          )
        ) : messages.length === 0 ? (
          <EmptyThread role="status">
            <h3>{MT.started}</h3>
            <p>{MT.startedHint}</p>
          </EmptyThread>
        ) : (
          <>
          {hasOlder && (
            <OlderRow>
              <Button $variant="ghost" $size="sm" onClick={() => void loadOlder()} disabled={loadingOlder} aria-busy={loadingOlder}>
                {loadingOlder ? MT.loadingOlder : MT.loadOlder}
              </Button>
            </OlderRow>
          )}
          <MessageList aria-live="polite" aria-relevant="additions">
            {messages.map((m) => {
              const day = dayKey(m.createdAt);
              const separator = day !== previousDay;
              previousDay = day;
              const pending = m.id < 0;
              return (
                <Fragment key={m.id}>
                  {separator && <DaySeparator>{dayLabel(m.createdAt)}</DaySeparator>}
                  <Bubble $mine={m.isMine} $pending={pending} data-testid="message">
                    <VisuallyHidden>{m.isMine ? "Você" : name}: </VisuallyHidden>
                    <p>{m.content}</p>
                    {pending ? <small>{MT.pending}</small> : <time dateTime={m.createdAt}>{timeLabel(m.createdAt)}</time>}
                    {!m.isMine && !pending && info?.otherUser && (
                      <ReportLink type="button" onClick={() => reportMessage(m.id)}>
                        {REPORT_TEXTS.reportMessage}
                      </ReportLink>
                    )}
                  </Bubble>
                </Fragment>
              );
            })}
          </MessageList>
          </>
        )}
      </Scroller>
      {info?.messagingClosed ? (
        <ClosedNotice role="status">{info.otherSuspended ? MT.accountSuspended : SAFETY_TEXTS.closedConversation}</ClosedNotice>
      ) : (
        <Form ref={composer} onSubmit={onSubmit}>
          <VisuallyHidden as="label" htmlFor={inputId}>
            {MT.inputLabel}
          </VisuallyHidden>
          <TextArea
            id={inputId}
            rows={1}
            value={text}
            placeholder={MT.inputPlaceholder}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={onKeyDown}
            enterKeyHint="send"
          />
          <Button type="submit" disabled={!text.trim()}>
            {MT.send}
          </Button>
        </Form>
      )}
      {pushInvitation.invitation}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={MT.deleteTitle}
        text={MT.deleteText}
        confirmLabel={MT.deleteConfirm}
        busyLabel={MT.deleteBusy}
        cancelLabel={MT.cancel}
        busy={deleting}
        onConfirm={() => void onDelete()}
      />
      <UpgradePromptDialog prompt={upgrade} onClose={() => setUpgrade(null)} />
      <MuteDialog target={muting} onClose={() => setMuting(null)} />
      <BlockDialog target={blocking} onClose={() => setBlocking(null)} onBlocked={() => void conversation.refetch().catch(() => undefined)} />
      <ReportDialog target={reporting} onClose={() => setReporting(null)} onBlocked={() => void conversation.refetch().catch(() => undefined)} />
    </Wrap>
  );
}

