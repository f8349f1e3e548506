import { useQuery } from "@apollo/client/react";
import styled from "styled-components";
import { PRODUCT_NAME, type PlanName } from "@clube-coroa/schema";
import { ButtonAnchor } from "../../components/Button";
import { Crown } from "../../components/Crown";
import { Container } from "../../components/Page";
import { WEB_TEXTS } from "../../lib/texts";
import { CommunityStatsDocument } from "../offers/documents";
import { OfferBoard } from "../offers/OfferBoard";
import { PlansSection } from "../plans/PlansSection";
import { useSession } from "../session/SessionProvider";

const T = WEB_TEXTS.home;

const Hero = styled.section`
  position: relative;
  overflow: hidden;
  color: #fff;
  background:
    radial-gradient(circle at 85% 10%, rgba(217, 169, 63, 0.35), transparent 45%),
    radial-gradient(circle at 0% 100%, rgba(255, 255, 255, 0.08), transparent 40%),
    linear-gradient(160deg, ${({ theme }) => theme.colors.brand}, ${({ theme }) => theme.colors.brandDark});
  padding: ${({ theme }) => theme.space.xxl} 0 ${({ theme }) => theme.space.xxxl};
`;

const HeroCrown = styled.div`
  position: absolute;
  right: -40px;
  bottom: -30px;
  color: rgba(217, 169, 63, 0.14);
  pointer-events: none;
`;

const HeroInner = styled.div`
  position: relative;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  max-width: 680px;
`;

const Eyebrow = styled.p`
  color: ${({ theme }) => theme.colors.goldLight};
  font-weight: ${({ theme }) => theme.fontWeights.heavy};
  letter-spacing: 0.08em;
  text-transform: uppercase;
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const HeroTitle = styled.h1`
  color: #fff;
  font-size: 2.35rem;
  ${({ theme }) => theme.media.md} {
    font-size: ${({ theme }) => theme.fontSizes.hero};
  }
  span { color: ${({ theme }) => theme.colors.gold}; }
`;

const HeroLead = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.lg};
  color: rgba(255, 255, 255, 0.9);
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
  margin-top: ${({ theme }) => theme.space.xs};
  & > * { flex: 1 1 180px; }
  ${({ theme }) => theme.media.sm} {
    & > * { flex: 0 0 auto; }
  }
`;

const Counters = styled.ul`
  list-style: none;
  margin: -${({ theme }) => theme.space.xxl} 0 0;
  padding: 0;
  position: relative;
  display: grid;
  grid-template-columns: repeat(2, 1fr);
  gap: ${({ theme }) => theme.space.sm};
  ${({ theme }) => theme.media.md} {
    grid-template-columns: repeat(4, 1fr);
    gap: ${({ theme }) => theme.space.md};
  }
`;

const Counter = styled.li`
  background: ${({ theme }) => theme.colors.surface};
  border-radius: ${({ theme }) => theme.radii.lg};
  box-shadow: ${({ theme }) => theme.shadows.md};
  padding: ${({ theme }) => theme.space.md};
  text-align: center;
  border-top: 4px solid ${({ theme }) => theme.colors.gold};
`;

const CounterValue = styled.span`
  display: block;
  min-height: 2.6rem;
  font-family: ${({ theme }) => theme.fonts.heading};
  font-size: ${({ theme }) => theme.fontSizes.xxl};
  font-weight: 700;
  color: ${({ theme }) => theme.colors.brand};
`;

const CounterLabel = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-weight: 700;
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const Section = styled.section`
  scroll-margin-top: 72px;
  padding: ${({ theme }) => theme.space.xxl} 0 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.lg};
`;

const PlansArea = styled(Section)`
  padding-bottom: ${({ theme }) => theme.space.xxl};
`;

const SectionTitle = styled.h2`
  font-size: ${({ theme }) => theme.fontSizes.xxl};
  ${({ theme }) => theme.media.md} {
    font-size: ${({ theme }) => theme.fontSizes.display};
  }
`;

const SectionLead = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.lg};
  max-width: 640px;
`;

const Grid = styled.ul<{ $min?: string }>`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  grid-template-columns: repeat(auto-fit, minmax(${({ $min = "220px" }) => $min}, 1fr));
`;

const KindCard = styled.li`
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  padding: ${({ theme }) => theme.space.lg};
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};

  h3 { font-size: ${({ theme }) => theme.fontSizes.xl}; }
  p { color: ${({ theme }) => theme.colors.textMuted}; }
`;

const KindMark = styled.span`
  display: grid;
  place-items: center;
  width: 44px;
  height: 44px;
  border-radius: 50%;
  background: ${({ theme }) => theme.colors.brandSoft};
  color: ${({ theme }) => theme.colors.brand};
  margin-bottom: ${({ theme }) => theme.space.xs};
`;

const counterKeys = ["members", "collabs", "permutas", "apoios"] as const;
type CounterKey = (typeof counterKeys)[number];
const statField = {
  members: "totalMembers",
  collabs: "totalCollabs",
  permutas: "totalPermutas",
  apoios: "totalApoios",
} as const satisfies Record<CounterKey, string>;

const numberFormat = new Intl.NumberFormat("pt-BR");

/** The hero counters: '...' while loading, 0 when a value is missing (spec part 1 section 2). */
function CommunityCounters() {
  const { data, loading } = useQuery(CommunityStatsDocument, { fetchPolicy: "cache-and-network" });
  const stats = data?.communityStats;
  const waiting = !stats && loading;
  return (
    <Counters aria-label={T.countersLabel} aria-busy={waiting}>
      {counterKeys.map((key) => (
        <Counter key={key}>
          <CounterValue data-testid={`counter-${key}`}>{waiting ? "..." : numberFormat.format(stats?.[statField[key]] ?? 0)}</CounterValue>
          <CounterLabel>{T.counters[key]}</CounterLabel>
        </Counter>
      ))}
    </Counters>
  );
}

function firstName(name: string | null | undefined): string | null {
  const first = (name ?? "").trim().split(/\s+/)[0];
  return first ? first : null;
}

export function HomePage() {
  const { status, user } = useSession();
  const name = status === "authenticated" ? firstName(user?.nickname) ?? firstName(user?.fullName) : null;

  return (
    <>
      <Hero aria-labelledby="hero-title">
        <HeroCrown>
          <Crown size={280} />
        </HeroCrown>
        <Container>
          <HeroInner>
            <Eyebrow>{name ? `Olá, ${name}!` : T.eyebrow}</Eyebrow>
            <HeroTitle id="hero-title">
              Bem-vinda ao <span>{PRODUCT_NAME}</span>
            </HeroTitle>
            <HeroLead>{T.lead}</HeroLead>
            <Actions>
              <ButtonAnchor href="#planos" $variant="gold" $size="lg">
                {T.choosePlan}
              </ButtonAnchor>
              <ButtonAnchor href="#mural" $variant="light" $size="lg">
                {T.exploreBoard}
              </ButtonAnchor>
            </Actions>
          </HeroInner>
        </Container>
      </Hero>

      <Container>
        <CommunityCounters />

        <Section aria-labelledby="kinds-title">
          <SectionTitle id="kinds-title">{T.kindsTitle}</SectionTitle>
          <Grid>
            {T.kinds.map((kind) => (
              <KindCard key={kind.name}>
                <KindMark>
                  <Crown size={22} />
                </KindMark>
                <h3>{kind.name}</h3>
                <p>{kind.text}</p>
              </KindCard>
            ))}
          </Grid>
        </Section>

        <Section id="mural" aria-labelledby="mural-title">
          <SectionTitle id="mural-title">{T.boardTitle}</SectionTitle>
          <OfferBoard />
        </Section>

        <PlansArea id="planos" aria-labelledby="planos-title">
          <SectionTitle id="planos-title">{T.plansTitle}</SectionTitle>
          <SectionLead>{T.plansLead}</SectionLead>
          <PlansSection currentPlan={status === "authenticated" && user ? (user.plan as PlanName) : null} />
        </PlansArea>
      </Container>
    </>
  );
}
