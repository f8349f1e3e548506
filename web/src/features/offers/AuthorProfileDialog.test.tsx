import { ApolloProvider } from "@apollo/client/react";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { renderUi } from "../../lib/renderUi";
import { createTestClient, type Handler } from "../../test/renderApp";
import { AuthorProfileDialog } from "./AuthorProfileDialog";
import { instagramLink, tiktokLink, viewProfileNeedsUpgrade, webUrl } from "./authorProfile";

function profile(overrides: Record<string, unknown> = {}) {
  return {
    __typename: "PublicProfile" as const,
    id: 99,
    displayName: "Bia",
    nickname: "Bia",
    fullName: "Beatriz Lima",
    plan: "majestade",
    joinYear: 2023,
    professionalActivity: "Criatividade & Design",
    city: "Campinas",
    state: "SP",
    interests: ["Moda", "Empreendedorismo"],
    miniBio: "Fotógrafa de marcas femininas.",
    profilePhotoUrl: "/api/users/99/photo?v=2",
    bannerImageUrl: "/api/users/99/banner?v=1",
    bannerLink: "bialima.com.br/loja",
    instagram: "@bia.lima",
    website: "https://bialima.com.br",
    linkedin: null,
    youtube: null,
    facebook: "javascript:alert(1)",
    tiktok: null,
    isOnline: true,
    ...overrides,
  };
}

function setup(handler: Handler) {
  const { client, calls } = createTestClient({ AuthorProfile: handler });
  const onUpgradeRequired = vi.fn();
  renderUi(
    <ApolloProvider client={client}>
      <AuthorProfileDialog author={{ id: 99, name: "Bia" }} onClose={() => undefined} onUpgradeRequired={onUpgradeRequired} />
    </ApolloProvider>,
  );
  return { calls, onUpgradeRequired };
}

const refusal = (code: string, message: string) => ({ data: { publicProfile: { __typename: "AppError", code, message } } });

describe("AuthorProfileDialog", () => {
  it("shows a skeleton, then the public profile with safe links in a new tab", async () => {
    const { calls } = setup(() => new Promise((resolve) => setTimeout(() => resolve({ data: { publicProfile: profile() } }), 30)));
    expect(screen.getByTestId("author-profile-skeleton")).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent("Carregando perfil...");
    const dialog = await screen.findByRole("dialog", { name: "Bia" });
    const inDialog = within(dialog);
    expect(await inDialog.findByText("MAJESTADE")).toBeInTheDocument();
    expect(calls[0].variables).toEqual({ id: 99 });
    expect(inDialog.getByText("Parceira desde 2023")).toBeInTheDocument();
    expect(inDialog.getByText("Online agora")).toBeInTheDocument();
    expect(inDialog.getByText("Criatividade & Design")).toBeInTheDocument();
    expect(inDialog.getByText("Campinas - SP")).toBeInTheDocument();
    expect(within(inDialog.getByRole("list", { name: "Interesses" })).getAllByRole("listitem").map((li) => li.textContent)).toEqual([
      "Moda",
      "Empreendedorismo",
    ]);
    expect(inDialog.getByText("Fotógrafa de marcas femininas.")).toBeInTheDocument();
    expect(dialog.querySelector('img[src="/api/users/99/photo?v=2"]')).not.toBeNull();
    expect(inDialog.getByRole("img", { name: "Banner de Bia" })).toHaveAttribute("src", "/api/users/99/banner?v=1");
    const banner = inDialog.getByRole("link", { name: /Abrir o link do banner/ });
    expect(banner).toHaveAttribute("href", "https://bialima.com.br/loja");
    expect(banner).toHaveAttribute("rel", "noopener noreferrer");

    const links = within(inDialog.getByRole("list", { name: "Redes e contatos" })).getAllByRole("link");
    expect(links.map((a) => a.getAttribute("href"))).toEqual(["https://instagram.com/bia.lima", "https://bialima.com.br/"]);
    for (const link of links) {
      expect(link).toHaveAttribute("target", "_blank");
      expect(link).toHaveAttribute("rel", "noopener noreferrer");
    }
    expect(links[0]).toHaveTextContent("Instagram: @bia.lima");
  });

  it("offers 'Silenciar' and 'Bloquear' under her profile, each handing her over", async () => {
    const u = userEvent.setup();
    const { client } = createTestClient({ AuthorProfile: () => ({ data: { publicProfile: profile() } }) });
    const onBlock = vi.fn();
    const onMute = vi.fn();
    renderUi(
      <ApolloProvider client={client}>
        <AuthorProfileDialog author={{ id: 99, name: "Bia" }} onClose={() => undefined} onUpgradeRequired={vi.fn()} onBlock={onBlock} onMute={onMute} />
      </ApolloProvider>,
    );
    const dialog = await screen.findByRole("dialog", { name: "Bia" });
    await u.click(await within(dialog).findByRole("button", { name: "Silenciar" }));
    expect(onMute).toHaveBeenCalledWith({ id: 99, name: "Bia" });
    await u.click(within(dialog).getByRole("button", { name: "Bloquear" }));
    expect(onBlock).toHaveBeenCalledWith({ id: 99, name: "Bia" });
  });

  it("says when she is offline and leaves out what is empty", async () => {
    setup(() => ({
      data: {
        publicProfile: profile({
          isOnline: false,
          miniBio: null,
          bannerImageUrl: null,
          instagram: null,
          website: null,
          facebook: null,
          interests: [],
          city: null,
          state: null,
        }),
      },
    }));
    const dialog = await screen.findByRole("dialog", { name: "Bia" });
    expect(await within(dialog).findByText("Offline")).toBeInTheDocument();
    expect(screen.getByTestId("presence-dot")).toHaveAttribute("data-online", "false");
    expect(within(dialog).queryByText("Sobre")).not.toBeInTheDocument();
    expect(within(dialog).queryByRole("list", { name: "Redes e contatos" })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole("img")).not.toBeInTheDocument();
  });

  it("shows a friendly error with a retry", async () => {
    let attempts = 0;
    setup(() => {
      attempts += 1;
      if (attempts === 1) throw new Error("network down");
      return { data: { publicProfile: profile() } };
    });
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Não foi possível carregar o perfil.");
    await userEvent.setup().click(within(alert).getByRole("button", { name: "Tentar Novamente" }));
    expect(await screen.findByText("Parceira desde 2023")).toBeInTheDocument();
  });

  it("says so when the member no longer exists", async () => {
    setup(() => refusal("NOT_FOUND", "Usuária não encontrada"));
    expect(await screen.findByText("Este perfil não está mais disponível.")).toBeInTheDocument();
  });

  it("shows the server's refusal when the profile is not open to her", async () => {
    const text = "Apenas os perfis das parceiras Majestade e Imperatriz podem ser abertos.";
    const { onUpgradeRequired } = setup(() => refusal("PROFILE_NOT_PUBLIC", text));
    const dialog = await screen.findByRole("dialog", { name: "Bia" });
    expect(await within(dialog).findByText(text)).toBeInTheDocument();
    expect(onUpgradeRequired).not.toHaveBeenCalled();
  });

  it("hands over to the upgrade prompt when the server asks her to upgrade", async () => {
    const { onUpgradeRequired } = setup(() => ({
      data: {
        publicProfile: {
          __typename: "UpgradeRequiredError",
          code: "UPGRADE_REQUIRED",
          message: "Faça upgrade para o plano Alteza para ver o perfil desta parceira.",
          targetPlan: "alteza",
        },
      },
    }));
    await waitFor(() => expect(onUpgradeRequired).toHaveBeenCalledWith("alteza"));
    expect(onUpgradeRequired).toHaveBeenCalledTimes(1);
    expect(screen.queryByText("Parceira desde 2023")).not.toBeInTheDocument();
  });
});

describe("profile links and the upgrade rule", () => {
  it("builds Instagram and TikTok addresses from handles and keeps only web links", () => {
    expect(instagramLink("@ana_souza")).toEqual({ href: "https://instagram.com/ana_souza", label: "@ana_souza" });
    expect(instagramLink("ana.souza")?.href).toBe("https://instagram.com/ana.souza");
    expect(instagramLink("https://instagram.com/ana")?.href).toBe("https://instagram.com/ana");
    expect(tiktokLink("@ana")?.href).toBe("https://www.tiktok.com/@ana");
    expect(webUrl("ana.com.br")).toBe("https://ana.com.br/");
    expect(webUrl("javascript:alert(1)")).toBeNull();
    expect(webUrl("javascript:alert(document.domain)%2F%2F@evil.example")).toBeNull();
    expect(webUrl("  ")).toBeNull();
  });

  it("invites only nobreza viewers to upgrade before seeing a profile", () => {
    expect(viewProfileNeedsUpgrade("nobreza")).toBe(true);
    for (const plan of ["alteza", "majestade", "imperatriz"]) expect(viewProfileNeedsUpgrade(plan)).toBe(false);
  });
});
