// The layering step of `npm run lint`: dependency-cruiser checks the rules of .dependency-cruiser.cjs
// (the house's layering, /work/shared/conventions.md) and names every import that breaks one.
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const CONFIG = ".dependency-cruiser.cjs";
const SOURCES = ["schema/src", "graphql-server/src", "graphql-server/test", "web/src", "web/e2e", "bench"];

interface Violation {
  type: string;
  from: string;
  to: string;
  rule: { name: string; severity: string };
  via?: { name: string }[];
}

const cruise = spawnSync(
  join(ROOT, "node_modules/.bin/depcruise"),
  ["--config", CONFIG, "--output-type", "json", ...SOURCES],
  { cwd: ROOT, encoding: "utf8", maxBuffer: 256 * 1024 * 1024 },
);
if (cruise.error || !cruise.stdout) {
  console.error(cruise.error ?? cruise.stderr);
  process.exit(2);
}
const result = JSON.parse(cruise.stdout) as {
  summary: { violations: Violation[]; totalCruised: number; ruleSetUsed: { forbidden: { name: string; comment?: string }[] } };
};
const { violations, ruleSetUsed, totalCruised } = result.summary;
for (const v of violations) {
  const rule = ruleSetUsed.forbidden.find((r) => r.name === v.rule.name);
  const via = v.type === "reachability" && v.via?.length ? ` (via ${v.via.map((step) => step.name).join(" → ")})` : "";
  console.error(`layering ${v.rule.name}: ${v.from} → ${v.to}${via}\n  ${rule?.comment ?? ""}`);
}
if (violations.length) process.exit(1);
console.log(`layering: no violation in ${totalCruised} modules`);
