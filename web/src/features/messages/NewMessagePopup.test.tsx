import { act, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { meIs, renderApp, user, type Handler } from "../../test/renderApp";
import { deferred } from "../../test/deferred";
import { conversation } from "./testData";

afterEach(() => {
  vi.useRealTimers();
});

const notification = {
  __typename: "NewMessageNotification",
  messageId: 44,
  senderName: "Bia",
  content: "Oi! Vi sua oferta de fotos.",
  conversationId: 5,
  offerId: 30,
  offerTitle: "Fotos para o seu catálogo",
};

function setup(extra: Record<string, Handler> = {}) {
  const notice = deferred<unknown>();
  const utils = renderApp("/pagina-qualquer", {
    Me: meIs(user()),
    NewMessageNotifications: () => notice.promise,
    Conversations: () => ({ data: { conversations: [conversation()] } }),
    Conversation: () => ({ data: { conversation: conversation() } }),
    Messages: () => ({ data: { messages: [] } }),
    ...extra,
  });
  const notify = () =>
    act(async () => {
      notice.resolve({ data: { notifications: notification } });
    });
  return { ...utils, notify };
}

describe("new-message popup", () => {
  it("shows the sender, offer and content; 'Ver Mensagem' opens the conversation and closes it", async () => {
    const u = userEvent.setup();
    const { notify } = setup();
    await screen.findByRole("heading", { name: "Página não encontrada" });
    expect(screen.queryByRole("dialog", { name: "Nova mensagem" })).not.toBeInTheDocument();

    await notify();
    const popup = await screen.findByRole("dialog", { name: "Nova mensagem" });
    expect(popup).toHaveTextContent("Bia enviou uma mensagem");
    expect(popup).toHaveTextContent("Fotos para o seu catálogo");
    expect(popup).toHaveTextContent("Oi! Vi sua oferta de fotos.");

    await u.click(screen.getByRole("button", { name: "Ver Mensagem" }));
    expect(screen.queryByRole("dialog", { name: "Nova mensagem" })).not.toBeInTheDocument();
    expect(await screen.findByRole("heading", { name: "Central de Mensagens" })).toBeInTheDocument();
    expect(await screen.findByText("Conversa iniciada!")).toBeInTheDocument();
  });

  it("'Fechar' closes it", async () => {
    const u = userEvent.setup();
    const { notify } = setup();
    await screen.findByRole("heading", { name: "Página não encontrada" });
    await notify();
    await u.click(await screen.findByRole("button", { name: "Fechar" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Nova mensagem" })).not.toBeInTheDocument());
  });

  it("closes itself after 8 s with a 0.3 s closing animation", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { notify } = setup();
    await screen.findByRole("heading", { name: "Página não encontrada" });
    await notify();
    const popup = await screen.findByRole("dialog", { name: "Nova mensagem" });

    await act(async () => {
      vi.advanceTimersByTime(7900);
    });
    expect(popup).toHaveAttribute("data-state", "open");
    await act(async () => {
      vi.advanceTimersByTime(100);
    });
    expect(screen.getByRole("dialog", { name: "Nova mensagem" })).toHaveAttribute("data-state", "closed");
    await act(async () => {
      vi.advanceTimersByTime(300);
    });
    expect(screen.queryByRole("dialog", { name: "Nova mensagem" })).not.toBeInTheDocument();
  });

  it("stays away for the conversation already open", async () => {
    const notice = deferred<unknown>();
    renderApp("/mensagens/5", {
      Me: meIs(user()),
      NewMessageNotifications: () => notice.promise,
      Conversations: () => ({ data: { conversations: [conversation()] } }),
      Conversation: () => ({ data: { conversation: conversation() } }),
      Messages: () => ({ data: { messages: [] } }),
    });
    await screen.findByText("Conversa iniciada!");
    await act(async () => {
      notice.resolve({ data: { notifications: notification } });
    });
    expect(screen.queryByRole("dialog", { name: "Nova mensagem" })).not.toBeInTheDocument();
  });

  it("goes away when she opens that conversation herself (from the list, not 'Ver Mensagem')", async () => {
    const u = userEvent.setup();
    const notice = deferred<unknown>();
    renderApp("/mensagens", {
      Me: meIs(user()),
      NewMessageNotifications: () => notice.promise,
      Conversations: () => ({ data: { conversations: [conversation()] } }),
      Conversation: () => ({ data: { conversation: conversation() } }),
      Messages: () => ({ data: { messages: [] } }),
    });
    const row = await screen.findByRole("link", { name: /^Bia/ });
    await act(async () => {
      notice.resolve({ data: { notifications: notification } });
    });
    expect(await screen.findByRole("dialog", { name: "Nova mensagem" })).toBeInTheDocument();

    await u.click(row);
    expect(await screen.findByText("Conversa iniciada!")).toBeInTheDocument();
    expect(screen.queryByRole("dialog", { name: "Nova mensagem" })).not.toBeInTheDocument();
  });
});

describe("unread badge", () => {
  it("shows 99+ above 99 next to 'Mensagens', with text for screen readers", async () => {
    renderApp("/pagina-qualquer", { Me: meIs(user()), UnreadCount: () => ({ data: { unreadCount: 120 } }) });
    const badges = await screen.findAllByTestId("unread-badge");
    expect(badges[0]).toHaveTextContent("99+");
    expect(badges[0]).toHaveTextContent("99+ mensagens não lidas");
    expect(screen.getAllByRole("link", { name: /Mensagens.*99\+ mensagens não lidas/, hidden: true }).length).toBeGreaterThan(0);
  });

  it("tells a screen reader of one unread message in the singular", async () => {
    renderApp("/pagina-qualquer", { Me: meIs(user()), UnreadCount: () => ({ data: { unreadCount: 1 } }) });
    const badges = await screen.findAllByTestId("unread-badge");
    expect(badges[0]).toHaveTextContent(/^1 1 mensagem não lida$/);
    expect(screen.getAllByRole("link", { name: /Mensagens.*1 mensagem não lida/, hidden: true }).length).toBeGreaterThan(0);
    expect(screen.queryByText(/1 mensagens/)).not.toBeInTheDocument();
  });

  it("follows unreadCountChanged", async () => {
    const changed = deferred<unknown>();
    renderApp("/pagina-qualquer", {
      Me: meIs(user()),
      UnreadCount: () => ({ data: { unreadCount: 2 } }),
      UnreadCountChanged: () => changed.promise,
    });
    expect((await screen.findAllByTestId("unread-badge"))[0]).toHaveTextContent("2");
    await act(async () => {
      changed.resolve({ data: { unreadCountChanged: 0 } });
    });
    await waitFor(() => expect(screen.queryAllByTestId("unread-badge")).toHaveLength(0));
  });
});

describe("presence", () => {
  it("reports online when visible, offline when hidden, and beacons on pagehide", async () => {
    const beacon = vi.fn(() => true);
    Object.defineProperty(navigator, "sendBeacon", { value: beacon, configurable: true });
    const { calls } = renderApp("/pagina-qualquer", {
      Me: meIs(user()),
      SetOnlineStatus: (v) => ({ data: { setOnlineStatus: { __typename: "Presence", userId: 7, isOnline: v.isOnline } } }),
    });
    const statuses = () => calls.filter((c) => c.operationName === "SetOnlineStatus").map((c) => c.variables.isOnline);
    await waitFor(() => expect(statuses()).toEqual([true]));

    Object.defineProperty(document, "visibilityState", { value: "hidden", configurable: true });
    document.dispatchEvent(new Event("visibilitychange"));
    await waitFor(() => expect(statuses()).toEqual([true, false]));
    Object.defineProperty(document, "visibilityState", { value: "visible", configurable: true });
    document.dispatchEvent(new Event("visibilitychange"));
    await waitFor(() => expect(statuses()).toEqual([true, false, true]));

    window.dispatchEvent(new Event("pagehide"));
    expect(beacon).toHaveBeenCalledWith("/api/user/online-status", expect.any(Blob));
    const blob = (beacon.mock.calls[0] as unknown as [string, Blob])[1];
    expect(blob.type).toBe("text/plain");
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(blob);
    });
    expect(JSON.parse(text)).toEqual({ isOnline: false, userId: 7 });
  });
});
