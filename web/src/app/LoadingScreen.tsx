import styled, { keyframes } from "styled-components";
import { TEXTS } from "@clube-coroa/schema";
import { Crown } from "../components/Crown";

const pulse = keyframes`
  0%, 100% { transform: scale(1); opacity: 1; }
  50% { transform: scale(1.08); opacity: 0.8; }
`;

const Screen = styled.div`
  min-height: 100vh;
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space.md};
  background: radial-gradient(circle at 50% 35%, ${({ theme }) => theme.colors.brand}, ${({ theme }) => theme.colors.brandDark});
  color: ${({ theme }) => theme.colors.goldLight};
`;

const Mark = styled.div`
  animation: ${pulse} 1.6s ease-in-out infinite;
`;

const Text = styled.p`
  font-family: ${({ theme }) => theme.fonts.heading};
  font-size: ${({ theme }) => theme.fontSizes.xl};
  color: #fff;
`;

export function LoadingScreen() {
  return (
    <Screen role="status" aria-live="polite">
      <Mark>
        <Crown size={56} />
      </Mark>
      <Text>{TEXTS.loading}</Text>
    </Screen>
  );
}
