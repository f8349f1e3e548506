import { act, screen, within } from "@testing-library/react";
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
