// Sponsor data ('Dados para Patrocinadores', spec part 2 sections 2, 3, 7 and 9): the filters, the
// IBGE macro-region of each state, the age bands on São Paulo's calendar, and the labels the CSV
// shows. Shared by the server (which filters and writes the file) and the web (its selects).
// Before any schema is built: the browser's CSP refuses zod's eval probe (validation/jitless.ts).
import "./validation/jitless.js";
import { z } from "zod";
import { BRAZILIAN_STATES, SPONSOR_FILTERS } from "./constants.js";

export type SponsorRegion = (typeof SPONSOR_FILTERS.region)[number];
export type SponsorAgeBand = (typeof SPONSOR_FILTERS.age)[number];
export type BrazilianUf = (typeof BRAZILIAN_STATES)[number][0];

/** IBGE's five macro-regions (Grandes Regiões), by state. */
export const UF_REGION: Record<BrazilianUf, SponsorRegion> = {
  AC: "norte", AP: "norte", AM: "norte", PA: "norte", RO: "norte", RR: "norte", TO: "norte",
  AL: "nordeste", BA: "nordeste", CE: "nordeste", MA: "nordeste", PB: "nordeste", PE: "nordeste",
  PI: "nordeste", RN: "nordeste", SE: "nordeste",
  DF: "centro-oeste", GO: "centro-oeste", MT: "centro-oeste", MS: "centro-oeste",
  ES: "sudeste", MG: "sudeste", RJ: "sudeste", SP: "sudeste",
  PR: "sul", RS: "sul", SC: "sul",
};

/**
 * The values of the `state` column that fall in a region. The profile stores a two-letter state in
 * upper case ('SP'); an older row may hold the state's name ('São Paulo'), so both are listed.
 */
export function statesOfRegion(region: SponsorRegion): string[] {
  return BRAZILIAN_STATES.filter(([uf]) => UF_REGION[uf] === region).flatMap(([uf, name]) => [uf, name]);
}

const fold = (text: string) =>
  text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .trim()
    .toLowerCase();
const REGION_BY_STATE = new Map<string, SponsorRegion>(
  BRAZILIAN_STATES.flatMap(([uf, name]) => [
    [fold(uf), UF_REGION[uf]],
    [fold(name), UF_REGION[uf]],
  ]),
);

/** The macro-region of a stored state ('SP', 'sp', 'São Paulo', 'Sao Paulo'); null when it names none. */
export function regionOfState(state: string | null | undefined): SponsorRegion | null {
  return state ? (REGION_BY_STATE.get(fold(state)) ?? null) : null;
}

/** Inclusive ages of each band; '46+' has no upper bound. */
export const AGE_BANDS: Record<SponsorAgeBand, { min: number; max: number | null }> = {
  "18-25": { min: 18, max: 25 },
  "26-35": { min: 26, max: 35 },
  "36-45": { min: 36, max: 45 },
  "46+": { min: 46, max: null },
};

/** The day (YYYY-MM-DD) `years` before `day`; a 29 February that does not exist then becomes the 28th. */
function yearsBefore(day: string, years: number): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const year = y - years;
  const lastDay = new Date(Date.UTC(year, m, 0)).getUTCDate();
  return `${String(year).padStart(4, "0")}-${String(m).padStart(2, "0")}-${String(Math.min(d, lastDay)).padStart(2, "0")}`;
}

/**
 * The birth dates (YYYY-MM-DD) of the members whose age on `today` (São Paulo's calendar) is in the
 * band: born on or before `bornOnOrBefore` and, when the band has an upper bound, after `bornAfter`.
 * Agrees with `ageOn` (whole years, she turns N on her birthday; born on 29 February, on 1 March of
 * a common year), so the filter and the age shown never disagree.
 */
export function birthDateRangeOfBand(band: SponsorAgeBand, today: string): { bornOnOrBefore: string; bornAfter: string | null } {
  const { min, max } = AGE_BANDS[band];
  return { bornOnOrBefore: yearsBefore(today, min), bornAfter: max === null ? null : yearsBefore(today, max + 1) };
}

/** Labels of the stored values, as the CSV and the table show them. */
export const SPONSOR_LABELS = {
  region: { norte: "Norte", nordeste: "Nordeste", "centro-oeste": "Centro-Oeste", sudeste: "Sudeste", sul: "Sul" },
  businessType: { produto: "Produto", serviço: "Serviço" },
  serviceType: { presencial: "Presencial", online: "Online", híbrido: "Híbrido" },
  profile: { "deseja-empreender": "Deseja empreender", iniciante: "Iniciante", avançada: "Avançada" },
} as const satisfies { [K in "region" | "businessType" | "serviceType" | "profile"]: Record<(typeof SPONSOR_FILTERS)[K][number], string> };

/**
 * The label of a stored sponsor value as the CSV, the Excel file and the admin table show it
 * ('sudeste' → 'Sudeste', 'deseja-empreender' → 'Deseja empreender'); a value with no label as it
 * is; nothing as null.
 */
export function sponsorLabel(kind: keyof typeof SPONSOR_LABELS, value: string | null | undefined): string | null {
  if (!value) return null;
  return (SPONSOR_LABELS[kind] as Record<string, string>)[value] ?? value;
}

/** The CSV's columns, in the order of spec part 2 section 7. */
export const SPONSOR_CSV_COLUMNS = [
  "Nome",
  "Telefone",
  "Email",
  "Plano",
  "Região",
  "Tipo de Negócio",
  "Idade",
  "Atendimento",
  "Perfil Empreendedor",
  "Atividade Profissional",
  "Data Cadastro",
] as const;

export type SponsorFilterKey = keyof typeof SPONSOR_FILTERS;

/** The filter each key names, for the refusal of an unknown value. */
const FILTER_NAMES: Record<SponsorFilterKey, string> = {
  region: "Região",
  businessType: "Tipo de negócio",
  serviceType: "Atendimento",
  profile: "Perfil empreendedor",
  age: "Idade",
};

/** 'Região inválida…' style refusal listing what is accepted. */
export function sponsorFilterMessage(key: SponsorFilterKey): string {
  const values = ["all", ...SPONSOR_FILTERS[key]];
  return `Filtro inválido em ${FILTER_NAMES[key]}. Use um destes valores: ${values.slice(0, -1).join(", ")} ou ${values.at(-1)}`;
}

export type SponsorFilter = { [K in SponsorFilterKey]?: (typeof SPONSOR_FILTERS)[K][number] };

/**
 * One filter value as a client sends it: missing, empty or 'all' mean no filter; the spec's values
 * are also accepted without accents or in another case ('servico', 'HIBRIDO'), since a query string
 * typed by hand often loses them. Anything else is refused with the filter's message.
 */
function filterField<K extends SponsorFilterKey>(key: K) {
  const allowed = SPONSOR_FILTERS[key] as readonly string[];
  const byFolded = new Map(allowed.map((value) => [fold(value), value]));
  return z.unknown().transform((value, ctx) => {
    if (value === undefined || value === null) return undefined;
    const text = typeof value === "string" ? fold(value) : null;
    if (text === "" || text === "all") return undefined;
    const known = text === null ? undefined : byFolded.get(text);
    if (known === undefined) {
      ctx.addIssue({ code: "custom", message: sponsorFilterMessage(key), input: value });
      return z.NEVER;
    }
    return known as (typeof SPONSOR_FILTERS)[K][number];
  }).optional();
}

/** The five filters of spec part 2 section 9, as a query string or a GraphQL input carries them. */
export const sponsorFilterSchema = z.object({
  region: filterField("region"),
  businessType: filterField("businessType"),
  serviceType: filterField("serviceType"),
  profile: filterField("profile"),
  age: filterField("age"),
});

/** The filters as a query string (no 'all'), for the CSV link of the page shown. */
export function sponsorFilterQuery(filter: SponsorFilter): string {
  const params = new URLSearchParams();
  for (const key of Object.keys(FILTER_NAMES) as SponsorFilterKey[]) {
    const value = filter[key];
    if (value) params.set(key, value);
  }
  return params.toString();
}
