import { useCallback, useState } from "react";
import { useApolloClient, useMutation } from "@apollo/client/react";
import { useNavigate } from "react-router-dom";
import type { PlanName } from "@clube-coroa/schema";
import { useToast } from "../../components/Toast";
import type { SessionUser } from "../session";
import { contactNeedsUpgrade, nextPlan, viewProfileNeedsUpgrade } from "./boardModel";
import { BOARD_TEXTS } from "./boardTexts";
import { DeleteOfferDocument, StartConversationDocument, ToggleLikeDocument } from "./documents";
import type { AuthorRef } from "./AuthorProfileDialog";
import { displayNameOf, type BoardOffer } from "./OfferCard";
import type { SignInInvitation, UpgradePrompt } from "./PlanDialogs";
import type { InviteAction } from "./inviteTexts";
import type { ReportTarget } from "./ReportDialog";

const T = BOARD_TEXTS;

/**
 * What she does to a card on the board: like (optimistic), contact, report, open the author's
 * profile and delete her own, with the sign-in invitation and the plan's upgrade prompt in front
 * of whatever her plan does not allow. The dialogs these open read the state returned here.
 */
export function useOfferActions({
  signedIn,
  user,
  offers,
  refreshStats,
}: {
  signedIn: boolean;
  user: SessionUser | null | undefined;
  offers: readonly BoardOffer[];
  refreshStats: () => void;
}) {
  const client = useApolloClient();
  const navigate = useNavigate();
  const { toast } = useToast();
  const [deleting, setDeleting] = useState<BoardOffer | null>(null);
  const [deleteBusy, setDeleteBusy] = useState(false);
  const [upgrade, setUpgrade] = useState<UpgradePrompt | null>(null);
  const [reporting, setReporting] = useState<ReportTarget | null>(null);
  const [author, setAuthor] = useState<AuthorRef | null>(null);
  const [invitation, setInvitation] = useState<SignInInvitation | null>(null);
  const [toggleLike] = useMutation(ToggleLikeDocument);
  const [deleteOffer] = useMutation(DeleteOfferDocument);
  const [startConversation] = useMutation(StartConversationDocument);
  const [contacting, setContacting] = useState<number | null>(null);

  // ---- guards -----------------------------------------------------------------------------------
  /** A visitor is invited to sign in (and comes back to the card), never told off (issue 24). */
  const requireSignIn = (action: InviteAction, offerId?: number): boolean => {
    if (!signedIn) setInvitation({ action, offerId });
    return signedIn;
  };
  const isOwn = (o: BoardOffer & { isOwn?: boolean }) => !!o.isOwn || (!!user && o.userId === user.id);

  // ---- likes: optimistic, rolled back by Apollo when the answer is a refusal or an error ---------
  const like = async (id: number) => {
    if (!requireSignIn("like", id)) return;
    const offer = offers.find((o) => o.id === id);
    if (!offer) return;
    const liked = !offer.isLiked;
    const totalLikes = Math.max(0, offer.likes + (liked ? 1 : -1));
    const failed = () => toast({ title: T.errorTitle, description: T.likeFailed, variant: "destructive" });
    try {
      const { data: result } = await toggleLike({
        variables: { offerId: id },
        optimisticResponse: { toggleLike: { __typename: "LikePayload", offerId: id, liked, totalLikes } },
        update: (cache, { data: answer }) => {
          const payload = answer?.toggleLike;
          if (payload?.__typename !== "LikePayload") return;
          cache.modify({
            id: cache.identify({ __typename: "Offer", id: payload.offerId }),
            fields: { likes: () => payload.totalLikes, isLiked: () => payload.liked },
          });
        },
      });
      const answer = result?.toggleLike;
      if (answer?.__typename === "AppError" && answer.code === "UNAUTHENTICATED") {
        // She was signed in here, and the server no longer knows her session: the spec's words.
        toast({ title: T.notSignedIn, variant: "destructive" });
        client.refetchQueries({ include: ["Me"] }).catch(() => undefined);
      } else if (answer?.__typename !== "LikePayload") failed();
    } catch {
      failed();
    }
  };

  // ---- contact ----------------------------------------------------------------------------------
  const contact = async (offer: BoardOffer) => {
    if (!requireSignIn("contact", offer.id) || !user || contacting !== null) return;
    if (isOwn(offer)) {
      toast({ title: T.ownContactTitle, description: T.ownContactText, variant: "destructive" });
      return;
    }
    const target = nextPlan(user.plan);
    if (contactNeedsUpgrade(user.plan, offer.type) && target) {
      setUpgrade({ action: "contact", target });
      return;
    }
    const failed = () => toast({ title: T.errorTitle, description: T.conversationFailed, variant: "destructive" });
    setContacting(offer.id);
    try {
      const result = (await startConversation({ variables: { offerId: offer.id } })).data?.startConversation;
      if (result?.__typename === "Conversation") {
        toast({ title: T.conversationStarted });
        navigate(`/mensagens/${result.id}`);
      } else if (result?.__typename === "UpgradeRequiredError") {
        setUpgrade({ action: "contact", target: result.targetPlan });
      } else if (result?.__typename === "AppError" && result.code === "OWN_OFFER") {
        toast({ title: T.ownContactTitle, description: T.ownContactText, variant: "destructive" });
      } else {
        failed();
      }
    } catch {
      failed();
    } finally {
      setContacting(null);
    }
  };

  // ---- report and author profile ------------------------------------------------------------------
  const report = (offer: BoardOffer) => {
    if (!requireSignIn("report", offer.id) || isOwn(offer) || !offer.userId) return;
    setReporting({ offerId: offer.id, reportedUserId: offer.userId, title: offer.title });
  };

  /** Nobreza is invited to the next plan (action view_profile); the other plans see the profile. */
  const openAuthor = (offer: BoardOffer) => {
    if (!requireSignIn("profile", offer.id) || !user || !offer.userId) return;
    if (viewProfileNeedsUpgrade(user.plan)) {
      const target = nextPlan(user.plan);
      if (target) setUpgrade({ action: "view_profile", target });
      return;
    }
    setAuthor({ id: offer.userId, name: displayNameOf(offer) });
  };

  /** The server's word wins: when it answers with the upgrade prompt, the profile view gives way to it. */
  const authorNeedsUpgrade = useCallback((target: PlanName) => {
    setAuthor(null);
    setUpgrade({ action: "view_profile", target });
  }, []);

  // ---- delete -----------------------------------------------------------------------------------
  const confirmDelete = async () => {
    if (!deleting) return;
    const id = deleting.id;
    setDeleteBusy(true);
    let ok = false;
    try {
      const result = (
        await deleteOffer({
          variables: { id },
          update: (cache, { data: answer }) => {
            if (answer?.deleteOffer.__typename !== "DeleteOfferPayload") return;
            cache.modify({
              fields: {
                offers: (existing, { readField }) => {
                  const connection = existing as { edges?: { node: unknown }[] };
                  if (!connection?.edges) return existing;
                  return {
                    ...connection,
                    edges: connection.edges.filter((e) => readField("id", e.node as never) !== id),
                  };
                },
                myOffers: (existing, { readField }) =>
                  Array.isArray(existing)
                    ? existing.filter((m: { offer?: unknown }) => readField("id", m.offer as never) !== id)
                    : existing,
              },
            });
            cache.evict({ id: cache.identify({ __typename: "Offer", id }) });
            cache.gc();
          },
        })
      ).data?.deleteOffer;
      ok = result?.__typename === "DeleteOfferPayload";
    } catch {
      ok = false;
    }
    setDeleteBusy(false);
    setDeleting(null);
    if (ok) {
      toast({ title: T.deletedTitle, description: T.deletedText });
      refreshStats();
    } else {
      toast({ title: T.errorTitle, description: T.deleteFailed, variant: "destructive" });
    }
  };

  return {
    requireSignIn,
    isOwn,
    like,
    contact,
    report,
    openAuthor,
    authorNeedsUpgrade,
    confirmDelete,
    deleting,
    setDeleting,
    deleteBusy,
    upgrade,
    setUpgrade,
    reporting,
    setReporting,
    author,
    setAuthor,
    invitation,
    setInvitation,
  };
}
