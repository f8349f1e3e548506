import { Component, type ErrorInfo, type ReactNode } from "react";
import styled from "styled-components";
import { TEXTS } from "@clube-coroa/schema";
import { Button } from "../components/Button";
import { Crown } from "../components/Crown";
import { clearAllStorage } from "./reload";

const Screen = styled.main`
  min-height: 100vh;
  display: grid;
  place-items: center;
  padding: ${({ theme }) => theme.space.lg};
  background: ${({ theme }) => theme.colors.background};
`;

const Card = styled.div`
  max-width: 440px;
  text-align: center;
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.xl} ${({ theme }) => theme.space.lg};
  background: ${({ theme }) => theme.colors.surface};
  border-radius: ${({ theme }) => theme.radii.lg};
  box-shadow: ${({ theme }) => theme.shadows.md};
  color: ${({ theme }) => theme.colors.brand};
`;

const Muted = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const Text = styled.p`
  color: ${({ theme }) => theme.colors.text};
`;

interface Props {
  children: ReactNode;
  /** Reloads the page; replaceable in tests. */
  onReload?: () => void;
}

/** The error screen of spec part 1 §2: shown when the interface crashes. */
export class ErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error("Interface error", error, info.componentStack);
  }

  private reload = () => {
    clearAllStorage();
    (this.props.onReload ?? (() => window.location.reload()))();
  };

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Screen>
        <Card role="alert">
          <Crown size={40} />
          <h1>{TEXTS.errorScreenTitle}</h1>
          <Text>{TEXTS.errorScreenText}</Text>
          <Button $size="lg" onClick={this.reload}>
            {TEXTS.errorScreenButton}
          </Button>
          <Muted>{TEXTS.errorScreenSupport}</Muted>
        </Card>
      </Screen>
    );
  }
}
