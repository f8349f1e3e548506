import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Subject } from "rxjs";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ToastProvider } from "../../components/Toast";
import { findToastText } from "../../lib/renderUi";
import { withProviders, type Handler } from "../../test/renderApp";
import { fallbackFileName, fileNameOf } from "./ExcelDownloadButton";
import SimpleAdminPage, { parseUserId } from "./SimpleAdminPage";
import { deferred } from "../../test/deferred";
import { adminUser, forbidden, simpleHandlers } from "./testData";

function renderSimple(overrides: Record<string, Handler> = {}) {
  const u = userEvent.setup();
  const utils = withProviders(
    <ToastProvider>
      <SimpleAdminPage />
    </ToastProvider>,
    simpleHandlers(overrides),
    "/admin-simples",
  );
  const callsOf = (name: string) => utils.calls.filter((c) => c.operationName === name);
  return { ...utils, u, callsOf };
}

const searchBox = () => screen.getByPlaceholderText("Digite o ID do usuário");
const foundCard = () => screen.getByRole("region", { name: "Usuário Encontrado" });

async function search(u: ReturnType<typeof userEvent.setup>, id: string) {
  await u.clear(searchBox());
  if (id) await u.type(searchBox(), id);
  await u.click(screen.getByRole("button", { name: "Buscar" }));
}

afterEach(() => vi.restoreAllMocks());

describe("the simple admin: search", () => {
  it("shows the header, the search card and the users list", async () => {
    renderSimple();
    expect(screen.getByRole("heading", { level: 1, name: "Administração Simples" })).toBeInTheDocument();
    expect(screen.getByText("Gestão de Usuários")).toBeInTheDocument();
    expect(screen.getByText("SuperUser")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Download Excel" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Buscar Usuário por ID" })).toBeInTheDocument();
    expect(screen.getByLabelText("ID do usuário")).toBe(searchBox());
    expect(await screen.findByRole("rowheader", { name: "42" })).toBeInTheDocument();
  });

  it("asks for an id before searching", async () => {
    const { u, callsOf } = renderSimple();
    await search(u, "");
    expect(await findToastText("ID obrigatório")).toBeInTheDocument();
    expect(await findToastText("Digite um ID para buscar")).toBeInTheDocument();
    await search(u, "   ");
    expect(callsOf("AdminUser")).toHaveLength(0);
  });

  it("refuses an id that is not a number", async () => {
    const { u, callsOf } = renderSimple();
    await search(u, "abc");
    expect(await findToastText("Erro na busca")).toBeInTheDocument();
    expect(await findToastText("Digite um ID válido")).toBeInTheDocument();
    expect(callsOf("AdminUser")).toHaveLength(0);
  });

  it("shows the found user (Enter submits) with 'Não informada' for an empty city", async () => {
    const { u, callsOf } = renderSimple({ AdminUser: ({ id }) => ({ data: { adminUser: adminUser({ id, city: null }) } }) });
    await u.type(searchBox(), "42{Enter}");
    expect(await findToastText("Usuário encontrado")).toBeInTheDocument();
    expect(await findToastText("Joana Lima (ID: 42)")).toBeInTheDocument();
    expect(callsOf("AdminUser")[0].variables).toEqual({ id: 42 });
    const card = foundCard();
    for (const text of ["42", "Joana Lima", "Jo", "5511988887777", "joana@exemplo.com.br", "Não informada", "ALTEZA"]) {
      expect(within(card).getByText(text)).toBeInTheDocument();
    }
    await u.click(within(card).getByRole("button", { name: "Fechar" }));
    expect(screen.queryByRole("region", { name: "Usuário Encontrado" })).not.toBeInTheDocument();
  });

  it("clears the found user and tells the server's message when the search fails", async () => {
    let answer: Handler = () => ({ data: { adminUser: adminUser() } });
    const { u } = renderSimple({ AdminUser: (v) => answer(v) });
    await search(u, "42");
    expect(await screen.findByRole("region", { name: "Usuário Encontrado" })).toBeInTheDocument();

    answer = () => ({ data: { adminUser: { __typename: "AppError", code: "NOT_FOUND", message: "Usuária não encontrada" } } });
    await search(u, "999");
    expect(await findToastText("Erro na busca")).toBeInTheDocument();
    expect(await findToastText("Usuária não encontrada")).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Usuário Encontrado" })).not.toBeInTheDocument();

    answer = () => {
      throw new Error("Failed to fetch");
    };
    await search(u, "7");
    expect(await findToastText("Usuário não encontrado")).toBeInTheDocument();
  });

  it("shows 'Acesso Negado' when the server refuses the users list", async () => {
    renderSimple({ AdminUsers: forbidden });
    expect(await screen.findByRole("heading", { name: "Acesso Negado" })).toBeInTheDocument();
    expect(screen.getByText("Você não tem permissão para acessar esta página.")).toBeInTheDocument();
  });
});

describe("the simple admin: plan change", () => {
  async function openDialog(overrides: Record<string, Handler> = {}) {
    const utils = renderSimple({ AdminUser: () => ({ data: { adminUser: adminUser() } }), ...overrides });
    await search(utils.u, "42");
    await utils.u.click(within(await screen.findByRole("region", { name: "Usuário Encontrado" })).getByRole("button", { name: "Alterar Plano" }));
    const dialog = await screen.findByRole("dialog", { name: "Confirmar Alteração de Plano" });
    return { ...utils, dialog };
  }

  it("shows the spec's warning, who she is and her plan; confirm waits for a different plan", async () => {
    const { u, dialog } = await openDialog();
    expect(dialog).toHaveAccessibleDescription(
      "Esta ação irá alterar o plano da usuária e também cancelar/criar assinaturas no sistema ASAAS. Esta ação não pode ser desfeita.",
    );
    for (const text of ["Joana Lima", "Jo", "5511988887777"]) expect(within(dialog).getByText(text)).toBeInTheDocument();
    expect(within(dialog).getByText("ALTEZA", { selector: "[data-plan]" })).toBeInTheDocument();
    const select = within(dialog).getByRole("combobox", { name: "Novo plano" });
    expect(within(select).getAllByRole("option").map((o) => o.textContent)).toEqual(["Selecione o novo plano", "NOBREZA", "ALTEZA", "MAJESTADE", "IMPERATRIZ"]);
    const confirm = within(dialog).getByRole("button", { name: "Confirmar Alteração" });
    expect(confirm).toBeDisabled();
    await u.selectOptions(select, "alteza");
    expect(confirm).toBeDisabled();
    await u.selectOptions(select, "majestade");
    expect(confirm).toBeEnabled();
    await u.click(within(dialog).getByRole("button", { name: "Cancelar" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(screen.getByRole("button", { name: "Alterar Plano" })).toHaveFocus();
  });

  it("changes the plan: 'Alterando...', the success toast, the dialog closes and everything refreshes", async () => {
    const answer = deferred();
    const { u, dialog, callsOf } = await openDialog({ AdminChangePlan: () => answer.promise });
    await u.selectOptions(within(dialog).getByRole("combobox", { name: "Novo plano" }), "majestade");
    await u.click(within(dialog).getByRole("button", { name: "Confirmar Alteração" }));
    expect(within(dialog).getByRole("button", { name: "Alterando..." })).toBeDisabled();
    expect(callsOf("AdminChangePlan")[0].variables).toEqual({ userId: 42, plan: "majestade" });
    const listCalls = callsOf("AdminUsers").length;

    answer.resolve({ data: { adminChangePlan: adminUser({ plan: "majestade" }) } });
    expect(await findToastText("Sucesso")).toBeInTheDocument();
    expect(await findToastText("Plano alterado para MAJESTADE com sucesso!")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(within(foundCard()).getByText("MAJESTADE")).toBeInTheDocument();
    await waitFor(() => expect(callsOf("AdminUsers").length).toBeGreaterThan(listCalls));

    // Reopened, the selection starts empty again.
    await u.click(within(foundCard()).getByRole("button", { name: "Alterar Plano" }));
    const again = await screen.findByRole("dialog", { name: "Confirmar Alteração de Plano" });
    expect(within(again).getByRole("combobox", { name: "Novo plano" })).toHaveValue("");
  });

  it("tells the server's refusal, or 'Erro ao alterar plano', and keeps the dialog open", async () => {
    let answer: Handler = () => ({ data: { adminChangePlan: { __typename: "AppError", code: "CANCEL_FAILED", message: "Não foi possível cancelar a assinatura no ASAAS" } } });
    const { u, dialog } = await openDialog({ AdminChangePlan: (v) => answer(v) });
    await u.selectOptions(within(dialog).getByRole("combobox", { name: "Novo plano" }), "nobreza");
    await u.click(within(dialog).getByRole("button", { name: "Confirmar Alteração" }));
    expect(await findToastText("Não foi possível cancelar a assinatura no ASAAS")).toBeInTheDocument();
    expect(await findToastText("Erro")).toBeInTheDocument();
    expect(screen.getByRole("dialog", { name: "Confirmar Alteração de Plano" })).toBeInTheDocument();

    answer = () => {
      throw new Error("Failed to fetch");
    };
    await u.click(within(dialog).getByRole("button", { name: "Confirmar Alteração" }));
    expect(await findToastText("Erro ao alterar plano")).toBeInTheDocument();
  });
});

describe("Download Excel", () => {
  function mockDownload(response: Response | Error) {
    const fetchMock = vi.fn(() => (response instanceof Error ? Promise.reject(response) : Promise.resolve(response)));
    vi.stubGlobal("fetch", fetchMock);
    const created = vi.fn(() => "blob:users");
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() });
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    return { fetchMock, clicked };
  }

  afterEach(() => vi.unstubAllGlobals());

  it("fetches the server's file with the session cookie and saves it under the server's name", async () => {
    const { fetchMock, clicked } = mockDownload(
      new Response(new Blob(["xlsx"]), { status: 200, headers: { "content-disposition": 'attachment; filename="clube-coroa-users-2026-03-12.xlsx"' } }),
    );
    const { u } = renderSimple();
    await u.click(screen.getByRole("button", { name: "Download Excel" }));
    expect(await findToastText("Download concluído")).toBeInTheDocument();
    expect(await findToastText("Arquivo Excel baixado com sucesso!")).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith("/api/admin/users-download", { credentials: "include" });
    expect(clicked).toEqual(["clube-coroa-users-2026-03-12.xlsx"]);
  });

  it("tells 'Erro no download' when the server refuses", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const { clicked } = mockDownload(new Response("{}", { status: 500 }));
    const { u } = renderSimple();
    await u.click(screen.getByRole("button", { name: "Download Excel" }));
    expect(await findToastText("Erro no download")).toBeInTheDocument();
    expect(await findToastText("Não foi possível baixar o arquivo Excel")).toBeInTheDocument();
    expect(clicked).toEqual([]);
    expect(screen.getByRole("button", { name: "Download Excel" })).toBeEnabled();
  });

  it("reads the file name from Content-Disposition, else names it by the spec", () => {
    expect(fileNameOf("attachment; filename*=UTF-8''usu%C3%A1rias.xlsx; filename=\"x.xlsx\"")).toBe("usuárias.xlsx");
    expect(fileNameOf("attachment; filename=users.xlsx")).toBe("users.xlsx");
    expect(fileNameOf(null)).toBeNull();
    expect(fallbackFileName(new Date("2026-03-13T01:00:00.000Z"))).toBe("clube-coroa-users-2026-03-12.xlsx");
  });
});

describe("parseUserId", () => {
  it("takes positive whole numbers only", () => {
    expect(parseUserId(" 12 ")).toBe(12);
    for (const bad of ["", "abc", "1.5", "0", "-3", "99999999999"]) expect(parseUserId(bad)).toBeNull();
  });
});

describe("the simple admin: suspension (issue 27)", () => {
  it("suspends a found member for 30 days with a reason, then lifts it", async () => {
    const { u, callsOf } = renderSimple({
      AdminUser: ({ id }) => ({ data: { adminUser: adminUser({ id }) } }),
      SuspendMember: ({ userId, reason }) => ({
        data: { suspendMember: { __typename: "Suspension", userId, suspended: true, suspendedUntil: "2026-04-11T15:00:00.000Z", reason } },
      }),
      LiftSuspension: ({ userId }) => ({ data: { liftSuspension: { __typename: "Suspension", userId, suspended: false, suspendedUntil: null, reason: null } } }),
    });
    await u.type(searchBox(), "42{Enter}");
    const card = await screen.findByRole("region", { name: "Usuário Encontrado" });
    expect(within(card).getByText("Não suspensa")).toBeInTheDocument();
    await u.click(within(card).getByRole("button", { name: "Suspender" }));
    const dialog = await screen.findByRole("dialog", { name: "Suspender sócia" });
    await u.click(within(dialog).getByRole("button", { name: "Confirmar Suspensão" }));
    expect(within(dialog).getByRole("alert")).toHaveTextContent("Informe o motivo da suspensão");
    await u.type(within(dialog).getByLabelText("Motivo da suspensão"), "Golpe com PIX");
    await u.click(within(dialog).getByRole("radio", { name: /30 dias/ }));
    await u.click(within(dialog).getByRole("button", { name: "Confirmar Suspensão" }));
    expect(await findToastText("Sócia suspensa")).toBeInTheDocument();
    expect(callsOf("SuspendMember")[0].variables).toEqual({ userId: 42, reason: "Golpe com PIX", days: 30 });
    expect(await within(foundCard()).findByText("Suspensa até 11/04/2026")).toBeInTheDocument();
    await u.click(within(foundCard()).getByRole("button", { name: "Retirar suspensão" }));
    const confirm = await screen.findByRole("dialog", { name: "Retirar a suspensão?" });
    await u.click(within(confirm).getByRole("button", { name: "Retirar suspensão" }));
    expect(await findToastText("Suspensão retirada")).toBeInTheDocument();
    expect(await within(foundCard()).findByText("Não suspensa")).toBeInTheDocument();
  });
});

describe("the simple admin: her data for a request made by e-mail", () => {
  it("prepares her zip, shows its progress, then the staff's download link", async () => {
    const id = "StaffExport00000000001";
    const base = { __typename: "DataExport", id, createdAt: "2026-03-10T12:00:00.000Z", readyAt: null, expiresAt: null, expired: false, downloadUrl: null };
    const progress = new Subject<unknown>();
    let exports: unknown[] = [];
    const { u, callsOf } = renderSimple({
      AdminUser: ({ id: userId }) => ({ data: { adminUser: adminUser({ id: userId }) } }),
      AdminDataExports: () => ({ data: { adminDataExports: exports } }),
      AdminPrepareDataExport: () => {
        exports = [{ ...base, status: "queued", progress: 0 }];
        return { data: { adminPrepareDataExport: exports[0] } };
      },
      DataExportProgress: () => progress,
    });
    await u.type(searchBox(), "42{Enter}");
    const card = await screen.findByRole("region", { name: "Usuário Encontrado" });
    await u.click(await within(card).findByRole("button", { name: "Preparar arquivo de dados" }));
    expect(await findToastText("Preparando o arquivo de dados dela.")).toBeInTheDocument();
    expect(callsOf("AdminPrepareDataExport")[0]!.variables).toEqual({ userId: 42 });
    expect(await within(foundCard()).findByRole("progressbar", { name: "Preparo do arquivo de dados" })).toHaveAttribute("aria-valuenow", "0");
    await waitFor(() => expect(callsOf("DataExportProgress").length).toBeGreaterThan(0));
    progress.next({ data: { dataExportProgress: { ...base, status: "running", progress: 75 } } });
    expect(await within(foundCard()).findByText("Preparando... 75%")).toBeInTheDocument();
    progress.next({
      data: { dataExportProgress: { ...base, status: "ready", progress: 100, readyAt: "2026-03-10T12:00:05.000Z", expiresAt: "2026-03-11T12:00:05.000Z", downloadUrl: `/api/admin/data-exports/${id}/download` } },
    });
    progress.complete();
    const link = await within(foundCard()).findByRole("link", { name: "Baixar arquivo de dados (.zip)" });
    expect(link).toHaveAttribute("href", `/api/admin/data-exports/${id}/download`);
    expect(foundCard()).toHaveTextContent("Disponível até 11/03 às 09:00.");
  });
});
