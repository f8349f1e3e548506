import { createGlobalStyle } from "styled-components";
// Nunito in one variable file (every weight, 39 KB) rather than four static weights (66 KB): on a slow
// phone the fonts share the network with the code the board needs to come alive (issue 24 item 16).
import "@fontsource-variable/nunito/wght.css";
import "@fontsource/playfair-display/latin-600.css";
import "@fontsource/playfair-display/latin-700.css";

export const GlobalStyle = createGlobalStyle`
  *, *::before, *::after { box-sizing: border-box; }

  html {
    -webkit-text-size-adjust: 100%;
    scroll-behavior: smooth;
    scroll-padding-top: 80px;
  }

  body {
    margin: 0;
    min-height: 100vh;
    background: ${({ theme }) => theme.colors.background};
    color: ${({ theme }) => theme.colors.text};
    font-family: ${({ theme }) => theme.fonts.body};
    font-size: ${({ theme }) => theme.fontSizes.md};
    line-height: ${({ theme }) => theme.lineHeights.normal};
    -webkit-font-smoothing: antialiased;
  }

  h1, h2, h3, h4 {
    font-family: ${({ theme }) => theme.fonts.heading};
    line-height: ${({ theme }) => theme.lineHeights.tight};
    margin: 0;
    color: ${({ theme }) => theme.colors.brandDark};
  }

  p { margin: 0; }

  a { color: ${({ theme }) => theme.colors.brand}; }

  button, input, select, textarea { font: inherit; color: inherit; }

  :focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }

  img, svg { display: block; max-width: 100%; }

  /* A tap taken before the app is live (schema/src/earlyTaps.ts): the button shows it waits. */
  @keyframes early-tap-wait { from { opacity: 1; } to { opacity: 0.55; } }
  [data-early-pending] {
    cursor: progress;
    animation: early-tap-wait 0.6s ease-in-out infinite alternate;
    box-shadow: 0 0 0 3px ${({ theme }) => theme.colors.gold};
  }

  @media (prefers-reduced-motion: reduce) {
    html { scroll-behavior: auto; }
    *, *::before, *::after { animation-duration: 0.01ms !important; transition-duration: 0.01ms !important; }
  }
`;
