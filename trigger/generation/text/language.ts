import { eng, nld } from "stopword";

export type Language = "en" | "nl";

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
    "per until unlike throughout whether whose whom same famous well-known important typical various certain",
  nl:
    "de het een en van in is dat op te zijn voor met die niet aan er om ook als bij of door maar " +
    "naar dan wordt worden uit zo tot over nog wel hun deze dit wat ze zich kan meer heeft hebben " +
    "was waren werd geen na onder veel tussen omdat waar wanneer hoe wie welke elk alle ons onze jij " +
    "je u hij zij haar hem wij we mijn al toch dus want zodat tijdens zonder binnen " +
    "elke ieder iedere sommige vaak alleen zeer heel erg ongeveer meestal eerst daarna soms " +
    "altijd nooit echter daarom werden kunnen moet moeten zal zullen doordat waardoor daardoor " +
    "hierdoor dankzij terwijl voordat nadat totdat sinds hierbij daarbij naast boven achter langs tegen " +
    "rond via per vanaf volgens zoals buiten namens richting waarbij waarin waarmee samen vooral linker rechter steeds eigen zelf zelfs namelijk dezelfde hetzelfde zelfde enkele " +
    "meeste bekende belangrijke beroemde typische verschillende bepaalde",
};

const STOPWORDS: Record<Language, ReadonlySet<string>> = {
  en: new Set([...eng, ...EXTRA_STOPWORDS.en.split(" ")]),
  nl: new Set([...nld, ...EXTRA_STOPWORDS.nl.split(" ")]),
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
  let en = 0;
  let nl = 0;
  for (const word of words(text)) {
    if (MARKERS.en.has(word)) en++;
    if (MARKERS.nl.has(word)) nl++;
  }
  return nl > en ? "nl" : "en";
}

/** The language most of the given texts are written in, weighted by their length. */
export function dominantLanguage(parts: ReadonlyArray<{ language: Language; weight: number }>): Language {
  const totals = { en: 0, nl: 0 };
  for (const part of parts) totals[part.language] += part.weight;
  return totals.nl > totals.en ? "nl" : "en";
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
