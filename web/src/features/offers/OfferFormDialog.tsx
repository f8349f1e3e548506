import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import styled from "styled-components";
import {
  LIMITS,
  OFFER_CATEGORIES,
  OFFER_FORM_STEPS,
  MONTHLY_PUBLICATIONS,
  OFFER_TYPES,
  POST_TYPES,
  kindLockedFor,
  planLabel,
  offerInputSchema,
  offerStepError,
  slugify,
  type OfferInput,
  type OfferTypeName,
  type PlanName,
  type PostTypeName,
} from "@clube-coroa/schema";
import { Button } from "../../components/Button";
import { Crown } from "../../components/Crown";
import { Dialog } from "../../components/Dialog";
import { TextInput } from "../../components/Field";
import { CharCounter, ChoiceCard, FieldMessage, Fieldset, Label, Stack, Switch, TextArea } from "../../components/FormControls";
import { Spinner } from "../../components/Spinner";
import { useToast } from "../../components/Toast";
import { usePlans } from "../plans/plansFlow";
import { OfferCard, type BoardOffer } from "./OfferCard";
import { clearOfferDraft, hasContent, readOfferDraft, writeOfferDraft, type OfferDraft, type OfferFormValues } from "./offerDraft";
import { OFFER_TEXTS } from "./offerTexts";

const T = OFFER_TEXTS.form;
const TOTAL_STEPS = LIMITS.offerSteps;
const { offerTitle, offerDescription, offerCategories } = LIMITS;

export type { OfferFormValues } from "./offerDraft";

/** The author fields the preview card shows (the signed-in member). */
export type PreviewAuthor = Pick<
  BoardOffer,
  "userNickname" | "userFullName" | "userName" | "userPlan" | "userJoinedAt" | "userProfilePhoto" | "userProfessionalActivity"
>;

export interface OfferFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Present when editing an offer: the title becomes 'Editar Proposta' and the fields start filled. */
  initial?: Partial<OfferInput>;
  /** Publishes the checked values. Reject to stay on the form (the caller shows the error toast). */
  onSubmit: (values: OfferInput) => Promise<unknown>;
  /** Returns an improved description. */
  onImprove: (input: { title: string; description: string; postType: PostTypeName }) => Promise<string>;
  /** After the success popup's OK: refresh the offers. */
  onDone: () => void;
  author?: PreviewAuthor;
  /** Her plan: the kind step shows what it allows (issue 24). */
  plan?: PlanName | null;
  /** Her member id: a new proposal left unpublished is kept on this device under it until she publishes or discards it. */
  draftOwner?: number | null;
}

const valuesFrom = (initial?: Partial<OfferInput>): OfferFormValues => ({
  postType: initial?.postType ?? null,
  title: initial?.title ?? "",
  description: initial?.description ?? "",
  type: initial?.type ?? null,
  categories: initial?.categories ? [...initial.categories] : [],
  isUrgent: initial?.isUrgent ?? false,
});

const stepOfField = (field: PropertyKey): number =>
  OFFER_FORM_STEPS.findIndex((fields) => (fields as readonly PropertyKey[]).includes(field)) + 1 || 1;

const Progress = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xxs};
  margin-bottom: ${({ theme }) => theme.space.md};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Bar = styled.div`
  height: 8px;
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.surfaceAlt};
  overflow: hidden;
  span {
    display: block;
    height: 100%;
    background: linear-gradient(90deg, ${({ theme }) => theme.colors.brand}, ${({ theme }) => theme.colors.gold});
    transition: width 0.2s ease;
  }
`;

const StepTitle = styled.h3`
  font-size: ${({ theme }) => theme.fontSizes.lg};
  margin-bottom: ${({ theme }) => theme.space.sm};
  &:focus { outline: none; }
`;

/** The steps fill the dialog's steady height; the buttons stay at its foot. */
const StepsForm = styled.form`
  display: flex;
  flex-direction: column;
`;

const StepBody = styled.div`
  flex: 1 0 auto;
`;

const Nav = styled.div`
  position: sticky;
  bottom: -${({ theme }) => theme.space.lg};
  z-index: 1;
  display: flex;
  gap: ${({ theme }) => theme.space.sm};
  margin: ${({ theme }) => theme.space.lg} -${({ theme }) => theme.space.lg} -${({ theme }) => theme.space.lg};
  padding: ${({ theme }) => theme.space.md} ${({ theme }) => theme.space.lg} ${({ theme }) => theme.space.lg};
  background: ${({ theme }) => theme.colors.surface};
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  & > :last-child { flex: 1; }
`;

const Row = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm};
  flex-wrap: wrap;
`;

const Chips = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xs};
  max-height: 280px;
  overflow-y: auto;
  padding: 2px;
`;

const Chip = styled.button`
  min-height: ${({ theme }) => theme.tapTarget};
  padding: 0 ${({ theme }) => theme.space.sm};
  border: 2px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  cursor: pointer;
  &[aria-pressed="true"] {
    border-color: ${({ theme }) => theme.colors.brand};
    background: ${({ theme }) => theme.colors.brand};
    color: #fff;
  }
  &[aria-pressed="true"]::before { content: "✓ "; }
`;

const Chosen = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  color: ${({ theme }) => theme.colors.brand};
`;

const Success = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space.md};
  text-align: center;
  font-size: ${({ theme }) => theme.fontSizes.lg};
`;

/** Her plan's word at the kind step: why a kind is locked, and the way to the plans. */
const UpgradeNote = styled.div`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space.xs};
  padding: ${({ theme }) => theme.space.md};
  border: 1px solid ${({ theme }) => theme.colors.gold};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.brandSoft};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  strong { color: ${({ theme }) => theme.colors.brandDark}; }
`;

const DraftOffer = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
`;

const SuccessIcon = styled.span`
  color: ${({ theme }) => theme.colors.gold};
`;

function Sparkle() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M12 2l2.2 6.3L20.5 10.5l-6.3 2.2L12 19l-2.2-6.3L3.5 10.5l6.3-2.2Z M19 15l.9 2.1L22 18l-2.1.9L19 21l-.9-2.1L16 18l2.1-.9Z" fill="currentColor" />
    </svg>
  );
}

/** The 6-step 'Nova Proposta' / 'Editar Proposta' dialog (spec part 1 section 5). */
export function OfferFormDialog({ open, onOpenChange, initial, onSubmit, onImprove, onDone, author, plan, draftOwner }: OfferFormDialogProps) {
  const { toast } = useToast();
  const { openPlans } = usePlans();
  // Drafts are for new proposals only: an edit starts from the offer as published.
  const draftId = !initial && typeof draftOwner === "number" ? draftOwner : null;
  const [pendingDraft, setPendingDraft] = useState<OfferDraft | null>(null);
  const [step, setStep] = useState(1);
  const [values, setValues] = useState<OfferFormValues>(() => valuesFrom(initial));
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [improving, setImproving] = useState(false);
  const [done, setDone] = useState(false);
  const [query, setQuery] = useState("");
  const [wasOpen, setWasOpen] = useState(open);
  const [errorTick, setErrorTick] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const stepHeading = useRef<HTMLHeadingElement>(null);
  const stepChanged = useRef(false);
  const ids = { heading: useId(), error: useId(), title: useId(), titleCount: useId(), description: useId(), descriptionCount: useId(), search: useId(), upgrade: useId() };

  // Every opening starts over at step 1 with the given values.
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      setStep(1);
      setValues(valuesFrom(initial));
      setError(null);
      setDone(false);
      setQuery("");
      setPendingDraft(draftId === null ? null : readOfferDraft(draftId));
    }
  }

  /** A kind her plan never allows (the offer's own kind stays hers when she edits it). */
  const lockOf = (type: OfferTypeName) => (plan && type !== initial?.type ? kindLockedFor(plan, type) : null);

  // What she fills in is kept on this device as she goes: a refused or abandoned proposal is not lost.
  useEffect(() => {
    if (!open || done || pendingDraft || draftId === null) return;
    if (hasContent(values)) writeOfferDraft(draftId, { values, step });
  }, [open, done, pendingDraft, draftId, values, step]);

  const continueDraft = (draft: OfferDraft) => {
    setPendingDraft(null);
    const locked = draft.values.type && lockOf(draft.values.type);
    // A kind her plan refused: back at the kind step, where it says why.
    setValues(locked ? { ...draft.values, type: null } : draft.values);
    goTo(locked ? Math.min(draft.step, 4) : draft.step);
  };
  const discardDraft = () => {
    if (draftId !== null) clearOfferDraft(draftId);
    setPendingDraft(null);
    // Once step 1 is drawn in its place.
    setTimeout(() => stepHeading.current?.focus(), 0);
  };
  const seePlans = () => {
    onOpenChange(false);
    openPlans();
  };

  useEffect(() => {
    if (stepChanged.current) stepHeading.current?.focus();
    stepChanged.current = false;
  }, [step]);

  // After a refused 'Próximo', put her on the field to fix (the first option of a choice).
  useEffect(() => {
    if (errorTick === 0) return;
    const form = formRef.current;
    const target = form?.querySelector<HTMLElement>('input[aria-invalid="true"], textarea[aria-invalid="true"]') ??
      form?.querySelector<HTMLElement>('[aria-invalid="true"] input, [aria-invalid="true"] button');
    target?.focus();
  }, [errorTick]);

  const goTo = (next: number) => {
    stepChanged.current = true;
    setError(null);
    setStep(next);
  };

  const set = <K extends keyof OfferFormValues>(key: K, value: OfferFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setError(null);
  };

  const close = () => {
    onOpenChange(false);
    if (done) onDone();
  };

  const publish = async () => {
    const locked = values.type && lockOf(values.type);
    if (locked) {
      if (step !== 4) goTo(4);
      setError(locked.message);
      setErrorTick((n) => n + 1);
      return;
    }
    const parsed = offerInputSchema.safeParse(values);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const target = stepOfField(issue?.path[0] ?? "postType");
      if (target !== step) goTo(target);
      setError(issue?.message ?? null);
      setErrorTick((n) => n + 1);
      return;
    }
    setSubmitting(true);
    try {
      await onSubmit(parsed.data);
      if (draftId !== null) clearOfferDraft(draftId);
      setDone(true);
    } catch {
      // The caller tells what went wrong (toast or plan-limit dialog); the form stays as it was.
    } finally {
      setSubmitting(false);
    }
  };

  const next = (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    const locked = step === 4 && values.type ? lockOf(values.type) : null;
    const message = offerStepError(step, values) ?? locked?.message;
    if (message) {
      setError(message);
      setErrorTick((n) => n + 1);
      return;
    }
    if (step < TOTAL_STEPS) goTo(step + 1);
    else void publish();
  };

  const improve = async () => {
    if (!values.title.trim() || !values.description.trim()) {
      toast({ title: T.improveNeedsTitle, description: T.improveNeedsText, variant: "destructive" });
      return;
    }
    setImproving(true);
    try {
      const improved = await onImprove({ title: values.title, description: values.description, postType: values.postType ?? "oferta" });
      set("description", improved);
      toast({ title: T.improvedTitle, description: T.improvedText });
    } catch {
      toast({ title: T.improveErrorTitle, description: T.improveErrorText, variant: "destructive" });
    } finally {
      setImproving(false);
    }
  };

  const toggleCategory = (category: string) => {
    if (values.categories.includes(category)) {
      set("categories", values.categories.filter((c) => c !== category));
    } else if (values.categories.length >= offerCategories.max) {
      toast({ title: T.maxReachedTitle, description: T.maxReachedText(offerCategories.max), variant: "destructive" });
    } else {
      set("categories", [...values.categories, category]);
    }
  };

  const invalid = error ? { "aria-invalid": true as const, "aria-describedby": ids.error } : {};
  const errorLine = error && (
    <FieldMessage id={ids.error} role="alert" $error>
      {error}
    </FieldMessage>
  );

  const preview: BoardOffer = {
    id: 0,
    postType: values.postType ?? "oferta",
    type: values.type ?? "collab",
    title: values.title.trim(),
    description: values.description.trim(),
    categories: values.categories,
    likes: 0,
    isLiked: false,
    isUrgent: values.isUrgent,
    createdAt: new Date().toISOString(),
    ...author,
  };

  const filtered = OFFER_CATEGORIES.filter((c) => slugify(c).includes(slugify(query)));

  const body = () => {
    switch (step) {
      case 1:
        return (
          <Fieldset aria-labelledby={ids.heading} {...invalid}>
            {POST_TYPES.map((postType) => (
              <ChoiceCard
                key={postType}
                name="postType"
                value={postType}
                checked={values.postType === postType}
                onChange={() => set("postType", postType)}
                title={OFFER_TEXTS.postType[postType]}
                text={OFFER_TEXTS.postTypeHint[postType]}
              />
            ))}
            {errorLine}
          </Fieldset>
        );
      case 2:
        return (
          <Stack>
            <Label htmlFor={ids.title}>{T.titleLabel}</Label>
            <TextInput
              id={ids.title}
              value={values.title}
              placeholder={T.titlePlaceholder}
              onChange={(e) => set("title", e.target.value)}
              $invalid={!!error}
              aria-invalid={error ? true : undefined}
              aria-describedby={[error ? ids.error : null, ids.titleCount].filter(Boolean).join(" ")}
              autoComplete="off"
              enterKeyHint="next"
            />
            <CharCounter id={ids.titleCount} length={values.title.length} max={offerTitle.max} warnAbove={offerTitle.warnAbove} />
            {errorLine}
          </Stack>
        );
      case 3:
        return (
          <Stack>
            <Label htmlFor={ids.description}>{T.descriptionLabel}</Label>
            <TextArea
              id={ids.description}
              value={values.description}
              placeholder={T.descriptionPlaceholder}
              onChange={(e) => set("description", e.target.value)}
              $invalid={!!error}
              aria-invalid={error ? true : undefined}
              aria-describedby={[error ? ids.error : null, ids.descriptionCount].filter(Boolean).join(" ")}
              rows={7}
              readOnly={improving}
            />
            <Row>
              <Button $variant="gold" $size="sm" onClick={improve} disabled={improving} aria-busy={improving}>
                {improving ? <Spinner $size={16} /> : <Sparkle />}
                {improving ? T.improving : T.improve}
              </Button>
              <CharCounter
                id={ids.descriptionCount}
                length={values.description.length}
                max={offerDescription.max}
                warnAbove={offerDescription.warnAbove}
              />
            </Row>
            {errorLine}
          </Stack>
        );
      case 4: {
        const lockedKinds = OFFER_TYPES.filter((type) => lockOf(type));
        const refusal = lockedKinds[0] ? lockOf(lockedKinds[0]) : null;
        return (
          <Stack $gap="sm">
            <Fieldset aria-labelledby={ids.heading} {...invalid}>
              {OFFER_TYPES.map((type) => {
                const locked = lockOf(type);
                const limit = plan ? MONTHLY_PUBLICATIONS[plan][type] : null;
                const status = !plan
                  ? undefined
                  : locked
                    ? T.kindLocked(planLabel(plan))
                    : limit !== null && type !== initial?.type
                      ? T.kindLimited(limit, planLabel(plan))
                      : undefined;
                return (
                  <ChoiceCard
                    key={type}
                    name="type"
                    value={type}
                    checked={values.type === type}
                    disabled={!!locked}
                    onChange={() => set("type", type)}
                    title={OFFER_TEXTS.kind[type]}
                    text={OFFER_TEXTS.kindHint[type]}
                    status={status}
                    aria-describedby={locked ? ids.upgrade : undefined}
                  />
                );
              })}
              {errorLine}
            </Fieldset>
            {refusal && (
              <UpgradeNote id={ids.upgrade}>
                <p>
                  <strong>{refusal.message}</strong> {refusal.upgradeMessage}
                </p>
                <p>{T.draftKeptNote}</p>
                <Button $variant="gold" $size="sm" onClick={seePlans}>
                  {T.seePlans}
                </Button>
              </UpgradeNote>
            )}
          </Stack>
        );
      }
      case 5:
        return (
          <Stack $gap="sm">
            <Label htmlFor={ids.search}>{T.categorySearch}</Label>
            <TextInput
              id={ids.search}
              type="search"
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              onKeyDown={(e) => e.key === "Enter" && e.preventDefault()}
              autoComplete="off"
            />
            <Chosen aria-live="polite">{T.categoriesChosen(values.categories.length, offerCategories.max)}</Chosen>
            <Chips role="group" aria-labelledby={ids.heading} {...invalid}>
              {filtered.map((category) => (
                <Chip key={category} type="button" aria-pressed={values.categories.includes(category)} onClick={() => toggleCategory(category)}>
                  {category}
                </Chip>
              ))}
              {filtered.length === 0 && <p>{T.categoriesNone}</p>}
            </Chips>
            {errorLine}
          </Stack>
        );
      default:
        return (
          <Stack $gap="md">
            <Switch checked={values.isUrgent} onChange={(v) => set("isUrgent", v)} label={T.urgent} hint={T.urgentHint} />
            <section aria-label={T.preview}>
              <Label as="p" style={{ marginBottom: 8 }}>
                {T.preview}
              </Label>
              {/* A picture of her card: nothing in it can be focused or pressed. */}
              <div inert data-testid="offer-preview">
                <OfferCard offer={preview} isOwner={false} onLike={() => undefined} onContact={() => undefined} preview />
              </div>
            </section>
            {errorLine}
          </Stack>
        );
    }
  };

  const dialogTitle = done ? T.successTitle : initial ? T.editTitle : T.createTitle;

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? onOpenChange(true) : close())} title={dialogTitle} steady>
      {pendingDraft && !done ? (
        <DraftOffer>
          <StepTitle ref={stepHeading} tabIndex={-1}>
            {T.draftTitle}
          </StepTitle>
          <p>{T.draftText(pendingDraft.values.title.trim())}</p>
          <Button $block $size="lg" onClick={() => continueDraft(pendingDraft)}>
            {T.draftContinue}
          </Button>
          <Button $block $variant="outline" onClick={discardDraft}>
            {T.draftDiscard}
          </Button>
        </DraftOffer>
      ) : done ? (
        <Success>
          <SuccessIcon>
            <Crown size={56} />
          </SuccessIcon>
          <p>{T.successText}</p>
          <Button $block $size="lg" onClick={close}>
            {T.ok}
          </Button>
        </Success>
      ) : (
        <StepsForm ref={formRef} onSubmit={next} noValidate>
          <Progress>
            <span>{T.progress(step, TOTAL_STEPS)}</span>
            <Bar role="progressbar" aria-label={T.progress(step, TOTAL_STEPS)} aria-valuemin={1} aria-valuemax={TOTAL_STEPS} aria-valuenow={step}>
              <span style={{ width: `${(step / TOTAL_STEPS) * 100}%` }} />
            </Bar>
          </Progress>
          <StepTitle ref={stepHeading} id={ids.heading} tabIndex={-1}>
            {T.stepTitles[step - 1]}
          </StepTitle>
          <StepBody>{body()}</StepBody>
          <Nav>
            {step > 1 && (
              <Button $variant="outline" onClick={() => goTo(step - 1)} disabled={submitting}>
                {T.back}
              </Button>
            )}
            <Button type="submit" disabled={submitting || improving} aria-busy={submitting}>
              {step < TOTAL_STEPS ? T.next : initial ? (submitting ? T.saving : T.save) : submitting ? T.publishing : T.publish}
            </Button>
          </Nav>
        </StepsForm>
      )}
    </Dialog>
  );
}
