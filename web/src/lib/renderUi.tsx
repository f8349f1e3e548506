import { render, screen, within } from "@testing-library/react";
import type { ReactElement } from "react";
import { ThemeProvider } from "styled-components";
import { ToastProvider } from "../components/Toast";
import { theme } from "../styles/theme";

/** Test helper: renders a presentational component with the theme and the toast provider. */
export function renderUi(ui: ReactElement) {
  return render(
    <ThemeProvider theme={theme}>
      <ToastProvider>{ui}</ToastProvider>
    </ThemeProvider>,
  );
}

/**
 * Test helper: finds a text inside the toast region. An open modal hides the rest of the page from
 * the accessibility tree (Radix announces the toast through its own live region), hence `hidden`.
 */
export async function findToastText(text: string | RegExp) {
  return within(await screen.findByRole("region", { name: /Notificações/, hidden: true })).findByText(text);
}
