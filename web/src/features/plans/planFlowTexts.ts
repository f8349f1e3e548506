import { PLAN_LABELS, type PlanName } from "@clube-coroa/schema";

/**
 * The plans' texts the app needs on every page (the plans flow at its root: sign-in prompt,
 * imperatriz interest, cancellation, what a downgrade takes away), apart from the dialogs' (planTexts.ts, which includes these),
 * so the first load of `/` does not carry the checkout's and the dialogs' texts.
 */
const upper = (plan: PlanName) => PLAN_LABELS[plan].toUpperCase();

export const PLAN_FLOW_TEXTS = {
  plans: {
    title: "Escolha seu Plano",
    lead: "Comece grátis na Nobreza e suba de nível quando o seu negócio pedir.",
    listLabel: "Planos",
    perMonth: "/mês",
    free: "Grátis",
    billedYearly: (total: string) => `${total} cobrados uma vez por ano`,
    annualSaving: (amount: string) => `Economize ${amount} por ano`,
    currentPlan: "Plano Atual",
    choose: "Escolher Plano",
    chooseLabel: (plan: PlanName) => `Escolher Plano ${PLAN_LABELS[plan]}`,
    comingSoon: "EM BREVE",
    priceSoon: "Preço a anunciar",
    notify: "Notificar quando disponível",
    notifying: "Registrando...",
    featuresLabel: (plan: PlanName) => `O que o plano ${PLAN_LABELS[plan]} oferece`,
    signInTitle: "Entre para assinar",
    signInText: "Entre com o seu WhatsApp para escolher um plano.",
  },
  imperatriz: {
    title: "Imperatriz: em breve",
    text: "O plano Imperatriz está sendo preparado com carinho: banner promocional, suporte prioritário e tudo do Majestade. Quer ser avisada quando ele abrir?",
    later: "Agora não",
    thanksTitle: "Obrigada pelo interesse!",
    thanksText: "Avisaremos você assim que o plano Imperatriz estiver disponível.",
    thanksAlready: "Seu interesse já estava registrado. Avisaremos você assim que o plano Imperatriz estiver disponível.",
    thanksClose: "Fechar",
    signedOut: "Você precisa estar logada para se inscrever",
    errorTitle: "Erro",
    error: "Não foi possível registrar seu interesse. Tente novamente.",
  },
  cancel: {
    done: "Assinatura cancelada",
    doneDescription: "Seu plano agora é Nobreza.",
    errorTitle: "Erro ao cancelar assinatura",
    error: "Não foi possível cancelar a assinatura. Tente novamente.",
  },
  downgrade: {
    title: (to: PlanName) => `Mudar para o plano ${upper(to)}?`,
    lead: (from: PlanName, to: PlanName) => `Ao trocar o plano ${upper(from)} pelo ${upper(to)}, você deixa de ter:`,
    profileShowcase: "Banner, miniBio e redes sociais no seu perfil",
    toFree: "Seu plano passa na hora para a Nobreza, que é gratuita.",
    toPaid: "Em seguida você escolhe como pagar o novo plano; o atual continua até o pagamento ser confirmado.",
    keep: "Manter Plano Atual",
    confirm: "Confirmar Downgrade",
    cancelling: "Cancelando...",
  },
} as const;
