import { ApolloProvider } from "@apollo/client/react";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { DEFAULT_NOTIFICATION_CHANNELS, NOTIFICATION_TYPES } from "@clube-coroa/schema";
import { findToastText, renderUi } from "../../lib/renderUi";
import { createTestClient, type Handler } from "../../test/renderApp";
import { NotificationPreferences } from "./NotificationPreferences";

type Choice = { inApp?: boolean; push?: boolean; whatsapp?: boolean };

function preferencesServer({ refuse = false } = {}) {
  const state: { types: ({ __typename: string; type: string } & Required<Choice>)[]; quietHours: { __typename: string; start: string; end: string } | null } = {
    types: NOTIFICATION_TYPES.map((type) => ({ __typename: "NotificationTypePreference", type, ...DEFAULT_NOTIFICATION_CHANNELS[type] })),
    quietHours: { __typename: "QuietHours", start: "22:00", end: "08:00" },
  };
  const answer = () => ({ __typename: "NotificationPreferences", types: state.types, quietHours: state.quietHours });
  const handlers: Record<string, Handler> = {
    NotificationPreferences: () => ({ data: { notificationPreferences: answer() } }),
    UpdateNotificationPreferences: (v) => {
      if (refuse) {
        return { data: { updateNotificationPreferences: { __typename: "AppError", code: "VALIDATION", message: "Preferências de notificação inválidas.", fieldErrors: null } } };
      }
      for (const change of (v.types ?? []) as ({ type: string } & Choice)[]) {
        state.types = state.types.map((t) => (t.type === change.type ? { ...t, ...change } : t));
      }
      if ("quietHours" in v) state.quietHours = v.quietHours ? { __typename: "QuietHours", ...(v.quietHours as { start: string; end: string }) } : null;
      return { data: { updateNotificationPreferences: answer() } };
    },
  };
  return { state, handlers };
}

function setup(options?: { refuse?: boolean }) {
  const { state, handlers } = preferencesServer(options);
  const { client, calls } = createTestClient(handlers);
  renderUi(
    <ApolloProvider client={client}>
      <NotificationPreferences pushControl={<button type="button">Ativar notificações neste aparelho</button>} />
    </ApolloProvider>,
  );
  const updates = () => calls.filter((c) => c.operationName === "UpdateNotificationPreferences").map((c) => c.variables);
  return { state, updates, u: userEvent.setup() };
}

describe("'Preferências de notificação' on /perfil", () => {
  it("shows each type × 'No app' / 'Push' / 'WhatsApp' with her choices, and saves one change at once", async () => {
    const { state, updates, u } = setup();
    const likesByPush = await screen.findByRole("checkbox", { name: "Push: Curtidas nas suas ofertas" });
    expect(likesByPush).not.toBeChecked();
    expect(screen.getByRole("checkbox", { name: "No app: Curtidas nas suas ofertas" })).toBeChecked();
    expect(screen.getByRole("checkbox", { name: "WhatsApp: Novas mensagens" })).toBeChecked();
    expect(screen.getAllByRole("checkbox")).toHaveLength(NOTIFICATION_TYPES.length * 3);
    // The push feature's button has its place.
    expect(screen.getByRole("button", { name: "Ativar notificações neste aparelho" })).toBeInTheDocument();

    await u.click(likesByPush);
    expect(likesByPush).toBeChecked();
    await findToastText("Preferências de notificação salvas");
    expect(updates()).toEqual([{ types: [{ type: "offer_liked", push: true }] }]);
    expect(state.types.find((t) => t.type === "offer_liked")?.push).toBe(true);
  });

  it("puts the choice back and says so when saving fails", async () => {
    const { u } = setup({ refuse: true });
    const box = await screen.findByRole("checkbox", { name: "Push: Pagamento confirmado" });
    expect(box).toBeChecked();
    await u.click(box);
    await findToastText("Não foi possível salvar suas preferências. Tente novamente.");
    await waitFor(() => expect(box).toBeChecked());
  });

  it("'Não perturbe': 22:00–08:00 by default, new times saved, and turned off", async () => {
    const { state, updates, u } = setup();
    const quiet = await screen.findByRole("group", { name: "Não perturbe" });
    const toggle = within(quiet).getByRole("switch", { name: /Silenciar push e WhatsApp à noite/ });
    expect(toggle).toHaveAttribute("aria-checked", "true");
    const from = within(quiet).getByLabelText("Das");
    expect(from).toHaveValue("22:00");
    expect(within(quiet).getByLabelText("Até")).toHaveValue("08:00");
    const saveTimes = within(quiet).getByRole("button", { name: "Salvar horário" });
    expect(saveTimes).toBeDisabled();

    await u.clear(from);
    await u.type(from, "23:30");
    await u.click(saveTimes);
    await findToastText("Preferências de notificação salvas");
    expect(updates()).toEqual([{ quietHours: { start: "23:30", end: "08:00" } }]);
    expect(state.quietHours).toMatchObject({ start: "23:30", end: "08:00" });

    await u.click(toggle);
    await waitFor(() => expect(toggle).toHaveAttribute("aria-checked", "false"));
    expect(updates()[1]).toEqual({ quietHours: null });
    expect(state.quietHours).toBeNull();
    expect(within(quiet).queryByLabelText("Das")).not.toBeInTheDocument();
  });
});
