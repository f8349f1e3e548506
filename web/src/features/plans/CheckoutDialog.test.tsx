import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { yearInSaoPaulo } from "@clube-coroa/schema";
import { findToastText } from "../../lib/renderUi";
import { meIs, renderApp, user, type Handler } from "../../test/renderApp";
import { deferred } from "../../test/deferred";
import { checkoutResult, payment, plansHandlers, profile } from "./testData";

afterEach(() => {
  vi.useRealTimers();
});

/** Home as a nobreza member, then 'Escolher Plano' on alteza: the checkout, her data loaded. */
async function openCheckout(extra: Record<string, Handler> = {}) {
  const u = userEvent.setup();
  const rendered = renderApp("/", plansHandlers("nobreza", extra));
  const section = await screen.findByRole("region", { name: "Escolha seu Plano" });
  await u.click(await within(section).findByRole("button", { name: "Escolher Plano Alteza" }));
  const dialog = await screen.findByRole("dialog", { name: "Assinar o plano ALTEZA" });
  await within(dialog).findByLabelText("Nome completo");
  return { u, dialog: within(dialog), ...rendered };
}

const sentInput = (calls: { operationName: string; variables: Record<string, unknown> }[]) =>
  calls.find((c) => c.operationName === "CreateSubscription")?.variables.input as Record<string, unknown> | undefined;

describe("the checkout dialog", () => {
  it("prefills her name, e-mail, phone, CPF and, for the card, her CEP and house number", async () => {
    const { u, dialog } = await openCheckout();
    expect(dialog.getByLabelText("Nome completo")).toHaveValue("Ana Souza");
    expect(dialog.getByLabelText("Email")).toHaveValue("ana@example.com");
    expect(dialog.getByLabelText("Telefone")).toHaveValue("(11) 98765-4321");
    expect(dialog.getByLabelText("CPF ou CNPJ")).toHaveValue("529.982.247-25");
    expect(dialog.getByText("APOIO ilimitado")).toBeInTheDocument();

    const tabs = dialog.getByRole("tablist", { name: "Forma de pagamento" });
    expect(within(tabs).getAllByRole("tab").map((t) => t.textContent)).toEqual(["PIX", "Boleto", "Cartão"]);
    expect(within(tabs).getByRole("tab", { name: "PIX" })).toHaveAttribute("aria-selected", "true");
    await u.click(within(tabs).getByRole("tab", { name: "Cartão" }));
    expect(within(tabs).getByRole("tab", { name: "Cartão" })).toHaveAttribute("aria-selected", "true");
    expect(dialog.getByRole("tabpanel", { name: "Cartão" })).toBeInTheDocument();
    expect(dialog.getByLabelText("CEP do titular")).toHaveValue("01310-100");
    expect(dialog.getByLabelText("Número do endereço")).toHaveValue("1000");

    // Arrow keys move between the tabs too.
    await u.keyboard("{ArrowRight}");
    expect(within(tabs).getByRole("tab", { name: "PIX" })).toHaveFocus();
    expect(within(tabs).getByRole("tab", { name: "PIX" })).toHaveAttribute("aria-selected", "true");
  });

  it("masks CPF/CNPJ and the card number as she types", async () => {
    const { u, dialog } = await openCheckout();
    const document = dialog.getByLabelText("CPF ou CNPJ");
    await u.clear(document);
    await u.type(document, "11222333000181");
    expect(document).toHaveValue("11.222.333/0001-81");
    await u.click(dialog.getByRole("tab", { name: "Cartão" }));
    await u.type(dialog.getByLabelText("Número do cartão"), "4111111111111111");
    expect(dialog.getByLabelText("Número do cartão")).toHaveValue("4111 1111 1111 1111");
  });

  it("puts every required message under its field and lists them in 'Dados obrigatórios em falta'", async () => {
    const { u, dialog, calls } = await openCheckout();
    for (const label of ["Nome completo", "Email", "Telefone", "CPF ou CNPJ"]) await u.clear(dialog.getByLabelText(label));
    await u.click(dialog.getByRole("tab", { name: "Cartão" }));
    await u.clear(dialog.getByLabelText("CEP do titular"));
    await u.clear(dialog.getByLabelText("Número do endereço"));
    await u.click(dialog.getByRole("button", { name: "Pagar R$ 27,90" }));

    const expected: [string, string][] = [
      ["Nome completo", "Nome completo é obrigatório"],
      ["Email", "Email é obrigatório"],
      ["Telefone", "Telefone é obrigatório"],
      ["CPF ou CNPJ", "CPF é obrigatório"],
      ["Nome impresso no cartão", "Nome do portador do cartão é obrigatório"],
      ["Número do cartão", "Número do cartão é obrigatório"],
      ["Mês de vencimento", "Mês de vencimento é obrigatório"],
      ["Ano de vencimento", "Ano de vencimento é obrigatório"],
      ["CVV", "CVV é obrigatório"],
    ];
    for (const [label, message] of expected) {
      expect(dialog.getByLabelText(label)).toHaveAccessibleDescription(message);
      expect(dialog.getByLabelText(label)).toHaveAttribute("aria-invalid", "true");
    }
    // Left empty, the holder's CEP and number are taken from her profile by the server.
    expect(dialog.getByLabelText("CEP do titular")).not.toHaveAccessibleDescription();
    expect(dialog.getByLabelText("Número do endereço")).not.toHaveAccessibleDescription();
    expect(dialog.getByLabelText("Nome completo")).toHaveFocus();
    expect(await findToastText("Dados obrigatórios em falta")).toBeInTheDocument();
    expect(await findToastText(expected.map(([, message]) => message).join(", "))).toBeInTheDocument();
    expect(calls.some((c) => c.operationName === "CreateSubscription")).toBe(false);

    // Typing clears that field's message.
    await u.type(dialog.getByLabelText("Nome completo"), "Ana");
    expect(dialog.getByLabelText("Nome completo")).not.toHaveAccessibleDescription();
  });

  it("asks for the customer fields only, not the card's, for PIX", async () => {
    const { u, dialog } = await openCheckout();
    await u.clear(dialog.getByLabelText("Email"));
    await u.click(dialog.getByRole("button", { name: "Pagar R$ 27,90" }));
    expect(await findToastText("Email é obrigatório")).toBeInTheDocument();
    expect(dialog.queryByLabelText("Número do cartão")).not.toBeInTheDocument();
  });

  it("offers expiry months 01 to 12, this year and the next 9, and a CVV of at most 4 digits", async () => {
    const { u, dialog } = await openCheckout();
    await u.click(dialog.getByRole("tab", { name: "Cartão" }));
    const months = within(dialog.getByLabelText("Mês de vencimento")).getAllByRole("option").slice(1);
    expect(months.map((o) => o.textContent)).toEqual(["01", "02", "03", "04", "05", "06", "07", "08", "09", "10", "11", "12"]);
    const thisYear = yearInSaoPaulo(Date.now());
    const years = within(dialog.getByLabelText("Ano de vencimento")).getAllByRole("option").slice(1);
    expect(years.map((o) => o.textContent)).toEqual(Array.from({ length: 10 }, (_, i) => String(thisYear + i)));
    const cvv = dialog.getByLabelText("CVV");
    expect(cvv).toHaveAttribute("maxLength", "4");
    await u.type(cvv, "12345");
    expect(cvv).toHaveValue("1234");
  });

  it("checks a promo code only from 5 characters, 500 ms after the last key, and shows the new price", async () => {
    const { dialog, calls } = await openCheckout({
      ValidatePromoCode: ({ code }) => ({
        data: {
          validatePromoCode:
            code === "COROA10"
              ? { __typename: "PromoValidation", valid: true, description: "R$ 5 de boas-vindas", error: null, monthlyDiscountCents: 500, annualDiscountCents: 6000 }
              : { __typename: "PromoValidation", valid: false, description: null, error: "Este código promocional expirou", monthlyDiscountCents: 0, annualDiscountCents: 0 },
        },
      }),
    });
    const promoCalls = () => calls.filter((c) => c.operationName === "ValidatePromoCode");
    const field = dialog.getByLabelText("Código promocional (opcional)");

    vi.useFakeTimers();
    fireEvent.change(field, { target: { value: "coro" } });
    expect(field).toHaveValue("CORO");
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2000);
    });
    expect(promoCalls()).toHaveLength(0);

    fireEvent.change(field, { target: { value: "COROA" } });
    fireEvent.change(field, { target: { value: "COROA1" } });
    fireEvent.change(field, { target: { value: "COROA10" } });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(499);
    });
    expect(promoCalls()).toHaveLength(0);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(promoCalls()).toHaveLength(1);
    expect(promoCalls()[0].variables).toEqual({ code: "COROA10", plan: "alteza" });
    vi.useRealTimers();

    expect(await dialog.findByRole("button", { name: "Pagar R$ 22,90" })).toBeInTheDocument();
    expect(field).toHaveAccessibleDescription("Desconto de R$ 5,00 aplicado · R$ 5 de boas-vindas");
    await userEvent.setup().click(dialog.getByRole("radio", { name: "Anual -10%" }));
    expect(dialog.getByRole("button", { name: "Pagar R$ 241,32" })).toBeInTheDocument();

    // Shorter than 5 characters: the discount goes, and nothing is asked.
    fireEvent.change(field, { target: { value: "COR" } });
    expect(dialog.getByRole("button", { name: "Pagar R$ 301,32" })).toBeInTheDocument();
    expect(field).not.toHaveAccessibleDescription();

    fireEvent.change(field, { target: { value: "VELHO" } });
    await waitFor(() => expect(field).toHaveAccessibleDescription("Este código promocional expirou"));
    expect(field).toHaveAttribute("aria-invalid", "true");
    expect(promoCalls()).toHaveLength(2);
  });

  it("shows the PIX QR code, the copy-and-paste code with a copy button and its expiry after createSubscription", async () => {
    const { u, dialog, calls } = await openCheckout({
      CreateSubscription: () => ({ data: { createSubscription: checkoutResult() } }),
    });
    await u.click(dialog.getByRole("button", { name: "Pagar R$ 27,90" }));

    expect(await dialog.findByRole("img", { name: "QR Code do PIX para pagamento" })).toHaveAttribute("src", "data:image/png;base64,iVBORw0KGgo=");
    const code = dialog.getByLabelText("PIX copia e cola");
    expect(code).toHaveValue(payment().pix!.copyPaste);
    expect(dialog.getByText("Válido até 12/03/2026 às 14:30")).toBeInTheDocument();
    expect(dialog.getByText("Aguardando a confirmação do pagamento...")).toBeInTheDocument();

    await u.click(dialog.getByRole("button", { name: "Copiar" }));
    expect(dialog.getByRole("button", { name: "Copiado" })).toHaveAccessibleDescription("PIX copia e cola");
    expect(await navigator.clipboard.readText()).toBe(payment().pix!.copyPaste);

    expect(sentInput(calls)).toEqual({
      plan: "alteza",
      billingCycle: "monthly",
      billingType: "PIX",
      promoCode: null,
      customer: { name: "Ana Souza", email: "ana@example.com", phone: "11987654321", cpfCnpj: "52998224725", postalCode: null, addressNumber: null },
      creditCard: null,
    });
    // No demo control with the real provider.
    expect(dialog.queryByText("Ambiente de demonstração")).not.toBeInTheDocument();
  });

  it("shows the boleto's digitable line, its PDF in a new tab and the due date", async () => {
    const { u, dialog, calls } = await openCheckout({
      CreateSubscription: () => ({
        data: {
          createSubscription: checkoutResult({
            billingType: "BOLETO",
            pix: null,
            dueDate: "2026-03-17",
            boleto: { __typename: "BoletoInstructions", identificationField: "23793381286000782713695000063305975520000002790", bankSlipUrl: "https://example.com/boleto.pdf" },
          } as never),
        },
      }),
    });
    await u.click(dialog.getByRole("tab", { name: "Boleto" }));
    await u.click(dialog.getByRole("button", { name: "Pagar R$ 27,90" }));
    expect(await dialog.findByLabelText("Linha digitável")).toHaveValue("23793381286000782713695000063305975520000002790");
    const pdf = dialog.getByRole("link", { name: "Abrir boleto (PDF)" });
    expect(pdf).toHaveAttribute("href", "https://example.com/boleto.pdf");
    expect(pdf).toHaveAttribute("target", "_blank");
    expect(dialog.getByText("Vencimento: 17 de março de 2026")).toBeInTheDocument();
    expect(sentInput(calls)).toMatchObject({ billingType: "BOLETO" });
  });

  it("sends the card (digits only) and shows the card's result at once", async () => {
    const { u, dialog, calls } = await openCheckout({
      CreateSubscription: () => ({
        data: { createSubscription: checkoutResult({ billingType: "CREDIT_CARD", pix: null, cardBrand: "VISA", cardLast4: "1111" }) },
      }),
    });
    await u.click(dialog.getByRole("tab", { name: "Cartão" }));
    await u.type(dialog.getByLabelText("Nome impresso no cartão"), "ANA SOUZA");
    await u.type(dialog.getByLabelText("Número do cartão"), "4111111111111111");
    const nextYear = String(yearInSaoPaulo(Date.now()) + 1);
    await u.selectOptions(dialog.getByLabelText("Mês de vencimento"), "05");
    await u.selectOptions(dialog.getByLabelText("Ano de vencimento"), nextYear);
    await u.type(dialog.getByLabelText("CVV"), "123");
    await u.click(dialog.getByRole("button", { name: "Pagar R$ 27,90" }));

    expect(await dialog.findByText("VISA final 1111")).toBeInTheDocument();
    expect(dialog.getByText("Estamos confirmando o pagamento com a operadora. Isso leva poucos segundos.")).toBeInTheDocument();
    expect(sentInput(calls)).toMatchObject({
      billingType: "CREDIT_CARD",
      customer: { postalCode: "01310100", addressNumber: "1000" },
      creditCard: { holderName: "ANA SOUZA", number: "4111111111111111", expiryMonth: "05", expiryYear: nextYear, ccv: "123" },
    });
  });

  it("offers the demo confirmation with the local provider", async () => {
    const fetchSpy = vi.spyOn(globalThis, "fetch").mockResolvedValue(new Response("{}", { status: 200 }));
    const { u, dialog } = await openCheckout({
      PaymentsProvider: () => ({ data: { demoPayments: true } }),
      CreateSubscription: () => ({ data: { createSubscription: checkoutResult() } }),
    });
    await u.click(dialog.getByRole("button", { name: "Pagar R$ 27,90" }));
    const demo = await dialog.findByRole("complementary", { name: "Ambiente de demonstração" });
    await u.click(within(demo).getByRole("button", { name: "Simular pagamento confirmado" }));
    expect(fetchSpy).toHaveBeenCalledWith(
      "/api/dev/payments/pay_local_31/confirm",
      expect.objectContaining({ method: "POST", credentials: "include", body: "{}" }),
    );
  });

  it("offers to save the e-mail she types to her profile (ticked when her profile has none), and the next checkout has it", async () => {
    let saved: string | null = null;
    const { u, dialog, calls } = await openCheckout({
      Me: meIs(user({ email: null })),
      MyProfile: () => ({ data: { profile: profile({ email: saved }) } }),
      CreateSubscription: (variables) => {
        const input = variables.input as { saveEmailToProfile?: boolean; customer: { email: string } };
        if (input.saveEmailToProfile) saved = input.customer.email;
        return { data: { createSubscription: checkoutResult() } };
      },
    });
    expect(dialog.getByLabelText("Email")).toHaveValue("");
    const keep = dialog.getByRole("checkbox", { name: "Salvar este e-mail no meu perfil" });
    expect(keep).toBeChecked();
    await u.type(dialog.getByLabelText("Email"), "ana.nova@example.com");
    await u.click(dialog.getByRole("button", { name: "Pagar R$ 27,90" }));
    await dialog.findByRole("img", { name: "QR Code do PIX para pagamento" });
    expect(sentInput(calls)).toMatchObject({ saveEmailToProfile: true, customer: { email: "ana.nova@example.com" } });

    // The next checkout starts from her profile's e-mail, and offers nothing more to save.
    await u.click(dialog.getByRole("button", { name: "Fechar" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    const section = screen.getByRole("region", { name: "Escolha seu Plano" });
    await u.click(within(section).getByRole("button", { name: "Escolher Plano Majestade" }));
    const next = within(await screen.findByRole("dialog", { name: "Assinar o plano MAJESTADE" }));
    expect(await next.findByLabelText("Email")).toHaveValue("ana.nova@example.com");
    expect(next.queryByRole("checkbox", { name: "Salvar este e-mail no meu perfil" })).not.toBeInTheDocument();
  });

  it("celebrates when paymentUpdated says the payment is confirmed", async () => {
    const pushed = deferred<unknown>();
    const { u, dialog } = await openCheckout({
      CreateSubscription: () => ({ data: { createSubscription: checkoutResult() } }),
      PaymentUpdated: () => pushed.promise,
    });
    await u.click(dialog.getByRole("button", { name: "Pagar R$ 27,90" }));
    await dialog.findByRole("img", { name: "QR Code do PIX para pagamento" });
    expect(screen.queryByRole("dialog", { name: "Parabéns pela nova fase!" })).not.toBeInTheDocument();

    pushed.resolve({ data: { paymentUpdated: payment({ status: "received", paidAt: "2026-03-12T14:05:00.000Z" }) } });
    const celebration = await screen.findByRole("dialog", { name: "Parabéns pela nova fase!" });
    expect(within(celebration).getByText("Seu plano ALTEZA está ativo. Aproveite tudo o que ele oferece.")).toBeInTheDocument();
    expect(screen.queryByRole("dialog", { name: "Assinar o plano ALTEZA" })).not.toBeInTheDocument();
  });

  it("celebrates when meUpdated brings her new plan, and the badge in the navigation changes without reload", async () => {
    const pushed = deferred<unknown>();
    const { u, dialog } = await openCheckout({
      CreateSubscription: () => ({ data: { createSubscription: checkoutResult() } }),
      MeUpdated: () => pushed.promise,
    });
    const header = document.querySelector("header")!;
    expect(header).toHaveTextContent("NOBREZA");
    await u.click(dialog.getByRole("button", { name: "Pagar R$ 27,90" }));
    await dialog.findByRole("img", { name: "QR Code do PIX para pagamento" });

    pushed.resolve({ data: { meUpdated: user({ plan: "alteza", email: "ana@example.com" }) } });
    expect(await screen.findByRole("dialog", { name: "Parabéns pela nova fase!" })).toBeInTheDocument();
    expect(header).toHaveTextContent("ALTEZA");
    expect(header).not.toHaveTextContent("NOBREZA");
  });

  it("tells a refusal with 'Erro ao criar assinatura' and the server's words, a failure with 'Tente novamente'", async () => {
    let refuse = true;
    const { u, dialog } = await openCheckout({
      CreateSubscription: () => {
        if (!refuse) throw new TypeError("Failed to fetch");
        return {
          data: {
            createSubscription: {
              __typename: "AppError",
              code: "VALIDATION",
              message: "CPF ou CNPJ inválido",
              fieldErrors: [{ __typename: "FieldError", field: "customer.cpfCnpj", message: "CPF ou CNPJ inválido" }],
            },
          },
        };
      },
    });
    await u.click(dialog.getByRole("button", { name: "Pagar R$ 27,90" }));
    expect(await findToastText("Erro ao criar assinatura")).toBeInTheDocument();
    expect(dialog.getByLabelText("CPF ou CNPJ")).toHaveAccessibleDescription("CPF ou CNPJ inválido");

    refuse = false;
    await u.click(dialog.getByRole("button", { name: "Pagar R$ 27,90" }));
    expect(await findToastText("Tente novamente")).toBeInTheDocument();
  });
});
