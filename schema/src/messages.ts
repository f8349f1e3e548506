/**
 * The product's Portuguese texts. Quoted spec texts are used exactly; the others are written in
 * the same voice (feminine forms, short). Error texts that the login page follows with
 * '. Solicite um novo token se necessário.' carry no final period.
 */
import { PRODUCT_NAME } from "./constants.js";

/** Stable error codes shared by GraphQL error results and REST `{ error, code }` bodies. */
export const ERROR_CODES = [
  "BAD_REQUEST",
  "VALIDATION",
  "PHONE_INVALID",
  "TOKEN_INVALID",
  "TOKEN_EXPIRED",
  "TOKEN_TOO_MANY_ATTEMPTS",
  "TOKEN_USED",
  "TOKEN_NOT_REQUESTED",
  "TOKEN_RESEND_COOLDOWN",
  "RATE_LIMITED_PHONE",
  "RECENT_CODE_REQUIRED",
  "RECENT_CODE_INVALID",
  "RATE_LIMITED_IP",
  "WHATSAPP_SEND_FAILED",
  "UNAUTHENTICATED",
  "FORBIDDEN",
  "USER_ID_MISMATCH",
  "CSRF",
  "NOT_FOUND",
  "PAYLOAD_TOO_LARGE",
  "INTERNAL",
  "UNSUPPORTED_MEDIA_TYPE",
  "UNAVAILABLE",
  "RATE_LIMITED",
  // profile
  "CPF_TAKEN",
  "PLAN_FEATURE",
  "PLAN_CHANGE_FORBIDDEN",
  "SUBSCRIPTION_NOT_PAID",
  "IMAGE_TOO_LARGE",
  "IMAGE_TYPE",
  "CEP_NOT_FOUND",
  "PROFILE_NOT_PUBLIC",
  // offers
  "PLAN_LIMIT",
  "AI_FAILED",
  // conversations
  "OWN_OFFER",
  "UPGRADE_REQUIRED",
  "OFFER_OWNER_MISMATCH",
  "CONVERSATION_NOT_FOUND",
  "MESSAGE_EMPTY",
  "MESSAGE_TOO_LONG",
  "MESSAGES_TOO_FAST",
  "CLIENT_MESSAGE_ID_INVALID",
  "CLIENT_MESSAGE_ID_REUSED",
  // reports
  "REPORT_REASON_REQUIRED",
  "REPORT_DESCRIPTION_REQUIRED",
  "REPORT_OWN_OFFER",
  "REPORT_TARGET_MISMATCH",
  // plans and billing
  "PROMO_INVALID",
  "PLAN_NOT_AVAILABLE",
  "ALREADY_ON_PLAN",
  "CHARGE_TOO_SMALL",
  "MIGRATION_FAILED",
  "CANCEL_FAILED",
  "PAYMENT_REFUSED",
  "PAYMENT_UNAVAILABLE",
  "CHECKOUT_IN_PROGRESS",
  "ALREADY_REGISTERED",
  "PAYMENT_NOT_PENDING",
  "WEBHOOK_UNAUTHORIZED",
  // staff tools (issue 12)
  "REPORT_NOT_PENDING",
  "ALREADY_SUPERUSER",
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const ERROR_MESSAGES: Record<ErrorCode, string> = {
  BAD_REQUEST: "Requisição inválida",
  VALIDATION: "Confira os dados informados",
  PHONE_INVALID: "Número de telefone inválido. Confira o país e o número com DDD",
  TOKEN_INVALID: "Token incorreto",
  TOKEN_EXPIRED: "Token expirado",
  TOKEN_TOO_MANY_ATTEMPTS: "Muitas tentativas incorretas com este token",
  TOKEN_USED: "Este token já foi utilizado",
  TOKEN_NOT_REQUESTED: "Nenhum token ativo para este número",
  TOKEN_RESEND_COOLDOWN: "Aguarde um pouco para pedir um novo token",
  RATE_LIMITED_PHONE: "Muitos pedidos de token para este número. Tente novamente mais tarde",
  RECENT_CODE_REQUIRED: "Este número recebeu muitos códigos na última hora. Digite um dos códigos que chegaram ao WhatsApp ou tente novamente mais tarde",
  RECENT_CODE_INVALID: "Este código não confere com os que o número recebeu na última hora",
  RATE_LIMITED_IP: "Muitas solicitações a partir desta conexão. Tente novamente mais tarde",
  WHATSAPP_SEND_FAILED: "Falha ao enviar token via WhatsApp.",
  UNAUTHENTICATED: "Sessão expirada. Faça login novamente.",
  FORBIDDEN: "Acesso negado. Verifique suas permissões.",
  USER_ID_MISMATCH: "Acesso negado. Verifique suas permissões.",
  CSRF: "Requisição bloqueada por segurança. Recarregue a página e tente novamente.",
  NOT_FOUND: "Não encontrado",
  PAYLOAD_TOO_LARGE: "Conteúdo grande demais",
  INTERNAL: "Erro interno do servidor. Tente novamente em alguns minutos.",
  UNSUPPORTED_MEDIA_TYPE: "Formato ou codificação do conteúdo não suportado",
  UNAVAILABLE: "Muitos acessos neste momento. Tente novamente em alguns segundos.",
  RATE_LIMITED: "Muitas solicitações em pouco tempo. Aguarde um pouco e tente novamente.",
  // profile
  CPF_TAKEN: "Não foi possível usar este CPF. Confira o número ou fale com o suporte.",
  PLAN_FEATURE: "Banner, link do banner, miniBio e redes sociais são exclusivos dos planos Majestade e Imperatriz",
  PLAN_CHANGE_FORBIDDEN: "Para mudar de plano, escolha um plano e conclua o pagamento.",
  SUBSCRIPTION_NOT_PAID: "Somente planos pagos podem ser cancelados",
  IMAGE_TOO_LARGE: "A imagem deve ter no máximo 5 MB",
  IMAGE_TYPE: "Envie uma imagem JPG, PNG, WebP ou GIF",
  CEP_NOT_FOUND: "CEP não encontrado",
  PROFILE_NOT_PUBLIC: "Apenas os perfis das parceiras Majestade e Imperatriz podem ser abertos.",
  // offers
  PLAN_LIMIT: "Seu plano não permite esta publicação.",
  AI_FAILED: "Não foi possível melhorar o texto no momento. Tente novamente.",
  // conversations
  OWN_OFFER: "Você não pode entrar em contato com sua própria oferta",
  UPGRADE_REQUIRED: "Faça upgrade para o plano Alteza para entrar em contato com esta oferta.",
  OFFER_OWNER_MISMATCH: "A dona da oferta informada não confere",
  CONVERSATION_NOT_FOUND: "Conversa não encontrada",
  MESSAGE_EMPTY: "A mensagem não pode estar vazia",
  MESSAGE_TOO_LONG: "A mensagem deve ter no máximo 2.000 caracteres",
  MESSAGES_TOO_FAST: "Você está enviando mensagens rápido demais. Aguarde alguns segundos e tente de novo.",
  CLIENT_MESSAGE_ID_INVALID: "Identificador da mensagem inválido: use de 1 a 64 letras, números, '-' ou '_'",
  CLIENT_MESSAGE_ID_REUSED: "Este identificador já foi usado em outra mensagem. Envie a nova mensagem com outro identificador.",
  // reports
  REPORT_REASON_REQUIRED: "Selecione um motivo",
  REPORT_DESCRIPTION_REQUIRED: "Descreva o motivo da denúncia",
  REPORT_OWN_OFFER: "Você não pode denunciar sua própria publicação",
  REPORT_TARGET_MISMATCH: "A usuária denunciada não é a autora da publicação",
  // plans and billing (spec part 2 section 8)
  PROMO_INVALID: "Código promocional inválido",
  PLAN_NOT_AVAILABLE: "O plano Imperatriz ainda não está disponível. Registre seu interesse para ser avisada.",
  ALREADY_ON_PLAN: "Você já está neste plano",
  CHARGE_TOO_SMALL: "Com este código o valor fica abaixo do mínimo de cobrança (R$ 5,00)",
  MIGRATION_FAILED: "Não foi possível cancelar a assinatura atual. Seu plano continua o mesmo: tente novamente em alguns instantes.",
  CANCEL_FAILED: "Não foi possível cancelar a assinatura. Tente novamente.",
  PAYMENT_REFUSED: "Pagamento recusado. Confira os dados ou use outra forma de pagamento.",
  PAYMENT_UNAVAILABLE: "O pagamento está indisponível no momento. Tente novamente em alguns instantes.",
  CHECKOUT_IN_PROGRESS: "Sua assinatura anterior ainda está sendo processada. Aguarde um instante.",
  ALREADY_REGISTERED: "Already registered",
  PAYMENT_NOT_PENDING: "Este pagamento não está mais pendente",
  WEBHOOK_UNAUTHORIZED: "Token do webhook inválido",
  // staff tools (issue 12)
  REPORT_NOT_PENDING: "Este relatório já foi analisado: só relatórios pendentes podem ser resolvidos ou descartados",
  ALREADY_SUPERUSER: "Este telefone já é de uma superusuária",
};

/**
 * The server's upgrade refusals by restricted action (spec part 1 section 6): the refusal's text
 * and the upgrade prompt's message. Every action is refused only to nobreza, so each names Alteza.
 */
export const UPGRADE_REQUIRED_TEXTS = {
  contact: {
    message: ERROR_MESSAGES.UPGRADE_REQUIRED,
    upgradeMessage: "Faça upgrade para o plano Alteza e converse com parceiras de Collabs e Permutas.",
  },
  message: {
    message: "Faça upgrade para o plano Alteza para enviar mensagens em conversas de Collabs e Permutas.",
    upgradeMessage: "Faça upgrade para o plano Alteza e converse com parceiras de Collabs e Permutas.",
  },
  view_profile: {
    message: "Faça upgrade para o plano Alteza para ver o perfil desta parceira.",
    upgradeMessage: "Faça upgrade para o plano Alteza e veja os perfis das parceiras Majestade e Imperatriz.",
  },
} as const;
export type UpgradeAction = keyof typeof UPGRADE_REQUIRED_TEXTS;

/** Texts of the login page and the app shell (spec part 1 sections 2, 4, 8; part 2 section 2). */
export const TEXTS = {
  loading: `Carregando ${PRODUCT_NAME}...`,
  sendToken: "Enviar Token via WhatsApp",
  sendingToken: "Enviando...",
  tokenSentTitle: "Token Enviado!",
  tokenSentDescription: "Verifique seu WhatsApp e digite o código recebido.",
  verifyToken: "Verificar Token",
  verifyingToken: "Verificando...",
  resendToken: "Reenviar Token",
  referralNotice: "Você foi indicada por uma embaixadora!",
  whatsappErrorTitle: "Erro no WhatsApp",
  whatsappErrorFallback: "Falha ao enviar token via WhatsApp.",
  errorTitle: "Erro",
  sendThrownFallback: "Falha ao enviar token. Verifique sua conexão.",
  invalidTokenTitle: "Token Inválido",
  invalidTokenFallback: "Token inválido ou expirado",
  invalidTokenSuffix: ". Solicite um novo token se necessário.",
  verifyNetworkError: "Erro de conexão. Verifique sua internet e tente novamente.",
  verify400: "Token inválido ou expirado. Solicite um novo token.",
  verifyOtherError: "Erro ao verificar token. Verifique sua conexão.",
  verifyErrorTitle: "Erro de Verificação",
  completeProfileTitle: "Complete seu cadastro",
  completeProfileDescription: "Para usufruir das funcionalidades da plataforma, é necessário completar o cadastro.",
  logoutToast: "Você foi desconectada com sucesso.",
  planAutoUpdated: "Plano atualizado automaticamente!",
  incompleteBanner: "Complete seu perfil para acessar todos os recursos da plataforma",
  incompleteBannerLink: "Completar agora",
  errorScreenTitle: "Ops! Algo deu errado",
  errorScreenText: "A página encontrou um erro inesperado. Vamos tentar corrigir isso para você.",
  errorScreenButton: "Recarregar Plataforma",
  errorScreenSupport: "Se o problema persistir, entre em contato com nosso suporte.",
  startupErrorText: "Ocorreu um erro ao carregar o aplicativo",
  startupErrorButton: "Recarregar Página",
  notFoundTitle: "Página não encontrada",
  loginLink: "Fazer Login",
} as const;
