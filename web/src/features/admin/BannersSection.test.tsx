import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ToastProvider } from "../../components/Toast";
import { findToastText } from "../../lib/renderUi";
import { withProviders, type Handler } from "../../test/renderApp";
import AdminDashboardPage from "./AdminDashboardPage";
import { BannersSection } from "./BannersSection";
import { deferred } from "../../test/deferred";
import { adminBanner, dashboardHandlers } from "./testData";

function renderSection(handlers: Record<string, Handler>, options: { applyAccept?: boolean } = {}) {
  const u = userEvent.setup(options);
  const utils = withProviders(
    <ToastProvider>
      <BannersSection />
    </ToastProvider>,
    handlers,
    "/admin",
  );
  const callsOf = (name: string) => utils.calls.filter((c) => c.operationName === name);
  return { ...utils, u, callsOf };
}

const list = (banners: unknown[]) => () => ({ data: { adminBanners: banners } });
const row = (alt: string) => screen.getByRole("rowheader", { name: alt }).closest("tr") as HTMLElement;
const png = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], "banner.png", { type: "image/png" });
const jsonResponse = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
/** What the upload link sent: a GraphQL multipart request (operations, map, then the file). */
function multipartSent(call: unknown[]) {
  const [url, init] = call as [string, RequestInit];
  const body = init.body as FormData;
  return {
    url,
    method: init.method,
    credentials: init.credentials,
    headers: new Headers(init.headers),
    operations: JSON.parse(body.get("operations") as string),
    map: JSON.parse(body.get("map") as string),
    file: body.get("1") as File,
  };
}
const setDate = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => "blob:preview");
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => vi.restoreAllMocks());

describe("Banners (admin)", () => {
  it("lists every banner with its thumbnail, link, order, state and dates", async () => {
    renderSection({
      AdminBanners: list([
        adminBanner(1, { alt: "Feira de março", link: "https://parceira.example.com/feira" }),
        adminBanner(2, { alt: "Curso de vendas", live: false, startsAt: "2026-04-01T13:00:00.000Z", endsAt: "2026-04-30T02:59:00.000Z" }),
        adminBanner(3, { alt: "Promoção antiga", active: false, live: false }),
      ]),
    });
    const table = await screen.findByRole("table", { name: /Banners do carrossel/ });
    expect(within(table).getAllByRole("columnheader").map((th) => th.textContent)).toEqual(["Imagem", "Texto alternativo", "Link", "Ordem", "Status", "Período", "Ações"]);
    await screen.findByRole("rowheader", { name: "Feira de março" });

    const live = row("Feira de março");
    expect(within(live).getByRole("presentation")).toHaveAttribute("src", "/api/banners/1/image?v=1");
    expect(within(live).getByRole("link", { name: "https://parceira.example.com/feira" })).toHaveAttribute("target", "_blank");
    expect(within(live).getByText("No ar")).toBeInTheDocument();
    expect(within(live).getByText("Sem datas")).toBeInTheDocument();

    const scheduled = row("Curso de vendas");
    expect(within(scheduled).getByText("Fora do período")).toBeInTheDocument();
    expect(within(scheduled).getByText("De 01/04/2026 às 10:00")).toBeInTheDocument();
    expect(within(scheduled).getByText("Até 29/04/2026 às 23:59")).toBeInTheDocument();
    expect(within(scheduled).getByText("Sem link")).toBeInTheDocument();

    expect(within(row("Promoção antiga")).getByText("Inativo")).toBeInTheDocument();
  });

  it("says when there are none yet", async () => {
    renderSection({ AdminBanners: list([]) });
    expect(await screen.findByText("Nenhum banner cadastrado ainda")).toBeInTheDocument();
  });

  it("checks the form before uploading: image and alt text required, dates in order, link http(s)", async () => {
    const fetchSpy = vi.spyOn(globalThis, "fetch");
    const { u } = renderSection({ AdminBanners: list([]) });
    await screen.findByText("Nenhum banner cadastrado ainda");
    await u.click(screen.getByRole("button", { name: "Novo banner" }));
    const dialog = screen.getByRole("dialog", { name: "Novo banner" });
    expect(within(dialog).getByText(/Ideal: 2560x1440 \(16:9\)/)).toBeInTheDocument();
    expect(within(dialog).getByLabelText("Imagem")).toHaveAttribute("accept", "image/jpeg,image/png,image/webp,image/gif");

    await u.type(within(dialog).getByLabelText("Link (opcional)"), "javascript:alert(1)");
    setDate("Início (opcional)", "2026-04-10T10:00");
    setDate("Fim (opcional)", "2026-04-01T10:00");
    await u.click(within(dialog).getByRole("button", { name: "Criar banner" }));

    expect(within(dialog).getByLabelText("Imagem")).toHaveAccessibleDescription("Escolha a imagem do banner");
    expect(within(dialog).getByLabelText("Texto alternativo")).toHaveAccessibleDescription("Texto alternativo é obrigatório");
    expect(within(dialog).getByLabelText("Link (opcional)")).toHaveAccessibleDescription("Link inválido");
    expect(within(dialog).getByLabelText("Fim (opcional)")).toHaveAccessibleDescription("A data de fim deve ser depois da data de início");
    await waitFor(() => expect(within(dialog).getByLabelText("Imagem")).toHaveFocus());
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("refuses a file that is not a JPG, PNG, WebP or GIF, or over 5 MB, before uploading", async () => {
    const fetchSpy = vi.spyOn(globalThis, "fetch");
    const { u } = renderSection({ AdminBanners: list([]) }, { applyAccept: false });
    await screen.findByText("Nenhum banner cadastrado ainda");
    await u.click(screen.getByRole("button", { name: "Novo banner" }));
    await u.type(screen.getByLabelText("Texto alternativo"), "Feira");
    await u.upload(screen.getByLabelText("Imagem"), new File(["%PDF"], "folheto.pdf", { type: "application/pdf" }));
    await u.click(screen.getByRole("button", { name: "Criar banner" }));
    expect(screen.getByLabelText("Imagem")).toHaveAccessibleDescription("Envie uma imagem JPG, PNG, WebP ou GIF");

    await u.upload(screen.getByLabelText("Imagem"), new File([new Uint8Array(5 * 1024 * 1024 + 1)], "grande.png", { type: "image/png" }));
    await u.click(screen.getByRole("button", { name: "Criar banner" }));
    expect(screen.getByLabelText("Imagem")).toHaveAccessibleDescription("A imagem deve ter no máximo 5 MB");
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("creates a banner through createBanner as a GraphQL multipart request with the preflight header and São Paulo dates as ISO, then lists it", async () => {
    let banners: unknown[] = [adminBanner(1, { alt: "Feira de março", position: 4 })];
    const fetchSpy = vi.spyOn(globalThis, "fetch").mockImplementation(async () => {
      banners = [...banners, adminBanner(2, { alt: "Curso de vendas", position: 5 })];
      return jsonResponse(200, { data: { createBanner: banners[1] } });
    });
    const { u, callsOf } = renderSection({ AdminBanners: () => ({ data: { adminBanners: banners } }) });
    await screen.findByRole("rowheader", { name: "Feira de março" });
    await u.click(screen.getByRole("button", { name: "Novo banner" }));
    const dialog = screen.getByRole("dialog", { name: "Novo banner" });

    await u.upload(within(dialog).getByLabelText("Imagem"), png());
    expect(within(dialog).getByRole("img", { name: "Prévia do banner" })).toHaveAttribute("src", "blob:preview");
    await u.type(within(dialog).getByLabelText("Texto alternativo"), "  Curso de vendas ");
    await u.type(within(dialog).getByLabelText("Link (opcional)"), "https://parceira.example.com/curso");
    expect(within(dialog).getByLabelText("Ordem")).toHaveValue(5);
    setDate("Início (opcional)", "2026-04-01T10:00");
    setDate("Fim (opcional)", "2026-04-30T23:59");
    await u.click(within(dialog).getByRole("switch", { name: /Ativo/ }));
    await u.click(within(dialog).getByRole("button", { name: "Criar banner" }));

    expect(await findToastText("Banner criado")).toBeInTheDocument();
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    const sent = multipartSent(fetchSpy.mock.calls[0]);
    expect(sent).toMatchObject({ url: "/graphql", method: "POST", credentials: "same-origin" });
    expect(sent.headers.get("apollo-require-preflight")).toBe("true");
    expect(sent.operations.operationName).toBe("CreateBanner");
    expect(sent.operations.variables).toEqual({
      input: {
        alt: "Curso de vendas",
        link: "https://parceira.example.com/curso",
        position: 5,
        active: false,
        startsAt: "2026-04-01T13:00:00.000Z",
        endsAt: "2026-05-01T02:59:00.000Z",
      },
      image: null,
    });
    expect(sent.map).toEqual({ 1: ["variables.image"] });
    expect(sent.file.name).toBe("banner.png");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(await screen.findByRole("rowheader", { name: "Curso de vendas" })).toBeInTheDocument();
    expect(callsOf("AdminBanners")).toHaveLength(2);
    // Only the upload left through the multipart link; the list still goes through the app's link.
    expect(callsOf("CreateBanner")).toHaveLength(0);
    expect(URL.revokeObjectURL).toHaveBeenCalledWith("blob:preview");
  });

  it("shows the server's refusal of an upload on its field and in a toast, and keeps the form", async () => {
    vi.spyOn(globalThis, "fetch").mockResolvedValue(
      jsonResponse(200, {
        data: {
          createBanner: {
            __typename: "AppError",
            code: "VALIDATION",
            message: "Texto alternativo é obrigatório",
            fieldErrors: [{ __typename: "FieldError", field: "alt", message: "Texto alternativo é obrigatório" }],
          },
        },
      }),
    );
    const { u } = renderSection({ AdminBanners: list([]) });
    await screen.findByText("Nenhum banner cadastrado ainda");
    await u.click(screen.getByRole("button", { name: "Novo banner" }));
    await u.upload(screen.getByLabelText("Imagem"), png());
    await u.type(screen.getByLabelText("Texto alternativo"), "x");
    await u.click(screen.getByRole("button", { name: "Criar banner" }));
    expect(await findToastText("Texto alternativo é obrigatório")).toBeInTheDocument();
    expect(screen.getByLabelText("Texto alternativo")).toHaveAccessibleDescription("Texto alternativo é obrigatório");
    expect(screen.getByRole("dialog", { name: "Novo banner" })).toBeInTheDocument();
  });

  it("says so when the upload cannot reach the server", async () => {
    vi.spyOn(globalThis, "fetch").mockRejectedValue(new TypeError("Failed to fetch"));
    const { u } = renderSection({ AdminBanners: list([]) });
    await screen.findByText("Nenhum banner cadastrado ainda");
    await u.click(screen.getByRole("button", { name: "Novo banner" }));
    await u.upload(screen.getByLabelText("Imagem"), png());
    await u.type(screen.getByLabelText("Texto alternativo"), "Feira");
    await u.click(screen.getByRole("button", { name: "Criar banner" }));
    expect(await findToastText("Não foi possível salvar o banner. Tente novamente.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Criar banner" })).toBeEnabled();
  });

  it("edits a banner through updateBanner, with its dates shown on São Paulo's clock, and replaces its image through replaceBannerImage", async () => {
    const banner = adminBanner(5, { alt: "Feira de março", link: "https://parceira.example.com", position: 2, startsAt: "2026-03-01T13:00:00.000Z", endsAt: null });
    const fetchSpy = vi
      .spyOn(globalThis, "fetch")
      .mockImplementation(async () => jsonResponse(200, { data: { replaceBannerImage: { ...banner, alt: "Feira de abril", link: null, url: "/api/banners/5/image?v=2" } } }));
    const saving = deferred();
    const { u, callsOf } = renderSection({ AdminBanners: list([banner]), UpdateBanner: () => saving.promise });
    await u.click(await screen.findByRole("button", { name: "Editar o banner Feira de março" }));
    const dialog = screen.getByRole("dialog", { name: "Editar banner" });
    expect(within(dialog).getByLabelText("Texto alternativo")).toHaveValue("Feira de março");
    expect(within(dialog).getByLabelText("Link (opcional)")).toHaveValue("https://parceira.example.com");
    expect(within(dialog).getByLabelText("Ordem")).toHaveValue(2);
    expect(within(dialog).getByLabelText("Início (opcional)")).toHaveValue("2026-03-01T10:00");
    expect(within(dialog).getByLabelText("Fim (opcional)")).toHaveValue("");
    expect(within(dialog).getByRole("img", { name: "Feira de março" })).toHaveAttribute("src", "/api/banners/5/image?v=1");

    await u.clear(within(dialog).getByLabelText("Texto alternativo"));
    await u.type(within(dialog).getByLabelText("Texto alternativo"), "Feira de abril");
    await u.clear(within(dialog).getByLabelText("Link (opcional)"));
    await u.upload(within(dialog).getByLabelText("Trocar imagem"), png());
    await u.click(within(dialog).getByRole("button", { name: "Salvar" }));
    expect(within(dialog).getByRole("button", { name: "Salvando..." })).toBeDisabled();
    expect(callsOf("UpdateBanner")[0].variables).toEqual({
      id: 5,
      input: { alt: "Feira de abril", link: null, position: 2, active: true, startsAt: "2026-03-01T13:00:00.000Z", endsAt: null },
    });

    saving.resolve({ data: { updateBanner: { ...banner, alt: "Feira de abril", link: null } } });
    expect(await findToastText("Banner atualizado")).toBeInTheDocument();
    const sent = multipartSent(fetchSpy.mock.calls[0]);
    expect(sent).toMatchObject({ url: "/graphql", method: "POST" });
    expect(sent.headers.get("apollo-require-preflight")).toBe("true");
    expect(sent.operations).toMatchObject({ operationName: "ReplaceBannerImage", variables: { id: 5, image: null } });
    expect(sent.map).toEqual({ 1: ["variables.image"] });
    expect(sent.file.name).toBe("banner.png");
  });

  it("shows updateBanner's refusal on the field it names", async () => {
    const { u } = renderSection({
      AdminBanners: list([adminBanner(5, { alt: "Feira" })]),
      UpdateBanner: () => ({
        data: {
          updateBanner: {
            __typename: "AppError",
            code: "VALIDATION",
            message: "A data de fim deve ser depois da data de início",
            fieldErrors: [{ __typename: "FieldError", field: "endsAt", message: "A data de fim deve ser depois da data de início" }],
          },
        },
      }),
    });
    await u.click(await screen.findByRole("button", { name: "Editar o banner Feira" }));
    await u.click(screen.getByRole("button", { name: "Salvar" }));
    expect(await findToastText("A data de fim deve ser depois da data de início")).toBeInTheDocument();
    expect(screen.getByLabelText("Fim (opcional)")).toHaveAccessibleDescription("A data de fim deve ser depois da data de início");
  });

  it("deletes a banner after confirmation", async () => {
    let banners: unknown[] = [adminBanner(5, { alt: "Feira" })];
    const { u, callsOf } = renderSection({
      AdminBanners: () => ({ data: { adminBanners: banners } }),
      DeleteBanner: () => {
        banners = [];
        return { data: { deleteBanner: { __typename: "DeleteBannerPayload", id: 5 } } };
      },
    });
    await u.click(await screen.findByRole("button", { name: "Excluir o banner Feira" }));
    const dialog = screen.getByRole("dialog", { name: "Excluir banner?" });
    expect(dialog).toHaveTextContent('O banner "Feira" sai do carrossel');
    await u.click(within(dialog).getByRole("button", { name: "Excluir banner" }));
    expect(await findToastText("Banner excluído")).toBeInTheDocument();
    expect(callsOf("DeleteBanner")[0].variables).toEqual({ id: 5 });
    expect(await screen.findByText("Nenhum banner cadastrado ainda")).toBeInTheDocument();
  });

  it("tells a refused deletion and keeps the banner", async () => {
    const { u } = renderSection({
      AdminBanners: list([adminBanner(5, { alt: "Feira" })]),
      DeleteBanner: () => ({ data: { deleteBanner: { __typename: "AppError", code: "NOT_FOUND", message: "Não encontrado" } } }),
    });
    await u.click(await screen.findByRole("button", { name: "Excluir o banner Feira" }));
    await u.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Excluir banner" }));
    expect(await findToastText("Não encontrado")).toBeInTheDocument();
    await u.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Cancelar" }));
    expect(screen.getByRole("rowheader", { name: "Feira" })).toBeInTheDocument();
  });
});

describe("the dashboard", () => {
  it("has the Banners and 'Parceiras (API)' panels", async () => {
    withProviders(
      <ToastProvider>
        <AdminDashboardPage />
      </ToastProvider>,
      dashboardHandlers(),
      "/admin",
    );
    expect(await screen.findByRole("region", { name: "Banners" })).toBeInTheDocument();
    expect(screen.getByRole("region", { name: "Parceiras (API)" })).toBeInTheDocument();
    expect(await screen.findByText("Nenhum banner cadastrado ainda")).toBeInTheDocument();
    expect(await screen.findByText("Nenhuma chave criada ainda")).toBeInTheDocument();
  });
});
