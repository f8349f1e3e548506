/**
 * Texts only the sign-in page needs, added with issue 24: they load with its code, not with the
 * first load of `/` (where `WEB_TEXTS` sits).
 */
export const LOGIN_TEXTS = {
  /** A send refused for a while (resend cooldown, hourly limits): a wait, not a WhatsApp error. */
  waitTitle: "Novo token em breve",
  /** Asking again while the code this browser asked for still works (her page reloaded meanwhile). */
  codeHeldTitle: "Seu token já foi enviado",
  codeHeldText: "Digite o código que chegou ao seu WhatsApp.",
} as const;
