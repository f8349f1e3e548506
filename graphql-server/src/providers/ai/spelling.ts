/**
 * Portuguese spelling for the local 'Ajustar por IA' (issue 15): Hunspell itself (hunspell-asm, its
 * WebAssembly build) with the Portuguese dictionary of dictionary-pt. It puts back the accents and
 * cedillas a phone keyboard left out ('mes' → 'mês', 'comecando' → 'começando', 'informacao' →
 * 'informação') and spells out a few chat shorthands ('pra' → 'para', 'vc' → 'você'), and nothing
 * else: a word is only replaced by the same letters with their marks, so the meaning stays hers.
 *
 * Hunspell's own suggestions are not used: for a long word they take a blocking third of a second.
 * Instead every form of the word with up to two letters marked is checked, which is a few hundred
 * microsecond lookups at most; a text's corrections stop after a time budget all the same.
 */

export interface Speller {
  /** Whether the dictionary knows the word (as written: a capital is a different spelling). */
  knows(word: string): boolean;
  /** The dictionary's suggestions, best first (slow for long words: used only for short ones). */
  suggest(word: string): string[];
}

let loading: Promise<Speller> | null = null;

/** The Portuguese dictionary, loaded on first use (about half a second) and kept. */
export function portugueseSpeller(): Promise<Speller> {
  loading ??= loadSpeller().catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

async function loadSpeller(): Promise<Speller> {
  const [{ loadModule }, { default: dictionary }] = await Promise.all([import("hunspell-asm"), import("dictionary-pt")]);
  const factory = await loadModule();
  const hunspell = factory.create(factory.mountBuffer(dictionary.aff, "pt.aff"), factory.mountBuffer(dictionary.dic, "pt.dic"));
  return { knows: (word) => hunspell.spell(word), suggest: (word) => hunspell.suggest(word) };
}

/** The marks a letter may have taken in Portuguese. */
const MARKED: Record<string, readonly string[]> = {
  a: ["á", "â", "ã", "à"],
  e: ["é", "ê"],
  i: ["í"],
  o: ["ó", "ô", "õ"],
  u: ["ú", "ü"],
  c: ["ç"],
};

/** Chat shorthands and their words (whole words only). */
const SHORTHANDS: Record<string, string> = {
  pra: "para",
  pras: "para as",
  vc: "você",
  vcs: "vocês",
  tb: "também",
  tbm: "também",
  q: "que",
  pq: "porque",
  mto: "muito",
  mta: "muita",
  mtos: "muitos",
  mtas: "muitas",
  td: "tudo",
  hj: "hoje",
  msg: "mensagem",
  cmg: "comigo",
};

/** Longer words, or words with more letters that could be marked, are left as they are. */
const LONGEST_WORD = 24;
const MOST_MARKABLE = 12;
/** The time one text's corrections may take; past it, the rest of the text is left as it is. */
const BUDGET_MS = 250;

const stripMarks = (word: string) => word.normalize("NFD").replace(/\p{M}/gu, "");

/** The forms of a lowercase word with one, then two, of its letters marked. */
function markedForms(word: string): [string[], string[]] {
  const letters = [...word];
  const spots = letters.flatMap((letter, index) => (MARKED[letter] ? [{ index, marks: MARKED[letter] }] : []));
  const one: string[] = [];
  const two: string[] = [];
  for (let a = 0; a < spots.length; a++) {
    for (const markA of spots[a].marks) {
      const first = [...letters];
      first[spots[a].index] = markA;
      one.push(first.join(""));
      for (let b = a + 1; b < spots.length; b++) {
        for (const markB of spots[b].marks) {
          const second = [...first];
          second[spots[b].index] = markB;
          two.push(second.join(""));
        }
      }
    }
  }
  return [one, two];
}

/** The word with its marks put back, or null when the dictionary gives no single answer. */
function withMarks(word: string, speller: Speller): string | null {
  if (word.length > LONGEST_WORD || stripMarks(word) !== word) return null;
  const markable = [...word].filter((letter) => MARKED[letter]).length;
  if (markable === 0 || markable > MOST_MARKABLE) return null;
  const [one, two] = markedForms(word);
  let found = one.filter((form) => speller.knows(form));
  if (found.length === 0) found = two.filter((form) => speller.knows(form));
  if (found.length === 1) return found[0];
  if (found.length === 0 || word.length > 6) return null;
  // A short word with two spellings ('mes': 'mês' or 'més'): the dictionary's first choice.
  return speller.suggest(word).find((suggestion) => found.includes(suggestion)) ?? null;
}

const sameCase = (model: string, word: string) =>
  model.length > 1 && model === model.toUpperCase() ? word.toUpperCase() : model[0] === model[0].toUpperCase() ? word[0].toUpperCase() + word.slice(1) : word;

/**
 * The text with its words' accents and cedillas put back and shorthands spelled out. Words in
 * capitals (acronyms), words the dictionary knows and words it cannot place stay as they are.
 */
export function correctSpelling(text: string, speller: Speller, now: () => number = performance.now.bind(performance)): string {
  const deadline = now() + BUDGET_MS;
  const memo = new Map<string, string | null>();
  const corrected = text.replace(/\p{L}+/gu, (word) => {
    const lower = word.toLowerCase();
    if (word.length > 1 && word === word.toUpperCase() && !SHORTHANDS[lower]) return word;
    if (word !== lower && word.slice(1) !== lower.slice(1)) return word; // camelCase, brand names
    const shorthand = SHORTHANDS[lower];
    if (shorthand) return sameCase(word, shorthand);
    if (speller.knows(word) || speller.knows(lower)) return word;
    if (!memo.has(lower)) memo.set(lower, now() < deadline ? withMarks(lower, speller) : null);
    const fixed = memo.get(lower);
    return fixed ? sameCase(word, fixed) : word;
  });
  // 'esta' before a verb in -ndo is 'está' ('esta começando' → 'está começando').
  return corrected.replace(/(?<!\p{L})([Ee])sta(\s+\p{L}+ndo)(?!\p{L})/gu, (_match, e: string, rest: string) => `${e}stá${rest}`);
}
