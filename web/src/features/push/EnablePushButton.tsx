import { useApolloClient } from "@apollo/client/react";
import { PUSH_TEXTS } from "@clube-coroa/schema";
import { useEffect, useState } from "react";
import styled from "styled-components";
import { Button } from "../../components/Button";
import { disablePush, enablePush, pushState, type PushState } from "./push";

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
`;

const Note = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};
  line-height: 1.4;
`;

/**
 * 'Ativar notificações no celular' (issue 29): asks the browser's permission only when she taps it,
 * then subscribes this browser; once on, 'Desativar notificações no celular'. Used under the
 * composer (the invitation) and on 'Notificações' of /perfil.
 */
export function EnablePushButton({ onChange }: { onChange?: (state: PushState) => void }) {
  const client = useApolloClient();
  const [state, setState] = useState<PushState | null>(null);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    pushState().then(
      (current) => live && setState(current),
      () => live && setState("off"),
    );
    return () => {
      live = false;
    };
  }, []);

  const run = async (action: () => Promise<PushState>) => {
    setBusy(true);
    setFailed(false);
    try {
      const next = await action();
      setState(next);
      onChange?.(next);
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  if (state === null) return null;
  if (state === "unsupported") return <Note>{PUSH_TEXTS.unsupported}</Note>;
  if (state === "unavailable") return <Note>{PUSH_TEXTS.off}</Note>;
  return (
    <Row>
      {state === "on" ? (
        <>
          <Note role="status">{PUSH_TEXTS.enabled}</Note>
          <Button $variant="outline" $size="sm" disabled={busy} onClick={() => void run(() => disablePush(client))}>
            {PUSH_TEXTS.disable}
          </Button>
        </>
      ) : (
        <Button $size="sm" disabled={busy || state === "denied"} aria-describedby={state === "denied" ? "push-denied" : undefined} onClick={() => void run(() => enablePush(client))}>
          {PUSH_TEXTS.enable}
        </Button>
      )}
      {state === "denied" && <Note id="push-denied">{PUSH_TEXTS.denied}</Note>}
      {failed && <Note role="alert">{PUSH_TEXTS.failed}</Note>}
    </Row>
  );
}
