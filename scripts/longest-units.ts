// The longest functions of the product's code, measured with the TypeScript compiler's parser.
//   tsx scripts/longest-units.ts [--top N] [--max LINES] [--root DIR]
// Prints the N longest units (default 15), longest first, as `lines  file:line  name`. With --max,
// exits 1 naming every unit longer than LINES (issue 26: none over 250 outside the demo seed and
// generated code).
//
// A unit is a function in any of its forms: declaration, expression, arrow (a React component is one),
// method, constructor, accessor. Its length runs from its first line (after its doc comment) to its
// last, both counted; a nested function counts inside its parent too, so a closure holding a whole
// service is as long as the service. Class bodies are not units (their methods are).
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import ts from "typescript";

/** Where the product's code lives, from the repository's root. */
export const SOURCE_DIRS = ["schema/src", "graphql-server/src", "web/src", "bench", "scripts"];

/**
 * Paths (from the root, with `/`) that are not measured: generated code, the demo seed (its data
 * is written as code), and tests with their fixtures.
 */
export const EXCLUDED: { pattern: RegExp; why: string }[] = [
  { pattern: /^graphql-server\/src\/generated\//, why: "Prisma's generated client" },
  { pattern: /^web\/src\/gql\//, why: "graphql-codegen's output" },
  { pattern: /^graphql-server\/src\/seed\//, why: "the demo seed" },
  { pattern: /(^|\/)(node_modules|dist|test|tests|e2e|__fixtures__|fixtures)\//, why: "not product code" },
  { pattern: /\.(test|spec)\.[cm]?[jt]sx?$/, why: "a test" },
  { pattern: /\.d\.[cm]?ts$/, why: "declarations only" },
];

const SOURCE_FILE = /\.[cm]?[jt]sx?$/;

export interface Unit {
  /** From the root, with `/`. */
  file: string;
  /** 1-based line of the unit's first token. */
  line: number;
  lines: number;
  /** The unit's name, qualified by the units it sits in: `createBillingService › checkout`. */
  name: string;
}

export const isExcluded = (path: string) => EXCLUDED.some(({ pattern }) => pattern.test(path));

/** The measured files under `dirs` (those that exist), from `root`, sorted. */
export function sourceFiles(root: string, dirs: readonly string[] = SOURCE_DIRS): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    let entries;
    try {
      entries = readdirSync(join(root, dir), { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) {
        if (!isExcluded(`${path}/`)) walk(path);
      } else if (entry.isFile() && SOURCE_FILE.test(entry.name) && !isExcluded(path)) {
        files.push(path);
      }
    }
  };
  for (const dir of dirs) walk(dir);
  return files.sort();
}

function scriptKind(file: string): ts.ScriptKind {
  if (/\.tsx$/.test(file)) return ts.ScriptKind.TSX;
  if (/\.jsx$/.test(file)) return ts.ScriptKind.JSX;
  if (/\.[cm]?js$/.test(file)) return ts.ScriptKind.JS;
  return ts.ScriptKind.TS;
}

/** What a function is called where it is written: its own name, the variable, property or argument it is. */
function unitName(node: ts.FunctionLikeDeclaration, source: ts.SourceFile): string {
  if (ts.isConstructorDeclaration(node)) return "constructor";
  const prefix = ts.isGetAccessorDeclaration(node) ? "get " : ts.isSetAccessorDeclaration(node) ? "set " : "";
  if (node.name) return prefix + node.name.getText(source);
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent)) {
    return parent.name.getText(source);
  }
  if (ts.isExportAssignment(parent)) return "default export";
  if (ts.isCallExpression(parent) || ts.isNewExpression(parent)) {
    // `memo(function …)`, `builder.queryFields((t) => …)`: named after the call it is passed to.
    const wrapper = unitNameOfCall(parent);
    if (wrapper) return `${wrapper}(…)`;
  }
  return "(anonymous)";
}

function unitNameOfCall(call: ts.CallExpression | ts.NewExpression): string | null {
  const callee = call.expression;
  const called = ts.isPropertyAccessExpression(callee) ? callee.name.text : ts.isIdentifier(callee) ? callee.text : null;
  if (!called) return null;
  // `const Card = memo((props) => …)`: the component's own name first.
  const holder = call.parent;
  if (ts.isVariableDeclaration(holder) && ts.isIdentifier(holder.name)) return `${holder.name.text} = ${called}`;
  return called;
}

/** Every function-like unit of one file's text, in the order they start. */
export function measureSource(file: string, text: string): Unit[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, scriptKind(file));
  const units: Unit[] = [];
  const visit = (node: ts.Node, outer: string[]) => {
    let inner = outer;
    if (ts.isFunctionLike(node) && isBodied(node)) {
      const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      const name = unitName(node, source);
      inner = [...outer, name];
      units.push({ file, line: first + 1, lines: last - first + 1, name: inner.join(" › ") });
    }
    ts.forEachChild(node, (child) => visit(child, inner));
  };
  visit(source, []);
  return units;
}

/** Functions with a body: not overload signatures, interface members or function types. */
function isBodied(node: ts.SignatureDeclaration): node is ts.FunctionLikeDeclaration {
  return (
    (ts.isFunctionDeclaration(node) ||
      ts.isFunctionExpression(node) ||
      ts.isArrowFunction(node) ||
      ts.isMethodDeclaration(node) ||
      ts.isConstructorDeclaration(node) ||
      ts.isGetAccessorDeclaration(node) ||
      ts.isSetAccessorDeclaration(node)) &&
    node.body !== undefined
  );
}

/** Every unit of the product's code under `root`, longest first (then by file and line). */
export function measureTree(root: string, dirs: readonly string[] = SOURCE_DIRS): Unit[] {
  const units = sourceFiles(root, dirs).flatMap((file) => measureSource(file, readFileSync(join(root, file), "utf8")));
  return units.sort((a, b) => b.lines - a.lines || a.file.localeCompare(b.file) || a.line - b.line);
}

const row = (unit: Unit) => `${String(unit.lines).padStart(5)}  ${unit.file}:${unit.line}  ${unit.name}`;

/** The command: prints its report through `out` and `err`, returns the exit code. */
export function run(
  argv: string[],
  io: { root?: string; out?: (line: string) => void; err?: (line: string) => void } = {},
): number {
  const out = io.out ?? ((line: string) => console.log(line));
  const err = io.err ?? ((line: string) => console.error(line));
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: { top: { type: "string", default: "15" }, max: { type: "string" }, root: { type: "string" } },
      strict: true,
    }));
  } catch (error) {
    err(`${(error as Error).message}\nusage: tsx scripts/longest-units.ts [--top N] [--max LINES] [--root DIR]`);
    return 2;
  }
  const top = Number(values.top);
  const max = values.max === undefined ? null : Number(values.max);
  if (!Number.isInteger(top) || top < 0 || (max !== null && (!Number.isInteger(max) || max < 1))) {
    err("--top and --max take a whole number of lines");
    return 2;
  }
  const root = values.root ?? io.root ?? fileURLToPath(new URL("..", import.meta.url));
  const units = measureTree(root);
  const files = new Set(units.map((u) => u.file)).size;

  out(`The ${Math.min(top, units.length)} longest of ${units.length} functions in ${files} files (lines, where, which):`);
  for (const unit of units.slice(0, top)) out(row(unit));
  if (max === null) return 0;

  const over = units.filter((u) => u.lines > max);
  if (!over.length) {
    out(`longest units: none over ${max} lines`);
    return 0;
  }
  err(`longest units: ${over.length} over ${max} lines (split them; the demo seed, generated code and tests are not counted):`);
  for (const unit of over) err(row(unit));
  return 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = run(process.argv.slice(2));
}
