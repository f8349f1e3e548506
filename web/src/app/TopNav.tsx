import { useState, type ReactNode } from "react";
import { Link, NavLink, useLocation } from "react-router-dom";
import styled, { css } from "styled-components";
import { VisuallyHidden } from "../components/VisuallyHidden";
import { PRODUCT_NAME } from "@clube-coroa/schema";
import { PlanBadge } from "../components/Badge";
import { ButtonLink } from "../components/Button";
import { Crown } from "../components/Crown";
import { LazyDialog as Dialog } from "../components/LazyDialog";
import { WEB_TEXTS } from "../lib/texts";
import { lazyWhenOpen } from "../lib/lazyComponent";
import { usePlans } from "../features/plans/plansFlow";
import { useSession } from "../features/session/SessionProvider";

const T = WEB_TEXTS.nav;

// Only members see it: its code and the message documents load with the member's navigation.
const UnreadBadge = lazyWhenOpen(() => import("../features/messages/Realtime").then((m) => m.UnreadBadge), () => true);
// The bell of 'Avisos' (issue 29): members only, so its code and documents load with her navigation.
const NotificationBell = lazyWhenOpen(() => import("../features/notifications/Bell").then((m) => m.NotificationBell), () => true);
// Only superusers see them, so their texts and badge load with a superuser's navigation.
const StaffLinks = lazyWhenOpen(() => import("./StaffLinks").then((m) => m.StaffLinks), () => true);

const Bar = styled.header`
  position: sticky;
  top: 0;
  z-index: ${({ theme }) => theme.zIndex.nav};
  background: ${({ theme }) => theme.colors.brandDark};
  color: #fff;
  box-shadow: ${({ theme }) => theme.shadows.md};
`;

const Inner = styled.nav`
  max-width: ${({ theme }) => theme.maxWidth};
  margin: 0 auto;
  min-height: 64px;
  padding: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.md};
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
`;

const Brand = styled(Link)`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
  min-height: ${({ theme }) => theme.tapTarget};
  margin-right: auto;
  color: #fff;
  text-decoration: none;
  font-family: ${({ theme }) => theme.fonts.heading};
  font-weight: 700;
  font-size: ${({ theme }) => theme.fontSizes.xl};
  white-space: nowrap;
  /* A signed-in phone's bar also holds her plan and the menu: the name gets smaller, the crown stays. */
  @media (max-width: 399px) { font-size: ${({ theme }) => theme.fontSizes.lg}; }

  svg { flex: none; color: ${({ theme }) => theme.colors.gold}; }
`;

// A superuser's bar holds two more links: it needs 1080 px, and below that she gets the menu.
const DesktopOnly = styled.div<{ $staff?: boolean }>`
  display: none;
  align-items: center;
  gap: ${({ theme }) => theme.space.xxs};
  @media (min-width: ${({ $staff }) => ($staff ? 1080 : 920)}px) { display: flex; }
`;

/**
 * Below 400 px a member's bar holds her plan, the bell of 'Avisos' and the menu: the brand keeps its
 * crown (the link's name stays the product's), its word-mark gives way (decision 0287).
 */
const WordMark = styled.span<{ $member: boolean }>`
  ${({ $member }) => ($member ? "@media (max-width: 399px) { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }" : "")}
`;

const MobileOnly = styled.div<{ $staff?: boolean }>`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
  @media (min-width: ${({ $staff }) => ($staff ? 1080 : 920)}px) { display: none; }
`;

const itemStyles = css`
  display: inline-flex;
  align-items: center;
  min-height: ${({ theme }) => theme.tapTarget};
  padding: 0 ${({ theme }) => theme.space.sm};
  border: none;
  border-radius: ${({ theme }) => theme.radii.pill};
  background: transparent;
  color: #fff;
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  text-decoration: none;
  cursor: pointer;
  &:hover { background: rgba(255, 255, 255, 0.12); }
  &.active { color: ${({ theme }) => theme.colors.goldLight}; }
`;

const Item = styled(NavLink)`
  ${itemStyles}
`;
const ItemAnchor = styled(Link)`
  ${itemStyles}
`;
const ItemButton = styled.button`
  ${itemStyles}
`;

const MenuButton = styled.button`
  ${itemStyles}
  gap: ${({ theme }) => theme.space.xs};
  border: 2px solid rgba(255, 255, 255, 0.5);
  /* Beside the plan badge and the unread count on a narrow phone, the icon kept shrinking to a dot. */
  flex: none;
  svg { flex: none; }
`;

const Burger = () => (
  <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true">
    <path d="M3 5h14M3 10h14M3 15h14" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
  </svg>
);

const SheetList = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xxs};
`;

const sheetItem = css`
  display: flex;
  align-items: center;
  width: 100%;
  min-height: 52px;
  padding: 0 ${({ theme }) => theme.space.md};
  border: none;
  border-radius: ${({ theme }) => theme.radii.md};
  background: transparent;
  color: ${({ theme }) => theme.colors.brandDark};
  font-size: ${({ theme }) => theme.fontSizes.lg};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  text-align: left;
  text-decoration: none;
  cursor: pointer;
  &:hover, &.active { background: ${({ theme }) => theme.colors.brandSoft}; }
`;
const SheetLink = styled(NavLink)`
  ${sheetItem}
`;
const SheetAnchor = styled(Link)`
  ${sheetItem}
`;
const SheetButton = styled.button`
  ${sheetItem}
`;

const SheetPlan = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
  padding: ${({ theme }) => theme.space.md};
  margin-bottom: ${({ theme }) => theme.space.xs};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surfaceAlt};
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** The navigation; while the session is read, only the brand (a visitor's and a member's differ). */
export function TopNav() {
  const { status, user, logout } = useSession();
  const { openPlans } = usePlans();
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const signedIn = status === "authenticated" && user;

  const showPlans = () => {
    setMenuOpen(false);
    openPlans();
  };
  const onLogout = () => {
    setMenuOpen(false);
    void logout();
  };

  const menuButton = (badge: ReactNode) => (
    <MenuButton type="button" aria-haspopup="dialog" aria-expanded={menuOpen} onClick={() => setMenuOpen(true)}>
      <Burger />
      <VisuallyHidden>{T.menu}</VisuallyHidden>
      {badge}
    </MenuButton>
  );

  return (
    <Bar>
      <Inner aria-label="Principal">
        <Brand to="/" aria-label={T.home}>
          <Crown size={26} />
          <WordMark $member={!!signedIn}>{PRODUCT_NAME}</WordMark>
        </Brand>

        {status === "loading" ? null : signedIn ? (
          <>
            <DesktopOnly $staff={user.isSuperuser}>
              <ItemAnchor to="/#mural">{T.mural}</ItemAnchor>
              <Item to="/mensagens">
                {T.messages}
                <UnreadBadge />
              </Item>
              <Item to="/parceiras">{T.members}</Item>
              <ItemButton type="button" onClick={showPlans}>
                {T.plans}
              </ItemButton>
              <Item to="/perfil">{T.profile}</Item>
              {user.isSuperuser && <StaffLinks Link={Item} />}
              <PlanBadge plan={user.plan} label={T.currentPlan} />
              <NotificationBell />
              <ItemButton type="button" onClick={onLogout}>
                {T.logout}
              </ItemButton>
            </DesktopOnly>
            <MobileOnly $staff={user.isSuperuser}>
              <PlanBadge plan={user.plan} label={T.currentPlan} />
              <NotificationBell />
              {/* Its name is its words, 'Menu' and the unread count, so what she sees is what she can say. */}
              {menuButton(<UnreadBadge />)}
            </MobileOnly>
          </>
        ) : (
          <>
            <DesktopOnly>
              <ItemAnchor to="/#mural">{T.mural}</ItemAnchor>
              <ItemButton type="button" onClick={showPlans}>
                {T.plans}
              </ItemButton>
            </DesktopOnly>
            {pathname !== "/auth" && (
              <ButtonLink to="/auth" $variant="gold" $size="sm">
                {T.login}
              </ButtonLink>
            )}
            {/* A visitor's phone gets the menu too: 'Planos' was reachable only by scrolling (issue 24). */}
            <MobileOnly>
              {menuButton(null)}
            </MobileOnly>
          </>
        )}
      </Inner>
      {status !== "loading" && (
        <Dialog open={menuOpen} onOpenChange={setMenuOpen} title={T.menuTitle} placement="right">
          {signedIn && (
            <SheetPlan>
              {T.currentPlan}: <PlanBadge plan={user.plan} />
            </SheetPlan>
          )}
          <SheetList>
            <li><SheetAnchor to="/#mural" onClick={() => setMenuOpen(false)}>{T.mural}</SheetAnchor></li>
            {signedIn && <li><SheetLink to="/mensagens" onClick={() => setMenuOpen(false)}>{T.messages}<UnreadBadge /></SheetLink></li>}
            {signedIn && <li><SheetLink to="/parceiras" onClick={() => setMenuOpen(false)}>{T.members}</SheetLink></li>}
            <li><SheetButton type="button" onClick={showPlans}>{T.plans}</SheetButton></li>
            {/* A visitor's 'Entrar' stays in the bar beside the menu. */}
            {signedIn && (
              <>
                <li><SheetLink to="/perfil" onClick={() => setMenuOpen(false)}>{T.profile}</SheetLink></li>
                {user.isSuperuser && <StaffLinks Link={SheetLink} Wrap="li" onNavigate={() => setMenuOpen(false)} />}
                <li><SheetButton type="button" onClick={onLogout}>{T.logout}</SheetButton></li>
              </>
            )}
          </SheetList>
        </Dialog>
      )}
    </Bar>
  );
}
