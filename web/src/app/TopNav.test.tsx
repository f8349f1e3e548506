import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { ToastProvider } from "../components/Toast";
import { PlansProvider } from "../features/plans/PlansProvider";
import { SessionProvider } from "../features/session/SessionProvider";
import { meIs, user, withProviders } from "../test/renderApp";
import { TopNav } from "./TopNav";

function renderNav(me: ReturnType<typeof user>) {
  return withProviders(
    <ToastProvider>
      <SessionProvider>
        <PlansProvider>
          <TopNav />
        </PlansProvider>
      </SessionProvider>
    </ToastProvider>,
    { Me: meIs(me), UnreadCount: () => ({ data: { unreadCount: 0 } }) },
  );
}

/** jsdom matches no media query: the phone's menu is the one on screen; the desktop bar is in the page, hidden. */
async function openMenu() {
  await userEvent.setup().click(await screen.findByRole("button", { name: "Menu" }));
  return within(await screen.findByRole("dialog", { name: "Navegação" }));
}
const desktopBar = async () => {
  const nav = await screen.findByRole("navigation", { name: "Principal" });
  // The desktop bar holds the only 'Sair' button outside the menu.
  return within((await within(nav).findAllByRole("button", { name: "Sair", hidden: true }))[0]!.parentElement!);
};

describe("the staff's links in the navigation (spec part 2 section 8)", () => {
  it("shows a superuser 'Central de Controle' with its 'Super' badge (/admin) and 'Admin' (/admin-simples) in the phone menu and the desktop bar", async () => {
    renderNav(user({ isSuperuser: true }));

    const bar = await desktopBar();
    const barControl = await bar.findByRole("link", { name: /Central de Controle/, hidden: true });
    expect(barControl).toHaveAttribute("href", "/admin");
    expect(within(barControl).getByText("Super")).toBeInTheDocument();
    expect(bar.getByRole("link", { name: "Admin", hidden: true })).toHaveAttribute("href", "/admin-simples");

    const menu = await openMenu();
    const control = await menu.findByRole("link", { name: /Central de Controle/ });
    expect(control).toHaveAttribute("href", "/admin");
    expect(within(control).getByText("Super")).toBeInTheDocument();
    expect(menu.getByRole("link", { name: "Admin" })).toHaveAttribute("href", "/admin-simples");
  });

  it("closes the phone menu when she follows one", async () => {
    renderNav(user({ isSuperuser: true }));
    const menu = await openMenu();
    await userEvent.setup().click(await menu.findByRole("link", { name: "Admin" }));
    expect(screen.queryByRole("dialog", { name: "Navegação" })).not.toBeInTheDocument();
  });

  it("shows neither to a member", async () => {
    renderNav(user({ isSuperuser: false }));

    const bar = await desktopBar();
    expect(bar.getByRole("link", { name: "Perfil", hidden: true })).toBeInTheDocument();
    expect(bar.queryByRole("link", { name: /Central de Controle|Admin/, hidden: true })).not.toBeInTheDocument();
    const menu = await openMenu();
    expect(menu.getByRole("link", { name: "Perfil" })).toHaveAttribute("href", "/perfil");
    expect(menu.queryByRole("link", { name: /Central de Controle/ })).not.toBeInTheDocument();
    expect(menu.queryByRole("link", { name: "Admin" })).not.toBeInTheDocument();
    expect(screen.queryByText("Super")).not.toBeInTheDocument();
  });
});
