import * as RadixDialog from "@radix-ui/react-dialog";
import { useLayoutEffect, useRef, type ReactNode } from "react";
import styled, { css, keyframes } from "styled-components";

const fadeIn = keyframes`from { opacity: 0; } to { opacity: 1; }`;
const rise = keyframes`from { opacity: 0; transform: translate(-50%, -46%); } to { opacity: 1; transform: translate(-50%, -50%); }`;
const slideIn = keyframes`from { transform: translateX(100%); } to { transform: translateX(0); }`;

/** The height of a steady dialog on a screen tall enough (at most 88% of the screen). */
const STEADY_HEIGHT = "720px";

const Overlay = styled(RadixDialog.Overlay)`
  position: fixed;
  inset: 0;
  background: rgba(43, 29, 39, 0.55);
  z-index: ${({ theme }) => theme.zIndex.overlay};
  animation: ${fadeIn} 0.15s ease-out;
`;

const Content = styled(RadixDialog.Content)<{ $placement: "center" | "right"; $size: "md" | "lg"; $steady: boolean }>`
  position: fixed;
  z-index: ${({ theme }) => theme.zIndex.overlay + 1};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadows.lg};
  padding: ${({ theme }) => theme.space.lg};
  overflow-y: auto;

  ${({ $placement, $size, theme }) =>
    $placement === "center"
      ? css`
          top: 50%;
          left: 50%;
          transform: translate(-50%, -50%);
          width: ${$size === "lg" ? "min(94vw, 1040px)" : "min(92vw, 520px)"};
          max-height: 88vh;
          border-radius: ${theme.radii.lg};
          animation: ${rise} 0.18s ease-out;
        `
      : css`
          top: 0;
          right: 0;
          bottom: 0;
          width: min(86vw, 340px);
          border-radius: ${theme.radii.lg} 0 0 ${theme.radii.lg};
          animation: ${slideIn} 0.2s ease-out;
        `}
  ${({ $steady }) =>
    $steady &&
    css`
      /* One height whatever it shows (a multi-step form): what follows the header fills it. */
      height: min(88vh, ${STEADY_HEIGHT});
      display: flex;
      flex-direction: column;
      & > :last-child { flex: 1 0 auto; }
    `}
`;

const Header = styled.div`
  display: flex;
  align-items: flex-start;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.md};
  margin-bottom: ${({ theme }) => theme.space.md};
`;

const Title = styled(RadixDialog.Title)`
  font-size: ${({ theme }) => theme.fontSizes.xl};
`;

const Description = styled(RadixDialog.Description)<{ $tone: "muted" | "warning" }>`
  color: ${({ theme }) => theme.colors.textMuted};
  margin-bottom: ${({ theme }) => theme.space.md};
  ${({ $tone, theme }) =>
    $tone === "warning" &&
    css`
      padding: ${theme.space.sm} ${theme.space.md};
      border-left: 4px solid ${theme.colors.danger};
      border-radius: ${theme.radii.sm};
      background: ${theme.colors.warningBg};
      color: ${theme.colors.warningText};
      font-weight: ${theme.fontWeights.bold};
    `}
`;

const Close = styled(RadixDialog.Close)`
  flex: none;
  width: ${({ theme }) => theme.tapTarget};
  height: ${({ theme }) => theme.tapTarget};
  border: none;
  border-radius: 50%;
  background: ${({ theme }) => theme.colors.surfaceAlt};
  color: ${({ theme }) => theme.colors.text};
  font-size: 1.4rem;
  cursor: pointer;
`;

interface DialogProps {
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  title: string;
  description?: string;
  /** warning: the description is a caution to read before confirming (tinted, bold). */
  descriptionTone?: "muted" | "warning";
  trigger?: ReactNode;
  placement?: "center" | "right";
  /** lg: a wide centred dialog (the plans modal's four cards). */
  size?: "md" | "lg";
  closeLabel?: string;
  /** One height for everything it shows in turn (the proposal's six steps), so nothing jumps. */
  steady?: boolean;
  children?: ReactNode;
}

/** An accessible modal (focus trap, Escape, labelled by its title) on Radix Dialog. */
export function Dialog({ open, onOpenChange, title, description, descriptionTone = "muted", trigger, placement = "center", size = "md", closeLabel = "Fechar", steady = false, children }: DialogProps) {
  // What had the focus when it opened (the button that opened it): Radix returns the focus to its
  // own Trigger only, so a dialog opened by an ordinary button left it on the page body (issue 24).
  // A layout effect runs before Radix moves the focus into the dialog.
  const opener = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (!open || typeof document === "undefined") return;
    const active = document.activeElement;
    opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
  }, [open]);
  const returnFocus = (event: Event) => {
    const target = opener.current;
    opener.current = null;
    if (trigger || !target || !target.isConnected) return;
    event.preventDefault();
    target.focus({ preventScroll: true });
  };

  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      {trigger && <RadixDialog.Trigger asChild>{trigger}</RadixDialog.Trigger>}
      <RadixDialog.Portal>
        <Overlay />
        <Content $placement={placement} $size={size} $steady={steady} onCloseAutoFocus={returnFocus} {...(description ? {} : { "aria-describedby": undefined })}>
          <Header>
            <Title>{title}</Title>
            <Close aria-label={closeLabel}>×</Close>
          </Header>
          {description && <Description $tone={descriptionTone}>{description}</Description>}
          {children}
        </Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

export const DialogClose = RadixDialog.Close;
