export type Language = "en" | "nl";

// The most frequent function words of each language; together they make up a large share of any text.
const STOPWORDS: Record<Language, ReadonlySet<string>> = {
  en: new Set(
    (
      "the of and to a in is it that for on as with are was be by this from or an at which not but " +
      "have has had they their its can will were been also these those there such than more when into " +
      "what who how all other each our we you your he she his her them about only most many may between " +
      "both through during after before because while would should could does do if so then very " +
      "each every some any much several often just even still already soon around without within " +
      "however therefore thus although though yet again always never usually first"
    ).split(" "),
  ),
  nl: new Set(
    (
      "de het een en van in is dat op te zijn voor met die niet aan er om ook als bij of door maar " +
      "naar dan wordt worden uit zo tot over nog wel hun deze dit wat ze zich kan meer heeft hebben " +
      "was waren werd geen na onder veel tussen omdat waar wanneer hoe wie welke elk alle ons onze jij " +
      "je u hij zij haar hem wij we mijn zijn al toch dus want zodat tijdens zonder binnen " +
      "elk elke ieder iedere sommige vaak alleen zeer heel erg ongeveer meestal eerst daarna soms " +
      "altijd nooit echter daarom wordt werden kunnen moet moeten zal zullen"
    ).split(" "),
  ),
};

const ALL_STOPWORDS: ReadonlySet<string> = new Set([...STOPWORDS.en, ...STOPWORDS.nl]);

/** Lower-case words of a text (letters, digits, inner apostrophes and hyphens). */
export function words(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu) ?? [];
}

export function isStopword(word: string): boolean {
  return ALL_STOPWORDS.has(word);
}

/**
 * Dutch or English by counting each language's function words; a text with no evidence either way is
 * taken as English. Per source, so a Dutch syllabus and an English article each keep their language.
 */
export function detectLanguage(text: string): Language {
  let en = 0;
  let nl = 0;
  for (const word of words(text)) {
    if (STOPWORDS.en.has(word)) en++;
    if (STOPWORDS.nl.has(word)) nl++;
  }
  return nl > en ? "nl" : "en";
}

/** The language most of the given texts are written in, weighted by their length. */
export function dominantLanguage(parts: ReadonlyArray<{ language: Language; weight: number }>): Language {
  const totals = { en: 0, nl: 0 };
  for (const part of parts) totals[part.language] += part.weight;
  return totals.nl > totals.en ? "nl" : "en";
}
