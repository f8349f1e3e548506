#!/usr/bin/env node
// Adds up the JSON reports vitest and Playwright wrote during a CI run and prints one plain line.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

const dir = process.argv[2];
let passed = 0;
let failed = 0;
let skipped = 0;
for (const name of readdirSync(dir).filter((n) => n.endsWith(".json")).sort()) {
  const report = JSON.parse(readFileSync(join(dir, name), "utf8"));
  if (typeof report.numPassedTests === "number") {
    // vitest
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
    console.log(`${name}: ${report.numPassedTests} passed, ${report.numFailedTests} failed`);
  } else if (report.stats) {
    // Playwright
    passed += report.stats.expected ?? 0;
    failed += (report.stats.unexpected ?? 0) + (report.stats.flaky ?? 0);
    skipped += report.stats.skipped ?? 0;
    console.log(`${name}: ${report.stats.expected ?? 0} passed, ${report.stats.unexpected ?? 0} failed`);
  }
}
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
