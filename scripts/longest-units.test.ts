import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { measureSource, run } from "./longest-units.js";

/** A function whose first line is `function name…` and last `}`: `lines` lines in all. */
const fn = (name: string, lines: number) =>
  [`export function ${name}() {`, ...Array.from({ length: lines - 2 }, (_, i) => `  const v${i} = ${i};`), "}"].join("\n");

const roots: string[] = [];
function tree(files: Record<string, string>) {
  const root = mkdtempSync(join(tmpdir(), "longest-units-"));
  roots.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}
function runIn(root: string, argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = run([...argv, "--root", root], { out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out: out.join("\n"), err: err.join("\n") };
}

afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

describe("the longest units and the length check (issue 26)", () => {
  it("fails on a 251-line function and names it with its place", () => {
    const root = tree({ "graphql-server/src/domains/x/x.service.ts": `// a comment\n${fn("tooLong", 251)}\n` });
    const { code, err } = runIn(root, ["--max", "250"]);
    expect(code).toBe(1);
    expect(err).toContain("1 over 250 lines");
    expect(err).toMatch(/251 {2}graphql-server\/src\/domains\/x\/x\.service\.ts:2 {2}tooLong/);
  });

  it("passes at exactly 250 lines", () => {
    const root = tree({ "web/src/features/x/Big.tsx": fn("Big", 250), "schema/src/small.ts": fn("small", 3) });
    const { code, out, err } = runIn(root, ["--max", "250"]);
    expect(code).toBe(0);
    expect(err).toBe("");
    expect(out).toContain("none over 250 lines");
    expect(out).toMatch(/250 {2}web\/src\/features\/x\/Big\.tsx:1 {2}Big/);
  });

  it("does not measure generated code, the demo seed or tests", () => {
    const root = tree({
      "graphql-server/src/generated/prisma/client.ts": fn("generated", 400),
      "web/src/gql/graphql.ts": fn("codegen", 400),
      "graphql-server/src/seed/demo.ts": fn("demoSeed", 400),
      "graphql-server/src/domains/x/x.test.ts": fn("aTest", 400),
      "web/src/features/x/X.test.tsx": fn("aComponentTest", 400),
      "graphql-server/src/ok.ts": fn("ok", 10),
    });
    const { code, out } = runIn(root, ["--max", "250"]);
    expect(code).toBe(0);
    expect(out).toContain("The 1 longest of 1 functions in 1 files");
    for (const skipped of ["generated", "codegen", "demoSeed", "aTest", "aComponentTest"]) expect(out).not.toContain(skipped);
  });

  it("prints the N longest, longest first, without failing when no limit is asked", () => {
    const root = tree({ "bench/a.ts": [fn("one", 300), fn("two", 20), fn("three", 40)].join("\n") });
    const { code, out } = runIn(root, ["--top", "2"]);
    expect(code).toBe(0);
    const rows = out.split("\n").slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatch(/300 {2}bench\/a\.ts:1 {2}one$/);
    expect(rows[1]).toMatch(/40 {2}bench\/a\.ts:\d+ {2}three$/);
  });

  it("counts arrow functions, methods and components, a nested function inside its parent too", () => {
    const text = [
      "/** Its doc comment is not counted. */",
      "export const Card = memo(function Card(props: { a: number }) {",
      "  const onClick = () => {",
      "    return props.a;",
      "  };",
      "  return <button onClick={onClick}>{props.a}</button>;",
      "});",
      "class Store {",
      "  get size() { return 1; }",
      "  load(): number {",
      "    return 2;",
      "  }",
      "}",
      "export function overloaded(a: string): string;",
      "export function overloaded(a: unknown) { return a; }",
    ].join("\n");
    const units = measureSource("web/src/Card.tsx", text).map((u) => [u.name, u.line, u.lines]);
    expect(units).toEqual([
      ["Card", 2, 6],
      ["Card › onClick", 3, 3],
      ["get size", 9, 1],
      ["load", 10, 3],
      // The overload's signature has no body: only the implementation is a unit.
      ["overloaded", 15, 1],
    ]);
  });

  it("refuses a limit that is not a number", () => {
    const { code, err } = runIn(tree({}), ["--max", "many"]);
    expect(code).toBe(2);
    expect(err).toContain("whole number");
  });
});
