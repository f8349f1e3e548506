import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useApolloClient, useQuery, useSubscription } from "@apollo/client/react";
import { OFFER_TYPES, POST_TYPES } from "@clube-coroa/schema";
import type { BoardOfferFieldsFragment } from "../../gql/graphql";
import { takeMemberRefresh } from "../../lib/firstScreenData";
import { releaseEarlyTaps } from "../../lib/earlyTaps";
import { BOARD_FIRST_PAGE } from "./firstPage";
import { BOARD_PAGE_SIZE, LIVE_REFETCH_DEBOUNCE_MS, NO_FILTERS, filterVariables, mergeFreshFirstPage, searchVariable, type BoardFilters } from "./boardModel";
import { prefetchedJustNow, takeMemberFirstPage } from "./boardState";
import { CommunityStatsDocument } from "../../lib/communityStats";
import { BoardOfferDocument, BoardOffersDocument, OffersChangedDocument } from "./documents";

export type OfferNode = BoardOfferFieldsFragment;

/** Drops what the board cannot show (spec part 1 section 3): no id, title or description, or an unknown kind. */
export const isShowable = (o: OfferNode | null | undefined): o is OfferNode =>
  !!o &&
  Number.isInteger(o.id) &&
  !!o.title &&
  !!o.description &&
  (POST_TYPES as readonly string[]).includes(o.postType) &&
  (OFFER_TYPES as readonly string[]).includes(o.type);

/**
 * The board's list: the filters, the first page (the one the server drew, then hers as a member),
 * cursor paging, refreshes after her own changes, and live changes of others. `live` says the
 * board is React's and shows her own cards: the taps the page kept before are made then.
 */
export function useBoardOffers({ signedIn, sessionLoading, hydrated }: { signedIn: boolean; sessionLoading: boolean; hydrated: boolean }) {
  const client = useApolloClient();
  const [filters, setFilters] = useState<BoardFilters>(NO_FILTERS);
  // The words searched (issue 28), already debounced by the search box; "" shows the board as it is.
  const [search, setSearch] = useState("");
  const [loadingMore, setLoadingMore] = useState(false);

  const filter = filterVariables(filters);
  const q = searchVariable(search);
  // Without words the variables are the first page's exactly (the answer drawn with the page).
  const listVariables = (f: typeof filter) => ({ filter: f, first: BOARD_PAGE_SIZE, ...(q ? { q } : {}) });
  // Cards the page came with count as just asked for: the first render draws them as the server did.
  const [justAsked] = useState(prefetchedJustNow);
  const { data, loading, error, refetch, fetchMore, updateQuery } = useQuery(BoardOffersDocument, {
    variables: listVariables(filter),
    fetchPolicy: justAsked ? "cache-first" : "cache-and-network",
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
    const early = takeMemberFirstPage();
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
  const live = hydrated && !sessionLoading && (!signedIn || mineSettled);
  useEffect(() => {
    if (live) releaseEarlyTaps();
  }, [live]);

  const offers = useMemo(() => (data?.offers.edges ?? []).map((e) => e.node).filter(isShowable), [data]);
  const offersRef = useRef(offers);
  offersRef.current = offers;
  const pageInfo = data?.offers.pageInfo;

  // ---- refresh: after our own changes and live changes of others, debounced ------------------
  // A refresh never drops the cards she has loaded (issue 24: after 'Salvar Alterações' the board fell
  // from 36 cards to 12): an edited card changes in place in the cache, a deleted one leaves the
  // lists, and a new one comes with a fresh first page laid over the cards she had loaded.
  const filterKey = JSON.stringify(listVariables(filter));
  const filterKeyRef = useRef(filterKey);
  filterKeyRef.current = filterKey;
  const refreshStats = useCallback(() => {
    client.refetchQueries({ include: [CommunityStatsDocument] }).catch(() => undefined);
  }, [client]);
  const refreshFirstPage = useCallback(async () => {
    const asked = filterKeyRef.current;
    const variables = JSON.parse(asked) as ReturnType<typeof listVariables>;
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
        if (!answer?.offer || answer.offer.hidden || answer.offer.underReview) dropFromLists(id);
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

  return {
    filters,
    setFilters,
    search,
    setSearch,
    q,
    setFilter,
    filter,
    data,
    loading,
    error,
    refetch,
    offers,
    pageInfo,
    live,
    loadingMore,
    loadMore,
    refreshNow,
    refreshStats,
    dropFromLists,
  };
}
