/**
 * Texts of 'Silenciar' (issue 27; docs/decisions/0252): lighter than a block, said calmly. Loaded
 * with the mute dialog and the /perfil panel, not with the board's first screen.
 */
export const MUTE_TEXTS = {
  muteTitle: (name: string) => `Silenciar ${name}?`,
  muteText:
    "As mensagens dela continuam chegando na conversa, sem aviso, notificação ou contagem de não lidas. Ela não é avisada. Você pode reativar em Meu Perfil.",
  muteLengthLegend: "Por quanto tempo?",
  muteLengths: { 1: "1 dia", 7: "7 dias", forever: "Até eu reativar" },
  muteBusy: "Silenciando...",
  muted: (name: string) => `${name} foi silenciada`,
  muteFailed: "Não foi possível silenciar. Tente novamente.",
  mutedTitle: "Sócias silenciadas",
  mutedEmpty: "Você não silenciou ninguém.",
  mutedUntil: (when: string) => `Silenciada até ${when}`,
  mutedUntilLifted: "Silenciada até você reativar",
  unmute: "Reativar notificações",
  unmuted: (name: string) => `Notificações de ${name} reativadas`,
  unmuteFailed: "Não foi possível reativar as notificações. Tente novamente.",
} as const;
