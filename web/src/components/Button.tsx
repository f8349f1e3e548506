import styled, { css } from "styled-components";
import { Link } from "react-router-dom";

export type ButtonVariant = "primary" | "gold" | "outline" | "ghost" | "danger" | "light";
export type ButtonSize = "md" | "lg" | "sm";

interface StyleProps {
  $variant?: ButtonVariant;
  $size?: ButtonSize;
  $block?: boolean;
}

const variants = {
  primary: css`
    background: ${({ theme }) => theme.colors.brand};
    color: ${({ theme }) => theme.colors.textOnBrand};
    border-color: ${({ theme }) => theme.colors.brand};
    &:hover:not(:disabled) { background: ${({ theme }) => theme.colors.brandHover}; }
  `,
  gold: css`
    background: ${({ theme }) => theme.colors.gold};
    color: ${({ theme }) => theme.colors.brandDark};
    border-color: ${({ theme }) => theme.colors.gold};
    &:hover:not(:disabled) { background: ${({ theme }) => theme.colors.goldLight}; }
  `,
  outline: css`
    background: transparent;
    color: ${({ theme }) => theme.colors.brand};
    border-color: ${({ theme }) => theme.colors.brand};
    &:hover:not(:disabled) { background: ${({ theme }) => theme.colors.brandSoft}; }
  `,
  light: css`
    background: rgba(255, 255, 255, 0.08);
    color: #fff;
    border-color: rgba(255, 255, 255, 0.7);
    &:hover:not(:disabled) { background: rgba(255, 255, 255, 0.18); }
  `,
  ghost: css`
    background: transparent;
    color: ${({ theme }) => theme.colors.brand};
    border-color: transparent;
    &:hover:not(:disabled) { background: ${({ theme }) => theme.colors.brandSoft}; }
  `,
  danger: css`
    background: ${({ theme }) => theme.colors.danger};
    color: #fff;
    border-color: ${({ theme }) => theme.colors.danger};
  `,
};

const sizes = {
  sm: css`
    min-height: ${({ theme }) => theme.tapTarget};
    padding: 0 ${({ theme }) => theme.space.sm};
    font-size: ${({ theme }) => theme.fontSizes.sm};
  `,
  md: css`
    min-height: ${({ theme }) => theme.tapTarget};
    padding: 0 ${({ theme }) => theme.space.lg};
    font-size: ${({ theme }) => theme.fontSizes.md};
  `,
  lg: css`
    min-height: 52px;
    padding: 0 ${({ theme }) => theme.space.lg};
    font-size: ${({ theme }) => theme.fontSizes.lg};
  `,
};

export const buttonStyles = css<StyleProps>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space.xs};
  border: 2px solid transparent;
  border-radius: ${({ theme }) => theme.radii.pill};
  font-family: ${({ theme }) => theme.fonts.body};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  line-height: 1.2;
  text-align: center;
  text-decoration: none;
  cursor: pointer;
  transition: background-color 0.15s ease, transform 0.1s ease, box-shadow 0.15s ease;
  width: ${({ $block }) => ($block ? "100%" : "auto")};
  ${({ $variant = "primary" }) => variants[$variant]}
  ${({ $size = "md" }) => sizes[$size]}

  &:active:not(:disabled) { transform: translateY(1px); }

  &:disabled {
    cursor: not-allowed;
    opacity: 0.5;
  }
`;

/** A button; `$variant` and `$size` choose the look. Always at least 44 px tall. */
export const Button = styled.button.attrs<StyleProps>((props) => ({ type: props.type ?? "button" }))<StyleProps>`
  ${buttonStyles}
`;

/** A router link that looks like a button. */
export const ButtonLink = styled(Link)<StyleProps>`
  ${buttonStyles}
`;

/** A plain anchor (same-page hashes) that looks like a button. */
export const ButtonAnchor = styled.a<StyleProps>`
  ${buttonStyles}
`;
