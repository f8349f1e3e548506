import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { holdPrerendered } from "../../lib/prerendered";
import { findToast, meIs, renderApp, user, type Handler } from "../../test/renderApp";

const sent = (resendAfterSeconds = 30): Handler => () => ({
  data: {
    sendLoginToken: { __typename: "SendLoginTokenPayload", success: true, expiresInSeconds: 300, resendAfterSeconds },
  },
});
const homeHandlers: Record<string, Handler> = {
  CommunityStats: () => ({
    data: { communityStats: { __typename: "CommunityStats", totalMembers: 1, totalCollabs: 0, totalPermutas: 0, totalApoios: 0 } },
  }),
  BoardOffers: () => ({
    data: { offers: { __typename: "OfferConnection", edges: [], pageInfo: { __typename: "PageInfo", endCursor: null, hasNextPage: false } } },
  }),
};
const appInfo: Handler = () => ({ data: { appInfo: { __typename: "AppInfo", localWhatsapp: true, productName: "Clube Coroa" } } });

async function typePhoneAndSend(u: ReturnType<typeof userEvent.setup>, digits = "11987654321") {
  await u.type(await screen.findByLabelText("Número de WhatsApp"), digits);
  await u.click(screen.getByRole("button", { name: "Enviar Token via WhatsApp" }));
  await screen.findByRole("heading", { name: "Token Enviado!" });
}

afterEach(() => {
  vi.useRealTimers();
});

describe("LoginPage", () => {
  it("keeps 'Enviar Token via WhatsApp' disabled until the Brazilian mask is full", async () => {
    const u = userEvent.setup();
    renderApp("/auth", { Me: meIs(null) });

    const phone = await screen.findByLabelText("Número de WhatsApp");
    const send = screen.getByRole("button", { name: "Enviar Token via WhatsApp" });
    expect(screen.getByLabelText("País")).toHaveDisplayValue(/Brasil \(\+55\)/);
    expect(phone).toHaveAttribute("placeholder", "(11) 98765-4321");
    expect(send).toBeDisabled();

    await u.type(phone, "1198765432");
    expect(phone).toHaveValue("(11) 98765-432");
    expect(send).toBeDisabled();

    await u.type(phone, "1");
    expect(phone).toHaveValue("(11) 98765-4321");
    expect(send).toBeEnabled();

    await u.type(phone, "9");
    expect(phone).toHaveValue("(11) 98765-4321");
  });

  it("shows the chosen country's flag as an SVG image; the options name the countries without emoji flags", async () => {
    const u = userEvent.setup();
    const { container } = renderApp("/auth", { Me: meIs(null) });

    const country = await screen.findByLabelText("País");
    const flag = () => container.querySelector("img[data-flag]");
    expect(flag()).toHaveAttribute("src", "/flags/BR.svg");
    // Decorative: the selector's text already names the country.
    expect(flag()).toHaveAttribute("alt", "");
    const options = within(country).getAllByRole("option").map((option) => option.textContent ?? "");
    expect(options.filter((text) => /\p{Regional_Indicator}/u.test(text))).toEqual([]);
    expect(options).toContain("Portugal (+351)");

    await u.selectOptions(country, "PT");
    expect(flag()).toHaveAttribute("src", "/flags/PT.svg");
  });

  it("lands a pasted or autofilled number in the right digits, whatever form it comes in", async () => {
    const u = userEvent.setup();
    renderApp("/auth", { Me: meIs(null) });
    const phone = await screen.findByLabelText("Número de WhatsApp");
    const send = screen.getByRole("button", { name: "Enviar Token via WhatsApp" });
    for (const pasted of ["+55 11 98888-7777", "55 11 98888-7777", "0055 11 98888 7777", "011 98888-7777", "0 15 11 98888-7777", "(11) 98888-7777"]) {
      await u.clear(phone);
      await u.click(phone);
      await u.paste(pasted);
      expect(phone, pasted).toHaveValue("(11) 98888-7777");
      await waitFor(() => expect(send).toBeEnabled());
    }
    // Autofill sets the whole value at once.
    fireEvent.change(phone, { target: { value: "+5521987654321" } });
    expect(phone).toHaveValue("(21) 98765-4321");
    // A Portuguese number pasted with its code picks Portugal.
    await u.clear(phone);
    await u.click(phone);
    await u.paste("+351 912 345 678");
    expect(screen.getByLabelText("País")).toHaveDisplayValue(/Portugal \(\+351\)/);
    expect(phone).toHaveValue("912 345 678");
    await waitFor(() => expect(send).toBeEnabled());
  });

  it("keeps the button disabled while the number, however long, is not a mobile number of the country", async () => {
    const u = userEvent.setup();
    renderApp("/auth", { Me: meIs(null) });
    const phone = await screen.findByLabelText("Número de WhatsApp");
    const send = screen.getByRole("button", { name: "Enviar Token via WhatsApp" });
    await u.type(phone, "11987654321");
    await waitFor(() => expect(send).toBeEnabled());
    // Eleven digits, but a landline's (a Brazilian mobile starts with 9 after the DDD).
    await u.clear(phone);
    await u.type(phone, "11387654321");
    expect(phone).toHaveValue("(11) 38765-4321");
    await waitFor(() => expect(send).toBeDisabled());
    // No such DDD.
    await u.clear(phone);
    await u.type(phone, "10987654321");
    await waitFor(() => expect(send).toBeDisabled());
  });

  it("keeps the number typed into the prerendered form before the scripts ran, and her place in it", async () => {
    // The build's /auth HTML: the same fields, typed into before React drew over them.
    const prerendered = document.createElement("div");
    prerendered.innerHTML =
      '<form><select data-keep="country"><option value="BR">Brasil</option><option value="PT" selected>Portugal</option></select>' +
      '<input data-keep="phone" type="tel" value=""></form>';
    document.body.append(prerendered);
    const typed = prerendered.querySelector("input")!;
    typed.value = "912345678";
    typed.focus();
    holdPrerendered(prerendered.firstElementChild);
    try {
      renderApp("/auth", { Me: meIs(null) });
      const phone = await screen.findByLabelText("Número de WhatsApp");
      expect(screen.getByLabelText("País")).toHaveDisplayValue(/Portugal/);
      expect(phone).toHaveValue("912 345 678");
      expect(phone).toHaveFocus();
      expect(screen.getByRole("button", { name: "Enviar Token via WhatsApp" })).toBeEnabled();
    } finally {
      prerendered.remove();
      holdPrerendered(null);
    }
  });

  it("sends the number with 55 and the ISO country, then moves to the token step", async () => {
    const u = userEvent.setup();
    const { calls } = renderApp("/auth", { Me: meIs(null), SendLoginToken: sent(30), AppInfo: appInfo });

    await typePhoneAndSend(u);

    const send = calls.find((c) => c.operationName === "SendLoginToken");
    expect(send?.variables).toEqual({ input: { phone: "5511987654321", countryCode: "BR" } });
    await findToast("Verifique seu WhatsApp e digite o código recebido.");
    const code = screen.getByLabelText("Código de 6 dígitos");
    expect(code).toHaveAttribute("autocomplete", "one-time-code");
    expect(code).toHaveAttribute("inputmode", "numeric");
    expect(screen.getByRole("button", { name: /Reenviar Token \(\d+s\)/ })).toBeDisabled();
    expect(await screen.findByText(/\/api\/dev\/outbox\?phone=5511987654321/)).toBeInTheDocument();
  });

  it("prefixes another country's calling code", async () => {
    const u = userEvent.setup();
    const { calls } = renderApp("/auth", { Me: meIs(null), SendLoginToken: sent(), AppInfo: appInfo });

    await u.selectOptions(await screen.findByLabelText("País"), "PT");
    await typePhoneAndSend(u, "912345678");

    expect(calls.find((c) => c.operationName === "SendLoginToken")?.variables).toEqual({
      input: { phone: "351912345678", countryCode: "PT" },
    });
  });

  it("shows 'Erro no WhatsApp' with the server's message and stays on the phone step", async () => {
    const u = userEvent.setup();
    renderApp("/auth", {
      Me: meIs(null),
      SendLoginToken: () => ({
        data: {
          sendLoginToken: {
            __typename: "AppError",
            code: "WHATSAPP_SEND_FAILED",
            message: "Este número não recebe mensagens do WhatsApp",
            retryAfterSeconds: null,
            tokenExpiresInSeconds: null,
          },
        },
      }),
    });

    await u.type(await screen.findByLabelText("Número de WhatsApp"), "11987654321");
    await u.click(screen.getByRole("button", { name: "Enviar Token via WhatsApp" }));

    expect(await findToast("Erro no WhatsApp")).toBeInTheDocument();
    expect(await findToast("Este número não recebe mensagens do WhatsApp")).toBeInTheDocument();
    expect(screen.queryByLabelText("Código de 6 dígitos")).not.toBeInTheDocument();
  });

  it("asks for a code her WhatsApp received when the phone's ceiling holds this browser back, then sends her own", async () => {
    const u = userEvent.setup();
    const { calls } = renderApp("/auth", {
      Me: meIs(null),
      AppInfo: appInfo,
      SendLoginToken: (variables) => {
        const { recentCode } = variables.input as { recentCode?: string };
        if (recentCode === "123456") return sent()(variables);
        return recentCode
          ? { data: { sendLoginToken: { __typename: "AppError", code: "RECENT_CODE_INVALID", message: "Este código não confere com os que o número recebeu na última hora", retryAfterSeconds: null, tokenExpiresInSeconds: null } } }
          : { data: { sendLoginToken: { __typename: "AppError", code: "RECENT_CODE_REQUIRED", message: "Este número recebeu muitos códigos", retryAfterSeconds: 3540, tokenExpiresInSeconds: null } } };
      },
    });

    await u.type(await screen.findByLabelText("Número de WhatsApp"), "11987654321");
    await u.click(screen.getByRole("button", { name: "Enviar Token via WhatsApp" }));
    expect(await screen.findByRole("heading", { name: "Confirme que o número é seu" })).toBeInTheDocument();
    const shown = screen.getByLabelText("Código recebido no WhatsApp");
    expect(shown).toHaveFocus();
    expect(shown).toHaveAccessibleDescription("Não recebeu nenhum? Você poderá pedir um novo em 59 minutos.");
    const confirm = screen.getByRole("button", { name: "Confirmar e Receber Token" });
    expect(confirm).toBeDisabled();

    await u.type(shown, "654321");
    await u.click(confirm);
    expect(await findToast("Código não confere")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Confirme que o número é seu" })).toBeInTheDocument();

    await u.clear(shown);
    await u.type(shown, "123456");
    await u.click(confirm);
    await screen.findByRole("heading", { name: "Token Enviado!" });
    expect(screen.getByLabelText("Código de 6 dígitos")).toHaveValue("");
    expect(calls.filter((c) => c.operationName === "SendLoginToken").map((c) => c.variables)).toEqual([
      { input: { phone: "5511987654321", countryCode: "BR" } },
      { input: { phone: "5511987654321", countryCode: "BR", recentCode: "654321" } },
      { input: { phone: "5511987654321", countryCode: "BR", recentCode: "123456" } },
    ]);
  });

  it("titles a wait as a wait, not as a WhatsApp error, and does not paint it as a failure", async () => {
    const u = userEvent.setup();
    renderApp("/auth", {
      Me: meIs(null),
      SendLoginToken: () => ({
        data: {
          sendLoginToken: {
            __typename: "AppError",
            code: "RATE_LIMITED_PHONE",
            message: "Muitos pedidos de token para este número. Tente novamente em 55 minutos",
            retryAfterSeconds: 3295,
            tokenExpiresInSeconds: null,
          },
        },
      }),
    });

    await u.type(await screen.findByLabelText("Número de WhatsApp"), "11987654321");
    await u.click(screen.getByRole("button", { name: "Enviar Token via WhatsApp" }));

    const title = await findToast("Novo token em breve");
    expect(await findToast("Muitos pedidos de token para este número. Tente novamente em 55 minutos")).toBeInTheDocument();
    expect(title.closest("[data-variant]")).toHaveAttribute("data-variant", "default");
    expect(screen.queryByText("Erro no WhatsApp")).not.toBeInTheDocument();
    expect(screen.queryByLabelText("Código de 6 dígitos")).not.toBeInTheDocument();
  });

  it("brings her back to the code step for her number after the page reloads, with the wait on 'Reenviar Token'", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const u = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const before = renderApp("/auth", { Me: meIs(null), SendLoginToken: sent(60), AppInfo: appInfo });
    await u.selectOptions(await screen.findByLabelText("País"), "PT");
    await typePhoneAndSend(u, "912345678");
    // She switches to WhatsApp; the phone drops the tab and loads it again 20 s later.
    before.unmount();
    await act(async () => {
      vi.advanceTimersByTime(20_000);
    });
    const { calls } = renderApp("/auth", {
      Me: meIs(null),
      AppInfo: appInfo,
      VerifyLoginToken: () => ({
        data: { verifyLoginToken: { __typename: "VerifyLoginTokenPayload", user: user({ profileComplete: true }) } },
      }),
    });

    expect(await screen.findByRole("heading", { name: "Token Enviado!" })).toBeInTheDocument();
    expect(screen.getByText("Digite o código que enviamos para +351 912 345 678.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Reenviar Token (40s)" })).toBeDisabled();
    await u.type(screen.getByLabelText("Código de 6 dígitos"), "123456");
    await u.click(screen.getByRole("button", { name: "Verificar Token" }));
    await waitFor(() =>
      expect(calls.find((c) => c.operationName === "VerifyLoginToken")?.variables).toEqual({
        input: { phone: "351912345678", countryCode: "PT", token: "123456", referralCode: null },
      }),
    );
    expect(calls.some((c) => c.operationName === "SendLoginToken")).toBe(false);
  });

  it("asks for the number again after a reload once she chose 'Alterar número', or once the code has expired", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const u = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const first = renderApp("/auth", { Me: meIs(null), SendLoginToken: sent(60), AppInfo: appInfo });
    await typePhoneAndSend(u);
    await u.click(screen.getByRole("button", { name: "Alterar número" }));
    first.unmount();
    const second = renderApp("/auth", { Me: meIs(null), SendLoginToken: sent(60), AppInfo: appInfo });
    expect(await screen.findByRole("heading", { name: "Entrar no clube" })).toBeInTheDocument();

    // The handler's code lives 300 s.
    await typePhoneAndSend(u);
    second.unmount();
    await act(async () => {
      vi.advanceTimersByTime(301_000);
    });
    renderApp("/auth", { Me: meIs(null) });
    expect(await screen.findByRole("heading", { name: "Entrar no clube" })).toBeInTheDocument();
    expect(screen.getByLabelText("Número de WhatsApp")).toHaveValue("");
  });

  it("takes her to the code she already holds when the server's cooldown says it still works", async () => {
    const u = userEvent.setup();
    const { calls } = renderApp("/auth", {
      Me: meIs(null),
      AppInfo: appInfo,
      SendLoginToken: () => ({
        data: {
          sendLoginToken: {
            __typename: "AppError",
            code: "TOKEN_RESEND_COOLDOWN",
            message: "Aguarde 58 segundos para pedir um novo token",
            retryAfterSeconds: 58,
            tokenExpiresInSeconds: 598,
          },
        },
      }),
    });

    await typePhoneAndSend(u, "11987650006");

    expect(screen.getByText("Digite o código que enviamos para +55 (11) 98765-0006.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: /^Reenviar Token \((58|57)s\)$/ })).toBeDisabled();
    expect(await findToast("Seu token já foi enviado")).toBeInTheDocument();
    expect(await findToast("Digite o código que chegou ao seu WhatsApp.")).toBeInTheDocument();
    expect(screen.queryByText("Erro no WhatsApp")).not.toBeInTheDocument();
    expect(screen.getByLabelText("Código de 6 dígitos")).toHaveFocus();
    expect(calls.filter((c) => c.operationName === "SendLoginToken")).toHaveLength(1);
  });

  it("keeps the digits only when they are a whole number of the country she switches to", async () => {
    const u = userEvent.setup();
    renderApp("/auth", { Me: meIs(null) });
    const phone = await screen.findByLabelText("Número de WhatsApp");
    const country = screen.getByLabelText("País");

    await u.type(phone, "1198765");
    expect(phone).toHaveValue("(11) 98765");
    await u.selectOptions(country, "PT");
    expect(phone).toHaveValue("");

    // A Portuguese number typed before picking Portugal moves over whole.
    await u.selectOptions(country, "BR");
    await u.type(phone, "912345678");
    await waitFor(() => expect(screen.getByRole("button", { name: "Enviar Token via WhatsApp" })).toBeDisabled());
    await u.selectOptions(country, "PT");
    expect(phone).toHaveValue("912 345 678");
    await waitFor(() => expect(screen.getByRole("button", { name: "Enviar Token via WhatsApp" })).toBeEnabled());
  });

  it("takes a member back to where she was asked to sign in", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const u = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderApp(
      { pathname: "/auth", state: { returnTo: "/#mural" } },
      {
        Me: meIs(null),
        SendLoginToken: sent(),
        AppInfo: appInfo,
        VerifyLoginToken: () => ({
          data: { verifyLoginToken: { __typename: "VerifyLoginTokenPayload", user: user({ profileComplete: true }) } },
        }),
        ...homeHandlers,
      },
    );
    await typePhoneAndSend(u);
    await u.type(screen.getByLabelText("Código de 6 dígitos"), "123456");
    await u.click(screen.getByRole("button", { name: "Verificar Token" }));
    await act(async () => {
      vi.advanceTimersByTime(1000);
    });
    const board = await screen.findByRole("region", { name: "Mural de Parcerias" });
    await waitFor(() => expect(vi.mocked(Element.prototype.scrollIntoView).mock.contexts).toContain(board));
  });

  it("falls back to the connection message when sending fails on the network", async () => {
    const u = userEvent.setup();
    renderApp("/auth", {
      Me: meIs(null),
      SendLoginToken: () => {
        throw new TypeError("Failed to fetch");
      },
    });

    await u.type(await screen.findByLabelText("Número de WhatsApp"), "11987654321");
    await u.click(screen.getByRole("button", { name: "Enviar Token via WhatsApp" }));

    expect(await findToast("Falha ao enviar token. Verifique sua conexão.")).toBeInTheDocument();
  });

  it("shows 'Token Inválido' with the server's message and the suffix", async () => {
    const u = userEvent.setup();
    const { calls } = renderApp("/auth", {
      Me: meIs(null),
      SendLoginToken: sent(),
      AppInfo: appInfo,
      VerifyLoginToken: () => ({
        data: { verifyLoginToken: { __typename: "AppError", code: "TOKEN_INVALID", message: "Token incorreto", retryAfterSeconds: null } },
      }),
    });
    await typePhoneAndSend(u);

    const verify = screen.getByRole("button", { name: "Verificar Token" });
    await u.type(screen.getByLabelText("Código de 6 dígitos"), "12a345");
    expect(screen.getByLabelText("Código de 6 dígitos")).toHaveValue("12345");
    expect(verify).toBeDisabled();
    await u.type(screen.getByLabelText("Código de 6 dígitos"), "6");
    expect(verify).toBeEnabled();
    await u.click(verify);

    expect(await findToast("Token Inválido")).toBeInTheDocument();
    expect(await findToast("Token incorreto. Solicite um novo token se necessário.")).toBeInTheDocument();
    expect(calls.find((c) => c.operationName === "VerifyLoginToken")?.variables).toEqual({
      input: { phone: "5511987654321", countryCode: "BR", token: "123456", referralCode: null },
    });
    expect(screen.getByRole("heading", { name: "Token Enviado!" })).toBeInTheDocument();
  });

  it("sends a member with an incomplete profile to /perfil with 'Complete seu cadastro' after 1.5 s", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const u = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderApp("/auth", {
      Me: meIs(null),
      SendLoginToken: sent(),
      AppInfo: appInfo,
      VerifyLoginToken: () => ({
        data: { verifyLoginToken: { __typename: "VerifyLoginTokenPayload", user: user({ profileComplete: false }) } },
      }),
    });
    await typePhoneAndSend(u);
    await u.type(screen.getByLabelText("Código de 6 dígitos"), "123456");
    await u.click(screen.getByRole("button", { name: "Verificar Token" }));

    // Signed in at once, still on the login page until the delay passes: the yellow banner waits for
    // the page she is taken to, so the form does not move under her meanwhile.
    await waitFor(() => expect(JSON.parse(localStorage.getItem("clubecoroa_user") ?? "null")).toMatchObject({ id: 7, plan: "nobreza" }));
    expect(screen.getByRole("heading", { name: "Token Enviado!" })).toBeInTheDocument();
    expect(screen.queryByText("Complete seu perfil para acessar todos os recursos da plataforma")).not.toBeInTheDocument();

    await act(async () => {
      vi.advanceTimersByTime(1500);
    });

    expect(await screen.findByRole("heading", { name: "Meu Perfil" })).toBeInTheDocument();
    expect(screen.getByText("Complete seu perfil para acessar todos os recursos da plataforma")).toBeInTheDocument();
    expect(await findToast("Complete seu cadastro")).toBeInTheDocument();
    expect(
      await findToast("Para usufruir das funcionalidades da plataforma, é necessário completar o cadastro."),
    ).toBeInTheDocument();
  });

  it("closes an earlier 'Token Inválido' once the right code signs her in", async () => {
    const u = userEvent.setup();
    let right = false;
    renderApp("/auth", {
      Me: meIs(null),
      SendLoginToken: sent(),
      AppInfo: appInfo,
      VerifyLoginToken: () => ({
        data: {
          verifyLoginToken: right
            ? { __typename: "VerifyLoginTokenPayload", user: user({ profileComplete: true }) }
            : { __typename: "AppError", code: "TOKEN_INVALID", message: "Token incorreto", retryAfterSeconds: null },
        },
      }),
    });
    await typePhoneAndSend(u);
    const code = screen.getByLabelText("Código de 6 dígitos");
    await u.type(code, "111111");
    await u.click(screen.getByRole("button", { name: "Verificar Token" }));
    expect(await findToast("Token Inválido")).toBeInTheDocument();
    right = true;
    await u.clear(code);
    await u.type(code, "123456");
    await u.click(screen.getByRole("button", { name: "Verificar Token" }));
    await waitFor(() => expect(screen.queryByText("Token Inválido")).not.toBeInTheDocument());
  });

  it("goes home 1 s after a member with a complete profile signs in", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const u = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderApp("/auth", {
      Me: meIs(null),
      SendLoginToken: sent(),
      AppInfo: appInfo,
      VerifyLoginToken: () => ({
        data: { verifyLoginToken: { __typename: "VerifyLoginTokenPayload", user: user({ profileComplete: true }) } },
      }),
    });
    await typePhoneAndSend(u);
    await u.type(screen.getByLabelText("Código de 6 dígitos"), "123456");
    await u.click(screen.getByRole("button", { name: "Verificar Token" }));

    await act(async () => {
      vi.advanceTimersByTime(1000);
    });
    expect(await screen.findByRole("heading", { name: /Bem-vinda ao/ })).toBeInTheDocument();
    expect(screen.getByText("Olá, Ana!")).toBeInTheDocument();
  });

  it("reads a kc referral from the address, keeps it and sends it with the token", async () => {
    const u = userEvent.setup();
    const { calls } = renderApp("/auth?id=kc42", {
      Me: meIs(null),
      SendLoginToken: sent(),
      AppInfo: appInfo,
      VerifyLoginToken: () => ({
        data: { verifyLoginToken: { __typename: "AppError", code: "TOKEN_EXPIRED", message: "", retryAfterSeconds: null } },
      }),
    });

    expect(await screen.findByText("Você foi indicada por uma embaixadora!")).toBeInTheDocument();
    expect(localStorage.getItem("clubecoroa_affiliate_code")).toBe("kc42");
    await typePhoneAndSend(u);
    await u.type(screen.getByLabelText("Código de 6 dígitos"), "654321");
    await u.click(screen.getByRole("button", { name: "Verificar Token" }));

    expect(await findToast("Token inválido ou expirado. Solicite um novo token se necessário.")).toBeInTheDocument();
    expect(calls.find((c) => c.operationName === "VerifyLoginToken")?.variables).toMatchObject({
      input: { referralCode: "kc42" },
    });
  });

  it("tells a network failure apart when verifying", async () => {
    const u = userEvent.setup();
    renderApp("/auth", {
      Me: meIs(null),
      SendLoginToken: sent(),
      AppInfo: appInfo,
      VerifyLoginToken: () => {
        throw new TypeError("Failed to fetch");
      },
    });
    await typePhoneAndSend(u);
    await u.type(screen.getByLabelText("Código de 6 dígitos"), "123456");
    await u.click(screen.getByRole("button", { name: "Verificar Token" }));

    const region = within(await screen.findByRole("region", { name: /Notificações/ }));
    expect(await region.findByText("Erro de Verificação")).toBeInTheDocument();
    expect(region.getByText("Erro de conexão. Verifique sua internet e tente novamente.")).toBeInTheDocument();
  });

  it("counts down before 'Reenviar Token' and stays on the token step when resending", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const u = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { calls } = renderApp("/auth", { Me: meIs(null), SendLoginToken: sent(3), AppInfo: appInfo });
    await typePhoneAndSend(u);

    expect(screen.getByRole("button", { name: "Reenviar Token (3s)" })).toBeDisabled();
    await act(async () => {
      vi.advanceTimersByTime(3100);
    });
    const resend = await screen.findByRole("button", { name: "Reenviar Token" });
    await u.click(resend);

    expect(calls.filter((c) => c.operationName === "SendLoginToken")).toHaveLength(2);
    expect(screen.getByLabelText("Código de 6 dígitos")).toBeInTheDocument();
  });

  it("sends a signed-in member away from /auth", async () => {
    renderApp("/auth", { Me: meIs(user()) });
    expect(await screen.findByRole("heading", { name: /Bem-vinda ao/ })).toBeInTheDocument();
    expect(screen.queryByLabelText("Número de WhatsApp")).not.toBeInTheDocument();
  });
});
