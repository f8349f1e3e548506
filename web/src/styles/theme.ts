import type { PlanName } from "@clube-coroa/schema";

/** Plan colours of the offer cards and the plan badge (spec part 1): background and readable text. */
export const planColours: Record<PlanName, { bg: string; fg: string }> = {
  imperatriz: { bg: "#6a2c9e", fg: "#ffffff" },
  majestade: { bg: "#7a4a1f", fg: "#ffffff" },
  alteza: { bg: "#e3b341", fg: "#3a2800" },
  nobreza: { bg: "#8e1c24", fg: "#ffffff" },
};
export const fallbackPlanColour = { bg: "#5f5560", fg: "#ffffff" };

export const theme = {
  colors: {
    brand: "#5b1f45",
    brandDark: "#3e112f",
    brandHover: "#4b1739",
    brandSoft: "#f4e8ef",
    gold: "#d9a93f",
    goldLight: "#f2d58a",
    goldDeep: "#805b0e",
    background: "#faf6f1",
    surface: "#ffffff",
    surfaceAlt: "#f3ece6",
    border: "#e4d9d0",
    borderStrong: "#b9a8b3",
    text: "#2b1d27",
    textMuted: "#65545f",
    textOnBrand: "#ffffff",
    danger: "#b3261e",
    dangerSoft: "#fdecea",
    success: "#1e6b45",
    warningBg: "#fff1b8",
    warningText: "#4d3800",
    focus: "#d9a93f",
  },
  plans: planColours,
  fonts: {
    heading: "'Playfair Display', Georgia, 'Times New Roman', serif",
    body: "'Nunito Variable', system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif",
  },
  fontSizes: {
    xs: "0.75rem",
    sm: "0.875rem",
    md: "1rem",
    lg: "1.125rem",
    xl: "1.375rem",
    xxl: "1.75rem",
    display: "2.25rem",
    hero: "3rem",
  },
  fontWeights: { regular: 400, semibold: 600, bold: 700, heavy: 800 },
  lineHeights: { tight: 1.2, normal: 1.5 },
  space: {
    xxs: "0.25rem",
    xs: "0.5rem",
    sm: "0.75rem",
    md: "1rem",
    lg: "1.5rem",
    xl: "2rem",
    xxl: "3rem",
    xxxl: "4.5rem",
  },
  radii: { sm: "8px", md: "12px", lg: "20px", pill: "999px" },
  shadows: {
    sm: "0 1px 2px rgba(62, 17, 47, 0.08)",
    md: "0 6px 18px rgba(62, 17, 47, 0.10)",
    lg: "0 18px 48px rgba(62, 17, 47, 0.18)",
  },
  breakpoints: { sm: "480px", md: "768px", lg: "1024px" },
  media: {
    sm: "@media (min-width: 480px)",
    md: "@media (min-width: 768px)",
    lg: "@media (min-width: 1024px)",
  },
  tapTarget: "44px",
  maxWidth: "1120px",
  zIndex: { nav: 20, banner: 19, overlay: 50, toast: 60 },
} as const;

export type AppTheme = typeof theme;
