// The offer form dialog's props, shared by the dialog, its state hook and its steps.
import type { OfferInput, PlanName, PostTypeName } from "@clube-coroa/schema";
import type { BoardOffer } from "./OfferCard";

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
