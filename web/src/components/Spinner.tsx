import styled, { keyframes } from "styled-components";

const spin = keyframes`to { transform: rotate(360deg); }`;
// The light moves by a transform, which the compositor animates on its own: a background-position
// shimmer made the main thread repaint the whole page every frame (a placeholder on the home page's
// frame cost a slow phone 30–40% of its main thread while the app was starting, issue 24 item 16).
const shimmer = keyframes`
  from { transform: translateX(-100%); }
  to { transform: translateX(100%); }
`;

export const Spinner = styled.span.attrs({ "aria-hidden": true })<{ $size?: number }>`
  display: inline-block;
  width: ${({ $size = 20 }) => $size}px;
  height: ${({ $size = 20 }) => $size}px;
  border-radius: 50%;
  border: 3px solid currentColor;
  border-right-color: transparent;
  animation: ${spin} 0.8s linear infinite;
`;

/** A grey placeholder block for content that is on its way. */
export const Skeleton = styled.span.attrs({ "aria-hidden": true })<{ $width?: string; $height?: string }>`
  position: relative;
  display: block;
  overflow: hidden;
  width: ${({ $width = "100%" }) => $width};
  height: ${({ $height = "1em" }) => $height};
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.surfaceAlt};
  &::after {
    content: "";
    position: absolute;
    inset: 0;
    background: linear-gradient(90deg, transparent, rgba(255, 255, 255, 0.6), transparent);
    transform: translateX(-100%);
    animation: ${shimmer} 1.2s ease-in-out infinite;
  }
`;
