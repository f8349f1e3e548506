import { useMutation, useQuery } from "@apollo/client/react";
import { useId, useRef, useState, type FormEvent } from "react";
import styled from "styled-components";
import { Button } from "../../components/Button";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { Dialog } from "../../components/Dialog";
import { Field, TextInput } from "../../components/Field";
import { Label } from "../../components/FormControls";
import { useToast } from "../../components/Toast";
import type { PartnerApiKeyFieldsFragment } from "../../gql/graphql";
import { serverMessageOf } from "../../lib/errors";
import { formatDateTime } from "../../lib/format";
import { formatCount } from "../../lib/intl";
import { lazyWhenOpen } from "../../lib/lazyComponent";
import { AdminSection, DataTable, Nowrap, StatusBadge, Sub, TableRows } from "./adminUi";
import { ADMIN_TEXTS } from "./adminTexts";
import { CreatePartnerApiKeyDocument, PartnerApiKeysDocument, RevokePartnerApiKeyDocument } from "./documents";

const T = ADMIN_TEXTS.partnerKeys;
// The partners' guide is long and read now and then: its code loads when she opens it.
const PartnerGuideDialog = lazyWhenOpen(() => import("./PartnerGuide").then((m) => m.PartnerGuideDialog), (props) => props.open);
/** The server's limit on a partner's name (trimmed). */
const NAME_MAX = 80;

type PartnerKey = PartnerApiKeyFieldsFragment;

const Form = styled.form`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space.sm};
  & > :first-child { flex: 1 1 260px; }
  & > button { margin-top: calc(1.5em + ${({ theme }) => theme.space.xs}); }
`;

const Guide = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.sm};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  p { margin: 0; flex: 1 1 240px; }
`;

const Prefix = styled.code`
  font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
  white-space: nowrap;
`;

const KeyRow = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
  input {
    font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
    font-size: ${({ theme }) => theme.fontSizes.sm};
    background: ${({ theme }) => theme.colors.surfaceAlt};
  }
`;

const Warning = styled.p`
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  border-left: 4px solid ${({ theme }) => theme.colors.danger};
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.warningBg};
  color: ${({ theme }) => theme.colors.warningText};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
`;

const Buttons = styled.div`
  display: flex;
  flex-wrap: wrap-reverse;
  gap: ${({ theme }) => theme.space.sm};
  margin-top: ${({ theme }) => theme.space.md};
  & > * { flex: 1 1 160px; }
`;

const CopyStatus = styled.p`
  min-height: 1.5em;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  color: ${({ theme }) => theme.colors.success};
`;

/** The whole key, shown once: copy it now, it will not be shown again. */
function NewKeyDialog({ created, onClose }: { created: { key: string; name: string } | null; onClose: () => void }) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [status, setStatus] = useState<string | null>(null);
  const copy = async () => {
    if (!created) return;
    try {
      await navigator.clipboard.writeText(created.key);
      setStatus(T.copied);
    } catch {
      input.current?.select();
      setStatus(T.copyFailed);
    }
  };
  return (
    <Dialog
      open={!!created}
      onOpenChange={(open) => {
        if (!open) {
          setStatus(null);
          onClose();
        }
      }}
      title={T.keyTitle}
    >
      {created && (
        <KeyRow>
          <Warning>{T.keyWarning}</Warning>
          <Label htmlFor={inputId}>{T.keyLabel(created.name)}</Label>
          <TextInput id={inputId} ref={input} value={created.key} readOnly onFocus={(e) => e.currentTarget.select()} />
          <CopyStatus role="status">{status}</CopyStatus>
          <Buttons>
            <Button
              $variant="outline"
              onClick={() => {
                setStatus(null);
                onClose();
              }}
            >
              {T.done}
            </Button>
            <Button $variant="gold" onClick={() => void copy()}>
              {T.copy}
            </Button>
          </Buttons>
        </KeyRow>
      )}
    </Dialog>
  );
}

/** 'Parceiras (API)': create a partner's key (shown once), the keys with their use, revoke one. */
export function PartnerKeysSection() {
  const { toast } = useToast();
  const { data, loading, error, refetch } = useQuery(PartnerApiKeysDocument, { notifyOnNetworkStatusChange: true });
  const [createKey] = useMutation(CreatePartnerApiKeyDocument);
  const [revokeKey] = useMutation(RevokePartnerApiKeyDocument);
  const [name, setName] = useState("");
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<{ key: string; name: string } | null>(null);
  const [revoking, setRevoking] = useState<PartnerKey | null>(null);
  const [revokeBusy, setRevokeBusy] = useState(false);
  const [guideOpen, setGuideOpen] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const keys = data?.partnerApiKeys ?? [];

  const failed = (text: string) => toast({ title: T.errorTitle, description: text, variant: "destructive" });

  const refuseName = (message: string) => {
    setFieldError(message);
    inputRef.current?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (creating) return;
    const value = name.trim();
    if (!value) return refuseName(T.nameRequired);
    if (value.length > NAME_MAX) return refuseName(T.nameTooLong);
    setCreating(true);
    try {
      const { data: answer } = await createKey({ variables: { name: value } });
      const result = answer?.createPartnerApiKey;
      if (result?.__typename === "CreatedPartnerApiKey") {
        setName("");
        setFieldError(null);
        setCreated({ key: result.key, name: result.partnerApiKey.name });
        await refetch().catch(() => undefined);
        return;
      }
      if (result?.__typename === "AppError") {
        refuseName(result.fieldErrors?.[0]?.message ?? result.message);
        failed(result.message);
        return;
      }
      failed(T.createError);
    } catch (failure) {
      failed(serverMessageOf(failure) ?? T.createError);
    } finally {
      setCreating(false);
    }
  };

  const revoke = async () => {
    if (!revoking || revokeBusy) return;
    setRevokeBusy(true);
    try {
      const { data: answer } = await revokeKey({ variables: { id: revoking.id } });
      const result = answer?.revokePartnerApiKey;
      if (result?.__typename === "PartnerApiKey") {
        toast({ title: T.revokedTitle, description: T.revokedText(result.name) });
        setRevoking(null);
        return;
      }
      failed(result?.__typename === "AppError" ? result.message : T.revokeError);
    } catch (failure) {
      failed(serverMessageOf(failure) ?? T.revokeError);
    } finally {
      setRevokeBusy(false);
    }
  };

  return (
    <AdminSection title={T.title} lead={T.lead} busy={loading}>
      <Guide>
        <p>{T.guideLead}</p>
        <Button $variant="outline" $size="sm" aria-haspopup="dialog" onClick={() => setGuideOpen(true)}>
          {T.guide}
        </Button>
        <PartnerGuideDialog open={guideOpen} onOpenChange={setGuideOpen} />
      </Guide>
      <Form noValidate onSubmit={submit} aria-busy={creating}>
        <Field
          ref={inputRef}
          label={T.nameLabel}
          autoComplete="off"
          placeholder={T.namePlaceholder}
          value={name}
          error={fieldError}
          onChange={(e) => {
            setName(e.target.value);
            if (fieldError) setFieldError(null);
          }}
        />
        <Button type="submit" disabled={creating} aria-busy={creating}>
          {creating ? T.creating : T.create}
        </Button>
      </Form>
      <DataTable
        caption={T.caption}
        minWidth={820}
        columns={[T.columns.name, T.columns.prefix, T.columns.createdAt, T.columns.lastUsedAt, T.columns.requests, T.columns.status, T.columns.actions]}
      >
        <TableRows
          loading={!data && loading}
          failed={!data && !!error}
          empty={keys.length === 0}
          texts={T}
          onRetry={() => void refetch().catch(() => undefined)}
        >
          {keys.map((key) => (
            <tr key={key.id} data-key={key.id}>
              <th scope="row">{key.name}</th>
              <td>
                <Prefix>{key.prefix}…</Prefix>
              </td>
              <td>
                <Nowrap>{formatDateTime(key.createdAt)}</Nowrap>
                {key.createdByName && <Sub>{T.createdBy(key.createdByName)}</Sub>}
              </td>
              <td>
                <Nowrap>{key.lastUsedAt ? formatDateTime(key.lastUsedAt) : T.neverUsed}</Nowrap>
              </td>
              <td>{formatCount(key.requestCount)}</td>
              <td>
                {key.revokedAt ? (
                  <>
                    <StatusBadge tone="neutral">{T.revoked}</StatusBadge>
                    <Sub>{T.revokedAt(formatDateTime(key.revokedAt))}</Sub>
                  </>
                ) : (
                  <StatusBadge tone="success">{T.active}</StatusBadge>
                )}
              </td>
              <td>
                {!key.revokedAt && (
                  <Button $size="sm" $variant="outline" aria-label={T.revokeLabel(key.name)} onClick={() => setRevoking(key)}>
                    {T.revoke}
                  </Button>
                )}
              </td>
            </tr>
          ))}
        </TableRows>
      </DataTable>
      <NewKeyDialog created={created} onClose={() => setCreated(null)} />
      <ConfirmDialog
        open={!!revoking}
        onOpenChange={(open) => !open && setRevoking(null)}
        title={T.revokeTitle}
        text={revoking ? T.revokeText(revoking.name) : ""}
        confirmLabel={T.revokeConfirm}
        busyLabel={T.revoking}
        cancelLabel={T.cancel}
        busy={revokeBusy}
        onConfirm={() => void revoke()}
      />
    </AdminSection>
  );
}
