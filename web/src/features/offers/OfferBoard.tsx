import { useState } from "react";
import { useSearchParams } from "react-router-dom";
import { useSession } from "../session";
import { useHydrated } from "../../lib/prerendered";
import { earlyTap } from "../../lib/earlyTaps";
import { Button } from "../../components/Button";
import { BoardEmptyState, BoardRetryCard, OfferBoardSkeleton, OfferGrid } from "./BoardStates";
import { BoardFilters } from "./BoardFilters";
import { BoardSearch, SearchEmptyState } from "./BoardSearch";
import { BoardTabs } from "./BoardTabs";
import { NO_FILTERS, boardErrorMessage, hasFilters } from "./boardModel";
import { BOARD_TEXTS } from "./boardTexts";
import { displayNameOf, OfferCard, type BoardOffer } from "./OfferCard";
import { loadBlockDialog, loadMuteDialog, type BlockTarget } from "../safety";
import { Board, Fab, JustPublished, Lead, More, Plus, Results, SearchNote, SearchRow } from "./OfferBoard.styles";
import { useBoardOffers } from "./useBoardOffers";
import { useOfferActions } from "./useOfferActions";
import { formInitialOf, useOfferPublishing } from "./useOfferPublishing";
import { lazyWhenOpen } from "../../lib/lazyComponent";

// The first load imports this module's prefetch from here (app/pages.ts); its state lives in boardState.ts.
export { prefetchBoard } from "./boardState";

// The board's dialogs are fetched when first opened: the first screen carries none of them.
const OfferFormDialog = lazyWhenOpen(() => import("./OfferFormDialog").then((m) => m.OfferFormDialog), (p) => p.open);
const ConfirmDialog = lazyWhenOpen(() => import("../../components/ConfirmDialog").then((m) => m.ConfirmDialog), (p) => p.open);
const PlanLimitDialog = lazyWhenOpen(() => import("./PlanDialogs").then((m) => m.PlanLimitDialog), (p) => p.limit !== null);
const UpgradePromptDialog = lazyWhenOpen(() => import("./PlanDialogs").then((m) => m.UpgradePromptDialog), (p) => p.prompt !== null);
const SignInInviteDialog = lazyWhenOpen(() => import("./PlanDialogs").then((m) => m.SignInInviteDialog), (p) => p.invitation !== null);
const ReportDialog = lazyWhenOpen(() => import("./ReportDialog").then((m) => m.ReportDialog), (p) => p.target !== null);
const BlockDialog = lazyWhenOpen(loadBlockDialog, (p) => p.target !== null);
const MuteDialog = lazyWhenOpen(loadMuteDialog, (p) => p.target !== null);
// 'Minhas Publicações' is fetched when she first opens it (the first load is unchanged).
const MyOffersPanel = lazyWhenOpen(() => import("./MyOffersPanel").then((m) => m.MyOffersPanel), (p) => p.open);
const AuthorProfileDialog = lazyWhenOpen(() => import("./AuthorProfileDialog").then((m) => m.AuthorProfileDialog), (p) => p.author !== null);

const T = BOARD_TEXTS;

/**
 * The Mural de Parcerias: filters and hub tabs, the offers with cursor paging, likes, the proposal
 * dialog, the owner's edit and delete, contact, plan dialogs, and live updates. The list lives in
 * useBoardOffers, the card actions in useOfferActions, publishing in useOfferPublishing.
 *
 * The server draws it as a disabled fieldset: without JavaScript its buttons say they do
 * nothing. The page's early-tap script enables it as soon as it is parsed (`data-early-board`), and
 * until the app has taken the cards over, a tap on a card's button, a kind tab, 'Filtrar' or 'Ver
 * mais' is kept by the page and made once the board is live (`data-live`; lib/earlyTaps.ts). The
 * filters' selects stay disabled until then.
 */
export function OfferBoard() {
  const { status, user } = useSession();
  // False while the page the server drew is being taken over (and on the server): nothing works yet.
  const hydrated = useHydrated();
  const signedIn = status === "authenticated" && !!user;
  const [filtersOpen, setFiltersOpen] = useState(false);
  // 'Minhas Publicações' in place of the board (issue 24).
  const [mineOpen, setMineOpen] = useState(false);

  const board = useBoardOffers({ signedIn, sessionLoading: status === "loading", hydrated });
  const { filters, data, loading, error, offers, pageInfo, live, loadingMore } = board;
  const actions = useOfferActions({ signedIn, user, offers, refreshStats: board.refreshStats });
  const { like, contact, report, openAuthor, isOwn, setDeleting } = actions;
  // 'Bloquear' from a card's menu, asked once more (issue 27); her board is read again once it holds.
  const [blocking, setBlocking] = useState<BlockTarget | null>(null);
  const askToBlock = (offer: BoardOffer) => {
    if (offer.userId) setBlocking({ userId: offer.userId, name: displayNameOf(offer) });
  };
  // 'Silenciar' from the same places (her cards stay on the board).
  const [muting, setMuting] = useState<BlockTarget | null>(null);
  const askToMute = (offer: BoardOffer) => {
    if (offer.userId) setMuting({ userId: offer.userId, name: displayNameOf(offer) });
  };
  const publishing = useOfferPublishing({
    signedIn,
    filter: board.filter,
    requireSignIn: actions.requireSignIn,
    dropFromLists: board.dropFromLists,
    refreshStats: board.refreshStats,
  });
  const { openCreate, openEdit, editing } = publishing;

  // Clearing the words goes through the address, which the search box follows.
  const [, setParams] = useSearchParams();
  const clearSearch = () =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete("q");
        return next;
      },
      { replace: true, state: { keepScroll: true } },
    );
  const searching = board.q;
  const filtered = hasFilters(filters);
  const pinned = filtered || searching ? null : publishing.justPublished;
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
              onBlock={own || !signedIn ? undefined : askToBlock}
              onMute={own || !signedIn ? undefined : askToMute}
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
    results = <BoardRetryCard message={boardErrorMessage(error)} onRetry={() => board.refetch().catch(() => undefined)} retrying={loading} />;
  } else if (data) {
    results = searching ? (
      <SearchEmptyState q={searching} onClear={clearSearch} onClearFilters={filtered ? () => board.setFilters(NO_FILTERS) : undefined} />
    ) : (
      <BoardEmptyState hasFilters={filtered} onCreate={openCreate} />
    );
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

      <BoardTabs
        type={filters.type}
        signedIn={signedIn}
        mineOpen={mineOpen}
        onType={(type) => {
          setMineOpen(false);
          board.setFilter("type", type);
        }}
        onToggleMine={() => setMineOpen((o) => !o)}
      />

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
          <SearchRow>
            <BoardSearch hydrated={hydrated} onSearch={board.setSearch} />
            <BoardFilters
              filters={filters}
              hydrated={hydrated}
              open={filtersOpen}
              onToggle={() => setFiltersOpen((o) => !o)}
              onFilter={board.setFilter}
              onClear={() => board.setFilters(NO_FILTERS)}
            />
          </SearchRow>

          {pinned && (
            <JustPublished ref={publishing.justPublishedRef} tabIndex={-1} aria-labelledby={publishing.justPublishedTitle}>
              <h3 id={publishing.justPublishedTitle}>{T.justPublished}</h3>
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

          {searching && offers.length > 0 && <SearchNote>{T.search.results(searching)}</SearchNote>}

          <Results $busy={!!data && loading && !loadingMore} aria-busy={loading}>
            {results}
          </Results>

          {offers.length > 0 && pageInfo?.hasNextPage && (
            <More>
              <Button $variant="outline" $size="lg" {...earlyTap("more")} onClick={board.loadMore} disabled={loadingMore} aria-busy={loadingMore}>
                {loadingMore ? T.loadingMore : T.more}
              </Button>
            </More>
          )}
        </>
      )}

      <OfferFormDialog
        open={publishing.formOpen}
        onOpenChange={(open) => {
          publishing.setFormOpen(open);
          if (!open) publishing.setEditing(null);
        }}
        initial={editing ? formInitialOf(editing) : undefined}
        onSubmit={publishing.submit}
        onImprove={publishing.improve}
        onDone={() => {
          board.refreshNow();
          publishing.setRevealPublished((n) => n + 1);
        }}
        author={user ? { userNickname: user.nickname, userFullName: user.fullName, userPlan: user.plan } : undefined}
        plan={user?.plan}
        draftOwner={user?.id}
      />

      <ConfirmDialog
        open={!!actions.deleting}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={T.deleteTitle}
        text={actions.deleting ? T.deleteText(actions.deleting.title) : ""}
        confirmLabel={T.deleteConfirm}
        busyLabel={T.deleting}
        cancelLabel={T.cancel}
        busy={actions.deleteBusy}
        onConfirm={actions.confirmDelete}
      />

      <PlanLimitDialog limit={publishing.planLimit} onClose={() => publishing.setPlanLimit(null)} />
      <UpgradePromptDialog prompt={actions.upgrade} onClose={() => actions.setUpgrade(null)} />
      <ReportDialog target={actions.reporting} onClose={() => actions.setReporting(null)} onBlocked={() => board.refreshNow()} />
      <BlockDialog target={blocking} onClose={() => setBlocking(null)} onBlocked={() => board.refreshNow()} />
      <MuteDialog target={muting} onClose={() => setMuting(null)} />
      <AuthorProfileDialog
        author={actions.author}
        onClose={() => actions.setAuthor(null)}
        onUpgradeRequired={actions.authorNeedsUpgrade}
        onBlock={
          actions.author && actions.author.id !== user?.id
            ? (author) => {
              actions.setAuthor(null);
              setBlocking({ userId: author.id, name: author.name });
            }
            : undefined
        }
        onMute={
          actions.author && actions.author.id !== user?.id
            ? (author) => {
              actions.setAuthor(null);
              setMuting({ userId: author.id, name: author.name });
            }
            : undefined
        }
        onReport={
          actions.author && user && actions.author.id !== user.id
            ? (author) => {
              actions.setAuthor(null);
              actions.setReporting({ kind: "member", userId: author.id, name: author.name });
            }
            : undefined
        }
      />
      <SignInInviteDialog invitation={actions.invitation} onClose={() => actions.setInvitation(null)} />
    </Board>
  );
}
