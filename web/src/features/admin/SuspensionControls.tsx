import { useApolloClient, useMutation } from "@apollo/client/react";
import { useId, useState } from "react";
import styled from "styled-components";
import { Button } from "../../components/Button";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { Dialog } from "../../components/Dialog";
import { ChoiceCard, FieldMessage, Fieldset, Label, Stack, TextArea } from "../../components/FormControls";
import { useToast } from "../../components/Toast";
import type { AdminUserFieldsFragment } from "../../gql/graphql";
import { serverMessageOf } from "../../lib/errors";
import { formatDate } from "../../lib/format";
import { ADMIN_TEXTS } from "./adminTexts";
import { AdminUsersDocument, LiftSuspensionDocument, SuspendMemberDocument } from "./documents";

const T = ADMIN_TEXTS.suspension;
const DURATIONS = [7, 30, "indefinite"] as const;
type Duration = (typeof DURATIONS)[number];

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
`;

const State = styled.p`
  margin: 0;
  small { display: block; color: ${({ theme }) => theme.colors.textMuted}; }
`;

const Buttons = styled.div`
  display: flex;
  flex-wrap: wrap-reverse;
  gap: ${({ theme }) => theme.space.sm};
  margin-top: ${({ theme }) => theme.space.lg};
  & > * { flex: 1 1 160px; }
`;

/** Her suspension on 'Usuário Encontrado' (issue 27): 'Suspender' (reason, 7 or 30 days or indefinitely) or 'Retirar suspensão'. */
export function SuspensionControls({ user, onChanged }: { user: AdminUserFieldsFragment; onChanged: (user: AdminUserFieldsFragment) => void }) {
  const { toast } = useToast();
  const client = useApolloClient();
  const ids = { reason: useId(), reasonError: useId() };
  const [suspendMember] = useMutation(SuspendMemberDocument);
  const [liftSuspension] = useMutation(LiftSuspensionDocument);
  const [open, setOpen] = useState(false);
  const [lifting, setLifting] = useState(false);
  const [reason, setReason] = useState("");
  const [duration, setDuration] = useState<Duration>(7);
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { suspension } = user;

  const failed = (text: string) => toast({ title: T.errorTitle, description: text, variant: "destructive" });
  const changed = (next: { suspended: boolean; suspendedUntil?: string | null; reason?: string | null }) => {
    onChanged({ ...user, suspension: { ...suspension, suspended: next.suspended, suspendedUntil: next.suspendedUntil ?? null, reason: next.reason ?? null } });
    client.refetchQueries({ include: [AdminUsersDocument] }).catch(() => undefined);
  };

  const suspend = async () => {
    if (busy) return;
    if (!reason.trim()) {
      setReasonError(T.reasonRequired);
      return;
    }
    setBusy(true);
    try {
      const { data } = await suspendMember({
        variables: { userId: user.id, reason: reason.trim(), ...(duration === "indefinite" ? {} : { days: duration }) },
      });
      const result = data?.suspendMember;
      if (result?.__typename === "Suspension") {
        toast({ title: T.suspended });
        setOpen(false);
        setReason("");
        changed(result);
        return;
      }
      failed(result?.__typename === "AppError" ? result.message : T.errorText);
    } catch (failure) {
      failed(serverMessageOf(failure) ?? T.errorText);
    } finally {
      setBusy(false);
    }
  };

  const lift = async () => {
    if (busy) return;
    setBusy(true);
    try {
      const { data } = await liftSuspension({ variables: { userId: user.id } });
      const result = data?.liftSuspension;
      if (result?.__typename === "Suspension") {
        toast({ title: T.lifted });
        setLifting(false);
        changed(result);
        return;
      }
      failed(result?.__typename === "AppError" ? result.message : T.errorText);
    } catch (failure) {
      failed(serverMessageOf(failure) ?? T.errorText);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Row>
      <State>
        <span>{!suspension.suspended ? T.none : suspension.suspendedUntil ? T.until(formatDate(suspension.suspendedUntil)) : T.indefinite}</span>
        {suspension.suspended && suspension.reason && <small>{T.reasonShown(suspension.reason)}</small>}
      </State>
      {suspension.suspended ? (
        <Button $variant="outline" $size="sm" onClick={() => setLifting(true)}>
          {T.lift}
        </Button>
      ) : (
        <Dialog
          open={open}
          onOpenChange={(next) => !busy && setOpen(next)}
          title={T.title}
          description={T.warning}
          descriptionTone="warning"
          closeLabel="Fechar janela"
          trigger={
            <Button $variant="danger" $size="sm">
              {T.suspend}
            </Button>
          }
        >
          <Stack>
            <Label htmlFor={ids.reason}>{T.reasonLabel}</Label>
            <TextArea
              id={ids.reason}
              value={reason}
              maxLength={500}
              aria-invalid={!!reasonError}
              aria-describedby={reasonError ? ids.reasonError : undefined}
              $invalid={!!reasonError}
              onChange={(e) => {
                setReason(e.target.value);
                setReasonError(null);
              }}
            />
            {reasonError && (
              <FieldMessage id={ids.reasonError} role="alert" $error>
                {reasonError}
              </FieldMessage>
            )}
          </Stack>
          <Fieldset>
            <legend>{T.durationLegend}</legend>
            {DURATIONS.map((value) => (
              <ChoiceCard
                key={value}
                name="suspension-duration"
                value={String(value)}
                title={T.durations[value]}
                checked={duration === value}
                onChange={() => setDuration(value)}
              />
            ))}
          </Fieldset>
          <Buttons>
            <Button $variant="outline" onClick={() => setOpen(false)} disabled={busy}>
              {T.cancel}
            </Button>
            <Button $variant="danger" onClick={() => void suspend()} disabled={busy} aria-busy={busy}>
              {busy ? T.busy : T.confirm}
            </Button>
          </Buttons>
        </Dialog>
      )}
      <ConfirmDialog
        open={lifting}
        onOpenChange={(next) => !busy && setLifting(next)}
        title={T.liftTitle}
        text={T.liftText}
        confirmLabel={T.lift}
        busyLabel={T.liftBusy}
        cancelLabel={T.cancel}
        busy={busy}
        tone="primary"
        onConfirm={() => void lift()}
      />
    </Row>
  );
}
