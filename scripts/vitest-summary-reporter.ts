// A vitest reporter that closes the run with one line of counts (the tests that did not run, by name
// and why, are listed above it)
// (`ctx.skip(reason)`, as the harness does when PostgreSQL or Redis is not configured), and leaves
// the same report in CI_REPORT_DIR for scripts/test-summary.ts.
import { relative } from "node:path";
import { fileURLToPath } from "node:url";
import type { Reporter, SerializedError, TestModule } from "vitest/node";
import { notRunLines, summaryLine, writeReport, type RunReport } from "./test-summary.js";

const ROOT = fileURLToPath(new URL("..", import.meta.url));

export class SummaryReporter implements Reporter {
  constructor(private readonly label: string) {}

  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<SerializedError>) {
    const report: RunReport = { label: this.label, passed: 0, failed: unhandledErrors.length, notRun: [] };
    for (const module of testModules) {
      let failedTests = 0;
      for (const test of module.children.allTests()) {
        const result = test.result();
        if (result.state === "passed") report.passed += 1;
        else if (result.state === "failed") failedTests += 1;
        else {
          const reason = result.state === "skipped" && result.note ? result.note : test.options.mode === "todo" ? "todo" : "skipped in the code";
          report.notRun.push({ name: `${relative(ROOT, module.moduleId)} > ${test.fullName}`, reason });
        }
      }
      // A file that fails to load has no failed test of its own: it counts as one failure.
      report.failed += failedTests || (module.state() === "failed" ? 1 : 0);
    }
    console.log(["", ...notRunLines(report.notRun), summaryLine(report, this.label)].join("\n"));
    writeReport(report);
  }
}
