import { ApolloProvider } from "@apollo/client/react";
import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router-dom";
import { Subject } from "rxjs";
import { describe, expect, it } from "vitest";
import { findToastText, renderUi } from "../../lib/renderUi";
import { createTestClient, type Handler } from "../../test/renderApp";
import { DataExportSection } from "./DataExportSection";

type Export = {
  __typename: "DataExport";
  id: string;
  status: string;
  progress: number;
  createdAt: string;
  readyAt: string | null;
  expiresAt: string | null;
  expired: boolean;
  downloadUrl: string | null;
};
const ID = "AbCdEfGhIjKlMnOpQrStUv";
const exported = (extra: Partial<Export> = {}): Export => ({
  __typename: "DataExport",
  id: ID,
  status: "queued",
  progress: 0,
  createdAt: "2026-03-10T12:00:00.000Z",
  readyAt: null,
  expiresAt: null,
  expired: false,
  downloadUrl: null,
  ...extra,
});
const READY = { status: "ready", progress: 100, readyAt: "2026-03-10T12:00:20.000Z", expiresAt: "2026-03-11T12:00:20.000Z", downloadUrl: `/api/user/data-export/${ID}/download` };

function render(handlers: Record<string, Handler>) {
  const { client, calls } = createTestClient(handlers);
  renderUi(
    <ApolloProvider client={client}>
      <MemoryRouter>
        <DataExportSection />
      </MemoryRouter>
    </ApolloProvider>,
  );
  return calls;
}

const section = () => screen.getByRole("group", { name: "Baixar meus dados" });

describe("'Baixar meus dados'", () => {
  it("asks for her data, shows the progress as it comes, then the link and until when it works", async () => {
    const u = userEvent.setup();
    let current: Export | null = null;
    const progress = new Subject<unknown>();
    const calls = render({
      MyDataExport: () => ({ data: { myDataExport: current } }),
      RequestDataExport: () => {
        current = exported();
        return { data: { requestDataExport: current } };
      },
      DataExportProgress: () => progress,
    });
    await u.click(await screen.findByRole("button", { name: "Baixar meus dados" }));
    await findToastText("Estamos preparando seus dados. Pode continuar usando o clube.");
    const bar = await within(section()).findByRole("progressbar", { name: "Preparo dos seus dados" });
    expect(bar).toHaveAttribute("aria-valuenow", "0");
    await expect.poll(() => calls.some((c) => c.operationName === "DataExportProgress" && c.variables.id === ID)).toBe(true);

    act(() => progress.next({ data: { dataExportProgress: exported({ status: "running", progress: 60 }) } }));
    expect(await within(section()).findByText("Preparando seus dados... 60%")).toBeInTheDocument();
    expect(within(section()).getByRole("progressbar")).toHaveAttribute("aria-valuenow", "60");
    expect(within(section()).queryByRole("button", { name: "Baixar meus dados" })).toBeNull();

    act(() => {
      progress.next({ data: { dataExportProgress: exported(READY) } });
      progress.complete();
    });
    const link = await within(section()).findByRole("link", { name: "Baixar arquivo (.zip)" });
    expect(link).toHaveAttribute("href", `/api/user/data-export/${ID}/download`);
    expect(link).toHaveAttribute("download");
    expect(section()).toHaveTextContent("Seus dados estão prontos.");
    expect(section()).toHaveTextContent("O link vale até 11/03 às 09:00.");
    expect(within(section()).queryByRole("progressbar")).toBeNull();
  });

  it("says the server's refusal of a second request the same day", async () => {
    const u = userEvent.setup();
    const tooSoon = "Você já pediu seus dados hoje. Você pode pedir de novo a partir de 11/03 às 09:00.";
    render({
      MyDataExport: () => ({ data: { myDataExport: null } }),
      RequestDataExport: () => ({ data: { requestDataExport: { __typename: "AppError", code: "DATA_EXPORT_TOO_SOON", message: tooSoon, retryAfterSeconds: 3600 } } }),
    });
    await u.click(await screen.findByRole("button", { name: "Baixar meus dados" }));
    await findToastText(tooSoon);
    expect(within(section()).getByRole("button", { name: "Baixar meus dados" })).toBeEnabled();
  });

  it("shows the ready link of an earlier request at once, and after 24 hours asks again", async () => {
    let current: Export = exported(READY);
    render({ MyDataExport: () => ({ data: { myDataExport: current } }) });
    expect(await screen.findByRole("link", { name: "Baixar arquivo (.zip)" })).toBeInTheDocument();

    current = exported({ ...READY, expired: true, downloadUrl: null });
    render({ MyDataExport: () => ({ data: { myDataExport: current } }) });
    const groups = await screen.findAllByRole("group", { name: "Baixar meus dados" });
    const later = groups[1]!;
    expect(await within(later).findByText("O link do último arquivo expirou. Você pode pedir de novo.")).toBeInTheDocument();
    expect(within(later).getByRole("button", { name: "Baixar meus dados" })).toBeInTheDocument();
    expect(within(later).queryByRole("link")).toBeNull();
  });

  it("says when her data could not be prepared, with 'Tentar de novo'", async () => {
    render({ MyDataExport: () => ({ data: { myDataExport: exported({ status: "failed" }) } }) });
    expect(await screen.findByRole("alert")).toHaveTextContent("Não foi possível preparar seus dados. Tente de novo.");
    expect(screen.getByRole("button", { name: "Tentar de novo" })).toBeInTheDocument();
  });
});
