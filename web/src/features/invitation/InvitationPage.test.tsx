import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { meIs, renderApp, user, type Handler } from "../../test/renderApp";

const AFFILIATE_KEY = "clubecoroa_affiliate_code";

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

/** Replaces fetch: each call answers with the next of `answers` (the last one repeats). */
function answerAffiliate(...answers: (() => Response | Promise<Response>)[]) {
  const fetchMock = vi.fn((_url: string) => (answers.length > 1 ? answers.shift()! : answers[0])());
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

const homeHandlers: Record<string, Handler> = {
  CommunityStats: () => ({
    data: { communityStats: { __typename: "CommunityStats", totalMembers: 1, totalCollabs: 0, totalPermutas: 0, totalApoios: 0 } },
  }),
  BoardOffers: () => ({
    data: { offers: { __typename: "OfferConnection", edges: [], pageInfo: { __typename: "PageInfo", endCursor: null, hasNextPage: false } } },
  }),
};

const appInfo: Handler = () => ({ data: { appInfo: { __typename: "AppInfo", localWhatsapp: false, productName: "Clube Coroa" } } });

const visitorAt = (route: string) => renderApp(route, { Me: meIs(null), ...homeHandlers });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the invitation page", () => {
  it("says 'Verificando convite...' while it checks, then names the ambassador and keeps the code", async () => {
    let answer!: (response: Response) => void;
    const fetchMock = answerAffiliate(() => new Promise<Response>((resolve) => (answer = resolve)));
    visitorAt("/?id=KC12");

    expect(await screen.findByText("Verificando convite...")).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith("/api/affiliate/kc12", expect.anything());
    answer(json(200, { success: true, ambassador: { fullName: "Maria Helena Souza", nickname: "Lena" } }));

    expect(await screen.findByRole("heading", { level: 1, name: "Você foi convidada!" })).toBeInTheDocument();
    expect(screen.getByText("Maria Helena Souza")).toBeInTheDocument();
    expect(screen.getByText("Networking exclusivo para mulheres empreendedoras", { selector: "main p" })).toBeInTheDocument();
    expect(screen.getByText("Convite válido por Maria Helena Souza")).toBeInTheDocument();
    for (const benefit of ["Networking entre empreendedoras", "Parceiras para colaborações", "Troca de serviços", "Apoio da comunidade"]) {
      expect(screen.getByRole("heading", { name: benefit })).toBeInTheDocument();
    }
    for (const plan of ["NOBREZA", "ALTEZA e MAJESTADE", "IMPERATRIZ"]) expect(screen.getByRole("heading", { name: plan })).toBeInTheDocument();
    const can = screen.getByRole("region", { name: "O que você pode fazer" });
    for (const kind of ["Colaborações", "Permutas", "Apoio"]) expect(within(can).getByRole("heading", { name: kind })).toBeInTheDocument();
    for (const cta of screen.getAllByRole("link", { name: "Aceitar convite e entrar" })) expect(cta).toHaveAttribute("href", "/?signup=true");
    expect(localStorage.getItem(AFFILIATE_KEY)).toBe("kc12");
  });

  it("names her by nickname when the ambassador has no full name", async () => {
    answerAffiliate(() => json(200, { success: true, ambassador: { fullName: null, nickname: "Lena" } }));
    visitorAt("/?id=kc12");
    expect(await screen.findByText("Convite válido por Lena")).toBeInTheDocument();
  });

  it("still welcomes her when the ambassador has not filled in her names", async () => {
    answerAffiliate(() => json(200, { success: true, ambassador: { fullName: " ", nickname: null } }));
    visitorAt("/?id=kc12");
    expect(await screen.findByText("Convite válido por uma integrante do clube")).toBeInTheDocument();
    expect(localStorage.getItem(AFFILIATE_KEY)).toBe("kc12");
  });

  it.each([
    ["an unknown code (404)", () => json(404, { success: false, error: "Convite inválido" })],
    ["an answer without success", () => json(200, { success: false })],
    ["a success without an ambassador", () => json(200, { success: true })],
    ["a server error", () => json(500, { error: "x" })],
    ["a network failure", () => Promise.reject(new TypeError("Failed to fetch"))],
    ["a body that is not JSON", () => new Response("<html>", { status: 200 })],
  ])("shows 'Convite Inválido' for %s and keeps no code", async (_name, answer) => {
    localStorage.setItem(AFFILIATE_KEY, "kc3");
    answerAffiliate(answer);
    visitorAt("/?id=kc99");

    expect(await screen.findByRole("heading", { level: 1, name: "Convite Inválido" })).toBeInTheDocument();
    expect(screen.getByText("Este código de afiliação não foi encontrado ou não existe.")).toBeInTheDocument();
    expect(screen.getByText("Verifique se o link está correto ou solicite um novo convite.")).toBeInTheDocument();
    expect(localStorage.getItem(AFFILIATE_KEY)).toBe("kc3");
  });

  it("does not ask the server about something that is not a code, and the home button leaves the invitation", async () => {
    const fetchMock = answerAffiliate(() => json(200, { success: true, ambassador: { fullName: "X", nickname: null } }));
    visitorAt("/?id=abc");

    expect(await screen.findByRole("heading", { name: "Convite Inválido" })).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
    await userEvent.setup().click(screen.getByRole("link", { name: "Ir para a página inicial" }));
    expect(await screen.findByRole("heading", { level: 1, name: /Bem-vinda ao/ })).toBeInTheDocument();
  });

  it("asks her to wait when the lookups are rate limited (429), then tries again", async () => {
    answerAffiliate(
      () => json(429, { success: false, error: "Muitas requisições" }),
      () => json(200, { success: true, ambassador: { fullName: "Maria Helena Souza", nickname: null } }),
    );
    visitorAt("/?id=kc12");

    expect(await screen.findByRole("heading", { name: "Só um instante" })).toBeInTheDocument();
    expect(screen.queryByText("Convite Inválido")).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole("button", { name: "Tentar novamente" }));
    expect(await screen.findByRole("heading", { name: "Você foi convidada!" })).toBeInTheDocument();
  });

  it("shows a signed-in member the home page, not the invitation", async () => {
    const fetchMock = answerAffiliate(() => json(200, { success: true, ambassador: { fullName: "X", nickname: null } }));
    renderApp("/?id=kc12", { Me: meIs(user()), ...homeHandlers });

    expect(await screen.findByRole("heading", { level: 1, name: /Bem-vinda ao/ })).toBeInTheDocument();
    expect(screen.queryByText("Verificando convite...")).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe("/?signup=true", () => {
  it("leads a visitor to sign-in with the kept code, which the referral notice announces and sign-in sends", async () => {
    localStorage.setItem(AFFILIATE_KEY, "kc12");
    const { calls } = renderApp("/?signup=true", {
      Me: meIs(null),
      AppInfo: appInfo,
      SendLoginToken: () => ({
        data: { sendLoginToken: { __typename: "SendLoginTokenPayload", success: true, expiresInSeconds: 300, resendAfterSeconds: 60 } },
      }),
      VerifyLoginToken: () => ({ data: { verifyLoginToken: { __typename: "AppError", message: "Token inválido", code: "INVALID_TOKEN", retryAfterSeconds: null } } }),
    });

    expect(await screen.findByRole("heading", { name: "Entrar no clube" })).toBeInTheDocument();
    expect(screen.getByText("Você foi indicada por uma embaixadora!")).toBeInTheDocument();
    const u = userEvent.setup();
    await u.type(screen.getByLabelText("Número de WhatsApp"), "11987654321");
    await u.click(screen.getByRole("button", { name: "Enviar Token via WhatsApp" }));
    await u.type(await screen.findByLabelText("Código de 6 dígitos"), "123456");
    await u.click(screen.getByRole("button", { name: "Verificar Token" }));
    await waitFor(() => expect(calls.find((c) => c.operationName === "VerifyLoginToken")).toBeDefined());
    const verify = calls.find((c) => c.operationName === "VerifyLoginToken")!;
    expect((verify.variables.input as { referralCode: string }).referralCode).toBe("kc12");
  });

  it("leads a visitor without a kept code to plain sign-in", async () => {
    renderApp("/?signup=true", { Me: meIs(null), AppInfo: appInfo });
    expect(await screen.findByRole("heading", { name: "Entrar no clube" })).toBeInTheDocument();
    expect(screen.queryByText("Você foi indicada por uma embaixadora!")).not.toBeInTheDocument();
  });
});
