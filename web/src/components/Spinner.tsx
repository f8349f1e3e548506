import styled, { keyframes } from "styled-components";

const spin = keyframes`to { transform: rotate(360deg); }`;
const shimmer = keyframes`
  0% { background-position: -200px 0; }
  100% { background-position: calc(200px + 100%) 0; }
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
  display: block;
  width: ${({ $width = "100%" }) => $width};
  height: ${({ $height = "1em" }) => $height};
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.surfaceAlt}
    linear-gradient(90deg, transparent, rgba(255, 255, 255, 0.6), transparent) no-repeat;
  background-size: 200px 100%;
  animation: ${shimmer} 1.2s ease-in-out infinite;
`;
