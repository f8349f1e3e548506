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
    userConversationsFrom: "everyone",
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

describe("the keyboard on the board", () => {
  it("reaches '+ Publicar' before the cards (it was the 79th Tab stop)", async () => {
    const u = userEvent.setup();
    renderBoard(user({ plan: "nobreza" }), {}, [offerNode(), offerNode({ id: 43 }), offerNode({ id: 44 })]);
    const publish = await screen.findByRole("button", { name: /Publicar/ });
    await waitFor(() => expect(screen.getAllByRole("article")[0]).toBeInTheDocument());
    const cards = screen.getAllByRole("article");
    let stops = 0;
    while (document.activeElement !== publish && stops < 60) {
      await u.tab();
      stops += 1;
      expect(cards.some((card) => card.contains(document.activeElement))).toBe(false);
    }
    expect(publish).toHaveFocus();
  });

  it("Escape on 'Nova Proposta' gives the focus back to '+ Publicar'", async () => {
    const u = userEvent.setup();
    renderBoard(user({ plan: "nobreza" }));
    const publish = await screen.findByRole("button", { name: /Publicar/ });
    await u.click(publish);
    await screen.findByRole("dialog", { name: "Nova Proposta" });
    await u.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Nova Proposta" })).not.toBeInTheDocument());
    expect(publish).toHaveFocus();
  });

  it("closing 'Denunciar Publicação' gives the focus back to the card's menu button", async () => {
    const u = userEvent.setup();
    renderBoard(user({ plan: "nobreza" }));
    const more = await screen.findByRole("button", { name: "Mais ações" });
    await u.click(more);
    await u.click(screen.getByRole("menuitem", { name: "Denunciar" }));
    const dialog = await screen.findByRole("dialog", { name: "Denunciar Publicação" });
    await u.click(within(dialog).getByRole("button", { name: "Cancelar" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Denunciar Publicação" })).not.toBeInTheDocument());
    expect(more).toHaveFocus();
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
      BoardOffer: ({ id }) => ({ data: { offer: { ...edited, id, hidden: false, underReview: false } } }),
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

describe("the kind step and her plan (issue 24)", () => {
  afterEach(() => {
    localStorage.clear();
  });

  async function fillToKindStep(u: ReturnType<typeof userEvent.setup>, title: string) {
    await u.click(await screen.findByRole("button", { name: /Publicar/ }));
    const dialog = await screen.findByRole("dialog", { name: "Nova Proposta" });
    await u.click(within(dialog).getByRole("radio", { name: /Oferta/ }));
    await u.click(within(dialog).getByRole("button", { name: "Próximo" }));
    await u.click(within(dialog).getByLabelText("Título"));
    await u.paste(title);
    await u.click(within(dialog).getByRole("button", { name: "Próximo" }));
    await u.click(within(dialog).getByLabelText("Descrição"));
    await u.paste("Faço ensaios para marcas e quero trocar por uma identidade visual.");
    await u.click(within(dialog).getByRole("button", { name: "Próximo" }));
    expect(within(dialog).getByText("Etapa 4 de 6")).toBeInTheDocument();
    return dialog;
  }

  it("shows a nobreza member which kinds her plan allows, says why the others are locked and opens the plans, keeping her proposal", async () => {
    const u = userEvent.setup();
    renderBoard(user({ plan: "nobreza" }));
    const dialog = await fillToKindStep(u, "Ensaio em troca de identidade visual");

    expect(within(dialog).getByRole("radio", { name: /Apoio/ })).toBeEnabled();
    for (const kind of [/Collab/, /Permuta/]) {
      const radio = within(dialog).getByRole("radio", { name: kind });
      expect(radio).toBeDisabled();
      expect(radio).toHaveAccessibleDescription(/Seu plano Nobreza permite publicar apenas ofertas de Apoio\./);
    }
    expect(within(dialog).getAllByText("Não incluído no plano Nobreza")).toHaveLength(2);
    expect(within(dialog).getByText("Faça upgrade para o plano Alteza e publique Permutas e Collabs.", { exact: false })).toBeInTheDocument();

    await u.click(within(dialog).getByRole("button", { name: "Ver Planos" }));
    const plans = await screen.findByRole("dialog", { name: "Escolha seu Plano" });
    expect(screen.queryByRole("dialog", { name: "Nova Proposta" })).not.toBeInTheDocument();
    await u.click(within(plans).getByRole("button", { name: "Fechar janela" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());

    // 'Publicar' again: her proposal is offered back, where she left it.
    await u.click(screen.getByRole("button", { name: /Publicar/ }));
    const again = await screen.findByRole("dialog", { name: "Nova Proposta" });
    expect(within(again).getByText("Sua proposta “Ensaio em troca de identidade visual” ficou guardada neste aparelho.")).toBeInTheDocument();
    await u.click(within(again).getByRole("button", { name: "Continuar Proposta" }));
    expect(within(again).getByText("Etapa 4 de 6")).toBeInTheDocument();
    await u.click(within(again).getByRole("button", { name: "Voltar" }));
    expect(within(again).getByLabelText("Descrição")).toHaveValue("Faço ensaios para marcas e quero trocar por uma identidade visual.");
  });

  it("tells an alteza member her monthly allowance, keeps a proposal the server refused, and forgets it when she discards it", async () => {
    const u = userEvent.setup();
    const { calls } = renderBoard(user({ plan: "alteza" }), {
      CreateOffer: () => ({
        data: {
          createOffer: {
            __typename: "PlanLimitError",
            code: "PLAN_LIMIT",
            message: "Você já publicou 2 Permutas este mês, o limite do plano Alteza.",
            upgradeMessage: "Faça upgrade para o plano Majestade e publique sem limites.",
            showUpgrade: true,
          },
        },
      }),
    });
    const dialog = await fillToKindStep(u, "Permuta de fotos por site");
    expect(within(dialog).getAllByText("Até 2 por mês no plano Alteza")).toHaveLength(2);
    await u.click(within(dialog).getByRole("radio", { name: /Permuta/ }));
    await u.click(within(dialog).getByRole("button", { name: "Próximo" }));
    await u.click(within(dialog).getByRole("button", { name: "Fotografia" }));
    await u.click(within(dialog).getByRole("button", { name: "Próximo" }));
    await u.click(within(dialog).getByRole("button", { name: "Publicar Proposta" }));
    const limit = await screen.findByRole("dialog", { name: "Limitação do Plano" });
    expect(within(limit).getByText("Você já publicou 2 Permutas este mês, o limite do plano Alteza.")).toBeInTheDocument();
    await u.click(within(limit).getByRole("button", { name: "Fechar" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());

    await u.click(screen.getByRole("button", { name: /Publicar/ }));
    const again = await screen.findByRole("dialog", { name: "Nova Proposta" });
    expect(within(again).getByText("Sua proposta “Permuta de fotos por site” ficou guardada neste aparelho.")).toBeInTheDocument();
    await u.click(within(again).getByRole("button", { name: "Descartar e Começar de Novo" }));
    expect(within(again).getByText("Etapa 1 de 6")).toBeInTheDocument();
    expect(within(again).getByRole("radio", { name: /Oferta/ })).not.toBeChecked();
    await u.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    await u.click(screen.getByRole("button", { name: /Publicar/ }));
    expect(await screen.findByText("Etapa 1 de 6")).toBeInTheDocument();
    expect(screen.queryByText(/ficou guardada neste aparelho/)).not.toBeInTheDocument();
    expect(calls.filter((c) => c.operationName === "CreateOffer")).toHaveLength(1);
  });
});

describe("'Minhas Publicações' (issue 24)", () => {
  it("gives her own offers in one place, with likes and conversations started, and deletes one there", async () => {
    const u = userEvent.setup();
    const mine = [
      { __typename: "MyOffer", conversationCount: 3, offer: { ...offerNode({ id: 501, userId: 7, isOwn: true, title: "Minha oferta de fotografia", likes: 1 }), hidden: false, underReview: true } },
      { __typename: "MyOffer", conversationCount: 0, offer: { ...offerNode({ id: 502, userId: 7, isOwn: true, title: "Meu pedido de design", likes: 0 }), hidden: true, underReview: false } },
    ];
    const { calls } = renderBoard(user({ id: 7 }), {
      MyOffers: () => ({ data: { myOffers: mine } }),
      DeleteOffer: ({ id }) => ({ data: { deleteOffer: { __typename: "DeleteOfferPayload", offerId: id } } }),
    });
    await screen.findByRole("article", { name: "Fotógrafa busca parceira de design" });
    await u.click(screen.getByRole("button", { name: "Minhas Publicações" }));

    const section = await screen.findByRole("region", { name: "Minhas Publicações" });
    const first = await within(section).findByRole("article", { name: "Minha oferta de fotografia" });
    expect(within(section).getByText("3 conversas iniciadas")).toBeInTheDocument();
    expect(within(section).getByText("1 curtida")).toBeInTheDocument();
    expect(within(section).getByText("0 conversas iniciadas")).toBeInTheDocument();
    expect(within(section).getByText("Fora do mural: retirada pela moderação")).toBeInTheDocument();
    // Off the board while reports wait for the staff (issue 27).
    expect(within(first.parentElement as HTMLElement).getByText("Em análise")).toBeInTheDocument();
    expect(screen.queryByRole("article", { name: "Fotógrafa busca parceira de design" })).not.toBeInTheDocument();

    await u.click(within(first).getByRole("button", { name: "Mais ações" }));
    await u.click(screen.getByRole("menuitem", { name: "Excluir" }));
    const confirm = await screen.findByRole("dialog", { name: "Excluir oferta?" });
    await u.click(within(confirm).getByRole("button", { name: "Excluir" }));
    await waitFor(() => expect(within(section).queryByRole("article", { name: "Minha oferta de fotografia" })).not.toBeInTheDocument());
    expect(within(section).getByRole("article", { name: "Meu pedido de design" })).toBeInTheDocument();
    expect(calls.find((c) => c.operationName === "DeleteOffer")?.variables).toEqual({ id: 501 });

    // Back to the board.
    await u.click(screen.getByRole("button", { name: "Todos" }));
    expect(await screen.findByRole("article", { name: "Fotógrafa busca parceira de design" })).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Minhas Publicações" })).not.toBeInTheDocument();
  }, 60_000);
});
