import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { findToastText } from "../../lib/renderUi";
import { meIs, renderApp, user, type Handler } from "../../test/renderApp";
import { deferred } from "../../test/deferred";
import { checkoutResult, plansHandlers } from "./testData";

type Plan = "nobreza" | "alteza" | "majestade" | "imperatriz";

function renderHome(plan: Plan | null, extra: Record<string, Handler> = {}) {
  const handlers = plansHandlers(plan ?? "nobreza", extra);
  if (plan === null) handlers.Me = meIs(null);
  return renderApp("/", handlers);
}

async function openPlansModal(u: ReturnType<typeof userEvent.setup>) {
  // jsdom applies no media query, so the phone's menu is what shows.
  await u.click(await screen.findByRole("button", { name: "Menu" }));
  await u.click(within(await screen.findByRole("dialog", { name: "Navegação" })).getByRole("button", { name: "Planos" }));
  return screen.findByRole("dialog", { name: "Escolha seu Plano" });
}

const card = (scope: HTMLElement, plan: string) => within(scope).getByRole("listitem", { name: plan.toUpperCase() });

describe("the plans modal", () => {
  it("opens from the navigation with four cards whose prices follow the monthly/annual toggle", async () => {
    const u = userEvent.setup();
    renderHome("nobreza");
    const modal = await openPlansModal(u);
    expect(within(modal).getAllByRole("listitem", { name: /^(NOBREZA|ALTEZA|MAJESTADE|IMPERATRIZ)$/ })).toHaveLength(4);

    const alteza = card(modal, "alteza");
    expect(within(alteza).getByTestId("price-alteza")).toHaveTextContent("R$ 27,90/mês");
    expect(within(card(modal, "majestade")).getByTestId("price-majestade")).toHaveTextContent("R$ 44,90/mês");
    expect(within(card(modal, "nobreza")).getByTestId("price-nobreza")).toHaveTextContent("Grátis");
    expect(within(alteza).queryByText(/Economize/)).not.toBeInTheDocument();

    const annual = within(modal).getByRole("radio", { name: "Anual -10%" });
    await u.click(annual);
    expect(annual).toBeChecked();
    expect(within(alteza).getByTestId("price-alteza")).toHaveTextContent("R$ 25,11/mês");
    expect(within(alteza).getByText("R$ 301,32 cobrados uma vez por ano")).toBeInTheDocument();
    expect(within(alteza).getByText("Economize R$ 33,48 por ano")).toBeInTheDocument();
    expect(within(card(modal, "majestade")).getByTestId("price-majestade")).toHaveTextContent("R$ 40,41/mês");
    expect(within(card(modal, "majestade")).getByText("Economize R$ 53,88 por ano")).toBeInTheDocument();

    await u.click(within(modal).getByRole("radio", { name: "Mensal" }));
    expect(within(alteza).getByTestId("price-alteza")).toHaveTextContent("R$ 27,90/mês");
  });

  it("disables 'Plano Atual' on her plan and offers the others", async () => {
    const u = userEvent.setup();
    renderHome("alteza");
    const modal = await openPlansModal(u);
    expect(within(card(modal, "alteza")).getByRole("button", { name: "Plano Atual" })).toBeDisabled();
    expect(within(card(modal, "majestade")).getByRole("button", { name: "Escolher Plano Majestade" })).toBeEnabled();
    expect(within(card(modal, "nobreza")).getByRole("button", { name: "Escolher Plano Nobreza" })).toBeEnabled();
  });

  it("marks imperatriz 'EM BREVE' with a hidden price and thanks her for registering interest", async () => {
    const u = userEvent.setup();
    const { calls } = renderHome("alteza", {
      RegisterImperatrizInterest: () => ({
        data: { registerImperatrizInterest: { __typename: "ImperatrizInterest", alreadyRegistered: false, registeredAt: "2026-03-12T14:00:00.000Z" } },
      }),
    });
    const modal = await openPlansModal(u);
    const imperatriz = card(modal, "imperatriz");
    expect(within(imperatriz).getByText("EM BREVE")).toBeInTheDocument();
    expect(within(imperatriz).getByTestId("price-imperatriz")).toHaveAttribute("aria-hidden", "true");
    // Blurred, and not there to read in the page's text either.
    expect(within(imperatriz).getByTestId("price-imperatriz").textContent).not.toMatch(/[1-9]/);
    expect(within(imperatriz).queryByRole("button", { name: /Escolher Plano/ })).not.toBeInTheDocument();

    await u.click(within(imperatriz).getByRole("button", { name: "Notificar quando disponível" }));
    const thanks = await screen.findByRole("dialog", { name: "Obrigada pelo interesse!" });
    expect(within(thanks).getByText("Avisaremos você assim que o plano Imperatriz estiver disponível.")).toBeInTheDocument();
    expect(calls.filter((c) => c.operationName === "RegisterImperatrizInterest")).toHaveLength(1);
    await u.click(within(thanks).getByRole("button", { name: "Fechar" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("counts 'Already registered' as success", async () => {
    const u = userEvent.setup();
    renderHome("nobreza", {
      RegisterImperatrizInterest: () => ({
        data: { registerImperatrizInterest: { __typename: "AppError", code: "ALREADY_REGISTERED", message: "Already registered" } },
      }),
    });
    const modal = await openPlansModal(u);
    await u.click(within(card(modal, "imperatriz")).getByRole("button", { name: "Notificar quando disponível" }));
    const thanks = await screen.findByRole("dialog", { name: "Obrigada pelo interesse!" });
    expect(within(thanks).getByText(/Seu interesse já estava registrado/)).toBeInTheDocument();
  });

  it("tells a failed registration with the spec's toast", async () => {
    const u = userEvent.setup();
    renderHome("nobreza", {
      RegisterImperatrizInterest: () => {
        throw new TypeError("Failed to fetch");
      },
    });
    const modal = await openPlansModal(u);
    await u.click(within(card(modal, "imperatriz")).getByRole("button", { name: "Notificar quando disponível" }));
    expect(await findToastText("Não foi possível registrar seu interesse. Tente novamente.")).toBeInTheDocument();
    expect(screen.queryByRole("dialog", { name: "Obrigada pelo interesse!" })).not.toBeInTheDocument();
  });

  it("asks someone signed out to log in before registering interest, and before choosing a plan", async () => {
    const u = userEvent.setup();
    const { calls } = renderHome(null);
    const section = await screen.findByRole("region", { name: "Escolha seu Plano" });
    await u.click(within(card(section, "imperatriz")).getByRole("button", { name: "Notificar quando disponível" }));
    expect(await findToastText("Você precisa estar logada para se inscrever")).toBeInTheDocument();
    expect(calls.some((c) => c.operationName === "RegisterImperatrizInterest")).toBe(false);

    await u.click(within(card(section, "alteza")).getByRole("button", { name: "Escolher Plano Alteza" }));
    expect(await screen.findByRole("heading", { name: "Entrar no clube" })).toBeInTheDocument();
  });
});

describe("choosing a plan", () => {
  it("from the home page's plans section: nobreza up to alteza goes straight to the checkout", async () => {
    const u = userEvent.setup();
    renderHome("nobreza");
    const section = await screen.findByRole("region", { name: "Escolha seu Plano" });
    expect(section).toHaveAttribute("id", "planos");
    await u.click(within(section).getByRole("radio", { name: "Anual -10%" }));
    await u.click(within(card(section, "alteza")).getByRole("button", { name: "Escolher Plano Alteza" }));
    const checkout = await screen.findByRole("dialog", { name: "Assinar o plano ALTEZA" });
    // The cycle chosen on the cards comes along.
    expect(within(checkout).getByRole("radio", { name: "Anual -10%" })).toBeChecked();
    expect(await within(checkout).findByRole("button", { name: "Pagar R$ 301,32" })).toBeInTheDocument();
  });

  it("lists what she loses before a downgrade, and keeps her plan on 'Manter Plano Atual'", async () => {
    const u = userEvent.setup();
    const { calls } = renderHome("majestade");
    const modal = await openPlansModal(u);
    await u.click(within(card(modal, "alteza")).getByRole("button", { name: "Escolher Plano Alteza" }));
    const warning = await screen.findByRole("dialog", { name: "Mudar para o plano ALTEZA?" });
    const lost = within(warning)
      .getAllByRole("listitem")
      .map((item) => item.textContent);
    expect(lost).toEqual([
      "Permutas e collabs ilimitadas",
      "Parcerias corporativas",
      "Mentoria",
      "Eventos VIP",
      "Banner, miniBio e redes sociais no seu perfil",
    ]);
    expect(within(warning).getByRole("button", { name: "Confirmar Downgrade" })).toBeInTheDocument();
    await u.click(within(warning).getByRole("button", { name: "Manter Plano Atual" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(calls.some((c) => c.operationName === "CancelSubscription" || c.operationName === "CreateSubscription")).toBe(false);
  });

  it("down to a lower paid plan continues to the checkout as a migration", async () => {
    const u = userEvent.setup();
    renderHome("majestade");
    const modal = await openPlansModal(u);
    await u.click(within(card(modal, "alteza")).getByRole("button", { name: "Escolher Plano Alteza" }));
    await u.click(within(await screen.findByRole("dialog", { name: "Mudar para o plano ALTEZA?" })).getByRole("button", { name: "Confirmar Downgrade" }));
    expect(await screen.findByRole("dialog", { name: "Trocar para o plano ALTEZA" })).toBeInTheDocument();
  });

  it("down to nobreza lists every paid feature, cancels with 'Confirmar Downgrade' and tells a failure", async () => {
    const u = userEvent.setup();
    const { calls } = renderHome("alteza", {
      CancelSubscription: () => ({
        data: { cancelSubscription: { __typename: "AppError", code: "CANCEL_FAILED", message: "Não foi possível cancelar a assinatura. Tente novamente." } },
      }),
    });
    const modal = await openPlansModal(u);
    await u.click(within(card(modal, "nobreza")).getByRole("button", { name: "Escolher Plano Nobreza" }));
    const warning = await screen.findByRole("dialog", { name: "Mudar para o plano NOBREZA?" });
    expect(within(warning).getByText("Clube do livro")).toBeInTheDocument();
    expect(within(warning).queryByText("Networking básico")).not.toBeInTheDocument();
    // Alteza never showed the profile's banner and links: nothing to lose there.
    expect(within(warning).queryByText("Banner, miniBio e redes sociais no seu perfil")).not.toBeInTheDocument();
    await u.click(within(warning).getByRole("button", { name: "Confirmar Downgrade" }));
    expect(await findToastText("Erro ao cancelar assinatura")).toBeInTheDocument();
    expect(calls.filter((c) => c.operationName === "CancelSubscription")).toHaveLength(1);
    // She may try again from the same warning.
    expect(screen.getByRole("dialog", { name: "Mudar para o plano NOBREZA?" })).toBeInTheDocument();
  });

  it("asks before a migration and shows 'Erro na migração' with the server's words when it fails", async () => {
    const u = userEvent.setup();
    const migrationFailed = "Não foi possível cancelar a assinatura atual. Seu plano continua o mesmo: tente novamente em alguns instantes.";
    const { calls } = renderHome("alteza", {
      CreateSubscription: () => ({ data: { createSubscription: { __typename: "AppError", code: "MIGRATION_FAILED", message: migrationFailed, fieldErrors: null } } }),
    });
    const modal = await openPlansModal(u);
    await u.click(within(card(modal, "majestade")).getByRole("button", { name: "Escolher Plano Majestade" }));
    const confirm = await screen.findByRole("dialog", { name: "Confirmar troca de plano" });
    expect(within(confirm).getByText(/Você vai trocar o plano ALTEZA pelo MAJESTADE/)).toBeInTheDocument();
    await u.click(within(confirm).getByRole("button", { name: "Continuar para o pagamento" }));

    const checkout = await screen.findByRole("dialog", { name: "Trocar para o plano MAJESTADE" });
    await u.click(await within(checkout).findByRole("button", { name: "Pagar R$ 44,90" }));
    expect(await findToastText("Erro na migração")).toBeInTheDocument();
    expect(await findToastText(migrationFailed)).toBeInTheDocument();
    expect(calls.find((c) => c.operationName === "CreateSubscription")?.variables.input).toMatchObject({ plan: "majestade", billingCycle: "monthly", billingType: "PIX" });
    // The form stays, ready to try again.
    expect(within(checkout).getByRole("button", { name: "Pagar R$ 44,90" })).toBeEnabled();
  });

  it("shows the migration's progress while the server works, then 'validating' while the payment is pending", async () => {
    const u = userEvent.setup();
    let answer!: (value: unknown) => void;
    renderHome("alteza", {
      CreateSubscription: () =>
        new Promise((resolve) => {
          answer = resolve;
        }),
    });
    const modal = await openPlansModal(u);
    await u.click(within(card(modal, "majestade")).getByRole("button", { name: "Escolher Plano Majestade" }));
    await u.click(within(await screen.findByRole("dialog", { name: "Confirmar troca de plano" })).getByRole("button", { name: "Continuar para o pagamento" }));
    const checkout = await screen.findByRole("dialog", { name: "Trocar para o plano MAJESTADE" });
    await u.click(await within(checkout).findByRole("button", { name: "Pagar R$ 44,90" }));

    const progress = within(checkout).getByRole("list", { name: "Andamento da troca de plano" });
    expect(within(progress).getByText("Cancelando a assinatura atual").closest("li")).toHaveAttribute("aria-current", "step");
    expect(within(checkout).getByRole("button", { name: "Processando..." })).toBeDisabled();

    answer({ data: { createSubscription: checkoutResult({ plan: "majestade", amountCents: 4490 }, true) } });
    expect(await within(checkout).findByRole("img", { name: "QR Code do PIX para pagamento" })).toBeInTheDocument();
    const steps = within(checkout).getByRole("list", { name: "Andamento da troca de plano" });
    expect(within(steps).getByText("Confirmando o pagamento").closest("li")).toHaveAttribute("aria-current", "step");
    expect(within(steps).getByText("Cancelando a assinatura atual").closest("li")).toHaveAttribute("data-state", "done");
    expect(within(steps).getByText("Criando a nova assinatura").closest("li")).toHaveAttribute("data-state", "done");
  });

  it("celebrates a confirmed migration alone: no 'Plano atualizado automaticamente!' toast, no progress list", async () => {
    // The toasts' code is here already, so a toast would be on screen at once.
    await import("../../components/ToastView");
    const u = userEvent.setup();
    const pushed = deferred<unknown>();
    renderHome("alteza", {
      CreateSubscription: () => ({ data: { createSubscription: checkoutResult({ plan: "majestade", amountCents: 4490 }, true) } }),
      MeUpdated: () => pushed.promise,
    });
    const modal = await openPlansModal(u);
    await u.click(within(card(modal, "majestade")).getByRole("button", { name: "Escolher Plano Majestade" }));
    await u.click(within(await screen.findByRole("dialog", { name: "Confirmar troca de plano" })).getByRole("button", { name: "Continuar para o pagamento" }));
    const checkout = await screen.findByRole("dialog", { name: "Trocar para o plano MAJESTADE" });
    await u.click(await within(checkout).findByRole("button", { name: "Pagar R$ 44,90" }));
    await within(checkout).findByRole("img", { name: "QR Code do PIX para pagamento" });

    pushed.resolve({ data: { meUpdated: user({ plan: "majestade", email: "ana@example.com" }) } });
    const celebration = await screen.findByRole("dialog", { name: "Parabéns pela nova fase!" });
    expect(within(celebration).getByText("Seu plano MAJESTADE está ativo. Aproveite tudo o que ele oferece.")).toBeInTheDocument();
    expect(within(celebration).queryByText("Troca concluída")).not.toBeInTheDocument();
    expect(within(celebration).queryByRole("list")).not.toBeInTheDocument();
    // The session has her new plan (the navigation's badge) and says nothing of it itself.
    expect(document.querySelector("header")).toHaveTextContent("MAJESTADE");
    await act(async () => undefined);
    expect(screen.queryByText("Plano atualizado automaticamente!")).not.toBeInTheDocument();
  });

  it("opens the plans modal from the upgrade prompt", async () => {
    const u = userEvent.setup();
    renderHome("nobreza", {
      BoardOffers: () => ({
        data: {
          offers: {
            __typename: "OfferConnection",
            edges: [
              {
                __typename: "OfferEdge",
                cursor: "c42",
                node: {
                  __typename: "Offer",
                  id: 42,
                  userId: 99,
                  postType: "oferta",
                  type: "collab",
                  title: "Fotógrafa busca parceira de design",
                  description: "Faço ensaios para marcas e quero criar um pacote junto com uma designer.",
                  categories: ["Fotografia"],
                  likes: 0,
                  isLiked: false,
                  isOwn: false,
                  isUrgent: false,
                  createdAt: "2026-03-10T14:00:00.000Z",
                  userNickname: "Bia",
                  userFullName: "Beatriz Lima",
                  userName: "Bia",
                  userPlan: "alteza",
                  userJoinedAt: "2023-05-10T15:00:00Z",
                  userProfilePhoto: null,
                  userProfessionalActivity: "Criatividade & Design",
                  userConversationsFrom: "everyone",
                },
              },
            ],
            pageInfo: { __typename: "PageInfo", endCursor: "c42", hasNextPage: false },
          },
        },
      }),
    });
    await u.click(await screen.findByRole("button", { name: "Pedir Colaboração" }));
    const prompt = await screen.findByRole("dialog", { name: /ALTEZA/ });
    await u.click(within(prompt).getByRole("button", { name: /Conhecer o plano ALTEZA/ }));
    expect(await screen.findByRole("dialog", { name: "Escolha seu Plano" })).toBeInTheDocument();
  });
});
