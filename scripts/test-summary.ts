// Adds up the reports the test runs wrote (our vitest reporter's, Playwright's JSON) and prints one
// closing line: 'N passed, N failed, N not run (how many for each reason)'; the names of the tests
// that did not run are listed above it, under their reason.
//   tsx scripts/test-summary.ts DIR [--prefix P] [--require-all]
// --require-all (CI) fails the run when any test did not run.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";

export interface NotRun {
  name: string;
  reason: string;
}

/** What one run of a test runner left: what `summaryLine` prints. */
export interface RunReport {
  label: string;
  passed: number;
  failed: number;
  notRun: NotRun[];
}

/** Where a run keeps its report: `CI_REPORT_DIR/<CI_REPORT_PREFIX>-<label>.json`, when the directory is set. */
export function writeReport(report: RunReport, env: NodeJS.ProcessEnv = process.env) {
  const dir = env.CI_REPORT_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, `${env.CI_REPORT_PREFIX ?? "run"}-${report.label}.json`), JSON.stringify(report, null, 2));
}

/** The counts, and how many did not run for each reason: one short line, whatever the number of tests. */
export function summaryLine(report: Omit<RunReport, "label">, label?: string): string {
  const counts = `${label ? `${label}: ` : ""}${report.passed} passed, ${report.failed} failed`;
  if (!report.notRun.length) return counts;
  const reasons = [...byReason(report.notRun)].map(([reason, names]) => `${names.length} ${reason}`);
  return `${counts}, ${report.notRun.length} not run (${reasons.join("; ")})`;
}

/** The tests that did not run, by name, under their reason: printed above the closing line. */
export function notRunLines(notRun: NotRun[]): string[] {
  return [...byReason(notRun)].flatMap(([reason, names]) => [`Not run (${reason}):`, ...names.map((name) => `  - ${name}`)]);
}

function byReason(notRun: NotRun[]): Map<string, string[]> {
  const groups = new Map<string, string[]>();
  for (const { name, reason } of notRun) groups.set(reason, [...(groups.get(reason) ?? []), name]);
  return groups;
}

interface PlaywrightSuite {
  title: string;
  suites?: PlaywrightSuite[];
  specs?: { title: string; tests: { status: string; annotations?: { type: string; description?: string }[] }[] }[];
}

/** Playwright's JSON report in the same terms: 'skipped' tests are the ones that did not run. */
function fromPlaywright(label: string, report: { stats: Record<string, number>; suites?: PlaywrightSuite[] }): RunReport {
  const notRun: NotRun[] = [];
  const walk = (suite: PlaywrightSuite, path: string[]) => {
    const here = suite.title ? [...path, suite.title] : path;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        if (test.status !== "skipped") continue;
        const why = test.annotations?.find((a) => a.type === "skip" || a.type === "fixme")?.description;
        notRun.push({ name: [...here, spec.title].join(" > "), reason: why || "skipped in the code" });
      }
    }
    for (const child of suite.suites ?? []) walk(child, here);
  };
  for (const suite of report.suites ?? []) walk(suite, []);
  return { label, passed: report.stats.expected ?? 0, failed: (report.stats.unexpected ?? 0) + (report.stats.flaky ?? 0), notRun };
}

export function readReports(dir: string, prefix?: string): RunReport[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith(".json") && (!prefix || name.startsWith(`${prefix}-`)))
    .sort()
    .map((name) => {
      const report = JSON.parse(readFileSync(join(dir, name), "utf8"));
      const label = name.replace(/\.json$/, "").slice(prefix ? prefix.length + 1 : 0);
      return report.stats ? fromPlaywright(label, report) : { ...(report as RunReport), label };
    });
}

export function total(reports: RunReport[]): Omit<RunReport, "label"> {
  // The same test in two runs (CI's PGlite and PostgreSQL passes) is told apart by the run's label.
  const runsOf = new Map<string, number>();
  for (const { name } of reports.flatMap((r) => r.notRun)) runsOf.set(name, (runsOf.get(name) ?? 0) + 1);
  return {
    passed: reports.reduce((sum, r) => sum + r.passed, 0),
    failed: reports.reduce((sum, r) => sum + r.failed, 0),
    notRun: reports.flatMap((r) => r.notRun.map((n) => (runsOf.get(n.name)! > 1 ? { ...n, name: `${r.label}: ${n.name}` } : n))),
  };
}

/** Prints each report and the closing line; answers whether the whole run counts as green. */
export function printSummary(reports: RunReport[], options: { requireAll?: boolean } = {}): boolean {
  const sum = total(reports);
  for (const line of notRunLines(sum.notRun)) console.log(line);
  for (const report of reports) console.log(summaryLine(report, report.label));
  console.log(summaryLine(sum));
  if (sum.notRun.length && options.requireAll) console.error(`${sum.notRun.length} test(s) did not run: every test must run here.`);
  return sum.failed === 0 && sum.passed > 0 && !(options.requireAll && sum.notRun.length);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { prefix: { type: "string" }, "require-all": { type: "boolean", default: false } },
  });
  if (positionals.length !== 1) {
    console.error("usage: tsx scripts/test-summary.ts DIR [--prefix P] [--require-all]");
    process.exit(2);
  }
  const green = printSummary(readReports(positionals[0], values.prefix), { requireAll: values["require-all"] });
  process.exit(green ? 0 : 1);
}
