import styled from "styled-components";
import { Button } from "./Button";
import { Dialog } from "./Dialog";

const Buttons = styled.div`
  display: flex;
  flex-wrap: wrap-reverse;
  gap: ${({ theme }) => theme.space.sm};
  margin-top: ${({ theme }) => theme.space.md};
  & > * { flex: 1 1 140px; }
`;

interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  text: string;
  confirmLabel: string;
  busyLabel?: string;
  cancelLabel: string;
  busy?: boolean;
  tone?: "danger" | "primary";
  onConfirm: () => void;
}

/** A yes/no question before something that cannot be undone; 'Cancelar' is the safe default. */
export function ConfirmDialog({ open, onOpenChange, title, text, confirmLabel, busyLabel, cancelLabel, busy = false, tone = "danger", onConfirm }: ConfirmDialogProps) {
  return (
    <Dialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)} title={title} description={text} closeLabel="Fechar janela">
      <Buttons>
        <Button $variant="outline" onClick={() => onOpenChange(false)} disabled={busy}>
          {cancelLabel}
        </Button>
        <Button $variant={tone} onClick={onConfirm} disabled={busy} aria-busy={busy}>
          {busy && busyLabel ? busyLabel : confirmLabel}
        </Button>
      </Buttons>
    </Dialog>
  );
}
