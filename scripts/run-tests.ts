// `npm test`: the tests of schema, graphql-server and web, each in its own vitest run, then one
// closing line for all three that names the tests that did not run and why.
//   npm test -- --require-all    fails when any test did not run (CI sets the servers they need)
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { printSummary, readReports } from "./test-summary.js";

const WORKSPACES = { schema: "schema", "graphql-server": "server", web: "web" } as const;

const { values } = parseArgs({ options: { "require-all": { type: "boolean", default: false } } });
const ownDir = !process.env.CI_REPORT_DIR;
const dir = process.env.CI_REPORT_DIR ?? mkdtempSync(join(tmpdir(), "coroa-tests-"));
const prefix = process.env.CI_REPORT_PREFIX ?? "run";

let runsFailed = 0;
for (const [workspace, label] of Object.entries(WORKSPACES)) {
  const run = spawnSync("npm", ["test", "-w", workspace], { stdio: "inherit", env: { ...process.env, CI_REPORT_DIR: dir, CI_REPORT_PREFIX: prefix } });
  if (run.status !== 0) {
    runsFailed += 1;
    console.error(`${label}: vitest exited with ${run.status ?? run.signal}`);
  }
}

const reports = readReports(dir, prefix);
for (const label of Object.values(WORKSPACES)) {
  // A run that died before reporting still counts, as a failure.
  if (!reports.some((r) => r.label === label)) reports.push({ label, passed: 0, failed: 1, notRun: [] });
}
console.log("");
const green = printSummary(reports, { requireAll: values["require-all"] });
if (ownDir) rmSync(dir, { recursive: true, force: true });
process.exit(green && runsFailed === 0 ? 0 : 1);
