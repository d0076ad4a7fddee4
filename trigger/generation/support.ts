import { PorterStemmer, PorterStemmerNl } from "natural/lib/natural/stemmers/index.js";
import { contentTerms } from "./corpus.ts";
import { escapeRegExp, words } from "./text/language.ts";
import { WORD_LISTS } from "./text/lexicon/index.ts";
import { joinLines, plainText } from "./text/markup.ts";
import { withoutLeaningOnDropped } from "./text/rank.ts";
import { splitSentences } from "./text/sentences.ts";

/** Text as compared for support: plain, lower case, one kind of quote, single spaces, no end punctuation. */
export function comparable(text: string): string {
  return text
    .normalize("NFC")
    .toLowerCase()
    .replace(/[‘’`´]/g, "'")
    .replace(/[“”„]/g, '"')
    .replace(/\s+/g, " ")
    .replace(/[\s.!?…;:,]+$/, "")
    .trim();
}

/** The running text of cited lines, as the sentences in them read. */
export function citedText(lines: readonly string[]): string {
  return joinLines(lines.filter((line) => line !== "").map(plainText)).text;
}

/**
 * Whether cited lines back an answer: they contain it word for word, or they contain its content
 * words (all of them for short answers, half of them for longer ones, which may be paraphrased), in
 * any inflection ("reflect" is backed by "reflects", "planten" by "plant"), and every number it states.
 */
export function isSupported(answer: string, lines: readonly string[], share = PARAPHRASE_SHARE): boolean {
  const cited = comparable(citedText(lines));
  const expected = comparable(plainText(answer));
  if (expected === "") return false;
  if (cited.includes(expected)) return true;
  const numbers = expected.match(/\p{N}+/gu) ?? [];
  const citedNumbers = new Set(cited.match(/\p{N}+/gu) ?? []);
  // A paraphrase may change words, never figures: each number must be in the lines.
  if (numbers.some((number) => !citedNumbers.has(number))) return false;
  const terms = [...new Set([...contentTerms(expected), ...numbers])];
  if (terms.length === 0) return false;
  const available = new Set(
    [...contentTerms(cited), ...compoundsOf(cited), ...citedNumbers].flatMap(stemForms),
  );
  const has = (word: string) => stemForms(word).some((form) => available.has(form));
  // "GAEN-raamwerk" is backed by "GAEN raamwerk": a hyphenated term by each of its parts.
  const found = terms.filter(
    (term) => has(term) || (term.includes("-") && term.split("-").every(has)),
  ).length;
  const needed = terms.length <= 2 ? terms.length : Math.ceil(terms.length * share);
  return found >= needed;
}

/**
 * Two neighbouring words of a text written as one compound ("bron integriteit" → "bronintegriteit"),
 * as Dutch writes a compound either way; a paraphrase may join what its source wrote apart.
 */
function compoundsOf(text: string): string[] {
  const tokens = words(text);
  return tokens.slice(1).map((token, at) => `${tokens[at]}${token}`);
}

/**
 * The share of its content words a paraphrase's cited lines must hold: an answer or an expert's sentence
 * "in their own words" swaps some for synonyms ("willekeurige" for the table's "random", "A vaccine aimed
 * at the virus's S protein" for "the development of a vaccine to target the S protein"). Three in four
 * dropped 14 of a stand-in model's 21 faithful podcast turns, and 48 of 198 right answers that blind
 * graders found true (four chapters lost diagnostic questions, one its whole diagnostic).
 */
const PARAPHRASE_SHARE = 0.5;
/** A snippet a model says it quotes from its lines is held to three in four of its words. */
export const QUOTE_SHARE = 0.75;

/**
 * Whether cited lines back a spoken explanation: every sentence of it holds half its content words
 * (in any inflection) and every number it states. Judged per sentence, so one sentence of invented
 * matter is not carried by the others.
 */
export function isParaphraseSupported(text: string, lines: readonly string[]): boolean {
  return claimsOf(text).length > 0 && unbackedClaim(text, lines) === null;
}

/** The first claim of a paraphrase that its lines do not back (see isParaphraseSupported), or null. */
export function unbackedClaim(text: string, lines: readonly string[]): string | null {
  return claimsOf(text).find((sentence) => !isSupported(sentence, lines, PARAPHRASE_SHARE)) ?? null;
}

/** A paraphrase's claims: its sentences with content words, a short reply read with the next one. */
function claimsOf(text: string): string[] {
  const sentences = splitSentences(plainText(text)).map((span) => span.text);
  return withShortRepliesJoined(
    sentences.filter((sentence) => contentTerms(sentence.toLowerCase()).length > 0),
  );
}

/** Fewer content words than this is a spoken reply ("Nee.", "Op het GAEN-raamwerk."), no claim alone. */
const REPLY_TERMS = 3;

/**
 * A short reply is judged with the sentence it leads into: "Nee. Het is
 * onderdeel van een breder pakket maatregelen." says one thing, and "Nee." alone can be backed by no line.
 */
function withShortRepliesJoined(sentences: readonly string[]): string[] {
  const joined: string[] = [];
  let pending = "";
  for (const sentence of sentences) {
    const text = pending ? `${pending} ${sentence}` : sentence;
    if (contentTerms(text.toLowerCase()).length < REPLY_TERMS) pending = text;
    else {
      joined.push(text);
      pending = "";
    }
  }
  // A short sentence that ends the turn leads into nothing: it is judged alone.
  if (pending) joined.push(pending);
  return joined;
}

/**
 * The forms a word is matched by: its suffix stem (below) and its English and Dutch Porter stems
 * (`natural`), so a paraphrase's inflections meet the source's in either language ("situatie" and
 * "situaties", "behandelen" and "behandel", "classifiers" and "classifier"). Two words match when any form
 * agrees; every form only strips inflections, so a match never joins two different words' meanings.
 */
export function stemForms(word: string): string[] {
  return [stem(word), PorterStemmer.stem(word), PorterStemmerNl.stem(word)];
}

// Longest first; a stem keeps at least four letters so short words are compared whole.
const SUFFIXES = ["ations", "ation", "ings", "ing", "ies", "ied", "ed", "es", "s", "en", "e"];

/** A word without its inflection ending, enough to match a paraphrase's forms to the source's. */
export function stem(word: string): string {
  for (const suffix of SUFFIXES) {
    if (word.endsWith(suffix) && word.length - suffix.length >= 4) return word.slice(0, -suffix.length);
  }
  return word;
}

const CAUSAL = new RegExp(
  `(?<!\\p{L})(?:${Object.values(WORD_LISTS)
    .flatMap((lists) => lists.causalConnectives)
    .map(escapeRegExp)
    .join("|")})(?!\\p{L})`,
  "iu",
);

/**
 * Whether a paraphrase says one thing causes another ("… en kunnen daardoor tot … leiden") where its
 * cited lines state no cause at all: two facts side by side in the source are not a cause and effect.
 */
export function addsACause(text: string, lines: readonly string[]): boolean {
  return CAUSAL.test(plainText(text)) && !CAUSAL.test(citedText(lines));
}

/** The first sentence of a text that states a cause its lines do not (`addsACause`), or null. */
export function addedCause(text: string, lines: readonly string[]): string | null {
  return (
    splitSentences(text)
      .map((span) => span.text)
      .find((sentence) => addsACause(sentence, lines)) ?? null
  );
}

/**
 * The text without its sentences that state a cause the lines do not (`addsACause`), and how many went:
 * for a recap's transcript, which has no citations of its own and is judged against the recap's.
 */
export function withoutAddedCauses(
  text: string,
  lines: readonly string[],
): { text: string; dropped: number } {
  const sentences = splitSentences(text).map((span) => span.text);
  const kept = withoutLeaningOnDropped(sentences, (sentence) => addsACause(sentence, lines));
  return { text: kept.join(" "), dropped: sentences.length - kept.length };
}
