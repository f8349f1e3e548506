import styled from "styled-components";
import type { PlanName } from "@clube-coroa/schema";
import { PlanBadge } from "../../components/Badge";
import { Button, ButtonLink } from "../../components/Button";
import { Crown } from "../../components/Crown";
import { Dialog } from "../../components/Dialog";
import { usePlans } from "../plans";
import type { ReturnState } from "../../lib/returnTo";
import { BOARD_TEXTS, type RestrictedAction } from "./boardTexts";
import { INVITE_TEXTS, type InviteAction } from "./inviteTexts";

const T = BOARD_TEXTS;

const Body = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  text-align: center;
`;

const Mark = styled.span`
  display: grid;
  place-items: center;
  width: 72px;
  height: 72px;
  border-radius: 50%;
  background: ${({ theme }) => theme.colors.brandSoft};
  color: ${({ theme }) => theme.colors.gold};
`;

const Message = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.lg};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  color: ${({ theme }) => theme.colors.text};
`;

const Upgrade = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Buttons = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  width: 100%;
  margin-top: ${({ theme }) => theme.space.sm};
`;

/** Closes the dialog and opens the plans modal in its place. */
function useSeePlans(close: () => void) {
  const { openPlans } = usePlans();
  return () => {
    close();
    openPlans();
  };
}

export interface PlanLimit {
  message: string;
  upgradeMessage: string;
}

/** The server refused a publication by plan: 'Limitação do Plano' with its own words (spec part 2). */
export function PlanLimitDialog({ limit, onClose }: { limit: PlanLimit | null; onClose: () => void }) {
  const seePlans = useSeePlans(onClose);
  return (
    <Dialog open={!!limit} onOpenChange={(open) => !open && onClose()} title={T.planLimit.title} closeLabel="Fechar janela">
      {limit && (
        <Body>
          <Mark>
            <Crown size={36} />
          </Mark>
          <Message>{limit.message}</Message>
          {limit.upgradeMessage && <Upgrade>{limit.upgradeMessage}</Upgrade>}
          <Buttons>
            <Button $variant="gold" $size="lg" $block onClick={seePlans}>
              {T.planLimit.plans}
            </Button>
            <Button $variant="outline" $block onClick={onClose}>
              {T.planLimit.close}
            </Button>
          </Buttons>
        </Body>
      )}
    </Dialog>
  );
}

export interface UpgradePrompt {
  action: RestrictedAction;
  target: PlanName;
}

/** A restricted action (contact, message, view_profile, unlimited_posts): invite to the next plan. */
export function UpgradePromptDialog({ prompt, onClose }: { prompt: UpgradePrompt | null; onClose: () => void }) {
  const seePlans = useSeePlans(onClose);
  return (
    <Dialog
      open={!!prompt}
      onOpenChange={(open) => !open && onClose()}
      title={prompt ? T.upgrade.title(prompt.target) : ""}
      closeLabel="Fechar janela"
    >
      {prompt && (
        <Body>
          <Mark>
            <Crown size={36} />
          </Mark>
          <PlanBadge plan={prompt.target} />
          <Message>{T.upgrade.text[prompt.action]}</Message>
          <Upgrade>{T.upgrade.benefit(prompt.target)}</Upgrade>
          <Buttons>
            <Button $variant="gold" $size="lg" $block onClick={seePlans}>
              {T.upgrade.cta(prompt.target)}
            </Button>
            <Button $variant="outline" $block onClick={onClose}>
              {T.upgrade.later}
            </Button>
          </Buttons>
        </Body>
      )}
    </Dialog>
  );
}

export interface SignInInvitation {
  action: InviteAction;
  /** The card she acted on: she comes back to it after signing in. */
  offerId?: number;
}

/**
 * A visitor tried something members do (like, contact, report, publish): an invitation to sign in,
 * not an error (issue 24). Signing in brings her back to the card, or to the board.
 */
export function SignInInviteDialog({ invitation, onClose }: { invitation: SignInInvitation | null; onClose: () => void }) {
  const I = INVITE_TEXTS;
  // The card's element is `oferta-{id}` (OfferCard); the sign-in page goes back there.
  const back: ReturnState = { returnTo: invitation?.offerId === undefined ? "/#mural" : `/#oferta-${invitation.offerId}` };
  return (
    <Dialog
      open={!!invitation}
      onOpenChange={(open) => !open && onClose()}
      title={invitation ? I.title[invitation.action] : ""}
      closeLabel={I.close}
    >
      {invitation && (
        <Body>
          <Mark>
            <Crown size={36} />
          </Mark>
          <Message>{I.text}</Message>
          {invitation.offerId !== undefined && <Upgrade>{I.back}</Upgrade>}
          <Buttons>
            <ButtonLink to="/auth" state={back} $variant="gold" $size="lg" $block onClick={onClose}>
              {I.signIn}
            </ButtonLink>
            <Button $variant="outline" $block onClick={onClose}>
              {I.later}
            </Button>
          </Buttons>
        </Body>
      )}
    </Dialog>
  );
}
