import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ThemeProvider } from "styled-components";
import { describe, expect, it, vi } from "vitest";
import { theme } from "../styles/theme";
import { ErrorBoundary } from "./ErrorBoundary";

function Broken(): never {
  throw new Error("boom");
}

describe("ErrorBoundary", () => {
  it("shows the error screen and 'Recarregar Plataforma' clears storage and reloads", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    localStorage.setItem("clubecoroa_user", "{}");
    const reload = vi.fn();
    render(
      <ThemeProvider theme={theme}>
        <ErrorBoundary onReload={reload}>
          <Broken />
        </ErrorBoundary>
      </ThemeProvider>,
    );

    expect(screen.getByRole("heading", { name: "Ops! Algo deu errado" })).toBeInTheDocument();
    expect(screen.getByText("A página encontrou um erro inesperado. Vamos tentar corrigir isso para você.")).toBeInTheDocument();
    expect(screen.getByText("Se o problema persistir, entre em contato com nosso suporte.")).toBeInTheDocument();
    expect(reload).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole("button", { name: "Recarregar Plataforma" }));
    expect(reload).toHaveBeenCalledTimes(1);
    expect(localStorage.length).toBe(0);
  });

  it("renders its children when nothing breaks", () => {
    render(
      <ThemeProvider theme={theme}>
        <ErrorBoundary>
          <p>tudo bem</p>
        </ErrorBoundary>
      </ThemeProvider>,
    );
    expect(screen.getByText("tudo bem")).toBeInTheDocument();
    expect(screen.queryByText("Ops! Algo deu errado")).not.toBeInTheDocument();
  });
});
