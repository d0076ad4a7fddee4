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

/** The lexicon's own tags for a word out of context ("merk": V(trans,ott,1,ev), N(…)); empty when unknown. */
export function lexiconTags(word: string, language: Language): readonly string[] {
  const lexicon = (taggerFor(language) as unknown as { lexicon: Lexicon }).lexicon.lexicon;
  return (Object.hasOwn(lexicon, word) ? lexicon[word] : undefined) ?? [];
}

/** The lexicon's lower-case words (letters only), for spelling checks (`spelling.ts`). */
export function lexiconVocabulary(language: Language): string[] {
  const lexicon = (taggerFor(language) as unknown as { lexicon: Lexicon }).lexicon.lexicon;
  return Object.keys(lexicon).filter((word) => /^\p{Ll}+$/u.test(word));
}

/** Every class the lexicon gives a word out of context (empty when it does not know the word). */
export function lexiconClasses(word: string, language: Language): WordClass[] {
  const classOf = language === "nl" ? dutchClass : englishClass;
  return [...new Set(lexiconTags(word, language).map(classOf))];
}

/**
 * Adjective endings that are no noun endings, for words the lexicon does not know. Dutch inflects an
 * adjective before its noun with -e ("pyroclastische stroom", "explosieve uitbarsting"); English
 * adjectives carry no ending of their own, so only the unmistakable derivational ones count.
 */
const ATTRIBUTIVE_ADJECTIVE: Record<Language, RegExp> = {
  // Uninflected too ("het menselijk oordeel"): a word ending so is never a noun, so never an option's head.
  nl: /\p{L}{3}(?:ische|isch|ieve|ele|ale|lijke|lijk|ige|ig|bare|baar|(?<!k)abele|(?<!k)abel|ibele|ibel|zame|zaam|loze|loos|ende|aire|ieke)$/u,
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

/** The tagger's own tags (Penn Treebank for English, CGN-style for Dutch), for rules that need tense and person. */
export function posTags(tokens: readonly string[], language: Language): string[] {
  if (tokens.length === 0) return [];
  return taggerFor(language)
    .tag([...tokens])
    .taggedWords.map(({ tag }) => tag);
}

/** The lexicon knows the word, and only as a verb ("bestaat", "ligt"; not "werk", which is a noun too). */
export function onlyAVerb(word: string, language: Language): boolean {
  const classes = lexiconClasses(word, language);
  return classes.length > 0 && classes.every((wordClass) => wordClass === "verb");
}

/**
 * The lexicon knows the word only as an English "-ing" form ("using", "including"), not also as a noun
 * or adjective ("building", "following"): before a name or noun phrase it is a verb taking an object.
 */
export function onlyAGerund(word: string, language: Language): boolean {
  const tags = language === "en" ? lexiconTags(word.toLowerCase(), "en") : [];
  return tags.length > 0 && tags.every((tag) => tag === "VBG");
}

const isDutchVerb = (word: string) => lexiconClasses(word, "nl").includes("verb");

/** Infinitives a Dutch stem may come from: "maak" maken, "loop" lopen, "leef" leven, "reis" reizen, "doe" doen. */
function infinitivesOf(stem: string): string[] {
  const single = stem.replace(/([aeou])\1([^aeiou])$/u, "$1$2");
  return [stem, single].flatMap((base) => [
    `${base}en`,
    ...(/(aa|ee|oo|uu|ie|oe)$/u.test(base) ? [`${base}n`] : []),
    `${base.replace(/f$/u, "v")}en`,
    `${base.replace(/s$/u, "z")}en`,
  ]);
}

/**
 * A Dutch verb form the lexicon does not list, recognised by the verb it does list: a present form
 * ("nadenkt" of nadenken) or a participle, also of a separable verb ("binnengekomen" of binnenkomen,
 * "doorgesneden" of doorsnijden is missed, which only costs a blank). Only unknown words are judged, so
 * a noun the lexicon lists ("gevecht", "gebied") is never taken for a participle.
 */
export function isDutchVerbForm(word: string): boolean {
  const lower = word.toLowerCase();
  if (lower.length < 4 || !/^\p{L}+$/u.test(lower) || lexiconClasses(lower, "nl").length > 0) return false;
  // "genereert", "compileert": the present of a verb in -eren, which Dutch takes from other languages
  // freely and the lexicon cannot all list; no Dutch noun ends so.
  if (/\p{L}{3}eert$/u.test(lower)) return true;
  // "maakt" of maken; "smelt" of smelten, whose stem already ends in -t.
  if (/[td]$/u.test(lower) && [...infinitivesOf(lower.slice(0, -1)), `${lower}en`].some(isDutchVerb))
    return true;
  for (let at = lower.indexOf("ge"); at >= 0; at = lower.indexOf("ge", at + 1)) {
    const prefix = lower.slice(0, at);
    const rest = lower.slice(at + 2);
    if (rest.length < 3) continue;
    const stems = rest.endsWith("en")
      ? [rest]
      : /[td]$/u.test(rest)
        ? [...infinitivesOf(rest.slice(0, -1)), `${rest}en`]
        : [];
    if (stems.some((stem) => isDutchVerb(prefix + stem))) return true;
  }
  return false;
}

/**
 * The number the lexicon gives a noun ("bedrijven": N(soort,mv,…) plural; "models": NNS), or null when
 * it does not know the word as a noun or lists it as both ("data": NN and NNS).
 */
export function lexiconNumber(word: string, language: Language): "singular" | "plural" | null {
  const nouns = lexiconTags(word, language).filter((tag) =>
    language === "nl" ? tag.startsWith("N(") : /^NNP?S?$/.test(tag),
  );
  const plural = (tag: string) => (language === "nl" ? /[(,]mv[,)]/.test(tag) : /S$/.test(tag));
  if (nouns.length === 0) return null;
  if (nouns.every(plural)) return "plural";
  return nouns.some(plural) ? null : "singular";
}

/**
 * A Dutch infinitive of a separable verb the lexicon lists without its particle ("uitvoeren" of voeren,
 * "aangeven" of geven): only for words the lexicon does not know itself.
 */
export function isDutchSeparableInfinitive(word: string, particles: readonly string[]): boolean {
  const lower = word.toLowerCase();
  // "-en", and "-n" after a long vowel ("tegengaan", "toezien"): every Dutch infinitive ends in "n".
  if (!lower.endsWith("n") || lexiconClasses(lower, "nl").length > 0) return false;
  return particles.some((particle) => {
    if (!lower.startsWith(particle) || lower.length - particle.length < 4) return false;
    return lexiconTags(lower.slice(particle.length), "nl").some(
      (tag) => tag.startsWith("V(") && tag.includes("inf"),
    );
  });
}

/** An attributive adjective the lexicon does not know, by its ending ("onwenselijke", "explosieve"). */
export function looksAttributive(word: string, language: Language): boolean {
  const lower = word.toLowerCase();
  return lexiconClasses(lower, language).length === 0 && ATTRIBUTIVE_ADJECTIVE[language].test(lower);
}

/** A Dutch verb stem the lexicon lacks as a word but lists as an infinitive ("bepaal" of bepalen). */
export function isDutchVerbStem(word: string): boolean {
  const lower = word.toLowerCase();
  if (lower.length < 4 || !/^\p{L}+$/u.test(lower) || lexiconClasses(lower, "nl").length > 0) return false;
  return infinitivesOf(lower).some(isDutchVerb);
}

/** A finite Dutch verb by the lexicon's tags (present or past: "is", "kan", "werkt"). */
export function isFiniteDutchVerb(word: string): boolean {
  return lexiconTags(word.toLowerCase(), "nl").some((tag) => tag.startsWith("V(") && /,(ott|ovt),/.test(tag));
}

/**
 * A sentence or clause that opens with an imperative ("Consider changing …", "Bepaal welke data …",
 * "Houd de data schoon"): an instruction, which states no cause or fact. English: the tagger's base
 * form first; Dutch: the lexicon's imperative, or a verb stem it lists only as an infinitive.
 */
export function opensWithImperative(text: string, language: Language): boolean {
  const first = text.trim().match(/^\p{L}+/u)?.[0];
  if (!first) return false;
  if (language === "en") return posTags([first, ...text.trim().split(/\s+/u).slice(1, 4)], "en")[0] === "VB";
  return lexiconTags(first.toLowerCase(), "nl").some((tag) => tag.includes("imp")) || isDutchVerbStem(first);
}
