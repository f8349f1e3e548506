import type { InputHTMLAttributes, ReactNode } from "react";
import styled from "styled-components";

/** A multi-line text box matching TextInput. */
export const TextArea = styled.textarea<{ $invalid?: boolean }>`
  width: 100%;
  min-height: 140px;
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  border: 2px solid ${({ theme, $invalid }) => ($invalid ? theme.colors.danger : theme.colors.border)};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.fontSizes.md};
  line-height: ${({ theme }) => theme.lineHeights.normal};
  resize: vertical;
  &:focus {
    outline: none;
    border-color: ${({ theme }) => theme.colors.brand};
    box-shadow: 0 0 0 3px ${({ theme }) => theme.colors.goldLight};
  }
`;

export const Label = styled.label`
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  color: ${({ theme }) => theme.colors.text};
`;

export const Stack = styled.div<{ $gap?: "xs" | "sm" | "md" | "lg" }>`
  display: flex;
  flex-direction: column;
  gap: ${({ theme, $gap = "xs" }) => theme.space[$gap]};
`;

/** A field's error (or hint) line; `id` is what the control's aria-describedby points at. */
export const FieldMessage = styled.p<{ $error?: boolean }>`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: ${({ theme, $error }) => ($error ? theme.fontWeights.bold : theme.fontWeights.regular)};
  color: ${({ theme, $error }) => ($error ? theme.colors.danger : theme.colors.textMuted)};
`;

export type CounterLevel = "ok" | "warn" | "over";

export const counterLevel = (length: number, warnAbove: number, max: number): CounterLevel =>
  length > max ? "over" : length > warnAbove ? "warn" : "ok";

const CounterText = styled.span<{ $level: CounterLevel }>`
  align-self: flex-end;
  padding: 0.1em 0.6em;
  border-radius: ${({ theme }) => theme.radii.pill};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  font-variant-numeric: tabular-nums;
  color: ${({ theme, $level }) => ($level === "over" ? "#fff" : $level === "warn" ? theme.colors.warningText : theme.colors.textMuted)};
  background: ${({ theme, $level }) => ($level === "over" ? theme.colors.danger : $level === "warn" ? theme.colors.warningBg : "transparent")};
`;

/** 'n/max' that turns yellow above `warnAbove` and red above `max` (with a word, never colour alone). */
export function CharCounter({ length, max, warnAbove, id }: { length: number; max: number; warnAbove: number; id?: string }) {
  const level = counterLevel(length, warnAbove, max);
  return (
    <CounterText id={id} $level={level} data-level={level}>
      {length}/{max}
      {level === "over" ? " · acima do limite" : ""}
    </CounterText>
  );
}

const SwitchButton = styled.button`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.md};
  width: 100%;
  min-height: ${({ theme }) => theme.tapTarget};
  padding: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.md};
  border: 2px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  text-align: left;
  cursor: pointer;
  font-weight: ${({ theme }) => theme.fontWeights.semibold};

  &[aria-checked="true"] { border-color: ${({ theme }) => theme.colors.brand}; }
`;

const Track = styled.span`
  flex: none;
  position: relative;
  width: 52px;
  height: 30px;
  border-radius: 15px;
  background: ${({ theme }) => theme.colors.borderStrong};
  transition: background-color 0.15s ease;
  [aria-checked="true"] > & { background: ${({ theme }) => theme.colors.brand}; }

  &::after {
    content: "";
    position: absolute;
    top: 3px;
    left: 3px;
    width: 24px;
    height: 24px;
    border-radius: 50%;
    background: #fff;
    box-shadow: 0 1px 3px rgba(0, 0, 0, 0.3);
    transition: transform 0.15s ease;
  }
  [aria-checked="true"] > &::after { transform: translateX(22px); }
`;

const SwitchText = styled.span`
  display: flex;
  flex-direction: column;
  small {
    font-weight: ${({ theme }) => theme.fontWeights.regular};
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

/** An on/off switch (role switch) with its label and an optional line of explanation. */
export function Switch({
  checked,
  onChange,
  label,
  hint,
  id,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  label: string;
  hint?: string;
  id?: string;
}) {
  return (
    <SwitchButton id={id} type="button" role="switch" aria-checked={checked} onClick={() => onChange(!checked)}>
      <SwitchText>
        {label}
        {hint && <small>{hint}</small>}
      </SwitchText>
      <Track aria-hidden="true" />
    </SwitchButton>
  );
}

const CheckRow = styled.label`
  display: flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space.sm};
  min-height: ${({ theme }) => theme.tapTarget};
  padding: ${({ theme }) => theme.space.xs} 0;
  cursor: pointer;
  line-height: 1.35;

  input {
    flex: none;
    width: 22px;
    height: 22px;
    margin: 0;
    accent-color: ${({ theme }) => theme.colors.brand};
  }
`;

/** A native checkbox with its label, the whole row tappable. */
export function Checkbox({ label, ...input }: { label: ReactNode } & Omit<InputHTMLAttributes<HTMLInputElement>, "type">) {
  return (
    <CheckRow>
      <input type="checkbox" {...input} />
      <span>{label}</span>
    </CheckRow>
  );
}

export const Fieldset = styled.fieldset`
  border: none;
  margin: 0;
  padding: 0;
  min-width: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};

  legend {
    padding: 0;
    margin-bottom: ${({ theme }) => theme.space.xs};
    font-weight: ${({ theme }) => theme.fontWeights.bold};
  }
`;

const ChoiceLabel = styled.label`
  display: flex;
  gap: ${({ theme }) => theme.space.sm};
  align-items: flex-start;
  padding: ${({ theme }) => theme.space.md};
  border: 2px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  cursor: pointer;
  transition: border-color 0.15s ease, background-color 0.15s ease;

  &:has(input:checked) {
    border-color: ${({ theme }) => theme.colors.brand};
    background: ${({ theme }) => theme.colors.brandSoft};
  }
  &:has(input:focus-visible) {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
  &:has(input:disabled) {
    cursor: not-allowed;
    border-style: dashed;
    background: ${({ theme }) => theme.colors.surfaceAlt};
  }

  input {
    flex: none;
    width: 22px;
    height: 22px;
    margin: 2px 0 0;
    accent-color: ${({ theme }) => theme.colors.brand};
  }
  strong { display: block; color: ${({ theme }) => theme.colors.brandDark}; }
  span span { color: ${({ theme }) => theme.colors.textMuted}; font-size: ${({ theme }) => theme.fontSizes.sm}; }
  span em {
    display: block;
    margin-top: ${({ theme }) => theme.space.xxs};
    font-style: normal;
    font-size: ${({ theme }) => theme.fontSizes.sm};
    font-weight: ${({ theme }) => theme.fontWeights.bold};
    color: ${({ theme }) => theme.colors.brand};
  }
`;

/** A big radio option: a title and a short explanation, the whole card tappable. */
export function ChoiceCard({
  title,
  text,
  status,
  ...input
}: { title: string; text?: string; /** A short line under the text: a limit, or why it is not available. */ status?: string } & Omit<
  InputHTMLAttributes<HTMLInputElement>,
  "type"
>) {
  return (
    <ChoiceLabel>
      <input type="radio" {...input} />
      <span>
        <strong>{title}</strong>
        {text && <span>{text}</span>}
        {status && <em>{status}</em>}
      </span>
    </ChoiceLabel>
  );
}
