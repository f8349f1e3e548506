import { describe, expect, it } from "vitest";
import { matchRanges, searchTerms, snippetAround } from "./search.js";

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
