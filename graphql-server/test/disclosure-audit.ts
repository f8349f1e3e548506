// An auditor of published counts (partners' sponsorStats): it turns every number a reader received
// into linear equations over the counts of the club (the total, each dimension's groups and each
// pair of dimensions' cross-table), adds what the reader knows about their structure (groups add up
// to the total, a cross-table's rows and columns add up to the groups), and works out every count
// the equations determine: by subtraction (a line whose total and all cells but one are known gives
// the last one; hidden cells of a line that add up to 0 are all 0), and by elimination over all the
// equations at once (Gauss-Jordan), repeated until nothing new is learnt.

export type Variable = string;
export interface Equation {
  terms: Map<Variable, number>;
  rhs: number;
}

export interface Group {
  key: string;
  count: number | null;
}
/** A sponsorStats answer: its total and each dimension's groups, by field name. */
export interface StatsAnswer {
  total: number | null;
  [field: string]: Group[] | number | null;
}

const EPSILON = 1e-7;

/** What a reader knows: the structure of the counts, and every number she was answered. */
export class PublishedCounts {
  readonly equations: Equation[] = [];
  readonly variables = new Set<Variable>();
  private readonly keys = new Map<string, string[]>();

  /** `dims`: the fields of the dimensions in the order the cross-tables name them. */
  constructor(private readonly dims: string[]) {}

  static total = "total";
  static group = (dim: string, key: string) => `${dim}=${key}`;
  cell(d: string, v: string, g: string, w: string): Variable {
    return this.dims.indexOf(d) < this.dims.indexOf(g) ? `${d}=${v} & ${g}=${w}` : `${g}=${w} & ${d}=${v}`;
  }

  private equation(terms: [Variable, number][], rhs: number) {
    const map = new Map<Variable, number>();
    for (const [variable, coefficient] of terms) {
      this.variables.add(variable);
      map.set(variable, (map.get(variable) ?? 0) + coefficient);
    }
    this.equations.push({ terms: map, rhs });
  }

  private publish(variable: Variable, value: number | null) {
    if (value !== null) this.equation([[variable, 1]], value);
  }

  /** The unfiltered answer: it fixes each dimension's keys and the structure over them. */
  addUnfiltered(answer: StatsAnswer) {
    for (const dim of this.dims) this.keys.set(dim, (answer[dim] as Group[]).map((g) => g.key));
    for (const dim of this.dims) {
      this.equation([...this.keys.get(dim)!.map((key): [Variable, number] => [PublishedCounts.group(dim, key), 1]), [PublishedCounts.total, -1]], 0);
    }
    this.dims.forEach((a, i) =>
      this.dims.slice(i + 1).forEach((b) => {
        for (const v of this.keys.get(a)!) {
          this.equation([...this.keys.get(b)!.map((w): [Variable, number] => [this.cell(a, v, b, w), 1]), [PublishedCounts.group(a, v), -1]], 0);
        }
        for (const w of this.keys.get(b)!) {
          this.equation([...this.keys.get(a)!.map((v): [Variable, number] => [this.cell(a, v, b, w), 1]), [PublishedCounts.group(b, w), -1]], 0);
        }
      }),
    );
    this.publish(PublishedCounts.total, answer.total);
    for (const dim of this.dims) for (const group of answer[dim] as Group[]) this.publish(PublishedCounts.group(dim, group.key), group.count);
  }

  /** The answer to the filter `dim` = `value`: its total is that group, its other lists that group's row of each cross-table. */
  addFiltered(dim: string, value: string, answer: StatsAnswer) {
    this.publish(PublishedCounts.group(dim, value), answer.total);
    for (const g of this.dims) {
      const groups = answer[g] as Group[];
      if (JSON.stringify(groups.map((group) => group.key)) !== JSON.stringify(this.keys.get(g))) throw new Error(`keys of ${g} differ under ${dim}=${value}`);
      for (const group of groups) {
        if (g === dim) this.publish(PublishedCounts.group(dim, group.key), group.key === value ? group.count : null);
        else this.publish(this.cell(dim, value, g, group.key), group.count);
      }
    }
  }
}

/** Only subtraction along lines, and lines of hidden cells adding up to 0, repeated: what a reader with a pencil finds. */
export function determinedBySubtraction(equations: Equation[]): Map<Variable, number> {
  const known = new Map<Variable, number>();
  for (let changed = true; changed; ) {
    changed = false;
    for (const { terms, rhs } of equations) {
      let rest = rhs;
      const unknown: [Variable, number][] = [];
      for (const [variable, coefficient] of terms) {
        if (known.has(variable)) rest -= coefficient * known.get(variable)!;
        else if (coefficient !== 0) unknown.push([variable, coefficient]);
      }
      if (unknown.length === 1) {
        known.set(unknown[0]![0], rest / unknown[0]![1]);
        changed = true;
      } else if (unknown.length > 1 && Math.abs(rest) < EPSILON && unknown.every(([, c]) => Math.sign(c) === Math.sign(unknown[0]![1]))) {
        // Counts are never negative: unknowns of one sign adding up to 0 are all 0.
        for (const [variable] of unknown) known.set(variable, 0);
        changed = true;
      }
    }
  }
  return known;
}

/** Subtraction, then Gauss-Jordan elimination over every equation at once, repeated until nothing new is determined. */
export function determinedByElimination(equations: Equation[]): Map<Variable, number> {
  const known = determinedBySubtraction(equations);
  for (;;) {
    const unknowns = [...new Set(equations.flatMap((e) => [...e.terms.keys()]))].filter((v) => !known.has(v));
    const column = new Map(unknowns.map((v, i) => [v, i]));
    const rows: number[][] = [];
    for (const { terms, rhs } of equations) {
      const row = new Array<number>(unknowns.length + 1).fill(0);
      let rest = rhs;
      let any = false;
      for (const [variable, coefficient] of terms) {
        if (known.has(variable)) rest -= coefficient * known.get(variable)!;
        else if (coefficient !== 0) {
          row[column.get(variable)!]! += coefficient;
          any = true;
        }
      }
      row[unknowns.length] = rest;
      if (any) rows.push(row);
    }
    let pivotRow = 0;
    for (let col = 0; col < unknowns.length && pivotRow < rows.length; col++) {
      let best = pivotRow;
      for (let r = pivotRow + 1; r < rows.length; r++) if (Math.abs(rows[r]![col]!) > Math.abs(rows[best]![col]!)) best = r;
      if (Math.abs(rows[best]![col]!) < EPSILON) continue;
      [rows[pivotRow], rows[best]] = [rows[best]!, rows[pivotRow]!];
      const pivot = rows[pivotRow]!;
      const p = pivot[col]!;
      for (let k = col; k <= unknowns.length; k++) pivot[k]! /= p;
      for (let r = 0; r < rows.length; r++) {
        if (r === pivotRow) continue;
        const row = rows[r]!;
        const factor = row[col]!;
        if (Math.abs(factor) < EPSILON) continue;
        for (let k = col; k <= unknowns.length; k++) row[k]! -= factor * pivot[k]!;
      }
      pivotRow++;
    }
    let learnt = false;
    for (const row of rows.slice(0, pivotRow)) {
      const nonzero = unknowns.flatMap((v, i) => (Math.abs(row[i]!) > EPSILON ? [[v, row[i]!] as const] : []));
      const rhs = row[unknowns.length]!;
      if (nonzero.length === 1) {
        known.set(nonzero[0]![0], Math.round((rhs / nonzero[0]![1]) * 1e6) / 1e6);
        learnt = true;
      } else if (Math.abs(rhs) < EPSILON && nonzero.every(([, c]) => Math.sign(c) === Math.sign(nonzero[0]![1]))) {
        for (const [variable] of nonzero) known.set(variable, 0);
        learnt = true;
      }
    }
    if (!learnt) return known;
  }
}

/** The counts of 1..MIN-1 members a reader can work out (each with its value). */
export function smallDetermined(known: Map<Variable, number>, min = 5): [Variable, number][] {
  return [...known].filter(([, value]) => value > 0.5 && value < min - 0.5);
}
