import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { findToastText } from "../../lib/renderUi";
import { findToast, meIs, renderApp, user, type Call, type Handler } from "../../test/renderApp";

const DAY = 24 * 60 * 60 * 1000;

function offerNode(overrides: Record<string, unknown> = {}) {
  return {
    __typename: "Offer" as const,
    id: 42,
    userId: 99,
    postType: "oferta",
    type: "collab",
    title: "Fotógrafa busca parceira de design",
    description: "Faço ensaios para marcas e quero criar um pacote junto com uma designer.",
    categories: ["Fotografia", "Design"],
    likes: 3,
    isLiked: false,
    isOwn: false,
    isUrgent: false,
    createdAt: new Date(Date.now() - 3 * DAY).toISOString(),
    userNickname: "Bia",
    userFullName: "Beatriz Lima",
    userName: "Bia",
    userPlan: "alteza",
    userJoinedAt: "2023-05-10T15:00:00Z",
    userProfilePhoto: null,
    userProfessionalActivity: "Criatividade & Design",
    userConversationsFrom: "everyone",
    ...overrides,
  };
}

function connection(nodes: ReturnType<typeof offerNode>[], hasNextPage = false, endCursor: string | null = null) {
  return {
    data: {
      offers: {
        __typename: "OfferConnection",
        edges: nodes.map((node) => ({ __typename: "OfferEdge", cursor: `c${node.id}`, node })),
        pageInfo: { __typename: "PageInfo", endCursor: endCursor ?? (nodes.length ? `c${nodes[nodes.length - 1].id}` : null), hasNextPage },
      },
    },
  };
}

const stats = (values: Partial<Record<"totalMembers" | "totalCollabs" | "totalPermutas" | "totalApoios", number>>) => () => ({
  data: {
    communityStats: { __typename: "CommunityStats", totalMembers: 0, totalCollabs: 0, totalPermutas: 0, totalApoios: 0, ...values },
  },
});

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function renderHome(handlers: Record<string, Handler>, me: ReturnType<typeof user> | null = user()) {
  return renderApp("/", {
    Me: meIs(me),
    CommunityStats: stats({ totalMembers: 120, totalCollabs: 30, totalPermutas: 20, totalApoios: 10 }),
    BoardOffers: () => connection([offerNode()]),
    ...handlers,
  });
}

const boardCalls = (calls: Call[]) => calls.filter((c) => c.operationName === "BoardOffers");
const lastFilter = (calls: Call[]) => boardCalls(calls).at(-1)?.variables.filter;
const board = () => screen.getByRole("region", { name: "Mural de Parcerias" });

async function fillProposal(u: ReturnType<typeof userEvent.setup>, type: RegExp) {
  const next = () => u.click(screen.getByRole("button", { name: "Próximo" }));
  await screen.findByRole("dialog", { name: "Nova Proposta" });
  await u.click(screen.getByRole("radio", { name: /Oferta/ }));
  await next();
  await u.type(screen.getByLabelText("Título"), "Fotógrafa oferece ensaio para marcas");
  await next();
  await u.type(screen.getByLabelText("Descrição"), "Faço ensaios para marcas e troco por identidade visual completa.");
  await next();
  await u.click(screen.getByRole("radio", { name: type }));
  await next();
  await u.click(screen.getByRole("button", { name: "Fotografia" }));
  await next();
  await u.click(screen.getByRole("button", { name: "Publicar Proposta" }));
}

describe("home counters", () => {
  it("shows '...' while the statistics load, then the numbers", async () => {
    const answer = deferred<unknown>();
    renderHome({ CommunityStats: () => answer.promise });
    const counters = await screen.findByRole("list", { name: "A comunidade em números" });
    expect(within(counters).getAllByText("...")).toHaveLength(4);
    answer.resolve(stats({ totalMembers: 1234, totalCollabs: 30, totalPermutas: 20 })());
    expect(await within(counters).findByText("1.234")).toBeInTheDocument();
    expect(within(counters).getByText("30")).toBeInTheDocument();
    expect(within(counters).getByText("20")).toBeInTheDocument();
    expect(within(counters).getByText("0")).toBeInTheDocument();
  });

  it("shows 0 when the statistics are missing", async () => {
    renderHome({
      CommunityStats: () => {
        throw new Error("down");
      },
    });
    const counters = await screen.findByRole("list", { name: "A comunidade em números" });
    await waitFor(() => expect(within(counters).getAllByText("0")).toHaveLength(4));
  });
});

describe("banners", () => {
  const banners = () => ({ data: { banners: [{ __typename: "Banner", id: 1, url: "/api/banners/1/image?v=1", alt: "Feira das parceiras", link: null }] } });

  it("shows the carousel below the counters to members and to visitors", async () => {
    for (const me of [user(), null]) {
      const { unmount } = renderHome({ Banners: banners }, me);
      const image = await screen.findByRole("img", { name: "Feira das parceiras" });
      const carousel = screen.getByRole("region", { name: "Destaques das parceiras" });
      expect(carousel).toContainElement(image);
      const counters = screen.getByRole("list", { name: "A comunidade em números" });
      expect(counters.compareDocumentPosition(carousel) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
      unmount();
    }
  });
});

describe("the board", () => {
  it("shows 6 skeleton cards while the offers load, then the cards", async () => {
    const answer = deferred<unknown>();
    renderHome({ BoardOffers: () => answer.promise });
    await waitFor(() => expect(screen.getAllByTestId("offer-card-skeleton")).toHaveLength(6));
    answer.resolve(connection([offerNode()]));
    expect(await screen.findByRole("article", { name: "Fotógrafa busca parceira de design" })).toBeInTheDocument();
    expect(screen.queryByTestId("offer-card-skeleton")).not.toBeInTheDocument();
  });

  it("sends the filters the spec asks for, with the tabs and the type filter in step", async () => {
    const u = userEvent.setup();
    const { calls } = renderHome({});
    await screen.findByRole("article");
    expect(lastFilter(calls)).toBeUndefined();
    expect(boardCalls(calls).at(-1)?.variables.first).toBe(12);

    await u.selectOptions(screen.getByLabelText("Local de Publicação"), "SP");
    await waitFor(() => expect(lastFilter(calls)).toEqual({ state: "SP" }));

    await u.click(within(board()).getByRole("button", { name: "Permuta" }));
    await waitFor(() => expect(lastFilter(calls)).toEqual({ state: "SP", type: "permuta" }));
    expect(screen.getByLabelText("Tipo de Publicação")).toHaveValue("permuta");
    expect(within(board()).getByRole("button", { name: "Permuta" })).toHaveAttribute("aria-pressed", "true");

    await u.selectOptions(screen.getByLabelText("Categoria"), "joias-e-acessorios");
    await waitFor(() => expect(lastFilter(calls)).toEqual({ state: "SP", type: "permuta", category: "joias-e-acessorios" }));
    expect(screen.getByRole("option", { name: "Joias e Acessórios" })).toBeInTheDocument();

    await u.selectOptions(screen.getByLabelText("Tipo de Publicação"), "apoio");
    expect(within(board()).getByRole("button", { name: "Apoio" })).toHaveAttribute("aria-pressed", "true");
    await u.click(within(board()).getByRole("button", { name: "Todos" }));
    await waitFor(() => expect(lastFilter(calls)).toEqual({ state: "SP", category: "joias-e-acessorios" }));

    await u.click(screen.getByRole("button", { name: "Limpar filtros" }));
    expect(screen.getByLabelText("Local de Publicação")).toHaveValue("all");
  });

  it("offers the 27 states and every category slug, each with 'all'", async () => {
    renderHome({});
    await screen.findByRole("article");
    expect(within(screen.getByLabelText("Local de Publicação")).getAllByRole("option")).toHaveLength(28);
    const category = screen.getByLabelText("Categoria");
    expect(within(category).getAllByRole("option")).toHaveLength(1 + 5 + 59);
    const areas = within(category).getByRole("group", { name: "Áreas" });
    expect(within(areas).getAllByRole("option").map((o) => o.textContent)).toEqual(["Serviços", "Produtos", "Negócios", "Digital", "Outras áreas"]);
    expect(within(within(category).getByRole("group", { name: "Categorias" })).getAllByRole("option")).toHaveLength(59);
  });

  it("filters by a broad area", async () => {
    const u = userEvent.setup();
    const { calls } = renderHome({});
    await screen.findByRole("article");
    await u.selectOptions(screen.getByLabelText("Categoria"), "Digital");
    await waitFor(() => expect(lastFilter(calls)).toEqual({ category: "digital" }));
  });

  it("invites to publish when the board is empty, and says the filters found nothing", async () => {
    const u = userEvent.setup();
    renderHome({ BoardOffers: () => connection([]) });
    expect(await screen.findByText("Nenhuma oferta encontrada")).toBeInTheDocument();
    expect(screen.getByText("Seja a primeira a publicar!")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Criar Primeira Oferta" })).toBeInTheDocument();
    await u.click(within(board()).getByRole("button", { name: "Apoio" }));
    expect(await screen.findByText("Nenhum resultado encontrado para os filtros selecionados.")).toBeInTheDocument();
  });

  it("shows the retry card with the reason and tries again", async () => {
    const u = userEvent.setup();
    let fail = true;
    renderHome({
      BoardOffers: () => {
        if (fail) throw new TypeError("Failed to fetch");
        return connection([offerNode()]);
      },
    });
    expect(await screen.findByText("Não foi possível carregar as ofertas")).toBeInTheDocument();
    expect(screen.getByText("Erro de rede. Verifique sua conexão e tente novamente.")).toBeInTheDocument();
    fail = false;
    await u.click(screen.getByRole("button", { name: "Tentar Novamente" }));
    expect(await screen.findByRole("article")).toBeInTheDocument();
  });

  it("loads the next page with 'Ver mais'", async () => {
    const u = userEvent.setup();
    const { calls } = renderHome({
      BoardOffers: (vars) =>
        vars.after === "c1"
          ? connection([offerNode({ id: 2, title: "Segunda oferta do mural" })])
          : connection([offerNode({ id: 1, title: "Primeira oferta do mural" })], true),
    });
    await screen.findByRole("article", { name: "Primeira oferta do mural" });
    await u.click(screen.getByRole("button", { name: "Ver mais" }));
    expect(await screen.findByRole("article", { name: "Segunda oferta do mural" })).toBeInTheDocument();
    expect(screen.getByRole("article", { name: "Primeira oferta do mural" })).toBeInTheDocument();
    expect(boardCalls(calls).at(-1)?.variables.after).toBe("c1");
    expect(screen.queryByRole("button", { name: "Ver mais" })).not.toBeInTheDocument();
  });
});

describe("likes", () => {
  it("counts the like at once and keeps the server's count", async () => {
    const u = userEvent.setup();
    const answer = deferred<unknown>();
    renderHome({ ToggleLike: () => answer.promise });
    await u.click(await screen.findByRole("button", { name: "Curtir (3 curtidas)" }));
    expect(screen.getByRole("button", { name: "Curtir (4 curtidas)" })).toHaveAttribute("aria-pressed", "true");
    answer.resolve({ data: { toggleLike: { __typename: "LikePayload", offerId: 42, liked: true, totalLikes: 5 } } });
    expect(await screen.findByRole("button", { name: "Curtir (5 curtidas)" })).toHaveAttribute("aria-pressed", "true");
  });

  it("rolls the like back with the spec's toast when it fails", async () => {
    const u = userEvent.setup();
    const answer = deferred<unknown>();
    renderHome({ ToggleLike: () => answer.promise });
    await u.click(await screen.findByRole("button", { name: "Curtir (3 curtidas)" }));
    expect(screen.getByRole("button", { name: "Curtir (4 curtidas)" })).toBeInTheDocument();
    answer.reject(new TypeError("Failed to fetch"));
    expect(await screen.findByRole("button", { name: "Curtir (3 curtidas)" })).toHaveAttribute("aria-pressed", "false");
    expect(await findToast("Falha ao curtir oferta. Tente novamente.")).toBeInTheDocument();
  });

  it("rolls back on a refusal from the server too", async () => {
    const u = userEvent.setup();
    renderHome({
      ToggleLike: () => ({ data: { toggleLike: { __typename: "AppError", code: "NOT_FOUND", message: "Oferta não encontrada" } } }),
    });
    await u.click(await screen.findByRole("button", { name: "Curtir (3 curtidas)" }));
    expect(await findToast("Falha ao curtir oferta. Tente novamente.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Curtir (3 curtidas)" })).toBeInTheDocument();
  });

  it("invites someone signed out to sign in", async () => {
    const u = userEvent.setup();
    const { calls } = renderHome({}, null);
    await u.click(await screen.findByRole("button", { name: "Curtir (3 curtidas)" }));
    const invite = await screen.findByRole("dialog", { name: "Gostou desta oferta?" });
    await u.click(within(invite).getByRole("link", { name: "Entrar com WhatsApp" }));
    expect(await screen.findByRole("button", { name: "Enviar Token via WhatsApp" })).toBeInTheDocument();
    expect(calls.some((c) => c.operationName === "ToggleLike")).toBe(false);
    expect(screen.queryByRole("button", { name: "Publicar" })).not.toBeInTheDocument();
  });
});

describe("publishing", () => {
  it("opens 'Limitação do Plano' with the server's words when the plan refuses", async () => {
    // A nobreza member is told at the kind step (OfferBoard.test); the monthly allowance is the server's to count.
    const u = userEvent.setup();
    renderHome(
      {
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
      },
      user({ plan: "alteza" }),
    );
    await screen.findByRole("article");
    await u.click(screen.getByRole("button", { name: "Publicar" }));
    expect(await screen.findByRole("dialog", { name: "Nova Proposta" })).toBeInTheDocument();
    await fillProposal(u, /Permuta/);
    const dialog = await screen.findByRole("dialog", { name: "Limitação do Plano" });
    expect(within(dialog).getByText("Você já publicou 2 Permutas este mês, o limite do plano Alteza.")).toBeInTheDocument();
    expect(within(dialog).getByText("Faça upgrade para o plano Majestade e publique sem limites.")).toBeInTheDocument();
    expect(screen.queryByRole("dialog", { name: "Nova Proposta" })).not.toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Ver Planos" })).toBeInTheDocument();
    await u.click(within(dialog).getByRole("button", { name: "Fechar" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("publishes, shows the success popup and refreshes the board", async () => {
    const u = userEvent.setup();
    const { calls } = renderHome({
      CreateOffer: (vars) => ({ data: { createOffer: { ...offerNode({ id: 77, isOwn: true }), ...(vars.input as object) } } }),
    });
    await screen.findByRole("article");
    await u.click(screen.getByRole("button", { name: "Publicar" }));
    await fillProposal(u, /Apoio/);
    expect(await screen.findByRole("dialog", { name: "Publicação Realizada com Sucesso!" })).toBeInTheDocument();
    expect(calls.find((c) => c.operationName === "CreateOffer")?.variables.input).toMatchObject({
      postType: "oferta",
      type: "apoio",
      categories: ["Fotografia"],
      isUrgent: false,
    });
    const before = boardCalls(calls).length;
    await u.click(screen.getByRole("button", { name: "OK" }));
    await waitFor(() => expect(boardCalls(calls).length).toBeGreaterThan(before));
  });

  it("tells the server's refusal in a destructive 'Erro' toast", async () => {
    const u = userEvent.setup();
    renderHome({ CreateOffer: () => ({ data: { createOffer: { __typename: "AppError", code: "VALIDATION", message: "Confira os dados informados" } } }) });
    await screen.findByRole("article");
    await u.click(screen.getByRole("button", { name: "Publicar" }));
    await fillProposal(u, /Apoio/);
    expect(await findToastText("Confira os dados informados")).toBeInTheDocument();
    expect(screen.getByRole("dialog", { name: "Nova Proposta" })).toBeInTheDocument();
  });
});

describe("owner actions and contact", () => {
  it("deletes her own offer after confirmation", async () => {
    const u = userEvent.setup();
    const { calls } = renderHome({
      BoardOffers: () => connection([offerNode({ isOwn: true, userId: 7 })]),
      DeleteOffer: () => ({ data: { deleteOffer: { __typename: "DeleteOfferPayload", offerId: 42 } } }),
    });
    await u.click(await screen.findByRole("button", { name: "Mais ações" }));
    await u.click(screen.getByRole("menuitem", { name: "Excluir" }));
    const confirm = await screen.findByRole("dialog", { name: "Excluir oferta?" });
    await u.click(within(confirm).getByRole("button", { name: "Excluir" }));
    expect(await findToast("Sucesso")).toBeInTheDocument();
    expect(calls.find((c) => c.operationName === "DeleteOffer")?.variables).toEqual({ id: 42 });
    await waitFor(() => expect(screen.queryByRole("article")).not.toBeInTheDocument());
  });

  it("says 'Não foi possível excluir a oferta' when deleting fails", async () => {
    const u = userEvent.setup();
    renderHome({
      BoardOffers: () => connection([offerNode({ isOwn: true, userId: 7 })]),
      DeleteOffer: () => ({ data: { deleteOffer: { __typename: "AppError", code: "FORBIDDEN", message: "x" } } }),
    });
    await u.click(await screen.findByRole("button", { name: "Mais ações" }));
    await u.click(screen.getByRole("menuitem", { name: "Excluir" }));
    await u.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Excluir" }));
    expect(await findToast("Não foi possível excluir a oferta")).toBeInTheDocument();
    expect(screen.getByRole("article")).toBeInTheDocument();
  });

  it("edits her offer and toasts 'Oferta Atualizada!'", async () => {
    const u = userEvent.setup();
    const { calls } = renderHome({
      BoardOffers: () => connection([offerNode({ isOwn: true, userId: 7 })]),
      UpdateOffer: (vars) => ({ data: { updateOffer: { ...offerNode({ isOwn: true, userId: 7 }), ...(vars.input as object) } } }),
    });
    await u.click(await screen.findByRole("button", { name: "Mais ações" }));
    await u.click(screen.getByRole("menuitem", { name: "Editar" }));
    expect(screen.getByRole("dialog", { name: "Editar Proposta" })).toBeInTheDocument();
    for (let i = 0; i < 5; i++) await u.click(screen.getByRole("button", { name: "Próximo" }));
    await u.click(screen.getByRole("button", { name: "Salvar Alterações" }));
    expect(await findToast("Oferta Atualizada!")).toBeInTheDocument();
    expect(calls.find((c) => c.operationName === "UpdateOffer")?.variables).toMatchObject({ id: 42, input: { type: "collab" } });
  });

  it("shows the no-permission text when the server refuses an edit", async () => {
    const u = userEvent.setup();
    renderHome({
      BoardOffers: () => connection([offerNode({ isOwn: true, userId: 7 })]),
      UpdateOffer: () => ({ data: { updateOffer: { __typename: "AppError", code: "FORBIDDEN", message: "Acesso negado" } } }),
    });
    await u.click(await screen.findByRole("button", { name: "Mais ações" }));
    await u.click(screen.getByRole("menuitem", { name: "Editar" }));
    for (let i = 0; i < 5; i++) await u.click(screen.getByRole("button", { name: "Próximo" }));
    await u.click(screen.getByRole("button", { name: "Salvar Alterações" }));
    expect(await findToastText("Você não tem permissão para editar esta oferta.")).toBeInTheDocument();
  });

  it("refuses contact with her own offer", async () => {
    const u = userEvent.setup();
    renderHome({ BoardOffers: () => connection([offerNode({ isOwn: true, userId: 7 })]) });
    await u.click(await screen.findByRole("button", { name: "Pedir Colaboração" }));
    expect(await findToast("Você não pode entrar em contato com sua própria oferta")).toBeInTheDocument();
  });

  it("invites a nobreza member to ALTEZA before contacting a collab, not an apoio", async () => {
    const u = userEvent.setup();
    const { calls } = renderHome({
      BoardOffers: () => connection([offerNode(), offerNode({ id: 43, type: "apoio", title: "Apoio para quem começa agora" })]),
      StartConversation: () => ({ data: { startConversation: { __typename: "Conversation", id: 5 } } }),
    });
    await u.click(await screen.findByRole("button", { name: "Pedir Colaboração" }));
    const dialog = await screen.findByRole("dialog", { name: /ALTEZA/ });
    expect(within(dialog).getByRole("button", { name: /Conhecer o plano ALTEZA/ })).toBeInTheDocument();
    await u.click(within(dialog).getByRole("button", { name: "Agora não" }));
    expect(calls.some((c) => c.operationName === "StartConversation")).toBe(false);
    await u.click(screen.getByRole("button", { name: "Pedir Apoio" }));
    expect(await findToast("Conversa iniciada!")).toBeInTheDocument();
    expect(await screen.findByRole("heading", { name: "Central de Mensagens" })).toBeInTheDocument();
    expect(calls.find((c) => c.operationName === "StartConversation")?.variables).toEqual({ offerId: 43 });
  });

  it("opens the upgrade prompt the server asks for, and tells a failure", async () => {
    const u = userEvent.setup();
    let refuse = true;
    renderHome({
      StartConversation: () => {
        if (!refuse) throw new TypeError("Failed to fetch");
        return {
          data: {
            startConversation: {
              __typename: "UpgradeRequiredError",
              code: "UPGRADE_REQUIRED",
              action: "contact",
              targetPlan: "alteza",
              message: "x",
              upgradeMessage: "y",
            },
          },
        };
      },
    }, user({ plan: "alteza" }));
    await u.click(await screen.findByRole("button", { name: "Pedir Colaboração" }));
    const dialog = await screen.findByRole("dialog", { name: /ALTEZA/ });
    await u.click(within(dialog).getByRole("button", { name: "Agora não" }));
    refuse = false;
    await u.click(screen.getByRole("button", { name: "Pedir Colaboração" }));
    expect(await findToast("Não foi possível iniciar a conversa")).toBeInTheDocument();
  });
});

describe("the live board", () => {
  const change = (kind: string, offerId: number, totalLikes: number | null = null) => ({
    data: { offersChanged: { __typename: "OfferChange", kind, offerId, totalLikes } },
  });

  it("patches the like count in place when someone likes", async () => {
    const pushed = deferred<unknown>();
    const { calls } = renderHome({ OffersChanged: () => pushed.promise });
    await screen.findByRole("button", { name: "Curtir (3 curtidas)" });
    const requests = boardCalls(calls).length;
    pushed.resolve(change("liked", 42, 9));
    expect(await screen.findByRole("button", { name: "Curtir (9 curtidas)" })).toBeInTheDocument();
    expect(boardCalls(calls).length).toBe(requests);
  });

  it("asks for the first page again, once, 500 ms after a burst of changes", async () => {
    const pushed = deferred<unknown>();
    let answers = 0;
    const { calls } = renderHome({
      OffersChanged: () => pushed.promise,
      BoardOffers: () =>
        answers++ === 0
          ? connection([offerNode()])
          : connection([offerNode({ id: 50, title: "Nova oferta ao vivo no mural" }), offerNode()]),
    });
    await screen.findByRole("article");
    const requests = boardCalls(calls).length;
    pushed.resolve(change("created", 50));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(boardCalls(calls).length).toBe(requests);
    expect(await screen.findByRole("article", { name: "Nova oferta ao vivo no mural" }, { timeout: 2000 })).toBeInTheDocument();
    expect(boardCalls(calls).length).toBe(requests + 1);
    expect(boardCalls(calls).at(-1)?.variables).toMatchObject({ first: 12 });
    expect(boardCalls(calls).at(-1)?.variables.after).toBeUndefined();
  });
});
