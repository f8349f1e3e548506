import type { PlanName } from "@clube-coroa/schema";

export type RestrictedAction = "contact" | "message" | "view_profile" | "unlimited_posts";

const planName = (plan: PlanName) => plan.toUpperCase();

/** Texts of the board page: filters, actions, dialogs and toasts (spec part 1 sections 2, 5, 8; part 2). */
export const BOARD_TEXTS = {
  lead: "Ofertas e pedidos das parceiras do clube. Curta, filtre e chame para uma parceria.",
  filters: {
    label: "Filtros do mural",
    /** 'Filtrar' shows on a phone; the rest is said to screen readers (the toggle shares a row with the search). */
    toggle: "Filtrar",
    toggleMore: " por local e categoria",
    active: (n: number) => `${n} ${n === 1 ? "filtro ativo" : "filtros ativos"}`,
    state: "Local de Publicação",
    type: "Tipo de Publicação",
    category: "Categoria",
    allStates: "Todo o Brasil",
    allTypes: "Todos os tipos",
    allCategories: "Todas as categorias",
    areas: "Áreas",
    categories: "Categorias",
    clear: "Limpar filtros",
    tabs: "Filtrar por tipo de parceria",
    tabAll: "Todos",
  },
  /** The board's search (issue 28). */
  search: {
    label: "Buscar no mural",
    placeholder: "Buscar: bolo, fotografia…",
    clear: "Limpar busca",
    results: (q: string) => `Resultados para “${q}”, os mais próximos primeiro`,
    emptyTitle: "Nada encontrado",
    empty: (q: string) => `Nenhuma publicação encontrada para “${q}”. Tente outras palavras ou menos filtros.`,
  },
  more: "Ver mais",
  /** 'Minhas Publicações' (issue 24): her own offers in one place. */
  mine: {
    group: "Suas publicações",
    tab: "Minhas Publicações",
  },
  loadingMore: "Carregando...",
  publish: "Publicar",
  justPublished: "Sua nova publicação",
  justPublishedNote: "Ela fica aqui no topo para você. No mural, as publicações seguem a ordem dos planos.",
  publishLabel: "Publicar nova proposta",
  notSignedIn: "Usuário não autenticado - faça login novamente",
  errorTitle: "Erro",
  likeFailed: "Falha ao curtir oferta. Tente novamente.",
  createFailed: "Falha ao publicar oferta. Tente novamente.",
  updateFailed: "Falha ao atualizar oferta. Tente novamente.",
  updateNoPermission: "Você não tem permissão para editar esta oferta.",
  sessionExpired: "Sessão expirada. Faça login novamente.",
  updatedTitle: "Oferta Atualizada!",
  updatedText: "Sua oferta foi atualizada com sucesso.",
  deleteTitle: "Excluir oferta?",
  deleteText: (title: string) => `A oferta "${title}" sairá do mural para sempre. Esta ação não pode ser desfeita.`,
  deleteConfirm: "Excluir",
  deleting: "Excluindo...",
  cancel: "Cancelar",
  deletedTitle: "Sucesso",
  deletedText: "Oferta excluída com sucesso.",
  deleteFailed: "Não foi possível excluir a oferta",
  ownContactTitle: "Não é possível",
  ownContactText: "Você não pode entrar em contato com sua própria oferta",
  conversationStarted: "Conversa iniciada!",
  conversationFailed: "Não foi possível iniciar a conversa",
  improveFallback: "Erro ao melhorar texto com IA",
  planLimit: {
    title: "Limitação do Plano",
    plans: "Ver Planos",
    close: "Fechar",
  },
  upgrade: {
    title: (plan: PlanName) => `Desbloqueie com o plano ${planName(plan)}`,
    text: {
      contact: "No plano NOBREZA você pode entrar em contato com ofertas de Apoio. Para pedir Collabs e Permutas, suba de plano.",
      message: "Seu plano ainda não permite enviar mensagens para esta parceira.",
      view_profile: "Ver o perfil completo das parceiras é um recurso dos planos superiores.",
      unlimited_posts: "Você atingiu o limite de publicações do seu plano.",
    } satisfies Record<RestrictedAction, string>,
    benefit: (plan: PlanName) => `Com o plano ${planName(plan)} você conversa com mais parceiras e publica mais propostas.`,
    cta: (plan: PlanName) => `Conhecer o plano ${planName(plan)}`,
    later: "Agora não",
  },
  errors: {
    offline: "Sem conexão com a internet. Verifique sua rede e tente novamente.",
    unauthorized: "Sessão expirada. Faça login novamente.",
    forbidden: "Acesso negado. Verifique suas permissões.",
    notFound: "Serviço temporariamente indisponível.",
    internal: "Erro interno do servidor. Tente novamente em alguns minutos.",
    status: (status: number) => `Erro ${status}: Falha ao carregar ofertas`,
    timeout: "Carregamento cancelado. Tente novamente.",
    network: "Erro de rede. Verifique sua conexão e tente novamente.",
  },
} as const;
