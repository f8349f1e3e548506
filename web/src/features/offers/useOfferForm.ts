import { useEffect, useRef, useState, type FormEvent } from "react";
import { LIMITS, OFFER_FORM_STEPS, kindLockedFor, offerInputSchema, offerStepError, type OfferInput, type OfferTypeName } from "@clube-coroa/schema";
import { useToast } from "../../components/Toast";
import { usePlans } from "../plans";
import { clearOfferDraft, hasContent, readOfferDraft, writeOfferDraft, type OfferDraft, type OfferFormValues } from "./offerDraft";
import type { OfferFormDialogProps } from "./offerFormTypes";
import { OFFER_TEXTS } from "./offerTexts";

const T = OFFER_TEXTS.form;
const TOTAL_STEPS = LIMITS.offerSteps;
const { offerCategories } = LIMITS;

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

/**
 * The 6-step offer form's state: the step and values (starting over at each opening), the draft
 * kept on this device, the checks of each step and of the whole, the kinds her plan locks, the text
 * improver and the categories' search, and focus on the step's heading or the field to fix.
 */
export function useOfferForm({
  open,
  onOpenChange,
  initial,
  onSubmit,
  onImprove,
  onDone,
  plan,
  draftOwner,
}: Omit<OfferFormDialogProps, "author">) {
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


  return {
    step,
    values,
    error,
    submitting,
    improving,
    done,
    query,
    setQuery,
    pendingDraft,
    formRef,
    stepHeading,
    lockOf,
    continueDraft,
    discardDraft,
    seePlans,
    goTo,
    set,
    close,
    next,
    improve,
    toggleCategory,
  };
}

export type OfferFormState = ReturnType<typeof useOfferForm>;
