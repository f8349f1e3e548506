import { act, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { meIs, renderApp, user, type Handler } from "../../test/renderApp";
import { MOTIVATION_INTERVAL_MS, isMotivationDue, readLastShown } from "./motivationSchedule";
import { MOTIVATIONAL_PHRASES } from "./phrases";

const KEY = "lastMotivationalPopup";
const NOW = new Date("2025-03-12T12:00:00-03:00").getTime();

const homeHandlers: Record<string, Handler> = {
  CommunityStats: () => ({
    data: { communityStats: { __typename: "CommunityStats", totalMembers: 1, totalCollabs: 0, totalPermutas: 0, totalApoios: 0 } },
  }),
  BoardOffers: () => ({
    data: { offers: { __typename: "OfferConnection", edges: [], pageInfo: { __typename: "PageInfo", endCursor: null, hasNextPage: false } } },
  }),
};

const popup = () => screen.queryByRole("dialog", { name: "Hora de Brilhar!" });

async function advance(ms: number) {
  await act(async () => {
    vi.advanceTimersByTime(ms);
  });
}

/** Renders the app at a route and lets `me` answer (fake timers: promises still run). */
async function renderAt(route: string, me: ReturnType<typeof user> | null = user()) {
  const utils = renderApp(route, { Me: meIs(me), ...homeHandlers });
  await advance(0);
  await advance(0);
  return utils;
}

beforeEach(() => {
  localStorage.removeItem(KEY);
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval", "Date"] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
});

describe("the 50 phrases", () => {
  it("are 50 different, non-empty Portuguese sentences", () => {
    expect(MOTIVATIONAL_PHRASES).toHaveLength(50);
    expect(new Set(MOTIVATIONAL_PHRASES.map((p) => p.trim().toLowerCase())).size).toBe(50);
    for (const phrase of MOTIVATIONAL_PHRASES) expect(phrase.trim().length).toBeGreaterThan(20);
  });
});

describe("the 24 h rule", () => {
  it("is due when never shown, or 24 h or more after the last display; not before, nor for a time ahead of the clock", () => {
    expect(isMotivationDue(NOW, null)).toBe(true);
    expect(isMotivationDue(NOW, NOW - MOTIVATION_INTERVAL_MS)).toBe(true);
    expect(isMotivationDue(NOW, NOW - MOTIVATION_INTERVAL_MS + 1)).toBe(false);
    expect(isMotivationDue(NOW, NOW + 60_000)).toBe(false);
  });

  it.each(["", "abc", "-5", "1.5", "NaN", "0", "1e12", "99999999999999999999"])("reads the broken value %j as never shown", (value) => {
    localStorage.setItem(KEY, value);
    expect(readLastShown()).toBeNull();
  });
});

describe("'Hora de Brilhar!'", () => {
  it("shows a signed-in member one of the phrases 3 s after load and keeps the display time", async () => {
    await renderAt("/");
    await advance(2900);
    expect(popup()).not.toBeInTheDocument();

    await advance(100);
    const dialog = popup()!;
    expect(dialog).toBeInTheDocument();
    expect(MOTIVATIONAL_PHRASES.some((phrase) => within(dialog).queryByText(phrase))).toBe(true);
    expect(within(dialog).getByRole("button", { name: "Criar Minha Oferta Agora!" })).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Explorar Ofertas Primeiro" })).toBeInTheDocument();
    expect(localStorage.getItem(KEY)).toBe(String(NOW + 3000));
  });

  it("does not show again within 24 h, and shows once 24 h have passed", async () => {
    localStorage.setItem(KEY, String(NOW - MOTIVATION_INTERVAL_MS + 60_000));
    const first = await renderAt("/");
    await advance(5000);
    expect(popup()).not.toBeInTheDocument();
    first.unmount();

    localStorage.setItem(KEY, String(NOW - MOTIVATION_INTERVAL_MS));
    await renderAt("/");
    await advance(3000);
    expect(popup()).toBeInTheDocument();
  });

  it("treats a broken stored value as never shown", async () => {
    localStorage.setItem(KEY, "ontem");
    await renderAt("/");
    await advance(3000);
    expect(popup()).toBeInTheDocument();
  });

  it("is not shown to visitors nor on the staff pages", async () => {
    const visitor = await renderAt("/", null);
    await advance(5000);
    expect(popup()).not.toBeInTheDocument();
    visitor.unmount();

    await renderAt("/admin", user({ isSuperuser: true }));
    await advance(5000);
    expect(popup()).not.toBeInTheDocument();
    expect(localStorage.getItem(KEY)).toBeNull();
  });

  it("'Criar Minha Oferta Agora!' opens the proposal dialog", async () => {
    await renderAt("/mensagens");
    await advance(3000);
    await act(async () => {
      within(popup()!).getByRole("button", { name: "Criar Minha Oferta Agora!" }).click();
    });
    await advance(20);
    expect(popup()).not.toBeInTheDocument();
    expect(screen.getByRole("dialog", { name: "Nova Proposta" })).toBeInTheDocument();
  });

  it("'Explorar Ofertas Primeiro' closes it and goes to the board", async () => {
    await renderAt("/mensagens");
    await advance(3000);
    await act(async () => {
      within(popup()!).getByRole("button", { name: "Explorar Ofertas Primeiro" }).click();
    });
    await advance(20);
    expect(popup()).not.toBeInTheDocument();
    expect(screen.getByRole("region", { name: "Mural de Parcerias" })).toBeInTheDocument();
    expect(Element.prototype.scrollIntoView).toHaveBeenCalled();
  });

  it("waits until her profile is complete: never over the sign-up form, nor anywhere before", async () => {
    const signingUp = await renderAt("/perfil", user({ profileComplete: false }));
    await advance(10_000);
    expect(popup()).not.toBeInTheDocument();
    signingUp.unmount();

    await renderAt("/", user({ profileComplete: false }));
    await advance(10_000);
    expect(popup()).not.toBeInTheDocument();
    expect(localStorage.getItem(KEY)).toBeNull();
  });

  it("does not open over the profile form of a member whose profile is complete", async () => {
    await renderAt("/perfil");
    await advance(10_000);
    expect(popup()).not.toBeInTheDocument();
  });

  it("waits while a dialog is open, and shows 3 s after she is free", async () => {
    await renderAt("/");
    await act(async () => {
      screen.getByRole("button", { name: /Publicar/ }).click();
    });
    await advance(20);
    const form = screen.getByRole("dialog", { name: "Nova Proposta" });
    await advance(7000);
    expect(popup()).not.toBeInTheDocument();
    expect(localStorage.getItem(KEY)).toBeNull();

    await act(async () => {
      within(form).getByRole("button", { name: "Fechar" }).click();
    });
    await advance(20);
    expect(screen.queryByRole("dialog", { name: "Nova Proposta" })).not.toBeInTheDocument();
    await advance(3000);
    expect(popup()).toBeInTheDocument();
  });

  it("waits while she is typing in a field", async () => {
    await renderAt("/");
    act(() => screen.getByLabelText("Local de Publicação").focus());
    await advance(6000);
    expect(popup()).not.toBeInTheDocument();
    act(() => (document.activeElement as HTMLElement).blur());
    await advance(3000);
    expect(popup()).toBeInTheDocument();
  });

  it("survives a sign-out: the display time is kept with the app's storage cleared", async () => {
    const { clearAppStorage } = await import("../../lib/storage");
    localStorage.setItem(KEY, String(NOW));
    localStorage.setItem("clubecoroa_user", "{}");
    clearAppStorage();
    expect(localStorage.getItem(KEY)).toBe(String(NOW));
    expect(localStorage.getItem("clubecoroa_user")).toBeNull();
  });
});
