import { headingsOfLines } from "../text/headings.ts";
import { detectLanguage, type Language } from "../text/language.ts";
import { firstReadLine, type PageRunOn, pageRunOn } from "./chunk-continuation.ts";
import { readDocx } from "./docx.ts";
import { type SourceKind, SourceReadError } from "./errors.ts";
import { loadEnglishWords, vocabularyOf } from "./hyphenation.ts";
import { emptyLayout, markdownLayout, markJoins, type PageLayout } from "./layout.ts";
import { hasLetterspacing, withoutLetterspacing } from "./letterspacing.ts";
import { normalizeLines } from "./lines.ts";
import {
  MAX_RECOGNISED_PAGES,
  OcrError,
  type RecognisedPage,
  recogniseImages,
  renderPdfPages,
} from "./ocr.ts";
import { pdfLayouts, readPdfLines } from "./pdf.ts";
import { PptxError, readPptx } from "./pptx.ts";
import { markBackMatter } from "./reference-sections.ts";
import { readWebPage, WebPageError } from "./web.ts";

/** The lines of one page of a PDF (page_number from 1), or of a whole file (page_number null). */
export interface SourcePage {
  page_number: number | null;
  /** Normalised lines (see normalizeLines), numbered from 0 as citations count them. */
  lines: string[];
  /**
   * What the document itself says about its lines (headings, furniture, paragraph starts, broken words);
   * null for plain and pasted text, whose headings can only be guessed from line shape.
   */
  layout: PageLayout | null;
  /** Set when the page's text was recognised from an image (OCR): Tesseract's mean confidence, 0–100. */
  recognised?: { confidence: number };
  /** Set when the page's last sentence goes on at the top of the next page (see pageRunOn). */
  runsOn?: PageRunOn;
}

export interface SourceContent {
  kind: SourceKind;
  file_name: string;
  /** The file's bytes; for pasted text, the text itself. */
  content: Uint8Array | string;
}

/** The lines of a source, page by page; a file that cannot be read throws a SourceReadError. */
export async function extractPages(source: SourceContent): Promise<SourcePage[]> {
  const pages = await readPages(source);
  const withLayout = pages.filter((page) => page.layout !== null);
  if (source.kind !== "markdown" && withLayout.every((page) => page.layout?.headings.size === 0)) {
    // A document that sets no heading apart by style (same font, no Heading styles) still has titles a
    // reader sees by their shape: short lines on their own. Guess those once, here, and store them.
    for (const page of withLayout) if (page.layout) guessHeadings(page.lines, page.layout);
  }
  markBackMatter(pages);
  if (withLayout.length > 0) {
    const all = pages.flatMap((page) => page.lines);
    const language = detectLanguage(all.join("\n"));
    const vocabulary = vocabularyOf(all);
    // The English word list is read only for a document that breaks words at line ends or tracks capitals.
    const dictionary =
      language === "en" && all.some((line) => line.endsWith("-") || hasLetterspacing(line))
        ? await loadEnglishWords()
        : undefined;
    const wordTests = [
      ...(dictionary ? [(word: string) => dictionary.has(word)] : []),
      (word: string) => vocabulary.has(word) || dictionary?.has(word) === true,
    ];
    for (const page of withLayout)
      page.lines = page.lines.map((line) => withoutLetterspacing(line, wordTests));
    for (const page of withLayout)
      if (page.layout) markJoins(page.lines, page.layout, language, vocabulary, dictionary);
    // Each slide stands on its own: its last sentence never runs into the next slide.
    if (source.kind !== "pptx") markPageRunOns(pages, language, vocabulary, dictionary);
  }
  return pages;
}

/**
 * Between each two pages: either the first page's last sentence runs on at the top of the next
 * (`runsOn`), or the next page's first line opens a paragraph, so the page break says so explicitly.
 */
export function markPageRunOns(
  pages: SourcePage[],
  language: Language,
  vocabulary: ReadonlySet<string>,
  dictionary?: ReadonlySet<string>,
) {
  pages.forEach((page, index) => {
    const next = pages[index + 1];
    if (!next?.layout || !page.layout) return;
    const runOn = pageRunOn(
      { lines: page.lines, layout: page.layout },
      { lines: next.lines, layout: next.layout },
      language,
      vocabulary,
      dictionary,
    );
    if (runOn) page.runsOn = runOn;
    else {
      const first = firstReadLine({ lines: next.lines, layout: next.layout });
      if (first !== undefined && !next.layout.headings.has(first)) next.layout.paragraphs.add(first);
    }
  });
}

function guessHeadings(lines: readonly string[], layout: PageLayout) {
  // Furniture and lines with a role (a caption, a reference, a table row) are never guessed headings.
  const text = lines.map((line, index) =>
    layout.furniture.has(index) || layout.roles.has(index) ? "" : line,
  );
  for (const [line, { level }] of headingsOfLines(text, false))
    layout.headings.set(line, { level, end: line });
}

async function readPages(source: SourceContent): Promise<SourcePage[]> {
  const fail = (reason: string) => new SourceReadError(source.file_name, source.kind, reason);
  const textPage = (text: string): SourcePage[] => {
    const lines = normalizeLines(text);
    return [{ page_number: null, lines, layout: source.kind === "markdown" ? markdownLayout(lines) : null }];
  };
  if (typeof source.content === "string") return textPage(source.content);
  switch (source.kind) {
    case "pdf":
      return pdfPages(source.content).catch((error) =>
        Promise.reject(fail(error instanceof OcrError ? error.message : readableReason(error))),
      );
    case "docx":
      return readDocx(source.content).then(
        ({ lines, layout }) => [{ page_number: null, lines, layout }],
        (error) => Promise.reject(fail(readableReason(error))),
      );
    case "image":
      return imagePages(source.content).catch((error) =>
        Promise.reject(
          fail(error instanceof OcrError ? error.message : "it is damaged or not a PNG or JPEG image"),
        ),
      );
    case "url":
      return webPages(decodeText(source.content, fail), fail);
    case "pptx":
      return readPptx(source.content).catch((error) =>
        Promise.reject(fail(error instanceof PptxError ? error.message : readableReason(error))),
      );
    default:
      return textPage(decodeText(source.content, fail));
  }
}

async function pdfPages(bytes: Uint8Array): Promise<SourcePage[]> {
  const pages = await readPdfLines(bytes);
  const layouts = pdfLayouts(pages);
  const read: SourcePage[] = pages.map((page, index) => ({
    page_number: page.page_number,
    lines: page.lines.map((line) => line.text),
    layout: layouts[index] ?? null,
  }));
  return recogniseScannedPages(bytes, read);
}

/**
 * A page with no letter outside its furniture is a scan (at most a printed page number): its text is
 * in an image, so it is rendered and recognised, and its lines become the recognised ones.
 */
async function recogniseScannedPages(bytes: Uint8Array, pages: SourcePage[]): Promise<SourcePage[]> {
  const scanned = pages.filter((page) => !hasLetters(page));
  if (scanned.length === 0) return pages;
  if (scanned.length > MAX_RECOGNISED_PAGES)
    throw new OcrError(
      `${scanned.length} of its pages are scanned images; text can be recognised on at most ${MAX_RECOGNISED_PAGES}`,
    );
  const numbers = scanned.map((page) => page.page_number ?? 1);
  const recognised = await recogniseImages(await renderPdfPages(bytes, numbers));
  const bySize = recognised.some((page) => page.headings.size > 0);
  const byNumber = new Map(numbers.map((number, index) => [number, recognised[index]]));
  return pages.map((page) => {
    const text = byNumber.get(page.page_number ?? 0);
    return text ? recognisedPage(page.page_number, text, bySize) : page;
  });
}

function hasLetters(page: SourcePage): boolean {
  return page.lines.some((line, index) => !page.layout?.furniture.has(index) && /\p{L}/u.test(line));
}

function webPages(html: string, fail: (reason: string) => SourceReadError): SourcePage[] {
  try {
    const { lines, layout } = readWebPage(html);
    return [{ page_number: null, lines, layout }];
  } catch (error) {
    throw error instanceof WebPageError ? fail(error.message) : error;
  }
}

/** A photo of a page: one unpaged page of recognised text. */
async function imagePages(bytes: Uint8Array): Promise<SourcePage[]> {
  const [recognised] = await recogniseImages([bytes]);
  return recognised ? [recognisedPage(null, recognised, recognised.headings.size > 0)] : [];
}

const PAGE_NUMBER = /^[\s\p{P}]*\d{1,4}[\s\p{P}]*$/u;

/**
 * Recognised text has no styles, but its type sizes: headings are the lines set clearly larger than the
 * body (`bySize`, when any recognised page has one). A scan whose headings are only bold, or as large
 * as the body, gets them guessed from line shape instead.
 */
function recognisedPage(pageNumber: number | null, text: RecognisedPage, bySize: boolean): SourcePage {
  const layout = emptyLayout();
  // Specks read as a stray digit or sign are no text to learn from.
  if (!text.lines.some((line) => /\p{L}/u.test(line))) return { page_number: pageNumber, lines: [], layout };
  for (const line of text.paragraphs) layout.paragraphs.add(line);
  // A printed page number at the top or bottom stays in the page's numbering but out of every chunk.
  for (const line of [0, text.lines.length - 1])
    if (PAGE_NUMBER.test(text.lines[line] ?? "")) layout.furniture.add(line);
  if (!bySize) guessHeadings(text.lines, layout);
  for (const [line, heading] of text.headings)
    if (!layout.furniture.has(line)) layout.headings.set(line, heading);
  return { page_number: pageNumber, lines: text.lines, layout, recognised: { confidence: text.confidence } };
}

function decodeText(bytes: Uint8Array, fail: (reason: string) => SourceReadError): string {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw fail("it is not UTF-8 text");
  }
  if (text.includes("\u0000")) throw fail("it looks like a binary file, not text");
  return text;
}

function readableReason(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  if (/central directory|zip/i.test(message)) return "the file is damaged or not a Word document";
  if (/password/i.test(message)) return "the file is password-protected";
  if (/invalid pdf|pdf header|xref|startxref/i.test(message)) return "the file is damaged or not a PDF";
  return message;
}
