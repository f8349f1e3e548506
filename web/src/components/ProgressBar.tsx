import styled from "styled-components";

const Track = styled.div`
  height: 10px;
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.surfaceAlt};
  overflow: hidden;
  span {
    display: block;
    height: 100%;
    background: linear-gradient(90deg, ${({ theme }) => theme.colors.brand}, ${({ theme }) => theme.colors.gold});
    transition: width 0.3s ease;
  }
`;

/** A bar of work under way (0–100), read by screen readers as a progress bar with its label. */
export function ProgressBar({ value, label }: { value: number; label: string }) {
  const percent = Math.max(0, Math.min(100, Math.round(value)));
  return (
    <Track role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
      <span style={{ width: `${percent}%` }} />
    </Track>
  );
}
