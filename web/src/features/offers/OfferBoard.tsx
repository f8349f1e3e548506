import { useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import type { ApolloClient } from "@apollo/client";
import { useApolloClient, useFragment, useMutation, useQuery, useSubscription } from "@apollo/client/react";
import { useNavigate } from "react-router-dom";
import styled, { css } from "styled-components";
import { OFFER_TYPES, POST_TYPES, type OfferInput, type PlanName } from "@clube-coroa/schema";
import { Button } from "../../components/Button";
import { Select } from "../../components/Field";
import { useToast } from "../../components/Toast";
import type { BoardOfferFieldsFragment, BoardOffersQuery } from "../../gql/graphql";
import { useSession } from "../session/SessionProvider";
import { firstScreenDataAt, takeMemberRefresh } from "../../lib/firstScreenData";
import { useHydrated } from "../../lib/prerendered";
import { earlyTap, releaseEarlyTaps } from "../../lib/earlyTaps";
import { BOARD_FIRST_PAGE, hasFirstPage } from "./firstPage";
import { BoardEmptyState, BoardRetryCard, OfferBoardSkeleton, OfferGrid } from "./BoardStates";
import {
  ALL,
  BOARD_PAGE_SIZE,
  CATEGORY_CHOICES,
  LIVE_REFETCH_DEBOUNCE_MS,
  NO_FILTERS,
  STATE_OPTIONS,
  boardErrorMessage,
  contactNeedsUpgrade,
  filterVariables,
  hasFilters,
  mergeFreshFirstPage,
  nextPlan,
  viewProfileNeedsUpgrade,
  type BoardFilters,
} from "./boardModel";
import { BOARD_TEXTS } from "./boardTexts";
import {
  BoardOfferFieldsFragment as BoardOfferFieldsDocument,
  BoardOfferDocument,
  BoardOffersDocument,
  CommunityStatsDocument,
  CreateOfferDocument,
  DeleteOfferDocument,
  ImproveOfferTextDocument,
  OffersChangedDocument,
  StartConversationDocument,
  ToggleLikeDocument,
  UpdateOfferDocument,
} from "./documents";
import type { AuthorRef } from "./AuthorProfileDialog";
import { displayNameOf, OfferCard, type BoardOffer } from "./OfferCard";
import { onOfferDialogRequest, takeOfferDialogRequest } from "./offerDialogSignal";
import { OFFER_TEXTS } from "./offerTexts";
import type { PlanLimit, SignInInvitation, UpgradePrompt } from "./PlanDialogs";
import type { InviteAction } from "./inviteTexts";
import type { ReportTarget } from "./ReportDialog";
import { lazyWhenOpen } from "../../lib/lazyComponent";

// The board's dialogs are fetched when first opened: the first screen carries none of them.
const OfferFormDialog = lazyWhenOpen(() => import("./OfferFormDialog").then((m) => m.OfferFormDialog), (p) => p.open);
const ConfirmDialog = lazyWhenOpen(() => import("../../components/ConfirmDialog").then((m) => m.ConfirmDialog), (p) => p.open);
const PlanLimitDialog = lazyWhenOpen(() => import("./PlanDialogs").then((m) => m.PlanLimitDialog), (p) => p.limit !== null);
const UpgradePromptDialog = lazyWhenOpen(() => import("./PlanDialogs").then((m) => m.UpgradePromptDialog), (p) => p.prompt !== null);
const SignInInviteDialog = lazyWhenOpen(() => import("./PlanDialogs").then((m) => m.SignInInviteDialog), (p) => p.invitation !== null);
const ReportDialog = lazyWhenOpen(() => import("./ReportDialog").then((m) => m.ReportDialog), (p) => p.target !== null);
// 'Minhas Publicações' is fetched when she first opens it (the first load is unchanged).
const MyOffersPanel = lazyWhenOpen(() => import("./MyOffersPanel").then((m) => m.MyOffersPanel), (p) => p.open);
const AuthorProfileDialog = lazyWhenOpen(() => import("./AuthorProfileDialog").then((m) => m.AuthorProfileDialog), (p) => p.author !== null);

const T = BOARD_TEXTS;

/**
 * The board. The server draws it as a disabled fieldset: without JavaScript its buttons say they do
 * nothing. The page's early-tap script enables it as soon as it is parsed (`data-early-board`), and
 * until the app has taken the cards over, a tap on a card's button, a kind tab, 'Filtrar' or 'Ver
 * mais' is kept by the page and made once the board is live (`data-live`; lib/earlyTaps.ts). The
 * filters' selects stay disabled until then.
 */
const Board = styled.fieldset<{ $fabSpace: boolean }>`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  min-width: 0;
  margin: 0;
  padding: 0;
  border: 0;
  /* Room under the last card (or 'Ver mais') for the floating '+ Publicar', so it covers no button
     when she reaches the end of the board (issue 24): its height, its margin and a little air. */
  ${({ $fabSpace, theme }) =>
    $fabSpace &&
    css`
      padding-bottom: calc(56px + ${theme.space.md} + ${theme.space.xs} + env(safe-area-inset-bottom, 0px));
      ${theme.media.md} {
        padding-bottom: calc(56px + ${theme.space.xl} + ${theme.space.xs});
      }
    `}
`;

/**
 * The board's lead. On a member's phone it gives way, as her compact hero's intro does, so that her
 * first card stays within her first screen below the kinds and 'Minhas Publicações' (issue 24).
 */
const Lead = styled.p<{ $member: boolean }>`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.lg};
  max-width: 640px;
  margin-top: -${({ theme }) => theme.space.sm};
  ${({ theme, $member }) => $member && `display: none; ${theme.media.md} { display: block; }`}
`;

const Tabs = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space.xs};
  overflow-x: auto;
  padding: 2px 2px ${({ theme }) => theme.space.xxs};
  margin: 0 -2px;
  scrollbar-width: none;
  &::-webkit-scrollbar { display: none; }
`;

const TabRows = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xs};
  & > * { min-width: 0; }
  & > :first-child { flex: 1 1 auto; }
`;

const Tab = styled.button`
  flex: 1 0 auto;
  min-height: ${({ theme }) => theme.tapTarget};
  padding: 0 ${({ theme }) => theme.space.sm};
  ${({ theme }) => theme.media.md} {
    flex: none;
    padding: 0 ${({ theme }) => theme.space.lg};
  }
  border: 2px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.brand};
  font-weight: ${({ theme }) => theme.fontWeights.heavy};
  cursor: pointer;
  transition: background-color 0.15s ease, color 0.15s ease, border-color 0.15s ease;
  &:hover { border-color: ${({ theme }) => theme.colors.brand}; }
  &[aria-pressed="true"] {
    background: ${({ theme }) => theme.colors.brand};
    border-color: ${({ theme }) => theme.colors.brand};
    color: #fff;
    box-shadow: ${({ theme }) => theme.shadows.md};
  }
`;

const FilterToggle = styled.button`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm};
  width: 100%;
  min-height: 48px;
  padding: 0 ${({ theme }) => theme.space.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.brand};
  font-weight: ${({ theme }) => theme.fontWeights.heavy};
  box-shadow: ${({ theme }) => theme.shadows.sm};
  cursor: pointer;
  &::after {
    content: "";
    width: 8px;
    height: 8px;
    border-right: 2px solid currentColor;
    border-bottom: 2px solid currentColor;
    transform: rotate(45deg) translateY(-2px);
    transition: transform 0.15s ease;
  }
  &[aria-expanded="true"]::after { transform: rotate(-135deg) translateY(-2px); }
  ${({ theme }) => theme.media.md} {
    display: none;
  }
`;

const Count = styled.span`
  margin-left: ${({ theme }) => theme.space.xs};
  padding: 0.1em 0.55em;
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.gold};
  color: ${({ theme }) => theme.colors.brandDark};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const ToggleText = styled.span`
  margin-right: auto;
`;

const Filters = styled.div`
  @media (max-width: 767.98px) {
    &[data-open="false"] { display: none; }
  }
  display: grid;
  grid-template-columns: 1fr;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.md};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  box-shadow: ${({ theme }) => theme.shadows.sm};
  ${({ theme }) => theme.media.md} {
    grid-template-columns: repeat(3, minmax(0, 1fr));
    gap: ${({ theme }) => theme.space.md};
    padding: ${({ theme }) => theme.space.lg};
  }
`;

const ClearRow = styled.div`
  grid-column: 1 / -1;
  display: flex;
  justify-content: flex-end;
`;

const More = styled.div`
  display: flex;
  justify-content: center;
  padding-top: ${({ theme }) => theme.space.sm};
`;

const Fab = styled.button`
  position: fixed;
  right: ${({ theme }) => theme.space.md};
  bottom: calc(${({ theme }) => theme.space.md} + env(safe-area-inset-bottom, 0px));
  z-index: 30;
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
  height: 56px;
  min-width: 56px;
  padding: 0 ${({ theme }) => theme.space.lg} 0 ${({ theme }) => theme.space.md};
  border: 2px solid ${({ theme }) => theme.colors.gold};
  border-radius: ${({ theme }) => theme.radii.pill};
  background: linear-gradient(135deg, ${({ theme }) => theme.colors.brand}, ${({ theme }) => theme.colors.brandDark});
  color: #fff;
  font-family: ${({ theme }) => theme.fonts.body};
  font-size: ${({ theme }) => theme.fontSizes.lg};
  font-weight: ${({ theme }) => theme.fontWeights.heavy};
  box-shadow: ${({ theme }) => theme.shadows.lg};
  cursor: pointer;
  transition: transform 0.15s ease, box-shadow 0.15s ease;
  &:hover { transform: translateY(-2px); }
  &:active { transform: translateY(0); }
  ${({ theme }) => theme.media.md} {
    right: ${({ theme }) => theme.space.xl};
    bottom: ${({ theme }) => theme.space.xl};
  }
`;

const Plus = styled.span`
  display: grid;
  place-items: center;
  width: 32px;
  height: 32px;
  border-radius: 50%;
  background: ${({ theme }) => theme.colors.gold};
  color: ${({ theme }) => theme.colors.brandDark};
  font-size: 1.5rem;
  line-height: 1;
`;

const visuallyBusy = css`
  opacity: 0.6;
  transition: opacity 0.2s ease;
`;

/** Her offer just published, above the board for her (issue 15: on the board it may sit pages down). */
const JustPublished = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
  padding: ${({ theme }) => theme.space.md};
  border: 2px solid ${({ theme }) => theme.colors.gold};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.brandSoft};
  scroll-margin: 96px;
  &:focus { outline: none; }
  &:focus-visible { outline: 3px solid ${({ theme }) => theme.colors.brand}; outline-offset: 2px; }
  h3 { font-size: ${({ theme }) => theme.fontSizes.lg}; }
  p { color: ${({ theme }) => theme.colors.textMuted}; font-size: ${({ theme }) => theme.fontSizes.sm}; }
  & > article { max-width: 560px; width: 100%; }
`;

const Results = styled.div<{ $busy: boolean }>`
  ${({ $busy }) => $busy && visuallyBusy}
`;

type OfferNode = BoardOfferFieldsFragment;

/** Drops what the board cannot show (spec part 1 section 3): no id, title or description, or an unknown kind. */
const isShowable = (o: OfferNode | null | undefined): o is OfferNode =>
  !!o &&
  Number.isInteger(o.id) &&
  !!o.title &&
  !!o.description &&
  (POST_TYPES as readonly string[]).includes(o.postType) &&
  (OFFER_TYPES as readonly string[]).includes(o.type);

const formInitialOf = (o: BoardOffer): Partial<OfferInput> => ({
  postType: o.postType,
  title: o.title,
  description: o.description,
  type: o.type,
  categories: [...o.categories] as OfferInput["categories"],
  isUrgent: o.isUrgent,
});

/**
 * The Mural de Parcerias: filters and hub tabs, the offers with cursor paging, likes, the proposal
 * dialog, the owner's edit and delete, contact, plan dialogs, and live updates.
 */
/** The <option>s of a filter's choices. */
const optionsOf = (choices: readonly { value: string; label: string }[]) =>
  choices.map((o) => (
    <option key={o.value} value={o.value}>
      {o.label}
    </option>
  ));

/**
 * Asks for the board's first page while the session is still being read (the home page's frame),
 * so the cards are in the cache when the board mounts (issue 14: the first card on a slow phone).
 * The request carries her cookie, so a member gets her own answer. A board mounting right after
 * uses that answer without asking again (one request and one drawing fewer on a slow phone); later
 * mounts, filters and live changes ask the server as before. When the page came with a visitor's
 * answer, a visitor uses it as it is and a member (`member`: a session is stored) asks for hers.
 */
export function prefetchBoard(client: ApolloClient, { member = false }: { member?: boolean } = {}): Promise<unknown> {
  const refresh = member && takeMemberRefresh();
  if (refresh) {
    // Her own answer (her likes, the photos members see) is asked for now but kept out of the cache
    // until React has taken over the page the server drew for a visitor: React's first render must
    // draw that page as it is, or it throws the board away and draws it again (OfferBoard puts it in).
    memberFirstPage = client
      .query({ ...BOARD_FIRST_PAGE, fetchPolicy: "no-cache" })
      .then((answer) => answer.data, () => undefined);
    return memberFirstPage;
  }
  // Already in hand (sent with the page): reading it through a query again would only cost a slow
  // phone a long task.
  if (hasFirstPage(client)) {
    prefetchedAt = Date.now();
    return Promise.resolve();
  }
  return client
    .query({ ...BOARD_FIRST_PAGE, fetchPolicy: "cache-first" })
    .then((answer) => {
      prefetchedAt = Date.now();
      return answer;
    })
    .catch(() => undefined);
}

/** A member's own first page, asked for by prefetchBoard before React started, not yet in the cache. */
let memberFirstPage: Promise<BoardOffersQuery | undefined> | null = null;

/** When prefetchBoard's answer arrived: a board mounting within PREFETCH_FRESH_MS uses it as it is. */
let prefetchedAt = Number.NEGATIVE_INFINITY;
const PREFETCH_FRESH_MS = 10_000;

export function OfferBoard() {
  const { status, user } = useSession();
  // False while the page the server drew is being taken over (and on the server): nothing works yet.
  const hydrated = useHydrated();
  const signedIn = status === "authenticated" && !!user;
  const navigate = useNavigate();
  const client = useApolloClient();
  const { toast } = useToast();

  const [filters, setFilters] = useState<BoardFilters>(NO_FILTERS);
  const [filtersOpen, setFiltersOpen] = useState(false);
  // 'Minhas Publicações' in place of the board (issue 24).
  const [mineOpen, setMineOpen] = useState(false);
  const filtersId = useId();
  const [loadingMore, setLoadingMore] = useState(false);
  const [formOpen, setFormOpen] = useState(false);
  const [editing, setEditing] = useState<BoardOffer | null>(null);
  const [deleting, setDeleting] = useState<BoardOffer | null>(null);
  const [deleteBusy, setDeleteBusy] = useState(false);
  const [planLimit, setPlanLimit] = useState<PlanLimit | null>(null);
  const [upgrade, setUpgrade] = useState<UpgradePrompt | null>(null);
  const [reporting, setReporting] = useState<ReportTarget | null>(null);
  const [author, setAuthor] = useState<AuthorRef | null>(null);
  const [invitation, setInvitation] = useState<SignInInvitation | null>(null);

  const filter = filterVariables(filters);
  // Cards the page came with count as just asked for: the first render draws them as the server did.
  const [prefetchedJustNow] = useState(() => Date.now() - Math.max(prefetchedAt, firstScreenDataAt()) < PREFETCH_FRESH_MS);
  const { data, loading, error, refetch, fetchMore, updateQuery } = useQuery(BoardOffersDocument, {
    variables: { filter, first: BOARD_PAGE_SIZE },
    fetchPolicy: prefetchedJustNow ? "cache-first" : "cache-and-network",
    nextFetchPolicy: "cache-and-network",
    initialFetchPolicy: "cache-and-network",
    notifyOnNetworkStatusChange: true,
  });

  // The page came with a visitor's cards. A member with a stored session asked for hers before React
  // started: now that the drawn page is React's, her answer goes into the cache. A member known only
  // now (no stored session) asks for hers. Her cards are hers (`mineSettled`) once that answer is in,
  // or has failed.
  const [mineSettled, setMineSettled] = useState(false);
  useEffect(() => {
    if (!signedIn) return;
    const early = memberFirstPage;
    memberFirstPage = null;
    const settled = () => setMineSettled(true);
    if (early) {
      void early.then((answer) => {
        if (answer) {
          client.writeQuery({ ...BOARD_FIRST_PAGE, data: answer });
          settled();
        } else refetch().catch(() => undefined).finally(settled);
      });
    } else if (takeMemberRefresh()) refetch().catch(() => undefined).finally(settled);
    else settled();
  }, [signedIn, refetch, client]);

  // Live: the drawn page is React's, who she is is known, and a member's cards show her own likes.
  // Then the taps the page kept before are made, once each (lib/earlyTaps.ts).
  const live = hydrated && status !== "loading" && (!signedIn || mineSettled);
  useEffect(() => {
    if (live) releaseEarlyTaps();
  }, [live]);

  const [toggleLike] = useMutation(ToggleLikeDocument);
  const [createOffer] = useMutation(CreateOfferDocument);
  const [updateOffer] = useMutation(UpdateOfferDocument);
  const [deleteOffer] = useMutation(DeleteOfferDocument);
  const [improveOfferText] = useMutation(ImproveOfferTextDocument);
  const [startConversation] = useMutation(StartConversationDocument);
  const [contacting, setContacting] = useState<number | null>(null);

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

  const offers = useMemo(() => (data?.offers.edges ?? []).map((e) => e.node).filter(isShowable), [data]);
  const offersRef = useRef(offers);
  offersRef.current = offers;
  const pageInfo = data?.offers.pageInfo;

  // ---- refresh: after our own changes and live changes of others, debounced ------------------
  // A refresh never drops the cards she has loaded (issue 24: after 'Salvar Alterações' the board fell
  // from 36 cards to 12): an edited card changes in place in the cache, a deleted one leaves the
  // lists, and a new one comes with a fresh first page laid over the cards she had loaded.
  const filterKey = JSON.stringify(filter ?? null);
  const filterKeyRef = useRef(filterKey);
  filterKeyRef.current = filterKey;
  const refreshStats = useCallback(() => {
    client.refetchQueries({ include: [CommunityStatsDocument] }).catch(() => undefined);
  }, [client]);
  const refreshFirstPage = useCallback(async () => {
    const asked = filterKeyRef.current;
    const variables = { filter: asked === "null" ? undefined : (JSON.parse(asked) as typeof filter), first: BOARD_PAGE_SIZE };
    try {
      const fresh = (await client.query({ query: BoardOffersDocument, variables, fetchPolicy: "no-cache" })).data;
      // She changed the filters meanwhile: that answer is for a list she no longer sees.
      if (!fresh || filterKeyRef.current !== asked) return;
      updateQuery((_, previous) => (previous.complete ? { offers: mergeFreshFirstPage(previous.previousData.offers, fresh.offers) } : fresh));
    } catch {
      // The cards she has stay; the next change or a reload asks again.
    }
  }, [client, updateQuery]);
  const refreshTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const refreshNow = useCallback(() => {
    clearTimeout(refreshTimer.current);
    void refreshFirstPage();
    refreshStats();
    // By name: 'Minhas Publicações' (when open) asks again; its document stays in its own chunk.
    client.refetchQueries({ include: ["MyOffers"] }).catch(() => undefined);
  }, [client, refreshFirstPage, refreshStats]);
  const refreshSoon = useCallback(() => {
    clearTimeout(refreshTimer.current);
    refreshTimer.current = setTimeout(refreshNow, LIVE_REFETCH_DEBOUNCE_MS);
  }, [refreshNow]);
  useEffect(() => () => clearTimeout(refreshTimer.current), []);

  /** Takes an offer out of every list of the board in the cache (deleted, or no longer shown). */
  const dropFromLists = useCallback(
    (id: number) => {
      client.cache.modify({
        fields: {
          offers: (existing, { readField }) => {
            const connection = existing as { edges?: { node: unknown }[] };
            if (!connection?.edges) return existing;
            return { ...connection, edges: connection.edges.filter((e) => readField("id", e.node as never) !== id) };
          },
        },
      });
    },
    [client],
  );

  /** Another member edited a card she may have loaded: only that card is asked for again. */
  const refreshOffer = useCallback(
    async (id: number) => {
      if (!offersRef.current.some((o) => o.id === id)) {
        // Not among her cards: it may now belong to this list (another kind, back from hiding).
        refreshSoon();
        return;
      }
      try {
        const answer = (await client.query({ query: BoardOfferDocument, variables: { id }, fetchPolicy: "network-only" })).data;
        if (!answer?.offer || answer.offer.hidden) dropFromLists(id);
      } catch {
        refreshSoon();
      }
    },
    [client, dropFromLists, refreshSoon],
  );

  useSubscription(OffersChangedDocument, {
    onData: ({ client: c, data: change }) => {
      const event = change.data?.offersChanged;
      if (!event) return;
      if (event.kind === "liked") {
        const total = event.totalLikes;
        if (typeof total === "number" && event.offerId != null) {
          c.cache.modify({ id: c.cache.identify({ __typename: "Offer", id: event.offerId }), fields: { likes: () => total } });
        }
        return;
      }
      if (event.kind === "updated" && event.offerId != null) {
        void refreshOffer(event.offerId);
        clearTimeout(statsTimer.current);
        statsTimer.current = setTimeout(refreshStats, LIVE_REFETCH_DEBOUNCE_MS);
        return;
      }
      if (event.kind === "deleted" && event.offerId != null) {
        dropFromLists(event.offerId);
        clearTimeout(statsTimer.current);
        statsTimer.current = setTimeout(refreshStats, LIVE_REFETCH_DEBOUNCE_MS);
        return;
      }
      refreshSoon();
    },
  });
  const statsTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(statsTimer.current), []);

  // ---- guards -----------------------------------------------------------------------------------
  /** A visitor is invited to sign in (and comes back to the card), never told off (issue 24). */
  const requireSignIn = (action: InviteAction, offerId?: number): boolean => {
    if (!signedIn) setInvitation({ action, offerId });
    return signedIn;
  };
  const isOwn = (o: BoardOffer & { isOwn?: boolean }) => !!o.isOwn || (!!user && o.userId === user.id);

  // ---- filters ----------------------------------------------------------------------------------
  const setFilter = (key: keyof BoardFilters, value: string) => setFilters((f) => ({ ...f, [key]: value }));

  const loadMore = async () => {
    if (!pageInfo?.endCursor || loadingMore) return;
    setLoadingMore(true);
    try {
      await fetchMore({
        variables: { after: pageInfo.endCursor },
        updateQuery: (previous, { fetchMoreResult }) => {
          const seen = new Set(previous.offers.edges.map((e) => e.node.id));
          return {
            offers: {
              ...fetchMoreResult.offers,
              edges: [...previous.offers.edges, ...fetchMoreResult.offers.edges.filter((e) => !seen.has(e.node.id))],
            },
          };
        },
      });
    } catch {
      // The button stays; she can try again.
    } finally {
      setLoadingMore(false);
    }
  };

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

  // ---- render -----------------------------------------------------------------------------------
  const filtered = hasFilters(filters);
  const pinned = filtered ? null : justPublished;
  const activeFilters = [filters.state, filters.type, filters.category].filter((v) => v !== ALL).length;
  let results;
  if (offers.length > 0) {
    results = (
      <OfferGrid>
        {offers.filter((offer) => offer.id !== pinned?.id).map((offer) => {
          const own = isOwn(offer);
          return (
            <OfferCard
              key={offer.id}
              offer={offer}
              isOwner={own}
              onLike={like}
              onContact={contact}
              onEdit={own ? openEdit : undefined}
              onDelete={own ? setDeleting : undefined}
              onReport={own ? undefined : report}
              onOpenAuthor={openAuthor}
              earlyTaps
            />
          );
        })}
      </OfferGrid>
    );
  } else if (!data && loading) {
    results = <OfferBoardSkeleton />;
  } else if (!data && error) {
    results = <BoardRetryCard message={boardErrorMessage(error)} onRetry={() => refetch().catch(() => undefined)} retrying={loading} />;
  } else if (data) {
    results = <BoardEmptyState hasFilters={filtered} onCreate={openCreate} />;
  } else {
    results = <OfferBoardSkeleton />;
  }

  return (
    <Board disabled={!hydrated} data-early-board="" data-live={live || undefined} $fabSpace={signedIn}>
      <Lead $member={!!signedIn}>{T.lead}</Lead>

      {/* Floating, but early in the tab order: right after the lead, before the tabs and the cards
          (it was the 79th stop after twelve cards, issue 24). */}
      {signedIn && (
        <Fab type="button" onClick={openCreate}>
          <Plus aria-hidden="true">+</Plus>
          {T.publish}
        </Fab>
      )}

      <TabRows>
        <Tabs role="group" aria-label={T.filters.tabs}>
          {[ALL, ...OFFER_TYPES].map((type) => (
            <Tab
              key={type}
              type="button"
              {...earlyTap(`tab:${type}`)}
              aria-pressed={!mineOpen && filters.type === type}
              onClick={() => {
                setMineOpen(false);
                setFilter("type", type);
              }}
            >
              {type === ALL ? T.filters.tabAll : OFFER_TEXTS.kind[type as keyof typeof OFFER_TEXTS.kind]}
            </Tab>
          ))}
        </Tabs>
        {signedIn && (
          <Tabs role="group" aria-label={T.mine.group}>
            <Tab type="button" aria-pressed={mineOpen} onClick={() => setMineOpen((o) => !o)}>
              {T.mine.tab}
            </Tab>
          </Tabs>
        )}
      </TabRows>

      <MyOffersPanel
        open={signedIn && mineOpen}
        onLike={like}
        onContact={contact}
        onEdit={openEdit}
        onDelete={setDeleting}
        onCreate={openCreate}
      />

      {!(signedIn && mineOpen) && (
      <>
      <FilterToggle type="button" {...earlyTap("filters")} aria-expanded={filtersOpen} aria-controls={filtersId} onClick={() => setFiltersOpen((o) => !o)}>
        <ToggleText>
          {T.filters.toggle}
          {activeFilters > 0 && <Count aria-label={T.filters.active(activeFilters)}>{activeFilters}</Count>}
        </ToggleText>
      </FilterToggle>

      <Filters id={filtersId} role="search" aria-label={T.filters.label} data-open={filtersOpen}>
        <Select label={T.filters.state} disabled={!hydrated} value={filters.state} onChange={(e) => setFilter("state", e.target.value)}>
          {optionsOf(STATE_OPTIONS)}
        </Select>
        <Select label={T.filters.type} disabled={!hydrated} value={filters.type} onChange={(e) => setFilter("type", e.target.value)}>
          <option value={ALL}>{T.filters.allTypes}</option>
          {OFFER_TYPES.map((type) => (
            <option key={type} value={type}>
              {OFFER_TEXTS.kind[type]}
            </option>
          ))}
        </Select>
        <Select label={T.filters.category} disabled={!hydrated} value={filters.category} onChange={(e) => setFilter("category", e.target.value)}>
          <option value={CATEGORY_CHOICES.all.value}>{CATEGORY_CHOICES.all.label}</option>
          <optgroup label={T.filters.areas}>
            {optionsOf(CATEGORY_CHOICES.areas)}
          </optgroup>
          <optgroup label={T.filters.categories}>
            {optionsOf(CATEGORY_CHOICES.categories)}
          </optgroup>
        </Select>
        {filtered && (
          <ClearRow>
            <Button $variant="ghost" $size="sm" onClick={() => setFilters(NO_FILTERS)}>
              {T.filters.clear}
            </Button>
          </ClearRow>
        )}
      </Filters>

      {pinned && (
        <JustPublished ref={justPublishedRef} tabIndex={-1} aria-labelledby={justPublishedTitle}>
          <h3 id={justPublishedTitle}>{T.justPublished}</h3>
          <p>{T.justPublishedNote}</p>
          <OfferCard
            offer={pinned}
            isOwner
            onLike={like}
            onContact={contact}
            onEdit={openEdit}
            onDelete={setDeleting}
            onOpenAuthor={openAuthor}
          />
        </JustPublished>
      )}

      <Results $busy={!!data && loading && !loadingMore} aria-busy={loading}>
        {results}
      </Results>

      {offers.length > 0 && pageInfo?.hasNextPage && (
        <More>
          <Button $variant="outline" $size="lg" {...earlyTap("more")} onClick={loadMore} disabled={loadingMore} aria-busy={loadingMore}>
            {loadingMore ? T.loadingMore : T.more}
          </Button>
        </More>
      )}
      </>
      )}

      <OfferFormDialog
        open={formOpen}
        onOpenChange={(open) => {
          setFormOpen(open);
          if (!open) setEditing(null);
        }}
        initial={editing ? formInitialOf(editing) : undefined}
        onSubmit={submit}
        onImprove={improve}
        onDone={() => {
          refreshNow();
          setRevealPublished((n) => n + 1);
        }}
        author={user ? { userNickname: user.nickname, userFullName: user.fullName, userPlan: user.plan } : undefined}
        plan={user?.plan}
        draftOwner={user?.id}
      />

      <ConfirmDialog
        open={!!deleting}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={T.deleteTitle}
        text={deleting ? T.deleteText(deleting.title) : ""}
        confirmLabel={T.deleteConfirm}
        busyLabel={T.deleting}
        cancelLabel={T.cancel}
        busy={deleteBusy}
        onConfirm={confirmDelete}
      />

      <PlanLimitDialog limit={planLimit} onClose={() => setPlanLimit(null)} />
      <UpgradePromptDialog prompt={upgrade} onClose={() => setUpgrade(null)} />
      <ReportDialog target={reporting} onClose={() => setReporting(null)} />
      <AuthorProfileDialog author={author} onClose={() => setAuthor(null)} onUpgradeRequired={authorNeedsUpgrade} />
      <SignInInviteDialog invitation={invitation} onClose={() => setInvitation(null)} />
    </Board>
  );
}
