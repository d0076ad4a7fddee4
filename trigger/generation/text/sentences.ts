import type { Language } from "./language.ts";
import { FORMULA_MARKS, TABLE_ROW_MARKS } from "./lexicon/formula-marks.ts";
import { wordSet } from "./lexicon/index.ts";
import { onlyAVerb } from "./pos.ts";

// Abbreviations whose full stop does not end a sentence (English and Dutch), without their dots.
const ABBREVIATIONS = new Set(
  (
    "e.g i.e cf vs fig figs dr mr mrs ms prof st no nos vol ca approx jr sr inc ltd " +
    "bijv bv o.a d.w.z m.a.w z.g.a.n nl resp evt incl excl blz nr jl dhr mevr mw ir ing drs vgl enz"
  ).split(" "),
);

// Abbreviations that point to a numbered thing ("Fig. 2", "Refs. 1 and 4", "Eq. (3)", "p. 12"): before a
// number their full stop does not end a sentence. Some are words too ("Open the tab. 3 more …" is rare,
// "Press the tab. Then" common), so only a number after them keeps the sentence going.
const NUMBERED_ABBREVIATIONS = new Set(
  "ref refs eq eqs sec secs tab tabs ch chap chaps pp app apps art arts par hfst afb".split(" "),
);
const NUMBER_NEXT = /^["'“‘([]?\d/u;

const BOUNDARY = /([.!?…]+["'”’)\]]*)\s+(?=["'“‘([]?[\p{Lu}\p{N}])/gu;
const COMPLETE_START = /^["'“‘([]?[\p{Lu}\p{N}]/u;
const COMPLETE_END = /[.!?…]["'”’)\]]*$/;

export interface SentenceSpan {
  text: string;
  /** Character offsets in the paragraph text; end is exclusive. */
  start: number;
  end: number;
}

/** Splits running text into sentences at closing punctuation followed by a capital or digit. */
export function splitSentences(text: string): SentenceSpan[] {
  const spans: SentenceSpan[] = [];
  let start = 0;
  for (const match of text.matchAll(BOUNDARY)) {
    const end = match.index + (match[1]?.length ?? 0);
    if (isAbbreviation(text.slice(start, end), text.slice(match.index + match[0].length))) continue;
    pushSpan(spans, text, start, end);
    start = match.index + match[0].length;
  }
  pushSpan(spans, text, start, text.length);
  return spans;
}

function pushSpan(spans: SentenceSpan[], text: string, start: number, end: number) {
  const raw = text.slice(start, end);
  const leading = raw.length - raw.trimStart().length;
  const trimmed = raw.trim();
  if (trimmed) spans.push({ text: trimmed, start: start + leading, end: start + leading + trimmed.length });
}

function isAbbreviation(sentence: string, next: string): boolean {
  const lastWord = /(\S+)\.$/
    .exec(sentence)?.[1]
    ?.toLowerCase()
    .replace(/^[("'“‘[]+/, "");
  if (!lastWord) return false;
  if (NUMBERED_ABBREVIATIONS.has(lastWord) && NUMBER_NEXT.test(next)) return true;
  return ABBREVIATIONS.has(lastWord) || /^\p{L}$/u.test(lastWord);
}

/**
 * A whole paragraph that states something without a closing stop, as slide bullets and list items do
 * ("In Python a function is some reusable code that takes arguments as input"): it starts like a
 * sentence, is at least six words long and has a finite verb or a verb the lexicon knows. A title or
 * label ("Python Functions, part 2", "Stored (and reused) Steps") has none and stays incomplete.
 */
export function isUnstoppedStatement(text: string, language: Language): boolean {
  if (!COMPLETE_START.test(text) || COMPLETE_END.test(text) || /[:;,]$/u.test(text)) return false;
  const words = text.match(/\p{L}+/gu) ?? [];
  if (words.length < 6) return false;
  const finite = wordSet(language, "finiteAuxiliaries");
  return words.some((word, index) => {
    const lower = word.toLowerCase();
    // The first word may be a capitalised verb of an imperative ("Make a library …"); a verb counts after it.
    return finite.has(lower) || (index > 0 && onlyAVerb(lower, language));
  });
}

/**
 * A sentence holding mathematical notation, which extraction leaves unreadable, or a table's numbered
 * rows run together (lexicon/formula-marks.ts): no statement a learner can read.
 */
export function holdsNotation(text: string): boolean {
  return [...FORMULA_MARKS, ...TABLE_ROW_MARKS].some((mark) => mark.test(text));
}

/** Word lists whose words are written in lower case inside a sentence: a capital there opens another. */
const LOWER_CASE_INSIDE = ["determiners", "pronouns", "finiteAuxiliaries"] as const;
const lowerCaseInside = new Map<Language, ReadonlySet<string>>();

/** Their words in one set per language, built once: every sentence of a corpus is checked. */
function lowerInsideWords(language: Language): ReadonlySet<string> {
  let words = lowerCaseInside.get(language);
  if (!words) {
    words = new Set(LOWER_CASE_INSIDE.flatMap((list) => [...wordSet(language, list)]));
    lowerCaseInside.set(language, words);
  }
  return words;
}

/**
 * Two texts run together without a stop: a glossary's term and its definition ("Community Elke
 * specifieke gemeenschap …", "… Ontwikkelmodel Het Beheer- en Ontwikkelmodel is …"), or a figure's
 * label and the body ("Date We will learn more …"). A determiner, pronoun or auxiliary with a capital
 * inside a sentence, not after a stop, colon, quote or bracket, opens the second. "I" (and Dutch "U")
 * are capitalised anywhere.
 */
export function gluesTwoTexts(text: string, language: Language): boolean {
  const lowerInside = lowerInsideWords(language);
  for (const match of text.matchAll(/(?<=(\S))\s+(\p{Lu}\p{Ll}*)(?![\p{L}\p{N}-])/gu)) {
    const [, before = "", word = ""] = match;
    const lower = word.toLowerCase();
    if (/[.!?:;“"‘'([—–-]/u.test(before) || lower === "i" || lower === "u") continue;
    if (lowerInside.has(lower)) return true;
  }
  return false;
}

/** A sentence that starts like one and ends like one, not a piece cut off at a chunk edge or a list item. */
export function isCompleteSentence(text: string): boolean {
  return COMPLETE_START.test(text) && COMPLETE_END.test(text);
}
