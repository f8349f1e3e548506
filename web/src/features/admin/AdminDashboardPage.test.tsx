import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ToastProvider } from "../../components/Toast";
import { findToastText } from "../../lib/renderUi";
import { meIs, renderApp, user, withProviders, type Handler } from "../../test/renderApp";
import AdminDashboardPage from "./AdminDashboardPage";
import { deferred } from "../../test/deferred";
import { dashboardHandlers, forbidden, report, sponsorPage, sponsorRow, stats, superUser } from "./testData";

function renderDashboard(overrides: Record<string, Handler> = {}) {
  const u = userEvent.setup();
  const utils = withProviders(
    <ToastProvider>
      <AdminDashboardPage />
    </ToastProvider>,
    dashboardHandlers(overrides),
    "/admin",
  );
  const callsOf = (name: string) => utils.calls.filter((c) => c.operationName === name);
  return { ...utils, u, callsOf };
}

const metric = (label: string) => screen.getByText(label).closest("li") as HTMLElement;
const section = (name: string) => screen.getByRole("region", { name });
const reportRow = (id: number) => screen.getByRole("rowheader", { name: `#${id}` }).closest("tr") as HTMLElement;

afterEach(() => vi.restoreAllMocks());

describe("the admin dashboard", () => {
  it("shows the header and '...' on the eight cards until the counts arrive", async () => {
    const answer = deferred();
    renderDashboard({ AdminStats: () => answer.promise });
    expect(screen.getByRole("heading", { level: 1, name: "Dashboard Administrativo" })).toBeInTheDocument();
    expect(screen.getByText("Métricas e gestão da plataforma")).toBeInTheDocument();
    expect(screen.getByText("SuperUser")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: /Voltar ao Início/ })).toHaveAttribute("href", "/");

    const labels = ["Total Usuárias", "Usuárias Online", "Total Ofertas", "Total Conversas", "Total Mensagens", "Total Curtidas", "Relatórios Pendentes", "Novos Usuários (30d)"];
    for (const label of labels) expect(within(metric(label)).getByText("...")).toBeInTheDocument();

    answer.resolve({ data: { adminStats: stats({ totalLikes: null }) } });
    expect(await within(metric("Total Usuárias")).findByText("1.234")).toBeInTheDocument();
    expect(within(metric("Usuárias Online")).getByText("17")).toBeInTheDocument();
    expect(within(metric("Total Mensagens")).getByText("4.021")).toBeInTheDocument();
    expect(within(metric("Relatórios Pendentes")).getByText("3")).toBeInTheDocument();
    expect(within(metric("Novos Usuários (30d)")).getByText("42")).toBeInTheDocument();
    // A value the server left out reads 0.
    expect(within(metric("Total Curtidas")).getByText("0")).toBeInTheDocument();

    const connections = section("Tipos de Conexões");
    expect(within(connections).getByText("Colaborações").closest("li")).toHaveTextContent("40");
    expect(within(connections).getByText("Permutas").closest("li")).toHaveTextContent("35");
    expect(within(connections).getByText("Apoios").closest("li")).toHaveTextContent("20");
    const plans = section("Usuárias por Plano");
    expect(within(plans).getAllByRole("listitem").map((li) => li.textContent)).toEqual(["IMPERATRIZ4", "MAJESTADE80", "ALTEZA150", "NOBREZA1.000"]);
    expect(within(section("Ofertas por Tipo")).getByText("Collab").closest("li")).toHaveTextContent("120");
  });

  it("keeps the counts live through adminStatsChanged, without polling", async () => {
    const push = deferred();
    const { callsOf } = renderDashboard({ AdminStatsChanged: () => push.promise });
    expect(await within(metric("Total Usuárias")).findByText("1.234")).toBeInTheDocument();
    push.resolve({ data: { adminStatsChanged: stats({ totalUsers: 1235, onlineUsers: 18 }) } });
    expect(await within(metric("Total Usuárias")).findByText("1.235")).toBeInTheDocument();
    expect(within(metric("Usuárias Online")).getByText("18")).toBeInTheDocument();
    expect(callsOf("AdminStats")).toHaveLength(1);
  });

  it("shows 'Acesso Negado' when the server refuses, whatever the client believed", async () => {
    renderDashboard({ AdminStats: forbidden });
    expect(await screen.findByRole("heading", { name: "Acesso Negado" })).toBeInTheDocument();
    expect(screen.getByText("Esta área é exclusiva para superusuárias.")).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Métricas Gerais" })).not.toBeInTheDocument();
  });

  it("shows 'Acesso Negado' through the app when a stale superuser flag meets a FORBIDDEN answer", async () => {
    renderApp("/admin", { Me: meIs(user({ isSuperuser: true })), ...dashboardHandlers({ AdminStats: forbidden }) });
    expect(await screen.findByRole("heading", { name: "Acesso Negado" })).toBeInTheDocument();
  });

  it("shows 'Acesso Negado' for an UNAUTHENTICATED answer too", async () => {
    renderDashboard({ AdminStats: () => ({ data: null, errors: [{ message: "Faça login", extensions: { code: "UNAUTHENTICATED" } }] }) });
    expect(await screen.findByRole("heading", { name: "Acesso Negado" })).toBeInTheDocument();
  });
});

describe("Relatórios de Abuso", () => {
  const reports = () => ({
    data: {
      adminReports: {
        __typename: "AdminReportPage",
        items: [
          report(11, "pending", { customReason: null, reason: "spam" }),
          report(12, "resolved"),
          report(13, "dismissed", { offer: null }),
        ],
        nextCursor: null,
      },
    },
  });

  it("says 'Carregando relatórios...' then 'Nenhum relatório encontrado' for an empty list", async () => {
    const answer = deferred();
    renderDashboard({ AdminReports: () => answer.promise });
    expect(within(section("Relatórios de Abuso")).getByText("Carregando relatórios...")).toBeInTheDocument();
    answer.resolve({ data: { adminReports: { __typename: "AdminReportPage", items: [], nextCursor: null } } });
    expect(await within(section("Relatórios de Abuso")).findByText("Nenhum relatório encontrado")).toBeInTheDocument();
  });

  it("lists reports with the spec's columns and offers Resolver and Descartar on pending rows only", async () => {
    renderDashboard({ AdminReports: reports });
    const table = await screen.findByRole("table", { name: /Denúncias de publicações, sócias e mensagens/ });
    expect(within(table).getAllByRole("columnheader").map((th) => th.textContent)).toEqual(["ID", "Tipo", "Usuária Denunciada", "Oferta", "Motivo", "Status", "Data", "Ações"]);

    const pending = reportRow(11);
    expect(within(pending).getByText("Denunciada 11")).toBeInTheDocument();
    expect(within(pending).getByText("55119000000" + "11")).toBeInTheDocument();
    expect(within(pending).getByText("Oferta 11")).toBeInTheDocument();
    expect(within(pending).getByText("Spam")).toBeInTheDocument();
    expect(within(pending).getByText("Pendente")).toBeInTheDocument();
    expect(within(pending).getByText("12/03/2026")).toBeInTheDocument();
    expect(within(pending).getByRole("button", { name: "Resolver #11" })).toBeEnabled();
    expect(within(pending).getByRole("button", { name: "Descartar #11" })).toBeEnabled();

    expect(within(reportRow(12)).getByText("Resolvido")).toBeInTheDocument();
    expect(within(reportRow(12)).queryByRole("button")).not.toBeInTheDocument();
    expect(within(reportRow(13)).getByText("Descartado")).toBeInTheDocument();
    expect(within(reportRow(13)).queryByRole("button")).not.toBeInTheDocument();
  });

  it("disables the actions while the update runs, can hide the offer, and shows the new status", async () => {
    const answer = deferred();
    const { u, callsOf } = renderDashboard({ AdminReports: reports, UpdateReportStatus: () => answer.promise });
    await screen.findByRole("rowheader", { name: "#11" });
    await u.click(within(reportRow(11)).getByRole("checkbox", { name: "Ocultar a oferta do mural" }));
    await u.click(within(reportRow(11)).getByRole("button", { name: "Resolver #11" }));

    expect(within(reportRow(11)).getByRole("button", { name: "Resolver #11" })).toBeDisabled();
    expect(within(reportRow(11)).getByRole("button", { name: "Descartar #11" })).toBeDisabled();
    expect(callsOf("UpdateReportStatus")[0].variables).toEqual({ reportId: 11, status: "resolved", hideOffer: true });

    answer.resolve({ data: { updateReportStatus: report(11, "resolved", { reason: "spam", offer: { __typename: "AdminReportOffer", id: 211, title: "Oferta 11", content: "x", hidden: true, underReview: false } }) } });
    expect(await within(reportRow(11)).findByText("Resolvido")).toBeInTheDocument();
    expect(within(reportRow(11)).queryByRole("button")).not.toBeInTheDocument();
    expect(within(reportRow(11)).getByText("Oferta oculta do mural")).toBeInTheDocument();
  });

  it("only logs a failed update (spec): no toast, the buttons come back", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const { u, callsOf } = renderDashboard({
      AdminReports: reports,
      UpdateReportStatus: () => {
        throw new Error("network down");
      },
    });
    await screen.findByRole("rowheader", { name: "#11" });
    await u.click(within(reportRow(11)).getByRole("button", { name: "Descartar #11" }));
    await waitFor(() => expect(within(reportRow(11)).getByRole("button", { name: "Descartar #11" })).toBeEnabled());
    expect(callsOf("UpdateReportStatus")[0].variables).toEqual({ reportId: 11, status: "dismissed" });
    expect(logged).toHaveBeenCalled();
    expect(screen.queryByText("Erro")).not.toBeInTheDocument();
    expect(within(reportRow(11)).getByText("Pendente")).toBeInTheDocument();
  });

  it("shows each report's kind, the message's copy, and a pending target once with its count (issue 27)", async () => {
    const items = [
      report(21, "pending", { kind: "message", openOnTarget: 1, offer: null, reportedMessage: { __typename: "AdminReportMessage", id: 900, content: "Me passa seu PIX", sentAt: "2026-03-12T14:00:00.000Z" } }),
      report(22, "pending", { kind: "member", openOnTarget: 2, offer: null, reportedUser: { __typename: "AdminReportUser", id: 150, fullName: "Denunciada X", phone: "5511900000150" } }),
      report(20, "pending", { kind: "member", openOnTarget: 2, offer: null, reportedUser: { __typename: "AdminReportUser", id: 150, fullName: "Denunciada X", phone: "5511900000150" } }),
    ];
    renderDashboard({ AdminReports: () => ({ data: { adminReports: { __typename: "AdminReportPage", items, nextCursor: null } } }) });
    await screen.findByRole("rowheader", { name: "#21" });
    expect(within(reportRow(21)).getByText("Mensagem")).toBeInTheDocument();
    expect(within(reportRow(21)).getByText("“Me passa seu PIX”")).toBeInTheDocument();
    expect(within(reportRow(22)).getByText("Sócia")).toBeInTheDocument();
    expect(within(reportRow(22)).getByText("2 denúncias pendentes deste alvo")).toBeInTheDocument();
    expect(screen.queryByRole("rowheader", { name: "#20" })).not.toBeInTheDocument();
  });

  it("adds a new report live (reportAdded) at the top", async () => {
    const push = deferred();
    renderDashboard({ AdminReports: reports, ReportAdded: () => push.promise });
    await screen.findByRole("rowheader", { name: "#11" });
    push.resolve({ data: { reportAdded: report(14, "pending") } });
    expect(await screen.findByRole("rowheader", { name: "#14" })).toBeInTheDocument();
    const ids = screen.getAllByRole("rowheader").filter((th) => /^#\d+$/.test(th.textContent ?? "")).map((th) => th.textContent);
    expect(ids).toEqual(["#14", "#11", "#12", "#13"]);
  });
});

describe("Dados para Patrocinadores", () => {
  it("sends the chosen filters, offers the server's CSV and loads more with the cursor", async () => {
    const handler = vi.fn((variables: Record<string, unknown>) => {
      if (variables.after === "c1") return sponsorPage([sponsorRow(2)], null, 2, "/api/admin/sponsor-users?format=csv&region=sul");
      const filter = variables.filter as Record<string, string>;
      if (filter.region === "sul") return sponsorPage([sponsorRow(1, { region: "sul" })], "c1", 2, "/api/admin/sponsor-users?format=csv&region=sul");
      return sponsorPage([sponsorRow(1), sponsorRow(3)], null, 2);
    });
    const { u, callsOf } = renderDashboard({ SponsorUsers: handler });
    const sponsors = section("Dados para Patrocinadores");
    expect(within(sponsors).getByText("Carregando dados...")).toBeInTheDocument();
    expect(await within(sponsors).findByText("Parceira 3")).toBeInTheDocument();
    expect(callsOf("SponsorUsers")[0].variables).toEqual({ filter: {}, first: 50 });

    const table = within(sponsors).getByRole("table");
    expect(within(table).getAllByRole("columnheader").map((th) => th.textContent)).toEqual(["Nome", "Plano", "Região", "Tipo Negócio", "Perfil", "Idade"]);
    const row = within(sponsors).getByRole("rowheader", { name: /^Parceira 1/ }).closest("tr") as HTMLElement;
    expect(row).toHaveTextContent("34 anos");
    expect(row).toHaveTextContent("ALTEZA");
    expect(row).toHaveTextContent("Sudeste");

    for (const label of ["Região", "Tipo de Negócio", "Atendimento", "Perfil Empreendedor", "Idade"]) {
      expect(within(sponsors).getByRole("combobox", { name: label })).toHaveValue("all");
    }
    expect(within(sponsors).getByRole("option", { name: "Centro-Oeste" })).toHaveValue("centro-oeste");
    expect(within(sponsors).getByRole("option", { name: "Deseja empreender" })).toHaveValue("deseja-empreender");
    expect(within(sponsors).getByRole("option", { name: "46 anos ou mais" })).toHaveValue("46+");

    await u.selectOptions(within(sponsors).getByRole("combobox", { name: "Região" }), "sul");
    await u.selectOptions(within(sponsors).getByRole("combobox", { name: "Atendimento" }), "híbrido");
    await waitFor(() => expect(callsOf("SponsorUsers").at(-1)?.variables).toEqual({ filter: { region: "sul", serviceType: "híbrido" }, first: 50 }));
    await u.selectOptions(within(sponsors).getByRole("combobox", { name: "Atendimento" }), "all");
    await waitFor(() => expect(within(sponsors).getByRole("link", { name: "Exportar CSV" })).toHaveAttribute("href", "/api/admin/sponsor-users?format=csv&region=sul"));
    expect(within(sponsors).getByText("1 de 2 usuárias")).toBeInTheDocument();

    await u.click(within(sponsors).getByRole("button", { name: "Carregar mais" }));
    expect(await within(sponsors).findByText("Parceira 2")).toBeInTheDocument();
    expect(callsOf("SponsorUsers").at(-1)?.variables).toEqual({ filter: { region: "sul" }, first: 50, after: "c1" });
    expect(within(sponsors).queryByRole("button", { name: "Carregar mais" })).not.toBeInTheDocument();
  });

  it("says 'Nenhum resultado encontrado' when nobody matches", async () => {
    renderDashboard({ SponsorUsers: () => sponsorPage([]) });
    expect(await within(section("Dados para Patrocinadores")).findByText("Nenhum resultado encontrado")).toBeInTheDocument();
  });
});

describe("Gestão de SuperUsuárias", () => {
  it("lists superusers (loading row first), marks pending invites and adds one by phone", async () => {
    const list = deferred();
    let listed = [superUser()];
    const { u, callsOf } = renderDashboard({
      SuperUsers: () => (callsOf("SuperUsers").length === 1 ? list.promise : { data: { superUsers: listed } }),
      AddSuperUser: ({ phone }) => {
        const added = superUser({ id: null, fullName: null, email: null, phone, pending: true, createdAt: "2026-03-14T12:00:00.000Z" });
        listed = [...listed, added];
        return { data: { addSuperUser: added } };
      },
    });
    const admins = section("Gestão de SuperUsuárias");
    expect(within(admins).getByText("Carregando superusuárias...")).toBeInTheDocument();
    list.resolve({ data: { superUsers: listed } });
    expect(await within(admins).findByText("Maria Admin")).toBeInTheDocument();
    expect(within(within(admins).getByRole("table")).getAllByRole("columnheader").map((th) => th.textContent)).toEqual(["Nome", "Telefone", "Email", "Criado em"]);
    expect(within(admins).getByText("02/11/2025")).toBeInTheDocument();

    await u.click(within(admins).getByRole("button", { name: "Adicionar" }));
    expect(within(admins).getByText("Digite o telefone da nova superusuária")).toBeInTheDocument();
    expect(callsOf("AddSuperUser")).toHaveLength(0);

    const phone = within(admins).getByLabelText("Telefone da nova superusuária");
    expect(phone).toHaveAttribute("placeholder", "11999999999");
    await u.type(phone, "11977776666");
    await u.click(within(admins).getByRole("button", { name: "Adicionar" }));
    expect(await findToastText("Superusuária adicionada")).toBeInTheDocument();
    expect(callsOf("AddSuperUser")[0].variables).toEqual({ phone: "11977776666" });
    expect(await within(admins).findByText("Convite pendente")).toBeInTheDocument();
    expect(phone).toHaveValue("");
  });

  it("shows the server's refusal beside the field", async () => {
    const { u } = renderDashboard({
      SuperUsers: () => ({ data: { superUsers: [superUser()] } }),
      AddSuperUser: () => ({ data: { addSuperUser: { __typename: "AppError", code: "VALIDATION", message: "Telefone inválido" } } }),
    });
    const admins = section("Gestão de SuperUsuárias");
    await u.type(within(admins).getByLabelText("Telefone da nova superusuária"), "123");
    await u.click(within(admins).getByRole("button", { name: "Adicionar" }));
    expect(await within(admins).findByText("Telefone inválido")).toBeInTheDocument();
    expect(await findToastText("Erro")).toBeInTheDocument();
  });
});

describe("Auditoria", () => {
  it("lists the latest entries and loads more with the cursor", async () => {
    const entry = (id: number, action: string) => ({
      __typename: "AuditEntry",
      id,
      action,
      actor: { __typename: "AuditActor", id: 1, fullName: "Maria Admin", phone: "5511999990001" },
      targetType: "report",
      targetId: String(id),
      data: "{}",
      ip: "203.0.113.9",
      createdAt: "2026-03-12T17:30:00.000Z",
    });
    const { u, callsOf } = renderDashboard({
      AuditLog: ({ after }) => ({
        data: { auditLog: { __typename: "AuditPage", items: after ? [entry(1, "admin.report.dismissed")] : [entry(2, "admin.report.resolved")], nextCursor: after ? null : "a2" } },
      }),
    });
    const audit = section("Auditoria");
    expect(await within(audit).findByText("admin.report.resolved")).toBeInTheDocument();
    const row = within(audit).getByText("admin.report.resolved").closest("tr") as HTMLElement;
    expect(row).toHaveTextContent("Maria Admin");
    expect(row).toHaveTextContent("12/03/2026 às 14:30");
    expect(row).toHaveTextContent("203.0.113.9");
    await u.click(within(audit).getByRole("button", { name: "Carregar mais" }));
    expect(await within(audit).findByText("admin.report.dismissed")).toBeInTheDocument();
    expect(callsOf("AuditLog").at(-1)?.variables).toEqual({ first: 20, after: "a2" });
  });
});
