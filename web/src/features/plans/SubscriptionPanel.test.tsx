import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeAll, describe, expect, it } from "vitest";
import { renderApp, type Handler } from "../../test/renderApp";
import { checkoutResult, payment, plansHandlers } from "./testData";

type Plan = "nobreza" | "alteza" | "majestade";

function subscription(overrides: Record<string, unknown> = {}) {
  return {
    __typename: "MemberSubscription" as const,
    id: 11,
    plan: "alteza",
    billingCycle: "monthly",
    billingType: "PIX",
    status: "active",
    priceCents: 2790,
    paidUntil: "2026-04-10T03:00:00.000Z",
    canceledAt: null,
    ...overrides,
  };
}

const boleto = {
  __typename: "BoletoInstructions" as const,
  identificationField: "23793381286000782713695000063305975520000002790",
  bankSlipUrl: "https://example.com/boleto.pdf",
};

function renderProfile(plan: Plan, billing: { mySubscription: unknown; myPayments: unknown[] }, extra: Record<string, Handler> = {}) {
  return renderApp("/perfil", plansHandlers(plan, { MyBilling: () => ({ data: billing }), ...extra }));
}

const panel = async () => screen.findByRole("region", { name: "Sua assinatura" }, { timeout: 15000 });

// The panel's code, compiled once before the first test waits for it (the profile page's is, by test/setup.ts).
beforeAll(async () => {
  await Promise.all([import("./SubscriptionPanel"), import("./PlansFlowHost")]);
});

describe("'Sua assinatura' on /perfil", () => {
  it("brings back an unpaid boleto she closed: its line and PDF, and lists it in her payments", async () => {
    const u = userEvent.setup();
    const unpaid = { ...payment({ billingType: "BOLETO", pix: null, boleto, dueDate: "2026-03-17" }), billingCycle: "monthly" };
    const paidBefore = { ...payment({ id: 20, plan: "majestade", status: "refunded", pix: null, billingType: "CREDIT_CARD", amountCents: 4490, createdAt: "2026-01-05T14:00:00.000Z" }), billingCycle: "monthly" };
    renderProfile("nobreza", { mySubscription: null, myPayments: [unpaid, paidBefore] });
    const section = await panel();
    const pending = await within(section).findByRole("article", { name: "Pagamento pendente" });
    expect(within(pending).getByText("ALTEZA · R$ 27,90 · vence em 17 de março de 2026")).toBeInTheDocument();

    await u.click(within(pending).getByRole("button", { name: "Ver como pagar" }));
    expect(await within(pending).findByLabelText("Linha digitável")).toHaveValue(boleto.identificationField);
    expect(within(pending).getByRole("link", { name: "Abrir boleto (PDF)" })).toHaveAttribute("href", boleto.bankSlipUrl);

    const history = within(section).getByRole("list", { name: "Histórico de pagamentos" });
    const rows = within(history).getAllByRole("listitem");
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent("ALTEZA mensal · Boleto");
    expect(rows[0]).toHaveTextContent("R$ 27,90");
    expect(rows[0]).toHaveTextContent("Aguardando pagamento");
    expect(rows[1]).toHaveTextContent("05/01/2026");
    expect(rows[1]).toHaveTextContent("MAJESTADE mensal · Cartão");
    expect(rows[1]).toHaveTextContent("Estornado");
  });

  it("shows her PIX code again, and 'Pagar novamente' on an overdue checkout opens a new checkout of that plan and cycle", async () => {
    const u = userEvent.setup();
    const pendingPix = { ...payment(), billingCycle: "monthly" };
    const overdue = { ...payment({ id: 32, plan: "majestade", status: "overdue", amountCents: 48492, dueDate: "2026-03-01" }), billingCycle: "annual" };
    renderProfile("nobreza", { mySubscription: null, myPayments: [pendingPix, overdue] });
    const section = await panel();
    const pending = await within(section).findByRole("article", { name: "Pagamento pendente" });
    await u.click(within(pending).getByRole("button", { name: "Ver como pagar" }));
    expect(await within(pending).findByRole("img", { name: "QR Code do PIX para pagamento" })).toBeInTheDocument();
    expect(within(pending).getByLabelText("PIX copia e cola")).toHaveValue(payment().pix!.copyPaste);

    const late = within(section).getByRole("article", { name: "Pagamento vencido" });
    expect(within(late).getByText("MAJESTADE · R$ 484,92 · venceu em 1 de março de 2026")).toBeInTheDocument();
    // Nothing to pay on an overdue charge's old code: a new checkout replaces it.
    expect(within(late).queryByLabelText("PIX copia e cola")).not.toBeInTheDocument();
    await u.click(within(late).getByRole("button", { name: "Pagar novamente o plano MAJESTADE" }));
    const checkout = await screen.findByRole("dialog", { name: "Assinar o plano MAJESTADE" });
    expect(within(checkout).getByRole("radio", { name: "Anual -10%" })).toBeChecked();
  });

  it("says until when an active plan is paid, its cycle and price", async () => {
    renderProfile("alteza", { mySubscription: subscription(), myPayments: [] });
    expect(await within(await panel()).findByText("Ativa até 10/04/2026")).toBeInTheDocument();
    expect(within(await panel()).getByText(/Mensal · R\$ 27,90\/mês/)).toBeInTheDocument();
    expect(within(await panel()).getByText("Nenhum pagamento ainda.")).toBeInTheDocument();
  });

  it("says when a cancelled plan ends", async () => {
    renderProfile("alteza", { mySubscription: subscription({ status: "canceled", canceledAt: "2026-03-12T14:00:00.000Z" }), myPayments: [] });
    expect(await within(await panel()).findByText("Cancelada: o plano ALTEZA vale até 10/04/2026")).toBeInTheDocument();
    expect(within(await panel()).queryByRole("button", { name: /Mudar o plano/ })).not.toBeInTheDocument();
  });

  it("switches her plan's cycle: 'Mudar para anual', the migration's confirmation, then the checkout on the annual cycle", async () => {
    const u = userEvent.setup();
    const { calls } = renderProfile(
      "alteza",
      { mySubscription: subscription(), myPayments: [] },
      { CreateSubscription: () => ({ data: { createSubscription: checkoutResult({ amountCents: 30132 }, true) } }) },
    );
    await u.click(await within(await panel()).findByRole("button", { name: "Mudar o plano Alteza para anual" }));
    const confirm = await screen.findByRole("dialog", { name: "Confirmar troca de plano" });
    expect(within(confirm).getByText(/Você vai trocar a cobrança mensal do plano ALTEZA pela anual/)).toBeInTheDocument();
    await u.click(within(confirm).getByRole("button", { name: "Continuar para o pagamento" }));
    const checkout = await screen.findByRole("dialog", { name: "Trocar para o plano ALTEZA" });
    expect(within(checkout).getByRole("radio", { name: "Anual -10%" })).toBeChecked();
    await u.click(await within(checkout).findByRole("button", { name: "Pagar R$ 301,32" }));
    // Her plan is already alteza: the checkout waits for the annual payment, it does not celebrate.
    expect(await within(checkout).findByRole("img", { name: "QR Code do PIX para pagamento" })).toBeInTheDocument();
    expect(screen.queryByRole("dialog", { name: "Parabéns pela nova fase!" })).not.toBeInTheDocument();
    expect(calls.find((c) => c.operationName === "CreateSubscription")?.variables.input).toMatchObject({ plan: "alteza", billingCycle: "annual" });
  });
});
