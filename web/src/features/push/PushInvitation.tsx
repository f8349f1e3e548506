import { PUSH_TEXTS } from "@clube-coroa/schema";
import styled from "styled-components";
import { Button } from "../../components/Button";
import { EnablePushButton } from "./EnablePushButton";

const Card = styled.aside`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
  margin: 0 ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: 12px;
  background: ${({ theme }) => theme.colors.brandSoft};
  color: ${({ theme }) => theme.colors.text};
  p {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.sm};
    line-height: 1.4;
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm};
`;

/**
 * The calm invitation under the composer after she sent a message (never on page load): why, the
 * button, and 'Agora não'. It goes away once push is on or she dismisses it.
 */
export function PushInvitation({ onClose }: { onClose: (dismissed: boolean) => void }) {
  return (
    <Card aria-label={PUSH_TEXTS.enable}>
      <p>{PUSH_TEXTS.enableHint}</p>
      <Actions>
        <EnablePushButton onChange={(state) => state === "on" && onClose(false)} />
        <Button $variant="ghost" $size="sm" onClick={() => onClose(true)}>
          {PUSH_TEXTS.dismiss}
        </Button>
      </Actions>
    </Card>
  );
}
