import { CombinedGraphQLErrors } from "@apollo/client/errors";
import {
  asPlan,
  BOARD_CATEGORY_GROUPS,
  BRAZILIAN_STATES,
  OFFER_CATEGORIES,
  mayContact,
  mayOpenProfiles,
  OFFER_TYPES,
  PLAN_RANK,
  PLANS,
  searchTerms,
  slugify,
  type BoardCategoryGroup,
  type OfferTypeName,
  type PlanName,
} from "@clube-coroa/schema";
import type { OfferFilter } from "../../gql/graphql";
import { httpStatusOf, isNetworkError } from "../../lib/errors";
import { BOARD_TEXTS } from "./boardTexts";

export { BOARD_PAGE_SIZE } from "./firstPage";
/** Live changes arrive in bursts: the board waits this long before asking again. */
export const LIVE_REFETCH_DEBOUNCE_MS = 500;

export const ALL = "all";

export interface BoardFilters {
  state: string;
  type: string;
  category: string;
}

export const NO_FILTERS: BoardFilters = { state: ALL, type: ALL, category: ALL };

export const hasFilters = (f: BoardFilters) => f.state !== ALL || f.type !== ALL || f.category !== ALL;

/** Longest search the server takes (schema's SEARCH_MAX_CHARS); the box stops there. */
export { SEARCH_MAX_CHARS } from "@clube-coroa/schema";

/**
 * The words the board searches for, trimmed; undefined under two letters or digits (the server ignores
 * them too, and the board stays as it is).
 */
export function searchVariable(typed: string): string | undefined {
  return searchTerms(typed) ? typed.trim() : undefined;
}

const isOfferType = (value: string): value is OfferTypeName => (OFFER_TYPES as readonly string[]).includes(value);

/**
 * The filter the server receives (spec part 1 section 5): the type only when it is collab, permuta
 * or apoio; category and location only when set and not 'all'.
 */
export function filterVariables(f: BoardFilters): OfferFilter | undefined {
  const filter: OfferFilter = {};
  if (isOfferType(f.type)) filter.type = f.type;
  if (f.category && f.category !== ALL) filter.category = f.category;
  if (f.state && f.state !== ALL) filter.state = f.state;
  return Object.keys(filter).length ? filter : undefined;
}

const GROUP_LABELS: Record<BoardCategoryGroup, string> = {
  servicos: "Serviços",
  produtos: "Produtos",
  negocios: "Negócios",
  digital: "Digital",
  outros: "Outras áreas",
};
const NAME_BY_SLUG = new Map<string, string>(OFFER_CATEGORIES.map((name) => [slugify(name), name]));

/** A readable label for a board category slug ('joias-e-acessorios' → 'Joias e Acessórios'). */
export const categoryLabel = (slug: string): string =>
  slug === ALL
    ? BOARD_TEXTS.filters.allCategories
    : (NAME_BY_SLUG.get(slug) ?? GROUP_LABELS[slug as BoardCategoryGroup] ?? slug);

/** The category filter's choices: all, then the five broad areas, then every category A to Z. */
export const CATEGORY_CHOICES = {
  all: { value: ALL, label: BOARD_TEXTS.filters.allCategories },
  areas: (Object.keys(BOARD_CATEGORY_GROUPS) as BoardCategoryGroup[]).map((slug) => ({ value: slug, label: GROUP_LABELS[slug] })),
  categories: OFFER_CATEGORIES.map((name) => ({ value: slugify(name), label: name })).sort((a, b) =>
    a.label.localeCompare(b.label, "pt-BR"),
  ),
};

export const STATE_OPTIONS: { value: string; label: string }[] = [
  { value: ALL, label: BOARD_TEXTS.filters.allStates },
  ...BRAZILIAN_STATES.map(([uf, name]) => ({ value: uf, label: `${name} (${uf})` })),
];

/** The next plan up, for the upgrade prompt; null for majestade and above (the prompt is not used). */
export function nextPlan(plan: string | null | undefined): PlanName | null {
  if (!plan || !(plan in PLAN_RANK)) return null;
  const rank = PLAN_RANK[plan as PlanName];
  if (rank >= PLAN_RANK.majestade) return null;
  return PLANS.find((p) => PLAN_RANK[p] === rank + 1) ?? null;
}

/** The profile view is for the higher plans' authors; a nobreza viewer is invited to alteza instead (entitlements.ts). */
export const viewProfileNeedsUpgrade = (viewerPlan: string | null | undefined): boolean => {
  const plan = asPlan(viewerPlan);
  return plan !== null && !mayOpenProfiles(plan);
};

/** Her plan keeps her from contacting an offer of this kind (entitlements.ts: nobreza, outside apoio). */
export const contactNeedsUpgrade = (viewerPlan: string | null | undefined, type: OfferTypeName): boolean => {
  const plan = asPlan(viewerPlan);
  return plan !== null && !mayContact(plan, type);
};

/** Why the offers did not load, in the spec's words (part 1 section 8). */
export function boardErrorMessage(error: unknown): string {
  const E = BOARD_TEXTS.errors;
  if (typeof navigator !== "undefined" && navigator.onLine === false) return E.offline;
  const status = httpStatusOf(error);
  if (status !== null && ![0, 502, 503, 504].includes(status)) {
    if (status === 401) return E.unauthorized;
    if (status === 403) return E.forbidden;
    if (status === 404) return E.notFound;
    if (status === 500) return E.internal;
    return E.status(status);
  }
  if (CombinedGraphQLErrors.is(error)) {
    const code = error.errors[0]?.extensions?.code;
    if (code === "UNAUTHENTICATED") return E.unauthorized;
    if (code === "FORBIDDEN") return E.forbidden;
    return E.internal;
  }
  if (error instanceof Error && error.name === "AbortError") return E.timeout;
  if (isNetworkError(error) || status !== null) return E.network;
  return E.network;
}

/** The board's list as the cache keeps it: the loaded edges in order and where the next page starts. */
export interface BoardConnection<E extends { node: { id: number } }> {
  edges: E[];
  pageInfo: { endCursor?: string | null; hasNextPage: boolean };
}

/**
 * A fresh first page laid over the cards she has loaded (issue 24: a refresh must not drop her back
 * to 12 cards): the first page as the server sends it now, then every card she had loaded after it,
 * each once. The next page starts after the last card kept: the old cursor when her loaded cards
 * reach past the fresh page, the fresh one when they do not.
 */
export function mergeFreshFirstPage<E extends { node: { id: number } }, C extends BoardConnection<E>>(loaded: C, fresh: C): C {
  const inFresh = new Set(fresh.edges.map((e) => e.node.id));
  // Cards of the old first page that the fresh one no longer has were deleted or moved down: the old
  // first page's span is replaced as a whole, only the cards loaded beyond it are kept.
  const loadedBeyond = loaded.edges.slice(fresh.edges.length === 0 ? 0 : countUntilLast(loaded.edges, inFresh));
  const rest = loadedBeyond.filter((e) => !inFresh.has(e.node.id));
  if (rest.length === 0) return fresh;
  return { ...loaded, edges: [...fresh.edges, ...rest], pageInfo: loaded.pageInfo };
}

/** How many of the loaded edges run up to the last one the fresh page also has. */
function countUntilLast<E extends { node: { id: number } }>(edges: E[], ids: Set<number>): number {
  for (let i = edges.length - 1; i >= 0; i--) if (ids.has(edges[i]!.node.id)) return i + 1;
  return 0;
}
