// Safety between members (issue 27): who may start a conversation with her, and how long a mute lasts.
import { dayInSaoPaulo } from "./calendar.js";

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

/**
 * The server's refusals of block, mute and 'Quem pode iniciar conversa comigo' that name more than
 * their code's default (kept apart from ERROR_TEXTS: the web's first load carries none of them).
 */
export const SAFETY_REFUSALS = {
  blockSelf: "Você não pode bloquear a si mesma.",
  blockStaff: "Não é possível bloquear a equipe do Clube Coroa.",
  muteSelf: "Você não pode silenciar a si mesma.",
  muteStaff: "Não é possível silenciar a equipe do Clube Coroa.",
  muteDaysInvalid: "Escolha silenciar por 1 dia, 7 dias ou até você reativar (days: 1, 7 ou null).",
  conversationsFromInvalid: "Escolha quem pode iniciar conversa: everyone, complete_profiles ou nobody.",
  conversationsOnlyCompleteProfiles: "Esta sócia recebe novas conversas apenas de quem tem o perfil completo.",
} as const;

/** A staff suspension lasts 7 or 30 days, or (null) until the staff lift it (issue 27). */
export const SUSPENSION_DAYS = [7, 30] as const;
export type SuspensionDays = (typeof SUSPENSION_DAYS)[number] | null;

/** Texts of suspension: the sign-in refusal, what the other member of a conversation sees, the staff's refusals. */
export const SUSPENSION_TEXTS = {
  /** The sign-in refusal of a suspension with an end: 'Sua conta está suspensa até {data}.' (dd/mm/aaaa, São Paulo). */
  suspendedUntil: (until: Date) => `Sua conta está suspensa até ${dateInSaoPauloPtBr(until)}.`,
  suspended: "Sua conta está suspensa.",
  accountSuspended: "Conta suspensa",
  daysInvalid: "Escolha suspender por 7 dias, 30 dias ou por tempo indeterminado (days: 7, 30 ou null).",
  reasonRequired: "Informe o motivo da suspensão (até 500 caracteres).",
  suspendSelf: "Você não pode suspender a si mesma.",
  suspendStaff: "Não é possível suspender uma superusuária.",
  notSuspended: "Esta sócia não está suspensa.",
} as const;

/** The suspension's refusal at sign-in, with its end date when it has one. */
export const suspensionMessage = (until: Date | null) => (until ? SUSPENSION_TEXTS.suspendedUntil(until) : SUSPENSION_TEXTS.suspended);

/** A day as Brazil writes it (dd/mm/aaaa), in São Paulo's calendar. */
export function dateInSaoPauloPtBr(moment: Date): string {
  const [year, month, day] = dayInSaoPaulo(moment).split("-");
  return `${day}/${month}/${year}`;
}
