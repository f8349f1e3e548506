import { afterEach, describe, expect, it, vi } from "vitest";
import { notRunLines, printSummary, summaryLine, type RunReport } from "./test-summary.js";

const NO_PG = "no PostgreSQL: set TEST_POSTGRES_URL";
const NO_REDIS = "no Redis: set TEST_REDIS_URL";

function report(label: string, notRunCount: number): RunReport {
  const notRun = Array.from({ length: notRunCount }, (_, i) => ({
    name: `graphql-server/test/some-long-file-name-${i}.test.ts > a describe block > a test with a long and telling name ${i}`,
    reason: i % 3 === 0 ? NO_REDIS : NO_PG,
  }));
  return { label, passed: 500, failed: 0, notRun };
}

describe("the closing line of a test run", () => {
  afterEach(() => vi.restoreAllMocks());

  it("gives counts and the reasons, however many tests did not run; the names go above it", () => {
    const lines: string[] = [];
    vi.spyOn(console, "log").mockImplementation((line: string) => void lines.push(line));
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const green = printSummary([report("server", 60), report("web", 0)]);
    const closing = lines.at(-1)!;
    expect(closing).toBe(`1000 passed, 0 failed, 60 not run (20 ${NO_REDIS}; 40 ${NO_PG})`);
    expect(closing.length).toBeLessThan(200);
    // Every name is printed once, above the closing line, under its reason.
    const above = lines.slice(0, -1).join("\n");
    for (let i = 0; i < 60; i++) expect(above).toContain(`a test with a long and telling name ${i}\n`.trimEnd());
    expect(lines.indexOf(`Not run (${NO_PG}):`)).toBeGreaterThanOrEqual(0);
    expect(lines.indexOf(`Not run (${NO_PG}):`)).toBeLessThan(lines.length - 1);
    expect(green).toBe(true);
    expect(printSummary([report("server", 1)], { requireAll: true })).toBe(false);
  });

  it("is only the counts when every test ran", () => {
    expect(summaryLine(report("web", 0), "web")).toBe("web: 500 passed, 0 failed");
    expect(notRunLines([])).toEqual([]);
  });
});
