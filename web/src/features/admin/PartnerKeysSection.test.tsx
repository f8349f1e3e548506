import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { PARTNER_DATA_EXAMPLE, PARTNER_STATS_EXAMPLE, partnerCurl } from "@clube-coroa/schema";
import { ToastProvider } from "../../components/Toast";
import { findToastText } from "../../lib/renderUi";
import { withProviders, type Handler } from "../../test/renderApp";
import { PartnerKeysSection } from "./PartnerKeysSection";
import { deferred } from "../../test/deferred";
import { partnerKey } from "./testData";

function renderSection(handlers: Record<string, Handler>) {
  const u = userEvent.setup();
  const utils = withProviders(
    <ToastProvider>
      <PartnerKeysSection />
    </ToastProvider>,
    handlers,
    "/admin",
  );
  const callsOf = (name: string) => utils.calls.filter((c) => c.operationName === name);
  return { ...utils, u, callsOf };
}

const keys = (list: unknown[]) => () => ({ data: { partnerApiKeys: list } });
const row = (name: string) => screen.getByRole("rowheader", { name }).closest("tr") as HTMLElement;

describe("Parceiras (API)", () => {
  it("lists the keys with prefix, creation, last use, request count and status", async () => {
    renderSection({
      PartnerApiKeys: keys([
        partnerKey("2", { name: "Banco Rainha", lastUsedAt: "2026-03-14T12:05:00.000Z", requestCount: 12345 }),
        partnerKey("1", { name: "Loja Antiga", createdByName: null, revokedAt: "2026-03-13T10:00:00.000Z" }),
      ]),
    });
    const table = await screen.findByRole("table", { name: /Chaves de API das parceiras/ });
    expect(within(table).getAllByRole("columnheader").map((th) => th.textContent)).toEqual(["Parceira", "Chave", "Criada em", "Último uso", "Requisições", "Status", "Ações"]);
    await screen.findByRole("rowheader", { name: "Banco Rainha" });

    const active = row("Banco Rainha");
    expect(within(active).getByText("ccp_Ab2…")).toBeInTheDocument();
    expect(within(active).getByText("12/03/2026 às 12:00")).toBeInTheDocument();
    expect(within(active).getByText("por Maria Admin")).toBeInTheDocument();
    expect(within(active).getByText("14/03/2026 às 09:05")).toBeInTheDocument();
    expect(within(active).getByText("12.345")).toBeInTheDocument();
    expect(within(active).getByText("Ativa")).toBeInTheDocument();
    expect(within(active).getByRole("button", { name: "Revogar a chave de Banco Rainha" })).toBeInTheDocument();

    const revoked = row("Loja Antiga");
    expect(within(revoked).getByText("Nunca usada")).toBeInTheDocument();
    expect(within(revoked).getByText("Revogada")).toBeInTheDocument();
    expect(within(revoked).queryByText(/^por /)).not.toBeInTheDocument();
    expect(within(revoked).queryByRole("button")).not.toBeInTheDocument();
  });

  it("says when there are no keys yet", async () => {
    renderSection({ PartnerApiKeys: keys([]) });
    expect(await screen.findByText("Nenhuma chave criada ainda")).toBeInTheDocument();
  });

  it("asks for the partner's name before calling the server", async () => {
    const { u, callsOf } = renderSection({ PartnerApiKeys: keys([]) });
    await screen.findByText("Nenhuma chave criada ainda");
    await u.type(screen.getByLabelText("Nome da parceira"), "   ");
    await u.click(screen.getByRole("button", { name: "Criar chave" }));
    expect(screen.getByText("Digite o nome da parceira")).toBeInTheDocument();
    expect(screen.getByLabelText("Nome da parceira")).toHaveFocus();
    expect(callsOf("CreatePartnerApiKey")).toHaveLength(0);
  });

  it("shows the new key once, with a copy button and the warning, then lists it", async () => {
    let list: unknown[] = [];
    const created = partnerKey("7", { name: "Banco Rainha" });
    const { u, callsOf } = renderSection({
      PartnerApiKeys: () => ({ data: { partnerApiKeys: list } }),
      CreatePartnerApiKey: () => {
        list = [created];
        return { data: { createPartnerApiKey: { __typename: "CreatedPartnerApiKey", key: "ccp_Ab7secretsecretsecret", partnerApiKey: created } } };
      },
    });
    await screen.findByText("Nenhuma chave criada ainda");
    await u.type(screen.getByLabelText("Nome da parceira"), "  Banco Rainha ");
    await u.click(screen.getByRole("button", { name: "Criar chave" }));

    const dialog = await screen.findByRole("dialog", { name: "Chave criada" });
    expect(callsOf("CreatePartnerApiKey")[0].variables).toEqual({ name: "Banco Rainha" });
    expect(within(dialog).getByText("Copie e guarde esta chave agora: por segurança, ela não será mostrada de novo.")).toBeInTheDocument();
    expect(within(dialog).getByLabelText("Chave de API de Banco Rainha")).toHaveValue("ccp_Ab7secretsecretsecret");
    await u.click(within(dialog).getByRole("button", { name: "Copiar chave" }));
    expect(await navigator.clipboard.readText()).toBe("ccp_Ab7secretsecretsecret");
    expect(within(dialog).getByRole("status")).toHaveTextContent("Chave copiada!");

    await u.click(within(dialog).getByRole("button", { name: "Já guardei a chave" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(screen.queryByDisplayValue("ccp_Ab7secretsecretsecret")).not.toBeInTheDocument();
    expect(await screen.findByRole("rowheader", { name: "Banco Rainha" })).toBeInTheDocument();
    expect(screen.getByLabelText("Nome da parceira")).toHaveValue("");
  });

  it("shows the server's refusal on the field and in a toast", async () => {
    const { u } = renderSection({
      PartnerApiKeys: keys([]),
      CreatePartnerApiKey: () => ({
        data: {
          createPartnerApiKey: {
            __typename: "AppError",
            code: "VALIDATION",
            message: "O nome deve ter no máximo 80 caracteres",
            fieldErrors: [{ __typename: "FieldError", field: "name", message: "O nome deve ter no máximo 80 caracteres" }],
          },
        },
      }),
    });
    await screen.findByText("Nenhuma chave criada ainda");
    await u.type(screen.getByLabelText("Nome da parceira"), "Banco");
    await u.click(screen.getByRole("button", { name: "Criar chave" }));
    expect(await findToastText("O nome deve ter no máximo 80 caracteres")).toBeInTheDocument();
    expect(screen.getByLabelText("Nome da parceira")).toHaveAccessibleDescription("O nome deve ter no máximo 80 caracteres");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("revokes a key after confirmation and shows it as Revogada", async () => {
    const answer = deferred();
    const { u, callsOf } = renderSection({
      PartnerApiKeys: keys([partnerKey("3", { name: "Banco Rainha" })]),
      RevokePartnerApiKey: () => answer.promise,
    });
    await u.click(await screen.findByRole("button", { name: "Revogar a chave de Banco Rainha" }));
    const dialog = screen.getByRole("dialog", { name: "Revogar chave?" });
    expect(dialog).toHaveTextContent("A chave de Banco Rainha deixa de funcionar na hora");
    await u.click(within(dialog).getByRole("button", { name: "Revogar chave" }));
    expect(within(dialog).getByRole("button", { name: "Revogando..." })).toBeDisabled();
    expect(callsOf("RevokePartnerApiKey")[0].variables).toEqual({ id: "3" });

    answer.resolve({ data: { revokePartnerApiKey: partnerKey("3", { name: "Banco Rainha", revokedAt: "2026-03-15T10:00:00.000Z" }) } });
    expect(await findToastText("A chave de Banco Rainha não dá mais acesso à API.")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(within(row("Banco Rainha")).getByText("Revogada")).toBeInTheDocument();
    expect(within(row("Banco Rainha")).queryByRole("button")).not.toBeInTheDocument();
  });

  it("keeps the key active and says so when the revocation fails", async () => {
    const { u } = renderSection({
      PartnerApiKeys: keys([partnerKey("3", { name: "Banco Rainha" })]),
      RevokePartnerApiKey: () => ({ data: { revokePartnerApiKey: { __typename: "AppError", code: "NOT_FOUND", message: "Não encontrado" } } }),
    });
    await u.click(await screen.findByRole("button", { name: "Revogar a chave de Banco Rainha" }));
    await u.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Revogar chave" }));
    expect(await findToastText("Não encontrado")).toBeInTheDocument();
    // The question stays open: she may try again or cancel.
    const dialog = screen.getByRole("dialog", { name: "Revogar chave?" });
    expect(within(dialog).getByRole("button", { name: "Revogar chave" })).toBeEnabled();
    await u.click(within(dialog).getByRole("button", { name: "Cancelar" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(within(row("Banco Rainha")).getByText("Ativa")).toBeInTheDocument();
  });

  it("opens the partners' guide in the page, in Portuguese, with the examples the server's tests send", async () => {
    const { u } = renderSection({ PartnerApiKeys: keys([]) });
    const panel = await screen.findByRole("region", { name: "Parceiras (API)" });
    // No file path for the staff to look up: the guide is one click away.
    expect(panel).not.toHaveTextContent("docs/partners.md");
    await u.click(within(panel).getByRole("button", { name: "Ver guia da API" }));

    const guide = await screen.findByRole("dialog", { name: "Guia da API para parceiras" });
    const part = (name: string) => within(guide).getByRole("region", { name });
    expect(within(guide).getAllByRole("heading", { level: 3 }).map((h) => h.textContent)).toEqual([
      "Como funciona a chave",
      "Como consultar",
      "Exemplo: as usuárias que consentiram",
      "Exemplo: totais por grupo",
      "Filtros",
      "Consentimento e privacidade",
      "Totais sem identificar ninguém",
      "Limites e erros",
    ]);
    expect(part("Como funciona a chave")).toHaveTextContent("aparece uma única vez");
    expect(part("Como consultar")).toHaveTextContent(`POST para ${window.location.origin}/graphql`);
    expect(part("Como consultar")).toHaveTextContent("Authorization: Bearer <chave>");
    // The same requests as docs/partners.md, on this site's address.
    expect(within(part("Exemplo: as usuárias que consentiram")).getByLabelText("Exemplo: as usuárias que consentiram").textContent).toBe(
      partnerCurl(window.location.origin, PARTNER_DATA_EXAMPLE),
    );
    expect(within(part("Exemplo: totais por grupo")).getByLabelText("Exemplo: totais por grupo").textContent).toBe(partnerCurl(window.location.origin, PARTNER_STATS_EXAMPLE));
    expect(part("Filtros")).toHaveTextContent("region: all, norte, nordeste, centro-oeste, sudeste, sul");
    expect(part("Consentimento e privacidade")).toHaveTextContent("só as usuárias que aceitaram compartilhar seus dados com patrocinadores");
    expect(part("Totais sem identificar ninguém")).toHaveTextContent("nenhum grupo de 1 a 4 usuárias é publicado");
    expect(part("Totais sem identificar ninguém")).toHaveTextContent("menos de 5 usuárias");
    const limits = within(part("Limites e erros")).getByRole("table", { name: "Respostas de erro da API de parceiras" });
    expect(within(limits).getAllByRole("rowheader").map((th) => th.textContent)).toEqual(["401", "403", "429", "200, data null", "400", "400", "405", "503"]);
    expect(limits).toHaveTextContent("Mais de 600 requisições por minuto com uma chave");

    await u.click(within(guide).getByRole("button", { name: "Copiar exemplo: Exemplo: totais por grupo" }));
    expect(await navigator.clipboard.readText()).toBe(partnerCurl(window.location.origin, PARTNER_STATS_EXAMPLE));
    expect(within(guide).getByText("Exemplo copiado")).toBeInTheDocument();

    await u.click(within(guide).getByRole("button", { name: "Fechar guia" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });
});
