import { useId, type InputHTMLAttributes, type ReactNode, type Ref, type SelectHTMLAttributes } from "react";
import styled, { css } from "styled-components";

const Wrapper = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
`;

const Label = styled.label`
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  color: ${({ theme }) => theme.colors.text};
`;

const Hint = styled.p<{ $error?: boolean }>`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme, $error }) => ($error ? theme.colors.danger : theme.colors.textMuted)};
`;

const control = css<{ $invalid?: boolean }>`
  width: 100%;
  min-height: 48px;
  padding: 0 ${({ theme }) => theme.space.md};
  border: 2px solid ${({ theme, $invalid }) => ($invalid ? theme.colors.danger : theme.colors.border)};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.fontSizes.lg};
  transition: border-color 0.15s ease, box-shadow 0.15s ease;

  &::placeholder { color: #8a7b85; }

  &:focus {
    outline: none;
    border-color: ${({ theme }) => theme.colors.brand};
    box-shadow: 0 0 0 3px ${({ theme }) => theme.colors.goldLight};
  }

  &:disabled { background: ${({ theme }) => theme.colors.surfaceAlt}; }
`;

export const TextInput = styled.input<{ $invalid?: boolean }>`
  ${control}
`;

const NativeSelect = styled.select<{ $invalid?: boolean }>`
  ${control}
  appearance: none;
  padding-right: 2.5rem;
  background-image: linear-gradient(45deg, transparent 50%, currentColor 50%),
    linear-gradient(135deg, currentColor 50%, transparent 50%);
  background-position: calc(100% - 20px) 50%, calc(100% - 14px) 50%;
  background-size: 6px 6px;
  background-repeat: no-repeat;
  font-size: ${({ theme }) => theme.fontSizes.md};
`;

interface FieldProps {
  label: string;
  hint?: ReactNode;
  error?: string | null;
}

/** A labelled text input with an optional hint and error, wired for screen readers. */
export function Field({
  label,
  hint,
  error,
  id,
  ...input
}: FieldProps & InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> }) {
  const generated = useId();
  const inputId = id ?? generated;
  const hintId = `${inputId}-hint`;
  const describedBy = error || hint ? hintId : undefined;
  return (
    <Wrapper>
      <Label htmlFor={inputId}>{label}</Label>
      <TextInput id={inputId} aria-describedby={describedBy} aria-invalid={error ? true : undefined} $invalid={!!error} {...input} />
      {(error || hint) && (
        <Hint id={hintId} $error={!!error}>
          {error ?? hint}
        </Hint>
      )}
    </Wrapper>
  );
}

/** A labelled native select: the phone's own picker is the most comfortable one-handed. */
/** Holds a select and what stands at its start (a flag): the select leaves it room. */
const SelectWithLeading = styled.div`
  position: relative;
  & > :first-child {
    position: absolute;
    left: ${({ theme }) => theme.space.md};
    top: 50%;
    transform: translateY(-50%);
    pointer-events: none;
  }
  select { padding-left: 3.25rem; }
`;

/**
 * A labelled native select with an optional hint and error. `leading`: drawn at its start, inside
 * the box (the chosen country's flag), decorative: the option's text says the same.
 */
export function Select({ label, hint, error, id, leading, children, ...select }: FieldProps & SelectHTMLAttributes<HTMLSelectElement> & { leading?: ReactNode }) {
  const generated = useId();
  const selectId = id ?? generated;
  const hintId = `${selectId}-hint`;
  const control = (
    <NativeSelect id={selectId} aria-describedby={error || hint ? hintId : undefined} aria-invalid={error ? true : undefined} $invalid={!!error} {...select}>
      {children}
    </NativeSelect>
  );
  return (
    <Wrapper>
      <Label htmlFor={selectId}>{label}</Label>
      {leading ? (
        <SelectWithLeading>
          {leading}
          {control}
        </SelectWithLeading>
      ) : (
        control
      )}
      {(error || hint) && (
        <Hint id={hintId} $error={!!error}>
          {error ?? hint}
        </Hint>
      )}
    </Wrapper>
  );
}
