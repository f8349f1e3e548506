// The words of 'Avisos' (issue 29): each entry's title and body, and where it leads in the web app.
// The server writes them into the entry (and into a push); the web shows the same words.
import { APP_ROUTES } from "./routes.js";
import type { NotificationTypeName } from "./notifications.js";

/** One entry's words and its place in the web app. */
export interface NotificationText {
  title: string;
  body: string;
  link: string;
}

/** How many members, said in Portuguese ("1 sócia", "3 sócias"). */
const members = (n: number) => (n === 1 ? "1 sócia" : `${n} sócias`);
const quoted = (title: string) => `“${title}”`;

/** Where each kind of entry leads (paths of schema's APP_ROUTES, with what the page opens). */
export const NOTIFICATION_LINKS = {
  conversation: (conversationId: number) => APP_ROUTES.conversation.replace(":id", String(conversationId)),
  /** The board opened on one offer. */
  offer: (offerId: number) => `${APP_ROUTES.home}?oferta=${offerId}`,
  /** Her plan and payments, on her profile. */
  plan: () => `${APP_ROUTES.profile}#plano`,
  /** Her profile, where her offers are listed. */
  myOffers: () => `${APP_ROUTES.profile}#ofertas`,
  /** The board (a report handled: nothing of hers to open). */
  board: () => APP_ROUTES.home,
} as const;

/** The words of each type, from what the event tells (never a phone, CPF, e-mail or address). */
export const NOTIFICATION_TEXTS = {
  /** One entry per conversation, rewritten by each message (its words do not count them). */
  new_message: (p: { senderName: string; offerTitle: string | null; conversationId: number }): NotificationText => ({
    title: `Nova mensagem de ${p.senderName}`,
    body: p.offerTitle ? `Na conversa sobre ${quoted(p.offerTitle)}.` : "Abra a conversa para responder.",
    link: NOTIFICATION_LINKS.conversation(p.conversationId),
  }),
  conversation_started: (p: { senderName: string; offerTitle: string; conversationId: number }): NotificationText => ({
    title: `${p.senderName} quer conversar sobre sua oferta`,
    body: `Uma nova conversa sobre ${quoted(p.offerTitle)} começou.`,
    link: NOTIFICATION_LINKS.conversation(p.conversationId),
  }),
  offer_liked: (p: { offerTitle: string; offerId: number; count: number }): NotificationText => ({
    title: p.count === 1 ? "1 sócia curtiu sua oferta" : `${members(p.count)} curtiram sua oferta`,
    body: `${quoted(p.offerTitle)} recebeu curtidas hoje.`,
    link: NOTIFICATION_LINKS.offer(p.offerId),
  }),
  payment_confirmed: (p: { planLabel: string }): NotificationText => ({
    title: "Pagamento confirmado",
    body: `Recebemos seu pagamento. Seu plano ${p.planLabel} está ativo.`,
    link: NOTIFICATION_LINKS.plan(),
  }),
  payment_overdue: (p: { planLabel: string }): NotificationText => ({
    title: "Pagamento em atraso",
    body: `Não recebemos o pagamento do plano ${p.planLabel}. Regularize para continuar com seus benefícios.`,
    link: NOTIFICATION_LINKS.plan(),
  }),
  plan_changed: (p: { planLabel: string; ended?: boolean }): NotificationText => ({
    title: p.ended ? "Seu plano terminou" : "Seu plano mudou",
    body: `Agora você está no plano ${p.planLabel}.`,
    link: NOTIFICATION_LINKS.plan(),
  }),
  report_handled: (p: { dismissed: boolean }): NotificationText => ({
    title: "Sua denúncia foi analisada",
    body: p.dismissed
      ? "A equipe analisou sua denúncia e não encontrou motivo para agir desta vez. Obrigada por avisar."
      : "A equipe analisou sua denúncia e tomou as providências. Obrigada por avisar.",
    link: NOTIFICATION_LINKS.board(),
  }),
  offer_hidden: (p: { offerTitle: string }): NotificationText => ({
    title: "Sua oferta está em análise",
    body: `${quoted(p.offerTitle)} saiu do quadro enquanto a equipe analisa. Avisaremos quando houver decisão.`,
    link: NOTIFICATION_LINKS.myOffers(),
  }),
  offer_restored: (p: { offerTitle: string; offerId: number }): NotificationText => ({
    title: "Sua oferta voltou ao quadro",
    body: `${quoted(p.offerTitle)} foi analisada e está visível de novo.`,
    link: NOTIFICATION_LINKS.offer(p.offerId),
  }),
  offer_removed: (p: { offerTitle: string }): NotificationText => ({
    title: "Sua oferta foi removida",
    body: `${quoted(p.offerTitle)} foi removida pela equipe por não seguir as regras do clube.`,
    link: NOTIFICATION_LINKS.myOffers(),
  }),
} satisfies Record<NotificationTypeName, (p: never) => NotificationText>;

/** The refusals of the centre and of her preferences (400). */
export const NOTIFICATION_REFUSALS = {
  cursor: "Página de avisos inválida. Recarregue a lista.",
  read: "Informe os avisos a marcar como lidos (ids) ou todos (all: true).",
  preferences: "Preferências de notificação inválidas.",
  type: (name: string) => `Tipo de aviso desconhecido: ${name}.`,
  channel: (name: string) => `Canal desconhecido: ${name}. Use inApp, push ou whatsapp.`,
  boolean: "Cada canal deve ser ligado (true) ou desligado (false).",
  quietHours: "Horário de silêncio inválido: use início e fim no formato HH:MM, ou null para desligar.",
} as const;
