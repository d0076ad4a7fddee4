import english from "hyphen/en/index.js";
import dutch from "hyphen/nl/index.js";
import { wordSet } from "../text/lexicon/index.ts";

/** A word with its hyphenation points (Liang's patterns, TeX's) marked by soft hyphens. */
export const hyphenateEn = (word: string): string => english.hyphenateSync(word, { minWordLength: 4 });
export const hyphenateNl = (word: string): string => dutch.hyphenateSync(word, { minWordLength: 4 });

// A line that ends in a word broken off with a hyphen, and a line that continues it.
const BROKEN_END = /([\p{L}\p{N}][\p{L}\p{N}-]*)-$/u;
const CONTINUED_START = /^([\p{L}\p{N}][\p{L}\p{N}-]*)/u;
// English words that keep their hyphen in compounds ("well-known", "self-cleaning", "so-called").
const ENGLISH_HYPHEN_PREFIXES = new Set(["self", "well", "ex", "half", "all", "so", "non", "by", "co"]);
// Dutch separates vowels that would otherwise read as one sound ("zee-egel", "auto-ongeluk").
const DUTCH_VOWEL_CLASH = /^(?:aa|ae|ai|au|ee|ei|eu|ie|oe|oi|oo|ou|ui|uu|ea|eo|io|ia|oa|ua)$/;

/**
 * English words (`an-array-of-english-words`, MIT, about 275,000 words), loaded once when a document
 * first needs them: 3 MB of JSON that only ingestion reads, as its own chunk in the task bundle.
 */
let englishWords: Promise<ReadonlySet<string>> | undefined;
export function loadEnglishWords(): Promise<ReadonlySet<string>> {
  englishWords ??= import("an-array-of-english-words/index.json", { with: { type: "json" } }).then(
    (module) => new Set(module.default),
  );
  return englishWords;
}

/** The words of a text as written, hyphenated compounds whole: the document's own spelling. */
export function vocabularyOf(lines: readonly string[]): Set<string> {
  const words = new Set<string>();
  lines.forEach((line, index) => {
    const tokens = line.toLowerCase().match(/[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*/gu) ?? [];
    // The token before a line-end hyphen and the first one after it may be halves of a word; they are
    // no evidence of spelling.
    const start = lines[index - 1]?.endsWith("-") ? 1 : 0;
    const whole = tokens.slice(start, line.endsWith("-") ? -1 : undefined);
    for (const token of whole) words.add(token);
  });
  return words;
}

/**
 * How a word broken across a line end reads: `null` when the line does not end in a broken word (a dash,
 * a list, a compound's hanging hyphen before "en"/"and"), otherwise whether the hyphen belongs to the word. The document's own spelling of the word
 * elsewhere decides first; then a capital, digit or Dutch vowel clash at the break, or an English
 * compound prefix, keeps the hyphen; otherwise the hyphen is the typesetter's when the language's
 * hyphenation patterns would break the word there, and the word's own when they would not.
 */
export function joinAcrossLines(
  line: string,
  nextLine: string,
  language: "nl" | "en",
  vocabulary: ReadonlySet<string>,
  dictionary?: ReadonlySet<string>,
): { hyphen: boolean } | null {
  const head = BROKEN_END.exec(line)?.[1];
  const tail = CONTINUED_START.exec(nextLine)?.[1];
  if (!head || !tail || line.endsWith(" -")) return null;
  // A compound's hanging hyphen before "en"/"and" ("Beheer-" / "en Ontwikkelmodel", "pre-" / "and
  // post-war") is no broken word: the lines meet with a space.
  if (
    wordSet(language, "listJoiners").has(tail.toLowerCase()) &&
    /\s/.test(nextLine.slice(tail.length, tail.length + 1))
  )
    return null;
  const lastPart = head.split("-").at(-1) ?? head;
  const joined = `${head}${tail}`.toLowerCase();
  const hyphenated = `${head}-${tail}`.toLowerCase();
  if (vocabulary.has(hyphenated) && !vocabulary.has(joined)) return { hyphen: true };
  if (vocabulary.has(joined)) return { hyphen: false };
  // The document writes this head as a prefix with its hyphen ("per-metron") and the tail as a word of
  // its own: "per-" / "syllable" is "per-syllable".
  if (hyphenatedHeads(vocabulary).has(lastPart.toLowerCase()) && vocabulary.has(tail.toLowerCase()))
    return { hyphen: true };
  const before = lastPart.at(-1) ?? "";
  const after = tail[0] ?? "";
  if (!/\p{Ll}/u.test(before) || !/\p{Ll}/u.test(after)) return { hyphen: true };
  const word = `${lastPart}${tail}`.toLowerCase();
  const byDictionary = dictionary && language === "en" ? dictionaryJoin(lastPart, tail, dictionary) : null;
  if (byDictionary) return byDictionary;
  const prefix = wordSet(language, "unhyphenatedPrefixes").has(lastPart.toLowerCase());
  if (language === "nl" && !prefix && DUTCH_VOWEL_CLASH.test(`${before}${after}`)) return { hyphen: true };
  // A compound prefix keeps its hyphen unless the word list knows the whole word: "ex-" / "tensions" is
  // "extensions", as "ex-" / "ample" is "example".
  if (language === "en" && ENGLISH_HYPHEN_PREFIXES.has(lastPart.toLowerCase()) && !dictionary?.has(word))
    return { hyphen: true };
  const hyphenate = language === "nl" ? hyphenateNl : hyphenateEn;
  let position = 0;
  for (const syllable of hyphenate(word).split("\u00ad")) {
    position += syllable.length;
    if (position === lastPart.length) return { hyphen: false };
  }
  return { hyphen: true };
}

const headsByVocabulary = new WeakMap<ReadonlySet<string>, Set<string>>();

/** The first parts of the document's hyphenated compounds ("per" of "per-metron"), once per vocabulary. */
function hyphenatedHeads(vocabulary: ReadonlySet<string>): Set<string> {
  let heads = headsByVocabulary.get(vocabulary);
  if (!heads) {
    heads = new Set(
      [...vocabulary].filter((word) => word.includes("-")).map((word) => word.split("-")[0] ?? ""),
    );
    headsByVocabulary.set(vocabulary, heads);
  }
  return heads;
}

/**
 * What a word list says of a break: the hyphen goes when the joined word is a word and its second half
 * alone is not ("ex-" / "actly"), and stays when both halves are words and the joined one is not ("sub-"
 * / "word", "well-" / "known"). When both or neither are words ("under-" / "stand", "by-" / "product")
 * it says nothing, and the patterns decide (the prefixes only for words it does not know).
 */
function dictionaryJoin(
  head: string,
  tail: string,
  dictionary: ReadonlySet<string>,
): { hyphen: boolean } | null {
  const isWord = (word: string) => dictionary.has(word.toLowerCase());
  const joined = isWord(`${head}${tail}`);
  if (joined && !isWord(tail)) return { hyphen: false };
  if (!joined && isWord(head) && isWord(tail)) return { hyphen: true };
  return null;
}

/**
 * Line meetings that take no space, with nothing to drop (`hyphen: true` keeps the line as it ends):
 * a dash set close to the word before it ("embeddings—" / "are"), a compound's hyphen after an
 * abbreviation ("S.M.A.R.T.-" / "principe"), an address broken after a slash or
 * dot ("https://github.com/" / "bnagy/…") or inside its scheme ("https:" / "//dl.acm.org/…"), and a next line that opens with punctuation closing the
 * sentence or a bracket, after any reference numbers ("design" / "[14]) but", "VanillaSaliency" /
 * "[16], GradCam"), but not before a word that starts with punctuation (".width", ".5").
 */
const ADDRESS_JOINS: ReadonlyArray<{ end: RegExp; start: RegExp }> = [
  { end: /(?:https?:\/\/|www\.)\S*[/.]$/u, start: /^[\w-]+[\w./#?=&%-]*/u },
  { end: /\bhttps?:\/{0,2}$/u, start: /^\/{0,2}[\w-]+\.[\w./#?=&%-]*/u },
];
const TIGHT_JOINS: ReadonlyArray<{ end: RegExp; start: RegExp }> = [
  { end: /[\p{L}\p{N}.,)\]'’”][—–]$/u, start: /^[\p{L}\p{N}‘“'"(]/u },
  // A compound on an abbreviation keeps its hyphen: "het S.M.A.R.T.-" / "principe".
  { end: /\p{L}\.-$/u, start: /^\p{L}/u },
  ...ADDRESS_JOINS,
  { end: /\S$/u, start: /^(?:\[\d{1,3}(?:\s?[,–-]\s?\d{1,3})*\]\s?)*[,.;:!?)\]](?![\p{L}\p{N}])/u },
];

const meets = (joins: typeof TIGHT_JOINS, line: string, nextLine: string) =>
  joins.some(({ end, start }) => end.test(line) && start.test(nextLine));

export function tightJoin(line: string, nextLine: string): { hyphen: boolean } | null {
  return meets(TIGHT_JOINS, line, nextLine) ? { hyphen: true } : null;
}

/**
 * Whether `nextLine` goes on with a word or web address broken at the end of `line`: "…aps.org/" /
 * "revtex4/.", "(like aria-" / "describedby).".
 */
export function continuesBrokenWord(line: string, nextLine: string): boolean {
  return meets(ADDRESS_JOINS, line, nextLine) || (/\p{L}-$/u.test(line) && /^\p{Ll}/u.test(nextLine));
}
