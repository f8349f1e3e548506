import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { hydrateRoot, type Root } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { ThemeProvider } from "styled-components";
import { theme } from "../../styles/theme";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { renderUi } from "../../lib/renderUi";
import { BoardEmptyState, BoardRetryCard, OfferBoardSkeleton } from "./BoardStates";
import { likeColour, LIKED_COLOUR } from "./likeColour";
import { OfferCard, type BoardOffer, type OfferCardProps } from "./OfferCard";

const DAY = 24 * 60 * 60 * 1000;

function offer(overrides: Partial<BoardOffer> = {}): BoardOffer {
  return {
    id: 42,
    postType: "oferta",
    type: "collab",
    title: "Fotógrafa busca parceira de design",
    description: "Faço ensaios para marcas e quero criar um pacote junto com uma designer.",
    categories: ["Fotografia", "Design"],
    likes: 3,
    isLiked: false,
    isUrgent: false,
    createdAt: new Date(Date.now() - 3 * DAY).toISOString(),
    userNickname: "Bia",
    userFullName: "Beatriz Lima",
    userName: "beatriz",
    userPlan: "alteza",
    userJoinedAt: "2023-05-10T15:00:00Z",
    userProfilePhoto: null,
    userProfessionalActivity: "Criatividade & Design",
    ...overrides,
  };
}

function renderCard(props: Partial<OfferCardProps> = {}) {
  const handlers = { onLike: vi.fn(), onContact: vi.fn() };
  renderUi(<OfferCard offer={offer()} isOwner={false} {...handlers} {...props} />);
  return handlers;
}

describe("OfferCard", () => {
  it("shows the time, author, plan, badges, activity, title, description and tags", () => {
    renderCard();
    const card = screen.getByRole("article", { name: "Fotógrafa busca parceira de design" });
    const inCard = within(card);
    expect(inCard.getByText("Há 3 dias")).toBeInTheDocument();
    expect(inCard.getByText("Bia")).toBeInTheDocument();
    expect(inCard.getByText("ALTEZA")).toBeInTheDocument();
    expect(inCard.getByText("Parceira desde 2023")).toBeInTheDocument();
    expect(inCard.getByText("Oferta")).toBeInTheDocument();
    expect(inCard.getByText("Collab")).toBeInTheDocument();
    expect(inCard.getByText("ID: 42")).toBeInTheDocument();
    expect(inCard.getByText("Criatividade & Design")).toBeInTheDocument();
    expect(inCard.getByText(/Faço ensaios para marcas/)).toBeInTheDocument();
    expect(inCard.getByText("#Fotografia")).toBeInTheDocument();
    expect(inCard.getByText("#Design")).toBeInTheDocument();
    expect(inCard.queryByText("Urgente")).not.toBeInTheDocument();
    expect(inCard.queryByText(/Role para ver mais/)).not.toBeInTheDocument();
  });

  it("reads the time as 'Agora mesmo' or in hours for recent offers", () => {
    renderCard({ offer: offer({ createdAt: new Date().toISOString() }) });
    expect(screen.getByText("Agora mesmo")).toBeInTheDocument();
  });

  it("falls back from nickname to full name to name, and initials to 'U'", () => {
    const { unmount } = renderUi(
      <OfferCard offer={offer({ userNickname: null, userFullName: "Carla Dias Rocha" })} isOwner={false} onLike={vi.fn()} onContact={vi.fn()} />,
    );
    expect(screen.getByText("Carla Dias Rocha")).toBeInTheDocument();
    expect(screen.getByTestId("avatar")).toHaveTextContent("CR");
    unmount();

    renderUi(
      <OfferCard offer={offer({ userNickname: "", userFullName: null, userName: null })} isOwner={false} onLike={vi.fn()} onContact={vi.fn()} />,
    );
    expect(screen.getByTestId("avatar")).toHaveTextContent("U");
  });

  it("shows the author's photo when there is one", () => {
    renderCard({ offer: offer({ userProfilePhoto: "https://cdn.example/bia.jpg" }) });
    expect(screen.getByTestId("avatar").querySelector("img")).toHaveAttribute("src", "https://cdn.example/bia.jpg");
  });

  it("falls back to initials when the photo fails to load", () => {
    renderCard({ offer: offer({ userProfilePhoto: "https://cdn.example/missing.jpg" }) });
    fireEvent.error(screen.getByTestId("avatar").querySelector("img")!);
    expect(screen.getByTestId("avatar")).toHaveTextContent("B");
    expect(screen.getByTestId("avatar").querySelector("img")).toBeNull();
  });

  it("reads the photo marker 'webp' as the author's photo path", () => {
    renderCard({ offer: offer({ userId: 9, userProfilePhoto: "webp" }) });
    expect(screen.getByTestId("avatar").querySelector("img")).toHaveAttribute("src", "/api/users/9/photo");
  });

  it.each([
    ["imperatriz", "IMPERATRIZ"],
    ["majestade", "MAJESTADE"],
    ["nobreza", "NOBREZA"],
    ["diamante", "DIAMANTE"],
  ])("names the %s plan in upper case beside its colour", (plan, shown) => {
    renderCard({ offer: offer({ userPlan: plan }) });
    expect(screen.getByText(shown)).toBeInTheDocument();
  });

  it.each([
    ["collab", "oferta", "Pedir Colaboração"],
    ["collab", "pedido", "Oferecer Colaboração"],
    ["permuta", "oferta", "Pedir Permuta"],
    ["permuta", "pedido", "Oferecer Permuta"],
    ["apoio", "oferta", "Pedir Apoio"],
    ["apoio", "pedido", "Oferecer Apoio"],
  ] as const)("labels the contact button of a %s %s '%s' and calls onContact", async (type, postType, label) => {
    const u = userEvent.setup();
    const o = offer({ type, postType });
    const { onContact } = renderCard({ offer: o });
    await u.click(screen.getByRole("button", { name: label }));
    expect(onContact).toHaveBeenCalledWith(o);
  });

  it("shows 'Urgente' on an urgent offer", () => {
    renderCard({ offer: offer({ isUrgent: true }) });
    expect(screen.getByText(/Urgente/)).toBeInTheDocument();
  });

  it("notes the length of a description above 200 characters and makes it scrollable", () => {
    const description = "a".repeat(201);
    renderCard({ offer: offer({ description }) });
    expect(screen.getByText("201 caracteres • Role para ver mais")).toBeInTheDocument();
    expect(screen.getByRole("region", { name: /Descrição/ })).toHaveAttribute("tabindex", "0");
  });

  it("does not note a description of exactly 200 characters", () => {
    renderCard({ offer: offer({ description: "a".repeat(200) }) });
    expect(screen.queryByText(/Role para ver mais/)).not.toBeInTheDocument();
  });

  describe("like button", () => {
    it("shows the count, likes by id and pulses for 300 ms", async () => {
      const u = userEvent.setup();
      const { onLike } = renderCard();
      const like = screen.getByRole("button", { name: "Curtir (3 curtidas)" });
      expect(like).toHaveTextContent("3");
      expect(like).toHaveAttribute("aria-pressed", "false");
      await u.click(like);
      expect(onLike).toHaveBeenCalledWith(42);
      expect(like).toHaveAttribute("data-pulsing", "true");
      await waitFor(() => expect(like).not.toHaveAttribute("data-pulsing"), { timeout: 1000 });
    });

    it("is pressed, rose and filled when liked", () => {
      renderCard({ offer: offer({ isLiked: true, likes: 1 }) });
      const like = screen.getByRole("button", { name: "Curtir (1 curtida)", pressed: true });
      expect(like.querySelector("svg")).toHaveAttribute("data-filled", "true");
      expect(likeColour(1, true)).toBe(LIKED_COLOUR);
    });

    it("paints the button with the ramp colour", () => {
      renderCard({ offer: offer({ likes: 0 }) });
      expect(screen.getByRole("button", { name: "Curtir (0 curtidas)" })).toHaveStyle({ color: "#6b6369" });
    });

    it("ramps from grey at 0 to red at 20 likes and stays red beyond", () => {
      expect(likeColour(0, false)).toBe("#6b6369");
      expect(likeColour(20, false)).toBe("#c62828");
      expect(likeColour(50, false)).toBe("#c62828");
      const mid = likeColour(10, false);
      expect(mid).not.toBe("#6b6369");
      expect(mid).not.toBe("#c62828");
    });
  });

  describe("menu", () => {
    it("offers 'Editar' and 'Excluir' to the owner", async () => {
      const u = userEvent.setup();
      const onEdit = vi.fn();
      const onDelete = vi.fn();
      const o = offer();
      renderCard({ offer: o, isOwner: true, onEdit, onDelete, onReport: vi.fn() });
      await u.click(screen.getByRole("button", { name: "Mais ações" }));
      const menu = screen.getByRole("menu");
      expect(within(menu).getAllByRole("menuitem").map((item) => item.textContent)).toEqual(["Editar", "Excluir"]);
      expect(within(menu).getByRole("menuitem", { name: "Editar" })).toHaveFocus();
      await u.click(within(menu).getByRole("menuitem", { name: "Excluir" }));
      expect(onDelete).toHaveBeenCalledWith(o);
      expect(screen.queryByRole("menu")).not.toBeInTheDocument();

      await u.click(screen.getByRole("button", { name: "Mais ações" }));
      await u.keyboard("{Enter}");
      expect(onEdit).toHaveBeenCalledWith(o);
    });

    it("offers 'Denunciar' to others and closes on Escape", async () => {
      const u = userEvent.setup();
      const onReport = vi.fn();
      renderCard({ onReport, onEdit: vi.fn(), onDelete: vi.fn() });
      const trigger = screen.getByRole("button", { name: "Mais ações" });
      await u.click(trigger);
      expect(screen.getAllByRole("menuitem").map((item) => item.textContent)).toEqual(["Denunciar"]);
      await u.keyboard("{Escape}");
      expect(screen.queryByRole("menu")).not.toBeInTheDocument();
      expect(trigger).toHaveFocus();
      await u.click(trigger);
      await u.click(screen.getByRole("menuitem", { name: "Denunciar" }));
      expect(onReport).toHaveBeenCalledTimes(1);
    });

    it("offers 'Bloquear' to others beside 'Denunciar', never to the owner", async () => {
      const u = userEvent.setup();
      const onBlock = vi.fn();
      const o = offer();
      renderCard({ offer: o, onReport: vi.fn(), onBlock });
      await u.click(screen.getByRole("button", { name: "Mais ações" }));
      expect(screen.getAllByRole("menuitem").map((item) => item.textContent)).toEqual(["Denunciar", "Bloquear"]);
      await u.click(screen.getByRole("menuitem", { name: "Bloquear" }));
      expect(onBlock).toHaveBeenCalledWith(o);
    });

    it("offers 'Silenciar' to others between 'Denunciar' and 'Bloquear', never to the owner", async () => {
      const u = userEvent.setup();
      const onMute = vi.fn();
      const o = offer();
      renderCard({ offer: o, onReport: vi.fn(), onBlock: vi.fn(), onMute });
      await u.click(screen.getByRole("button", { name: "Mais ações" }));
      expect(screen.getAllByRole("menuitem").map((item) => item.textContent)).toEqual(["Denunciar", "Silenciar", "Bloquear"]);
      await u.click(screen.getByRole("menuitem", { name: "Silenciar" }));
      expect(onMute).toHaveBeenCalledWith(o);
    });

    it("says so on the contact button when the author takes no new conversations", async () => {
      const u = userEvent.setup();
      const { onContact } = renderCard({ offer: offer({ userConversationsFrom: "nobody" }) });
      const button = screen.getByRole("button", { name: "Não está recebendo novas conversas" });
      expect(button).toBeDisabled();
      await u.click(button);
      expect(onContact).not.toHaveBeenCalled();
    });

    it("shows no menu when no action applies", () => {
      renderCard({ isOwner: true, onReport: vi.fn() });
      expect(screen.queryByRole("button", { name: "Mais ações" })).not.toBeInTheDocument();
    });
  });

  describe("avatar", () => {
    it.each(["majestade", "imperatriz"])("opens a %s author's profile", async (plan) => {
      const u = userEvent.setup();
      const onOpenAuthor = vi.fn();
      const o = offer({ userPlan: plan });
      renderCard({ offer: o, onOpenAuthor });
      await u.click(screen.getByRole("button", { name: "Ver perfil de Bia" }));
      expect(onOpenAuthor).toHaveBeenCalledWith(o);
    });

    it.each(["nobreza", "alteza"])("does not open a %s author's profile", (plan) => {
      renderCard({ offer: offer({ userPlan: plan }), onOpenAuthor: vi.fn() });
      expect(screen.queryByRole("button", { name: /Ver perfil/ })).not.toBeInTheDocument();
    });
  });
});

describe("board states", () => {
  it("shows six skeleton cards while loading", () => {
    renderUi(<OfferBoardSkeleton />);
    expect(screen.getByRole("status")).toHaveTextContent("Carregando ofertas");
    expect(screen.getAllByTestId("offer-card-skeleton")).toHaveLength(6);
  });

  it("invites the first post when there are no filters", async () => {
    const u = userEvent.setup();
    const onCreate = vi.fn();
    renderUi(<BoardEmptyState hasFilters={false} onCreate={onCreate} />);
    expect(screen.getByRole("heading", { name: "Nenhuma oferta encontrada" })).toBeInTheDocument();
    expect(screen.getByText("Seja a primeira a publicar!")).toBeInTheDocument();
    await u.click(screen.getByRole("button", { name: "Criar Primeira Oferta" }));
    expect(onCreate).toHaveBeenCalled();
  });

  it("says the filters found nothing when filters are set", () => {
    renderUi(<BoardEmptyState hasFilters onCreate={vi.fn()} />);
    expect(screen.getByText("Nenhum resultado encontrado para os filtros selecionados.")).toBeInTheDocument();
    expect(screen.queryByText("Seja a primeira a publicar!")).not.toBeInTheDocument();
  });

  it("offers 'Tentar Novamente' with the reason when loading failed", async () => {
    const u = userEvent.setup();
    const onRetry = vi.fn();
    const failed = renderUi(<BoardRetryCard message="Erro de rede. Verifique sua conexão e tente novamente." onRetry={onRetry} />);
    // Failed: the failure and its reason, nothing that says it is still loading.
    expect(screen.getByRole("alert")).toHaveTextContent("Não foi possível carregar as ofertas");
    expect(screen.getByText("Erro de rede. Verifique sua conexão e tente novamente.")).toBeInTheDocument();
    expect(screen.queryByText("Carregando ofertas...")).not.toBeInTheDocument();
    expect(screen.queryByRole("status")).not.toBeInTheDocument();
    await u.click(screen.getByRole("button", { name: "Tentar Novamente" }));
    expect(onRetry).toHaveBeenCalled();
    // Trying again: the spec's 'Carregando ofertas...' with the spinner, the button waiting.
    failed.unmount();
    renderUi(<BoardRetryCard message="Erro de rede. Verifique sua conexão e tente novamente." onRetry={onRetry} retrying />);
    expect(screen.getByRole("status")).toHaveTextContent("Carregando ofertas...");
    expect(screen.getByRole("button", { name: "Tentar Novamente" })).toBeDisabled();
    expect(screen.queryByText("Não foi possível carregar as ofertas")).not.toBeInTheDocument();
  });
});

describe("a card the server drew a while ago", () => {
  it("is taken over without a hydration error (React's #418), then reads the time from the real clock", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      // The server keeps its drawing of / until the board changes: here, five minutes.
      const drawnAt = new Date("2026-11-27T12:00:00Z");
      vi.setSystemTime(drawnAt);
      const ui = (
        <ThemeProvider theme={theme}>
          <OfferCard offer={offer({ createdAt: drawnAt.toISOString() })} isOwner={false} onLike={() => undefined} onContact={() => undefined} />
        </ThemeProvider>
      );
      const container = document.createElement("div");
      document.body.append(container);
      container.innerHTML = renderToString(ui);
      expect(container).toHaveTextContent("Agora mesmo");

      vi.setSystemTime(new Date(drawnAt.getTime() + 5 * 60_000));
      const recoverable = vi.fn();
      let root: Root | undefined;
      await act(async () => {
        root = hydrateRoot(container, ui, { onRecoverableError: recoverable });
      });
      expect(recoverable).not.toHaveBeenCalled();
      await waitFor(() => expect(container).toHaveTextContent("Há 5 minutos"));
      act(() => root?.unmount());
      container.remove();
    } finally {
      vi.useRealTimers();
    }
  });
});
