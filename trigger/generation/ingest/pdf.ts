import { getDocumentProxy } from "unpdf";
import { isMonospaceFace, isSansFace } from "./fonts.ts";
import { markFrontMatter, markTitleSlide } from "./front-matter.ts";
import { emptyLayout, endsClause, isAside, isNonBody, type PageLayout } from "./layout.ts";
import { chargeReadBudget } from "./limits.ts";
import { normalizeLine } from "./lines.ts";
import {
  headingKind,
  isBulletedText,
  isCapitalsHeadingText,
  isNumberedHeadingText,
  runInHeadingLength,
} from "./non-body.ts";
import {
  markFigureText,
  markFurniture,
  markSetApart,
  markWatermarks,
  repeatedPieces,
} from "./pdf-furniture.ts";
import { type PdfLine, type PdfPage, pageLines, type TextPiece } from "./pdf-regions.ts";
import { type BodyStyle, markLists, markRoles, opensListItem } from "./pdf-roles.ts";
import { reportReadStep } from "./read-progress.ts";

export type { PdfLine, PdfPage } from "./pdf-regions.ts";

// Bold faces by name, including TeX's Computer Modern and Latin Modern bold extended ("CMBX12", "SFBX1000").
const BOLD_NAME = /bold|black|heavy|semibold|demi|^(?:[A-Z]{6}\+)?(?:CMBX|CMB\d|CMSSBX|SFBX|SFSX|LMBX|EUBX)/i;
/** Text turned less than this many degrees from the page's own direction is upright. */
const UPRIGHT_DEGREES = 2;

// Italic and slanted faces by name: "Times-Italic", "NimbusRomNo9L-ReguItal", TeX's CMTI/CMSSI/CMBXTI and
// its italic typewriter CMITT (a word of code in an italic title).
const ITALIC_NAME =
  /ital|oblique|slant|^(?:[A-Z]{6}\+)?(?:CMTI|CMITT|CMSSI|CMBXTI|CMSL|LMROMANSLANT|SFTI|SFSI)/i;

// The bullets slide themes set (beamer's triangles, arrows) read as the bullet every reader knows.
const SLIDE_BULLET = /^[▶▸►‣➢➤]\s*(?=\S)/u;
/**
 * Word and LibreOffice set list bullets in the Symbol and Wingdings fonts, and a PDF's text layer often
 * gives those glyphs as Private Use Area code points (U+F000 plus the font's own code: Symbol's bullet
 * U+F0B7, Wingdings' square U+F0A7, arrowhead U+F0D8, tick U+F0FC, diamond U+F076 …). What a reader sees
 * there is a list's bullet, so the text says "•".
 */
const SYMBOL_FONT_BULLETS = /[\uF06E\uF06F\uF071\uF076\uF0A7\uF0A8\uF0B7\uF0D8\uF0E0\uF0FC]/gu;

/** A piece's text with the bullets of the Symbol and Wingdings fonts as "•". */
export function withReadableBullets(text: string): string {
  return text.replace(SYMBOL_FONT_BULLETS, "•");
}

// LaTeX's \dots sets an ellipsis as three spaced full stops (". . .", ". . . ." before a full stop); a
// reader sees "…" (and "….").
const SPACED_ELLIPSIS = /\.(?: \.){2,}/g;

interface Placed extends TextPiece {
  angle: number;
}

/**
 * The lines of every page in reading order, rebuilt from PDF.js text items (see pdf-regions.ts). Each
 * line keeps its position, font size and weight and the column it was read in for the layout analysis.
 */
export async function readPdfLines(bytes: Uint8Array): Promise<PdfPage[]> {
  // PDF.js takes ownership of the buffer it is given; hand it a copy.
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const placedPages: PlacedPage[] = [];
  try {
    for (let number = 1; number <= pdf.numPages; number++) {
      const placed = await placedPieces(await pdf.getPage(number));
      placedPages.push(placed);
      // A hostile file stops at the page that passes the characters limit (docs/ingestion.md, "Limits").
      chargeReadBudget(placed.pieces.reduce((sum, piece) => sum + piece.str.length, 0));
      reportReadStep("pages", number, pdf.numPages);
    }
  } finally {
    await pdf.loadingTask.destroy();
  }
  // A sidebar or footline that returns on every slide is read apart, before the page's regions are.
  const repeated = repeatedPieces(placedPages.map((page) => page.pieces));
  const pages = placedPages.map(({ pieces, width, height: pageHeight }, index) => {
    const { upright, apart, height, rotated } = uprightPieces(pieces, width, pageHeight, repeated);
    const lines = pageLines(upright, rotated, height, apart)
      .map((line) => ({ ...line, text: typesetText(line.text) }))
      .filter((line) => line.text !== "");
    return { page_number: index + 1, height, width, lines };
  });
  const size = commonSize(pages);
  return pages.map((page) => ({ ...page, lines: page.lines.flatMap((line) => splitRunIn(line, size)) }));
}

/** A line's text as a reader takes it in: slide bullets as "•", a spaced ellipsis as "…". */
function typesetText(text: string): string {
  return normalizeLine(text)
    .replace(SLIDE_BULLET, "• ")
    .replace(SPACED_ELLIPSIS, (dots) => `…${".".repeat(dots.replace(/ /g, "").length - 3)}`);
}

/** The font size most characters of the document have. */
function commonSize(pages: readonly PdfPage[]): number {
  const chars = new Map<number, number>();
  for (const line of pages.flatMap((page) => page.lines)) {
    const size = Math.round(line.size * 2) / 2;
    chars.set(size, (chars.get(size) ?? 0) + line.text.length);
  }
  return [...chars].sort((p, q) => q[1] - p[1])[0]?.[0] ?? 0;
}

/**
 * A run-in heading is set at about the text's size (an abstract a point smaller, as IEEE sets it); notes
 * and references in smaller type (0.8 of it) keep their lines.
 */
const RUN_IN_MIN_SIZE = 0.88;

/**
 * A run-in heading ("*Paragraph.* This is a paragraph.", "**2.1 Method.** We …") is read as a line of
 * its own before the rest of its line, on the same baseline, so the heading is a heading and the rest
 * opens the section's text: the page's words, in the page's order, cut where the emphasis ends.
 */
function splitRunIn(line: PdfLine, commonSize: number): PdfLine[] {
  const { lead, ...plain } = line;
  if (!lead || line.table || line.size < commonSize * RUN_IN_MIN_SIZE) return [plain];
  const length = runInHeadingLength(line.text, normalizeLine(lead.text), lead.quad);
  if (length === 0) return [plain];
  const heading = line.text.slice(0, length);
  const rest = line.text.slice(length).trim();
  return [
    { ...plain, text: heading, right: lead.restX, runIn: true },
    { ...plain, text: rest, x: lead.restX, bold: lead.restBold, italic: false },
  ];
}

interface PlacedPage {
  pieces: Placed[];
  width: number;
  height: number;
}

type PdfPageProxy = Awaited<ReturnType<Awaited<ReturnType<typeof getDocumentProxy>>["getPage"]>>;

/** The text items of one page with their positions as the page is shown, font size, weight and face. */
async function placedPieces(page: PdfPageProxy): Promise<PlacedPage> {
  const content = await page.getTextContent();
  // Fonts reach `commonObjs` (with their real names and bold flags) only once the page is parsed;
  // a page that cannot be parsed still has its text, its fonts then known by name only.
  await page.getOperatorList().catch(() => undefined);
  const faces = new Map<string, { bold: boolean; italic: boolean; mono: boolean; sans: boolean }>();
  const faceOf = (fontName: string) => {
    let face = faces.get(fontName);
    if (face === undefined) {
      const font = page.commonObjs.has(fontName)
        ? (page.commonObjs.get(fontName) as {
            name?: string;
            bold?: boolean;
            black?: boolean;
            italic?: boolean;
          } | null)
        : null;
      const name = font?.name ?? fontName;
      face = {
        bold: Boolean(font?.bold || font?.black || BOLD_NAME.test(name)),
        italic: Boolean(font?.italic || ITALIC_NAME.test(name)),
        mono: isMonospaceFace(name),
        sans: isSansFace(name),
      };
      faces.set(fontName, face);
    }
    return face;
  };
  // Positions as the page is shown: turned by its /Rotate, measured from its own bottom-left corner.
  const viewport = page.getViewport({ scale: 1 });
  const pieces: Placed[] = [];
  for (const item of content.items) {
    if (!("str" in item) || item.str.trim() === "") continue;
    const [a = 1, b = 0, c = 0, d = 0, x = 0, y = 0] = multiply(
      viewport.transform,
      item.transform as number[],
    );
    const piece = {
      str: withReadableBullets(item.str),
      x,
      y: viewport.height - y,
      width: item.width,
      size: Math.hypot(c, d) || item.height,
      ...faceOf(item.fontName),
      angle: (Math.atan2(-b, a) * 180) / Math.PI,
      order: pieces.length,
    };
    pieces.push(piece);
  }
  page.cleanup();
  return { pieces, width: viewport.width, height: viewport.height };
}

/**
 * The page's text turned upright. Most text runs in one direction (left to right, or up the page on a
 * table set sideways); the page is read in that direction, and text at any other angle (a diagonal
 * watermark, a stamp along the margin) is set apart, each angle turned upright in its own frame. Text
 * that returns on most pages (`repeated`, a slide's sidebar) is turned upright apart from the rest.
 */
function uprightPieces(
  placed: readonly Placed[],
  width: number,
  height: number,
  repeated: ReadonlySet<TextPiece>,
) {
  const chars = new Map<number, number>();
  for (const piece of placed) {
    const angle = Math.round(piece.angle);
    chars.set(angle, (chars.get(angle) ?? 0) + piece.str.length);
  }
  const main = [...chars].sort((p, q) => q[1] - p[1])[0]?.[0] ?? 0;
  const turned = (angle: number) => Math.abs(((angle - main + 540) % 360) - 180) > UPRIGHT_DEGREES;
  const frame = turn(main, width, height);
  const level = placed.filter((piece) => !turned(piece.angle));
  const upright = level.filter((piece) => !repeated.has(piece)).map(frame.piece);
  const apart = level.filter((piece) => repeated.has(piece)).map(frame.piece);
  const others = new Map<number, TextPiece[]>();
  for (const piece of placed.filter((candidate) => turned(candidate.angle))) {
    const angle = Math.round(piece.angle);
    others.set(angle, [...(others.get(angle) ?? []), turn(angle, width, height).piece(piece)]);
  }
  return { upright, apart, height: frame.height, rotated: [...others.values()] };
}

/** Turns positions by -angle degrees, so text at that angle reads left to right, into a box from 0. */
function turn(angle: number, width: number, height: number) {
  const radians = (angle * Math.PI) / 180;
  const [cos, sin] = [Math.cos(radians), Math.sin(radians)];
  const at = (x: number, y: number) => ({ x: x * cos + y * sin, y: -x * sin + y * cos });
  const corners = [at(0, 0), at(width, 0), at(0, height), at(width, height)];
  const minX = Math.min(...corners.map((corner) => corner.x));
  const minY = Math.min(...corners.map((corner) => corner.y));
  const maxY = Math.max(...corners.map((corner) => corner.y));
  return {
    height: maxY - minY,
    piece: ({ angle: _angle, ...piece }: Placed): TextPiece => {
      const point = at(piece.x, piece.y);
      return { ...piece, x: point.x - minX, y: point.y - minY };
    },
  };
}

/** The product of two PDF transformation matrices [a, b, c, d, e, f], as PDF.js composes them. */
function multiply(m: readonly number[], n: readonly number[]): number[] {
  const [a = 1, b = 0, c = 0, d = 1, e = 0, f = 0] = m;
  const [p = 1, q = 0, r = 0, s = 1, t = 0, u = 0] = n;
  return [a * p + c * q, b * p + d * q, a * r + c * s, b * r + d * s, a * t + c * u + e, b * t + d * u + f];
}

const MAX_HEADING_WORDS = 14;
const MAX_HEADING_CHARS = 120;
const MAX_HEADING_LINES = 3;
// "2", "2.1" and an appendix's "A.1" (a letter alone, "A Research Methods", reads like the article).
const NUMBERED = /^((?:\d{1,2}|[A-Z](?=\.\d))(?:\.\d{1,2})*)\.?\s+\p{L}/u;
/** A first line set in by this many ems or more (and less than MAX_INDENT_EM) opens a paragraph. */
const INDENT_EM = 0.8;
const MAX_INDENT_EM = 6;

/**
 * The layout of each page: page furniture (running headers and footers, page numbers, line numbers,
 * watermarks; pdf-furniture.ts), the roles of lines that are not running text (tables, captions,
 * footnotes, lists; pdf-roles.ts), headings (short lines set larger than the body text, the size most
 * characters have, or bold where the body is not; their level by style from the largest down) and
 * paragraph starts (a gap clearly wider than the usual line spacing, or a first line set in).
 */
export function pdfLayouts(pages: readonly PdfPage[]): PageLayout[] {
  const layouts = pages.map(() => emptyLayout());
  markSetApart(pages, layouts);
  markFurniture(pages, layouts);
  const body = bodyStyle(pages, layouts);
  markWatermarks(pages, layouts, body.size);
  markFigureText(pages, layouts, body.size);
  markRoles(pages, layouts, body);
  markHeadings(pages, layouts, body);
  markLists(pages, layouts, body);
  markParagraphs(pages, layouts, body);
  // The author block under the title (names, affiliations, a correspondence address), as in Word and
  // web documents.
  const [firstPage] = pages;
  const [firstLayout] = layouts;
  if (firstPage && firstLayout) markCentredAuthorBlock(firstPage, firstLayout);
  if (firstPage && firstLayout)
    markFrontMatter(
      firstPage.lines.map((line) => line.text),
      firstLayout,
    );
  if (isDeck(pages)) markSlides(pages, layouts);
  return layouts;
}

/** A centred line's middle is this share of its column's width from the column's middle, at most. */
const CENTRED_SLACK = 0.03;
/** A centred line leaves this share of its column's width free, at least: a full line is justified. */
const CENTRED_MARGIN = 0.25;

/** A line set centred in its column or on the page, well short of the column's full width. */
function isCentred(line: PdfLine, pageWidth: number | undefined): boolean {
  const width = line.column.right - line.column.left;
  if (width <= 0 || line.right - line.x > width * (1 - CENTRED_MARGIN)) return false;
  const middle = (line.x + line.right) / 2;
  const centredOn = (left: number, right: number) =>
    Math.abs(middle - (left + right) / 2) <= (right - left) * CENTRED_SLACK;
  return (
    centredOn(line.column.left, line.column.right) || (pageWidth !== undefined && centredOn(0, pageWidth))
  );
}

/**
 * The author block under a paper's title as a class sets it: every line centred (names, affiliations,
 * a collaboration, the date) down to the first line that is not, such as the justified abstract. It is
 * front matter whatever its words say, so a template's placeholders ("Authors' institution and/or
 * address") are too; the word rules of `markFrontMatter` then read what is left.
 */
function markCentredAuthorBlock(page: PdfPage, layout: PageLayout) {
  const title = layout.headings.get(0);
  if (!title) return;
  const block: number[] = [];
  for (let index = title.end + 1; index < page.lines.length; index++) {
    const line = page.lines[index];
    if (!line || layout.headings.has(index) || !isCentred(line, page.width)) break;
    block.push(index);
  }
  if (block.length < 2) return;
  for (const index of block) {
    layout.furniture.add(index);
    layout.roles.delete(index);
    layout.paragraphs.delete(index);
  }
}

/** Most pages wider than high: slides. */
function isDeck(pages: readonly PdfPage[]): boolean {
  const wide = pages.filter((page) => (page.width ?? 0) > page.height).length;
  return pages.length > 0 && wide > pages.length / 2;
}

/**
 * A slide deck reads as a title and one section per slide: the title page's heading is level 1, each
 * slide's title (the largest style on the other slides) level 2, smaller titles below it. The title
 * page's other lines (subtitle, author, institute, date) are front matter, as a book's title page is;
 * a title page with a sentence on it is read as a slide. Every slide is a page, so a slide always ends a
 * paragraph.
 */
function markSlides(pages: readonly PdfPage[], layouts: PageLayout[]) {
  const titlePage = layouts[0];
  const titleLines = pages[0]?.lines ?? [];
  const others = layouts.slice(1).flatMap((layout) => [...layout.headings.values()]);
  const top = Math.min(...others.map((heading) => heading.level));
  for (const heading of others) heading.level = Math.min(6, heading.level - top + 2);
  if (!titlePage || titlePage.headings.size === 0) return;
  for (const heading of titlePage.headings.values()) heading.level = 1;
  markTitleSlide(
    titleLines.map((line) => line.text),
    titlePage,
    titleLines.map((_, index) => index),
  );
}

function bodyStyle(pages: readonly PdfPage[], layouts: readonly PageLayout[]): BodyStyle {
  const bySize = new Map<number, { chars: number; bold: number; sans: number }>();
  pages.forEach((page, pageIndex) => {
    page.lines.forEach((line, index) => {
      if (layouts[pageIndex]?.furniture.has(index)) return;
      const size = Math.round(line.size * 2) / 2;
      const entry = bySize.get(size) ?? { chars: 0, bold: 0, sans: 0 };
      entry.chars += line.text.length;
      if (line.bold) entry.bold += line.text.length;
      if (line.sans) entry.sans += line.text.length;
      bySize.set(size, entry);
    });
  });
  const [size = 0, entry = { chars: 0, bold: 0, sans: 0 }] =
    [...bySize].sort((p, q) => q[1].chars - p[1].chars)[0] ?? [];
  const gaps: number[] = [];
  pages.forEach((page, pageIndex) => {
    page.lines.forEach((line, index) => {
      const previous = page.lines[index - 1];
      const layout = layouts[pageIndex];
      if (!previous || layout?.furniture.has(index) || layout?.furniture.has(index - 1)) return;
      if (previous.column.id !== line.column.id) return;
      if (Math.abs(line.size - size) > 0.5 || Math.abs(previous.size - size) > 0.5) return;
      const gap = previous.y - line.y;
      if (gap > 0) gaps.push(gap);
    });
  });
  gaps.sort((p, q) => p - q);
  // The lower quartile: paragraph gaps are wider, so they must not pull the estimate up.
  const leading = gaps[Math.floor(gaps.length / 4)] ?? size * 1.2;
  return { size, bold: entry.bold > entry.chars / 2, sans: entry.sans > entry.chars / 2, leading };
}

/**
 * A line that ends in punctuation goes on or ends a sentence, so it is no title; a title carried on to
 * the next slide or page ("Frames cont.", "Results (cont.)") ends in its abbreviation's full stop.
 */
function endsLikeProse(text: string): boolean {
  return /[.,;:]$/.test(text.replace(CONTINUED, "").replace(OPEN_LIST, ""));
}
const CONTINUED = /\s\(?(?:cont|contd|cont'd|ctd|continued)\.?\)?$/i;
// A title that closes an open list with its abbreviation: "Floats: Figures, Tables, Videos, etc.".
const OPEN_LIST = /(?:^|,?\s)(?:etc|enz|usw)\.$/i;

/** Type this much larger than the body's is set apart by its size. */
const LARGER = 1.15;
/** Headings set apart by weight, slant or face are about the body's size: a class may set them a half
 * point smaller (Copernicus: 9.5 pt over a 10 pt text). */
const BODY_SIZED = 0.93;
/** Type this much larger than the text's, in italics, is a title's (a quotation keeps the text's size). */
const SLIGHTLY_LARGER = 1.05;
/** A numbered one may be a point smaller (REVTeX: 9 pt over a 10 pt text); notes are set at 0.8. */
const NUMBERED_BODY_SIZED = 0.88;

/** Whether a line of weight, slant or face is about the body's size, as such headings are. */
function bodySizedHeading(line: PdfLine, body: BodyStyle): boolean {
  const least = isNumberedHeadingText(line.text) ? NUMBERED_BODY_SIZED : BODY_SIZED;
  return line.size >= body.size * least;
}

/**
 * Whether a line opens a block of text: the first line of its column, or after a heading, a line that
 * ends a sentence, a title in capitals, or a gap wider than the line spacing.
 */
function opensBlock(page: PdfPage, layout: PageLayout | undefined, index: number, body: BodyStyle): boolean {
  const line = page.lines[index];
  let before = index - 1;
  while (before >= 0 && layout?.furniture.has(before)) before--;
  const previous = page.lines[before];
  if (!line || !previous || previous.column.id !== line.column.id || layout?.headings.has(before))
    return true;
  return (
    /[.!?:]["'”’)\]]?$/.test(previous.text) ||
    previous.y - line.y > body.leading * 1.35 ||
    // "APPENDIX" over "A. Part One": a title in capitals heads what follows.
    isCapitalsHeadingText(previous.text)
  );
}

/**
 * The next line is a paragraph's distance below, not a line's: the line is a block of its own. The next
 * line is that of its column, or of the region right below it: a title alone at a page's top is read as
 * a region of its own above the text it heads.
 */
function standsApart(page: PdfPage, index: number, body: BodyStyle): boolean {
  const line = page.lines[index];
  const next = page.lines[index + 1];
  if (!line || !next) return false;
  const below = next.column.id === line.column.id || (next.y < line.y && overlaps(line, next));
  return below && line.y - next.y > body.leading * 1.35;
}

/** Two lines share some of their width on the page. */
function overlaps(line: PdfLine, other: PdfLine): boolean {
  return line.x < other.right && other.x < line.right;
}

/** A title's shape: a capital first, at most 12 words, no label's colon. */
function isTitleShaped(text: string): boolean {
  return /^\p{Lu}/u.test(text) && !text.includes(":") && text.split(/\s+/).length <= 12;
}

/** "Abstract", "Keywords", "Disclaimer:", "References" alone on a line are titles whatever their type. */
function isNamed(line: PdfLine, body: BodyStyle): boolean {
  return bodySizedHeading(line, body) && headingKind(line.text) !== null;
}

/** Capitals or small caps at least this share of the body's size can be a heading ("I. INTRODUCTION"). */
const MIN_CAPITALS_SIZE = 0.75;

/** How a heading style ranks among styles of about the body's size: bold, capitals, italic or another
 * face, run-in. */
function emphasisRank(style: string): number {
  if (style.endsWith("|runin")) return 0;
  if (style.endsWith("|italic") || style.endsWith("|face")) return 1;
  if (style.endsWith("|caps")) return 2;
  return style.split("|")[1] === "true" ? 3 : 2;
}

function markHeadings(pages: readonly PdfPage[], layouts: PageLayout[], body: BodyStyle) {
  const capitalsStyle = (line: PdfLine) =>
    isCapitalsHeadingText(line.text) &&
    line.size >= body.size * MIN_CAPITALS_SIZE &&
    line.size < body.size * LARGER &&
    !(line.bold && !body.bold);
  // An italic title needs its number (IEEE's "A. Template Styles"), or type a little larger than the
  // text's (Tufte's "Sidenotes", 10.9 pt over 10 pt): an italic quotation is set at the text's size.
  // Or a line of its own, with space below it as above, as word processors set a low-level heading
  // ("*Why separate accessibility from your issue process?*"); a label ("Source: …") is none.
  const italicHeading = (line: PdfLine, index: number, page: PdfPage) =>
    line.italic &&
    !line.bold &&
    ((bodySizedHeading(line, body) && isNumberedHeadingText(line.text)) ||
      line.size >= body.size * SLIGHTLY_LARGER ||
      (bodySizedHeading(line, body) && standsApart(page, index, body) && isTitleShaped(line.text)));
  // Copernicus's subsections: "2.1 Questionnaire" in sans over a serif text, neither bold nor larger.
  const faceHeading = (line: PdfLine) =>
    line.sans !== body.sans &&
    !line.bold &&
    !line.italic &&
    bodySizedHeading(line, body) &&
    isNumberedHeadingText(line.text);
  // Capitals, italics, another face and run-in headings are styles of their own, so body lines never
  // continue such a heading, and its own next line does ("3.1 In which practices are we" / "interested?").
  const faceOf = (line: PdfLine) =>
    line.italic && !line.bold ? "italic" : line.sans !== body.sans && !line.bold ? "face" : "";
  const styleOf = (line: PdfLine) =>
    `${Math.round(line.size * 2) / 2}|${line.bold}|${line.runIn ? "runin" : capitalsStyle(line) ? "caps" : faceOf(line)}`;
  const looksLikeHeading = (line: PdfLine, index: number, page: PdfPage, layout: PageLayout | undefined) => {
    // A run-in heading ("Paragraph.") ends in its own stop; it heads a paragraph, never sits inside one.
    if (line.runIn) return line.size >= body.size * RUN_IN_MIN_SIZE && opensBlock(page, layout, index, body);
    if (isBulletedText(line.text)) return false;
    const larger = line.size >= body.size * LARGER;
    const emphasised = line.bold && !body.bold && bodySizedHeading(line, body);
    // IEEE's "I. INTRODUCTION" and ACM's "1 INTRODUCTION": small caps or capitals at the body's size.
    // Small caps are set smaller than the body: the row's size is that of the small letters.
    const capitals = line.size >= body.size * MIN_CAPITALS_SIZE && isCapitalsHeadingText(line.text);
    // IEEE's subsections: "A. Template Styles" in italics at the body's size, with their number.
    // Emphasis at the body's size inside a paragraph ("… Figure de- / **scriptions should not …**")
    // stresses a sentence; a heading of that size opens a block.
    const named = isNamed(line, body);
    const bodySized =
      !larger && (emphasised || capitals || named || italicHeading(line, index, page) || faceHeading(line));
    if (bodySized && !opensBlock(page, layout, index, body)) return false;
    return (
      (larger || bodySized) &&
      /\p{L}/u.test(line.text) &&
      line.text.length <= MAX_HEADING_CHARS &&
      line.text.split(" ").length <= MAX_HEADING_WORDS &&
      // A numbered title may break after a comma ("2.2 … of graphics," / "as she is spoke"), and any
      // after the colon before its subtitle ("Manuscript Title:" / "with Forced Linebreak"): its last
      // line decides below. A named one may close with a label's colon ("Disclaimer:").
      (!endsLikeProse(line.text) ||
        isNumberedHeadingText(line.text) ||
        named ||
        (line.text.endsWith(":") && titleGoesOn(page, index)))
    );
  };
  // The next line goes on with a title set over several lines: same style and column, a line apart.
  const titleGoesOn = (page: PdfPage, index: number) => {
    const line = page.lines[index];
    const next = page.lines[index + 1];
    return Boolean(
      line &&
        next &&
        next.column.id === line.column.id &&
        styleOf(next) === styleOf(line) &&
        line.y - next.y <= line.size * 1.6,
    );
  };
  const found: Array<{
    pageIndex: number;
    start: number;
    end: number;
    style: string;
    size: number;
    bold: boolean;
  }> = [];
  pages.forEach((page, pageIndex) => {
    const layout = layouts[pageIndex];
    const free = (index: number) => !layout?.furniture.has(index) && !layout?.roles.has(index);
    let index = 0;
    while (index < page.lines.length) {
      const line = page.lines[index];
      if (!line || !free(index) || !looksLikeHeading(line, index, page, layout)) {
        index++;
        continue;
      }
      // A heading set over several lines: the same style, in the same column, one line spacing apart.
      let end = index;
      for (;;) {
        const next = page.lines[end + 1];
        const current = page.lines[end];
        if (!next || !current || !free(end + 1) || next.column.id !== current.column.id) break;
        // A title broken after a comma or colon goes on in its type, whatever the next line's words
        // ("IV. FLOATS: FIGURES, TABLES, VIDEOS," / "ETC.", too short to count as capitals).
        const brokenOff =
          /[,:]$/.test(current.text) && Math.abs(next.size - line.size) < 0.5 && next.bold === line.bold;
        if ((styleOf(next) !== styleOf(line) && !brokenOff) || current.y - next.y > line.size * 1.6) break;
        // A run-in heading is one line; a numbered line opens a heading of its own ("A.1 Part One"
        // right under "A Research Methods").
        if (line.runIn || isNumberedHeadingText(next.text)) break;
        end++;
      }
      const lineCount = end - index + 1;
      const lastLine = page.lines[end];
      // Several lines of large text, or a run ending like a sentence, is a lead paragraph, not a title.
      const closes = line.runIn || !endsLikeProse(lastLine?.text ?? "") || isNamed(line, body);
      if (lineCount <= MAX_HEADING_LINES && lastLine && closes) {
        found.push({ pageIndex, start: index, end, style: styleOf(line), size: line.size, bold: line.bold });
      }
      index = end + 1;
    }
  });
  // Within one style, numbering tells the levels apart ("2 Rivers", "2.1 Dikes" set alike).
  const depthOf = (heading: (typeof found)[number]) =>
    NUMBERED.exec(pages[heading.pageIndex]?.lines[heading.start]?.text ?? "")?.[1]?.split(".").length;
  const shallowest = new Map<string, number>();
  for (const heading of found) {
    const depth = depthOf(heading);
    if (depth) shallowest.set(heading.style, Math.min(depth, shallowest.get(heading.style) ?? depth));
  }
  // Between two numbered styles the numbering is the author's own order ("1 INTRODUCTION" in small
  // capitals over "2.1 A simplified notation" in bold); otherwise larger type ranks by size, and at
  // about the body's size bold ranks above capitals, italics, run-in.
  const byNumbering = (p: string, q: string) => {
    const [depthP, depthQ] = [shallowest.get(p), shallowest.get(q)];
    return depthP !== undefined && depthQ !== undefined ? depthP - depthQ : 0;
  };
  const sizeRank = (size: number) => (size >= body.size * LARGER ? size : 0);
  const styles = [...new Map(found.map((heading) => [heading.style, heading])).values()]
    .sort(
      (p, q) =>
        byNumbering(p.style, q.style) ||
        sizeRank(q.size) - sizeRank(p.size) ||
        emphasisRank(q.style) - emphasisRank(p.style) ||
        q.size - p.size,
    )
    .map((heading) => heading.style);
  for (const heading of found) {
    const deeper = (depthOf(heading) ?? 0) - (shallowest.get(heading.style) ?? 0);
    const level = Math.min(6, styles.indexOf(heading.style) + 1 + Math.max(0, deeper));
    const start = chapterNumberAbove(
      pages[heading.pageIndex],
      layouts[heading.pageIndex],
      heading.start,
      body,
    );
    layouts[heading.pageIndex]?.headings.set(start, { level, end: heading.end });
  }
}

const CHAPTER_NUMBER = /^(?:\d{1,2}|[IVXLC]{1,6})$/;

/**
 * A book's chapter sets its number large on a line of its own over the title ("2" / "Een werkomgeving
 * opzetten"): that line opens the heading, "2 Een werkomgeving opzetten", instead of standing as text.
 */
function chapterNumberAbove(
  page: PdfPage | undefined,
  layout: PageLayout | undefined,
  start: number,
  body: BodyStyle,
): number {
  const number = page?.lines[start - 1];
  const title = page?.lines[start];
  if (!number || !title || layout?.furniture.has(start - 1) || layout?.roles.has(start - 1)) return start;
  const close = number.y - title.y < number.size * 3 && number.column.id === title.column.id;
  return CHAPTER_NUMBER.test(number.text) && number.size >= body.size * LARGER && close ? start - 1 : start;
}

/**
 * Paragraph starts. Within a column, a paragraph starts at a gap clearly wider than the usual line
 * spacing, at a first line set in from the column's edge, or at a list item; the lines a bullet wraps
 * onto are set in too (a hanging indent) and go on with their item. Where the text goes on in the next
 * column, or past a caption, footnote or furniture, only a first line set in (or a list item) starts a
 * paragraph: the gap there says nothing, and a sentence often runs on.
 */
function markParagraphs(pages: readonly PdfPage[], layouts: PageLayout[], body: BodyStyle) {
  pages.forEach((page, pageIndex) => {
    const layout = layouts[pageIndex];
    if (!layout) return;
    const inHeading = new Set<number>();
    for (const [start, { end }] of layout.headings)
      for (let line = start; line <= end; line++) inHeading.add(line);
    const skipped = (index: number) => layout.furniture.has(index) || isAside(layout.roles.get(index));
    const isText = (index: number) =>
      !skipped(index) && !inHeading.has(index) && !isNonBody(layout.roles.get(index));
    const margins = columnMargins(page.lines, isText);
    let previous = -1;
    page.lines.forEach((line, index) => {
      if (skipped(index)) return;
      const before = previous;
      previous = index;
      const last = page.lines[before];
      if (!last || !isText(index) || !isText(before)) return;
      const margin = margins.get(line.column.id) ?? line.x;
      const setIn = (candidate: PdfLine) => {
        const indent = candidate.x - (margins.get(candidate.column.id) ?? candidate.x);
        return indent >= candidate.size * INDENT_EM && indent <= candidate.size * MAX_INDENT_EM;
      };
      // An item opens a paragraph; a dash that goes on with a sentence has no list role (pdf-roles.ts).
      const listItem = opensListItem(line) && layout.roles.get(index) === "list";
      const indented = setIn(line) && line.x - margin >= 0;
      const inFlow = before === index - 1 && last.column.id === line.column.id;
      // The rest of a line whose lead was read apart goes on with it (same baseline).
      if (inFlow && Math.abs(last.y - line.y) < 0.5) return;
      // A line set in under one that broke off in mid-sentence is the item's wrapped text under a hanging
      // label ("Realistisch Is … Is de moeilijk-" / "heidsgraad van …"), not a first line.
      const indentOpens = indented && endsClause(last.text);
      const opens = inFlow
        ? last.y - line.y > body.leading * 1.35 || (indentOpens && !setIn(last) && !opensListItem(last))
        : indentOpens && layout.roles.get(before) !== "list";
      if (opens || listItem) layout.paragraphs.add(index);
    });
  });
}

/** The left edge of each column: where most of its text lines start. */
function columnMargins(lines: readonly PdfLine[], isText: (index: number) => boolean): Map<number, number> {
  const starts = new Map<number, Map<number, number>>();
  lines.forEach((line, index) => {
    if (!isText(index)) return;
    const column = starts.get(line.column.id) ?? new Map<number, number>();
    const x = Math.round(line.x);
    column.set(x, (column.get(x) ?? 0) + line.text.length);
    starts.set(line.column.id, column);
  });
  const margins = new Map<number, number>();
  for (const [column, counts] of starts) {
    const common = [...counts].sort((p, q) => q[1] - p[1])[0]?.[0] ?? 0;
    // A column of many first lines set in still has its edge where its other lines start.
    const edge = Math.min(...[...counts.keys()].filter((x) => x >= common - 1.5 && x <= common + 1.5));
    margins.set(column, Math.min(edge, common));
  }
  return margins;
}
