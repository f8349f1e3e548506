import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { useMutation } from "@apollo/client/react";
import styled from "styled-components";
import { LIMITS, REPORT_REASONS, type ReportReasonName } from "@clube-coroa/schema";
import { Button } from "../../components/Button";
import { Dialog } from "../../components/Dialog";
import { CharCounter, ChoiceCard, FieldMessage, Fieldset, Label, Stack, TextArea } from "../../components/FormControls";
import { useToast } from "../../components/Toast";
import { lazyWhenOpen } from "../../lib/lazyComponent";
import { ReportMemberDocument, ReportMessageDocument, ReportOfferDocument } from "./documents";
import { REPORT_TEXTS } from "../../lib/reportTexts";
import { loadBlockDialog, type BlockTarget } from "../safety";

const T = REPORT_TEXTS;
const { min: DESCRIPTION_MIN, max: DESCRIPTION_MAX, warnAbove: DESCRIPTION_WARN } = LIMITS.reportCustomReason;

/**
 * What is reported: a post and its author (spec part 2 section 3), a member, or a message of a
 * conversation (issue 27). After a member's or a message's report the dialog offers to block her.
 */
type PersonTarget =
  | { kind: "member"; userId: number; name: string; blockable?: boolean }
  | { kind: "message"; messageId: number; userId: number; name: string; blockable?: boolean };
export type ReportTarget = { kind?: "offer"; offerId: number; reportedUserId: number; title: string } | PersonTarget;

/** A member's or a message's report: after it, blocking her is offered. */
const isPerson = (target: ReportTarget | null): target is PersonTarget => target?.kind === "member" || target?.kind === "message";

const keyOf = (target: ReportTarget | null) =>
  !target ? "" : target.kind === "member" ? `member:${target.userId}` : target.kind === "message" ? `message:${target.messageId}` : `offer:${target.offerId}`;

const titleOf = (target: ReportTarget) => (target.kind === "member" ? T.memberTitle : target.kind === "message" ? T.messageTitle : T.title);
const introOf = (target: ReportTarget) =>
  target.kind === "member" ? T.memberIntro(target.name) : target.kind === "message" ? T.messageIntro(target.name) : T.intro(target.title);

// 'Bloquear', offered after a member's or a message's report, fetched when she asks for it.
const BlockDialog = lazyWhenOpen(loadBlockDialog, (p) => p.target !== null);

export interface ReportDialogProps {
  target: ReportTarget | null;
  onClose: () => void;
  /** She blocked the member after reporting her (the conversation refreshes, the board drops her cards). */
  onBlocked?: (target: BlockTarget) => void;
}

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
`;

/** The 'Outro' box: scrolled to clear of the sticky buttons below it (about 130 px on a phone). */
const OtherReason = styled(Stack)`
  scroll-margin: ${({ theme }) => theme.space.md} 0 152px;
`;

const Intro = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
`;

/**
 * Kept at the bottom of the dialog while the reasons scroll under it (issue 15: at 1280x800 the
 * buttons fell below the fold). The dialog's padding is the sticky offset, so the row sits flush.
 */
const Buttons = styled.div`
  position: sticky;
  bottom: -${({ theme }) => theme.space.lg};
  margin: 0 -${({ theme }) => theme.space.lg} -${({ theme }) => theme.space.lg};
  padding: ${({ theme }) => theme.space.md} ${({ theme }) => theme.space.lg};
  display: flex;
  flex-wrap: wrap-reverse;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space.sm};
  background: ${({ theme }) => theme.colors.surface};
  border-top: 1px solid ${({ theme }) => theme.colors.border};
`;

/** Server refusals whose own words help her; anything else gets the generic failure text. */
const SHOWN_CODES = new Set([
  "REPORT_REASON_REQUIRED",
  "REPORT_DESCRIPTION_REQUIRED",
  "REPORT_OWN_OFFER",
  "REPORT_OWN_TARGET",
  "REPORT_ALREADY_OPEN",
  "NOT_FOUND",
  "UNAUTHENTICATED",
  "VALIDATION",
]);

const SentText = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** 'Denunciar Publicação': a reason, a description for 'Outro', then the report goes to moderation. */
export function ReportDialog({ target, onClose, onBlocked }: ReportDialogProps) {
  const { toast } = useToast();
  const [reportOffer] = useMutation(ReportOfferDocument);
  const [reportMember] = useMutation(ReportMemberDocument);
  const [reportMessage] = useMutation(ReportMessageDocument);
  // Sent, with 'Bloquear' offered (a member's or a message's report); then the block's own dialog.
  const [sent, setSent] = useState(false);
  const [blocking, setBlocking] = useState<BlockTarget | null>(null);
  const [reason, setReason] = useState<ReportReasonName | null>(null);
  const [description, setDescription] = useState("");
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [descriptionError, setDescriptionError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const reasonsRef = useRef<HTMLFieldSetElement>(null);
  const descriptionRef = useRef<HTMLTextAreaElement>(null);
  const otherRef = useRef<HTMLDivElement>(null);
  // Set when she picks 'Outro' or her description is refused: its box (and error) then come into view.
  const [reveal, setReveal] = useState(0);
  const ids = { reason: useId(), description: useId(), descriptionError: useId(), counter: useId() };

  // A new target starts a clean form.
  const targetKey = keyOf(target);
  useEffect(() => {
    setSent(false);
    setReason(null);
    setDescription("");
    setReasonError(null);
    setDescriptionError(null);
    setSending(false);
    setReveal(0);
  }, [targetKey]);

  const trimmed = description.trim();

  const validate = (): boolean => {
    if (!reason) {
      setReasonError(T.reasonRequired);
      reasonsRef.current?.querySelector("input")?.focus();
      return false;
    }
    if (reason === "other" && trimmed.length < DESCRIPTION_MIN) {
      setDescriptionError(T.descriptionRequired);
      setReveal((n) => n + 1);
      return false;
    }
    if (trimmed.length > DESCRIPTION_MAX) {
      setDescriptionError(T.descriptionTooLong(DESCRIPTION_MAX));
      setReveal((n) => n + 1);
      return false;
    }
    return true;
  };

  // Once drawn, the box (with its error under it) is scrolled into view and takes the cursor: on a
  // phone it opens below the fold, under the sticky buttons (issue 24).
  useEffect(() => {
    if (reveal === 0) return;
    descriptionRef.current?.focus({ preventScroll: true });
    otherRef.current?.scrollIntoView({ block: "nearest" });
  }, [reveal]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!target || sending || !validate() || !reason) return;
    setSending(true);
    const failed = (text: string = T.errorText) => toast({ title: T.errorTitle, description: text, variant: "destructive" });
    const customReason = reason === "other" || trimmed ? { customReason: trimmed } : {};
    try {
      let result;
      if (target.kind === "member") {
        result = (await reportMember({ variables: { input: { userId: target.userId, reason, ...customReason } } })).data?.reportMember;
      } else if (target.kind === "message") {
        result = (await reportMessage({ variables: { input: { messageId: target.messageId, reason, ...customReason } } })).data?.reportMessage;
      } else {
        const input = { offerId: target.offerId, reportedUserId: target.reportedUserId, reason, ...customReason };
        result = (await reportOffer({ variables: { input } })).data?.reportOffer;
      }
      if (result?.__typename === "ReportPayload") {
        if (isPerson(target) && target.blockable !== false) {
          // The same dialog offers to block her (issue 27).
          setSent(true);
          return;
        }
        toast({ title: T.sentTitle, description: T.sentText });
        onClose();
        return;
      }
      failed(result?.__typename === "AppError" && SHOWN_CODES.has(result.code) ? result.message : undefined);
    } catch {
      failed();
    } finally {
      setSending(false);
    }
  };

  const person = isPerson(target) ? target : null;
  return (
    <>
    <Dialog
      open={!!target && !blocking}
      onOpenChange={(open) => !open && !sending && onClose()}
      title={target ? (sent ? T.sentTitle : titleOf(target)) : T.title}
      closeLabel={T.close}
    >
      {person && sent && (
        <Stack>
          <SentText role="status">{T.sentBlockOffer(person.name)}</SentText>
          <Buttons>
            <Button type="button" $variant="outline" onClick={onClose}>
              {T.notNow}
            </Button>
            <Button type="button" $variant="danger" onClick={() => setBlocking({ userId: person.userId, name: person.name })}>
              {T.blockNow(person.name)}
            </Button>
          </Buttons>
        </Stack>
      )}
      {target && !sent && (
        <Form noValidate onSubmit={submit} aria-busy={sending}>
          <Intro>{introOf(target)}</Intro>
          <Fieldset ref={reasonsRef} aria-describedby={reasonError ? ids.reason : undefined}>
            <legend>{T.reasonLegend}</legend>
            {REPORT_REASONS.map((value) => (
              <ChoiceCard
                key={value}
                name="report-reason"
                value={value}
                title={T.reasons[value]}
                text={T.reasonHints[value]}
                checked={reason === value}
                onChange={() => {
                  setReason(value);
                  setReasonError(null);
                  if (value !== "other") setDescriptionError(null);
                  else setReveal((n) => n + 1);
                }}
              />
            ))}
            {reasonError && (
              <FieldMessage id={ids.reason} role="alert" $error>
                {reasonError}
              </FieldMessage>
            )}
          </Fieldset>

          {reason === "other" && (
            <OtherReason ref={otherRef}>
              <Label htmlFor={ids.description}>{T.descriptionLabel}</Label>
              <TextArea
                id={ids.description}
                ref={descriptionRef}
                value={description}
                placeholder={T.descriptionPlaceholder}
                required
                aria-required="true"
                aria-invalid={!!descriptionError}
                aria-describedby={[descriptionError ? ids.descriptionError : "", ids.counter].filter(Boolean).join(" ")}
                $invalid={!!descriptionError}
                onChange={(e) => {
                  setDescription(e.target.value);
                  if (descriptionError) setDescriptionError(null);
                }}
              />
              <CharCounter id={ids.counter} length={trimmed.length} max={DESCRIPTION_MAX} warnAbove={DESCRIPTION_WARN} />
              {descriptionError && (
                <FieldMessage id={ids.descriptionError} role="alert" $error>
                  {descriptionError}
                </FieldMessage>
              )}
            </OtherReason>
          )}

          <Buttons>
            <Button type="button" $variant="outline" onClick={onClose} disabled={sending}>
              {T.cancel}
            </Button>
            <Button type="submit" $variant="danger" disabled={sending} aria-busy={sending}>
              {sending ? T.submitting : T.submit}
            </Button>
          </Buttons>
        </Form>
      )}
    </Dialog>
    <BlockDialog
      target={blocking}
      onClose={() => {
        setBlocking(null);
        onClose();
      }}
      onBlocked={onBlocked}
    />
    </>
  );
}
