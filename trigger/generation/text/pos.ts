import { BrillPOSTagger, Lexicon, RuleSet } from "natural/lib/natural/brill_pos_tagger/index.js";
import type { Language } from "./language.ts";

/**
 * Parts of speech from `natural`'s Brill tagger, the one maintained tagger on npm with a lexicon and
 * context rules for both Dutch and English. Only the classes generation acts on are kept. A word the
 * lexicon does not know stays "unknown": the tagger would call it a noun by default, and generation
 * must not treat a guess as knowledge. English -ing forms are "unknown" too: "a price ceiling" and
 * "the water cycle's melting" are nouns that the rules often tag as verbs.
 */
export type WordClass = "noun" | "verb" | "adjective" | "adverb" | "function" | "unknown";

// Tags outside every lexicon, so an unknown word is recognisable after tagging.
const UNKNOWN = "?";

const taggers = new Map<Language, BrillPOSTagger>();

function taggerFor(language: Language): BrillPOSTagger {
  let tagger = taggers.get(language);
  if (!tagger) {
    const code = language === "nl" ? "DU" : "EN";
    tagger = new BrillPOSTagger(new Lexicon(code, UNKNOWN), new RuleSet(code));
    taggers.set(language, tagger);
  }
  return tagger;
}

function dutchClass(tag: string): WordClass {
  if (tag.startsWith("N(")) return "noun";
  if (tag.startsWith("V(")) return "verb";
  if (tag.startsWith("Adj(")) return "adjective";
  if (tag.startsWith("Adv(")) return "adverb";
  return /^(Pron|Prep|Conj|Art|Num|Int)\(/.test(tag) ? "function" : "unknown";
}

function englishClass(tag: string): WordClass {
  if (tag.startsWith("NN")) return "noun";
  if (tag === "VBG") return "unknown";
  if (tag.startsWith("VB") || tag === "MD") return "verb";
  if (tag.startsWith("JJ")) return "adjective";
  if (tag.startsWith("RB")) return "adverb";
  return /^(DT|IN|CC|PRP|WDT|WP|TO|CD|EX|PDT)/.test(tag) ? "function" : "unknown";
}

/** Every class the lexicon gives a word out of context (empty when it does not know the word). */
export function lexiconClasses(word: string, language: Language): WordClass[] {
  const lexicon = (taggerFor(language) as unknown as { lexicon: Lexicon }).lexicon.lexicon;
  const tags = Object.hasOwn(lexicon, word) ? lexicon[word] : undefined;
  const classOf = language === "nl" ? dutchClass : englishClass;
  return [...new Set((tags ?? []).map(classOf))];
}

/**
 * Adjective endings that are no noun endings, for words the lexicon does not know. Dutch inflects an
 * adjective before its noun with -e ("pyroclastische stroom", "explosieve uitbarsting"); English
 * adjectives carry no ending of their own, so only the unmistakable derivational ones count.
 */
const ATTRIBUTIVE_ADJECTIVE: Record<Language, RegExp> = {
  nl: /\p{L}{3}(?:ische|ieve|ele|lijke|ige|bare|zame|loze|ende|aire|ieke)$/u,
  en: /\p{L}{3}(?:ic|ical|ous|ive|able|ible|ful|less)$/u,
};

/** The class of each token of one sentence, read in context. */
export function wordClasses(tokens: readonly string[], language: Language): WordClass[] {
  if (tokens.length === 0) return [];
  const tagged = taggerFor(language).tag([...tokens]).taggedWords;
  const classOf = language === "nl" ? dutchClass : englishClass;
  const classes = tagged.map(({ tag }) => (tag === UNKNOWN ? "unknown" : classOf(tag)));
  // An unknown word with an adjective's ending right before a noun (or another unknown word) modifies it.
  return classes.map((wordClass, index) => {
    const next = classes[index + 1];
    const attributive =
      wordClass === "unknown" &&
      (next === "noun" || next === "unknown") &&
      /^\p{L}/u.test(tokens[index + 1] ?? "") &&
      ATTRIBUTIVE_ADJECTIVE[language].test((tokens[index] ?? "").toLowerCase());
    return attributive ? "adjective" : wordClass;
  });
}

/** The English tagger's own (Penn Treebank) tags, for the few rules that need tense and person. */
export function englishTags(tokens: readonly string[]): string[] {
  if (tokens.length === 0) return [];
  return taggerFor("en")
    .tag([...tokens])
    .taggedWords.map(({ tag }) => tag);
}
