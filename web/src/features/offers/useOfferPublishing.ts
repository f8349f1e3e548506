import { useEffect, useId, useRef, useState } from "react";
import { useFragment, useMutation } from "@apollo/client/react";
import type { OfferInput } from "@clube-coroa/schema";
import { useToast } from "../../components/Toast";
import type { filterVariables } from "./boardModel";
import { BOARD_TEXTS } from "./boardTexts";
import { BoardOfferFieldsFragment as BoardOfferFieldsDocument, CreateOfferDocument, ImproveOfferTextDocument, UpdateOfferDocument } from "./documents";
import type { BoardOffer } from "./OfferCard";
import { onOfferDialogRequest, takeOfferDialogRequest } from "../../lib/offerDialogSignal";
import type { PlanLimit } from "./PlanDialogs";
import type { InviteAction } from "./inviteTexts";
import { isShowable, type OfferNode } from "./useBoardOffers";

const T = BOARD_TEXTS;

/** The offer form's fields for one of her offers (the edit dialog). */
export const formInitialOf = (o: BoardOffer): Partial<OfferInput> => ({
  postType: o.postType,
  title: o.title,
  description: o.description,
  type: o.type,
  categories: [...o.categories] as OfferInput["categories"],
  isUrgent: o.isUrgent,
});

/**
 * Publishing and editing from the board: the offer form dialog's state, its submit and text
 * improver, the plan limit dialog, the motivational popup's request to open the form, and her offer
 * just published (pinned above the cards, read live from the cache, scrolled to after the popup).
 */
export function useOfferPublishing({
  signedIn,
  filter,
  requireSignIn,
  dropFromLists,
  refreshStats,
}: {
  signedIn: boolean;
  filter: ReturnType<typeof filterVariables>;
  requireSignIn: (action: InviteAction, offerId?: number) => boolean;
  dropFromLists: (id: number) => void;
  refreshStats: () => void;
}) {
  const { toast } = useToast();
  const [formOpen, setFormOpen] = useState(false);
  const [editing, setEditing] = useState<BoardOffer | null>(null);
  const [planLimit, setPlanLimit] = useState<PlanLimit | null>(null);
  const [createOffer] = useMutation(CreateOfferDocument);
  const [updateOffer] = useMutation(UpdateOfferDocument);
  const [improveOfferText] = useMutation(ImproveOfferTextDocument);

  // Her offer just published: read live from the cache (likes, edits), gone when she deletes it.
  const [publishedId, setPublishedId] = useState<number | null>(null);
  const published = useFragment({ fragment: BoardOfferFieldsDocument, from: publishedId === null ? null : { __typename: "Offer", id: publishedId } });
  const justPublished = published.complete && isShowable(published.data as OfferNode) ? (published.data as OfferNode) : null;
  const justPublishedRef = useRef<HTMLElement>(null);
  const justPublishedTitle = useId();
  const [revealPublished, setRevealPublished] = useState(0);
  useEffect(() => {
    if (!revealPublished) return;
    // After the success popup has closed and handed focus back.
    const timer = setTimeout(() => {
      const section = justPublishedRef.current;
      if (!section) return;
      const reduced = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
      section.scrollIntoView?.({ block: "center", behavior: reduced ? "auto" : "smooth" });
      section.focus({ preventScroll: true });
    }, 50);
    return () => clearTimeout(timer);
  }, [revealPublished]);

  // ---- publish and edit ---------------------------------------------------------------------------
  const openCreate = () => {
    if (!requireSignIn("publish")) return;
    setEditing(null);
    setFormOpen(true);
  };
  // The motivational popup's 'Criar Minha Oferta Agora!' (now, or made before this board mounted).
  const openCreateRef = useRef(openCreate);
  openCreateRef.current = openCreate;
  useEffect(() => {
    const take = () => {
      if (takeOfferDialogRequest()) openCreateRef.current();
    };
    take();
    return onOfferDialogRequest(take);
  }, []);
  const openEdit = (offer: BoardOffer) => {
    setEditing(offer);
    setFormOpen(true);
  };

  const refused = (description: string) => {
    toast({ title: T.errorTitle, description, variant: "destructive" });
    return new Error(description);
  };

  const submit = async (input: OfferInput): Promise<void> => {
    if (!signedIn) {
      toast({ title: T.notSignedIn, variant: "destructive" });
      throw new Error(T.notSignedIn);
    }
    if (editing) {
      let result;
      try {
        result = (await updateOffer({ variables: { id: editing.id, input } })).data?.updateOffer;
      } catch {
        throw refused(T.updateFailed);
      }
      if (result?.__typename === "Offer") {
        // The answer has changed her card in the cache where it is (issue 24): the board keeps every
        // card she loaded. Under a kind tab it no longer belongs to, it leaves that list.
        if (filter?.type && filter.type !== result.type) dropFromLists(result.id);
        setFormOpen(false);
        setEditing(null);
        toast({ title: T.updatedTitle, description: T.updatedText });
        if (result.type !== editing.type) refreshStats();
        return;
      }
      if (result?.__typename === "PlanLimitError") {
        setFormOpen(false);
        setPlanLimit({ message: result.message, upgradeMessage: result.upgradeMessage });
        throw new Error(result.message);
      }
      const code = result?.__typename === "AppError" ? result.code : null;
      throw refused(
        code === "UNAUTHENTICATED"
          ? T.sessionExpired
          : code === "FORBIDDEN"
            ? T.updateNoPermission
            : (result?.__typename === "AppError" && result.message) || T.updateFailed,
      );
    }

    let result;
    try {
      result = (await createOffer({ variables: { input } })).data?.createOffer;
    } catch {
      throw refused(T.createFailed);
    }
    if (result?.__typename === "Offer") {
      // The dialog shows its success popup; OK refreshes the board, with this one above it for her.
      setPublishedId(result.id);
      return;
    }
    if (result?.__typename === "PlanLimitError") {
      setFormOpen(false);
      setPlanLimit({ message: result.message, upgradeMessage: result.upgradeMessage });
      throw new Error(result.message);
    }
    throw refused((result?.__typename === "AppError" && result.message) || T.createFailed);
  };

  const improve = async (input: { title: string; description: string; postType: OfferInput["postType"] }) => {
    const result = (await improveOfferText({ variables: { input } })).data?.improveOfferText;
    if (result?.__typename === "ImprovedText") return result.description;
    throw new Error((result?.__typename === "AppError" && result.message) || T.improveFallback);
  };

  return {
    formOpen,
    setFormOpen,
    editing,
    setEditing,
    planLimit,
    setPlanLimit,
    openCreate,
    openEdit,
    submit,
    improve,
    justPublished,
    justPublishedRef,
    justPublishedTitle,
    setRevealPublished,
  };
}
