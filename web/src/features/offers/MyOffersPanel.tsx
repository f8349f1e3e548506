import { useQuery } from "@apollo/client/react";
import styled from "styled-components";
import { Button } from "../../components/Button";
import { BoardRetryCard, OfferBoardSkeleton, OfferGrid } from "./BoardStates";
import { MyOffersDocument } from "./documents";
import { OfferCard, type BoardOffer } from "./OfferCard";

/** Its texts live here, out of the board's first load. */
const T = {
    title: "Minhas Publicações",
    lead: "Todas as suas ofertas e pedidos, das mais novas às mais antigas. No mural, elas seguem a ordem dos planos.",
    loading: "Carregando suas publicações",
    failed: "Não foi possível carregar suas publicações.",
    retry: "Tentar Novamente",
    empty: "Você ainda não publicou nenhuma proposta.",
    publish: "Publicar Minha Primeira Proposta",
    likes: (n: number) => `${n} ${n === 1 ? "curtida" : "curtidas"}`,
    conversations: (n: number) => `${n} ${n === 1 ? "conversa iniciada" : "conversas iniciadas"}`,
    hidden: "Fora do mural: retirada pela moderação",
    /** Off the board while enough members' reports wait for the staff (issue 27). */
    underReview: "Em análise",
};

const Section = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  h3 { font-size: ${({ theme }) => theme.fontSizes.xl}; }
  & > p { color: ${({ theme }) => theme.colors.textMuted}; }
`;

const Item = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
  min-width: 0;
`;

const Stats = styled.p`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.md};
  padding: 0 ${({ theme }) => theme.space.xs};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  color: ${({ theme }) => theme.colors.brand};
  span[data-hidden] { color: ${({ theme }) => theme.colors.danger}; }
`;

const Empty = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.xl} ${({ theme }) => theme.space.md};
  text-align: center;
`;

export interface MyOffersPanelProps {
  open: boolean;
  onLike: (id: number) => void;
  onContact: (offer: BoardOffer) => void;
  onEdit: (offer: BoardOffer) => void;
  onDelete: (offer: BoardOffer) => void;
  onCreate: () => void;
}

/**
 * 'Minhas Publicações' (issue 24): her own offers in one place, newest first, each with its likes and
 * the conversations started on it, and her edit and delete. The board's tab opens it; edits change
 * the card here and on the board at once (one cache entry per offer).
 */
export function MyOffersPanel({ open, onLike, onContact, onEdit, onDelete, onCreate }: MyOffersPanelProps) {
  const { data, loading, error, refetch } = useQuery(MyOffersDocument, { fetchPolicy: "cache-and-network", skip: !open });
  if (!open) return null;
  const mine = data?.myOffers ?? [];
  let body;
  if (mine.length > 0) {
    body = (
      <OfferGrid>
        {mine.map(({ offer, conversationCount }) => (
          <Item key={offer.id}>
            <OfferCard offer={offer} isOwner onLike={onLike} onContact={onContact} onEdit={onEdit} onDelete={onDelete} />
            <Stats>
              <span>{T.likes(offer.likes)}</span>
              <span>{T.conversations(conversationCount)}</span>
              {offer.hidden && <span data-hidden="">{T.hidden}</span>}
              {offer.underReview && !offer.hidden && <span data-hidden="">{T.underReview}</span>}
            </Stats>
          </Item>
        ))}
      </OfferGrid>
    );
  } else if (!data && error) {
    body = <BoardRetryCard message={T.failed} onRetry={() => refetch().catch(() => undefined)} retrying={loading} />;
  } else if (!data) {
    body = <OfferBoardSkeleton />;
  } else {
    body = (
      <Empty>
        <p>{T.empty}</p>
        <Button $size="lg" onClick={onCreate}>
          {T.publish}
        </Button>
      </Empty>
    );
  }
  return (
    <Section aria-labelledby="minhas-publicacoes" aria-busy={loading}>
      <h3 id="minhas-publicacoes">{T.title}</h3>
      <p>{T.lead}</p>
      {body}
    </Section>
  );
}
