import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import type { OfferInput } from "@clube-coroa/schema";
import { findToastText, renderUi } from "../../lib/renderUi";
import { PlansContext, type PlansFlow } from "../plans";
import { OfferFormDialog } from "./OfferFormDialog";
import type { OfferFormDialogProps } from "./offerFormTypes";

const plansFlow: PlansFlow = { openPlans: vi.fn(), choosePlan: vi.fn(), registerInterest: vi.fn(), registeringInterest: false };

const TITLE = "Fotógrafa busca parceira de design";
const DESCRIPTION = "Faço ensaios para marcas e quero criar um pacote junto com uma designer.";

function Harness(props: Partial<OfferFormDialogProps> & { startOpen?: boolean }) {
  const [open, setOpen] = useState(props.startOpen ?? true);
  return (
    <PlansContext.Provider value={plansFlow}>
      <button type="button" onClick={() => setOpen(true)}>
        Publicar
      </button>
      <OfferFormDialog
        open={open}
        onOpenChange={setOpen}
        onSubmit={props.onSubmit ?? vi.fn().mockResolvedValue(undefined)}
        onImprove={props.onImprove ?? vi.fn().mockResolvedValue("texto")}
        onDone={props.onDone ?? vi.fn()}
        initial={props.initial}
        author={{ userNickname: "Ana", userPlan: "majestade", userJoinedAt: "2022-03-01T12:00:00Z" }}
      />
    </PlansContext.Provider>
  );
}

function setup(props: Partial<OfferFormDialogProps> = {}) {
  const u = userEvent.setup();
  const handlers = {
    onSubmit: vi.fn<OfferFormDialogProps["onSubmit"]>().mockResolvedValue(undefined),
    onImprove: vi.fn<OfferFormDialogProps["onImprove"]>().mockResolvedValue("Descrição melhorada pela IA com mais de trinta caracteres."),
    onDone: vi.fn(),
    ...props,
  };
  renderUi(<Harness {...handlers} initial={props.initial} />);
  return { u, ...handlers };
}

const dialog = () => screen.getByRole("dialog");
const next = (u: ReturnType<typeof userEvent.setup>) => u.click(screen.getByRole("button", { name: "Próximo" }));

async function fillToStep(u: ReturnType<typeof userEvent.setup>, step: number) {
  if (step <= 1) return;
  await u.click(screen.getByRole("radio", { name: /Oferta/ }));
  await next(u);
  if (step <= 2) return;
  await u.type(screen.getByLabelText("Título"), TITLE);
  await next(u);
  if (step <= 3) return;
  await u.type(screen.getByLabelText("Descrição"), DESCRIPTION);
  await next(u);
  if (step <= 4) return;
  await u.click(screen.getByRole("radio", { name: /Permuta/ }));
  await next(u);
  if (step <= 5) return;
  await u.click(screen.getByRole("button", { name: "Fotografia" }));
  await next(u);
}

describe("OfferFormDialog", () => {
  it("opens as 'Nova Proposta' on step 1 of 6 without a Back button", () => {
    setup();
    expect(screen.getByRole("dialog", { name: "Nova Proposta" })).toBeInTheDocument();
    expect(within(dialog()).getByText("Etapa 1 de 6")).toBeInTheDocument();
    expect(screen.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "1");
    expect(screen.queryByRole("button", { name: "Voltar" })).not.toBeInTheDocument();
  });

  it("validates each step before moving on, with the spec's messages", async () => {
    const { u } = setup();
    await next(u);
    expect(screen.getByRole("alert")).toHaveTextContent("Selecione se é oferta ou pedido");
    expect(screen.getByRole("radio", { name: /Oferta/ })).toHaveFocus();
    await u.click(screen.getByRole("radio", { name: /Pedido/ }));
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    await next(u);

    expect(screen.getByText("Etapa 2 de 6")).toBeInTheDocument();
    await u.type(screen.getByLabelText("Título"), "Curto");
    await next(u);
    expect(screen.getByRole("alert")).toHaveTextContent("Título deve ter pelo menos 10 caracteres");
    expect(screen.getByLabelText("Título")).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByLabelText("Título")).toHaveFocus();
    await u.clear(screen.getByLabelText("Título"));
    await u.click(screen.getByLabelText("Título"));
    await u.paste("x".repeat(121));
    await next(u);
    expect(screen.getByRole("alert")).toHaveTextContent("Título deve ter no máximo 120 caracteres");
    await u.clear(screen.getByLabelText("Título"));
    await u.type(screen.getByLabelText("Título"), TITLE);
    await next(u);

    expect(screen.getByText("Etapa 3 de 6")).toBeInTheDocument();
    await u.type(screen.getByLabelText("Descrição"), "Pouco texto");
    await next(u);
    expect(screen.getByRole("alert")).toHaveTextContent("Descrição deve ter pelo menos 30 caracteres");
    await u.click(screen.getByLabelText("Descrição"));
    await u.paste("y".repeat(1500));
    await next(u);
    expect(screen.getByRole("alert")).toHaveTextContent("Descrição deve ter no máximo 1.500 caracteres");
    await u.clear(screen.getByLabelText("Descrição"));
    await u.type(screen.getByLabelText("Descrição"), DESCRIPTION);
    await next(u);

    expect(screen.getByText("Etapa 4 de 6")).toBeInTheDocument();
    await next(u);
    expect(screen.getByRole("alert")).toHaveTextContent("Selecione um tipo de parceria");
    await u.click(screen.getByRole("radio", { name: /Apoio/ }));
    await next(u);

    expect(screen.getByText("Etapa 5 de 6")).toBeInTheDocument();
    await next(u);
    expect(screen.getByRole("alert")).toHaveTextContent("Selecione pelo menos 1 categoria");
  });

  it("goes back above step 1 keeping what was typed", async () => {
    const { u } = setup();
    await fillToStep(u, 3);
    await u.click(screen.getByRole("button", { name: "Voltar" }));
    expect(screen.getByText("Etapa 2 de 6")).toBeInTheDocument();
    expect(screen.getByLabelText("Título")).toHaveValue(TITLE);
    expect(screen.getByRole("heading", { name: "Dê um título à sua proposta" })).toHaveFocus();
  });

  it("turns the title counter yellow above 100 and red above 120", async () => {
    const { u } = setup();
    await fillToStep(u, 2);
    const input = screen.getByLabelText("Título");
    await u.click(input);
    await u.paste("a".repeat(100));
    expect(screen.getByText("100/120")).toHaveAttribute("data-level", "ok");
    await u.type(input, "b");
    expect(screen.getByText("101/120")).toHaveAttribute("data-level", "warn");
    await u.paste("c".repeat(20));
    expect(screen.getByText(/121\/120/)).toHaveAttribute("data-level", "over");
    expect(screen.getByText(/121\/120/)).toHaveTextContent("acima do limite");
  });

  it("turns the description counter yellow above 1300 and red above 1500", async () => {
    const { u } = setup();
    await fillToStep(u, 3);
    await u.click(screen.getByLabelText("Descrição"));
    await u.paste("a".repeat(1301));
    expect(screen.getByText("1301/1500")).toHaveAttribute("data-level", "warn");
    await u.paste("a".repeat(200));
    expect(screen.getByText(/1501\/1500/)).toHaveAttribute("data-level", "over");
  });

  describe("Ajustar por IA", () => {
    it("asks for the title and description first", async () => {
      const { u, onImprove } = setup();
      await fillToStep(u, 3);
      await u.click(screen.getByRole("button", { name: /Ajustar por IA/ }));
      expect(await findToastText("Campos necessários")).toBeInTheDocument();
      expect(onImprove).not.toHaveBeenCalled();
    });

    it("replaces the description with the improved text", async () => {
      const { u, onImprove } = setup();
      await fillToStep(u, 3);
      await u.type(screen.getByLabelText("Descrição"), DESCRIPTION);
      await u.click(screen.getByRole("button", { name: /Ajustar por IA/ }));
      expect(onImprove).toHaveBeenCalledWith({ title: TITLE, description: DESCRIPTION, postType: "oferta" });
      expect(await screen.findByDisplayValue("Descrição melhorada pela IA com mais de trinta caracteres.")).toBeInTheDocument();
    });

    it("keeps the text and says 'Erro na IA' when it fails", async () => {
      const { u } = setup({ onImprove: vi.fn().mockRejectedValue(new Error("AI down")) });
      await fillToStep(u, 3);
      await u.type(screen.getByLabelText("Descrição"), DESCRIPTION);
      await u.click(screen.getByRole("button", { name: /Ajustar por IA/ }));
      expect(await findToastText("Erro na IA")).toBeInTheDocument();
      expect(await findToastText("Não foi possível melhorar o texto no momento. Tente novamente.")).toBeInTheDocument();
      expect(screen.getByLabelText("Descrição")).toHaveValue(DESCRIPTION);
    });
  });

  it("explains the three kinds of partnership", async () => {
    const { u } = setup();
    await fillToStep(u, 4);
    expect(screen.getByRole("radio", { name: /Collab.*Criem juntas/ })).toBeInTheDocument();
    expect(screen.getByRole("radio", { name: /Permuta.*Troque o seu serviço/ })).toBeInTheDocument();
    expect(screen.getByRole("radio", { name: /Apoio.*sem nada em troca/ })).toBeInTheDocument();
  });

  it("lists the 59 categories, filters them and blocks a fourth pick", async () => {
    const { u } = setup();
    await fillToStep(u, 5);
    const group = screen.getByRole("group", { name: "Escolha as categorias" });
    expect(within(group).getAllByRole("button")).toHaveLength(59);

    await u.type(screen.getByLabelText("Buscar categoria"), "educa");
    expect(within(group).getAllByRole("button").map((b) => b.textContent)).toEqual(["Educação"]);
    await u.clear(screen.getByLabelText("Buscar categoria"));

    for (const name of ["Moda", "Design", "Beleza"]) await u.click(screen.getByRole("button", { name }));
    expect(screen.getByText("3 de 3 selecionadas")).toBeInTheDocument();
    await u.click(screen.getByRole("button", { name: "Saúde" }));
    expect(await findToastText("Máximo atingido")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Saúde" })).toHaveAttribute("aria-pressed", "false");

    await u.click(screen.getByRole("button", { name: "Design" }));
    expect(screen.getByText("2 de 3 selecionadas")).toBeInTheDocument();
  });

  it("previews the card, publishes and shows the success popup", async () => {
    let finish: () => void = () => undefined;
    const onSubmit = vi.fn<(values: OfferInput) => Promise<unknown>>(() => new Promise<void>((resolve) => (finish = resolve)));
    const { u, onDone } = setup({ onSubmit });
    await fillToStep(u, 6);

    expect(screen.getByText("Etapa 6 de 6")).toBeInTheDocument();
    const preview = screen.getByRole("region", { name: "Pré-visualização" });
    expect(within(preview).getByRole("heading", { name: TITLE })).toBeInTheDocument();
    expect(within(preview).getByText("#Fotografia")).toBeInTheDocument();
    expect(within(preview).queryByText("Urgente")).not.toBeInTheDocument();
    // A picture only: its buttons are inside an inert box (neither focused nor pressed).
    const picture = within(preview).getByTestId("offer-preview");
    expect(picture).toHaveAttribute("inert");
    expect(within(picture).getAllByRole("button").length).toBeGreaterThan(0);

    const urgent = screen.getByRole("switch", { name: /Marcar como urgente/ });
    expect(urgent).toHaveAttribute("aria-checked", "false");
    await u.click(urgent);
    expect(urgent).toHaveAttribute("aria-checked", "true");
    expect(within(preview).getByText(/Urgente/)).toBeInTheDocument();

    await u.click(screen.getByRole("button", { name: "Publicar Proposta" }));
    expect(screen.getByRole("button", { name: "Publicando..." })).toBeDisabled();
    expect(onSubmit).toHaveBeenCalledWith({
      postType: "oferta",
      title: TITLE,
      description: DESCRIPTION,
      type: "permuta",
      categories: ["Fotografia"],
      isUrgent: true,
    });
    finish();

    const success = await screen.findByRole("dialog", { name: "Publicação Realizada com Sucesso!" });
    expect(within(success).getByText(/em breve estará visível para todas as parceiras/)).toBeInTheDocument();
    await u.click(within(success).getByRole("button", { name: "OK" }));
    expect(onDone).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("stays on the form without a popup when publishing fails", async () => {
    const { u, onDone } = setup({ onSubmit: vi.fn().mockRejectedValue(new Error("403")) });
    await fillToStep(u, 6);
    await u.click(screen.getByRole("button", { name: "Publicar Proposta" }));
    expect(await screen.findByRole("button", { name: "Publicar Proposta" })).toBeEnabled();
    expect(screen.queryByText("Publicação Realizada com Sucesso!")).not.toBeInTheDocument();
    expect(onDone).not.toHaveBeenCalled();
  });

  it("starts over at step 1 each time it opens", async () => {
    const { u } = setup();
    await fillToStep(u, 3);
    await u.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    await u.click(screen.getByRole("button", { name: "Publicar" }));
    expect(screen.getByText("Etapa 1 de 6")).toBeInTheDocument();
    expect(screen.getByRole("radio", { name: /Oferta/ })).not.toBeChecked();
  });

  it("edits as 'Editar Proposta' with the offer's values", async () => {
    const { u, onSubmit } = setup({
      initial: { postType: "pedido", title: TITLE, description: DESCRIPTION, type: "apoio", categories: ["Moda", "Arte"], isUrgent: true },
    });
    expect(screen.getByRole("dialog", { name: "Editar Proposta" })).toBeInTheDocument();
    expect(screen.getByRole("radio", { name: /Pedido/ })).toBeChecked();
    for (let i = 0; i < 5; i++) await next(u);
    expect(screen.getByRole("switch", { name: /Marcar como urgente/ })).toHaveAttribute("aria-checked", "true");
    expect(screen.queryByRole("button", { name: "Publicar Proposta" })).not.toBeInTheDocument();
    await u.click(screen.getByRole("button", { name: "Salvar Alterações" }));
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ postType: "pedido", categories: ["Moda", "Arte"], isUrgent: true }));
  });
});
