import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import styled from "styled-components";
import { IconButton } from "./IconButton";

export interface MenuAction {
  label: string;
  onSelect: () => void;
  tone?: "danger";
}

const Wrapper = styled.div`
  position: relative;
`;

const Trigger = styled(IconButton)`
  &:hover { background: ${({ theme }) => theme.colors.surfaceAlt}; }
`;

const List = styled.ul`
  position: absolute;
  right: 0;
  top: calc(100% + 4px);
  z-index: 5;
  min-width: 168px;
  margin: 0;
  padding: ${({ theme }) => theme.space.xxs} 0;
  list-style: none;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  box-shadow: ${({ theme }) => theme.shadows.md};
`;

const Item = styled.button<{ $danger?: boolean }>`
  display: block;
  width: 100%;
  min-height: ${({ theme }) => theme.tapTarget};
  padding: 0 ${({ theme }) => theme.space.md};
  border: none;
  background: transparent;
  text-align: left;
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  color: ${({ theme, $danger }) => ($danger ? theme.colors.danger : theme.colors.text)};
  cursor: pointer;
  &:hover, &:focus-visible { background: ${({ theme }) => theme.colors.brandSoft}; outline: none; }
`;

function Dots() {
  return (
    <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="12" cy="5" r="2" fill="currentColor" />
      <circle cx="12" cy="12" r="2" fill="currentColor" />
      <circle cx="12" cy="19" r="2" fill="currentColor" />
    </svg>
  );
}

/**
 * A '⋮' button opening a small menu (menu button pattern: arrows move, Escape closes and returns
 * focus, a click outside closes). Renders nothing without actions.
 */
export function OverflowMenu({
  label,
  actions,
  triggerProps,
}: {
  label: string;
  actions: MenuAction[];
  /** Extra attributes of the '⋮' button (the board's early-tap mark). */
  triggerProps?: Record<`data-${string}`, string>;
}) {
  const [open, setOpen] = useState(false);
  const wrapper = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const items = useRef<(HTMLButtonElement | null)[]>([]);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    items.current[0]?.focus();
    const onPointer = (event: PointerEvent) => {
      if (!wrapper.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointer);
    return () => document.removeEventListener("pointerdown", onPointer);
  }, [open]);

  if (actions.length === 0) return null;

  const close = () => {
    setOpen(false);
    trigger.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const index = items.current.findIndex((item) => item === document.activeElement);
    const move = (to: number) => items.current[(to + actions.length) % actions.length]?.focus();
    if (event.key === "Escape") {
      event.preventDefault();
      event.stopPropagation();
      close();
    } else if (event.key === "ArrowDown") {
      event.preventDefault();
      move(index + 1);
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      move(index - 1);
    } else if (event.key === "Home") {
      event.preventDefault();
      move(0);
    } else if (event.key === "End") {
      event.preventDefault();
      move(actions.length - 1);
    } else if (event.key === "Tab") {
      setOpen(false);
    }
  };

  return (
    <Wrapper ref={wrapper}>
      <Trigger
        ref={trigger}
        {...triggerProps}
        type="button"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((value) => !value)}
      >
        <Dots />
      </Trigger>
      {open && (
        <List id={menuId} role="menu" aria-label={label} onKeyDown={onKeyDown}>
          {actions.map((action, i) => (
            <li key={action.label} role="none">
              <Item
                ref={(node) => {
                  items.current[i] = node;
                }}
                type="button"
                role="menuitem"
                tabIndex={-1}
                $danger={action.tone === "danger"}
                onClick={() => {
                  close();
                  action.onSelect();
                }}
              >
                {action.label}
              </Item>
            </li>
          ))}
        </List>
      )}
    </Wrapper>
  );
}
