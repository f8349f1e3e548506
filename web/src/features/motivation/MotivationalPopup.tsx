import { useEffect, useState } from "react";
import { useLocation, useNavigate } from "react-router-dom";
import styled from "styled-components";
import { Button } from "../../components/Button";
import { Crown } from "../../components/Crown";
import { LazyDialog as Dialog } from "../../components/LazyDialog";
import { requestOfferDialog } from "../../lib/offerDialogSignal";
import { useSession } from "../session";
import { MOTIVATION_DELAY_MS, isMotivationDue, markShown, pickPhrase, readLastShown } from "./motivationSchedule";
import { MOTIVATIONAL_PHRASES } from "./phrases";

export const MOTIVATION_TEXTS = {
  title: "Hora de Brilhar!",
  create: "Criar Minha Oferta Agora!",
  explore: "Explorar Ofertas Primeiro",
} as const;

const Seal = styled.div`
  display: grid;
  place-items: center;
  width: 64px;
  height: 64px;
  margin: 0 auto ${({ theme }) => theme.space.md};
  border-radius: 50%;
  background: ${({ theme }) => theme.colors.brand};
  color: ${({ theme }) => theme.colors.gold};
  box-shadow: 0 0 0 6px ${({ theme }) => theme.colors.brandSoft};
`;

const Quote = styled.p`
  margin: 0 0 ${({ theme }) => theme.space.lg};
  text-align: center;
  font-family: ${({ theme }) => theme.fonts.heading};
  font-size: ${({ theme }) => theme.fontSizes.xl};
  line-height: 1.35;
  color: ${({ theme }) => theme.colors.brandDark};
`;

const Actions = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
`;

/** Pages where the popup never interrupts: staff pages, the sign-in itself and the profile form. */
const quietPath = (pathname: string) => /^\/(admin|auth|perfil)/.test(pathname);

/**
 * Whether she is busy with something else: a dialog is open (the proposal form, the new-message
 * popup, the menu) or she is typing in a field (a message, a filter). The popup waits its turn.
 */
function busyElsewhere(): boolean {
  if (document.querySelector('[role="dialog"], [role="alertdialog"]')) return true;
  const active = document.activeElement;
  return !!active && (active.matches("input, textarea, select") || (active as HTMLElement).isContentEditable);
}

/**
 * 'Hora de Brilhar!' (spec part 2 §4): for signed-in members, 3 s after the app is up, at most once
 * per 24 h (the display time is kept under `lastMotivationalPopup`), with one of the 50 phrases.
 * Not before her profile is complete (it invites her to publish, which needs one), and never over a
 * form or a dialog (issue 24): while she is busy it waits another 3 s, and so on.
 */
export function MotivationalPopup() {
  const { status, confirmed, user } = useSession();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [phrase, setPhrase] = useState<string | null>(null);
  const eligible = status === "authenticated" && confirmed && !!user?.profileComplete && !quietPath(pathname);

  useEffect(() => {
    if (!eligible) return;
    let timer: ReturnType<typeof setTimeout>;
    const due = () => {
      const now = Date.now();
      if (!isMotivationDue(now, readLastShown())) return;
      if (busyElsewhere()) {
        timer = setTimeout(due, MOTIVATION_DELAY_MS);
        return;
      }
      markShown(now);
      setPhrase(pickPhrase(MOTIVATIONAL_PHRASES));
    };
    timer = setTimeout(due, MOTIVATION_DELAY_MS);
    return () => clearTimeout(timer);
  }, [eligible]);

  const close = () => setPhrase(null);
  const create = () => {
    close();
    requestOfferDialog();
    if (pathname !== "/") navigate("/");
  };
  const explore = () => {
    close();
    navigate({ pathname: "/", hash: "#mural" });
  };

  return (
    <Dialog open={phrase !== null} onOpenChange={(open) => !open && close()} title={MOTIVATION_TEXTS.title}>
      <Seal aria-hidden="true">
        <Crown size={34} />
      </Seal>
      <Quote>{phrase}</Quote>
      <Actions>
        <Button $variant="gold" $size="lg" onClick={create}>
          {MOTIVATION_TEXTS.create}
        </Button>
        <Button $variant="outline" onClick={explore}>
          {MOTIVATION_TEXTS.explore}
        </Button>
      </Actions>
    </Dialog>
  );
}
