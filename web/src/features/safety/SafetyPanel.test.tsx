import { ApolloProvider } from "@apollo/client/react";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { findToastText, renderUi } from "../../lib/renderUi";
import { createTestClient, type Handler } from "../../test/renderApp";
import { BlockDialog, type BlockTarget } from "./BlockDialog";
import { MuteDialog, type MuteTarget } from "./MuteDialog";
import { SafetyPanel } from "./SafetyPanel";

type Blocked = { __typename: "BlockedMember"; id: number; displayName: string; blockedAt: string };
type Muted = { __typename: "MemberMute"; userId: number; displayName: string; mutedUntil: string | null };

function settingsServer(initial: { conversationsFrom: string; blocks: Blocked[]; mutes?: Muted[] }) {
  const state = { ...initial, blocks: [...initial.blocks], mutes: [...(initial.mutes ?? [])] };
  const handlers: Record<string, Handler> = {
    SafetySettings: () => ({
      data: { profile: { __typename: "Profile", id: 7, conversationsFrom: state.conversationsFrom }, myBlocks: state.blocks, myMutes: state.mutes },
    }),
    SetConversationsFrom: (v) => {
      state.conversationsFrom = v.value as string;
      return { data: { setConversationsFrom: { __typename: "ConversationsFromPayload", conversationsFrom: v.value } } };
    },
    UnmuteMember: (v) => {
      state.mutes = state.mutes.filter((m) => m.userId !== v.userId);
      return { data: { unmuteMember: { __typename: "SafetyPayload", success: true, userId: v.userId } } };
    },
    UnblockMember: (v) => {
      state.blocks = state.blocks.filter((b) => b.id !== v.userId);
      return { data: { unblockMember: { __typename: "SafetyPayload", success: true, userId: v.userId } } };
    },
  };
  return { state, handlers };
}

const bia: Blocked = { __typename: "BlockedMember", id: 21, displayName: "Bia", blockedAt: "2026-03-10T12:00:00.000Z" };

describe("SafetyPanel on /perfil", () => {
  it("shows 'Quem pode iniciar conversa comigo' with the three choices and saves the one she picks", async () => {
    const u = userEvent.setup();
    const { state, handlers } = settingsServer({ conversationsFrom: "everyone", blocks: [] });
    const { client, calls } = createTestClient(handlers);
    renderUi(
      <ApolloProvider client={client}>
        <SafetyPanel />
      </ApolloProvider>,
    );
    const group = await screen.findByRole("group", { name: "Quem pode iniciar conversa comigo" });
    expect(within(group).getByRole("radio", { name: "todas as sócias" })).toBeChecked();
    expect(within(group).getByRole("radio", { name: "só quem tem perfil completo" })).not.toBeChecked();
    await u.click(within(group).getByRole("radio", { name: "ninguém por enquanto" }));
    await findToastText("Preferência salva");
    expect(calls.find((c) => c.operationName === "SetConversationsFrom")?.variables).toEqual({ value: "nobody" });
    expect(state.conversationsFrom).toBe("nobody");
    expect(await within(group).findByRole("radio", { name: "ninguém por enquanto" })).toBeChecked();
    expect(screen.getByText("Você não bloqueou ninguém.")).toBeInTheDocument();
    expect(screen.getByText("Você não silenciou ninguém.")).toBeInTheDocument();
  });

  it("lists the members she muted with until when, and 'Reativar notificações' ends a mute", async () => {
    const u = userEvent.setup();
    const mutes: Muted[] = [
      { __typename: "MemberMute", userId: 22, displayName: "Carla", mutedUntil: "2026-03-17T15:30:00.000Z" },
      { __typename: "MemberMute", userId: 23, displayName: "Duda", mutedUntil: null },
    ];
    const { handlers } = settingsServer({ conversationsFrom: "everyone", blocks: [], mutes });
    const { client, calls } = createTestClient(handlers);
    renderUi(
      <ApolloProvider client={client}>
        <SafetyPanel />
      </ApolloProvider>,
    );
    const list = await screen.findByRole("list", { name: "Sócias silenciadas" });
    // The product's clock (São Paulo): 15:30 UTC is 12:30 there.
    expect(within(list).getByText("Silenciada até 17/03/2026 às 12:30")).toBeInTheDocument();
    expect(within(list).getByText("Silenciada até você reativar")).toBeInTheDocument();
    await u.click(within(list).getByRole("button", { name: "Reativar notificações de Carla" }));
    await findToastText("Notificações de Carla reativadas");
    expect(calls.find((c) => c.operationName === "UnmuteMember")?.variables).toEqual({ userId: 22 });
    await waitFor(() => expect(within(list).queryByText("Carla")).not.toBeInTheDocument());
    expect(within(list).getByText("Duda")).toBeInTheDocument();
  });

  it("lists the members she blocked and unblocks one with 'Desbloquear'", async () => {
    const u = userEvent.setup();
    const { handlers } = settingsServer({ conversationsFrom: "everyone", blocks: [bia] });
    const { client, calls } = createTestClient(handlers);
    renderUi(
      <ApolloProvider client={client}>
        <SafetyPanel />
      </ApolloProvider>,
    );
    const list = await screen.findByRole("list", { name: "Sócias bloqueadas" });
    expect(within(list).getByText("Bia")).toBeInTheDocument();
    expect(within(list).getByText("Bloqueada em 10/03/2026")).toBeInTheDocument();
    await u.click(within(list).getByRole("button", { name: "Desbloquear Bia" }));
    await findToastText("Bia foi desbloqueada");
    expect(calls.find((c) => c.operationName === "UnblockMember")?.variables).toEqual({ userId: 21 });
    expect(await screen.findByText("Você não bloqueou ninguém.")).toBeInTheDocument();
  });
});

describe("BlockDialog", () => {
  function Harness({ onBlocked }: { onBlocked: (t: BlockTarget) => void }) {
    const [target, setTarget] = useState<BlockTarget | null>({ userId: 21, name: "Bia" });
    return <BlockDialog target={target} onClose={() => setTarget(null)} onBlocked={onBlocked} />;
  }

  it("asks once more, then blocks and says so", async () => {
    const u = userEvent.setup();
    const blocked: BlockTarget[] = [];
    const { client, calls } = createTestClient({
      BlockMember: (v) => ({ data: { blockMember: { __typename: "SafetyPayload", success: true, userId: v.userId } } }),
    });
    renderUi(
      <ApolloProvider client={client}>
        <Harness onBlocked={(t) => blocked.push(t)} />
      </ApolloProvider>,
    );
    const dialog = screen.getByRole("dialog", { name: "Bloquear Bia?" });
    expect(dialog).toHaveTextContent("Ela não é avisada.");
    await u.click(within(dialog).getByRole("button", { name: "Bloquear" }));
    await findToastText("Bia foi bloqueada");
    expect(calls.find((c) => c.operationName === "BlockMember")?.variables).toEqual({ userId: 21 });
    expect(blocked).toEqual([{ userId: 21, name: "Bia" }]);
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("shows the server's refusal and stays open", async () => {
    const u = userEvent.setup();
    const { client } = createTestClient({
      BlockMember: () => ({ data: { blockMember: { __typename: "AppError", code: "SAFETY_TARGET_INVALID", message: "Não é possível bloquear a equipe do Clube Coroa." } } }),
    });
    renderUi(
      <ApolloProvider client={client}>
        <Harness onBlocked={() => undefined} />
      </ApolloProvider>,
    );
    await u.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Bloquear" }));
    await findToastText("Não é possível bloquear a equipe do Clube Coroa.");
    expect(screen.getByRole("dialog", { name: "Bloquear Bia?" })).toBeInTheDocument();
  });
});

describe("MuteDialog", () => {
  function Harness({ onMuted }: { onMuted: (t: MuteTarget) => void }) {
    const [target, setTarget] = useState<MuteTarget | null>({ userId: 21, name: "Bia" });
    return <MuteDialog target={target} onClose={() => setTarget(null)} onMuted={onMuted} />;
  }

  for (const [choice, days] of [["1 dia", 1], ["7 dias", 7], ["Até eu reativar", null]] as const) {
    it(`mutes for '${choice}' (days ${String(days)}) and says so calmly`, async () => {
      const u = userEvent.setup();
      const muted: MuteTarget[] = [];
      const { client, calls } = createTestClient({
        MuteMember: (v) => ({ data: { muteMember: { __typename: "MemberMute", userId: v.userId, displayName: "Bia", mutedUntil: null } } }),
      });
      renderUi(
        <ApolloProvider client={client}>
          <Harness onMuted={(t) => muted.push(t)} />
        </ApolloProvider>,
      );
      const dialog = screen.getByRole("dialog", { name: "Silenciar Bia?" });
      expect(dialog).toHaveTextContent("Ela não é avisada.");
      const group = within(dialog).getByRole("group", { name: "Por quanto tempo?" });
      expect(within(group).getAllByRole("radio").map((r) => r.closest("label")?.textContent)).toEqual(["1 dia", "7 dias", "Até eu reativar"]);
      await u.click(within(group).getByRole("radio", { name: choice }));
      await u.click(within(dialog).getByRole("button", { name: "Silenciar" }));
      await findToastText("Bia foi silenciada");
      expect(calls.find((c) => c.operationName === "MuteMember")?.variables).toEqual({ userId: 21, days });
      expect(muted).toEqual([{ userId: 21, name: "Bia" }]);
      expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    });
  }

  it("shows the server's refusal and stays open", async () => {
    const u = userEvent.setup();
    const { client } = createTestClient({
      MuteMember: () => ({ data: { muteMember: { __typename: "AppError", code: "SAFETY_TARGET_INVALID", message: "Não é possível silenciar a equipe do Clube Coroa.", fieldErrors: null } } }),
    });
    renderUi(
      <ApolloProvider client={client}>
        <Harness onMuted={() => undefined} />
      </ApolloProvider>,
    );
    await u.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Silenciar" }));
    await findToastText("Não é possível silenciar a equipe do Clube Coroa.");
    expect(screen.getByRole("dialog", { name: "Silenciar Bia?" })).toBeInTheDocument();
  });
});
