import { useId } from "react";
import { LIMITS } from "@clube-coroa/schema";
import { Button } from "../../components/Button";
import { Crown } from "../../components/Crown";
import { Dialog } from "../../components/Dialog";
import { ProgressBar } from "../../components/ProgressBar";
import type { OfferFormDialogProps } from "./offerFormTypes";
import { DraftOffer, Nav, Progress, StepBody, StepTitle, StepsForm, Success, SuccessIcon } from "./OfferFormDialog.styles";
import { OfferFormStep } from "./OfferFormSteps";
import { OFFER_TEXTS } from "./offerTexts";
import { useOfferForm } from "./useOfferForm";

const T = OFFER_TEXTS.form;
const TOTAL_STEPS = LIMITS.offerSteps;


/** The 6-step 'Nova Proposta' / 'Editar Proposta' dialog (spec part 1 section 5). */
export function OfferFormDialog(props: OfferFormDialogProps) {
  const { open, onOpenChange, initial, author, plan } = props;
  const form = useOfferForm(props);
  const { step, submitting, improving, done, pendingDraft, formRef, stepHeading, continueDraft, discardDraft, goTo, close, next } = form;
  const ids = { heading: useId(), error: useId(), title: useId(), titleCount: useId(), description: useId(), descriptionCount: useId(), search: useId(), upgrade: useId() };

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
            <ProgressBar value={step} min={1} max={TOTAL_STEPS} label={T.progress(step, TOTAL_STEPS)} />
          </Progress>
          <StepTitle ref={stepHeading} id={ids.heading} tabIndex={-1}>
            {T.stepTitles[step - 1]}
          </StepTitle>
          <StepBody>
            <OfferFormStep form={form} ids={ids} initial={initial} author={author} plan={plan} />
          </StepBody>
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
