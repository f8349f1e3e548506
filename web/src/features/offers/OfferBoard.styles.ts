// The board's styled pieces (OfferBoard and its tabs and filters).
import styled, { css } from "styled-components";

export const Board = styled.fieldset<{ $fabSpace: boolean }>`
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
export const Lead = styled.p<{ $member: boolean }>`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.lg};
  max-width: 640px;
  margin-top: -${({ theme }) => theme.space.sm};
  ${({ theme, $member }) => $member && `display: none; ${theme.media.md} { display: block; }`}
`;

export const Tabs = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space.xs};
  overflow-x: auto;
  padding: 2px 2px ${({ theme }) => theme.space.xxs};
  margin: 0 -2px;
  scrollbar-width: none;
  &::-webkit-scrollbar { display: none; }
`;

export const TabRows = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xs};
  & > * { min-width: 0; }
  & > :first-child { flex: 1 1 auto; }
`;

export const Tab = styled.button`
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

export const FilterToggle = styled.button`
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

export const Count = styled.span`
  margin-left: ${({ theme }) => theme.space.xs};
  padding: 0.1em 0.55em;
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.gold};
  color: ${({ theme }) => theme.colors.brandDark};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

export const ToggleText = styled.span`
  margin-right: auto;
`;

export const Filters = styled.div`
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

export const ClearRow = styled.div`
  grid-column: 1 / -1;
  display: flex;
  justify-content: flex-end;
`;

export const More = styled.div`
  display: flex;
  justify-content: center;
  padding-top: ${({ theme }) => theme.space.sm};
`;

export const Fab = styled.button`
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

export const Plus = styled.span`
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
export const JustPublished = styled.section`
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

export const Results = styled.div<{ $busy: boolean }>`
  ${({ $busy }) => $busy && visuallyBusy}
`;

/** 'Resultados para “…”' above a search's cards. */
export const SearchNote = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

/**
 * The search box and, on a phone, 'Filtrar' beside it: one row, so a member's first cards stay on her
 * first screen (issue 28). The filters' panel, the last child, takes the whole width below them.
 */
export const SearchRow = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr) auto;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  & > :last-child { grid-column: 1 / -1; }
  ${({ theme }) => theme.media.md} {
    grid-template-columns: minmax(0, 1fr);
  }
`;
