import type { Citation } from "../../src/domain/citation.ts";
import { joinAcrossLines, tightJoin, vocabularyOf } from "./ingest/hyphenation.ts";
import {
  type Chunk,
  isAside,
  isNonBody,
  type LineRole,
  type LineRoles,
  rolesOf,
  type SourceKind,
} from "./ingest/index.ts";
import { type Heading, headingFromLines, headingsOfLines } from "./text/headings.ts";
import {
  detectLanguage,
  detectSourceLanguage,
  dominantLanguage,
  isStopword,
  type Language,
  type SourceLanguage,
  words,
} from "./text/language.ts";
import { isNonProse, joinLines, mayHoldMarkup, plainLines, plainProse, withoutMarks } from "./text/markup.ts";
import {
  gluesTwoTexts,
  holdsNotation,
  isCompleteSentence,
  isUnstoppedStatement,
  splitSentences,
} from "./text/sentences.ts";

/** A source with its chunks, as generation reads it (from ingestion or from `source_chunks`). */
export interface CorpusSourceInput {
  id: string;
  kind: SourceKind;
  file_name: string;
  /** A web page's address (kind url); its citations link to it. */
  source_url?: string | null;
  chunks: Chunk[];
}

export interface CorpusChunk extends Chunk {
  lines: string[];
  /** Position in reading order over all sources. */
  order: number;
  /**
   * The level of each heading line (marked by the layout, or guessed for text without one), so a reader
   * of the raw lines, such as a model's prompt, can show headings as headings.
   */
  headingLevels: Map<number, number>;
  /** The role of each line that is not body prose (captions, footnotes, tables, references …). */
  lineRoles: Map<number, LineRole>;
  /** The address of the web page the chunk was read from; null for files and pasted text. */
  source_url?: string | null;
}

export interface CorpusSource {
  id: string;
  kind: SourceKind;
  file_name: string;
  source_url?: string | null;
  /**
   * Dutch or English, whichever the source is closer to: what the offline generator's word lists read.
   * The source's actual language, which may be any other, is `sourceLanguages(corpus)`.
   */
  language: Language;
  /** Position of the source in the topic. */
  index: number;
}

export interface Sentence {
  /** Position in reading order over all sources. */
  index: number;
  text: string;
  source: CorpusSource;
  chunk: CorpusChunk;
  line_start: number;
  line_end: number;
  /** The first sentence of a paragraph; segmentation prefers to cut there. */
  opensParagraph: boolean;
  /** A full sentence, or a slide's one-line statement: not a fragment. */
  complete: boolean;
  /**
   * The index of the lead-in a list item completes: the sentence ending in a colon before the list
   * ("Here are a few things you should not do in your workshop:"). Set on every sentence of the item:
   * its first, read alone, says the opposite of what the source means ("Talk contemptuously about any
   * tool") or states a framed point as a fact ("Er is geen concrete bedrijfscasus gekoppeld aan het
   * onderwerp" under "Struikelblokken"), and the rest lean on it ("Doing so can be demotivating"). The
   * offline generator never quotes such a sentence alone; a model is shown it with its lead-in.
   */
  framedBy?: number;
  /** Lower-case content words (no function words, no bare numbers). */
  terms: string[];
  /**
   * A sentence that runs on over a chunk edge or a page break, one part per chunk, in reading order: each
   * part's own exact lines and the words of the sentence on them. `chunk`, `line_start` and `line_end`
   * are the first part. Absent: one part, the sentence's own chunk and lines.
   */
  parts?: SentencePart[];
}

export interface SentencePart {
  chunk: CorpusChunk;
  line_start: number;
  line_end: number;
  /** The words of the sentence on these lines. */
  text: string;
}

export type CorpusItem =
  | {
      type: "heading";
      /** Its level: 1 is the document's top level (a title, or the chapters when there is no title). */
      heading: Heading;
      source: CorpusSource;
      chunk: CorpusChunk;
      /** The heading's own lines, so it is never read as part of a sentence. */
      line_start: number;
      line_end: number;
      /** Whether the document's layout says so (styles, font size, `#`), or only its shape suggests it. */
      marked: boolean;
    }
  | { type: "paragraph"; sentences: Sentence[]; source: CorpusSource };

export interface Corpus {
  sources: CorpusSource[];
  chunks: Map<string, CorpusChunk>;
  /** Headings and paragraphs in reading order. */
  items: CorpusItem[];
  sentences: Sentence[];
}

/** Reads sources' chunks into headings, paragraphs and sentences that know their exact lines. */
export function buildCorpus(inputs: readonly CorpusSourceInput[]): Corpus {
  const corpus: Corpus = { sources: [], chunks: new Map(), items: [], sentences: [] };
  inputs.forEach((input, index) => {
    const source: CorpusSource = {
      id: input.id,
      kind: input.kind,
      file_name: input.file_name,
      source_url: input.source_url ?? null,
      language: detectLanguage(input.chunks.map((chunk) => chunk.content).join("\n")),
      index,
    };
    corpus.sources.push(source);
    const reading: Reading = {
      paragraph: [],
      listLead: null,
      previous: null,
      inFence: false,
      vocabulary: once(() => vocabularyOf(input.chunks.flatMap((chunk) => chunk.content.split("\n")))),
    };
    for (const page of pagesOf(input.chunks)) readPage(corpus, source, page, reading);
    closeParagraph(corpus, source, reading);
  });
  return corpus;
}

const detectedLanguages = new WeakMap<Corpus, Promise<Map<string, SourceLanguage>>>();

/**
 * Each source's language as an ISO 639-1 code, by source id: detected from its body sentences once per
 * corpus (the detector loads on first use, so only runs that need it pay for it). A source without
 * sentences keeps its Dutch-or-English `language`.
 */
export function sourceLanguages(corpus: Corpus): Promise<Map<string, SourceLanguage>> {
  let languages = detectedLanguages.get(corpus);
  if (!languages) {
    languages = detectSourceLanguages(corpus);
    detectedLanguages.set(corpus, languages);
  }
  return languages;
}

async function detectSourceLanguages(corpus: Corpus): Promise<Map<string, SourceLanguage>> {
  const texts = new Map<string, string[]>();
  for (const sentence of corpus.sentences) {
    const text = texts.get(sentence.source.id) ?? [];
    text.push(sentence.text);
    texts.set(sentence.source.id, text);
  }
  const detected = await Promise.all(
    corpus.sources.map(async (source) => {
      const text = texts.get(source.id);
      return [source.id, text ? await detectSourceLanguage(text.join(" ")) : source.language] as const;
    }),
  );
  return new Map(detected);
}

/**
 * The language most of the given sentences (by default the whole corpus) are written in, weighted by
 * their length; `fallback` when there are none. What a model is asked to write in.
 */
export async function writingLanguage(
  corpus: Corpus,
  sentences: readonly Sentence[] = corpus.sentences,
  fallback: SourceLanguage = "en",
): Promise<SourceLanguage> {
  if (sentences.length === 0) return fallback;
  const languages = await sourceLanguages(corpus);
  return dominantLanguage(
    sentences.map((sentence) => ({
      language: languages.get(sentence.source.id) ?? sentence.source.language,
      weight: sentence.text.length,
    })),
  );
}

/** Chunks grouped by page, in line order. */
function pagesOf(chunks: readonly Chunk[]): Chunk[][] {
  const pages = new Map<number | null, Chunk[]>();
  for (const chunk of chunks) {
    const page = pages.get(chunk.page_number) ?? [];
    page.push(chunk);
    pages.set(chunk.page_number, page);
  }
  return [...pages.entries()]
    .sort(([a], [b]) => (a ?? 0) - (b ?? 0))
    .map(([, page]) => page.sort((a, b) => a.line_start - b.line_start));
}

/** One line of a paragraph, which may run on over chunk edges and page breaks. */
interface ParagraphLine {
  chunk: CorpusChunk;
  roles: LineRoles | null;
  line: number;
}

/** What reading a source carries from one chunk to the next. */
interface Reading {
  paragraph: ParagraphLine[];
  /** The lead-in ending in a colon that the list being read (or about to start) completes. */
  listLead: Sentence | null;
  previous: Chunk | null;
  inFence: boolean;
  /** The source's own spelling, for a word broken over a chunk edge ("per-" + "syllable"): read once, if needed. */
  vocabulary: () => ReadonlySet<string>;
}

function once<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => {
    value ??= make();
    return value;
  };
}

function closeParagraph(corpus: Corpus, source: CorpusSource, reading: Reading) {
  const [first] = reading.paragraph;
  if (first) {
    const listItem = first.roles?.lineRoles.get(first.line) === "list";
    const sentences = addParagraph(corpus, source, reading.paragraph, reading.vocabulary, {
      framedBy: listItem ? reading.listLead : null,
    });
    // Items of one list share its lead-in; any other paragraph ends the list, and may open the next.
    if (!listItem) {
      const last = sentences.at(-1);
      reading.listLead = last && /:\s*$/u.test(last.text) ? last : null;
    }
  }
  reading.paragraph = [];
}

/**
 * Whether `next` may go on with the paragraph open at the end of `previous` (docs/ingestion.md,
 * "Sentences across pages"): both read by layout, and `next` holds the very next lines of the same page
 * or the top of the next page. Its first body line then goes on with that paragraph unless the layout
 * marks a paragraph start there, as ingestion does wherever the text does not run on over the break.
 * A PDF page has no blank lines: lines between two of its chunks are furniture a reader steps over (text
 * drawn in a figure, a page number between columns), so the paragraph marks alone decide there.
 */
export function mayRunOn(previous: Chunk | null, next: Chunk, kind?: SourceKind): boolean {
  if (!previous?.layout || !next.layout) return false;
  if (previous.page_number === next.page_number)
    return kind === "pdf" ? next.line_start > previous.line_end : next.line_start === previous.line_end + 1;
  return (
    previous.page_number !== null &&
    next.page_number !== null &&
    next.page_number === previous.page_number + 1
  );
}

function readPage(corpus: Corpus, source: CorpusSource, pageChunks: Chunk[], reading: Reading) {
  // Chunks stored without a layout (plain or pasted text, older rows): guess headings from line shape,
  // looking at the page as the chunker saw it — the gaps between chunks were blank lines.
  const guessed = pageChunks.every((chunk) => chunk.layout)
    ? new Map<number, Heading>()
    : guessHeadings(pageChunks, source.kind === "markdown");
  const close = () => closeParagraph(corpus, source, reading);
  for (const chunk of pageChunks) {
    const corpusChunk: CorpusChunk = {
      ...chunk,
      lines: chunk.content.split("\n"),
      order: corpus.chunks.size,
      headingLevels: new Map(),
      lineRoles: new Map(),
      source_url: source.source_url ?? null,
    };
    corpus.chunks.set(chunk.id, corpusChunk);
    const roles = chunk.layout ? rolesOf(chunk.layout) : null;
    if (roles) corpusChunk.lineRoles = roles.lineRoles;
    // Each slide stands on its own (ingest/extract.ts marks no run-on between slides).
    if (source.kind === "pptx" || !mayRunOn(reading.previous, chunk, source.kind)) close();
    reading.previous = chunk;
    const lineAt = (lineNumber: number) => corpusChunk.lines[lineNumber - chunk.line_start] ?? "";
    for (let lineNumber = chunk.line_start; lineNumber <= chunk.line_end; lineNumber++) {
      const line = lineAt(lineNumber);
      if (/^(```|~~~)/.test(line)) reading.inFence = !reading.inFence;
      const inFence = reading.inFence;
      const marked = inFence ? undefined : roles?.headings.get(lineNumber);
      const lineEnd = marked ? Math.min(marked.end, chunk.line_end) : lineNumber;
      const heading = marked
        ? headingFromLines(
            range(lineNumber, lineEnd).map(lineAt),
            marked.level,
            range(lineNumber, lineEnd).map((line) => roles?.joins.get(line)),
          )
        : inFence || roles
          ? undefined
          : guessed.get(lineNumber);
      if (heading) {
        close();
        reading.listLead = null;
        corpus.items.push({
          type: "heading",
          heading,
          source,
          chunk: corpusChunk,
          line_start: lineNumber,
          line_end: lineEnd,
          marked: marked !== undefined,
        });
        for (const line of range(lineNumber, lineEnd)) corpusChunk.headingLevels.set(line, heading.level);
        lineNumber = lineEnd;
      } else if (isAside(roles?.lineRoles.get(lineNumber))) {
        // A caption or footnote set between two halves of a sentence: the sentence goes on after it.
      } else if (line === "" || inFence || isNonProse(line) || isNonBody(roles?.lineRoles.get(lineNumber))) {
        close();
      } else {
        if (roles?.paragraphs.has(lineNumber)) close();
        reading.paragraph.push({ chunk: corpusChunk, roles, line: lineNumber });
      }
    }
  }
}

function guessHeadings(pageChunks: readonly Chunk[], markup: boolean): Map<number, Heading> {
  const pageLines: string[] = [];
  for (const chunk of pageChunks) {
    chunk.content.split("\n").forEach((line, offset) => {
      pageLines[chunk.line_start + offset] = line;
    });
  }
  return headingsOfLines(
    Array.from(pageLines, (line) => line ?? ""),
    markup,
  );
}

function range(first: number, last: number): number[] {
  return Array.from({ length: Math.max(0, last - first + 1) }, (_, offset) => first + offset);
}

/**
 * How line `index` of a paragraph meets the next. Within a chunk its layout says (a broken word's join);
 * over a chunk edge or a page break nothing is stored (a stored join stays inside its chunk), so it is
 * decided here by ingestion's rules and the source's own spelling (`pageRunOn` decides the same at
 * ingestion, without the English word list): "com-" + "prise" reads "comprise", "per-" + "syllable"
 * keeps its hyphen where the source writes "per-metron".
 */
function joinAfter(
  paragraph: readonly ParagraphLine[],
  lines: readonly string[],
  index: number,
  language: Language,
  vocabulary: () => ReadonlySet<string>,
): boolean | undefined {
  const here = paragraph[index];
  const next = paragraph[index + 1];
  if (!here || !next) return undefined;
  const line = lines[index] ?? "";
  const nextLine = lines[index + 1] ?? "";
  // A line left opening with a stop once its pointer went ("(Table 1)." → ".") still meets the one before.
  if (here.chunk === next.chunk) return here.roles?.joins.get(here.line) ?? tightJoin(line, nextLine)?.hyphen;
  const broken = line.endsWith("-") ? joinAcrossLines(line, nextLine, language, vocabulary()) : null;
  return (broken ?? tightJoin(line, nextLine))?.hyphen;
}

function addParagraph(
  corpus: Corpus,
  source: CorpusSource,
  paragraph: readonly ParagraphLine[],
  vocabulary: () => ReadonlySet<string>,
  list: { framedBy: Sentence | null },
): Sentence[] {
  const raw = paragraph.map(({ chunk, line }) => chunk.lines[line - chunk.line_start] ?? "");
  // Markdown markup may span lines (a link's text broken at the line end), so it goes per paragraph.
  const lines = mayHoldMarkup(source.kind)
    ? plainLines(raw)
    : raw.map((line, index) => plainProse(line, index === 0));
  // With a layout, only the joins it records undo a line-end hyphen; without one, joinLines guesses. A
  // paragraph's lines are consecutive body lines: only asides (captions, footnotes) can sit between them.
  const joins = paragraph[0]?.roles
    ? paragraph.map((_, index) => joinAfter(paragraph, lines, index, source.language, vocabulary))
    : undefined;
  const { text, starts } = joinLines(lines, joins);
  const spans = splitSentences(text);
  const sentences = spans.map((span, position): Sentence => {
    const parts = sentenceParts(paragraph, text, starts, span);
    // Marks were taken off line by line; one broken over a line end ("eye plots [4," / "18, 31, 45].")
    // only shows in the joined sentence.
    const said = withoutMarks(span.text);
    const first = parts[0] as SentencePart;
    const framedBy = list.framedBy?.index;
    return {
      index: corpus.sentences.length + position,
      text: said,
      source,
      chunk: first.chunk,
      line_start: first.line_start,
      line_end: first.line_end,
      opensParagraph: position === 0,
      // A paragraph that is one statement without a stop (a slide bullet) is as complete as a sentence;
      // one holding a formula, or two texts run together, is no statement a learner can read, whatever
      // its ends look like.
      complete:
        (isCompleteSentence(said) || (spans.length === 1 && isUnstoppedStatement(said, source.language))) &&
        !holdsNotation(said) &&
        !gluesTwoTexts(said, source.language),
      terms: contentTerms(said),
      ...(parts.length > 1 ? { parts } : {}),
      ...(framedBy === undefined ? {} : { framedBy }),
    };
  });
  if (sentences.length === 0) return sentences;
  corpus.sentences.push(...sentences);
  corpus.items.push({ type: "paragraph", sentences, source });
  return sentences;
}

/**
 * The lines a sentence (`span` of the paragraph's `text`) stands on, grouped by chunk, each group with
 * the words of the sentence from where its first line starts to where the next group's starts.
 */
function sentenceParts(
  paragraph: readonly ParagraphLine[],
  text: string,
  starts: readonly number[],
  span: { start: number; end: number },
): SentencePart[] {
  // The last line starting at or before `offset`, by bisection: a paragraph can run over many pages.
  const lineIndexAt = (offset: number) => {
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const middle = Math.ceil((low + high) / 2);
      if ((starts[middle] ?? Number.POSITIVE_INFINITY) <= offset) low = middle;
      else high = middle - 1;
    }
    return low;
  };
  const groups: Array<{ chunk: CorpusChunk; first: number; last: number }> = [];
  for (let index = lineIndexAt(span.start); index <= lineIndexAt(span.end - 1); index++) {
    const chunk = (paragraph[index] as ParagraphLine).chunk;
    const group = groups.at(-1);
    if (group?.chunk === chunk) group.last = index;
    else groups.push({ chunk, first: index, last: index });
  }
  return groups.map(({ chunk, first, last }, at) => {
    const next = groups[at + 1];
    const from = Math.max(span.start, starts[first] ?? span.start);
    const to = next ? (starts[next.first] ?? span.end) : span.end;
    return {
      chunk,
      line_start: (paragraph[first] as ParagraphLine).line,
      line_end: (paragraph[last] as ParagraphLine).line,
      text: text.slice(from, to).trim(),
    };
  });
}

/** Lower-case content words: no function words, no bare numbers, at least three letters. */
export function contentTerms(text: string): string[] {
  return words(text).filter((word) => word.length > 2 && !isStopword(word) && !/^\p{N}+$/u.test(word));
}

/** The exact lines a range of a chunk holds. */
export function linesOf(chunk: CorpusChunk, lineStart: number, lineEnd: number): string[] {
  return chunk.lines.slice(lineStart - chunk.line_start, lineEnd - chunk.line_start + 1);
}

/**
 * The citation of a sentence: its chunk, its exact lines, and the sentence itself as the snippet. For a
 * sentence that runs on over a chunk edge or a page break, its first part only: see citeSentenceParts.
 */
export function citeSentence(sentence: Sentence): Citation {
  return {
    chunk_id: sentence.chunk.id,
    file_path: sentence.chunk.file_path,
    page_number: sentence.chunk.page_number,
    line_start: sentence.line_start,
    line_end: sentence.line_end,
    exactLines: linesOf(sentence.chunk, sentence.line_start, sentence.line_end),
    snippet: sentence.parts?.[0]?.text ?? sentence.text,
    source_url: sentence.chunk.source_url ?? null,
  };
}

/**
 * One citation per part of a sentence, each with its own page's exact lines and the words on them, as
 * the "Source Citation" dialog shows a page: a sentence over a page break is cited on both pages.
 */
export function citeSentenceParts(sentence: Sentence): Citation[] {
  if (!sentence.parts) return [citeSentence(sentence)];
  return sentence.parts.map((part) => ({
    chunk_id: part.chunk.id,
    file_path: part.chunk.file_path,
    page_number: part.chunk.page_number,
    line_start: part.line_start,
    line_end: part.line_end,
    exactLines: linesOf(part.chunk, part.line_start, part.line_end),
    snippet: part.text,
    source_url: part.chunk.source_url ?? null,
  }));
}
