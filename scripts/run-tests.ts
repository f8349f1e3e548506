// `npm test`: the tests of schema, graphql-server and web, each in its own vitest run, then one
// closing line of counts for all three (the tests that did not run are named above it, with why).
//   npm test -- --require-all    fails when any test did not run (CI sets the servers they need)
//   npm test -- --only server    only those runs (schema, server, web; comma-separated): CI's
//                                PostgreSQL pass runs the server alone, the only one with a database
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { printSummary, readReports } from "./test-summary.js";

const WORKSPACES = { schema: "schema", "graphql-server": "server", web: "web" } as const;

const { values } = parseArgs({ options: { "require-all": { type: "boolean", default: false }, only: { type: "string" } } });
const labels = Object.values(WORKSPACES) as string[];
const only = values.only ? values.only.split(",").map((label) => label.trim()) : labels;
const unknown = only.filter((label) => !labels.includes(label));
if (unknown.length) {
  console.error(`--only: ${unknown.join(", ")} is not one of ${labels.join(", ")}`);
  process.exit(2);
}
const selected = Object.entries(WORKSPACES).filter(([, label]) => only.includes(label));
const ownDir = !process.env.CI_REPORT_DIR;
const dir = process.env.CI_REPORT_DIR ?? mkdtempSync(join(tmpdir(), "coroa-tests-"));
const prefix = process.env.CI_REPORT_PREFIX ?? "run";

let runsFailed = 0;
for (const [workspace, label] of selected) {
  const run = spawnSync("npm", ["test", "-w", workspace], { stdio: "inherit", env: { ...process.env, CI_REPORT_DIR: dir, CI_REPORT_PREFIX: prefix } });
  if (run.status !== 0) {
    runsFailed += 1;
    console.error(`${label}: vitest exited with ${run.status ?? run.signal}`);
  }
}

const reports = readReports(dir, prefix);
for (const [, label] of selected) {
  // A run that died before reporting still counts, as a failure.
  if (!reports.some((r) => r.label === label)) reports.push({ label, passed: 0, failed: 1, notRun: [] });
}
console.log("");
const green = printSummary(reports, { requireAll: values["require-all"] });
if (ownDir) rmSync(dir, { recursive: true, force: true });
process.exit(green && runsFailed === 0 ? 0 : 1);
