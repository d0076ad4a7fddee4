import { distance } from "fastest-levenshtein";
import type { Language } from "./language.ts";
import { lexiconTags, lexiconVocabulary } from "./pos.ts";

/**
 * Whether a word of the source looks like a misspelling, so that it never becomes an answer or a blank:
 * a course must not teach the source's typo ("discrimerende" beside "discriminerende") as the thing to
 * remember. The source's sentence is still quoted as written; only the item is not made.
 *
 * A word looks misspelled when the language's lexicon (the tagger's, `pos.ts`) does not know it and it
 * is a small edit away from a word that is spelled right:
 * - a lexicon word, one edit away (words of `MIN_LENGTH` letters or more), or
 * - another word of the source, at most `MAX_EDITS` edits and `MAX_EDITS_PER_CHAR` of its length away,
 *   when that word is the better attested spelling: the lexicon knows it, or more other words of the
 *   source and the lexicon continue its stem the way it does ("discrimin-atie", "discrimin-eren" beside
 *   a lone "discrim-erende"). Two spellings equally attested are both doubtful, and neither is asked.
 * Inflections are no misspellings: two words whose difference lies within the last `INFLECTION_TAIL`
 * letters of both ("algoritme"/"algoritmes", "stratovulkaan"/"stratovulkanen") are forms of one word.
 * Capitalised words are names and are not judged.
 */
export function looksMisspelled(word: string, sourceWords: ReadonlySet<string>, language: Language): boolean {
  const cache = verdicts.get(sourceWords) ?? new Map<string, boolean>();
  verdicts.set(sourceWords, cache);
  const cached = cache.get(`${language}:${word}`);
  if (cached !== undefined) return cached;
  const verdict = judge(word, sourceWords, language);
  cache.set(`${language}:${word}`, verdict);
  return verdict;
}

// Verdicts per vocabulary: a long source asks about the same terms in many chapters.
const verdicts = new WeakMap<ReadonlySet<string>, Map<string, boolean>>();

function judge(word: string, sourceWords: ReadonlySet<string>, language: Language): boolean {
  if (word.length < MIN_LENGTH || !/^\p{Ll}+$/u.test(word) || known(word, language)) return false;
  if (lexiconNeighbours(word, language).length > 0) return true;
  for (const other of sourceWords) {
    if (other === word || Math.abs(other.length - word.length) > MAX_EDITS || isInflection(word, other))
      continue;
    const edits = distance(word, other);
    if (edits > MAX_EDITS || edits / Math.max(word.length, other.length) > MAX_EDITS_PER_CHAR) continue;
    // The rival wins when the lexicon knows it or it is at least as well attested (a tie: both doubtful).
    if (known(other, language)) return true;
    if (support(other, word, sourceWords, language) >= support(word, other, sourceWords, language))
      return true;
  }
  return false;
}

const MIN_LENGTH = 6;
const MAX_EDITS = 2;
const MAX_EDITS_PER_CHAR = 0.15;
const INFLECTION_TAIL = 3;

function known(word: string, language: Language): boolean {
  return lexiconTags(word, language).length > 0;
}

/** Two forms of one word: they differ only in the last few letters of both (an ending). */
function isInflection(a: string, b: string): boolean {
  const common = commonPrefix(a, b);
  return common >= Math.max(a.length, b.length) - INFLECTION_TAIL;
}

function commonPrefix(a: string, b: string): number {
  let at = 0;
  while (at < a.length && at < b.length && a[at] === b[at]) at++;
  return at;
}

/**
 * How many other words (of the source and the lexicon) continue `word`'s stem where it parts from
 * `rival`: its shared prefix plus the next two letters. The spelling the language uses elsewhere has
 * relatives; a typo has none.
 */
function support(word: string, rival: string, sourceWords: ReadonlySet<string>, language: Language): number {
  const stem = word.slice(0, commonPrefix(word, rival) + 2);
  let count = 0;
  for (const other of sourceWords) if (other !== word && other !== rival && other.startsWith(stem)) count++;
  for (const other of lexiconWords(language, stem.slice(0, 1)))
    if (other !== word && other !== rival && other.startsWith(stem) && !sourceWords.has(other)) count++;
  return count;
}

// The lexicon's lower-case words per first letter, built once per language.
const byInitial = new Map<Language, Map<string, string[]>>();

function lexiconWords(language: Language, initial: string): readonly string[] {
  let index = byInitial.get(language);
  if (!index) {
    index = new Map();
    for (const word of lexiconVocabulary(language)) {
      const list = index.get(word.charAt(0)) ?? [];
      list.push(word);
      index.set(word.charAt(0), list);
    }
    byInitial.set(language, index);
  }
  return index.get(initial) ?? [];
}

/** Lexicon words one edit from `word`, of about its length and with its first letter. */
function lexiconNeighbours(word: string, language: Language): string[] {
  return lexiconWords(language, word.charAt(0)).filter(
    (other) =>
      Math.abs(other.length - word.length) <= 1 &&
      other !== word &&
      !isInflection(word, other) &&
      distance(word, other) === 1,
  );
}
