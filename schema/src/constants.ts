/** The product's working name: change it here and everywhere follows. */
export const PRODUCT_NAME = "Clube Coroa";
/** Browser storage keys are named for the product (spec part 1 section 3). */
export const STORAGE_PREFIX = "clubecoroa";

export const PLANS = ["nobreza", "alteza", "majestade", "imperatriz"] as const;
export type PlanName = (typeof PLANS)[number];
export const PLAN_RANK: Record<PlanName, number> = { nobreza: 1, alteza: 2, majestade: 3, imperatriz: 4 };
export const PAID_PLANS: readonly PlanName[] = ["alteza", "majestade", "imperatriz"];

/** Prices in integer cents (spec part 2 section 9). */
export const PLAN_PRICES_CENTS: Record<PlanName, { monthly: number; annualPerMonth: number }> = {
  nobreza: { monthly: 0, annualPerMonth: 0 },
  alteza: { monthly: 2790, annualPerMonth: 2511 },
  majestade: { monthly: 4490, annualPerMonth: 4041 },
  imperatriz: { monthly: 6990, annualPerMonth: 6291 },
};

export const OFFER_TYPES = ["collab", "permuta", "apoio"] as const;
export type OfferTypeName = (typeof OFFER_TYPES)[number];
export const POST_TYPES = ["oferta", "pedido"] as const;
export type PostTypeName = (typeof POST_TYPES)[number];

export const REPORT_REASONS = ["spam", "inappropriate", "fake", "scam", "harassment", "other"] as const;
export type ReportReasonName = (typeof REPORT_REASONS)[number];
export const REPORT_STATUSES = ["pending", "resolved", "dismissed"] as const;

/** Timings and limits of spec part 1 section 9 and part 2 section 9, in milliseconds unless named. */
export const TIMINGS = {
  sessionInitDelayMs: 50,
  loadingTimeoutMs: 5000,
  loginRedirectCompleteMs: 1000,
  loginRedirectIncompleteMs: 1500,
  completeProfileToastMs: 4000,
  redirectAfterProfileMs: 1500,
  logoutRedirectMs: 1000,
  userRefreshMs: 120_000,
  toastDurationMs: 5000,
  toastSwipeThresholdPx: 50,
  newMessagePopupMs: 8000,
  newMessagePopupCloseMs: 300,
  likePulseMs: 300,
  bannerRotationMs: 10_000,
  motivationalPopupDelayMs: 3000,
  motivationalPopupEveryMs: 24 * 60 * 60 * 1000,
} as const;

export const LIMITS = {
  tokenLength: 6,
  minimumAge: 18,
  /** Older than this, a birth date is a typing slip (issue 15: 1890 was accepted). */
  maximumAge: 120,
  cpfDigits: 11,
  cepDigits: 8,
  miniBioMax: 500,
  messageMax: 2000,
  offerTitle: { min: 10, max: 120, warnAbove: 100 },
  offerDescription: { min: 30, max: 1500, warnAbove: 1300 },
  offerCategories: { min: 1, max: 3 },
  offerSteps: 6,
  longDescriptionNote: 200,
  likeColourSaturation: 20,
  unreadBadgeCap: 99,
  promoCodeMin: 5,
  /** The description a report with reason 'other' needs. */
  reportCustomReason: { min: 5, max: 500, warnAbove: 450 },
} as const;

export const REFERRAL_PREFIX = "kc";
export const referralCodeFor = (userId: number) => `${REFERRAL_PREFIX}${userId}`;
/** Reads `kc123` as 123; anything else is not a referral code. */
export function userIdFromReferralCode(code: string | null | undefined): number | null {
  const match = /^kc(\d{1,9})$/i.exec((code ?? "").trim());
  return match ? Number(match[1]) : null;
}

/** The nine professional activities (spec part 1 section 9). */
export const PROFESSIONAL_ACTIVITIES = [
  "Marketing & Comunicação",
  "Vendas & Negociação",
  "Finanças & Gestão de Negócios",
  "Tecnologia & Inovação",
  "Liderança & Empreendedorismo",
  "Saúde & Bem-Estar",
  "Criatividade & Design",
  "Desenvolv. Pessoal & Intelig. Emocional",
  "Sustentabilidade & Impacto Social",
] as const;

/** Sixteen interests: the nine activities plus seven others (spec part 1 sections 5 and 9). */
export const INTERESTS = [
  ...PROFESSIONAL_ACTIVITIES,
  "Leitura & Escrita",
  "Pensamento Crítico & Debates",
  "Cinema, Séries & Podcasts",
  "Voluntariado",
  "Atividades Físicas",
  "Movimento & Dança",
  "Natureza & Aventura",
] as const;

/** The 59 category names of the proposal form (spec part 1 section 5). */
export const OFFER_CATEGORIES = [
  "Moda", "Design", "Marketing", "Tecnologia", "Alimentação", "Beleza", "Educação", "Saúde",
  "Bem-estar", "Artesanato", "Fotografia", "Consultoria", "Finanças", "Jurídico", "Contabilidade",
  "Arquitetura", "Decoração", "Eventos", "Turismo", "Gastronomia", "Confeitaria", "Estética",
  "Cosméticos", "Joias e Acessórios", "Música", "Arte", "Audiovisual", "Comunicação",
  "Redes Sociais", "Vendas", "E-commerce", "Logística", "Recursos Humanos", "Coaching",
  "Psicologia", "Nutrição", "Fitness", "Terapias Integrativas", "Pets", "Infantil", "Maternidade",
  "Sustentabilidade", "Agricultura", "Imobiliário", "Construção", "Limpeza", "Costura",
  "Papelaria", "Escrita", "Tradução", "Idiomas", "Desenvolvimento de Software",
  "Dados e Análise", "Inovação Social", "Impacto Social", "Empreendedorismo", "Liderança",
  "Energia Renovável", "Biotecnologia",
] as const;

export function slugify(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " e ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

export type OfferCategoryName = (typeof OFFER_CATEGORIES)[number];

/**
 * The board's broader category filters: each of the 59 form categories belongs to exactly one
 * group (see docs/decisions/0017-category-filter.md). Filtering by a group shows offers with any of its categories.
 */
export const BOARD_CATEGORY_GROUPS = {
  servicos: [
    "Beleza", "Estética", "Educação", "Saúde", "Bem-estar", "Fotografia", "Arquitetura", "Eventos",
    "Turismo", "Coaching", "Psicologia", "Nutrição", "Fitness", "Terapias Integrativas", "Pets",
    "Infantil", "Maternidade", "Construção", "Limpeza", "Escrita", "Tradução", "Idiomas", "Logística",
  ],
  produtos: [
    "Moda", "Artesanato", "Alimentação", "Gastronomia", "Confeitaria", "Cosméticos",
    "Joias e Acessórios", "Papelaria", "Costura", "Decoração", "Agricultura",
  ],
  negocios: [
    "Consultoria", "Finanças", "Jurídico", "Contabilidade", "Vendas", "Recursos Humanos",
    "Imobiliário", "Empreendedorismo", "Liderança",
  ],
  digital: [
    "Design", "Marketing", "Tecnologia", "Comunicação", "Redes Sociais", "E-commerce", "Audiovisual",
    "Desenvolvimento de Software", "Dados e Análise",
  ],
  outros: ["Música", "Arte", "Sustentabilidade", "Inovação Social", "Impacto Social", "Energia Renovável", "Biotecnologia"],
} as const satisfies Record<string, readonly OfferCategoryName[]>;

export type BoardCategoryGroup = keyof typeof BOARD_CATEGORY_GROUPS;

/** The board's category filter: a slug for each form category, the five groups, and 'all'. */
export const BOARD_CATEGORY_SLUGS = [
  "all",
  ...OFFER_CATEGORIES.map(slugify),
  ...(Object.keys(BOARD_CATEGORY_GROUPS) as BoardCategoryGroup[]),
] as const;

/** The form's category names a board slug stands for: one name, a group's names, or none. */
export function categoriesForBoardSlug(slug: string): OfferCategoryName[] {
  const key = slug.trim().toLowerCase();
  if (Object.hasOwn(BOARD_CATEGORY_GROUPS, key)) return [...BOARD_CATEGORY_GROUPS[key as BoardCategoryGroup]];
  return OFFER_CATEGORIES.filter((name) => slugify(name) === key);
}

export const BRAZILIAN_STATES = [
  ["AC", "Acre"], ["AL", "Alagoas"], ["AP", "Amapá"], ["AM", "Amazonas"], ["BA", "Bahia"],
  ["CE", "Ceará"], ["DF", "Distrito Federal"], ["ES", "Espírito Santo"], ["GO", "Goiás"],
  ["MA", "Maranhão"], ["MT", "Mato Grosso"], ["MS", "Mato Grosso do Sul"], ["MG", "Minas Gerais"],
  ["PA", "Pará"], ["PB", "Paraíba"], ["PR", "Paraná"], ["PE", "Pernambuco"], ["PI", "Piauí"],
  ["RJ", "Rio de Janeiro"], ["RN", "Rio Grande do Norte"], ["RS", "Rio Grande do Sul"],
  ["RO", "Rondônia"], ["RR", "Roraima"], ["SC", "Santa Catarina"], ["SP", "São Paulo"],
  ["SE", "Sergipe"], ["TO", "Tocantins"],
] as const;

/** Sponsor filters (spec part 2 section 9). */
export const SPONSOR_FILTERS = {
  region: ["norte", "nordeste", "centro-oeste", "sudeste", "sul"],
  businessType: ["produto", "serviço"],
  serviceType: ["presencial", "online", "híbrido"],
  profile: ["deseja-empreender", "iniciante", "avançada"],
  age: ["18-25", "26-35", "36-45", "46+"],
} as const;

/** The product's calendar: monthly limits and "last 30 days" are counted in this zone. */
export const PRODUCT_TIME_ZONE = "America/Sao_Paulo";
