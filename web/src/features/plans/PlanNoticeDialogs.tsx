import styled from "styled-components";
import type { PlanName } from "@clube-coroa/schema";
import { PlanBadge } from "../../components/Badge";
import { Button } from "../../components/Button";
import { Crown } from "../../components/Crown";
import { Dialog } from "../../components/Dialog";
import { PLAN_TEXTS } from "./planTexts";

const Body = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  text-align: center;
  & > ol, & > div { align-self: stretch; text-align: left; }
`;

const Mark = styled.span`
  display: grid;
  place-items: center;
  width: 80px;
  height: 80px;
  border-radius: 50%;
  background: ${({ theme }) => theme.colors.brandSoft};
  color: ${({ theme }) => theme.colors.gold};
`;

const Message = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.lg};
  color: ${({ theme }) => theme.colors.text};
`;

const Buttons = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  width: 100%;
  margin-top: ${({ theme }) => theme.space.sm};
`;

/** Imperatriz is announced, not sold: an info dialog that registers her interest. */
export function ImperatrizDialog({ open, onClose, onNotify, busy }: { open: boolean; onClose: () => void; onNotify: () => void; busy: boolean }) {
  const T = PLAN_TEXTS.imperatriz;
  return (
    <Dialog open={open} onOpenChange={(o) => !o && onClose()} title={T.title} closeLabel="Fechar janela">
      <Body>
        <Mark>
          <Crown size={40} />
        </Mark>
        <PlanBadge plan="imperatriz" />
        <Message>{T.text}</Message>
        <Buttons>
          <Button $variant="gold" $size="lg" $block onClick={onNotify} disabled={busy} aria-busy={busy}>
            {busy ? PLAN_TEXTS.plans.notifying : PLAN_TEXTS.plans.notify}
          </Button>
          <Button $variant="outline" $block onClick={onClose}>
            {T.later}
          </Button>
        </Buttons>
      </Body>
    </Dialog>
  );
}

/** The thank-you once her interest in imperatriz is on record (a second time counts too). */
export function InterestThanksDialog({ open, already, onClose }: { open: boolean; already: boolean; onClose: () => void }) {
  const T = PLAN_TEXTS.imperatriz;
  return (
    <Dialog open={open} onOpenChange={(o) => !o && onClose()} title={T.thanksTitle} closeLabel="Fechar janela">
      <Body>
        <Mark>
          <Crown size={40} />
        </Mark>
        <Message>{already ? T.thanksAlready : T.thanksText}</Message>
        <Buttons>
          <Button $variant="primary" $block onClick={onClose}>
            {T.thanksClose}
          </Button>
        </Buttons>
      </Body>
    </Dialog>
  );
}

/**
 * 'Parabéns pela nova fase!': her payment is confirmed and the new plan is hers. It is the only
 * message then (issue 24): no progress list under it, and the session does not toast the change.
 */
export function CelebrationDialog({ plan, onClose }: { plan: PlanName | null; onClose: () => void }) {
  const T = PLAN_TEXTS.celebration;
  return (
    <Dialog open={!!plan} onOpenChange={(o) => !o && onClose()} title={T.title} closeLabel="Fechar janela">
      {plan && (
        <Body>
          <Mark>
            <Crown size={44} />
          </Mark>
          <PlanBadge plan={plan} />
          <Message>{T.text(plan)}</Message>
          <Buttons>
            <Button $variant="gold" $size="lg" $block onClick={onClose}>
              {T.go}
            </Button>
          </Buttons>
        </Body>
      )}
    </Dialog>
  );
}
