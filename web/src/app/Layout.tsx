import { Suspense, useEffect, type ReactNode } from "react";
import { Link, useLocation } from "react-router-dom";
import styled from "styled-components";
import { PRODUCT_NAME, TEXTS } from "@clube-coroa/schema";
import { PageSkeleton } from "../components/PageSkeleton";
import { WEB_TEXTS } from "../lib/texts";
import { useSession } from "../features/session/SessionProvider";
import { TopNav } from "./TopNav";

const F = WEB_TEXTS.footer;

const SkipLink = styled.a`
  position: absolute;
  left: -999px;
  top: 0;
  z-index: 100;
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  background: ${({ theme }) => theme.colors.gold};
  color: ${({ theme }) => theme.colors.brandDark};
  font-weight: 700;
  &:focus { left: ${({ theme }) => theme.space.md}; }
`;

const Banner = styled.div`
  background: ${({ theme }) => theme.colors.warningBg};
  color: ${({ theme }) => theme.colors.warningText};
  border-bottom: 1px solid #e8cf6a;
`;

const BannerInner = styled.p`
  max-width: ${({ theme }) => theme.maxWidth};
  margin: 0 auto;
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.md};
  font-weight: 600;
  text-align: center;

  a {
    display: inline-flex;
    align-items: center;
    min-height: ${({ theme }) => theme.tapTarget};
    color: ${({ theme }) => theme.colors.warningText};
    font-weight: 800;
  }
`;

const Main = styled.main`
  min-height: calc(100vh - 64px - 96px);
`;

const Footer = styled.footer`
  padding: ${({ theme }) => theme.space.xl} ${({ theme }) => theme.space.md};
  text-align: center;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  a { display: inline-block; padding: 12px 8px; color: ${({ theme }) => theme.colors.brand}; font-weight: 700; }
`;

/**
 * The yellow banner of part 2 §2 for a signed-in member whose profile is incomplete. Not on the
 * sign-in page, which she is leaving: there it would push the form down under her finger while it
 * says 'Verificando...' (issue 15).
 */
function IncompleteProfileBanner() {
  const { status, user } = useSession();
  const { pathname } = useLocation();
  if (status !== "authenticated" || !user || user.profileComplete || pathname === "/auth") return null;
  return (
    <Banner role="region" aria-label="Aviso de perfil">
      <BannerInner>
        <span>{TEXTS.incompleteBanner}</span>
        <Link to="/perfil">{TEXTS.incompleteBannerLink}</Link>
      </BannerInner>
    </Banner>
  );
}

/**
 * Routes do not scroll to `#anchors` by themselves; this does, after the page has painted. A new page
 * starts at the top, unless the navigation only rewrote the address of the page she is on
 * (`state: { keepScroll: true }`, e.g. the board's search words as she types).
 */
function ScrollToHash() {
  const { pathname, hash, key, state } = useLocation();
  const keepScroll = (state as { keepScroll?: boolean } | null)?.keepScroll === true;
  useEffect(() => {
    if (keepScroll) return;
    if (!hash) {
      window.scrollTo?.(0, 0);
      return;
    }
    const frame = requestAnimationFrame(() => {
      document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView({ block: "start" });
    });
    return () => cancelAnimationFrame(frame);
  }, [pathname, hash, key, keepScroll]);
  return null;
}

export function Layout({ children }: { children: ReactNode }) {
  return (
    <>
      <SkipLink href="#conteudo">Pular para o conteúdo</SkipLink>
      <ScrollToHash />
      <TopNav />
      <IncompleteProfileBanner />
      <Main id="conteudo" tabIndex={-1}>
        {/* A page whose code is on its way keeps its place under the navigation. */}
        <Suspense fallback={<PageSkeleton />}>{children}</Suspense>
      </Main>
      <Footer>
        {/* Terms, privacy (LGPD) and contact on every page (issue 24); their pages load when opened. */}
        <p>
          <Link to="/termos">{F.terms}</Link>
          <Link to="/privacidade">{F.privacy}</Link>
          <Link to="/privacidade#contato">{F.contact}</Link>
        </p>
        © {new Date().getFullYear()} {PRODUCT_NAME} · {WEB_TEXTS.tagline}
      </Footer>
    </>
  );
}
