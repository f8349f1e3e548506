import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
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

  it("shows a visitor the card the server gives her (no author id) and invites her to sign in from the avatar", async () => {
    const u = userEvent.setup();
    const { calls } = renderBoard(null, {}, [offerNode({ userId: null, userFullName: null, userProfilePhoto: null })]);
    await u.click(await screen.findByRole("button", { name: "Ver perfil de Bia" }));
    const invite = await screen.findByRole("dialog", { name: "Conheça esta parceira" });
    await u.click(within(invite).getByRole("link", { name: "Entrar com WhatsApp" }));
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

  it("invites someone signed out to sign in", async () => {
    const u = userEvent.setup();
    const { calls } = renderBoard(null);
    await u.click(await screen.findByRole("button", { name: "Mais ações" }));
    await u.click(screen.getByRole("menuitem", { name: "Denunciar" }));
    expect(await screen.findByRole("dialog", { name: "Entre para denunciar" })).toBeInTheDocument();
    expect(calls.some((c) => c.operationName === "ReportOffer")).toBe(false);
  });
});

describe("a visitor who likes or contacts", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("is invited to sign in, not told off, and comes back to the card once signed in", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const u = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { calls } = renderBoard(null, {
      AppInfo: () => ({ data: { appInfo: { __typename: "AppInfo", localWhatsapp: true, productName: "Clube Coroa" } } }),
      SendLoginToken: () => ({
        data: { sendLoginToken: { __typename: "SendLoginTokenPayload", success: true, expiresInSeconds: 600, resendAfterSeconds: 60 } },
      }),
      VerifyLoginToken: () => ({
        data: { verifyLoginToken: { __typename: "VerifyLoginTokenPayload", user: user({ profileComplete: true }) } },
      }),
    });
    await u.click(await screen.findByRole("button", { name: "Curtir (3 curtidas)" }));

    const invite = await screen.findByRole("dialog", { name: "Gostou desta oferta?" });
    expect(within(invite).getByText("Depois de entrar, você volta para esta oferta.")).toBeInTheDocument();
    expect(screen.queryByText("Usuário não autenticado - faça login novamente")).not.toBeInTheDocument();
    expect(calls.some((c) => c.operationName === "ToggleLike")).toBe(false);
    // 'Agora não' leaves her where she was; contacting asks again.
    await u.click(within(invite).getByRole("button", { name: "Agora não" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    await u.click(screen.getByRole("button", { name: "Pedir Apoio" }));
    await u.click(within(await screen.findByRole("dialog", { name: "Vamos fazer esta parceria?" })).getByRole("link", { name: "Entrar com WhatsApp" }));

    await u.type(await screen.findByLabelText("Número de WhatsApp"), "11987654321");
    await u.click(screen.getByRole("button", { name: "Enviar Token via WhatsApp" }));
    await u.type(await screen.findByLabelText("Código de 6 dígitos"), "123456");
    await u.click(screen.getByRole("button", { name: "Verificar Token" }));
    await act(async () => {
      vi.advanceTimersByTime(1000);
    });
    const card = await screen.findByRole("article", { name: "Fotógrafa busca parceira de design" });
    expect(card).toHaveAttribute("id", "oferta-42");
    await waitFor(() => expect(vi.mocked(Element.prototype.scrollIntoView).mock.contexts).toContain(card));
  });

  it("keeps the spec's words for a member whose session the server no longer knows", async () => {
    const u = userEvent.setup();
    renderBoard(user(), {
      ToggleLike: () => ({ data: { toggleLike: { __typename: "AppError", code: "UNAUTHENTICATED", message: "Faça login para continuar" } } }),
    });
    await u.click(await screen.findByRole("button", { name: "Curtir (3 curtidas)" }));
    expect(await findToastText("Usuário não autenticado - faça login novamente")).toBeInTheDocument();
    expect(screen.queryByText("Falha ao curtir oferta. Tente novamente.")).not.toBeInTheDocument();
  });
});

describe("editing her offer deep in the board (issue 24)", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  /** 36 offers in three pages of 12; hers is the 30th. */
  const board = Array.from({ length: 36 }, (_, i) =>
    offerNode({
      id: 100 + i,
      title: `Oferta número ${i + 1} do mural`,
      ...(i === 29 ? { userId: 7, isOwn: true, title: "Minha oferta de fotografia", type: "apoio" } : {}),
    }),
  );
  const page = (variables: Record<string, unknown>) => {
    const after = typeof variables.after === "string" ? Number(variables.after.slice(1)) : null;
    const start = after === null ? 0 : board.findIndex((n) => n.id === after) + 1;
    const nodes = board.slice(start, start + 12);
    const last = nodes[nodes.length - 1];
    return {
      data: {
        offers: {
          __typename: "OfferConnection",
          edges: nodes.map((node) => ({ __typename: "OfferEdge", cursor: `c${node.id}`, node })),
          pageInfo: { __typename: "PageInfo", endCursor: last ? `c${last.id}` : null, hasNextPage: start + 12 < board.length },
        },
      },
    };
  };

  it("keeps the 36 loaded cards after 'Salvar Alterações' and shows the edited card in place", async () => {
    const u = userEvent.setup();
    const { calls } = renderBoard(user({ id: 7 }), {
      BoardOffers: page,
      UpdateOffer: ({ id, input }) => ({
        data: { updateOffer: { ...board.find((n) => n.id === id), ...(input as object), __typename: "Offer" } },
      }),
    });
    await screen.findByRole("article", { name: "Oferta número 1 do mural" });
    await u.click(screen.getByRole("button", { name: "Ver mais" }));
    await screen.findByRole("article", { name: "Oferta número 24 do mural" });
    await u.click(screen.getByRole("button", { name: "Ver mais" }));
    const mine = await screen.findByRole("article", { name: "Minha oferta de fotografia" });
    expect(screen.getAllByRole("article")).toHaveLength(36);

    await u.click(within(mine).getByRole("button", { name: "Mais ações" }));
    await u.click(screen.getByRole("menuitem", { name: "Editar" }));
    const dialog = await screen.findByRole("dialog", { name: "Editar Proposta" });
    await u.click(within(dialog).getByRole("button", { name: "Próximo" }));
    const title = within(dialog).getByLabelText("Título");
    await u.clear(title);
    await u.paste("Ensaio de fotos para marcas de moda");
    for (let step = 2; step < 6; step++) await u.click(within(dialog).getByRole("button", { name: "Próximo" }));
    await u.click(within(dialog).getByRole("button", { name: "Salvar Alterações" }));
    expect(await findToastText("Oferta Atualizada!")).toBeInTheDocument();

    // Past the board's refresh delay (0.5 s): the cards she had loaded are all still there.
    await act(() => new Promise((resolve) => setTimeout(resolve, 1500)));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Editar Proposta" })).not.toBeInTheDocument());
    expect(screen.getAllByRole("article")).toHaveLength(36);
    const edited = screen.getByRole("article", { name: "Ensaio de fotos para marcas de moda" });
    expect(edited).toHaveAttribute("id", "oferta-129");
    expect(screen.getAllByRole("article")[29]).toBe(edited);
    expect(screen.queryByRole("article", { name: "Minha oferta de fotografia" })).not.toBeInTheDocument();
    expect(calls.filter((c) => c.operationName === "BoardOffers" && !c.variables.after)).toHaveLength(1);
  }, 60_000);

  it("changes another member's edited card in place, live, and keeps the cards she loaded", async () => {
    const u = userEvent.setup();
    let announce: (value: unknown) => void = () => undefined;
    const change = new Promise((resolve) => (announce = resolve));
    const edited = { ...board[20]!, title: "Consultoria de marca revista pela autora" };
    const { calls } = renderBoard(user({ id: 7 }), {
      BoardOffers: page,
      OffersChanged: () => change,
      BoardOffer: ({ id }) => ({ data: { offer: { ...edited, id, hidden: false } } }),
    });
    await screen.findByRole("article", { name: "Oferta número 1 do mural" });
    await u.click(screen.getByRole("button", { name: "Ver mais" }));
    await screen.findByRole("article", { name: "Oferta número 24 do mural" });
    announce({ data: { offersChanged: { __typename: "OfferChange", kind: "updated", offerId: 120, totalLikes: null } } });
    const card = await screen.findByRole("article", { name: "Consultoria de marca revista pela autora" });
    expect(card).toHaveAttribute("id", "oferta-120");
    expect(screen.getAllByRole("article")).toHaveLength(24);
    expect(calls.find((c) => c.operationName === "BoardOffer")?.variables).toEqual({ id: 120 });
  }, 60_000);
});
