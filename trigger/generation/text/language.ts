import { eng, nld } from "stopword";
import { WORD_LISTS, type WordListName } from "./lexicon/index.ts";
import type { Language } from "./lexicon/word-lists.ts";

export type { Language };

/**
 * The language a source is written in, as an ISO 639-1 code ("de", "fr"; "en" and "nl" included). The LLM
 * provider writes in it, whatever it is; the offline generator refuses what is not a `Language`.
 */
export type SourceLanguage = string;

// The `stopword` package's lists (maintained, about a hundred words each) plus the function words and
// adverbs it lacks that would otherwise pass for content words in teaching texts ("echter", "therefore"),
// and modifiers that rank or praise rather than define, so "bekende stratovulkanen" yields the term
// "stratovulkanen", never "Bekende stratovulkanen".
const EXTRA_STOPWORDS: Record<Language, string> = {
  en:
    "the of and to a in is it that for on as with are was be by this from or an at which not but " +
    "have has had they their its can will were been also these those there such than more when into " +
    "what who how all other each our we you your he she his her them about only most many may between " +
    "both through during after before because while would should could does do if so then very " +
    "every some any much several often just even still already soon around without within " +
    "however therefore thus although though yet again always never usually first against across along " +
    "among behind below beneath beside beyond despite inside near onto outside toward towards upon via " +
    "per until unlike throughout whether whose whom same famous well-known important typical various certain " +
    // Indefinite pronouns: "Without a licence nobody may …" has no term "licence nobody".
    "nobody everybody somebody anyone everyone someone nothing everything something anything none " +
    // read as a blank: "Several participants state that ___ would not need the materials." → others
    "others another",
  nl:
    "de het een en van in is dat op te zijn voor met die niet aan er om ook als bij of door maar " +
    "naar dan wordt worden uit zo tot over nog wel hun deze dit wat ze zich kan meer heeft hebben " +
    "was waren werd geen na onder veel tussen omdat waar wanneer hoe wie welke elk alle ons onze jij " +
    "je u hij zij haar hem wij we mijn al toch dus want zodat tijdens zonder binnen " +
    "elke ieder iedere sommige vaak alleen zeer heel erg ongeveer meestal eerst daarna soms " +
    "altijd nooit echter daarom werden kunnen moet moeten zal zullen doordat waardoor daardoor " +
    "hierdoor dankzij terwijl voordat nadat totdat sinds hierbij daarbij naast boven achter langs tegen " +
    "rond via per vanaf volgens zoals buiten namens richting waarbij waarin waarmee samen vooral linker rechter steeds eigen zelf zelfs namelijk dezelfde hetzelfde zelfde enkele " +
    "meeste bekende belangrijke beroemde typische verschillende bepaalde niemand iedereen anderen",
};

// Pointing words ("hiervan") and determiner forms ("ene", "zulke") are function words too: a run of
// content words stops at them, so no key phrase, title or term holds one.
const pointing = (language: Language) => [
  ...WORD_LISTS[language].pointingWords,
  ...WORD_LISTS[language].fragmentOpeners,
];

const STOPWORDS: Record<Language, ReadonlySet<string>> = {
  en: new Set([...eng, ...EXTRA_STOPWORDS.en.split(" "), ...pointing("en")]),
  nl: new Set([...nld, ...EXTRA_STOPWORDS.nl.split(" "), ...pointing("nl")]),
};

const ALL_STOPWORDS: ReadonlySet<string> = new Set([...STOPWORDS.en, ...STOPWORDS.nl]);

// Counting for language detection uses only the short, unambiguous core of each list: words such as
// "in", "is" or "we" belong to both languages and would only add noise.
const MARKERS: Record<Language, ReadonlySet<string>> = {
  en: new Set(
    "the of and to that for on with are was be by this from or an at which not but have has they their its can will were been also these those there than when what who".split(
      " ",
    ),
  ),
  nl: new Set(
    "de het een en van dat op te zijn voor met die niet aan er om ook bij door maar naar dan wordt worden uit nog wel hun deze dit wat ze zich meer heeft hebben werd geen onder veel tussen omdat waar".split(
      " ",
    ),
  ),
};

/** Lower-case words of a text (letters, digits, inner apostrophes and hyphens). */
export function words(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu) ?? [];
}

/**
 * The share of a text's words that are Dutch or English function words: about 40 % in prose of either
 * language, next to none in placeholder Latin ("Lorem ipsum dolor sit amet …") or a list of titles.
 */
function functionWordShare(text: string): number {
  const all = words(text);
  return all.length === 0 ? 0 : all.filter((word) => ALL_STOPWORDS.has(word)).length / all.length;
}

/**
 * A sentence of at least FOREIGN_MIN_WORDS words with a smaller share of function words than this is in
 * a language the offline generator cannot read (placeholder Latin, a quotation), and so is every
 * sentence of a passage (a chunk, about 24 lines) below the passage share: placeholder Latin shares "a"
 * and "in" with English, so a sentence alone may pass.
 */
const MIN_FUNCTION_WORD_SHARE = 0.1;
const MIN_PASSAGE_FUNCTION_WORD_SHARE = 0.2;
const FOREIGN_MIN_WORDS = 6;
const passageShares = new WeakMap<object, number>();

/** Whether a sentence of a Dutch or English source reads as Dutch or English, in its passage. */
export function readsAsDutchOrEnglish(text: string, passage?: { lines: readonly string[] }): boolean {
  if (words(text).length < FOREIGN_MIN_WORDS) return true;
  if (functionWordShare(text) < MIN_FUNCTION_WORD_SHARE) return false;
  if (!passage?.lines) return true;
  let share = passageShares.get(passage);
  if (share === undefined) {
    share = functionWordShare(passage.lines.join(" "));
    passageShares.set(passage, share);
  }
  return share >= MIN_PASSAGE_FUNCTION_WORD_SHARE;
}

export function isStopword(word: string): boolean {
  return ALL_STOPWORDS.has(word);
}

/** Whether a (lower-case) word is a function word of this particular language. */
export function isStopwordIn(word: string, language: Language): boolean {
  return STOPWORDS[language].has(word);
}

/**
 * Dutch or English by counting each language's function words; a text with no evidence either way is
 * taken as English. Per source, so a Dutch syllabus and an English article each keep their language.
 */
export function detectLanguage(text: string): Language {
  const { en, nl } = markerCounts(text);
  return nl > en ? "nl" : "en";
}

function markerCounts(text: string): Record<Language, number> {
  const counts = { en: 0, nl: 0 };
  for (const word of words(text)) {
    if (MARKERS.en.has(word)) counts.en++;
    if (MARKERS.nl.has(word)) counts.nl++;
  }
  return counts;
}

/** Function words of the other language that make a sentence a quotation in it, with none of its own. */
const OTHER_LANGUAGE_MIN_MARKERS = 2;

/**
 * A sentence plainly written in the other language the offline generator knows (an English quotation in
 * a Dutch report): its function words are the other language's, none are the source's. Its items would
 * get options in the source's language ("attached to the ___": system, oplossing, …).
 */
export function inOtherLanguage(text: string, language: Language): boolean {
  const counts = markerCounts(text);
  const other: Language = language === "nl" ? "en" : "nl";
  return counts[language] === 0 && counts[other] >= OTHER_LANGUAGE_MIN_MARKERS;
}

/** The language most of the given texts are written in, weighted by their length; English on a tie or none. */
export function dominantLanguage<L extends SourceLanguage>(
  parts: ReadonlyArray<{ language: L; weight: number }>,
): L | "en" {
  const totals = new Map<L | "en", number>([["en", 0]]);
  for (const part of parts) totals.set(part.language, (totals.get(part.language) ?? 0) + part.weight);
  let best: L | "en" = "en";
  for (const [language, total] of totals) if (total > (totals.get(best) ?? 0)) best = language;
  return best;
}

export function isOfflineLanguage(language: SourceLanguage): language is Language {
  return language === "en" || language === "nl";
}

const LANGUAGE_NAMES = new Intl.DisplayNames(["en"], { type: "language", fallback: "code" });

/** A language's English name ("de" → "German"), as a model's instructions and the product's messages say it. */
export function languageName(language: SourceLanguage): string {
  return LANGUAGE_NAMES.of(language) ?? language;
}

// eld (Efficient Language Detector, Apache-2.0; its "small" n-gram set of 60 languages) reads the first
// 1,000 characters of a text, so a long source is read in samples spread over it, at most this many.
const SAMPLE_CHARACTERS = 1000;
const MAX_SAMPLES = 24;
// A sample shorter than this says too little: names and abbreviations ("Google Android Auto") read as
// any language. Such a text keeps the Dutch-or-English decision of `detectLanguage`.
const MIN_SAMPLE_WORDS = 5;
// Another language must score clearly above Dutch and English, which the function words decide better.
const CLEAR_LEAD = 1.1;

type Detector = typeof import("eld/small")["eld"];
let detector: Promise<Detector> | undefined;

/** The detector, loaded on first use: its 1.6 MB of n-grams take most of a second to load. */
function loadDetector(): Promise<Detector> {
  detector ??= import("eld/small").then((module) => module.eld);
  return detector;
}

/**
 * The language of a source's text as an ISO 639-1 code. Dutch and English are told apart by their
 * function words (`detectLanguage`, tuned on short teaching texts); another language is named only when
 * most of the text is clearly in it, so a short or mixed text is never refused for the wrong reason.
 */
export async function detectSourceLanguage(text: string): Promise<SourceLanguage> {
  const eld = await loadDetector();
  // How much of the text each other language clearly holds; "" for Dutch, English or unclear.
  const shares = new Map<SourceLanguage, number>();
  for (const sample of samplesOf(text)) {
    const language = otherLanguageOf(eld, sample) ?? "";
    shares.set(language, (shares.get(language) ?? 0) + sample.length);
  }
  const [leading, share] = [...shares].sort((a, b) => b[1] - a[1])[0] ?? ["", 0];
  return leading && share > (shares.get("") ?? 0) ? leading : detectLanguage(text);
}

/** A language other than Dutch or English that this sample is clearly written in, or null. */
function otherLanguageOf(eld: Detector, sample: string): SourceLanguage | null {
  if (words(sample).length < MIN_SAMPLE_WORDS) return null;
  const result = eld.detect(sample);
  const language = result.language;
  if (!language || isOfflineLanguage(language) || !result.isReliable()) return null;
  const scores = result.getScores();
  const offline = Math.max(scores.en ?? 0, scores.nl ?? 0);
  return (scores[language] ?? 0) >= offline * CLEAR_LEAD ? language : null;
}

/** Pieces of about SAMPLE_CHARACTERS spread evenly over the text, each starting at a word. */
function samplesOf(text: string): string[] {
  const count = Math.min(MAX_SAMPLES, Math.ceil(text.length / SAMPLE_CHARACTERS));
  const stride = text.length / Math.max(count, 1);
  return Array.from({ length: count }, (_, index) => {
    const start = index === 0 ? 0 : text.indexOf(" ", Math.floor(index * stride)) + 1;
    return text.slice(start, start + SAMPLE_CHARACTERS);
  });
}

/** Number of words as a listener hears them (for the length of a spoken recap). */
export function wordCount(text: string): number {
  return text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}

/** A text matched literally inside a regular expression. */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** A title or phrase without its leading article: "Het centrale zenuwstelsel" names what "Centrale zenuwstelsel" does. */
export function withoutArticle(text: string): string {
  return text.replace(/^(?:de|het|een|the|an?)\s+/iu, "");
}

/** The word with its first letter in lower case, whatever follows ("Water" → "water"). */
export function lowerInitial(word: string): string {
  return word.charAt(0).toLocaleLowerCase() + word.slice(1);
}

/**
 * Whether one word is a compound ending in the other ("voedselbron", "bron"; "honingbij", "bij"): a
 * compound names a kind of its last part, so the two are no alternatives to each other.
 */
export function compoundOf(a: string, b: string): boolean {
  const [longer, shorter] = a.length >= b.length ? [a, b] : [b, a];
  return longer !== shorter && shorter.length >= 3 && longer.endsWith(shorter);
}

const phrasePatterns = new Map<string, RegExp>();

/**
 * The phrases of the given word lists of a language as one pattern: whole words, any case
 * ("Bijvoorbeeld", "for instance"). Built once per language and lists.
 */
export function phrasePattern(language: Language, lists: readonly WordListName[]): RegExp {
  const key = `${language}:${lists.join(",")}`;
  let pattern = phrasePatterns.get(key);
  if (!pattern) {
    const phrases = lists.flatMap((list) => WORD_LISTS[language][list] as readonly string[]);
    pattern = new RegExp(`(?<!\\p{L})(?:${phrases.map(escapeRegExp).join("|")})(?!\\p{L})`, "iu");
    phrasePatterns.set(key, pattern);
  }
  return pattern;
}

/** Where a text gives an example: after "for example", "such as", "bijvoorbeeld", "zoals" … */
export function examplePattern(language: Language): RegExp {
  return phrasePattern(language, ["instanceMarkers", "exampleMarkers"]);
}

/** A sentence that is an instance of what the text says around it ("…, for example, …", "bijvoorbeeld"). */
export function isInstance(text: string, language: Language): boolean {
  return phrasePattern(language, ["instanceMarkers"]).test(text);
}
