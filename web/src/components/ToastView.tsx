import * as RadixToast from "@radix-ui/react-toast";
import styled, { css, keyframes } from "styled-components";
import { TIMINGS } from "@clube-coroa/schema";
import { WEB_TEXTS } from "../lib/texts";
import type { CurrentToast, ToastVariant } from "./toastTypes";

const slideIn = keyframes`from { transform: translateY(16px); opacity: 0; } to { transform: translateY(0); opacity: 1; }`;
const slideOut = keyframes`from { transform: translateX(var(--radix-toast-swipe-end-x)); } to { transform: translateX(110%); }`;

/** A modal dialog on screen (Radix's; the new-message card says aria-modal="false"). */
const DIALOG_OPEN = `[role="dialog"][data-state="open"]:not([aria-modal="false"])`;

/*
 * Toasts never cover an action (issue 24). At the bottom of the screen by default, above what a page
 * marks as its own bottom bar (the message box writes --toast-clearance, see Thread); while a dialog is
 * open, at the top left, clear of the dialog's buttons at its foot and of its close button at the top
 * right (88 px: the close button's 44 px, the dialog's padding and margin).
 */
const Viewport = styled(RadixToast.Viewport)`
  position: fixed;
  bottom: var(--toast-clearance, 0px);
  right: 0;
  left: 0;
  z-index: ${({ theme }) => theme.zIndex.toast};
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
  padding: ${({ theme }) => theme.space.md};
  margin: 0 auto;
  width: 100%;
  max-width: 440px;
  list-style: none;
  outline: none;

  ${({ theme }) => theme.media.md} {
    left: auto;
    margin: 0;
  }

  body:has(${DIALOG_OPEN}) & {
    top: 0;
    bottom: auto;
    left: 0;
    right: auto;
    margin: 0;
    padding: ${({ theme }) => theme.space.xs};
    max-width: min(440px, calc(100% - 88px));
  }
`;

const Root = styled(RadixToast.Root)<{ $variant: ToastVariant }>`
  display: grid;
  grid-template-columns: 1fr auto;
  gap: ${({ theme }) => theme.space.xxs} ${({ theme }) => theme.space.sm};
  align-items: start;
  padding: ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radii.md};
  box-shadow: ${({ theme }) => theme.shadows.lg};
  border-left: 6px solid ${({ theme }) => theme.colors.gold};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  ${({ $variant, theme }) =>
    $variant === "destructive" &&
    css`
      background: ${theme.colors.danger};
      border-left-color: #7a120d;
      color: #fff;
    `}

  &[data-state="open"] { animation: ${slideIn} 0.2s ease-out; }
  &[data-state="closed"] { animation: ${slideOut} 0.15s ease-in; }
  &[data-swipe="move"] { transform: translateX(var(--radix-toast-swipe-move-x)); }
  &[data-swipe="cancel"] { transform: translateX(0); transition: transform 0.2s ease-out; }
  &[data-swipe="end"] { animation: ${slideOut} 0.15s ease-out; }
`;

const Title = styled(RadixToast.Title)`
  grid-column: 1;
  font-weight: ${({ theme }) => theme.fontWeights.heavy};
`;

const Description = styled(RadixToast.Description)`
  grid-column: 1;
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const Close = styled(RadixToast.Close)`
  grid-column: 2;
  grid-row: 1 / span 2;
  width: ${({ theme }) => theme.tapTarget};
  height: ${({ theme }) => theme.tapTarget};
  margin: -${({ theme }) => theme.space.xs};
  border: none;
  background: transparent;
  color: inherit;
  font-size: 1.4rem;
  cursor: pointer;
`;

/** Radix toasts: one at a time, 5 s by default, swipe right to dismiss, F8 to reach them. */
export function ToastView({ current, open, onOpenChange }: { current: CurrentToast | null; open: boolean; onOpenChange: (open: boolean) => void }) {
  const variant = current?.variant ?? "default";
  return (
    <RadixToast.Provider
      swipeDirection="right"
      swipeThreshold={TIMINGS.toastSwipeThresholdPx}
      duration={TIMINGS.toastDurationMs}
      label={WEB_TEXTS.toast.label}
    >
      {current && (
        <Root
          key={current.id}
          open={open}
          onOpenChange={onOpenChange}
          duration={current.duration}
          type={variant === "destructive" ? "foreground" : "background"}
          $variant={variant}
          data-variant={variant}
        >
          <Title>{current.title}</Title>
          {current.description && <Description>{current.description}</Description>}
          <Close aria-label={WEB_TEXTS.toast.close}>×</Close>
        </Root>
      )}
      <Viewport hotkey={["F8"]} label={WEB_TEXTS.toast.region} />
    </RadixToast.Provider>
  );
}
