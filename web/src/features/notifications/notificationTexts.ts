// The web's words of 'Avisos' and of 'Notificações' on /perfil (issue 29). The entries' own titles,
// bodies and links come from the server (schema/src/notification-texts.ts).
import type { NotificationChannel, NotificationTypeName } from "@clube-coroa/schema";

const count = (n: number, shown: string) => (n === 1 ? "1 não lido" : `${shown} não lidos`);

export const NOTIFICATION_WEB_TEXTS = {
  title: "Avisos",
  lead: "Mensagens, curtidas, pagamentos e respostas da equipe, num só lugar.",
  signInText: "Entre para ver seus avisos.",
  /** The bell's name: what she sees (the count) is what she can say. */
  bell: (n: number, shown: string) => (n > 0 ? `Avisos, ${count(n, shown)}` : "Avisos"),
  unreadMark: "Não lido",
  listLabel: "Seus avisos",
  empty: "Nenhum aviso por aqui ainda.",
  emptyHint: "Quando alguém escrever para você, curtir suas ofertas ou quando houver novidades do seu plano, avisaremos aqui.",
  markAll: "Marcar todas como lidas",
  markedAll: "Todos os avisos foram marcados como lidos",
  loadMore: "Carregar mais",
  loadingMore: "Carregando…",
  loading: "Carregando avisos…",
  loadFailed: "Não foi possível carregar seus avisos.",
  retry: "Tentar novamente",
  errorTitle: "Algo deu errado",
  actionFailed: "Não foi possível concluir. Tente novamente.",

  preferences: {
    /** Not 'Notificações': the profile form has a section of that name (its WhatsApp switch). */
    title: "Preferências de notificação",
    lead: "Escolha o que quer saber e por onde. Os avisos no app ficam na página Avisos.",
    loading: "Carregando suas preferências…",
    loadFailed: "Não foi possível carregar suas preferências de notificação.",
    retry: "Tentar novamente",
    tableCaption: "Como você quer ser avisada de cada coisa",
    typeColumn: "Aviso",
    saved: "Preferências de notificação salvas",
    saveFailed: "Não foi possível salvar suas preferências. Tente novamente.",
    errorTitle: "Algo deu errado",
    quietTitle: "Não perturbe",
    quietSwitch: "Silenciar push e WhatsApp à noite",
    quietHint: "Os avisos continuam chegando ao app; push e WhatsApp esperam o fim do horário (horário de Brasília).",
    quietFrom: "Das",
    quietTo: "Até",
    quietSave: "Salvar horário",
    quietInvalid: "Escolha um horário de início diferente do fim.",
    whatsappNote: "O WhatsApp de novas mensagens é o mesmo interruptor 'Receber notificações pelo WhatsApp' do seu perfil.",
  },

  channels: {
    inApp: "No app",
    push: "Push",
    whatsapp: "WhatsApp",
  } satisfies Record<NotificationChannel, string>,

  types: {
    new_message: "Novas mensagens",
    conversation_started: "Conversa iniciada sobre sua oferta",
    offer_liked: "Curtidas nas suas ofertas",
    payment_confirmed: "Pagamento confirmado",
    payment_overdue: "Pagamento em atraso",
    plan_changed: "Mudança ou fim do plano",
    report_handled: "Sua denúncia foi analisada",
    offer_hidden: "Oferta em análise",
    offer_restored: "Oferta de volta ao quadro",
    offer_removed: "Oferta removida",
  } satisfies Record<NotificationTypeName, string>,
} as const;
