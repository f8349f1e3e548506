import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ProfileFieldsFragment } from "../../gql/graphql";
import { meIs, pressable, renderApp, user, type Handler } from "../../test/renderApp";

/**
 * A text in the toast list. The form has its own 'Notificações' section, hence the exact region name;
 * `hidden` because an open dialog hides the rest of the page from the accessibility tree.
 */
async function findToast(text: string) {
  return within(await screen.findByRole("region", { name: /^Notificações \(/, hidden: true })).findByText(text);
}

type Plan = ProfileFieldsFragment["plan"];

function profile(overrides: Partial<ProfileFieldsFragment> = {}) {
  return {
    __typename: "Profile" as const,
    id: 7,
    plan: "nobreza" as Plan,
    phone: "5511987654321",
    countryCode: "BR",
    profileComplete: true,
    referralCode: "kc7",
    profilePhoto: null,
    profilePhotoUrl: null,
    bannerImage: null,
    bannerImageUrl: null,
    fullName: "Ana Souza",
    nickname: "Ana",
    email: null,
    cpf: "52998224725",
    whatsapp: "5511987654321",
    birthDate: "1990-05-10",
    cep: "01310100",
    street: "Avenida Paulista",
    houseNumber: "1000",
    complement: null,
    neighborhood: "Bela Vista",
    city: "São Paulo",
    state: "SP",
    professionalActivity: "Criatividade & Design",
    interests: ["Voluntariado"],
    melhorEmail: null,
    website: null,
    linkedin: null,
    youtube: null,
    facebook: null,
    instagram: null,
    tiktok: null,
    miniBio: null,
    bannerLink: null,
    businessType: null,
    serviceType: null,
    entrepreneurProfile: null,
    shareWithSponsors: false,
    whatsappNotificationsEnabled: true,
    acceptedTerms: true,
    acceptedPrivacyPolicy: true,
    acceptedLGPD: true,
    isOver18: true,
    ...overrides,
  };
}

const stats = { __typename: "ReferralStats" as const, nobreza: 2, alteza: 1, majestade: 0, imperatriz: 0, total: 3 };

function renderProfile(handlers: Record<string, Handler> = {}, plan: Plan = "nobreza") {
  return renderApp("/perfil", {
    Me: meIs(user({ plan })),
    MyProfile: () => ({ data: { profile: profile({ plan }) } }),
    ReferralStats: () => ({ data: { referralStats: stats } }),
    // 'Sua assinatura': nothing paid yet.
    MyBilling: () => ({ data: { mySubscription: null, myPayments: [] } }),
    ...handlers,
  });
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** Fake timers that still let time pass, so the 1.5 s redirect can be stepped over. */
function withClock() {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  return userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
}

async function advance(ms: number) {
  await act(async () => {
    vi.advanceTimersByTime(ms);
  });
}

const saveButton = () => screen.findByRole("button", { name: "Salvar Perfil" });

describe("ProfilePage", () => {
  it("asks someone signed out to log in", async () => {
    renderApp("/perfil", { Me: meIs(null) });
    expect(await screen.findByRole("link", { name: "Fazer Login" })).toHaveAttribute("href", "/auth");
  });

  it("shows the server's field messages under the fields and its text in a destructive toast", async () => {
    const u = userEvent.setup();
    const { calls } = renderProfile({
      UpdateProfile: () => ({
        data: {
          updateProfile: {
            __typename: "AppError",
            code: "CPF_TAKEN",
            message: "Não foi possível usar este CPF. Confira o número ou fale com o suporte.",
            fieldErrors: [{ __typename: "FieldError", field: "cpf", message: "Não foi possível usar este CPF. Confira o número ou fale com o suporte." }],
          },
        },
      }),
    });
    await u.click(await saveButton());

    await waitFor(() => expect(screen.getByLabelText("CPF")).toHaveAccessibleDescription("Não foi possível usar este CPF. Confira o número ou fale com o suporte."));
    expect(screen.getByLabelText("CPF")).toHaveFocus();
    const toast = (await findToast("Não foi possível usar este CPF. Confira o número ou fale com o suporte.")).closest("li");
    expect(toast).toHaveAttribute("data-variant", "destructive");
    const sent = calls.find((c) => c.operationName === "UpdateProfile")?.variables.input as Record<string, unknown>;
    expect(sent).toMatchObject({ cpf: "52998224725", cep: "01310100", email: null, interests: ["Voluntariado"] });
  });

  it("falls back to the spec's text when the request fails", async () => {
    const u = userEvent.setup();
    renderProfile({
      UpdateProfile: () => {
        throw new TypeError("Failed to fetch");
      },
    });
    await u.click(await saveButton());
    expect(await findToast("Não foi possível atualizar o perfil. Tente novamente.")).toBeInTheDocument();
  });

  it("toasts 'Perfil completo!', refreshes the session and goes home after 1.5 s on the first complete save", async () => {
    const u = withClock();
    let complete = false;
    const { calls } = renderApp("/perfil", {
      Me: () => ({ data: { me: user({ profileComplete: complete }) } }),
      MyProfile: () => ({ data: { profile: profile({ profileComplete: false }) } }),
      ReferralStats: () => ({ data: { referralStats: stats } }),
      UpdateProfile: () => {
        complete = true;
        return { data: { updateProfile: profile({ profileComplete: true }) } };
      },
    });
    expect(await screen.findByText("Complete seu perfil para acessar todos os recursos da plataforma")).toBeInTheDocument();
    await u.click(await saveButton());

    expect(await findToast("Perfil completo!")).toBeInTheDocument();
    expect(calls.filter((c) => c.operationName === "Me").length).toBeGreaterThan(1);
    await waitFor(() => expect(screen.queryByText("Complete seu perfil para acessar todos os recursos da plataforma")).not.toBeInTheDocument());
    expect(screen.getByRole("button", { name: "Salvar Perfil" })).toBeInTheDocument();
    await advance(1500);
    await waitFor(() => expect(screen.queryByRole("button", { name: "Salvar Perfil" })).not.toBeInTheDocument());
    expect(screen.queryByRole("heading", { name: "Meu Perfil" })).not.toBeInTheDocument();
  });

  it("takes a new member on to where she was asked to sign in once her profile is complete", async () => {
    const u = withClock();
    let complete = false;
    renderApp(
      { pathname: "/perfil", state: { returnTo: "/#mural" } },
      {
        Me: () => ({ data: { me: user({ profileComplete: complete }) } }),
        MyProfile: () => ({ data: { profile: profile({ profileComplete: false }) } }),
        ReferralStats: () => ({ data: { referralStats: stats } }),
        UpdateProfile: () => {
          complete = true;
          return { data: { updateProfile: profile({ profileComplete: true }) } };
        },
        CommunityStats: () => ({
          data: { communityStats: { __typename: "CommunityStats", totalMembers: 1, totalCollabs: 0, totalPermutas: 0, totalApoios: 0 } },
        }),
        BoardOffers: () => ({
          data: { offers: { __typename: "OfferConnection", edges: [], pageInfo: { __typename: "PageInfo", endCursor: null, hasNextPage: false } } },
        }),
      },
    );
    await u.click(await saveButton());
    expect(await findToast("Perfil completo!")).toBeInTheDocument();
    await advance(1500);
    const board = await screen.findByRole("region", { name: "Mural de Parcerias" });
    await waitFor(() => expect(vi.mocked(Element.prototype.scrollIntoView).mock.contexts).toContain(board));
  });

  it("toasts 'Perfil atualizado!' and stays when the profile was already complete", async () => {
    const u = withClock();
    renderProfile({ UpdateProfile: () => ({ data: { updateProfile: profile() } }) });
    await u.click(await saveButton());
    expect(await findToast("Perfil atualizado!")).toBeInTheDocument();
    await advance(2000);
    expect(screen.getByRole("button", { name: "Salvar Perfil" })).toBeInTheDocument();
  });

  it("fills the address from the CEP lookup", async () => {
    const u = userEvent.setup();
    renderApp("/perfil", {
      Me: meIs(user({ profileComplete: false })),
      MyProfile: () => ({ data: { profile: profile({ profileComplete: false, cep: null, street: null, neighborhood: null, city: null, state: null }) } }),
      ReferralStats: () => ({ data: { referralStats: stats } }),
      AddressByCep: ({ cep }) => ({
        data: {
          addressByCep:
            cep === "01310100"
              ? { __typename: "Address", cep: "01310-100", street: "Avenida Paulista", neighborhood: "Bela Vista", city: "São Paulo", state: "SP" }
              : null,
        },
      }),
    });
    await u.type(await screen.findByLabelText("CEP"), "01310100");
    expect(await screen.findByText(/Endereço encontrado/)).toBeInTheDocument();
    expect(screen.getByLabelText("Rua")).toHaveValue("Avenida Paulista");
    expect(screen.getByLabelText("Cidade")).toHaveValue("São Paulo");
  });

  it("shows the invitation link, copies it with 'Link copiado!' and lists the referrals by plan", async () => {
    const u = userEvent.setup();
    renderProfile();
    const link = await screen.findByLabelText("Seu link de indicação");
    expect(link).toHaveValue(`${window.location.origin}/?id=kc7`);
    await u.click(screen.getByRole("button", { name: "Copiar Link" }));
    expect(await findToast("Link copiado!")).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/?id=kc7`);

    const list = await screen.findByText("Total");
    expect(within(list.closest("div")!).getByText("3")).toBeInTheDocument();
  });

  it("shows her WhatsApp read-only, as a phone number", async () => {
    renderProfile();
    const whatsapp = await screen.findByLabelText("WhatsApp");
    expect(whatsapp).toHaveValue("+55 (11) 98765-4321");
    expect(whatsapp).toHaveAttribute("readonly");
  });

  it("offers 'Cancelar Assinatura' only on paid plans", async () => {
    renderProfile({}, "nobreza");
    expect(await screen.findByRole("button", { name: "Excluir Conta" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Cancelar Assinatura" })).not.toBeInTheDocument();
  });

  it("cancels a paid plan after the downgrade warning, refreshes the session and goes home", async () => {
    const u = withClock();
    let plan: Plan = "alteza";
    const { calls } = renderApp("/perfil", {
      Me: () => ({ data: { me: user({ plan }) } }),
      MyProfile: () => ({ data: { profile: profile({ plan: "alteza" }) } }),
      ReferralStats: () => ({ data: { referralStats: stats } }),
      MyBilling: () => ({ data: { mySubscription: null, myPayments: [] } }),
      CancelSubscription: () => {
        plan = "nobreza";
        return { data: { cancelSubscription: profile({ plan: "nobreza" }) } };
      },
    });
    await u.click(await screen.findByRole("button", { name: "Cancelar Assinatura" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Mudar para o plano NOBREZA?" }));
    expect(dialog.getByText("Clube do livro")).toBeInTheDocument();
    await u.click(await pressable(dialog.getByRole("button", { name: "Confirmar Downgrade" })));

    expect(await findToast("Assinatura cancelada")).toBeInTheDocument();
    expect(calls.some((c) => c.operationName === "CancelSubscription")).toBe(true);
    expect(calls.filter((c) => c.operationName === "Me").length).toBeGreaterThan(1);
    await advance(1500);
    await waitFor(() => expect(screen.queryByRole("button", { name: "Salvar Perfil" })).not.toBeInTheDocument());
  });

  it("shows the spec's error when cancelling fails", async () => {
    const u = userEvent.setup();
    renderProfile({ CancelSubscription: () => Promise.reject(new TypeError("Failed to fetch")) }, "majestade");
    await u.click(await screen.findByRole("button", { name: "Cancelar Assinatura" }));
    await u.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Confirmar Downgrade" }));
    expect(await findToast("Erro ao cancelar assinatura")).toBeInTheDocument();
    expect(await findToast("Não foi possível cancelar a assinatura. Tente novamente.")).toBeInTheDocument();
  });

  it("deletes the account only after typing EXCLUIR, then forgets her and goes home", async () => {
    const u = userEvent.setup();
    let signedIn = true;
    const { calls } = renderProfile({
      Me: () => ({ data: { me: signedIn ? user() : null } }),
      DeleteAccount: () => {
        signedIn = false;
        return { data: { deleteAccount: { __typename: "DeleteAccountPayload", success: true } } };
      },
    });
    await u.click(await screen.findByRole("button", { name: "Excluir Conta" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Excluir sua conta?" }));
    expect(dialog.getByText(/permanente/)).toBeInTheDocument();
    const confirm = dialog.getByRole("button", { name: "Excluir definitivamente" });
    expect(confirm).toBeDisabled();
    await u.type(dialog.getByLabelText("Para confirmar, digite EXCLUIR"), "excluir");
    expect(confirm).toBeEnabled();
    await u.click(confirm);

    expect(await findToast("Conta excluída")).toBeInTheDocument();
    expect(calls.some((c) => c.operationName === "DeleteAccount")).toBe(true);
    expect(localStorage.getItem("clubecoroa_user")).toBeNull();
    expect(await screen.findByRole("link", { name: "Entrar" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Salvar Perfil" })).not.toBeInTheDocument();
  });

  it("refuses an image above 5 MB before sending it", async () => {
    const u = userEvent.setup();
    const fetchSpy = vi.spyOn(globalThis, "fetch");
    renderProfile();
    await screen.findByRole("button", { name: "Enviar Foto" });
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], "foto.png", { type: "image/png" });
    await u.upload(screen.getByLabelText("Arquivo da foto de perfil"), big);
    expect(await findToast("A imagem deve ter no máximo 5 MB. Escolha uma foto menor.")).toBeInTheDocument();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("uploads a photo as multipart to the upload endpoint and shows the stored picture", async () => {
    const u = userEvent.setup();
    const stored = { id: 7, profilePhoto: "webp", profilePhotoUrl: "/api/users/7/photo?v=1", bannerImage: null, bannerImageUrl: null };
    const fetchSpy = vi
      .spyOn(globalThis, "fetch")
      .mockResolvedValue(new Response(JSON.stringify({ success: true, profile: stored, url: stored.profilePhotoUrl }), { status: 200 }));
    renderProfile();
    await screen.findByRole("button", { name: "Enviar Foto" });
    const small = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], "foto.png", { type: "image/png" });
    await u.upload(screen.getByLabelText("Arquivo da foto de perfil"), small);

    expect(await findToast("Foto atualizada!")).toBeInTheDocument();
    const [url, init] = fetchSpy.mock.calls[0];
    expect(url).toBe("/api/profile/photo");
    expect(init?.method).toBe("POST");
    expect((init?.body as FormData).get("file")).toBeInstanceOf(File);
    expect(await screen.findByRole("button", { name: "Trocar Foto" })).toBeInTheDocument();
    expect(document.querySelector('img[src="/api/users/7/photo?v=1"]')).not.toBeNull();
  });

  it("shows the server's refusal of an upload", async () => {
    const u = userEvent.setup();
    vi.spyOn(globalThis, "fetch").mockResolvedValue(
      new Response(JSON.stringify({ success: false, code: "IMAGE_TYPE", error: "Envie uma imagem JPG, PNG, WebP ou GIF" }), { status: 400 }),
    );
    renderProfile();
    await screen.findByRole("button", { name: "Enviar Foto" });
    await u.upload(screen.getByLabelText("Arquivo da foto de perfil"), new File([new Uint8Array([1, 2, 3])], "foto.png", { type: "image/png" }));
    expect(await findToast("Envie uma imagem JPG, PNG, WebP ou GIF")).toBeInTheDocument();
  });

  it("offers the banner only to majestade and imperatriz", async () => {
    renderProfile({}, "majestade");
    expect(await screen.findByRole("button", { name: "Enviar Banner" })).toBeInTheDocument();
  });

  it("keeps the WhatsApp of new messages in step: saved in 'Preferências de notificação', the form's switch follows, and back", async () => {
    const u = userEvent.setup();
    let whatsapp = true;
    const preferences = () => ({
      __typename: "NotificationPreferences",
      types: [{ __typename: "NotificationTypePreference", type: "new_message", inApp: true, push: true, whatsapp }],
      quietHours: null,
    });
    const { calls } = renderProfile({
      MyProfile: () => ({ data: { profile: profile({ whatsappNotificationsEnabled: whatsapp }) } }),
      NotificationPreferences: () => ({ data: { notificationPreferences: preferences() } }),
      UpdateNotificationPreferences: (v) => {
        whatsapp = (v.types as { whatsapp: boolean }[])[0].whatsapp;
        return { data: { updateNotificationPreferences: preferences() } };
      },
      UpdateProfile: (v) => {
        whatsapp = (v.input as { whatsappNotificationsEnabled: boolean }).whatsappNotificationsEnabled;
        return { data: { updateProfile: profile({ whatsappNotificationsEnabled: whatsapp }) } };
      },
    });
    const formSwitch = await screen.findByRole("switch", { name: /Receber notificações pelo WhatsApp/ });
    const cell = await screen.findByRole("checkbox", { name: "WhatsApp: Novas mensagens" });
    expect(formSwitch).toHaveAttribute("aria-checked", "true");
    expect(cell).toBeChecked();

    await u.click(cell);
    await findToast("Preferências de notificação salvas");
    await waitFor(() => expect(formSwitch).toHaveAttribute("aria-checked", "false"));

    await u.click(formSwitch);
    await u.click(await saveButton());
    await findToast("Perfil atualizado!");
    expect((calls.findLast((c) => c.operationName === "UpdateProfile")?.variables.input as { whatsappNotificationsEnabled: boolean }).whatsappNotificationsEnabled).toBe(true);
    await waitFor(() => expect(screen.getByRole("checkbox", { name: "WhatsApp: Novas mensagens" })).toBeChecked());
  });
});
