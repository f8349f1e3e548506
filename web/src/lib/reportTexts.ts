import type { ReportReasonName } from "@clube-coroa/schema";

/** Texts of the 'Denunciar Publicação' dialog (spec part 2 sections 2, 4, 5, 8); the staff's reports list (features/admin) names the reasons with them too. */
export const REPORT_TEXTS = {
  title: "Denunciar Publicação",
  intro: (title: string) => `Conte o que há de errado com "${title}". A autora não saberá quem denunciou.`,
  /** A member, from her profile or a conversation (issue 27). */
  report: "Denunciar",
  memberTitle: "Denunciar Sócia",
  memberIntro: (name: string) => `Conte o que há de errado com ${name}. Ela não saberá quem denunciou.`,
  /** A message, from the thread (issue 27). */
  reportMessage: "Denunciar mensagem",
  messageTitle: "Denunciar Mensagem",
  messageIntro: (name: string) => `Conte o que há de errado nesta mensagem de ${name}. A equipe guarda uma cópia dela; ${name} não saberá quem denunciou.`,
  /** After a report of a member or message: blocking her, offered in the same dialog. */
  sentBlockOffer: (name: string) => `Nossa equipe vai analisar. Quer também bloquear ${name}? Vocês não trocarão mais mensagens, e ela não é avisada.`,
  blockNow: (name: string) => `Bloquear ${name}`,
  notNow: "Agora não",
  reasonLegend: "Motivo da denúncia",
  reasons: {
    spam: "Spam",
    inappropriate: "Conteúdo inapropriado",
    fake: "Perfil falso",
    scam: "Golpe",
    harassment: "Assédio",
    other: "Outro",
  } satisfies Record<ReportReasonName, string>,
  reasonHints: {
    spam: "Propaganda repetida ou sem relação com parcerias.",
    inappropriate: "Conteúdo ofensivo, impróprio ou fora das regras do clube.",
    fake: "A autora não parece ser quem diz ser.",
    scam: "Pedido de dinheiro, promessa enganosa ou tentativa de fraude.",
    harassment: "Ataques, ameaças ou insistência indesejada.",
    other: "Descreva o que aconteceu.",
  } satisfies Record<ReportReasonName, string>,
  reasonRequired: "Selecione um motivo",
  descriptionLabel: "Descreva o motivo",
  descriptionPlaceholder: "Conte com suas palavras o que há de errado nesta publicação.",
  descriptionRequired: "Descreva o motivo da denúncia",
  descriptionTooLong: (max: number) => `A descrição deve ter no máximo ${max} caracteres`,
  submit: "Enviar Denúncia",
  submitting: "Enviando...",
  cancel: "Cancelar",
  close: "Fechar janela",
  sentTitle: "Denúncia enviada",
  sentText: "Nossa equipe vai analisar a publicação.",
  errorTitle: "Erro",
  errorText: "Não foi possível enviar a denúncia. Tente novamente.",
} as const;
