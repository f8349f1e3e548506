import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { meIs, renderApp, user, type Handler } from "../../test/renderApp";

const node = (overrides: Record<string, unknown> = {}) => ({
  __typename: "PublicProfile" as const,
  id: 99,
  displayName: "Lúcia Fotógrafa",
  plan: "imperatriz",
  professionalActivity: "Criatividade & Design",
  city: "Campinas",
  state: "SP",
  miniBio: "Fotografia de produtos para marcas.",
  profilePhotoUrl: null,
  offers: [{ __typename: "MemberOffer" as const, id: 31, title: "Fotos para o seu catálogo", type: "permuta" }],
  ...overrides,
});

const connection = (nodes: ReturnType<typeof node>[], hasNextPage = false) => ({
  data: {
    members: {
      __typename: "MemberConnection",
      edges: nodes.map((n, i) => ({ __typename: "MemberEdge", cursor: `c${i}`, node: n })),
      pageInfo: { __typename: "PageInfo", hasNextPage, endCursor: nodes.length ? `c${nodes.length - 1}` : null },
    },
  },
});

const profile = {
  __typename: "PublicProfile",
  id: 99,
  displayName: "Lúcia Fotógrafa",
  nickname: "Lúcia Fotógrafa",
  fullName: "Lúcia Lima",
  plan: "imperatriz",
  joinYear: 2024,
  professionalActivity: "Criatividade & Design",
  city: "Campinas",
  state: "SP",
  interests: [],
  miniBio: "Fotografia de produtos para marcas.",
  profilePhotoUrl: null,
  bannerImageUrl: null,
  bannerLink: null,
  instagram: null,
  website: null,
  linkedin: null,
  youtube: null,
  facebook: null,
  tiktok: null,
  isOnline: false,
};

function handlers(extra: Record<string, Handler> = {}): Record<string, Handler> {
  return {
    Me: meIs(user({ plan: "alteza" })),
    Members: (v) => (v.q === "fotografia" || !v.q ? connection([node(), node({ id: 98, displayName: "Ana", miniBio: null, offers: [] })].filter((n) => !v.q || n.id === 99)) : connection([])),
    AuthorProfile: () => ({ data: { publicProfile: profile } }),
    ...extra,
  };
}

describe("'Parceiras', the members directory", () => {
  it("lists the members, searches her words once she pauses and marks them, and offers to clear an empty search", async () => {
    const u = userEvent.setup();
    const { calls } = renderApp("/parceiras", handlers());
    const list = await screen.findByRole("list", { name: "Parceiras" });
    expect(within(list).getAllByRole("button").map((b) => b.getAttribute("aria-label"))).toEqual(["Ver o perfil de Lúcia Fotógrafa", "Ver o perfil de Ana"]);

    await u.click(screen.getByRole("searchbox", { name: "Buscar parceiras" }));
    await u.paste("fotografia");
    await waitFor(() => expect(screen.getAllByRole("button", { name: /Ver o perfil de/ })).toHaveLength(1), { timeout: 3000 });
    expect(screen.getByText("Fotografia", { selector: "mark" })).toBeInTheDocument();
    expect(calls.filter((c) => c.operationName === "Members").map((c) => c.variables.q)).toEqual([null, "fotografia"]);

    await u.selectOptions(screen.getByRole("combobox", { name: "Estado" }), "RJ");
    await u.clear(screen.getByRole("searchbox", { name: "Buscar parceiras" }));
    await u.paste("ninguem");
    expect(await screen.findByText("Você buscou “ninguem”.", {}, { timeout: 3000 })).toBeInTheDocument();
    expect(calls.at(-1)?.variables).toMatchObject({ q: "ninguem", state: "RJ" });
    await u.click(screen.getByRole("button", { name: "Limpar busca e filtros" }));
    expect(await screen.findByRole("list", { name: "Parceiras" })).toBeInTheDocument();
    expect(screen.getByRole("combobox", { name: "Estado" })).toHaveValue("");
  });

  it("opens her profile with her offers, and 'Enviar mensagem' opens the conversation", async () => {
    const u = userEvent.setup();
    const { calls } = renderApp(
      "/parceiras",
      handlers({
        MessageMember: () => ({ data: { startConversation: { __typename: "Conversation", id: 12 } } }),
        Conversations: () => ({ data: { conversations: [] } }),
        Conversation: () => ({ data: { conversation: null } }),
        Messages: () => ({ data: { messages: [] } }),
      }),
    );
    await u.click(await screen.findByRole("button", { name: "Ver o perfil de Lúcia Fotógrafa" }));
    const dialog = await screen.findByRole("dialog", { name: "Lúcia Fotógrafa" });
    const offers = await within(dialog).findByRole("region", { name: "Ofertas de Lúcia Fotógrafa" });
    expect(within(offers).getByText("Fotos para o seu catálogo")).toBeInTheDocument();
    await u.click(within(offers).getByRole("button", { name: "Enviar mensagem sobre “Fotos para o seu catálogo”" }));
    await waitFor(() => expect(calls.some((c) => c.operationName === "MessageMember" && c.variables.offerId === 31)).toBe(true));
    await waitFor(() => expect(calls.some((c) => c.operationName === "Conversation" && c.variables.id === 12)).toBe(true));
  });

  it("invites nobreza to upgrade (view_profile) and asks a visitor to sign in", async () => {
    renderApp(
      "/parceiras",
      handlers({
        Me: meIs(user({ plan: "nobreza" })),
        Members: () => ({
          data: {
            members: {
              __typename: "UpgradeRequiredError",
              code: "UPGRADE_REQUIRED",
              message: "Faça upgrade para o plano Alteza para ver o perfil desta parceira.",
              upgradeMessage: "Faça upgrade para o plano Alteza e veja os perfis das parceiras Majestade e Imperatriz.",
              targetPlan: "alteza",
            },
          },
        }),
      }),
    );
    expect(await screen.findByText("Faça upgrade para o plano Alteza e veja os perfis das parceiras Majestade e Imperatriz.")).toBeInTheDocument();
    const prompt = await screen.findByRole("dialog", { name: /Desbloqueie com o plano/ });
    expect(within(prompt).getByText("Ver o perfil completo das parceiras é um recurso dos planos superiores.")).toBeInTheDocument();
  });

  it("asks a visitor to sign in", async () => {
    renderApp("/parceiras", handlers({ Me: meIs(null) }));
    expect(await screen.findByText("Entre para conhecer as parceiras do clube.")).toBeInTheDocument();
  });
});
