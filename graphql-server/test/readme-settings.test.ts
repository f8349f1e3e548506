// README's configuration table is where an operator looks a setting up: every variable the server
// reads (config.ts) and every build-time VITE_* variable the web app reads is a row of it.
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { SETTING_NAMES } from "../src/config.js";

const ROOT = resolve(import.meta.dirname, "../..");

/** The variable names in the first column of README's "Configuration" table. */
function readmeRows() {
  const readme = readFileSync(join(ROOT, "README.md"), "utf8");
  const section = readme.slice(readme.indexOf("## Configuration"), readme.indexOf("\n## ", readme.indexOf("## Configuration") + 1));
  return new Set([...section.matchAll(/^\| `([A-Z][A-Z0-9_]*)` \|/gm)].map((match) => match[1]));
}

/** VITE_* variables named in the web app's sources. */
function viteVariables() {
  const names = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== "gql" && entry.name !== "node_modules") walk(path);
      } else if (/\.(ts|tsx|html)$/.test(entry.name)) {
        for (const match of readFileSync(path, "utf8").matchAll(/import\.meta\.env\.(VITE_[A-Z0-9_]+)/g)) names.add(match[1]);
      }
    }
  };
  walk(join(ROOT, "web/src"));
  return [...names];
}

describe("README's configuration table", () => {
  it("lists every setting the server reads and every VITE_* variable of the web build", () => {
    const rows = readmeRows();
    expect(SETTING_NAMES.length).toBeGreaterThan(40);
    expect(SETTING_NAMES.filter((name) => !rows.has(name))).toEqual([]);
    const vite = viteVariables();
    expect(vite).toContain("VITE_CONTACT_EMAIL");
    expect(vite.filter((name) => !rows.has(name))).toEqual([]);
  });

  it("lists nothing the server no longer reads", () => {
    const known = new Set([...SETTING_NAMES, ...viteVariables()]);
    expect([...readmeRows()].filter((name) => !known.has(name))).toEqual([]);
  });
});
