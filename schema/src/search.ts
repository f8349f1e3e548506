/**
 * Searching her conversations and the members directory (issue 28; docs/decisions/0265 and 0266): the
 * words of a search, and where they are in a text, the same on the server (which finds) and on the web
 * (which highlights them with <mark>). No zod here: the board's first screen imports these words and
 * would otherwise wait for zod's 21 KB (the schema of a search's text is validation/search.ts).
 */

/** Longest search she may type, on the board and elsewhere (issue 28). */
export const SEARCH_MAX_CHARS = 100;

/** 'A busca pode ter no máximo 100 caracteres.' (the board's search says the same). */
export const SEARCH_TOO_LONG = `A busca pode ter no máximo ${SEARCH_MAX_CHARS} caracteres.`;

/** Words of a search taken at most (the rest are ignored). */
export const SEARCH_TERMS_MAX = 8;

/** A letter or digit as a search compares it: lower case, without its accent ('É' → 'e'). */
export const foldForSearch = (text: string): string => text.normalize("NFD").replace(/\p{M}+/gu, "").toLowerCase();

/**
 * The words of a search, folded (letters and digits only, at most SEARCH_TERMS_MAX); null when they
 * hold fewer than two letters or digits in all, which leaves the list as it is.
 */
export function searchTerms(q: string | null | undefined): string[] | null {
  const words = foldForSearch((q ?? "").normalize("NFC")).match(/[\p{L}\p{N}]+/gu) ?? [];
  if (words.join("").length < 2) return null;
  return [...new Set(words)].slice(0, SEARCH_TERMS_MAX);
}

/** The parts of a text where any of the words is (accent- and case-insensitive), in order, not overlapping. */
export function matchRanges(text: string, terms: readonly string[]): { start: number; end: number }[] {
  if (!text || terms.length === 0) return [];
  // Folding may change a character's length ('ﬁ', decomposed accents): keep where each folded character came from.
  let folded = "";
  const origin: number[] = [];
  let index = 0;
  for (const char of text) {
    const part = foldForSearch(char);
    for (let k = 0; k < part.length; k += 1) origin.push(index);
    folded += part;
    index += char.length;
  }
  origin.push(text.length);
  const found: { start: number; end: number }[] = [];
  for (const term of terms) {
    let from = folded.indexOf(term);
    while (term && from !== -1) {
      found.push({ start: origin[from], end: origin[from + term.length] ?? text.length });
      from = folded.indexOf(term, from + term.length);
    }
  }
  found.sort((a, b) => a.start - b.start || b.end - a.end);
  const merged: { start: number; end: number }[] = [];
  for (const range of found) {
    const last = merged[merged.length - 1];
    if (last && range.start <= last.end) last.end = Math.max(last.end, range.end);
    else merged.push({ ...range });
  }
  return merged;
}

/** Up to `max` characters of a text around the first of the words, with '…' where it was cut. */
export function snippetAround(text: string, terms: readonly string[], max = 120): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  const first = matchRanges(flat, terms)[0];
  const start = first ? Math.max(0, Math.min(first.start - Math.floor(max / 3), flat.length - max)) : 0;
  const end = Math.min(flat.length, start + max);
  return `${start > 0 ? "…" : ""}${flat.slice(start, end).trim()}${end < flat.length ? "…" : ""}`;
}
