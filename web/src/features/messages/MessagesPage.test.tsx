import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { notifySocketConnected } from "../../lib/apollo";
import { findToast, meIs, renderApp, user, type Handler } from "../../test/renderApp";
import { deferred } from "../../test/deferred";
import { conversation, message } from "./testData";

const bia = conversation();
const carla = conversation({
  id: 6,
  offer: { id: 31, title: "Mentoria de vendas online", type: "collab" },
  otherUser: { id: 10, fullName: "Carla Menezes", nickname: null, profilePhoto: null, plan: "nobreza", isOnline: false },
  lastMessage: message({ id: 20, conversationId: 6, content: "Combinado!", isMine: true, senderId: 7 }),
  unreadCount: 3,
});

function handlers(extra: Record<string, Handler> = {}): Record<string, Handler> {
  return {
    Me: meIs(user()),
    Conversations: () => ({ data: { conversations: [bia, carla] } }),
    Conversation: (v) => ({ data: { conversation: v.id === 6 ? carla : bia } }),
    Messages: () => ({ data: { messages: [message({ id: 1 }), message({ id: 2, content: "Pode ser amanhã?", isMine: true, senderId: 7 })] } }),
    MarkConversationRead: (v) => ({
      data: { markConversationRead: { __typename: "MarkConversationReadPayload", conversationId: v.conversationId, unreadCount: 0 } },
    }),
    ...extra,
  };
}

const bubbles = () => screen.queryAllByTestId("message");

describe("Central de Mensagens", () => {
  it("shows the photo a partner uploaded (the 'webp' marker is her photo path), else her initials", async () => {
    const withPhoto = conversation({ otherUser: { ...bia.otherUser!, profilePhoto: "webp" } });
    renderApp("/mensagens", handlers({ Conversations: () => ({ data: { conversations: [withPhoto, carla] } }) }));

    const list = await screen.findByRole("list", { name: "Conversas" });
    const [first, second] = within(list).getAllByTestId("avatar");
    expect(first.querySelector("img")).toHaveAttribute("src", `/api/users/${bia.otherUser!.id}/photo`);
    expect(second.querySelector("img")).toBeNull();
    expect(second).toHaveTextContent("CM");
  });

  it("lists conversations and filters them by name and by offer title", async () => {
    const u = userEvent.setup();
    renderApp("/mensagens", handlers());

    const list = await screen.findByRole("list", { name: "Conversas" });
    expect(within(list).getAllByRole("link")).toHaveLength(2);
    expect(within(list).getByText("Bia")).toBeInTheDocument();
    expect(within(list).getByText("(Online)")).toBeInTheDocument();
    expect(within(list).getByText("(Offline)")).toBeInTheDocument();
    expect(within(list).getByText("Permuta · Fotos para o seu catálogo")).toBeInTheDocument();
    expect(within(list).getByText("Você: Combinado!")).toBeInTheDocument();
    expect(within(list).getByText("3 mensagens não lidas")).toBeInTheDocument();
    // Initials from the display name, as on the board: 'Bia' (Beatriz Lima) is B, not BL.
    expect(within(list).getAllByTestId("avatar").map((a) => a.textContent)).toEqual(["B", "CM"]);

    const search = screen.getByRole("searchbox", { name: "Buscar conversas" });
    await u.type(search, "carla");
    expect(within(list).getAllByRole("link")).toHaveLength(1);
    expect(within(list).getByRole("link")).toHaveTextContent("Carla Menezes");

    await u.clear(search);
    await u.type(search, "catalogo");
    expect(within(list).getAllByRole("link")).toHaveLength(1);
    expect(within(list).getByText("Bia")).toBeInTheDocument();

    await u.clear(search);
    await u.type(search, "ninguém");
    expect(await screen.findByText("Nenhuma conversa encontrada")).toBeInTheDocument();
  });

  it("asks the server for her words once she pauses, marks them where they were found, and offers to clear", async () => {
    const u = userEvent.setup();
    const match = { __typename: "ConversationMatch", fields: ["message"], snippet: "Levo o orçamento amanhã", messageId: 2, terms: ["orcamento"] };
    const { calls } = renderApp(
      "/mensagens",
      handlers({
        SearchConversations: (v) => ({ data: { conversations: v.q === "orcamento" ? [{ ...carla, match }] : [] } }),
      }),
    );
    await screen.findByRole("list", { name: "Conversas" });
    const search = screen.getByRole("searchbox", { name: "Buscar conversas" });
    await u.click(search);
    await u.paste("orcamento");
    // Until the server answers, the list filters what it holds (nothing here): then her answer.
    const marked = await screen.findByText("orçamento", { selector: "mark" }, { timeout: 3000 });
    const found = screen.getByRole("list", { name: "Conversas" });
    expect(within(found).getAllByRole("link")).toHaveLength(1);
    expect(within(found).getByRole("link")).toHaveTextContent("Carla Menezes");
    expect(marked.parentElement).toHaveTextContent("Levo o orçamento amanhã");
    // Asked once, for the whole word, not for each letter typed.
    expect(calls.filter((c) => c.operationName === "SearchConversations").map((c) => c.variables.q)).toEqual(["orcamento"]);

    await u.clear(search);
    await u.paste("xyz");
    expect(await screen.findByText("Você buscou “xyz” nos nomes, ofertas e mensagens.", {}, { timeout: 3000 })).toBeInTheDocument();
    await u.click(screen.getByRole("button", { name: "Limpar busca" }));
    expect(search).toHaveValue("");
    expect(within(await screen.findByRole("list", { name: "Conversas" })).getAllByRole("link")).toHaveLength(2);
  });

  it("turns a member's dot online when presenceChanged says so", async () => {
    const pushed = deferred<unknown>();
    const { calls } = renderApp("/mensagens", handlers({ PresenceChanged: () => pushed.promise }));
    const list = await screen.findByRole("list", { name: "Conversas" });
    expect(within(list).getAllByText("(Offline)")).toHaveLength(1);
    await waitFor(() => expect(calls.some((c) => c.operationName === "PresenceChanged")).toBe(true));
    await act(async () => pushed.resolve({ data: { presenceChanged: { __typename: "Presence", userId: 10, isOnline: true } } }));
    await waitFor(() => expect(within(list).queryByText("(Offline)")).toBeNull());
    expect(within(list).getAllByText("(Online)")).toHaveLength(2);
  });

  it("loads older messages above a full thread, then says nothing more when there are none", async () => {
    const u = userEvent.setup();
    const at = (i: number) => new Date(Date.UTC(2026, 2, 12, 10, 0, i)).toISOString();
    const page = (from: number, to: number) =>
      Array.from({ length: to - from + 1 }, (_, k) => message({ id: from + k, content: `Mensagem ${from + k}`, createdAt: at(from + k) }));
    const { calls } = renderApp(
      "/mensagens/5",
      handlers({ Messages: (v) => ({ data: { messages: v.before === 4 ? page(1, 3) : v.before ? [] : page(4, 203) } }) }),
    );
    await waitFor(() => expect(bubbles()).toHaveLength(200));
    expect(screen.queryByText("Mensagem 3")).toBeNull();
    await u.click(screen.getByRole("button", { name: "Carregar mensagens anteriores" }));
    await waitFor(() => expect(bubbles()).toHaveLength(203));
    expect(bubbles()[0]).toHaveTextContent("Mensagem 1");
    expect(calls.find((c) => c.operationName === "Messages" && c.variables.before === 4)?.variables.limit).toBe(200);
    expect(screen.queryByRole("button", { name: "Carregar mensagens anteriores" })).toBeNull();
  });

  it("offers no older messages when the thread is not full", async () => {
    renderApp("/mensagens/5", handlers());
    await waitFor(() => expect(bubbles()).toHaveLength(2));
    expect(screen.queryByRole("button", { name: "Carregar mensagens anteriores" })).toBeNull();
  });

  it("after the socket reconnects, shows what came while it was down, asking again when the first catch-up fails", async () => {
    const catchUps: unknown[] = [];
    renderApp(
      "/mensagens/5",
      handlers({
        Messages: (v) => {
          if (v.after === undefined || v.after === null) return handlers().Messages(v);
          catchUps.push(v.after);
          // The instance it went to was stopping (a rolling restart): the request failed.
          if (catchUps.length === 1) throw new Error("Failed to fetch");
          return { data: { messages: [message({ id: 3, createdAt: "2026-03-12T14:05:00.000Z", content: "Enquanto você estava fora" })] } };
        },
      }),
    );
    await waitFor(() => expect(bubbles()).toHaveLength(2));
    act(() => notifySocketConnected());
    await waitFor(() => expect(bubbles()).toHaveLength(3), { timeout: 5000 });
    expect(bubbles()[2]).toHaveTextContent("Enquanto você estava fora");
    expect(catchUps.slice(0, 2)).toEqual([2, 2]);
  });

  it("after the socket reconnects, asks once more a moment later from the same message (for what came before its subscription was live again)", async () => {
    const catchUps: unknown[] = [];
    renderApp(
      "/mensagens/5",
      handlers({
        Messages: (v) => {
          if (v.after === undefined || v.after === null) return handlers().Messages(v);
          catchUps.push(v.after);
          // Sent between the first catch-up and the moment the server had the subscription again.
          if (catchUps.length === 1) return { data: { messages: [] } };
          return { data: { messages: [message({ id: 3, createdAt: "2026-03-12T14:05:00.000Z", content: "Entre as duas" })] } };
        },
      }),
    );
    await waitFor(() => expect(bubbles()).toHaveLength(2));
    act(() => notifySocketConnected());
    await waitFor(() => expect(catchUps).toHaveLength(1));
    expect(bubbles()).toHaveLength(2);
    await waitFor(() => expect(bubbles()).toHaveLength(3), { timeout: 6000 });
    expect(bubbles()[2]).toHaveTextContent("Entre as duas");
    expect(catchUps).toEqual([2, 2]);
  });

  it("shows 'Nenhuma conversa ainda' without conversations", async () => {
    renderApp("/mensagens", handlers({ Conversations: () => ({ data: { conversations: [] } }) }));
    expect(await screen.findByText("Nenhuma conversa ainda")).toBeInTheDocument();
  });

  it("opens a conversation: marks it read, shows bubbles, a day separator and 'Conversa iniciada!' when empty", async () => {
    const { calls } = renderApp("/mensagens/5", handlers());
    await waitFor(() => expect(bubbles()).toHaveLength(2));
    expect(screen.getByText("12 de março")).toBeInTheDocument();
    expect(calls.some((c) => c.operationName === "MarkConversationRead" && c.variables.conversationId === 5)).toBe(true);
    expect(screen.getByRole("link", { name: "Voltar para as conversas" })).toHaveAttribute("href", "/mensagens");

    renderApp("/mensagens/6", handlers({ Messages: () => ({ data: { messages: [] } }) }));
    expect(await screen.findByText("Conversa iniciada!")).toBeInTheDocument();
  });

  it("sends: appends optimistically, clears the input, then keeps one copy when the server and messageAdded answer", async () => {
    const u = userEvent.setup();
    const sent = deferred<unknown>();
    const added = deferred<unknown>();
    const server = message({ id: 3, content: "Amanhã às 10h?", isMine: true, senderId: 7, createdAt: "2026-03-12T15:00:00.000Z" });
    const { calls } = renderApp(
      "/mensagens/5",
      handlers({ SendMessage: () => sent.promise, MessageAdded: () => added.promise }),
    );
    await waitFor(() => expect(bubbles()).toHaveLength(2));

    const input = screen.getByRole("textbox", { name: "Mensagem" });
    await u.type(input, "   ");
    expect(screen.getByRole("button", { name: "Enviar" })).toBeDisabled();
    await u.clear(input);
    await u.type(input, "  Amanhã às 10h?  {Enter}");

    expect(input).toHaveValue("");
    await waitFor(() => expect(bubbles()).toHaveLength(3));
    expect(screen.getByText("Enviando…")).toBeInTheDocument();
    expect(calls.find((c) => c.operationName === "SendMessage")?.variables).toEqual({
      conversationId: 5,
      content: "Amanhã às 10h?",
      clientMessageId: expect.stringMatching(/^[A-Za-z0-9_-]{1,64}$/),
    });

    await act(async () => {
      sent.resolve({ data: { sendMessage: server } });
    });
    await waitFor(() => expect(screen.queryByText("Enviando…")).not.toBeInTheDocument());
    await act(async () => {
      added.resolve({ data: { messageAdded: server } });
    });
    expect(bubbles()).toHaveLength(3);
    expect(screen.getAllByText("Amanhã às 10h?")).toHaveLength(1);
  });

  it("Shift+Enter adds a new line instead of sending", async () => {
    const u = userEvent.setup();
    const { calls } = renderApp("/mensagens/5", handlers());
    const input = await screen.findByRole("textbox", { name: "Mensagem" });
    await u.type(input, "linha 1{Shift>}{Enter}{/Shift}linha 2");
    expect(input).toHaveValue("linha 1\nlinha 2");
    expect(calls.some((c) => c.operationName === "SendMessage")).toBe(false);
  });

  it("keeps the text and toasts 'Erro' when sending fails", async () => {
    const u = userEvent.setup();
    renderApp(
      "/mensagens/5",
      handlers({
        SendMessage: () => {
          throw new Error("Failed to fetch");
        },
      }),
    );
    const input = await screen.findByRole("textbox", { name: "Mensagem" });
    await waitFor(() => expect(bubbles()).toHaveLength(2));
    await u.type(input, "Olá!{Enter}");
    expect(await findToast("Erro")).toBeInTheDocument();
    expect(input).toHaveValue("Olá!");
    await waitFor(() => expect(bubbles()).toHaveLength(2));
  });

  it("sends a failed message again under the same key, and a new message under a new one", async () => {
    const u = userEvent.setup();
    let answers = 0;
    const { calls } = renderApp(
      "/mensagens/5",
      handlers({
        SendMessage: (v) => {
          answers += 1;
          // The first answer is lost (the instance died after storing it).
          if (answers === 1) throw new Error("Failed to fetch");
          return { data: { sendMessage: message({ id: 40 + answers, content: String(v.content), isMine: true, senderId: 7 }) } };
        },
      }),
    );
    const input = await screen.findByRole("textbox", { name: "Mensagem" });
    await waitFor(() => expect(bubbles()).toHaveLength(2));
    await u.type(input, "Combinado!{Enter}");
    expect(await findToast("Erro")).toBeInTheDocument();
    await waitFor(() => expect(input).toHaveValue("Combinado!"));
    await u.type(input, "{Enter}");
    await waitFor(() => expect(input).toHaveValue(""));
    await u.type(input, "Combinado!{Enter}");
    await waitFor(() => expect(calls.filter((c) => c.operationName === "SendMessage")).toHaveLength(3));
    const keys = calls.filter((c) => c.operationName === "SendMessage").map((c) => c.variables.clientMessageId);
    expect(keys[0]).toEqual(expect.any(String));
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
  });

  it("opens the upgrade prompt and keeps her text when the server refuses the message by plan", async () => {
    const u = userEvent.setup();
    renderApp(
      "/mensagens/6",
      handlers({
        SendMessage: () => ({
          data: {
            sendMessage: {
              __typename: "UpgradeRequiredError",
              code: "UPGRADE_REQUIRED",
              message: "Faça upgrade para o plano Alteza para enviar mensagens em conversas de Collabs e Permutas.",
              targetPlan: "alteza",
            },
          },
        }),
      }),
    );
    const input = await screen.findByRole("textbox", { name: "Mensagem" });
    await waitFor(() => expect(bubbles()).toHaveLength(2));
    await u.type(input, "Vamos fechar a collab?{Enter}");
    const dialog = await screen.findByRole("dialog", { name: "Desbloqueie com o plano ALTEZA" });
    expect(within(dialog).getByText("Seu plano ainda não permite enviar mensagens para esta parceira.")).toBeInTheDocument();
    expect(input).toHaveValue("Vamos fechar a collab?");
    await waitFor(() => expect(bubbles()).toHaveLength(2));
    await u.click(within(dialog).getByRole("button", { name: "Agora não" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("appends a messageAdded event once and marks the conversation read", async () => {
    const added = deferred<unknown>();
    const incoming = message({ id: 4, content: "Fechado, até amanhã!", createdAt: "2026-03-12T16:00:00.000Z" });
    const { calls } = renderApp("/mensagens/5", handlers({ MessageAdded: () => added.promise }));
    await waitFor(() => expect(bubbles()).toHaveLength(2));
    const marks = () => calls.filter((c) => c.operationName === "MarkConversationRead").length;
    const before = marks();

    await act(async () => {
      added.resolve({ data: { messageAdded: incoming } });
    });
    await waitFor(() => expect(bubbles()).toHaveLength(3));
    expect(bubbles().filter((b) => b.textContent?.includes("Fechado, até amanhã!"))).toHaveLength(1);
    await waitFor(() => expect(marks()).toBeGreaterThan(before));
  });

  it("ignores a messageAdded event for a message already shown", async () => {
    const added = deferred<unknown>();
    renderApp("/mensagens/5", handlers({ MessageAdded: () => added.promise }));
    await waitFor(() => expect(bubbles()).toHaveLength(2));
    await act(async () => {
      added.resolve({ data: { messageAdded: message({ id: 2, content: "Pode ser amanhã?", isMine: true, senderId: 7 }) } });
    });
    expect(bubbles()).toHaveLength(2);
  });

  it("'Excluir conversa' in the thread header is an icon with its name for screen readers, not a text beside her name", async () => {
    renderApp("/mensagens/5", handlers());
    const remove = await screen.findByRole("button", { name: "Excluir conversa" });
    expect(remove).toHaveTextContent(/^$/);
    expect(remove.querySelector("svg")).not.toBeNull();
  });

  it("deletes a conversation after confirmation and goes back to the list", async () => {
    const u = userEvent.setup();
    const { calls } = renderApp(
      "/mensagens/5",
      handlers({ DeleteConversation: () => ({ data: { deleteConversation: { __typename: "DeleteConversationPayload", conversationId: 5 } } }) }),
    );
    await u.click(await screen.findByRole("button", { name: "Excluir conversa" }));
    const dialog = await screen.findByRole("dialog", { name: "Excluir conversa" });
    await u.click(within(dialog).getByRole("button", { name: "Excluir" }));
    expect(await findToast("Conversa excluída")).toBeInTheDocument();
    expect(calls.find((c) => c.operationName === "DeleteConversation")?.variables).toEqual({ conversationId: 5 });
    await waitFor(() => expect(screen.queryByRole("textbox", { name: "Mensagem" })).not.toBeInTheDocument());
    expect(screen.getByText("Escolha uma conversa para ver as mensagens.")).toBeInTheDocument();
  });

  it("'Bloquear' from the conversation asks once more, then the composer gives way to a calm notice", async () => {
    const u = userEvent.setup();
    let closed = false;
    const { calls } = renderApp(
      "/mensagens/5",
      handlers({
        Conversation: () => ({ data: { conversation: { ...bia, messagingClosed: closed } } }),
        BlockMember: (v) => {
          closed = true;
          return { data: { blockMember: { __typename: "SafetyPayload", success: true, userId: v.userId } } };
        },
      }),
    );
    expect(await screen.findByRole("textbox", { name: "Mensagem" })).toBeInTheDocument();
    await u.click(await screen.findByRole("button", { name: "Mais ações da conversa" }));
    await u.click(screen.getByRole("menuitem", { name: "Bloquear" }));
    const dialog = await screen.findByRole("dialog", { name: "Bloquear Bia?" });
    await u.click(within(dialog).getByRole("button", { name: "Bloquear" }));
    expect(await findToast("Bia foi bloqueada")).toBeInTheDocument();
    expect(calls.find((c) => c.operationName === "BlockMember")?.variables).toEqual({ userId: 9 });
    expect(await screen.findByText("Não é possível enviar mensagens nesta conversa.")).toBeInTheDocument();
    expect(screen.queryByRole("textbox", { name: "Mensagem" })).not.toBeInTheDocument();
    // The messages stay readable.
    expect(bubbles().length).toBeGreaterThan(0);
  });

  it("'Silenciar' from the conversation: 7 dias; the conversation goes on and the badge drops her unread messages at once", async () => {
    const u = userEvent.setup();
    let muted = false;
    const { calls } = renderApp(
      "/mensagens/5",
      handlers({
        // The server counts her muted messages out of the badge (they stay unread in the conversation).
        UnreadCount: () => ({ data: { unreadCount: muted ? 0 : 4 } }),
        MuteMember: (v) => {
          muted = true;
          return { data: { muteMember: { __typename: "MemberMute", userId: v.userId, displayName: "Bia", mutedUntil: "2026-03-17T12:00:00.000Z" } } };
        },
      }),
    );
    expect(await screen.findByTestId("unread-badge")).toHaveTextContent("4");
    await u.click(await screen.findByRole("button", { name: "Mais ações da conversa" }));
    expect(screen.getAllByRole("menuitem").map((item) => item.textContent)).toEqual(["Denunciar", "Silenciar", "Bloquear"]);
    await u.click(screen.getByRole("menuitem", { name: "Silenciar" }));
    const dialog = await screen.findByRole("dialog", { name: "Silenciar Bia?" });
    expect(within(dialog).getByRole("radio", { name: "1 dia" })).toBeChecked();
    await u.click(within(dialog).getByRole("radio", { name: "7 dias" }));
    await u.click(within(dialog).getByRole("button", { name: "Silenciar" }));
    expect(await findToast("Bia foi silenciada")).toBeInTheDocument();
    expect(calls.find((c) => c.operationName === "MuteMember")?.variables).toEqual({ userId: 9, days: 7 });
    await waitFor(() => expect(screen.queryByTestId("unread-badge")).not.toBeInTheDocument());
    // Nothing closes: she can still write.
    expect(screen.getByRole("textbox", { name: "Mensagem" })).toBeInTheDocument();
  });

  it("says 'Conta suspensa' when the other member is suspended, and takes no message (issue 27)", async () => {
    const suspended = { ...bia, messagingClosed: true, otherSuspended: true };
    renderApp(
      "/mensagens/5",
      handlers({ Conversations: () => ({ data: { conversations: [suspended, carla] } }), Conversation: () => ({ data: { conversation: suspended } }) }),
    );
    expect((await screen.findAllByText("Conta suspensa")).length).toBeGreaterThan(0);
    expect(screen.queryByRole("textbox", { name: "Mensagem" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Bloquear" })).not.toBeInTheDocument();
  });

  it("'Denunciar mensagem' under her message opens the report dialog for that message (issue 27)", async () => {
    const u = userEvent.setup();
    renderApp("/mensagens/5", handlers());
    const report = (await screen.findAllByRole("button", { name: "Denunciar mensagem" }))[0];
    await u.click(report);
    expect(await screen.findByRole("dialog", { name: "Denunciar Mensagem" })).toBeInTheDocument();
  });

  it("'Silenciar avisos desta conversa' mutes its notices (the messages still come), and 'Reativar avisos desta conversa' brings them back", async () => {
    const u = userEvent.setup();
    let muted = false;
    const payload = (noticesMuted: boolean) => ({ __typename: "ConversationNoticesPayload", conversationId: 5, noticesMuted });
    const { calls } = renderApp(
      "/mensagens/5",
      handlers({
        ConversationNotices: (v) => ({ data: { conversation: { __typename: "Conversation", id: v.id, noticesMuted: muted } } }),
        MuteConversationNotices: () => {
          muted = true;
          return { data: { muteConversationNotices: payload(true) } };
        },
        UnmuteConversationNotices: () => {
          muted = false;
          return { data: { unmuteConversationNotices: payload(false) } };
        },
      }),
    );
    expect(await screen.findByRole("textbox", { name: "Mensagem" })).toBeInTheDocument();
    const menu = await screen.findByRole("button", { name: "Mais ações da conversa" });
    await u.click(menu);
    await u.click(await screen.findByRole("menuitem", { name: "Silenciar avisos desta conversa" }));
    expect(await findToast("Avisos desta conversa silenciados")).toBeInTheDocument();
    expect(calls.find((c) => c.operationName === "MuteConversationNotices")?.variables).toEqual({ conversationId: 5 });
    expect(screen.getByRole("textbox", { name: "Mensagem" })).toBeInTheDocument();

    await u.click(menu);
    await u.click(await screen.findByRole("menuitem", { name: "Reativar avisos desta conversa" }));
    expect(await findToast("Avisos desta conversa reativados")).toBeInTheDocument();
    expect(calls.find((c) => c.operationName === "UnmuteConversationNotices")?.variables).toEqual({ conversationId: 5 });
    await u.click(menu);
    expect(await screen.findByRole("menuitem", { name: "Silenciar avisos desta conversa" })).toBeInTheDocument();
  });
});
