import { ApolloProvider } from "@apollo/client/react";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { findToastText, renderUi } from "../../lib/renderUi";
import { createTestClient, type Handler } from "../../test/renderApp";
import { ReportDialog, type ReportTarget } from "./ReportDialog";

const TARGET: ReportTarget = { offerId: 42, reportedUserId: 99, title: "Fotógrafa busca parceira de design" };

function Harness({ onClose }: { onClose: () => void }) {
  const [target, setTarget] = useState<ReportTarget | null>(TARGET);
  return (
    <ReportDialog
      target={target}
      onClose={() => {
        setTarget(null);
        onClose();
      }}
    />
  );
}

function setup(handler: Handler) {
  const u = userEvent.setup();
  const onClose = vi.fn();
  const { client, calls } = createTestClient({ ReportOffer: handler });
  renderUi(
    <ApolloProvider client={client}>
      <Harness onClose={onClose} />
    </ApolloProvider>,
  );
  const reports = () => calls.filter((c) => c.operationName === "ReportOffer");
  return { u, onClose, reports };
}

const ok = () => ({ data: { reportOffer: { __typename: "ReportPayload", id: 5 } } });
const send = () => screen.getByRole("button", { name: "Enviar Denúncia" });

describe("ReportDialog", () => {
  it("lists the six reasons in Portuguese and asks for one", async () => {
    const { u, reports } = setup(ok);
    expect(screen.getByRole("dialog", { name: "Denunciar Publicação" })).toBeInTheDocument();
    for (const label of ["Spam", "Conteúdo inapropriado", "Perfil falso", "Golpe", "Assédio", "Outro"]) {
      expect(screen.getByRole("radio", { name: new RegExp(`^${label}`) })).toBeInTheDocument();
    }
    await u.click(send());
    expect(screen.getByRole("alert")).toHaveTextContent("Selecione um motivo");
    expect(screen.getByRole("radio", { name: /^Spam/ })).toHaveFocus();
    expect(reports()).toHaveLength(0);
  });

  it("choosing 'Outro' brings its text box into view and puts the cursor in it", async () => {
    const { u } = setup(ok);
    const scrolled = vi.mocked(Element.prototype.scrollIntoView);
    scrolled.mockClear();
    await u.click(screen.getByRole("radio", { name: /^Outro/ }));
    const description = screen.getByLabelText("Descreva o motivo");
    await waitFor(() => expect(description).toHaveFocus());
    expect(scrolled.mock.contexts.some((el) => el instanceof Element && el.contains(description))).toBe(true);
  });

  it("an empty 'Outro' scrolls its error into view and announces it", async () => {
    const { u } = setup(ok);
    await u.click(screen.getByRole("radio", { name: /^Outro/ }));
    const scrolled = vi.mocked(Element.prototype.scrollIntoView);
    scrolled.mockClear();
    await u.click(send());
    const error = screen.getByRole("alert");
    expect(error).toHaveTextContent("Descreva o motivo da denúncia");
    expect(screen.getByLabelText("Descreva o motivo")).toHaveAccessibleDescription(/Descreva o motivo da denúncia/);
    await waitFor(() => expect(scrolled.mock.contexts.some((el) => el instanceof Element && el.contains(error))).toBe(true));
  });

  it("requires a description for 'Outro', with a counter, then sends it", async () => {
    const { u, reports, onClose } = setup(ok);
    await u.click(screen.getByRole("radio", { name: /^Outro/ }));
    const description = screen.getByLabelText("Descreva o motivo");
    expect(screen.getByText("0/500")).toBeInTheDocument();
    await u.click(send());
    expect(screen.getByRole("alert")).toHaveTextContent("Descreva o motivo da denúncia");
    expect(description).toHaveFocus();
    expect(description).toHaveAttribute("aria-invalid", "true");
    await u.type(description, "abc");
    await u.click(send());
    expect(screen.getByRole("alert")).toHaveTextContent("Descreva o motivo da denúncia");
    expect(reports()).toHaveLength(0);

    await u.type(description, " pede PIX adiantado");
    expect(screen.getByText("22/500")).toBeInTheDocument();
    await u.click(send());
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(reports()).toHaveLength(1);
    expect(reports()[0].variables).toEqual({
      input: { offerId: 42, reportedUserId: 99, reason: "other", customReason: "abc pede PIX adiantado" },
    });
    expect(await findToastText("Denúncia enviada")).toBeInTheDocument();
    expect(await findToastText("Nossa equipe vai analisar a publicação.")).toBeInTheDocument();
  });

  it("sends a plain reason without a description and shows 'Enviando...' meanwhile", async () => {
    let answer!: (value: unknown) => void;
    const { u, reports, onClose } = setup(() => new Promise((resolve) => (answer = resolve)));
    await u.click(screen.getByRole("radio", { name: /^Golpe/ }));
    expect(screen.queryByLabelText("Descreva o motivo")).not.toBeInTheDocument();
    await u.click(send());
    expect(await screen.findByRole("button", { name: "Enviando..." })).toBeDisabled();
    answer(ok());
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(reports()[0].variables).toEqual({ input: { offerId: 42, reportedUserId: 99, reason: "scam" } });
  });

  it("keeps the dialog open with the spec's error toast when sending fails", async () => {
    const { u, onClose } = setup(() => {
      throw new Error("network down");
    });
    await u.click(screen.getByRole("radio", { name: /^Spam/ }));
    await u.click(send());
    expect(await findToastText("Não foi possível enviar a denúncia. Tente novamente.")).toBeInTheDocument();
    expect(await findToastText("Erro")).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole("dialog", { name: "Denunciar Publicação" })).toBeInTheDocument();
    expect(send()).toBeEnabled();
  });

  it("tells the server's refusal in its own words", async () => {
    const { u, onClose } = setup(() => ({
      data: {
        reportOffer: {
          __typename: "AppError",
          code: "REPORT_OWN_OFFER",
          message: "Você não pode denunciar sua própria publicação",
        },
      },
    }));
    await u.click(screen.getByRole("radio", { name: /^Assédio/ }));
    await u.click(send());
    expect(await findToastText("Você não pode denunciar sua própria publicação")).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe("ReportDialog for a member or a message (issue 27)", () => {
  function setupPerson(target: ReportTarget, handlers: Record<string, Handler>) {
    const u = userEvent.setup();
    const onClose = vi.fn();
    const onBlocked = vi.fn();
    const { client, calls } = createTestClient(handlers);
    function PersonHarness() {
      const [current, setCurrent] = useState<ReportTarget | null>(target);
      return (
        <ReportDialog
          target={current}
          onBlocked={onBlocked}
          onClose={() => {
            setCurrent(null);
            onClose();
          }}
        />
      );
    }
    renderUi(
      <ApolloProvider client={client}>
        <PersonHarness />
      </ApolloProvider>,
    );
    return { u, onClose, onBlocked, calls };
  }

  it("reports a message, then offers 'Bloquear' in the same dialog, which blocks her", async () => {
    const { u, calls, onBlocked } = setupPerson(
      { kind: "message", messageId: 77, userId: 9, name: "Bia" },
      {
        ReportMessage: () => ({ data: { reportMessage: { __typename: "ReportPayload", id: 3 } } }),
        BlockMember: ({ userId }) => ({ data: { blockMember: { __typename: "SafetyPayload", success: true, userId } } }),
      },
    );
    expect(screen.getByRole("dialog", { name: "Denunciar Mensagem" })).toBeInTheDocument();
    await u.click(screen.getByRole("radio", { name: /^Assédio/ }));
    await u.click(send());
    const sent = await screen.findByRole("dialog", { name: "Denúncia enviada" });
    expect(calls.find((c) => c.operationName === "ReportMessage")?.variables).toEqual({ input: { messageId: 77, reason: "harassment" } });
    expect(within(sent).getByText(/Quer também bloquear Bia\?/)).toBeInTheDocument();
    await u.click(within(sent).getByRole("button", { name: "Bloquear Bia" }));
    const confirm = await screen.findByRole("dialog", { name: "Bloquear Bia?" });
    await u.click(within(confirm).getByRole("button", { name: "Bloquear" }));
    await waitFor(() => expect(onBlocked).toHaveBeenCalledWith({ userId: 9, name: "Bia" }));
    expect(calls.find((c) => c.operationName === "BlockMember")?.variables).toEqual({ userId: 9 });
  });

  it("reports a member; 'Agora não' closes without blocking", async () => {
    const { u, calls, onClose } = setupPerson(
      { kind: "member", userId: 12, name: "Carla" },
      { ReportMember: () => ({ data: { reportMember: { __typename: "ReportPayload", id: 4 } } }) },
    );
    expect(screen.getByRole("dialog", { name: "Denunciar Sócia" })).toBeInTheDocument();
    await u.click(screen.getByRole("radio", { name: /^Perfil falso/ }));
    await u.click(send());
    const sent = await screen.findByRole("dialog", { name: "Denúncia enviada" });
    await u.click(within(sent).getByRole("button", { name: "Agora não" }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.filter((c) => c.operationName === "BlockMember")).toHaveLength(0);
    expect(calls.find((c) => c.operationName === "ReportMember")?.variables).toEqual({ input: { userId: 12, reason: "fake" } });
  });

  it("tells a second open report's refusal in the server's words", async () => {
    const { u, onClose } = setupPerson(
      { kind: "member", userId: 12, name: "Carla" },
      {
        ReportMember: () => ({
          data: { reportMember: { __typename: "AppError", code: "REPORT_ALREADY_OPEN", message: "Você já denunciou e sua denúncia está em análise pela equipe." } },
        }),
      },
    );
    await u.click(screen.getByRole("radio", { name: /^Spam/ }));
    await u.click(send());
    expect(await findToastText("Você já denunciou e sua denúncia está em análise pela equipe.")).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });
});
