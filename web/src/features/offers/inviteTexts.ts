/**
 * The invitation a visitor meets when she likes, contacts, reports or publishes (issue 24): warm, not
 * an error. Loaded with its dialog, not with the board.
 */
export type InviteAction = "like" | "contact" | "profile" | "report" | "publish";

export const INVITE_TEXTS = {
  title: {
    like: "Gostou desta oferta?",
    contact: "Vamos fazer esta parceria?",
    profile: "Conheça esta parceira",
    report: "Entre para denunciar",
    publish: "Publique no mural",
  } satisfies Record<InviteAction, string>,
  text: "Entre com o seu WhatsApp para curtir, conversar com as parceiras e publicar as suas propostas. Sem senha: enviamos um código.",
  back: "Depois de entrar, você volta para esta oferta.",
  signIn: "Entrar com WhatsApp",
  later: "Agora não",
  close: "Fechar janela",
} as const;
