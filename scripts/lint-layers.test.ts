import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";

// Probes of `npm run lint`'s layering step: a small tree of web files checked with the project's own
// rules (.dependency-cruiser.cjs) by the project's own script, once clean and once per kind of break.
const REPO = fileURLToPath(new URL("..", import.meta.url));
const roots: string[] = [];

function tree(files: Record<string, string>) {
  const root = mkdtempSync(join(tmpdir(), "lint-layers-"));
  roots.push(root);
  copyFileSync(join(REPO, ".dependency-cruiser.cjs"), join(root, ".dependency-cruiser.cjs"));
  const all: Record<string, string> = { "graphql-server/tsconfig.json": `{ "files": ["stub.ts"] }`, "graphql-server/stub.ts": "export {};\n", ...files };
  for (const [path, text] of Object.entries(all)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

function lint(root: string) {
  const run = spawnSync(process.execPath, ["--import", "tsx", join(REPO, "scripts/lint-layers.ts")], {
    cwd: REPO,
    env: { ...process.env, LINT_LAYERS_ROOT: root },
    encoding: "utf8",
    timeout: 60_000,
  });
  return { code: run.status, out: `${run.stdout}${run.stderr}` };
}

/** Two features meeting properly: offers uses plans through plans/index.ts; app composes both. */
const CLEAN = {
  "web/src/features/plans/index.ts": `export { planName } from "./planName";\n`,
  "web/src/features/plans/planName.ts": `export const planName = (plan: string) => plan.toUpperCase();\n`,
  "web/src/features/offers/OfferCard.ts": `import { planName } from "../plans";\nexport const card = () => planName("alteza");\n`,
  "web/src/app/App.ts": `import { card } from "../features/offers/OfferCard";\nexport const app = () => card();\n`,
};

afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

describe("npm run lint's layering step", () => {
  it("passes a tree whose features meet through their public faces", () => {
    const { code, out } = lint(tree(CLEAN));
    expect(out).toContain("layering: no violation");
    expect(code).toBe(0);
  });

  it("refuses a feature reaching into another's files past its index.ts", () => {
    const { code, out } = lint(
      tree({ ...CLEAN, "web/src/features/offers/OfferCard.ts": `import { planName } from "../plans/planName";\nexport const card = () => planName("x");\n` }),
    );
    expect(code).toBe(1);
    expect(out).toContain("layering feature-through-its-index: web/src/features/offers/OfferCard.ts → web/src/features/plans/planName.ts");
  });

  it("refuses a feature importing app/", () => {
    const { code, out } = lint(tree({ ...CLEAN, "web/src/features/plans/planName.ts": `import "../../app/App";\nexport const planName = (p: string) => p;\n` }));
    expect(code).toBe(1);
    expect(out).toContain("layering feature-not-app: web/src/features/plans/planName.ts → web/src/app/App.ts");
  });

  it("refuses a cycle of modules and a ring of features, even through their public faces", () => {
    const { code, out } = lint(
      tree({
        ...CLEAN,
        "web/src/features/offers/index.ts": `export { card } from "./OfferCard";\n`,
        "web/src/features/plans/planName.ts": `import { card } from "../offers";\nexport const planName = (p: string) => p + String(card);\n`,
      }),
    );
    expect(code).toBe(1);
    expect(out).toContain("layering no-circular:");
    expect(out).toMatch(/layering no-circular-between-features: (offers → plans → offers|plans → offers → plans)/);
  });
});
