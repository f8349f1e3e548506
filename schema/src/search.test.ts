import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { matchRanges, searchTerms, snippetAround } from "./search.js";
import { searchTextSchema } from "./validation/search.js";

/** The modules a module imports, itself included, followed through relative imports. */
function moduleGraph(file: string, seen = new Set<string>()): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  const visit = (path: string) => {
    if (seen.has(path)) return;
    seen.add(path);
    const specifiers = [...readFileSync(path, "utf8").matchAll(/^\s*(?:import|export)\b[^;]*?from\s+"([^"]+)"|^\s*import\s+"([^"]+)"/gm)].map((m) => m[1] ?? m[2]);
    graph.set(path, specifiers);
    for (const specifier of specifiers) if (specifier.startsWith(".")) visit(resolve(dirname(path), specifier.replace(/\.js$/, ".ts")));
  };
  visit(file);
  return graph;
}

describe("search words (conversations and 'Parceiras')", () => {
  it("keeps letters and digits, folded, and ignores fewer than two", () => {
    expect(searchTerms("  Café, BOLO!  café ")).toEqual(["cafe", "bolo"]);
    expect(searchTerms("a")).toBeNull();
    expect(searchTerms("% _ *")).toBeNull();
    expect(searchTerms(null)).toBeNull();
  });

  it("finds the words in a text without accents or case, where the text has them", () => {
    const text = "Orçamento do CAFÉ e do café";
    expect(matchRanges(text, ["cafe", "orcam"]).map(({ start, end }) => text.slice(start, end))).toEqual(["Orçam", "CAFÉ", "café"]);
    // A decomposed accent stays inside the mark.
    const decomposed = "Cafe\u0301 bom";
    expect(matchRanges(decomposed, ["cafe"])).toEqual([{ start: 0, end: 5 }]);
    expect(matchRanges("bolo", [])).toEqual([]);
  });

  it("cuts a long message around the first word", () => {
    const long = `${"palavra ".repeat(30)}orçamento ${"fim ".repeat(30)}`;
    const snippet = snippetAround(long, ["orcamento"], 60);
    expect(snippet.startsWith("…") && snippet.endsWith("…")).toBe(true);
    expect(snippet).toContain("orçamento");
    expect(snippetAround("curta", ["x"])).toBe("curta");
  });
});

describe("what the board's first screen imports for its search", () => {
  it("builds no zod schema: search.ts and what it imports leave zod out (21 KB on a slow phone before the board is live)", () => {
    const here = dirname(fileURLToPath(import.meta.url));
    const graph = moduleGraph(resolve(here, "search.ts"));
    const withZod = [...graph].filter(([, specifiers]) => specifiers.some((s) => s === "zod" || s.startsWith("zod/") || s.endsWith("jitless.js")));
    expect(withZod.map(([path]) => path)).toEqual([]);
    // The schema of a search's text lives beside the other schemas and says the same words.
    expect(searchTextSchema.safeParse("x".repeat(101)).error?.issues[0]?.message).toBe("A busca pode ter no máximo 100 caracteres.");
  });
});
