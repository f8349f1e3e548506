import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useLocation } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { deferred } from "../../test/deferred";
import { findToast, meIs, renderApp, user, type Handler } from "../../test/renderApp";

type Entry = { __typename: "Notification"; id: number; type: string; title: string; body: string; link: string; createdAt: string; readAt: string | null };

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();
const entry = (id: number, overrides: Partial<Entry> = {}): Entry => ({
  __typename: "Notification",
  id,
  type: "new_message",
  title: `Nova mensagem de Sócia ${id}`,
  body: "Abra a conversa para responder.",
  link: `/mensagens/${id}`,
  createdAt: minutesAgo(id),
  readAt: null,
  ...overrides,
});
const centre = (items: Entry[], unread: number, nextCursor: string | null = null) => ({
  data: { notificationCentre: { __typename: "NotificationCentre", items, unread, nextCursor } },
});
const unreadOnly = (unread: number): Handler => () => ({ data: { notificationCentre: { __typename: "NotificationCentre", unread } } });

function Where() {
  const { pathname } = useLocation();
  return <output data-testid="where">{pathname}</output>;
}

/** The bells (the phone's bar and the desktop's are both in the page; CSS shows one). */
const bells = () => screen.findAllByTestId("notification-bell");

describe("the bell", () => {
  it("links to 'Avisos' with her unread count in its name, and follows the live count", async () => {
    const change = deferred<unknown>();
    renderApp("/pagina-qualquer", { Me: meIs(user()), NotificationUnread: unreadOnly(3), NotificationCentreChanged: () => change.promise });
    await waitFor(async () => expect((await bells())[0]).toHaveAccessibleName("Avisos, 3 não lidos"));
    for (const bell of await bells()) {
      expect(bell).toHaveAttribute("href", "/avisos");
      expect(bell).toHaveTextContent("3");
    }
    await act(async () => {
      change.resolve({ data: { notificationCentreChanged: { __typename: "NotificationCentreChange", entry: entry(9), unread: 4 } } });
    });
    await waitFor(async () => expect((await bells())[0]).toHaveAccessibleName("Avisos, 4 não lidos"));
  });

  it("shows 99+ above 99, and no count at 0", async () => {
    const { unmount } = renderApp("/pagina-qualquer", { Me: meIs(user()), NotificationUnread: unreadOnly(150) });
    await waitFor(async () => expect((await bells())[0]).toHaveAccessibleName("Avisos, 99+ não lidos"));
    expect((await bells())[0]).toHaveTextContent(/^99\+$/);
    unmount();
    renderApp("/pagina-qualquer", { Me: meIs(user()), NotificationUnread: unreadOnly(0) });
    await waitFor(async () => expect((await bells())[0]).toHaveAccessibleName("Avisos"));
    expect((await bells())[0]).toHaveTextContent("");
  });

  it("is not there for a visitor", async () => {
    renderApp("/pagina-qualquer", { Me: meIs(null) });
    await screen.findByRole("heading", { name: "Página não encontrada" });
    expect(screen.queryByTestId("notification-bell")).not.toBeInTheDocument();
  });
});

describe("'Avisos' (/avisos)", () => {
  const first = [entry(1), entry(2, { type: "offer_liked", title: "3 sócias curtiram sua oferta", link: "/?oferta=5", readAt: minutesAgo(1) })];
  const second = [entry(30, { type: "payment_confirmed", title: "Pagamento confirmado", link: "/perfil#plano", readAt: minutesAgo(20) })];

  function setup(extra: Record<string, Handler> = {}) {
    const read: Record<string, unknown>[] = [];
    // The server's side: once everything is read, its pages say so.
    let allRead = false;
    const asStored = (entries: typeof first) => (allRead ? entries.map((e) => ({ ...e, readAt: e.readAt ?? minutesAgo(0) })) : entries);
    const utils = renderApp(
      "/avisos",
      {
        Me: meIs(user()),
        NotificationUnread: unreadOnly(1),
        NotificationCentre: (v) => (v.after === "c2" ? centre(asStored(second), allRead ? 0 : 1) : centre(asStored(first), allRead ? 0 : 1, "c2")),
        MarkNotificationsRead: (v) => {
          read.push(v);
          if (v.all) allRead = true;
          return { data: { markNotificationsRead: { __typename: "MarkNotificationsReadPayload", unread: 0 } } };
        },
        ...extra,
      },
      <Where />,
    );
    return { ...utils, read };
  }
  const rows = async () => within(await screen.findByRole("list", { name: "Seus avisos" })).getAllByRole("link");

  it("lists her entries newest first, the unread marked in words, and 'Carregar mais' adds the next page", async () => {
    const u = userEvent.setup();
    setup();
    expect(await screen.findByRole("heading", { name: "Avisos", level: 1 })).toBeInTheDocument();
    let links = await rows();
    expect(links.map((l) => l.getAttribute("href"))).toEqual(["/mensagens/1", "/?oferta=5"]);
    expect(links[0]).toHaveTextContent("Nova mensagem de Sócia 1");
    expect(links[0]).toHaveTextContent("Não lido");
    expect(links[1]).not.toHaveTextContent("Não lido");
    await u.click(screen.getByRole("button", { name: "Carregar mais" }));
    await waitFor(async () => expect(await rows()).toHaveLength(3));
    links = await rows();
    expect(links[2]).toHaveAttribute("href", "/perfil#plano");
    expect(screen.queryByRole("button", { name: "Carregar mais" })).not.toBeInTheDocument();
  });

  it("'Marcar todas como lidas' reads them all: no entry unread, the bell without a count", async () => {
    const u = userEvent.setup();
    const { read } = setup();
    await rows();
    await u.click(screen.getByRole("button", { name: "Marcar todas como lidas" }));
    await findToast("Todos os avisos foram marcados como lidos");
    expect(read).toEqual([{ all: true }]);
    for (const link of await rows()) expect(link).not.toHaveTextContent("Não lido");
    await waitFor(async () => expect((await bells())[0]).toHaveAccessibleName("Avisos"));
    expect(screen.queryByRole("button", { name: "Marcar todas como lidas" })).not.toBeInTheDocument();
  });

  it("opening an unread entry marks it read and leads to its place", async () => {
    const u = userEvent.setup();
    const { read } = setup({ Conversation: () => new Promise(() => undefined), Messages: () => new Promise(() => undefined) });
    await u.click((await rows())[0]);
    expect(screen.getByTestId("where")).toHaveTextContent("/mensagens/1");
    await waitFor(() => expect(read).toEqual([{ ids: [1] }]));
  });

  it("moves an entry updated live to the top", async () => {
    const change = deferred<unknown>();
    setup({ NotificationCentreChanged: () => change.promise });
    expect((await rows())[0]).toHaveAttribute("href", "/mensagens/1");
    await act(async () => {
      change.resolve({
        data: {
          notificationCentreChanged: {
            __typename: "NotificationCentreChange",
            entry: entry(2, { type: "offer_liked", title: "4 sócias curtiram sua oferta", link: "/?oferta=5", createdAt: new Date().toISOString() }),
            unread: 2,
          },
        },
      });
    });
    await waitFor(async () => expect((await rows())[0]).toHaveTextContent("4 sócias curtiram sua oferta"));
    expect(await rows()).toHaveLength(2);
    expect((await rows())[0]).toHaveTextContent("Não lido");
  });

  it("says so when there is nothing yet", async () => {
    renderApp("/avisos", { Me: meIs(user()), NotificationUnread: unreadOnly(0), NotificationCentre: () => centre([], 0) });
    expect(await screen.findByText("Nenhum aviso por aqui ainda.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Marcar todas como lidas" })).not.toBeInTheDocument();
  });

  it("asks a visitor to sign in", async () => {
    renderApp("/avisos", { Me: meIs(null) });
    expect(await screen.findByText("Entre para ver seus avisos.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Entrar" })).toHaveAttribute("href", "/auth");
  });
});
