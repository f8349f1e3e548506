import styled from "styled-components";

const Track = styled.div`
  height: 8px;
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.surfaceAlt};
  overflow: hidden;
  span {
    display: block;
    height: 100%;
    background: linear-gradient(90deg, ${({ theme }) => theme.colors.brand}, ${({ theme }) => theme.colors.gold});
    transition: width 0.2s ease;
  }
`;

/**
 * A bar of work under way, read by screen readers as a progress bar with its label: a percentage
 * (0–100, the default) or a step of `max` (the offer form's steps, from 1).
 */
export function ProgressBar({ value, label, min = 0, max = 100 }: { value: number; label: string; min?: number; max?: number }) {
  const now = Math.max(min, Math.min(max, Math.round(value)));
  return (
    <Track role="progressbar" aria-label={label} aria-valuemin={min} aria-valuemax={max} aria-valuenow={now}>
      <span style={{ width: `${(now / max) * 100}%` }} />
    </Track>
  );
}
