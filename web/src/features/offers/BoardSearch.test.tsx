import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useLocation } from "react-router-dom";
import { describe, expect, it, vi } from "vitest";
import { meIs, renderApp, user, type Handler } from "../../test/renderApp";

// The board's search box (issue 28): what she types reaches the server as `q`, and the address.
const card = (id: number, title: string) => ({
  __typename: "Offer" as const,
  id,
  userId: 90 + id,
  postType: "oferta",
  type: "apoio",
  title,
  description: "Uma descrição com detalhes suficientes para o mural.",
  categories: ["Alimentação"],
  likes: 0,
  isLiked: false,
  isOwn: false,
  isUrgent: false,
  createdAt: new Date(Date.now() - 60_000).toISOString(),
  userNickname: "Bia",
  userFullName: "Beatriz Lima",
  userName: "Bia",
  userPlan: "alteza",
  userJoinedAt: "2023-05-10T15:00:00Z",
  userProfilePhoto: null,
  userProfessionalActivity: null,
  userConversationsFrom: "everyone",
});

const answer = (nodes: ReturnType<typeof card>[]) => ({
  data: {
    offers: {
      __typename: "OfferConnection",
      edges: nodes.map((node) => ({ __typename: "OfferEdge", cursor: `c${node.id}`, node })),
      pageInfo: { __typename: "PageInfo", endCursor: null, hasNextPage: false },
    },
  },
});

/** The board answers by the words asked: 'bolo' finds one card, anything else none. */
const board: Handler = (variables) => {
  if (!variables.q) return answer([card(1, "Consultoria de marca"), card(2, "Bolo de pote para revenda")]);
  return answer(variables.q === "bolo" ? [card(2, "Bolo de pote para revenda")] : []);
};

let address = "";
function Address() {
  const location = useLocation();
  address = `${location.pathname}${location.search}`;
  return null;
}

function renderBoard(route = "/") {
  return renderApp(
    route,
    {
      Me: meIs(user()),
      CommunityStats: () => ({
        data: { communityStats: { __typename: "CommunityStats", totalMembers: 1, totalCollabs: 0, totalPermutas: 0, totalApoios: 1 } },
      }),
      BoardOffers: board,
    },
    <Address />,
  );
}

describe("searching the board", () => {
  it("asks the server for her words once she pauses, and keeps them in the address", async () => {
    const u = userEvent.setup();
    const { calls } = renderBoard();
    const box = await screen.findByRole("searchbox", { name: "Buscar no mural" });
    await waitFor(() => expect(box).toBeEnabled());
    // Where the page was sent to the top from (the first address's own scroll is the page's start).
    const scrolledAt: string[] = [];
    vi.spyOn(window, "scrollTo").mockImplementation(() => void scrolledAt.push(address));
    await u.type(box, "bolo");
    expect(await screen.findByText("Resultados para “bolo”, os mais próximos primeiro")).toBeInTheDocument();
    expect(screen.queryByText("Consultoria de marca")).not.toBeInTheDocument();
    expect(screen.getByText("Bolo de pote para revenda")).toBeInTheDocument();
    expect(address).toBe("/?q=bolo");
    // Rewriting the address as she types keeps her where she is on the page.
    expect(scrolledAt.filter((at) => at.includes("q="))).toEqual([]);
    // Her last words are what the board shows; a single letter never reached the server.
    const asked = calls.filter((c) => c.operationName === "BoardOffers" && c.variables.q).map((c) => c.variables.q);
    expect(asked.at(-1)).toBe("bolo");
    expect(asked).not.toContain("b");
  });

  it("opens with the words of a shared address, and a single letter is no search", async () => {
    const u = userEvent.setup();
    const { calls } = renderBoard("/?q=bolo");
    const box = await screen.findByRole("searchbox", { name: "Buscar no mural" });
    await waitFor(() => expect(box).toHaveValue("bolo"));
    expect(await screen.findByText("Resultados para “bolo”, os mais próximos primeiro")).toBeInTheDocument();
    await u.clear(box);
    await u.type(box, "b");
    expect(await screen.findByText("Consultoria de marca")).toBeInTheDocument();
    expect(calls.filter((c) => c.operationName === "BoardOffers").every((c) => c.variables.q === undefined || c.variables.q === "bolo")).toBe(true);
  });

  it("says what found nothing and clears the words from the empty state", async () => {
    const u = userEvent.setup();
    renderBoard("/?q=tricô");
    const text = await screen.findByText("Nenhuma publicação encontrada para “tricô”. Tente outras palavras ou menos filtros.");
    const empty = text.closest<HTMLElement>('[role="status"]');
    expect(empty).not.toBeNull();
    await u.click(within(empty!).getByRole("button", { name: "Limpar busca" }));
    expect(await screen.findByText("Consultoria de marca")).toBeInTheDocument();
    expect(screen.getByRole("searchbox", { name: "Buscar no mural" })).toHaveValue("");
    await waitFor(() => expect(address).toBe("/"));
  });
});
