import { useApolloClient, useQuery, useSubscription } from "@apollo/client/react";
import { useEffect, useMemo, useState, type FocusEvent } from "react";
import styled, { css } from "styled-components";
import { TIMINGS } from "@clube-coroa/schema";
import { Crown } from "../../components/Crown";
import { VisuallyHidden } from "../../components/VisuallyHidden";
import type { BannerFieldsFragment } from "../../gql/graphql";
import { onSocketConnected } from "../../lib/apollo";
import { BANNER_TEXTS as T } from "./bannerTexts";
import { BannerFrame, Frame, Region } from "./BannerFrame";
import { BannersDocument, BannersUpdatedDocument } from "./documents";

/** Spec part 2 section 4: 150 ms between two banners. */
export const BANNER_TRANSITION_MS = 150;

/** A shuffled copy (Fisher–Yates): the carousel shows the live banners in random order. */
export function shuffled<T>(list: readonly T[], random: () => number = Math.random): T[] {
  const copy = [...list];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy;
}

const REDUCED_MOTION = "(prefers-reduced-motion: reduce)";

/** Whether she asked her system for less motion; follows the setting while the page is open. */
export function usePrefersReducedMotion(): boolean {
  const queryOf = () => (typeof window !== "undefined" && typeof window.matchMedia === "function" ? window.matchMedia(REDUCED_MOTION) : null);
  const [reduced, setReduced] = useState(() => queryOf()?.matches ?? false);
  useEffect(() => {
    const query = queryOf();
    if (!query) return;
    const update = () => setReduced(query.matches);
    query.addEventListener?.("change", update);
    return () => query.removeEventListener?.("change", update);
  }, []);
  return reduced;
}

const Slide = styled.div<{ $active: boolean; $animate: boolean }>`
  position: absolute;
  inset: 0;
  opacity: ${({ $active }) => ($active ? 1 : 0)};
  visibility: ${({ $active }) => ($active ? "visible" : "hidden")};
  ${({ $animate, $active }) =>
    $animate &&
    css`
      transition:
        opacity ${BANNER_TRANSITION_MS}ms ease-in-out,
        visibility 0s linear ${$active ? 0 : BANNER_TRANSITION_MS}ms;
    `}

  a, img { display: block; width: 100%; height: 100%; }
  img { object-fit: cover; }
  a:focus-visible { outline-offset: -4px; }
`;

const Controls = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space.xxs};
`;

const RoundButton = styled.button`
  display: grid;
  place-items: center;
  width: ${({ theme }) => theme.tapTarget};
  height: ${({ theme }) => theme.tapTarget};
  border: 2px solid ${({ theme }) => theme.colors.border};
  border-radius: 50%;
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.brand};
  font-size: 1.25rem;
  line-height: 1;
  cursor: pointer;
  &:hover { background: ${({ theme }) => theme.colors.brandSoft}; }
`;

const Dot = styled.button<{ $current: boolean }>`
  display: grid;
  place-items: center;
  width: ${({ theme }) => theme.tapTarget};
  height: ${({ theme }) => theme.tapTarget};
  padding: 0;
  border: none;
  background: transparent;
  cursor: pointer;

  &::before {
    content: "";
    width: ${({ $current }) => ($current ? "22px" : "10px")};
    height: 10px;
    border-radius: ${({ theme }) => theme.radii.pill};
    background: ${({ theme, $current }) => ($current ? theme.colors.brand : theme.colors.borderStrong)};
    transition: width ${BANNER_TRANSITION_MS}ms ease;
  }
`;

const Placeholder = styled(Frame)`
  display: flex;
  flex-direction: column;
  justify-content: center;
  gap: ${({ theme }) => theme.space.xs};
  padding: ${({ theme }) => theme.space.lg};
  color: #fff;
  background:
    radial-gradient(circle at 90% 15%, rgba(217, 169, 63, 0.4), transparent 50%),
    linear-gradient(150deg, ${({ theme }) => theme.colors.brand}, ${({ theme }) => theme.colors.brandDark});

  h2 {
    color: ${({ theme }) => theme.colors.goldLight};
    font-size: ${({ theme }) => theme.fontSizes.xl};
    ${({ theme }) => theme.media.md} { font-size: ${({ theme }) => theme.fontSizes.display}; }
  }
  p {
    max-width: 34ch;
    font-size: ${({ theme }) => theme.fontSizes.md};
    ${({ theme }) => theme.media.md} { font-size: ${({ theme }) => theme.fontSizes.lg}; }
  }
`;

const PlaceholderCrown = styled.div`
  position: absolute;
  right: -24px;
  bottom: -28px;
  color: rgba(217, 169, 63, 0.25);
  pointer-events: none;
`;

type Banner = BannerFieldsFragment;

function BannerImage({ banner, eager }: { banner: Banner; eager: boolean }) {
  return <img src={banner.url} alt={banner.alt} width={2560} height={1440} loading={eager ? "eager" : "lazy"} decoding="async" />;
}

/**
 * The home page carousel (spec part 2 sections 3 and 4; WAI-ARIA APG carousel): the live banners in
 * random order, one every 10 s with a 150 ms fade, still while hovered or focused, paused by her, or
 * when she prefers reduced motion. The list is replaced by `bannersUpdated` (no polling) and fetched
 * again after the socket reconnects. With none, or when the fetch fails, an on-brand placeholder.
 */
export function BannerCarousel() {
  const client = useApolloClient();
  const { data, loading } = useQuery(BannersDocument, { fetchPolicy: "cache-and-network" });

  useSubscription(BannersUpdatedDocument, {
    onData: ({ client: c, data: change }) => {
      const banners = change.data?.bannersUpdated;
      if (banners) c.writeQuery({ query: BannersDocument, data: { banners } });
    },
  });
  useEffect(
    () =>
      onSocketConnected(() => {
        client.refetchQueries({ include: [BannersDocument] }).catch(() => undefined);
      }),
    [client],
  );

  // A failed fetch leaves no data: the list is empty and the placeholder shows (spec part 2 section 8).
  const banners = data?.banners;
  if (!banners && loading) {
    return <BannerFrame />;
  }
  if (!banners || banners.length === 0) {
    return (
      <Region aria-label={T.label}>
        <Placeholder data-testid="banner-placeholder">
          <PlaceholderCrown>
            <Crown size={200} />
          </PlaceholderCrown>
          <h2>{T.placeholderTitle}</h2>
          <p>{T.placeholderText}</p>
        </Placeholder>
      </Region>
    );
  }
  return <Slides banners={banners} />;
}

function Slides({ banners }: { banners: readonly Banner[] }) {
  // Shuffled once per list: a re-render keeps the order; a pushed list is shuffled anew.
  const order = useMemo(() => shuffled(banners), [banners]);
  const [currentId, setCurrentId] = useState<number | null>(() => order[0]?.id ?? null);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [stopped, setStopped] = useState(false);
  const reducedMotion = usePrefersReducedMotion();

  const count = order.length;
  // The banner on screen stays on screen when the list is replaced, if it is still live.
  const index = Math.max(0, order.findIndex((banner) => banner.id === currentId));
  const show = (next: number) => setCurrentId(order[(next + count) % count].id);
  const rotating = count > 1 && !hovered && !focused && !stopped && !reducedMotion;

  useEffect(() => {
    if (!rotating) return;
    const timer = setTimeout(() => setCurrentId(order[(index + 1) % count].id), TIMINGS.bannerRotationMs);
    return () => clearTimeout(timer);
  }, [rotating, index, order, count]);

  const leave = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
  };

  return (
    <Region
      aria-roledescription="carousel"
      aria-label={T.label}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={leave}
    >
      <Frame aria-live={rotating ? "off" : "polite"} aria-atomic="false">
        {order.map((banner, i) => {
          const active = i === index;
          return (
            <Slide
              key={banner.id}
              role="group"
              aria-roledescription="slide"
              aria-label={T.slideLabel(i + 1, count)}
              aria-hidden={active ? undefined : true}
              inert={!active}
              $active={active}
              $animate={!reducedMotion}
              data-banner={banner.id}
            >
              {banner.link ? (
                <a href={banner.link} target="_blank" rel="noopener">
                  <BannerImage banner={banner} eager={i === 0} />
                  <VisuallyHidden>{T.opensInNewTab}</VisuallyHidden>
                </a>
              ) : (
                <BannerImage banner={banner} eager={i === 0} />
              )}
            </Slide>
          );
        })}
      </Frame>
      {count > 1 && (
        <Controls>
          {!reducedMotion && (
            <RoundButton type="button" aria-label={stopped ? T.play : T.pause} onClick={() => setStopped((s) => !s)}>
              <span aria-hidden="true">{stopped ? "▶" : "❚❚"}</span>
            </RoundButton>
          )}
          <RoundButton type="button" aria-label={T.previous} onClick={() => show(index - 1)}>
            <span aria-hidden="true">‹</span>
          </RoundButton>
          {order.map((banner, i) => (
            <Dot
              key={banner.id}
              type="button"
              $current={i === index}
              aria-label={T.dotLabel(i + 1, count)}
              aria-current={i === index ? "true" : undefined}
              onClick={() => show(i)}
            />
          ))}
          <RoundButton type="button" aria-label={T.next} onClick={() => show(index + 1)}>
            <span aria-hidden="true">›</span>
          </RoundButton>
        </Controls>
      )}
    </Region>
  );
}
