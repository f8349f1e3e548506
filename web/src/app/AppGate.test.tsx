import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { findToast, meIs, renderApp, user } from "../test/renderApp";

afterEach(() => {
  vi.useRealTimers();
});

const never = () => new Promise(() => undefined);

/** jsdom matches no media query, so the phone layout is the one on screen: open its menu. */
async function openMenu(u = userEvent.setup()) {
  await u.click(await screen.findByRole("button", { name: "Menu" }));
  return within(await screen.findByRole("dialog", { name: "Navegação" }));
}

describe("App gate", () => {
  it("shows 'Carregando Clube Coroa...' while the session loads, then the logged-out view after 5 s", async () => {
    vi.useFakeTimers();
    renderApp("/", { Me: never });

    expect(screen.getByText("Carregando Clube Coroa...")).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Entrar" })).not.toBeInTheDocument();

    await act(async () => {
      vi.advanceTimersByTime(4900);
    });
    expect(screen.getByText("Carregando Clube Coroa...")).toBeInTheDocument();

    await act(async () => {
      vi.advanceTimersByTime(100);
    });
    expect(screen.queryByText("Carregando Clube Coroa...")).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Entrar" })).toHaveAttribute("href", "/auth");
    expect(screen.getByRole("heading", { name: /Bem-vinda ao/ })).toBeInTheDocument();
  });

  it("shows the logged-out view at once when the server cannot be reached", async () => {
    renderApp("/", {
      Me: () => {
        throw new TypeError("Failed to fetch");
      },
    });
    expect(await screen.findByRole("link", { name: "Entrar" })).toBeInTheDocument();
  });

  it("shows the yellow banner to a signed-in member whose profile is incomplete", async () => {
    renderApp("/", { Me: meIs(user({ profileComplete: false })) });

    expect(await screen.findByText("Complete seu perfil para acessar todos os recursos da plataforma")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Completar agora" })).toHaveAttribute("href", "/perfil");
  });

  it("shows the plan badge and hides Admin from a member", async () => {
    renderApp("/", { Me: meIs(user({ plan: "alteza" })) });

    const nav = await screen.findByRole("navigation", { name: "Principal" });
    // The phone layout's badge, beside the menu button.
    expect((await within(nav).findAllByText("ALTEZA")).at(-1)).toBeVisible();
    const menu = await openMenu();
    expect(menu.getByRole("link", { name: "Perfil" })).toHaveAttribute("href", "/perfil");
    expect(menu.getByRole("link", { name: "Mensagens" })).toHaveAttribute("href", "/mensagens");
    expect(menu.queryByRole("link", { name: "Admin" })).not.toBeInTheDocument();
    expect(screen.queryByText("Complete seu perfil para acessar todos os recursos da plataforma")).not.toBeInTheDocument();
  });

  it("shows the admin links to a superuser", async () => {
    renderApp("/", { Me: meIs(user({ isSuperuser: true })) });
    const menu = await openMenu();
    expect(await menu.findByRole("link", { name: "Admin" })).toHaveAttribute("href", "/admin-simples");
    expect(menu.getByRole("link", { name: "Central de Controle Super" })).toHaveAttribute("href", "/admin");
  });

  it("clears a stored user that is not a valid object, keeping the affiliate code", async () => {
    localStorage.setItem("clubecoroa_user", JSON.stringify({ id: "7", phone: "55", plan: "nobreza" }));
    localStorage.setItem("clubecoroa_other", "x");
    localStorage.setItem("clubecoroa_affiliate_code", "kc3");
    renderApp("/", { Me: meIs(null) });

    expect(await screen.findByRole("link", { name: "Entrar" })).toBeInTheDocument();
    expect(localStorage.getItem("clubecoroa_user")).toBeNull();
    expect(localStorage.getItem("clubecoroa_other")).toBeNull();
    expect(localStorage.getItem("clubecoroa_affiliate_code")).toBe("kc3");
  });

  it("paints a valid stored user at once and forgets it when the server says nobody is signed in", async () => {
    localStorage.setItem("clubecoroa_user", JSON.stringify({ id: 7, phone: "5511987654321", plan: "majestade" }));
    let answer: (value: unknown) => void = () => undefined;
    renderApp("/", { Me: () => new Promise((resolve) => (answer = resolve)) });

    expect(screen.queryByText("Carregando Clube Coroa...")).not.toBeInTheDocument();
    expect((await screen.findAllByText("MAJESTADE")).length).toBeGreaterThan(0);

    await act(async () => answer({ data: { me: null } }));
    expect(await screen.findByRole("link", { name: "Entrar" })).toBeInTheDocument();
    expect(localStorage.getItem("clubecoroa_user")).toBeNull();
  });

  it("toasts 'Plano atualizado automaticamente!' when the 120 s refresh brings another plan", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const plans = ["nobreza", "alteza"] as const;
    let call = 0;
    renderApp("/", { Me: () => ({ data: { me: user({ plan: plans[Math.min(call++, 1)] }) } }) });

    expect((await screen.findAllByText("NOBREZA")).length).toBeGreaterThan(0);
    await act(async () => {
      vi.advanceTimersByTime(120_000);
    });

    expect(await findToast("Plano atualizado automaticamente!")).toBeInTheDocument();
    expect(screen.queryAllByText("NOBREZA").filter((el) => el.closest("nav"))).toHaveLength(0);
  });

  it("logs out: calls the server, toasts, forgets the user and goes home after 1 s", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const u = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    let signedIn = true;
    const { calls } = renderApp("/perfil", {
      Me: () => ({ data: { me: signedIn ? user() : null } }),
      Logout: () => {
        signedIn = false;
        return { data: { logout: true } };
      },
    });

    const menu = await openMenu(u);
    await u.click(menu.getByRole("button", { name: "Sair" }));

    expect(await findToast("Você foi desconectada com sucesso.")).toBeInTheDocument();
    expect(calls.some((c) => c.operationName === "Logout")).toBe(true);
    expect(localStorage.getItem("clubecoroa_user")).toBeNull();
    expect(await screen.findByRole("link", { name: "Fazer Login" })).toHaveAttribute("href", "/auth");
    expect(screen.getByRole("heading", { name: "Meu Perfil" })).toBeInTheDocument();

    await act(async () => {
      vi.advanceTimersByTime(1000);
    });
    expect(await screen.findByRole("heading", { name: /Bem-vinda ao/ })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Entrar" })).toBeInTheDocument();
    // Her menu is gone; a visitor's (issue 24) has no 'Sair'.
    expect(screen.queryByRole("button", { name: "Sair" })).not.toBeInTheDocument();
  });
});
