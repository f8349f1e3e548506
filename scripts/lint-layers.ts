// The layering step of `npm run lint`: dependency-cruiser checks the rules of .dependency-cruiser.cjs,
// tolerating the imports listed in .dependency-cruiser-known-violations.json (they broke a rule when
// it was written and are to be mended). A listed import that is gone must leave the list too, or it
// could come back unseen: `npm run lint:baseline` rewrites the list without the mended ones. It
// never adds one: a new violation is fixed, not listed.
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const CONFIG = ".dependency-cruiser.cjs";
const KNOWN = ".dependency-cruiser-known-violations.json";
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
  ["--config", CONFIG, "--ignore-known", KNOWN, "--output-type", "json", ...SOURCES],
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
const sameImport = (a: Violation) => (b: Violation) => a.rule.name === b.rule.name && a.from === b.from && a.to === b.to;
const known: Violation[] = JSON.parse(readFileSync(join(ROOT, KNOWN), "utf8"));
const tolerated = violations.filter((v) => v.rule.severity === "ignore");
const broken = violations.filter((v) => v.rule.severity !== "ignore");
const mended = known.filter((k) => !tolerated.some(sameImport(k)));

if (process.argv.includes("--write-baseline")) {
  const kept = known.filter((k) => tolerated.some(sameImport(k)));
  writeFileSync(join(ROOT, KNOWN), `${JSON.stringify(kept, null, 2)}\n`);
  console.log(`${KNOWN}: ${kept.length} known violations kept, ${mended.length} mended removed`);
  process.exit(0);
}

for (const v of broken) {
  const rule = ruleSetUsed.forbidden.find((r) => r.name === v.rule.name);
  const via = v.type === "reachability" && v.via?.length ? ` (via ${v.via.map((step) => step.name).join(" → ")})` : "";
  console.error(`layering ${v.rule.name}: ${v.from} → ${v.to}${via}\n  ${rule?.comment ?? ""}`);
}
for (const k of mended) console.error(`layering: mended, still listed in ${KNOWN}: ${k.rule.name}: ${k.from} → ${k.to}`);
if (mended.length) console.error("Run `npm run lint:baseline` to take the mended imports off the list.");
if (broken.length || mended.length) process.exit(1);
console.log(`layering: no new violation in ${totalCruised} modules (${tolerated.length} known ones left to mend, listed in ${KNOWN})`);
