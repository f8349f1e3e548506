import { PRODUCT_NAME } from "@clube-coroa/schema";

/** Texts of the web client that the shared package does not hold yet (same voice: short, feminine). */
export const WEB_TEXTS = {
  tagline: "Networking exclusivo para mulheres empreendedoras",
  nav: {
    mural: "Mural",
    messages: "Mensagens",
    plans: "Planos",
    profile: "Perfil",
    admin: "Admin",
    logout: "Sair",
    login: "Entrar",
    menu: "Menu",
    menuTitle: "Navegação",
    home: `${PRODUCT_NAME}: início`,
    currentPlan: "Seu plano",
  },
  home: {
    eyebrow: "O clube de parcerias das empreendedoras",
    /** A member's greeting while her name is read. */
    hello: "Olá!",
    title: `Onde empreendedoras se coroam juntas`,
    lead: "Encontre parceiras para criar juntas, trocar serviços e se apoiar. Publique sua proposta no Mural de Parcerias e deixe a rede trabalhar por você.",
    choosePlan: "Escolher Plano",
    exploreBoard: "Explorar Mural",
    counters: { members: "Empreendedoras", collabs: "Colaborações", permutas: "Permutas", apoios: "Apoios" },
    countersLabel: "A comunidade em números",
    kindsTitle: "Três jeitos de fazer parceria",
    kinds: [
      { kind: "collab", name: "Collab", text: "Criem juntas um produto, um evento ou um conteúdo." },
      { kind: "permuta", name: "Permuta", text: "Troque o seu serviço pelo serviço de outra parceira." },
      { kind: "apoio", name: "Apoio", text: "Ofereça ou peça ajuda, sem nada em troca." },
    ],
    boardTitle: "Mural de Parcerias",
    boardSoon: "O mural está sendo preparado com carinho. Em breve você verá aqui as ofertas e os pedidos das parceiras.",
    plansTitle: "Escolha seu Plano",
    plansLead: "Comece grátis na Nobreza e suba de nível quando o seu negócio pedir.",
  },
  login: {
    title: "Entrar no clube",
    lead: "Sem senha: enviamos um código de acesso para o seu WhatsApp.",
    country: "País",
    phone: "Número de WhatsApp",
    phoneHint: "Com DDD, só os números.",
    token: "Código de 6 dígitos",
    tokenLead: (phone: string) => `Digite o código que enviamos para ${phone}.`,
    resendIn: (seconds: number) => `Reenviar Token (${seconds}s)`,
    changeNumber: "Alterar número",
    devNote: (phone: string) =>
      `Ambiente de demonstração: o WhatsApp não é enviado de verdade. O código aparece no log do servidor e em /api/dev/outbox?phone=${phone}.`,
  },
  profile: {
    title: "Meu Perfil",
    soon: "Em breve você poderá completar e editar seu perfil por aqui.",
    signedOut: "Entre para ver e completar o seu perfil.",
  },
  messages: {
    title: "Central de Mensagens",
    soon: "Em breve suas conversas com as parceiras aparecem aqui.",
    signedOut: "Entre para ver suas conversas.",
  },
  admin: {
    dashboardTitle: "Dashboard Administrativo",
    dashboardSubtitle: "Métricas e gestão da plataforma",
    simpleTitle: "Administração Simples",
    simpleSubtitle: "Gestão de Usuários",
    superUserBadge: "SuperUser",
    soon: "Os painéis desta área chegam nas próximas versões.",
    deniedTitle: "Acesso Negado",
    deniedDashboard: "Esta área é exclusiva para superusuárias.",
    deniedSimple: "Você não tem permissão para acessar esta página.",
    backHome: "Voltar ao Início",
  },
  notFound: {
    text: "O endereço que você abriu não existe ou mudou de lugar.",
    home: "Voltar ao Início",
  },
  toast: {
    close: "Fechar",
    region: "Notificações ({hotkey})",
    label: "Notificação",
  },
} as const;
