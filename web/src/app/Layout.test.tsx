import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { ToastProvider } from "../components/Toast";
import { PlansProvider } from "../features/plans/PlansProvider";
import { SessionProvider } from "../features/session/SessionProvider";
import { preloadable } from "../lib/lazyComponent";
import { meIs, withProviders } from "../test/renderApp";
import { Layout } from "./Layout";

describe("a page whose code is on its way", () => {
  it("keeps the navigation and the footer and holds the page's place with a skeleton", async () => {
    let arrive!: (page: () => React.JSX.Element) => void;
    const page = preloadable(() => new Promise<() => React.JSX.Element>((resolve) => (arrive = resolve)));
    withProviders(
      <ToastProvider>
        <SessionProvider>
          <PlansProvider>
            <Layout>
              <page.Component />
            </Layout>
          </PlansProvider>
        </SessionProvider>
      </ToastProvider>,
      { Me: meIs(null) },
    );

    expect(await screen.findByRole("navigation", { name: "Principal" })).toBeInTheDocument();
    const main = screen.getByRole("main");
    expect(within(main).getByTestId("page-skeleton")).toHaveAttribute("aria-busy", "true");
    expect(screen.getByRole("contentinfo")).toHaveTextContent("Clube Coroa");

    await act(async () => arrive(() => <h1>Meu Perfil</h1>));
    expect(await within(main).findByRole("heading", { name: "Meu Perfil" })).toBeInTheDocument();
    expect(within(main).queryByTestId("page-skeleton")).not.toBeInTheDocument();
  });
});

describe("a visitor's header on a phone", () => {
  it("has the menu too, with the board and 'Planos', beside 'Entrar' (Planos was reachable only by scrolling)", async () => {
    const u = userEvent.setup();
    withProviders(
      <ToastProvider>
        <SessionProvider>
          <PlansProvider>
            <Layout>
              <p>Página</p>
            </Layout>
          </PlansProvider>
        </SessionProvider>
      </ToastProvider>,
      { Me: meIs(null) },
    );
    await u.click(await screen.findByRole("button", { name: "Menu" }));
    const menu = await screen.findByRole("dialog", { name: "Navegação" });
    expect(within(menu).getByRole("link", { name: "Mural" })).toHaveAttribute("href", "/#mural");
    expect(within(menu).getByRole("button", { name: "Planos" })).toBeInTheDocument();
    expect(screen.getAllByRole("link", { name: "Entrar", hidden: true })[0]).toHaveAttribute("href", "/auth");
    expect(within(menu).queryByRole("button", { name: "Sair" })).not.toBeInTheDocument();
  });
});
