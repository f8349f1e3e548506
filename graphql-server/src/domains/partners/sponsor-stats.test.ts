import { describe, expect, it } from "vitest";
import { mulberry32 } from "../../seed/demo.js";
import { determinedByElimination, determinedBySubtraction, PublishedCounts, smallDetermined, type Equation, type StatsAnswer } from "../../../test/disclosure-audit.js";
import {
  ClubCounts,
  DIMENSION_PAIRS,
  DIMENSIONS,
  groupKeys,
  MIN_GROUP_SIZE,
  protectClubCounts,
  suppressCrossTable,
  suppressGroups,
  UNKNOWN_GROUP,
  type Dimension,
  type SponsorStatsDTO,
} from "./sponsor-stats.js";

describe("suppressGroups", () => {
  it("lists every known value, then other stored values and the members without one, hiding groups under 5 (and the smallest other while the hidden add up to under 5)", () => {
    const groups = suppressGroups(["a", "b", "c"], new Map([["a", 12], ["b", 3], ["zeta", 7], [UNKNOWN_GROUP, 5]]));
    expect(groups).toEqual([
      { key: "a", count: 12 },
      { key: "b", count: null },
      { key: "c", count: null },
      { key: "zeta", count: 7 },
      { key: UNKNOWN_GROUP, count: null },
    ]);
  });

  it("hides the smallest shown group too when the hidden ones add up to fewer than 5", () => {
    expect(suppressGroups(["a", "b", "c"], new Map([["a", 40], ["b", 6], ["c", 2]]))).toEqual([
      { key: "a", count: 40 },
      { key: "b", count: null },
      { key: "c", count: null },
    ]);
  });

  it("shows every group of 5 or more when nothing small is hidden", () => {
    expect(suppressGroups(["a", "b"], new Map([["a", 5], ["b", 9]]))).toEqual([
      { key: "a", count: 5 },
      { key: "b", count: 9 },
    ]);
  });
});

const cell = (v: string, w: string) => `${v}\u0000${w}`;
/** A cross-table given as rows of counts; its rows r0, r1... and columns c0, c1... */
function table(grid: number[][]) {
  const rows = grid.map((_, i) => `r${i}`);
  const cols = grid[0]!.map((_, j) => `c${j}`);
  const count = (v: string, w: string) => grid[rows.indexOf(v)]![cols.indexOf(w)]!;
  return { rows, cols, count };
}
/** What a reader of the table's published cells and of all its row and column totals works out. */
function readerOf(grid: number[][], hidden: Set<string>) {
  const { rows, cols, count } = table(grid);
  const equations: Equation[] = [
    ...rows.map((v) => ({ terms: new Map(cols.map((w): [string, number] => [cell(v, w), 1])), rhs: cols.reduce((sum, w) => sum + count(v, w), 0) })),
    ...cols.map((w) => ({ terms: new Map(rows.map((v): [string, number] => [cell(v, w), 1])), rhs: rows.reduce((sum, v) => sum + count(v, w), 0) })),
    ...rows.flatMap((v) => cols.filter((w) => !hidden.has(cell(v, w))).map((w) => ({ terms: new Map([[cell(v, w), 1]]), rhs: count(v, w) }))),
  ];
  return smallDetermined(determinedByElimination(equations));
}

describe("suppressCrossTable", () => {
  it("hides cells under 5, then in each published row and column more cells while the hidden ones add up to under 5 or are alone", () => {
    const grid = [
      [10, 3, 8],
      [9, 6, 7],
    ];
    const { rows, cols, count } = table(grid);
    const hidden = suppressCrossTable(rows, cols, count, new Set(), new Set());
    // (r0,c1)=3 small; row r0 then hides its smallest other (c2: 8); column c1 and c2, each with one hidden, hide row r1's.
    expect([...hidden].sort()).toEqual([cell("r0", "c1"), cell("r0", "c2"), cell("r1", "c1"), cell("r1", "c2")].sort());
    expect(readerOf(grid, hidden)).toEqual([]);
  });

  it("hides every cell of a row or column whose group its own table hides", () => {
    const { rows, cols, count } = table([
      [10, 12, 8],
      [6, 7, 9],
      [1, 2, 0],
    ]);
    const hidden = suppressCrossTable(rows, cols, count, new Set(["r1", "r2"]), new Set());
    for (const w of cols) expect(hidden.has(cell("r1", w)) && hidden.has(cell("r2", w))).toBe(true);
  });

  it("does not count hidden cells that a line shows to be 0: a small cell behind them stays hidden", () => {
    // (r0,c2)=3 makes row r0 hide (r0,c1)=7 too. Row r1's and column c0's hidden cells add up to 0,
    // so a reader knows they are 0: counted as unknowns, column c1 would keep (r0,c1) as its one real
    // unknown, and row r0 would then give the 3 away.
    const grid = [
      [0, 7, 3],
      [8, 0, 0],
      [0, 5, 5],
    ];
    const { rows, cols, count } = table(grid);
    expect(readerOf(grid, suppressCrossTable(rows, cols, count, new Set(), new Set()))).toEqual([]);
  });
});

/** A random club of `size` members: each dimension's first value for about half of them, the rest spread. */
function randomClub(size: number, random: () => number) {
  const members = Array.from({ length: size }, () =>
    Object.fromEntries(
      DIMENSIONS.map(({ dim, known }) => {
        const values = [...known, UNKNOWN_GROUP];
        return [dim, values[random() < 0.5 ? 0 : Math.floor(random() * values.length)]!];
      }),
    ) as Record<Dimension, string>,
  );
  const counts = new ClubCounts();
  counts.total = size;
  for (const member of members) {
    for (const { dim } of DIMENSIONS) counts.addGroup(dim, member[dim], 1);
    for (const [a, b] of DIMENSION_PAIRS) counts.addCell(a, member[a], b, member[b], 1);
  }
  return { members, counts };
}

/** Every answer a key can get (no filter, and each filter value), as the auditor reads them. */
function publishedBy(answer: (filter?: { dim: Dimension; value: string }) => SponsorStatsDTO) {
  const published = new PublishedCounts(DIMENSIONS.map((d) => d.field));
  published.addUnfiltered(answer() as unknown as StatsAnswer);
  for (const { dim, field, known, filter } of DIMENSIONS) {
    if (filter) for (const value of known) published.addFiltered(field, value, answer({ dim, value }) as unknown as StatsAnswer);
  }
  return published;
}

describe("protectClubCounts", () => {
  it("lets no count of 1 to 4 members be worked out from all the answers of random clubs", () => {
    const random = mulberry32(2311);
    for (let club = 0; club < 12; club++) {
      const { counts } = randomClub(20 + Math.floor(random() * 300), random);
      const published = publishedBy(protectClubCounts(counts));
      expect(smallDetermined(determinedByElimination(published.equations)), `club ${club}`).toEqual([]);
    }
  });

  it("is what the auditor catches when each answer is suppressed on its own (as before issue 23)", () => {
    const { members, counts } = randomClub(80, mulberry32(1));
    const onItsOwn = (filter?: { dim: Dimension; value: string }) => {
      const kept = filter ? members.filter((member) => member[filter.dim] === filter.value) : members;
      const stats = { total: kept.length < MIN_GROUP_SIZE ? null : kept.length } as SponsorStatsDTO;
      for (const { dim, field, known } of DIMENSIONS) {
        const groups = new Map<string, number>();
        for (const member of kept) groups.set(member[dim], (groups.get(member[dim]) ?? 0) + 1);
        const shown = suppressGroups(known, kept.length < MIN_GROUP_SIZE ? new Map() : groups);
        stats[field] = groupKeys(known, counts.groupsOf(dim)).map((key) => shown.find((g) => g.key === key) ?? { key, count: null });
      }
      return stats;
    };
    expect(smallDetermined(determinedBySubtraction(publishedBy(onItsOwn).equations)).length).toBeGreaterThan(0);
  });
});
