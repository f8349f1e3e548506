/** The logged-out landing's call to sign in (spec part 2 §2), in the club's voice. */
export const LANDING_TEXTS = {
  signIn: "Entrar no clube",
  signInNote: "Sem senha: você entra com um código no WhatsApp e começa grátis na Nobreza.",
} as const;
