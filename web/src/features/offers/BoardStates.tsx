import styled from "styled-components";
import { Button } from "../../components/Button";
import { Crown } from "../../components/Crown";
import { Skeleton, Spinner } from "../../components/Spinner";
import { VisuallyHidden } from "../../components/VisuallyHidden";
import { OFFER_TEXTS } from "./offerTexts";

const T = OFFER_TEXTS.board;

const SkeletonCard = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.md};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-top: 4px solid ${({ theme }) => theme.colors.surfaceAlt};
  border-radius: ${({ theme }) => theme.radii.lg};
  min-height: 380px;
`;

const Row = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
`;

const Column = styled.div`
  flex: 1;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
`;

/** A grey stand-in with an offer card's shape, so nothing jumps when the offers arrive. */
export function OfferCardSkeleton() {
  return (
    <SkeletonCard aria-hidden="true" data-testid="offer-card-skeleton">
      <Skeleton $width="30%" $height="0.9em" />
      <Row>
        <Skeleton $width="48px" $height="48px" style={{ borderRadius: "50%", flex: "none" }} />
        <Column>
          <Skeleton $width="60%" />
          <Skeleton $width="35%" $height="0.8em" />
        </Column>
      </Row>
      <Row>
        <Skeleton $width="64px" $height="1.4em" />
        <Skeleton $width="64px" $height="1.4em" />
        <Skeleton $width="56px" $height="1.4em" />
      </Row>
      <Skeleton $width="85%" $height="1.3em" />
      <Skeleton />
      <Skeleton />
      <Skeleton $width="70%" />
      <Row style={{ marginTop: "auto" }}>
        <Skeleton $width="72px" $height="44px" />
        <Skeleton $height="44px" />
      </Row>
    </SkeletonCard>
  );
}

export const OfferGrid = styled.div`
  display: grid;
  grid-template-columns: 1fr;
  gap: ${({ theme }) => theme.space.md};
  ${({ theme }) => theme.media.md} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
  ${({ theme }) => theme.media.lg} {
    grid-template-columns: repeat(3, minmax(0, 1fr));
    gap: ${({ theme }) => theme.space.lg};
  }
`;

/** The board while it loads: six skeleton cards, announced once to screen readers. */
export function OfferBoardSkeleton({ count = 6 }: { count?: number }) {
  return (
    <OfferGrid role="status" aria-busy="true">
      <VisuallyHidden>{T.loadingLabel}</VisuallyHidden>
      {Array.from({ length: count }, (_, i) => (
        <OfferCardSkeleton key={i} />
      ))}
    </OfferGrid>
  );
}

export const StateCard = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.xl} ${({ theme }) => theme.space.lg};
  text-align: center;
  background: ${({ theme }) => theme.colors.surface};
  border: 2px dashed ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  color: ${({ theme }) => theme.colors.textMuted};

  h3 { font-size: ${({ theme }) => theme.fontSizes.xl}; }
  button { margin-top: ${({ theme }) => theme.space.xs}; }
`;

export const StateIcon = styled.span<{ $tone?: "gold" | "danger" }>`
  color: ${({ theme, $tone }) => ($tone === "danger" ? theme.colors.danger : theme.colors.gold)};
`;

/** No offers: an invitation to publish, or a note that the filters found nothing. */
export function BoardEmptyState({ hasFilters, onCreate }: { hasFilters: boolean; onCreate: () => void }) {
  return (
    <StateCard>
      <StateIcon>
        <Crown size={40} />
      </StateIcon>
      <h3>{T.emptyTitle}</h3>
      <p>{hasFilters ? T.emptyFiltered : T.emptyNoFilters}</p>
      <Button $variant="gold" onClick={onCreate}>
        {T.create}
      </Button>
    </StateCard>
  );
}

/**
 * The offers did not arrive: the spec's loading/retry card (part 1 section 8). Failed, it says so
 * (a warning mark, 'Não foi possível carregar as ofertas' and the reason) beside 'Tentar Novamente';
 * once she taps it, the spinner and 'Carregando ofertas...' show while the board asks again (issue
 * 15: a spinner and 'Carregando…' beside a failure contradicted each other).
 */
export function BoardRetryCard({ message, onRetry, retrying = false }: { message?: string | null; onRetry: () => void; retrying?: boolean }) {
  return (
    <StateCard role={retrying ? "status" : "alert"} aria-busy={retrying}>
      <StateIcon $tone={retrying ? "gold" : "danger"}>{retrying ? <Spinner $size={28} /> : <WarningMark />}</StateIcon>
      <h3>{retrying ? T.retryTitle : T.failedTitle}</h3>
      {!retrying && message && <p>{message}</p>}
      <Button $variant="outline" onClick={onRetry} disabled={retrying} aria-busy={retrying}>
        {T.retry}
      </Button>
    </StateCard>
  );
}

/** A circled exclamation mark, drawn (no emoji). */
function WarningMark() {
  return (
    <svg width="32" height="32" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
      <circle cx="12" cy="12" r="10" />
      <path d="M12 7v6" />
      <path d="M12 16.5v.01" />
    </svg>
  );
}
