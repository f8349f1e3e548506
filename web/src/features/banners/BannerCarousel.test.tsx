import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { withProviders, type Handler } from "../../test/renderApp";
import { deferred } from "../../test/deferred";
import { BannerCarousel, shuffled } from "./BannerCarousel";

function banner(id: number, overrides: Record<string, unknown> = {}) {
  return { __typename: "Banner", id, url: `/api/banners/${id}/image?v=1`, alt: `Banner da parceira ${id}`, link: null, ...overrides };
}
const three = () => [banner(1), banner(2, { link: "https://parceira.example.com/promo" }), banner(3)];
const answer = (list: unknown[]) => () => ({ data: { banners: list } });

function renderCarousel(handlers: Record<string, Handler>) {
  const u = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
  const utils = withProviders(<BannerCarousel />, handlers);
  return { ...utils, u };
}

/** The slide on screen: the only one not hidden from assistive technology. */
const shownSlide = () => screen.getByRole("group");
/** The carousel once its slides are there (the loading frame has the same name). */
async function findCarousel() {
  await screen.findByRole("group");
  return screen.getByRole("region", { name: "Destaques das parceiras" });
}
const shownAlt = () => within(shownSlide()).getByRole("img").getAttribute("alt");
const tick = (ms: number) => act(() => vi.advanceTimersByTime(ms));

function preferReducedMotion(reduce: boolean) {
  vi.spyOn(window, "matchMedia").mockImplementation(
    (query: string) =>
      ({ matches: reduce && query.includes("reduce"), media: query, addEventListener: vi.fn(), removeEventListener: vi.fn() }) as unknown as MediaQueryList,
  );
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  // With Math.random() at 0, Fisher–Yates turns [1, 2, 3] into [2, 3, 1].
  vi.spyOn(Math, "random").mockReturnValue(0);
  if (!window.matchMedia) window.matchMedia = (() => undefined) as unknown as typeof window.matchMedia;
  preferReducedMotion(false);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("shuffled", () => {
  it("shuffles with Math.random and keeps every item once", () => {
    expect(shuffled([1, 2, 3])).toEqual([2, 3, 1]);
    expect(shuffled([1, 2, 3], () => 0.99)).toEqual([1, 2, 3]);
    expect(shuffled([])).toEqual([]);
  });
});

describe("the banner carousel", () => {
  it("shows the live banners in random order as a labelled carousel of slides", async () => {
    renderCarousel({ Banners: answer(three()) });
    const carousel = await findCarousel();
    expect(carousel).toHaveAttribute("aria-roledescription", "carousel");
    expect(shownSlide()).toHaveAttribute("aria-roledescription", "slide");
    expect(shownSlide()).toHaveAccessibleName("1 de 3");
    expect(shownAlt()).toBe("Banner da parceira 2");
    const order = [...carousel.querySelectorAll("[data-banner]")].map((slide) => slide.getAttribute("data-banner"));
    expect(order).toEqual(["2", "3", "1"]);
    expect(Math.random).toHaveBeenCalled();
  });

  it("opens a banner's link in a new tab with rel=noopener; a banner without link is just its image", async () => {
    renderCarousel({ Banners: answer(three()) });
    const link = await screen.findByRole("link", { name: /Banner da parceira 2/ });
    expect(link).toHaveAttribute("href", "https://parceira.example.com/promo");
    expect(link).toHaveAttribute("target", "_blank");
    expect(link).toHaveAttribute("rel", "noopener");
    expect(link).toHaveAccessibleName("Banner da parceira 2 (abre em uma nova aba)");
    expect(within(link).getByRole("img")).toHaveAttribute("src", "/api/banners/2/image?v=1");

    await tick(10_000);
    expect(shownAlt()).toBe("Banner da parceira 3");
    expect(within(shownSlide()).queryByRole("link")).not.toBeInTheDocument();
  });

  it("advances every 10 s and wraps around", async () => {
    renderCarousel({ Banners: answer(three()) });
    await screen.findByRole("group");
    await tick(9_900);
    expect(shownAlt()).toBe("Banner da parceira 2");
    await tick(100);
    expect(shownAlt()).toBe("Banner da parceira 3");
    expect(screen.getByRole("button", { name: "Banner 2 de 3" })).toHaveAttribute("aria-current", "true");
    await tick(10_000);
    expect(shownAlt()).toBe("Banner da parceira 1");
    await tick(10_000);
    expect(shownAlt()).toBe("Banner da parceira 2");
  });

  it("stays still while hovered and moves on again after the pointer leaves", async () => {
    const { u } = renderCarousel({ Banners: answer(three()) });
    const carousel = await findCarousel();
    await u.hover(carousel);
    await tick(30_000);
    expect(shownAlt()).toBe("Banner da parceira 2");
    await u.unhover(carousel);
    await tick(10_000);
    expect(shownAlt()).toBe("Banner da parceira 3");
  });

  it("stays still while something inside has focus, and the dots work from the keyboard", async () => {
    const { u } = renderCarousel({ Banners: answer(three()) });
    await screen.findByRole("group");
    const lastDot = screen.getByRole("button", { name: "Banner 3 de 3" });
    lastDot.focus();
    await u.keyboard("{Enter}");
    expect(shownAlt()).toBe("Banner da parceira 1");
    expect(lastDot).toHaveAttribute("aria-current", "true");
    expect(shownSlide().closest("[aria-live]")).toHaveAttribute("aria-live", "polite");

    await tick(30_000);
    expect(shownAlt()).toBe("Banner da parceira 1");

    await u.tab({ shift: true });
    expect(screen.getByRole("button", { name: "Banner 2 de 3" })).toHaveFocus();
    await u.keyboard(" ");
    expect(shownAlt()).toBe("Banner da parceira 3");
    await u.click(screen.getByRole("button", { name: "Próximo banner" }));
    expect(shownAlt()).toBe("Banner da parceira 1");
    await u.click(screen.getByRole("button", { name: "Banner anterior" }));
    expect(shownAlt()).toBe("Banner da parceira 3");

    act(() => (document.activeElement as HTMLElement).blur());
    await u.unhover(screen.getByRole("region", { name: "Destaques das parceiras" }));
    await tick(10_000);
    expect(shownAlt()).toBe("Banner da parceira 1");
  });

  it("can be paused and resumed with its own button", async () => {
    const { u } = renderCarousel({ Banners: answer(three()) });
    await screen.findByRole("group");
    await u.click(screen.getByRole("button", { name: "Pausar banners" }));
    act(() => (document.activeElement as HTMLElement).blur());
    await u.unhover(screen.getByRole("region", { name: "Destaques das parceiras" }));
    await tick(30_000);
    expect(shownAlt()).toBe("Banner da parceira 2");
    await u.click(screen.getByRole("button", { name: "Retomar banners" }));
    act(() => (document.activeElement as HTMLElement).blur());
    await u.unhover(screen.getByRole("region", { name: "Destaques das parceiras" }));
    await tick(10_000);
    expect(shownAlt()).toBe("Banner da parceira 3");
  });

  it("does not advance by itself when she prefers reduced motion, but the dots still work", async () => {
    preferReducedMotion(true);
    const { u } = renderCarousel({ Banners: answer(three()) });
    await screen.findByRole("group");
    await tick(60_000);
    expect(shownAlt()).toBe("Banner da parceira 2");
    expect(screen.queryByRole("button", { name: "Pausar banners" })).not.toBeInTheDocument();
    await u.click(screen.getByRole("button", { name: "Banner 2 de 3" }));
    expect(shownAlt()).toBe("Banner da parceira 3");
  });

  it("replaces the list with the one bannersUpdated pushes, keeping the banner on screen when it is still live", async () => {
    const push = deferred();
    const { calls } = renderCarousel({ Banners: answer(three()), BannersUpdated: () => push.promise });
    await screen.findByRole("group");
    expect(shownAlt()).toBe("Banner da parceira 2");

    push.resolve({ data: { bannersUpdated: [banner(2), banner(4, { alt: "Nova parceira" }), banner(5)] } });
    await screen.findByRole("button", { name: "Banner 3 de 3" });
    const carousel = screen.getByRole("region", { name: "Destaques das parceiras" });
    expect(within(carousel).getByAltText("Nova parceira")).toBeInTheDocument();
    const ids = [...carousel.querySelectorAll("[data-banner]")].map((slide) => slide.getAttribute("data-banner"));
    expect(ids.sort()).toEqual(["2", "4", "5"]);
    expect(shownAlt()).toBe("Banner da parceira 2");
    expect(calls.filter((c) => c.operationName === "Banners")).toHaveLength(1);
  });

  it("shows the placeholder when a push empties the list", async () => {
    const push = deferred();
    renderCarousel({ Banners: answer(three()), BannersUpdated: () => push.promise });
    await screen.findByRole("group");
    push.resolve({ data: { bannersUpdated: [] } });
    expect(await screen.findByText("Espaço das parceiras")).toBeInTheDocument();
    expect(screen.queryByRole("group")).not.toBeInTheDocument();
  });

  it("shows the on-brand placeholder when there are no banners", async () => {
    renderCarousel({ Banners: answer([]) });
    expect(await screen.findByText("Espaço das parceiras")).toBeInTheDocument();
    expect(screen.getByText(/Em breve, novidades e oportunidades/)).toBeInTheDocument();
    expect(screen.queryByRole("button")).not.toBeInTheDocument();
  });

  it("shows the placeholder when the fetch fails", async () => {
    renderCarousel({
      Banners: () => {
        throw new Error("Failed to fetch");
      },
    });
    expect(await screen.findByText("Espaço das parceiras")).toBeInTheDocument();
  });

  it("keeps a 16:9 frame, busy, while the list loads", async () => {
    const pending = deferred();
    renderCarousel({ Banners: () => pending.promise });
    const region = screen.getByRole("region", { name: "Destaques das parceiras" });
    expect(region).toHaveAttribute("aria-busy", "true");
    expect(within(region).getByText("Carregando destaques...")).toBeInTheDocument();
    pending.resolve({ data: { banners: three() } });
    expect(await screen.findByRole("group")).toBeInTheDocument();
  });

  it("shows a single banner without controls", async () => {
    renderCarousel({ Banners: answer([banner(9)]) });
    await screen.findByRole("group");
    expect(screen.queryByRole("button")).not.toBeInTheDocument();
    await tick(20_000);
    expect(shownAlt()).toBe("Banner da parceira 9");
  });
});
