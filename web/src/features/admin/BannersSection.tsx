import { useApolloClient, useMutation, useQuery } from "@apollo/client/react";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import styled from "styled-components";
import { Button } from "../../components/Button";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { Dialog } from "../../components/Dialog";
import { Field } from "../../components/Field";
import { FieldMessage, Label, Switch } from "../../components/FormControls";
import { useToast } from "../../components/Toast";
import type { AdminBannerFieldsFragment } from "../../gql/graphql";
import { serverMessageOf } from "../../lib/errors";
import { formatDateTime } from "../../lib/format";
import { AdminSection, DataTable, Nowrap, StatusBadge, Sub, TableRows, truncate } from "./adminUi";
import { ADMIN_TEXTS } from "./adminTexts";
import {
  BANNER_RULES,
  checkImage,
  enableUploads,
  formValuesOf,
  refusalOf,
  toBannerInput,
  UPLOAD_CONTEXT,
  type BannerField,
  type BannerFormValues,
  type FieldErrors,
} from "./bannerForm";
import { AdminBannersDocument, CreateBannerDocument, DeleteBannerDocument, ReplaceBannerImageDocument, UpdateBannerDocument } from "./documents";

const T = ADMIN_TEXTS.banners;
const F = T.form;
type AdminBanner = AdminBannerFieldsFragment;

const Thumb = styled.img`
  display: block;
  width: 112px;
  min-width: 112px;
  max-width: none;
  height: auto;
  aspect-ratio: 16 / 9;
  object-fit: cover;
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.surfaceAlt};
`;

const LinkText = styled.a`
  display: inline-block;
  max-width: 220px;
  overflow-wrap: anywhere;
`;

const RowActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xs};
`;

const FormBody = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
`;

const Pair = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  ${({ theme }) => theme.media.sm} {
    grid-template-columns: 1fr 1fr;
  }
`;

const ImageField = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
  input[type="file"] {
    min-height: ${({ theme }) => theme.tapTarget};
    max-width: 100%;
  }
`;

/** The 16:9 frame of the carousel, so she sees how it will be cut. */
const Preview = styled.div`
  width: 100%;
  aspect-ratio: 16 / 9;
  overflow: hidden;
  border-radius: ${({ theme }) => theme.radii.md};
  border: 2px dashed ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surfaceAlt};
  img { width: 100%; height: 100%; object-fit: cover; }
`;

const Buttons = styled.div`
  display: flex;
  flex-wrap: wrap-reverse;
  gap: ${({ theme }) => theme.space.sm};
  & > * { flex: 1 1 140px; }
`;

/** A local address for the picked file, released when the file changes or the form closes. */
function usePreviewUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file || typeof URL.createObjectURL !== "function") {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
}

interface BannerFormProps {
  /** null: a new banner. */
  banner: AdminBanner | null;
  nextPosition: number;
  onClose: () => void;
  onSaved: (title: string) => void;
}

/** Create (image required: createBanner) or edit (updateBanner, then replaceBannerImage if she picked a new image). */
function BannerForm({ banner, nextPosition, onClose, onSaved }: BannerFormProps) {
  const { toast } = useToast();
  const client = useApolloClient();
  const [updateBanner] = useMutation(UpdateBannerDocument);
  const [createBanner] = useMutation(CreateBannerDocument, { context: UPLOAD_CONTEXT });
  const [replaceImage] = useMutation(ReplaceBannerImageDocument, { context: UPLOAD_CONTEXT });
  const [values, setValues] = useState<BannerFormValues>(() => formValuesOf(banner, nextPosition));
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const preview = usePreviewUrl(file);
  const imageId = useId();
  const form = useRef<HTMLFormElement>(null);

  const set = <K extends keyof BannerFormValues>(key: K, value: BannerFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    if (key in errors) setErrors(({ [key as BannerField]: _gone, ...rest }) => rest);
  };

  const showErrors = (next: FieldErrors) => {
    setErrors(next);
    // Focus the first field in error, in the order of the form.
    requestAnimationFrame(() => form.current?.querySelector<HTMLElement>("[aria-invalid='true']")?.focus());
  };

  const fail = (message: string | null, fieldErrors: FieldErrors = {}) => {
    if (Object.keys(fieldErrors).length) showErrors(fieldErrors);
    toast({ title: T.errorTitle, description: message ?? T.saveError, variant: "destructive" });
  };
  const failWith = (refusal: Parameters<typeof refusalOf>[0]) => {
    const { message, fieldErrors } = refusalOf(refusal);
    fail(message, fieldErrors);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const { input, errors: found } = toBannerInput(values);
    const imageError = checkImage(file, banner === null);
    if (imageError) found.image = imageError;
    if (Object.keys(found).length) return showErrors(found);

    setSaving(true);
    try {
      if (!banner) {
        enableUploads(client);
        const { data } = await createBanner({ variables: { input, image: file! } });
        const created = data?.createBanner;
        if (created?.__typename === "AppError") return failWith(created);
        if (created?.__typename !== "AdminBanner") return fail(null);
        return onSaved(T.createdTitle);
      }
      const { data } = await updateBanner({ variables: { id: banner.id, input } });
      const result = data?.updateBanner;
      if (result?.__typename === "AppError") return failWith(result);
      if (result?.__typename !== "AdminBanner") return fail(null);
      if (file) {
        enableUploads(client);
        const { data: replaced } = await replaceImage({ variables: { id: banner.id, image: file } });
        const answer = replaced?.replaceBannerImage;
        if (answer?.__typename === "AppError") return failWith(answer);
        if (answer?.__typename !== "AdminBanner") return fail(null);
      }
      onSaved(T.savedTitle);
    } catch (failure) {
      fail(serverMessageOf(failure));
    } finally {
      setSaving(false);
    }
  };

  const imageHintId = `${imageId}-hint`;
  return (
    <FormBody ref={form} noValidate onSubmit={submit} aria-busy={saving}>
      <ImageField>
        <Label htmlFor={imageId}>{banner ? F.replaceImage : F.image}</Label>
        <Preview>
          {preview ? <img src={preview} alt={F.preview} /> : banner ? <img src={banner.url} alt={banner.alt} /> : null}
        </Preview>
        <input
          id={imageId}
          type="file"
          accept={BANNER_RULES.imageTypes.join(",")}
          aria-describedby={imageHintId}
          aria-invalid={errors.image ? true : undefined}
          onChange={(e) => {
            setFile(e.currentTarget.files?.[0] ?? null);
            if (errors.image) setErrors(({ image: _gone, ...rest }) => rest);
          }}
        />
        <FieldMessage id={imageHintId} $error={!!errors.image}>
          {errors.image ?? F.imageHint}
        </FieldMessage>
      </ImageField>
      <Field
        label={F.alt}
        hint={F.altHint}
        error={errors.alt}
        value={values.alt}
        onChange={(e) => set("alt", e.target.value)}
        required
      />
      <Field
        label={F.link}
        hint={F.linkHint}
        error={errors.link}
        type="url"
        inputMode="url"
        placeholder={F.linkPlaceholder}
        value={values.link}
        onChange={(e) => set("link", e.target.value)}
      />
      <Pair>
        <Field
          label={F.position}
          hint={F.positionHint}
          error={errors.position}
          type="number"
          inputMode="numeric"
          min={0}
          max={BANNER_RULES.positionMax}
          step={1}
          value={values.position}
          onChange={(e) => set("position", e.target.value)}
        />
        <Switch checked={values.active} onChange={(checked) => set("active", checked)} label={F.active} />
      </Pair>
      <Pair>
        <Field label={F.startsAt} hint={F.datesHint} error={errors.startsAt} type="datetime-local" value={values.startsAt} onChange={(e) => set("startsAt", e.target.value)} />
        <Field label={F.endsAt} hint={F.datesHint} error={errors.endsAt} type="datetime-local" value={values.endsAt} onChange={(e) => set("endsAt", e.target.value)} />
      </Pair>
      <Buttons>
        <Button $variant="outline" onClick={onClose} disabled={saving}>
          {F.cancel}
        </Button>
        <Button type="submit" disabled={saving} aria-busy={saving}>
          {saving ? F.saving : banner ? F.save : F.create}
        </Button>
      </Buttons>
    </FormBody>
  );
}

function period(banner: AdminBanner): string[] {
  const lines: string[] = [];
  if (banner.startsAt) lines.push(T.from(formatDateTime(banner.startsAt)));
  if (banner.endsAt) lines.push(T.until(formatDateTime(banner.endsAt)));
  return lines.length ? lines : [T.always];
}

function Status({ banner }: { banner: AdminBanner }) {
  if (banner.live) return <StatusBadge tone="success">{T.live}</StatusBadge>;
  if (banner.active) return <StatusBadge tone="warning">{T.scheduled}</StatusBadge>;
  return <StatusBadge tone="neutral">{T.inactive}</StatusBadge>;
}

/** 'Banners': the carousel's banners with their state, a form to add or edit one, and deletion. */
export function BannersSection() {
  const { toast } = useToast();
  const { data, loading, error, refetch } = useQuery(AdminBannersDocument, { notifyOnNetworkStatusChange: true });
  const [deleteBanner] = useMutation(DeleteBannerDocument);
  // undefined: closed; null: a new banner; a banner: editing it.
  const [editing, setEditing] = useState<AdminBanner | null | undefined>(undefined);
  const [removing, setRemoving] = useState<AdminBanner | null>(null);
  const [removeBusy, setRemoveBusy] = useState(false);
  const banners = data?.adminBanners ?? [];
  const nextPosition = banners.length ? Math.min(BANNER_RULES.positionMax, Math.max(...banners.map((b) => b.position)) + 1) : 0;

  const saved = (title: string) => {
    setEditing(undefined);
    toast({ title });
    void refetch().catch(() => undefined);
  };

  const remove = async () => {
    if (!removing || removeBusy) return;
    setRemoveBusy(true);
    const failed = (text: string) => toast({ title: T.errorTitle, description: text, variant: "destructive" });
    try {
      const { data: answer } = await deleteBanner({ variables: { id: removing.id } });
      const result = answer?.deleteBanner;
      if (result?.__typename === "DeleteBannerPayload") {
        setRemoving(null);
        toast({ title: T.removedTitle });
        await refetch().catch(() => undefined);
        return;
      }
      failed(result?.__typename === "AppError" ? result.message : T.removeError);
    } catch (failure) {
      failed(serverMessageOf(failure) ?? T.removeError);
    } finally {
      setRemoveBusy(false);
    }
  };

  return (
    <AdminSection
      title={T.title}
      lead={T.lead}
      busy={loading}
      actions={
        <Button $size="sm" onClick={() => setEditing(null)}>
          {T.add}
        </Button>
      }
    >
      <DataTable
        caption={T.caption}
        minWidth={900}
        columns={[T.columns.image, T.columns.alt, T.columns.link, T.columns.position, T.columns.status, T.columns.period, T.columns.actions]}
      >
        <TableRows
          loading={!data && loading}
          failed={!data && !!error}
          empty={banners.length === 0}
          texts={T}
          onRetry={() => void refetch().catch(() => undefined)}
        >
          {banners.map((banner) => (
            <tr key={banner.id} data-banner={banner.id}>
              <td>
                {/* The alt text is the row's header beside it: the thumbnail itself adds nothing to read. */}
                <Thumb src={banner.url} alt="" loading="lazy" width={112} height={63} />
              </td>
              <th scope="row" title={banner.alt}>
                {truncate(banner.alt, 80)}
              </th>
              <td>
                {banner.link ? (
                  <LinkText href={banner.link} target="_blank" rel="noopener">
                    {truncate(banner.link, 60)}
                  </LinkText>
                ) : (
                  <Sub>{T.noLink}</Sub>
                )}
              </td>
              <td>{banner.position}</td>
              <td>
                <Status banner={banner} />
              </td>
              <td>
                {period(banner).map((line) => (
                  <Nowrap key={line} as="div">
                    {line}
                  </Nowrap>
                ))}
              </td>
              <td>
                <RowActions>
                  <Button $size="sm" $variant="outline" aria-label={T.editLabel(banner.alt)} onClick={() => setEditing(banner)}>
                    {T.edit}
                  </Button>
                  <Button $size="sm" $variant="ghost" aria-label={T.removeLabel(banner.alt)} onClick={() => setRemoving(banner)}>
                    {T.remove}
                  </Button>
                </RowActions>
              </td>
            </tr>
          ))}
        </TableRows>
      </DataTable>
      <Dialog open={editing !== undefined} onOpenChange={(open) => !open && setEditing(undefined)} title={editing ? F.editTitle : F.createTitle}>
        {editing !== undefined && <BannerForm key={editing?.id ?? "new"} banner={editing} nextPosition={nextPosition} onClose={() => setEditing(undefined)} onSaved={saved} />}
      </Dialog>
      <ConfirmDialog
        open={!!removing}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={T.removeTitle}
        text={removing ? T.removeText(removing.alt) : ""}
        confirmLabel={T.removeConfirm}
        busyLabel={T.removing}
        cancelLabel={F.cancel}
        busy={removeBusy}
        onConfirm={() => void remove()}
      />
    </AdminSection>
  );
}
