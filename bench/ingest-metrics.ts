/**
 * The pure metrics of `npm run bench:ingest`: how well ingestion kept a real document's body sentences
 * whole, kept captions, footnotes and page furniture out of them, found its headings and kept its
 * bibliography out of the content. Every comparison runs on text normalised once by `normalizeText`;
 * there is no fuzzy matching beyond that normalisation.
 */
import { escapeRegExp } from "../trigger/generation/text/language.ts";
import { WORD_LISTS } from "../trigger/generation/text/lexicon/index.ts";
import { withoutMarks } from "../trigger/generation/text/markup.ts";

/** What a corpus document's truth.json says (see bench/corpus/README.md). */
export interface Truth {
  language: "en" | "nl";
  kind: string;
  layout: string;
  holdout?: boolean;
  sentences: string[];
  headings: string[];
  nonBody: {
    captions: string[];
    footnotes: string[];
    furniture: string[];
    references: Reference[];
    tables: string[];
  };
}

/** A bibliography entry as printed, with its title where the source names it. */
export type Reference = string | { text: string; title?: string };

/** Truth sentences shorter than this are too generic to show that a sentence stayed whole. */
export const MIN_SENTENCE_WORDS = 6;
/** Non-body strings shorter than this ("Figure 3", "Page 2") occur in body text by themselves. */
export const MIN_INTRUSION_WORDS = 4;
/** A run of this many words of a reference entry is its text, not a coincidence. */
export const REFERENCE_SPAN_WORDS = 6;

const QUOTES: Array<[RegExp, string]> = [
  [/[\u2018\u2019\u201A\u201B\u2032\u0060\u00B4]/g, "'"],
  [/[\u201C\u201D\u201E\u201F\u2033\u00AB\u00BB]/g, '"'],
  [/[\u2010\u2011\u2012\u2013\u2014\u2015\u2212\uFE58\uFE63\uFF0D]/g, "-"],
];

/**
 * TeX's logos set with raised and lowered letters ("LaTeX", "TeX", "BibTeX", "XeLaTeX"): the PDF's text
 * layer has only the letters, in capitals ("LATEX"), so no reader can tell the source's case from the
 * print. Both sides compare them in capitals.
 */
const TEX_LOGO = /\b(?:Xe|Lua|pdf|Bib|REV)?(?:La)?TeX(?:2e|2ε)?(?![A-Za-z])/giu;

const anyOf = (list: readonly string[]) => list.map(escapeRegExp).join("|");
/**
 * A pointer cut off at a truth sentence's end ("… mappings (Fig."): a truth made from LaTeX lost the
 * label of "(Fig.~\ref{…})" and was split there. Generation drops whole pointers ("(Fig. 2A)") from its
 * text, so their remains go from the truth.
 */
const DANGLING_POINTER = new RegExp(
  String.raw`\s?\((?:(?:${anyOf(Object.values(WORD_LISTS).flatMap((lists) => lists.pointerLeads))})\.?\s+)?` +
    String.raw`(?:${anyOf(Object.values(WORD_LISTS).flatMap((lists) => lists.pointerWords))})\.?$`,
  "iu",
);

/** The rest of such a pointer that opens the next truth sentence ("2C): those which …"). */
const DANGLING_LABEL = /^(?=[\p{L}\p{N}.]*\p{N})[\p{L}\p{N}.]+\)[:,]?\s*/u;

/**
 * The one normalisation every comparison uses: Unicode NFKC (which also splits ligatures such as "ﬁ" and
 * turns no-break spaces into spaces), curly quotes and dashes folded to ASCII, soft hyphens and
 * zero-width characters removed, whitespace collapsed. Case is kept: a sentence is intact only as printed.
 */
export function normalizeText(text: string): string {
  // Pointers elsewhere are not the sentence: footnote marks ("plants¹"), numbered references ("[10]") and
  // pointers to figures or sections ("(Fig. 2A)") are dropped on both sides (as generation drops them
  // from its text, text/markup.ts).
  let result = withoutMarks(text)
    .replace(DANGLING_POINTER, "")
    .replace(DANGLING_LABEL, "")
    .normalize("NFKC")
    .replace(/[\u00AD\u200B-\u200D\u2060\uFEFF]/g, "");
  for (const [pattern, replacement] of QUOTES) result = result.replace(pattern, replacement);
  return result
    .replace(TEX_LOGO, (logo) => logo.toUpperCase())
    .replace(/\s+/g, " ")
    .trim();
}

export function wordCount(text: string): number {
  const normalized = normalizeText(text);
  return normalized === "" ? 0 : normalized.split(" ").length;
}

/** The ingested body text: corpus sentences in reading order, joined with single spaces. */
export function bodyText(sentences: readonly string[]): string {
  return normalizeText(sentences.join(" "));
}

export interface Integrity {
  found: number;
  total: number;
  missing: string[];
}

/**
 * Truth body sentences of at least MIN_SENTENCE_WORDS words found intact in the ingested body text.
 * The body text is one string, so a sentence that runs on across a column or page break counts as intact
 * when ingestion joined its pieces in order.
 */
export function sentenceIntegrity(truthSentences: readonly string[], body: string): Integrity {
  const eligible = truthSentences.map(normalizeText).filter((s) => wordCount(s) >= MIN_SENTENCE_WORDS);
  const missing = eligible.filter((sentence) => !body.includes(sentence));
  return { found: eligible.length - missing.length, total: eligible.length, missing };
}

/** Splits text into sentences with the runtime's ICU segmenter (independent of the product's splitter). */
export function segmentSentences(text: string, language: string): string[] {
  const segmenter = new Intl.Segmenter(language, { granularity: "sentence" });
  return [...segmenter.segment(normalizeText(text))].map((part) => part.segment.trim()).filter(Boolean);
}

const CAPTION_LABEL = /^(?:Figure|Fig\.|Table|Figuur|Tabel|Afbeelding)\s+[\dA-Z]+(?:\.\d+)*[:.]?\s+/u;

/**
 * The needles that show non-body text inside a corpus sentence: each sentence of a caption, footnote or
 * furniture string with at least MIN_INTRUSION_WORDS words. A needle that also occurs in the truth's
 * body text proves nothing (a footnote quoting the body) and is left out.
 */
export function intrusionNeedles(truth: Truth): string[] {
  const body = normalizeText(truth.sentences.join(" "));
  const { captions, footnotes, furniture } = truth.nonBody;
  // A caption's label ("Figure 3:", "Table 1") may be printed on its own line; its text is the needle.
  const bareCaptions = captions.map((caption) => normalizeText(caption).replace(CAPTION_LABEL, ""));
  const needles = [...bareCaptions, ...footnotes, ...furniture]
    .flatMap((text) => segmentSentences(text, truth.language))
    .filter((needle) => wordCount(needle) >= MIN_INTRUSION_WORDS && !body.includes(needle));
  return [...new Set(needles)];
}

/**
 * A page number glued between two words: "the river 12 carries", where the truth's body reads "the river
 * carries" and never "the river 12 carries". Only numbers that can be page numbers (1..pageCount) count.
 */
export function gluedPageNumber(sentence: string, truthBody: string, pageCount: number): boolean {
  const words = normalizeText(sentence).split(" ");
  for (let index = 1; index + 1 < words.length; index++) {
    const word = words[index] ?? "";
    if (!/^\d{1,4}$/.test(word)) continue;
    const page = Number(word);
    if (page < 1 || page > pageCount) continue;
    const before = words[index - 1];
    const after = words[index + 1];
    if (truthBody.includes(`${before} ${after}`) && !truthBody.includes(`${before} ${word} ${after}`)) {
      return true;
    }
  }
  return false;
}

/** Corpus sentences that carry a caption, footnote or furniture needle, or a glued page number. */
export function intrusions(corpusSentences: readonly string[], truth: Truth, pageCount: number): string[] {
  const needles = intrusionNeedles(truth);
  const truthBody = normalizeText(truth.sentences.join(" "));
  return corpusSentences.filter((raw) => {
    const sentence = normalizeText(raw);
    return (
      needles.some((needle) => sentence.includes(needle)) || gluedPageNumber(sentence, truthBody, pageCount)
    );
  });
}

const SECTION_NUMBER = /^(?:\d+(?:\.\d+)*\.?|[A-Z](?:\.\d+)+\.?|[A-Za-z]\.|[IVXLC]+\.)\s+/u;

/**
 * A heading's comparable forms: normalised and case-folded (classes print headings in capitals or small
 * capitals), with and without its section number ("4.1 Gymnosperms", "A.2 Settings", "IV. Results"), and
 * without a closing full stop, which a title may carry or not (ingestion drops it from headings).
 */
export function headingForms(heading: string): string[] {
  const normalized = normalizeText(heading).replace(/(?<!\.)\.$/u, "");
  const bare = normalized.replace(SECTION_NUMBER, "");
  const forms = bare === normalized ? [normalized] : [normalized, bare];
  return forms.map((form) => form.toLocaleLowerCase());
}

export interface Recall {
  found: number;
  total: number;
  missing: string[];
}

/**
 * The headings of a reference list or bibliography, case-folded and without a number. Ingestion marks such
 * a heading line with the role `reference` (it opens no teaching section), so it is found as such a line.
 */
export const REFERENCE_HEADINGS = new Set([
  "references",
  "bibliography",
  "works cited",
  "literature",
  "bronnen",
  "bronvermelding",
  "literatuur",
  "literatuurlijst",
  "referenties",
  "bibliografie",
  "further reading",
]);

/**
 * A reference-list heading by name, also with more words behind the name ("Literatuur over het doen van
 * herkomstonderzoek", "Bronnen en literatuur"): a reading list's heading is often longer than its name.
 */
export function isReferenceHeading(heading: string): boolean {
  return headingForms(heading).some(
    (form) =>
      REFERENCE_HEADINGS.has(form) || [...REFERENCE_HEADINGS].some((name) => form.startsWith(`${name} `)),
  );
}

/**
 * Truth headings that ingestion gave as heading items, equal after normalisation or number removal; a
 * reference-list heading (REFERENCE_HEADINGS) also counts when it came out as a line with role `reference`.
 */
export function headingRecall(
  truthHeadings: readonly string[],
  corpusHeadings: readonly string[],
  referenceLines: readonly string[] = [],
): Recall {
  const available = new Set(corpusHeadings.flatMap(headingForms));
  const asReference = new Set(referenceLines.flatMap(headingForms));
  const found = (heading: string) =>
    headingForms(heading).some(
      (form) => available.has(form) || (isReferenceHeading(heading) && asReference.has(form)),
    );
  const missing = truthHeadings.filter((heading) => !found(heading));
  return { found: truthHeadings.length - missing.length, total: truthHeadings.length, missing };
}

function referenceNeedles(reference: Reference): string[] {
  const text = normalizeText(typeof reference === "string" ? reference : reference.text);
  const title = typeof reference === "string" ? undefined : reference.title;
  const words = text.split(" ");
  const spans: string[] = [];
  for (let start = 0; start + REFERENCE_SPAN_WORDS <= words.length; start++) {
    spans.push(words.slice(start, start + REFERENCE_SPAN_WORDS).join(" "));
  }
  // A title of one or two words ("Keras") occurs in body text by itself; three or more name the entry.
  if (title && wordCount(title) >= 3) spans.push(normalizeText(title));
  return spans;
}

/**
 * Corpus sentences or headings that carry a bibliography entry: its title or a run of
 * REFERENCE_SPAN_WORDS words of it. Runs that also occur in the truth's body text are left out, since a
 * body sentence may name a cited work in full.
 */
export function referencesAsContent(corpusTexts: readonly string[], truth: Truth): string[] {
  const body = normalizeText(truth.sentences.join(" "));
  const needles = [...new Set(truth.nonBody.references.flatMap(referenceNeedles))].filter(
    (needle) => !body.includes(needle),
  );
  return corpusTexts.filter((raw) => {
    const text = normalizeText(raw);
    return needles.some((needle) => text.includes(needle));
  });
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}
