import { ApolloProvider } from "@apollo/client/react";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { CONSENT_MESSAGES } from "@clube-coroa/schema";
import { findToastText, renderUi } from "../../lib/renderUi";
import { createTestClient, type Handler } from "../../test/renderApp";
import { ConsentsUpdate } from "./ConsentsUpdate";
import { PrivacyPanel } from "./PrivacyPanel";

type Consent = { __typename: "Consent"; purpose: string; granted: boolean; version: string; at: string | null; source: string };
const consent = (purpose: string, granted: boolean, extra: Partial<Consent> = {}): Consent => ({
  __typename: "Consent",
  purpose,
  granted,
  version: "2026-11-01",
  at: "2026-03-10T12:00:00.000Z",
  source: "perfil",
  ...extra,
});

function privacyServer(pending: string[] = []) {
  const state = {
    current: [
      consent("terms", true),
      consent("privacy", true),
      consent("lgpd", true),
      consent("sponsors", true),
      consent("whatsapp", true, { at: null, source: "migração" }),
      consent("push", false, { at: null, source: "migração" }),
    ],
    pending: [...pending],
    sharing: [{ __typename: "DataShare", recipient: "Marca Parceira Ltda", kind: "partner", day: "2026-03-10", fields: ["fullName", "phone"], count: 2 }],
  };
  const consents = () => ({ __typename: "Consents", current: state.current, pending: state.pending });
  const handlers: Record<string, Handler> = {
    MyPrivacy: () => ({ data: { myConsents: consents(), myDataSharing: state.sharing } }),
    PendingConsents: () => ({ data: { myConsents: { __typename: "Consents", pending: state.pending } } }),
    MyProfile: () => ({ data: { profile: null } }),
    MyDataExport: () => ({ data: { myDataExport: null } }),
    SetConsent: (v) => {
      if (["terms", "privacy", "lgpd"].includes(v.purpose as string) && !v.granted) {
        return { data: { setConsent: { __typename: "AppError", code: "VALIDATION", message: CONSENT_MESSAGES.cannotRevoke, fieldErrors: [] } } };
      }
      state.current = state.current.map((c) => (c.purpose === v.purpose ? { ...c, granted: v.granted as boolean, source: "meus-dados" } : c));
      state.pending = state.pending.filter((p) => p !== v.purpose);
      return { data: { setConsent: consents() } };
    },
  };
  return { state, handlers };
}

function render(ui: React.ReactNode, handlers: Record<string, Handler>) {
  const { client, calls } = createTestClient(handlers);
  renderUi(
    <ApolloProvider client={client}>
      <MemoryRouter>{ui}</MemoryRouter>
    </ApolloProvider>,
  );
  return calls;
}

describe("'Meus dados' on /perfil", () => {
  it("lists her consents with version, date and where given; terms, privacy and LGPD with the note that deleting the account is the way out", async () => {
    const { handlers } = privacyServer();
    render(<PrivacyPanel />, handlers);
    const list = await screen.findByRole("list", { name: "Seus consentimentos" });
    const items = within(list).getAllByRole("listitem");
    expect(items).toHaveLength(6);
    expect(items[0]).toHaveTextContent("Termos de uso");
    expect(items[0]).toHaveTextContent("versão de 01/11/2026 · em 10/03/2026 (no perfil)");
    expect(items[0]).toHaveTextContent(CONSENT_MESSAGES.fixedNote);
    expect(within(items[0]!).getByRole("link", { name: "Ler o texto" })).toHaveAttribute("href", "/termos");
    expect(within(items[0]!).queryByRole("switch")).toBeNull();
    expect(items[4]).toHaveTextContent("antes do registro de consentimentos");
    expect(within(items[3]!).getByRole("switch", { name: /Compartilhar com patrocinadores/ })).toHaveAttribute("aria-checked", "true");
    expect(within(items[4]!).getByRole("switch", { name: /Avisos por WhatsApp/ })).toHaveAttribute("aria-checked", "true");
  });

  it("revokes sharing with sponsors with its switch and says so", async () => {
    const u = userEvent.setup();
    const { state, handlers } = privacyServer();
    const calls = render(<PrivacyPanel />, handlers);
    await u.click(await screen.findByRole("switch", { name: /Compartilhar com patrocinadores/ }));
    await findToastText("Compartilhar com patrocinadores: revogado");
    expect(calls.find((c) => c.operationName === "SetConsent")?.variables).toEqual({ purpose: "sponsors", granted: false });
    expect(state.current.find((c) => c.purpose === "sponsors")!.granted).toBe(false);
    expect(await screen.findByRole("switch", { name: /Compartilhar com patrocinadores/ })).toHaveAttribute("aria-checked", "false");
  });

  it("shows who saw her data, with the fields by name, and what deleting the account keeps", async () => {
    const { handlers } = privacyServer();
    render(<PrivacyPanel />, handlers);
    const log = await screen.findByRole("list", { name: "Quem viu meus dados" });
    expect(log).toHaveTextContent("Marca Parceira Ltda");
    expect(log).toHaveTextContent("10/03/2026");
    expect(log).toHaveTextContent("Marca parceira · 2 leituras");
    expect(log).toHaveTextContent("nome, telefone");
    expect(screen.getByRole("heading", { name: "Se você excluir a conta" })).toBeInTheDocument();
    expect(screen.getByText(/ficam guardadas pela empresa de pagamentos/)).toBeInTheDocument();
  });
});

describe("'Atualizamos nossos textos'", () => {
  it("asks for the texts with a newer version, with their links, and records 'Aceitar'", async () => {
    const u = userEvent.setup();
    const { state, handlers } = privacyServer(["terms", "privacy"]);
    const calls = render(<ConsentsUpdate />, handlers);
    const notice = await screen.findByRole("region", { name: "Atualizamos nossos textos" });
    expect(within(notice).getByRole("link", { name: /Termos de uso/ })).toHaveAttribute("href", "/termos");
    expect(within(notice).getByRole("link", { name: /Política de privacidade/ })).toHaveAttribute("href", "/privacidade");
    await u.click(within(notice).getByRole("button", { name: "Aceitar" }));
    await findToastText("Obrigada! Registramos seu aceite.");
    expect(calls.filter((c) => c.operationName === "SetConsent").map((c) => c.variables)).toEqual([
      { purpose: "terms", granted: true },
      { purpose: "privacy", granted: true },
    ]);
    expect(state.pending).toEqual([]);
    await expect.poll(() => screen.queryByRole("region", { name: "Atualizamos nossos textos" })).toBeNull();
  });

  it("shows nothing when every text she accepted is current", async () => {
    const { handlers } = privacyServer([]);
    const calls = render(<ConsentsUpdate />, handlers);
    await expect.poll(() => calls.some((c) => c.operationName === "PendingConsents")).toBe(true);
    expect(screen.queryByRole("region")).toBeNull();
  });
});
