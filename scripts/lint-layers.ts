// The layering step of `npm run lint`: dependency-cruiser checks the rules of .dependency-cruiser.cjs
// (the house's layering, /work/shared/conventions.md) and names every import that breaks one.
// LINT_LAYERS_ROOT checks another tree with the same rules (scripts/lint-layers.test.ts: its probes).
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const TOOLS = fileURLToPath(new URL("..", import.meta.url));
const ROOT = process.env.LINT_LAYERS_ROOT ?? TOOLS;
const CONFIG = ".dependency-cruiser.cjs";
const SOURCES = ["schema/src", "graphql-server/src", "graphql-server/test", "web/src", "web/e2e", "bench"].filter((dir) => existsSync(join(ROOT, dir)));

interface Violation {
  type: string;
  from: string;
  to: string;
  rule: { name: string; severity: string };
  via?: { name: string }[];
  cycle?: { name: string }[];
}

const cruise = spawnSync(
  join(TOOLS, "node_modules/.bin/depcruise"),
  ["--config", CONFIG, "--output-type", "json", ...SOURCES],
  { cwd: ROOT, encoding: "utf8", maxBuffer: 256 * 1024 * 1024 },
);
if (cruise.error || !cruise.stdout) {
  console.error(cruise.error ?? cruise.stderr);
  process.exit(2);
}
const result = JSON.parse(cruise.stdout) as {
  modules: { source: string; dependencies: { resolved: string }[] }[];
  summary: { violations: Violation[]; totalCruised: number; ruleSetUsed: { forbidden: { name: string; comment?: string }[] } };
};
const { violations, ruleSetUsed, totalCruised } = result.summary;
for (const v of violations) {
  const rule = ruleSetUsed.forbidden.find((r) => r.name === v.rule.name);
  const via =
    v.type === "reachability" && v.via?.length
      ? ` (via ${v.via.map((step) => step.name).join(" → ")})`
      : v.type === "cycle" && v.cycle?.length
        ? ` (the ring: ${[v.from, ...v.cycle.map((step) => step.name)].join(" → ")})`
        : "";
  console.error(`layering ${v.rule.name}: ${v.from} → ${v.to}${via}\n  ${rule?.comment ?? ""}`);
}

// Nor do the web client's features form a ring (plans → profile → plans), even where no module does
// (dependency-cruiser's folder scope would count rings through components/, lib/ and the tests).
const FEATURE = /^web\/src\/features\/([^/]+)\//;
const uses = new Map<string, Set<string>>();
for (const module of result.modules) {
  const from = FEATURE.exec(module.source)?.[1];
  for (const dependency of from ? module.dependencies : []) {
    const to = FEATURE.exec(dependency.resolved)?.[1];
    if (from && to && to !== from) uses.set(from, (uses.get(from) ?? new Set()).add(to));
  }
}
const ringThrough = (path: string[]): string[] | null => {
  for (const next of uses.get(path[path.length - 1]) ?? []) {
    if (next === path[0]) return [...path, next];
    const ring = path.includes(next) ? null : ringThrough([...path, next]);
    if (ring) return ring;
  }
  return null;
};
const rings = [...uses.keys()].map((feature) => ringThrough([feature])).filter((ring) => ring !== null);
for (const ring of rings) {
  console.error(`layering no-circular-between-features: ${ring.join(" → ")}\n  A ring of web features: the piece both need moves down (components/, lib/) or is composed in app/.`);
}
if (violations.length || rings.length) process.exit(1);
console.log(`layering: no violation in ${totalCruised} modules`);
