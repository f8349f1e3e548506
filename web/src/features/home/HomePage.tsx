import { startTransition, Suspense, useEffect, useState, type ComponentType } from "react";
import type { ApolloClient } from "@apollo/client";
import { useApolloClient, useQuery } from "@apollo/client/react";
import styled, { css } from "styled-components";
import { PRODUCT_NAME, TEXTS, type PlanName } from "@clube-coroa/schema";
import { ButtonAnchor, ButtonLink } from "../../components/Button";
import { KindIcon } from "../../components/KindIcon";
import { Container } from "../../components/Page";
import { Skeleton } from "../../components/Spinner";
import { lazyWhenOpen } from "../../lib/lazyComponent";
import { CommunityStatsDocument } from "../../lib/communityStats";
import { WEB_TEXTS } from "../../lib/texts";
import { BannerFrame, loadBannerCarousel } from "../banners";
import { loadPlansSection } from "../plans";
import { useSession } from "../session";
import { LANDING_TEXTS } from "./landingTexts";
import { useDrawnFor } from "../../lib/drawnFor";
import { formatCount } from "../../lib/intl";
import { boardWentLive, onBoardLive } from "../../lib/earlyTaps";
import { PAGE_TITLES, useDocumentTitle } from "../../lib/documentTitle";

const T = WEB_TEXTS.home;

/**
 * The board, as app/ hands it over (pages.ts; the home page does not import the offers feature): its
 * component (fetched on demand), the skeleton cards that hold its place, whether its first page is
 * already in the cache, and that page's request, made while the session is read.
 */
export interface HomeBoard {
  Component: ComponentType;
  Skeleton: ComponentType;
  hasFirstPage: (client: ApolloClient) => boolean;
  prefetch: (client: ApolloClient) => Promise<unknown>;
}

// Shown only when the staff published banners: its code comes with their answer, not before the page.
// Its frame holds the carousel's place while the code arrives (BannerFrame).
const BannerCarousel = lazyWhenOpen(loadBannerCarousel, () => true, <BannerFrame />);

// The plans sit below the fold: their cards load after the first screen.
const PlansSection = lazyWhenOpen(loadPlansSection, () => true);

/**
 * Fetches the code of the home page's own parts (banners, plans) as soon as the app runs on `/`, so
 * that it is here when the session is known and the page draws them, rather than asked for then.
 */
export function preloadHomeParts(): void {
  BannerCarousel.preload().catch(() => undefined);
  PlansSection.preload().catch(() => undefined);
}

const Hero = styled.section<{ $compact: boolean }>`
  position: relative;
  overflow: hidden;
  color: #fff;
  background:
    radial-gradient(circle at 85% 10%, rgba(217, 169, 63, 0.35), transparent 45%),
    radial-gradient(circle at 0% 100%, rgba(255, 255, 255, 0.08), transparent 40%),
    linear-gradient(160deg, ${({ theme }) => theme.colors.brand}, ${({ theme }) => theme.colors.brandDark});
  padding: ${({ theme }) => theme.space.xxl} 0 ${({ theme }) => theme.space.xxxl};
  ${({ $compact, theme }) =>
    $compact &&
    css`
      /* A member is here for the board: a greeting and her two buttons, then the counters and the cards. */
      padding: ${theme.space.lg} 0 ${theme.space.xxl};
    `}
`;

/** The text and, from a tablet's width, the drawing beside it (phones keep the text alone: it is their first screen). */
const HeroLayout = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.xl};
`;

const HeroPicture = styled.div`
  display: none;
  flex: none;
  ${({ theme }) => theme.media.md} {
    display: block;
    width: 260px;
    img { display: block; width: 100%; height: auto; }
  }
  ${({ theme }) => theme.media.lg} {
    width: 320px;
  }
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

const HeroTitle = styled.h1<{ $compact: boolean }>`
  color: #fff;
  font-size: ${({ $compact, theme }) => ($compact ? theme.fontSizes.xl : "2.35rem")};
  ${({ theme }) => theme.media.md} {
    font-size: ${({ $compact, theme }) => ($compact ? theme.fontSizes.display : theme.fontSizes.hero)};
  }
  span { color: ${({ theme }) => theme.colors.gold}; }
`;

const HeroLead = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.lg};
  color: rgba(255, 255, 255, 0.9);
`;

const Actions = styled.div<{ $compact: boolean }>`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
  margin-top: ${({ theme }) => theme.space.xs};
  & > * { flex: 1 1 180px; }
  ${({ $compact, theme }) =>
    $compact &&
    css`
      /* Her two buttons side by side, each on one line, even at 320 px. */
      & > * { flex: 1 1 auto; white-space: nowrap; padding-inline: ${theme.space.md}; }
    `}
  ${({ theme }) => theme.media.sm} {
    & > * { flex: 0 0 auto; }
  }
`;

/** Where the buttons will stand while the session is read (visitor's and member's differ). */
const ActionPlaceholder = styled.span.attrs({ "aria-hidden": true })<{ $compact: boolean }>`
  display: block;
  min-height: ${({ $compact }) => ($compact ? "44px" : "52px")};
  min-width: ${({ $compact }) => ($compact ? "120px" : "180px")};
  border-radius: ${({ theme }) => theme.radii.pill};
  background: rgba(255, 255, 255, 0.14);
`;

const SignInNote = styled.p`
  color: rgba(255, 255, 255, 0.85);
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const Counters = styled.ul<{ $compact: boolean }>`
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
  ${({ $compact, theme }) =>
    $compact &&
    css`
      gap: ${theme.space.xs};
      margin-top: -${theme.space.xl};
      /* Each number beside its name, on one line. */
      li {
        display: flex;
        align-items: baseline;
        justify-content: center;
        gap: ${theme.space.xs};
        padding: ${theme.space.xs} ${theme.space.sm};
        border-top-width: 3px;
      }
      li > span:first-child { min-height: 0; font-size: ${theme.fontSizes.xl}; }
    `}
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

const Section = styled.section<{ $compact?: boolean }>`
  scroll-margin-top: 72px;
  padding: ${({ $compact, theme }) => ($compact ? theme.space.lg : theme.space.xxl)} 0 0;
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

/** The hero counters: '...' while loading, 0 when a value is missing (spec part 1 section 2). */
function CommunityCounters({ compact }: { compact: boolean }) {
  const { data, loading } = useQuery(CommunityStatsDocument, { fetchPolicy: "cache-and-network" });
  const stats = data?.communityStats;
  const waiting = !stats && loading;
  return (
    <Counters aria-label={T.countersLabel} aria-busy={waiting} $compact={compact}>
      {counterKeys.map((key) => (
        <Counter key={key}>
          <CounterValue data-testid={`counter-${key}`}>{waiting ? "..." : formatCount(stats?.[statField[key]] ?? 0)}</CounterValue>
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

type HeroMode = "visitor" | "member" | "pending";

/**
 * The hero: a visitor is invited in, a member to the plans; while the session is read, neither. A
 * member's is compact (issue 15): on a phone the board starts within her first screen.
 */
function HomeHero({ mode, name, compact }: { mode: HeroMode; name: string | null; compact: boolean }) {
  return (
    <Hero aria-labelledby="hero-title" $compact={compact}>
      <Container>
        <HeroLayout>
          <HeroInner>
            <Eyebrow>{name ? `Olá, ${name}!` : compact ? T.hello : T.eyebrow}</Eyebrow>
            <HeroTitle id="hero-title" $compact={compact}>
              Bem-vinda ao <span>{PRODUCT_NAME}</span>
            </HeroTitle>
            {!compact && <HeroLead>{T.lead}</HeroLead>}
            <Actions $compact={compact}>
              {mode === "pending" ? (
                <>
                  <ActionPlaceholder $compact={compact} />
                  <ActionPlaceholder $compact={compact} />
                </>
              ) : (
                <>
                  {mode === "visitor" ? (
                    <ButtonLink to="/auth" $variant="gold" $size="lg">
                      {LANDING_TEXTS.signIn}
                    </ButtonLink>
                  ) : (
                    <ButtonAnchor href="#planos" $variant="gold" $size="md">
                      {T.choosePlan}
                    </ButtonAnchor>
                  )}
                  <ButtonAnchor href="#mural" $variant="light" $size={compact ? "md" : "lg"}>
                    {T.exploreBoard}
                  </ButtonAnchor>
                </>
              )}
            </Actions>
            {mode === "visitor" && <SignInNote>{LANDING_TEXTS.signInNote}</SignInNote>}
            {/* Most first visits are visitors': their note's line is kept so the counters do not move down. */}
            {mode === "pending" && !compact && (
              <SignInNote aria-hidden="true" style={{ visibility: "hidden" }}>
                {LANDING_TEXTS.signInNote}
              </SignInNote>
            )}
          </HeroInner>
          {!compact && (
            <HeroPicture>
              {/* public/hero-art.svg: three partners, the middle one crowned, in a ring of gold. Lazy:
                  a phone, which does not show it, does not fetch it. Decorative (the heading says it). */}
              <img src="/hero-art.svg" alt="" width={320} height={320} loading="lazy" decoding="async" />
            </HeroPicture>
          )}
        </HeroLayout>
      </Container>
    </Hero>
  );
}

/** The three kinds of partnership (static texts). */
function KindsSection() {
  return (
    <Section aria-labelledby="kinds-title">
      <SectionTitle id="kinds-title">{T.kindsTitle}</SectionTitle>
      <Grid>
        {T.kinds.map((kind) => (
          <KindCard key={kind.name}>
            <KindMark>
              <KindIcon kind={kind.kind} size={24} />
            </KindMark>
            <h3>{kind.name}</h3>
            <p>{kind.text}</p>
          </KindCard>
        ))}
      </Grid>
    </Section>
  );
}

/**
 * The home page. `pending` while the session is read (and in the HTML the build prerenders for `/`,
 * issue 14): the hero without its buttons, the counters, and the board's skeleton cards, nothing
 * that differs between a visitor and a member. One component, so what is already on screen (the
 * counters) stays mounted when the session is known.
 */
export function HomePage({ pending = false, board }: { pending?: boolean; board: HomeBoard }) {
  useDocumentTitle(PAGE_TITLES.home);
  const { status, user } = useSession();
  const name = status === "authenticated" ? firstName(user?.nickname) ?? firstName(user?.fullName) : null;
  const visitor = status !== "authenticated";
  const member = !pending && !visitor;
  // A member's layout: hers, or, while the session is read, the page the server drew for a member.
  const drawnForMember = useDrawnFor() === "member";
  const compact = member || (pending && drawnForMember);
  const client = useApolloClient();
  // While the session is read, the board's first page is already asked for (the same code the
  // board loads with; see prefetchBoard).
  useEffect(() => {
    if (pending) void board.prefetch(client);
  }, [pending, client, board]);
  // Cards already in hand (sent with the page by the server, issue 14) are drawn while the session
  // is read, by the board itself, which then stays mounted.
  const boardFrame = pending && !board.hasFirstPage(client);
  // What lies below the board's first cards (the plans, the banners) is drawn once the board is live,
  // in a render of its own: on a slow phone the render that makes the board live stays short (issue
  // 24 item 16). The board's effect runs before this one, so it may be live already.
  const [boardLive, setBoardLive] = useState(boardWentLive);
  useEffect(() => {
    if (boardLive) return;
    const show = () => startTransition(() => setBoardLive(true));
    if (boardWentLive()) show();
    else return onBoardLive(show);
  }, [boardLive]);
  const later = pending || !boardLive;

  return (
    <>
      <HomeHero mode={pending ? "pending" : visitor ? "visitor" : "member"} name={name} compact={compact} />

      <Container>
        <CommunityCounters compact={compact} />
        {/* A member's board comes first; the banners and the three kinds follow it (fixed slots, so
            the board stays mounted when the session is known). */}
        {!compact && (later ? <BannerFrame /> : <BannerCarousel />)}
        {!compact && <KindsSection />}

        <Section id="mural" aria-labelledby="mural-title" $compact={compact}>
          <SectionTitle id="mural-title">{T.boardTitle}</SectionTitle>
          {boardFrame ? (
            <>
              <FrameStatus role="status">{TEXTS.loading}</FrameStatus>
              <board.Skeleton />
            </>
          ) : (
            <Suspense fallback={<board.Skeleton />}>
              <board.Component />
            </Suspense>
          )}
        </Section>

        {member && !later && <BannerCarousel />}
        {compact && <KindsSection />}

        {later ? (
          <FrameTail />
        ) : (
          <PlansArea id="planos" aria-labelledby="planos-title">
            <SectionTitle id="planos-title">{T.plansTitle}</SectionTitle>
            <SectionLead>{T.plansLead}</SectionLead>
            <PlansSection currentPlan={status === "authenticated" && user ? (user.plan as PlanName) : null} />
          </PlansArea>
        )}
      </Container>
    </>
  );
}

const FrameStatus = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
`;

/** Keeps the page long enough that the footer does not jump up and down while the session is read. */
const FrameTail = styled(Skeleton)`
  margin: ${({ theme }) => theme.space.xxl} 0;
  height: 12rem;
`;
