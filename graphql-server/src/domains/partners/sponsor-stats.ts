import { PARTNER_MIN_GROUP_SIZE, PLANS, SPONSOR_FILTERS, type SponsorFilter, type SponsorFilterKey } from "@clube-coroa/schema";

/** Groups (and totals) under this many members are answered as null, so no one can be singled out (the guides say it). */
export const MIN_GROUP_SIZE = PARTNER_MIN_GROUP_SIZE;
/** The key of the group of members without a value (no state, no birth date, no business type...). */
export const UNKNOWN_GROUP = "não-informado";

export interface SponsorStatGroupDTO {
  key: string;
  count: number | null;
}

export interface SponsorStatsDTO {
  total: number | null;
  byRegion: SponsorStatGroupDTO[];
  byPlan: SponsorStatGroupDTO[];
  byBusinessType: SponsorStatGroupDTO[];
  byServiceType: SponsorStatGroupDTO[];
  byProfile: SponsorStatGroupDTO[];
  byAgeBand: SponsorStatGroupDTO[];
}

export type Dimension = "region" | "plan" | "business" | "service" | "profile" | "band";

/** The groupings of sponsorStats, in the order of its fields; `plan` groups but is not a filter. */
export const DIMENSIONS: { dim: Dimension; field: keyof Omit<SponsorStatsDTO, "total">; known: readonly string[]; filter?: SponsorFilterKey }[] = [
  { dim: "region", field: "byRegion", known: SPONSOR_FILTERS.region, filter: "region" },
  { dim: "plan", field: "byPlan", known: PLANS },
  { dim: "business", field: "byBusinessType", known: SPONSOR_FILTERS.businessType, filter: "businessType" },
  { dim: "service", field: "byServiceType", known: SPONSOR_FILTERS.serviceType, filter: "serviceType" },
  { dim: "profile", field: "byProfile", known: SPONSOR_FILTERS.profile, filter: "profile" },
  { dim: "band", field: "byAgeBand", known: SPONSOR_FILTERS.age, filter: "age" },
];

/** Every unordered pair of dimensions, in DIMENSIONS order: the cross-tables a one-filter answer shows. */
export const DIMENSION_PAIRS: [Dimension, Dimension][] = DIMENSIONS.flatMap(({ dim: a }, i) => DIMENSIONS.slice(i + 1).map(({ dim: b }): [Dimension, Dimension] => [a, b]));

const pairKey = (a: Dimension, b: Dimension) => `${a}|${b}`;
const cellKey = (v: string, w: string) => `${v}\u0000${w}`;

/**
 * What the club's members are, counted once for every answer: the total, each dimension's groups
 * and each pair of dimensions' cross-table (members without a value under UNKNOWN_GROUP).
 */
export class ClubCounts {
  total = 0;
  private readonly groups = new Map<Dimension, Map<string, number>>();
  private readonly cells = new Map<string, Map<string, number>>();

  addGroup(dim: Dimension, key: string, n: number) {
    const groups = this.groups.get(dim) ?? new Map<string, number>();
    this.groups.set(dim, groups.set(key, (groups.get(key) ?? 0) + n));
  }

  /** A cell of the cross-table of `a` and `b`, where `a` comes before `b` in DIMENSIONS. */
  addCell(a: Dimension, v: string, b: Dimension, w: string, n: number) {
    const cells = this.cells.get(pairKey(a, b)) ?? new Map<string, number>();
    this.cells.set(pairKey(a, b), cells.set(cellKey(v, w), (cells.get(cellKey(v, w)) ?? 0) + n));
  }

  groupsOf(dim: Dimension): Map<string, number> {
    return this.groups.get(dim) ?? new Map();
  }

  cell(a: Dimension, v: string, b: Dimension, w: string): number {
    return this.cells.get(pairKey(a, b))?.get(cellKey(v, w)) ?? 0;
  }
}

/** A dimension's keys as listed: every known value (so an absent group and a small one look alike), other stored values, then UNKNOWN_GROUP. */
export function groupKeys(known: readonly string[], counts: Map<string, number>): string[] {
  const keys = [...known, ...[...counts.keys()].filter((key) => !known.includes(key) && key !== UNKNOWN_GROUP).sort()];
  if (counts.has(UNKNOWN_GROUP)) keys.push(UNKNOWN_GROUP);
  return keys;
}

const smallest = <T>(items: T[], count: (item: T) => number) => items.reduce((a, b) => (count(b) < count(a) ? b : a));

/**
 * The groups of one table that are not published: those under MIN_GROUP_SIZE and, while the hidden
 * ones add up to 1..MIN_GROUP_SIZE-1 (the total minus the shown groups would reveal them), the
 * smallest shown group too.
 */
function hiddenGroups(keys: string[], counts: Map<string, number>): Set<string> {
  const count = (key: string) => counts.get(key) ?? 0;
  const hidden = new Set(keys.filter((key) => count(key) < MIN_GROUP_SIZE));
  const hiddenSum = () => [...hidden].reduce((sum, key) => sum + count(key), 0);
  while (hiddenSum() > 0 && hiddenSum() < MIN_GROUP_SIZE) {
    const shown = keys.filter((key) => !hidden.has(key));
    if (!shown.length) break;
    hidden.add(smallest(shown, count));
  }
  return hidden;
}

/** One dimension's groups as a partner sees them when nothing else is published: see hiddenGroups. */
export function suppressGroups(known: readonly string[], counts: Map<string, number>): SponsorStatGroupDTO[] {
  const keys = groupKeys(known, counts);
  const hidden = hiddenGroups(keys, counts);
  return keys.map((key) => ({ key, count: hidden.has(key) ? null : (counts.get(key) ?? 0) }));
}

/**
 * The cells of one cross-table (rows × columns) that are not published. A cell is hidden when under
 * MIN_GROUP_SIZE, or when its row's or column's group is hidden in its own table (a group hidden
 * once is hidden everywhere). Then, until nothing changes: in every row and column whose group is
 * published (its total is known), the hidden cells a reader cannot tell apart must be at least two
 * and add up to 0 or to MIN_GROUP_SIZE or more, else the smallest shown cell is hidden too. Hidden
 * cells of a line whose hidden cells add up to 0 are known to be 0, so they do not count.
 */
export function suppressCrossTable(
  rows: string[],
  cols: string[],
  count: (v: string, w: string) => number,
  hiddenRows: Set<string>,
  hiddenCols: Set<string>,
): Set<string> {
  type Cell = { key: string; n: number };
  const grid = rows.map((v) => cols.map((w) => ({ key: cellKey(v, w), n: count(v, w) })));
  const hidden = new Set<string>();
  rows.forEach((v, i) =>
    cols.forEach((w, j) => {
      if (grid[i]![j]!.n < MIN_GROUP_SIZE || hiddenRows.has(v) || hiddenCols.has(w)) hidden.add(grid[i]![j]!.key);
    }),
  );
  const lines: Cell[][] = [
    ...rows.flatMap((v, i) => (hiddenRows.has(v) ? [] : [grid[i]!])),
    ...cols.flatMap((w, j) => (hiddenCols.has(w) ? [] : [grid.map((row) => row[j]!)])),
  ];
  const sum = (cells: Cell[]) => cells.reduce((total, cell) => total + cell.n, 0);
  const hideSmallestShown = (line: Cell[]) => {
    const shown = line.filter((cell) => !hidden.has(cell.key));
    if (!shown.length) return false;
    hidden.add(smallest(shown, (cell) => cell.n).key);
    return true;
  };
  for (;;) {
    const zeroLines = lines.filter((line) => sum(line.filter((cell) => hidden.has(cell.key))) === 0);
    const knownZero = new Set(zeroLines.flatMap((line) => line.filter((cell) => hidden.has(cell.key)).map((cell) => cell.key)));
    const weak = lines.find((line) => {
      const unknown = line.filter((cell) => hidden.has(cell.key) && !knownZero.has(cell.key));
      const total = sum(unknown);
      return total > 0 && (total < MIN_GROUP_SIZE || unknown.length < 2);
    });
    if (!weak) return hidden;
    if (hideSmallestShown(weak)) continue;
    // Every cell of the line is hidden, some known to be 0 through the line crossing them: hiding
    // a cell of that crossing line makes them unknown again.
    const crossing = zeroLines.find((zero) => zero.some((cell) => knownZero.has(cell.key) && weak.includes(cell)));
    if (!crossing || !hideSmallestShown(crossing)) return hidden;
  }
}

/**
 * The counts partners may read, decided once for the whole club so that every answer agrees: the
 * unfiltered tables (suppressGroups), and for each pair of dimensions one pattern of hidden cells
 * (suppressCrossTable) from which every one-filter answer takes its row. A value hidden in its own
 * table gets no filtered answer at all.
 */
export function protectClubCounts(counts: ClubCounts) {
  const tiny = counts.total < MIN_GROUP_SIZE;
  const keys = new Map<Dimension, string[]>();
  const hidden = new Map<Dimension, Set<string>>();
  for (const { dim, known } of DIMENSIONS) {
    const groups = counts.groupsOf(dim);
    keys.set(dim, groupKeys(known, groups));
    // Under MIN_GROUP_SIZE in all, every group is smaller still: all hidden.
    hidden.set(dim, tiny ? new Set(keys.get(dim)) : hiddenGroups(keys.get(dim)!, groups));
  }
  const hiddenCells = new Map<string, Set<string>>();
  for (const [a, b] of DIMENSION_PAIRS) {
    hiddenCells.set(pairKey(a, b), suppressCrossTable(keys.get(a)!, keys.get(b)!, (v, w) => counts.cell(a, v, b, w), hidden.get(a)!, hidden.get(b)!));
  }
  const order = (dim: Dimension) => DIMENSIONS.findIndex((d) => d.dim === dim);
  /** Row `v` of dimension `d` in its cross-table with `g`, as published. */
  const crossRow = (d: Dimension, v: string, g: Dimension): SponsorStatGroupDTO[] =>
    keys.get(g)!.map((w) => {
      const [a, x, b, y] = order(d) < order(g) ? [d, v, g, w] : [g, w, d, v];
      return { key: w, count: hiddenCells.get(pairKey(a, b))!.has(cellKey(x, y)) ? null : counts.cell(a, x, b, y) };
    });
  const allHidden = (dim: Dimension) => keys.get(dim)!.map((key) => ({ key, count: null }));

  /** The answer to no filter or to one filter (a dimension and one of its known values). */
  return function answer(filter?: { dim: Dimension; value: string }): SponsorStatsDTO {
    const stats = { total: null } as SponsorStatsDTO;
    if (!filter) {
      stats.total = tiny ? null : counts.total;
      for (const { dim, field } of DIMENSIONS) {
        stats[field] = keys.get(dim)!.map((key) => ({ key, count: hidden.get(dim)!.has(key) ? null : (counts.groupsOf(dim).get(key) ?? 0) }));
      }
      return stats;
    }
    const { dim: d, value: v } = filter;
    const shown = !hidden.get(d)!.has(v);
    if (shown) stats.total = counts.groupsOf(d).get(v) ?? 0;
    for (const { dim, field } of DIMENSIONS) {
      if (!shown) stats[field] = allHidden(dim);
      else if (dim === d) stats[field] = keys.get(d)!.map((key) => ({ key, count: key === v ? stats.total : null }));
      else stats[field] = crossRow(d, v, dim);
    }
    return stats;
  };
}

export type ProtectedCounts = ReturnType<typeof protectClubCounts>;

/** The one filter of a sponsorStats question as a dimension and value; undefined without a filter. */
export function filterDimension(filter: SponsorFilter): { dim: Dimension; value: string } | undefined {
  const [entry] = Object.entries(filter);
  if (!entry) return undefined;
  const dim = DIMENSIONS.find((d) => d.filter === entry[0])!.dim;
  return { dim, value: entry[1] as string };
}
