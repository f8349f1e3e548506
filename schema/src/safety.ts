// Safety between members (issue 27): who may start a conversation with her, and how long a mute lasts.

/** Who may start a conversation with a member; conversations already open are not affected. */
export const CONVERSATIONS_FROM = ["everyone", "complete_profiles", "nobody"] as const;
export type ConversationsFromName = (typeof CONVERSATIONS_FROM)[number];

/** The choices on /perfil under 'Quem pode iniciar conversa comigo' (the words). */
export const CONVERSATIONS_FROM_LABELS: Record<ConversationsFromName, string> = {
  everyone: "todas as sócias",
  complete_profiles: "só quem tem perfil completo",
  nobody: "ninguém por enquanto",
};

export const CONVERSATIONS_FROM_TITLE = "Quem pode iniciar conversa comigo";

/** A mute lasts 1 day, 7 days, or (null) until she lifts it. */
export const MUTE_DAYS = [1, 7] as const;
export type MuteDays = (typeof MUTE_DAYS)[number] | null;

export const isConversationsFrom = (value: unknown): value is ConversationsFromName =>
  typeof value === "string" && (CONVERSATIONS_FROM as readonly string[]).includes(value);
