import { CONVERSATIONS_FROM_LABELS, CONVERSATIONS_FROM_TITLE, ERROR_MESSAGES } from "@clube-coroa/schema";

/** Texts of block, mute and 'Quem pode iniciar conversa comigo' (issue 27). */
export const SAFETY_TEXTS = {
  block: "Bloquear",
  blockTitle: (name: string) => `Bloquear ${name}?`,
  blockText:
    "Vocês não verão mais as ofertas uma da outra e não poderão trocar mensagens. Ela não é avisada. Você pode desbloquear em Meu Perfil.",
  blockBusy: "Bloqueando...",
  blocked: (name: string) => `${name} foi bloqueada`,
  blockFailed: "Não foi possível bloquear. Tente novamente.",
  cancel: "Cancelar",
  errorTitle: "Erro",
  /** The calm notice that replaces the composer (the server's own refusal, word for word). */
  closedConversation: ERROR_MESSAGES.CONVERSATION_UNAVAILABLE,
  settingsTitle: "Segurança e privacidade",
  conversationsFromTitle: CONVERSATIONS_FROM_TITLE,
  conversationsFromLabels: CONVERSATIONS_FROM_LABELS,
  conversationsFromSaved: "Preferência salva",
  saveFailed: "Não foi possível salvar. Tente novamente.",
  blockedTitle: "Sócias bloqueadas",
  blockedEmpty: "Você não bloqueou ninguém.",
  blockedSince: (date: string) => `Bloqueada em ${date}`,
  unblock: "Desbloquear",
  unblocked: (name: string) => `${name} foi desbloqueada`,
  unblockFailed: "Não foi possível desbloquear. Tente novamente.",
  loading: "Carregando...",
  loadFailed: "Não foi possível carregar suas preferências de segurança.",
  retry: "Tentar novamente",
  /** 'Silenciar' on a card's menu, an author's profile and a conversation (the rest: muteTexts.ts, loaded with its dialog). */
  mute: "Silenciar",
  /** On a card whose author takes no new conversations for now. */
  notTakingConversations: "Não está recebendo novas conversas",
} as const;
