import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { findToastText } from "../../lib/renderUi";
import { meIs, renderApp, user, type Handler } from "../../test/renderApp";

function offerNode(overrides: Record<string, unknown> = {}) {
  return {
    __typename: "Offer" as const,
    id: 42,
    userId: 99,
    postType: "oferta",
    type: "apoio",
    title: "Fotógrafa busca parceira de design",
    description: "Faço ensaios para marcas e quero criar um pacote junto com uma designer.",
    categories: ["Fotografia"],
    likes: 3,
    isLiked: false,
    isOwn: false,
    isUrgent: false,
    createdAt: new Date(Date.now() - 60_000).toISOString(),
    userNickname: "Bia",
    userFullName: "Beatriz Lima",
    userName: "Bia",
    userPlan: "majestade",
    userJoinedAt: "2023-05-10T15:00:00Z",
    userProfilePhoto: null,
    userProfessionalActivity: "Criatividade & Design",
    ...overrides,
  };
}

const connection = (nodes: ReturnType<typeof offerNode>[]) => ({
  data: {
    offers: {
      __typename: "OfferConnection",
      edges: nodes.map((node) => ({ __typename: "OfferEdge", cursor: `c${node.id}`, node })),
      pageInfo: { __typename: "PageInfo", endCursor: null, hasNextPage: false },
    },
  },
});

const publicProfile = {
  __typename: "PublicProfile",
  id: 99,
  displayName: "Bia",
  nickname: "Bia",
  fullName: "Beatriz Lima",
  plan: "majestade",
  joinYear: 2023,
  professionalActivity: "Criatividade & Design",
  city: "Campinas",
  state: "SP",
  interests: [],
  miniBio: null,
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

function renderBoard(me: ReturnType<typeof user> | null, handlers: Record<string, Handler> = {}, nodes = [offerNode()]) {
  return renderApp("/", {
    Me: meIs(me),
    CommunityStats: () => ({
      data: { communityStats: { __typename: "CommunityStats", totalMembers: 1, totalCollabs: 0, totalPermutas: 0, totalApoios: 1 } },
    }),
    BoardOffers: () => connection(nodes),
    AuthorProfile: () => ({ data: { publicProfile } }),
    ReportOffer: () => ({ data: { reportOffer: { __typename: "ReportPayload", id: 1 } } }),
    ...handlers,
  });
}

describe("the author's profile from the board", () => {
  it("invites a nobreza member to ALTEZA instead of opening the profile", async () => {
    const u = userEvent.setup();
    const { calls } = renderBoard(user({ plan: "nobreza" }));
    await u.click(await screen.findByRole("button", { name: "Ver perfil de Bia" }));
    const dialog = await screen.findByRole("dialog", { name: "Desbloqueie com o plano ALTEZA" });
    expect(within(dialog).getByText("Ver o perfil completo das parceiras é um recurso dos planos superiores.")).toBeInTheDocument();
    expect(calls.some((c) => c.operationName === "AuthorProfile")).toBe(false);
  });

  it("opens the profile for an alteza member", async () => {
    const u = userEvent.setup();
    const { calls } = renderBoard(user({ plan: "alteza" }));
    await u.click(await screen.findByRole("button", { name: "Ver perfil de Bia" }));
    const dialog = await screen.findByRole("dialog", { name: "Bia" });
    expect(await within(dialog).findByText("Campinas - SP")).toBeInTheDocument();
    expect(calls.find((c) => c.operationName === "AuthorProfile")?.variables).toEqual({ id: 99 });
  });

  it("follows the server when it answers with the upgrade prompt instead of the profile", async () => {
    const u = userEvent.setup();
    renderBoard(user({ plan: "alteza" }), {
      AuthorProfile: () => ({
        data: {
          publicProfile: {
            __typename: "UpgradeRequiredError",
            code: "UPGRADE_REQUIRED",
            message: "Faça upgrade para o plano Alteza para ver o perfil desta parceira.",
            targetPlan: "alteza",
          },
        },
      }),
    });
    await u.click(await screen.findByRole("button", { name: "Ver perfil de Bia" }));
    const dialog = await screen.findByRole("dialog", { name: "Desbloqueie com o plano ALTEZA" });
    expect(within(dialog).getByText("Ver o perfil completo das parceiras é um recurso dos planos superiores.")).toBeInTheDocument();
    expect(screen.queryByRole("dialog", { name: "Bia" })).not.toBeInTheDocument();
  });

  it("shows a visitor the card the server gives her (no author id) and sends her to sign in from the avatar", async () => {
    const u = userEvent.setup();
    const { calls } = renderBoard(null, {}, [offerNode({ userId: null, userFullName: null, userProfilePhoto: null })]);
    await u.click(await screen.findByRole("button", { name: "Ver perfil de Bia" }));
    expect(await findToastText("Usuário não autenticado - faça login novamente")).toBeInTheDocument();
    expect(await screen.findByRole("button", { name: "Enviar Token via WhatsApp" })).toBeInTheDocument();
    expect(calls.some((c) => c.operationName === "AuthorProfile")).toBe(false);
  });

  it("keeps the avatar plain for authors below majestade", async () => {
    renderBoard(user({ plan: "alteza" }), {}, [offerNode({ userPlan: "alteza" })]);
    expect(await screen.findByText("Fotógrafa busca parceira de design")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Ver perfil de Bia" })).not.toBeInTheDocument();
  });
});

describe("reporting from the card menu", () => {
  it("reports someone else's offer with its author", async () => {
    const u = userEvent.setup();
    const { calls } = renderBoard(user({ plan: "nobreza" }));
    await u.click(await screen.findByRole("button", { name: "Mais ações" }));
    await u.click(screen.getByRole("menuitem", { name: "Denunciar" }));
    const dialog = await screen.findByRole("dialog", { name: "Denunciar Publicação" });
    await u.click(within(dialog).getByRole("radio", { name: /^Perfil falso/ }));
    await u.click(within(dialog).getByRole("button", { name: "Enviar Denúncia" }));
    expect(await findToastText("Denúncia enviada")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Denunciar Publicação" })).not.toBeInTheDocument());
    expect(calls.find((c) => c.operationName === "ReportOffer")?.variables).toEqual({
      input: { offerId: 42, reportedUserId: 99, reason: "fake" },
    });
  });

  it("offers no 'Denunciar' on her own offer", async () => {
    renderBoard(user({ id: 99 }), {}, [offerNode({ isOwn: true })]);
    await screen.findByText("Fotógrafa busca parceira de design");
    await userEvent.setup().click(screen.getByRole("button", { name: "Mais ações" }));
    expect(screen.getAllByRole("menuitem").map((item) => item.textContent)).toEqual(["Editar", "Excluir"]);
  });

  it("sends someone signed out to sign in", async () => {
    const u = userEvent.setup();
    const { calls } = renderBoard(null);
    await u.click(await screen.findByRole("button", { name: "Mais ações" }));
    await u.click(screen.getByRole("menuitem", { name: "Denunciar" }));
    expect(await findToastText("Usuário não autenticado - faça login novamente")).toBeInTheDocument();
    expect(await screen.findByRole("button", { name: "Enviar Token via WhatsApp" })).toBeInTheDocument();
    expect(calls.some((c) => c.operationName === "ReportOffer")).toBe(false);
  });
});
