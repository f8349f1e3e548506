import { CONSENT_MESSAGES } from "@clube-coroa/schema";

/** 'Meus dados' on /perfil and the 'Atualizamos' notice (issue 30). */
export const PRIVACY_TEXTS = {
  title: "Meus dados",
  lead: "O que você autorizou, quem viu seus dados e o que acontece quando você exclui a conta.",
  loading: "Carregando seus dados...",
  loadFailed: "Não foi possível carregar seus dados.",
  retry: "Tentar novamente",
  consentsTitle: "Seus consentimentos",
  given: "Aceito",
  notGiven: "Não autorizado",
  fixedNote: CONSENT_MESSAGES.fixedNote,
  version: (version: string) => `versão de ${version.split("-").reverse().join("/")}`,
  when: (date: string | null, source: string) => (date ? `em ${date} (${SOURCE_LABELS[source] ?? source})` : "antes do registro de consentimentos"),
  readText: "Ler o texto",
  saved: (label: string, granted: boolean) => `${label}: ${granted ? "autorizado" : "revogado"}`,
  errorTitle: "Erro",
  saveFailed: "Não foi possível salvar. Tente novamente.",
  sharingTitle: "Quem viu meus dados",
  sharingLead: "Cada leitura de uma marca parceira e cada exportação da equipe que incluiu você, por dia.",
  sharingEmpty: "Ninguém viu seus dados até agora.",
  reads: (count: number) => (count === 1 ? "1 leitura" : `${count} leituras`),
  deletionTitle: "Se você excluir a conta",
  deletion: [
    "Seu perfil, suas fotos, suas propostas, suas curtidas, seus consentimentos e este registro são apagados na hora.",
    "Nas conversas com outras sócias, suas mensagens são trocadas por “mensagem removida”: a conversa continua com ela.",
    "As cobranças dos seus pagamentos ficam guardadas pela empresa de pagamentos pelo prazo que a lei fiscal exige; no clube, seus pagamentos são apagados junto com a conta.",
  ],
  updateRegion: "Atualização dos termos",
  updateTitle: "Atualizamos nossos textos",
  updateLead: "Leia o que mudou e aceite para continuar de acordo. Suas mensagens e o clube seguem disponíveis.",
  accept: "Aceitar",
  accepted: "Obrigada! Registramos seu aceite.",
} as const;

const SOURCE_LABELS: Record<string, string> = {
  perfil: "no perfil",
  "meus-dados": "em Meus dados",
  "notificacoes-push": "ao ativar notificações",
};
