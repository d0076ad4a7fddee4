import path from "node:path";
import JSZip from "jszip";
import { isMonospaceFace } from "./fonts.ts";
import { markTitleSlide } from "./front-matter.ts";
import { emptyLayout, type PageLayout } from "./layout.ts";
import { normalizeLine } from "./lines.ts";
import {
  attributesOf,
  child,
  childrenNamed,
  childrenOf,
  descendant,
  descendants,
  nameOf,
  ownText,
  parseXml,
  type XmlNode,
} from "./xml.ts";

/** One slide as a page: its title, its text in reading order, then its speaker notes. */
export interface SlidePage {
  page_number: number;
  lines: string[];
  layout: PageLayout;
}

/** A file that is not a readable PowerPoint presentation; the message is meant for the learner. */
export class PptxError extends Error {
  override readonly name = "PptxError";
}

/** A paragraph as its lines (a line break inside a paragraph starts a new line). */
interface Paragraph {
  lines: string[];
  /** Most of its text is set in a monospace face: a code listing, not prose. */
  code: boolean;
}

interface Shape {
  /** Placeholder type (`title`, `ctrTitle`, `body`, …) or null for a text box, table or picture. */
  placeholder: string | null;
  x: number;
  y: number;
  paragraphs: Paragraph[];
}

interface Slide {
  title: string[];
  titleType: string | null;
  /** Set in PowerPoint's "Section Header" layout: a divider that opens a part of the deck. */
  sectionHeader: boolean;
  body: Paragraph[];
  notes: Paragraph[];
}

/** A deck with at least this many section-header slides is divided into parts by them. */
const MIN_SECTION_HEADERS = 2;

const TITLE_TYPES = new Set(["title", "ctrTitle"]);
// Placeholders that repeat the slide's furniture rather than its content.
const FURNITURE_TYPES = new Set(["dt", "ftr", "sldNum", "hdr", "sldImg"]);
const REL_SLIDE_LAYOUT = "/slideLayout";
const REL_NOTES = "/notesSlide";

/**
 * Reads a .pptx: every slide becomes a page (page_number = slide number in the deck's order) with its
 * title as a heading, the text of its shapes in reading order (top to bottom, then left to right; each
 * paragraph or bullet a paragraph start), and then its speaker notes, each note paragraph a paragraph
 * start too. Title slides' titles are level 1 and other slides' titles level 2 when the deck has a title
 * slide; otherwise every slide title is level 1. A deck divided into parts by slides in the "Section Header"
 * layout ("Voorbereiding", "Examen afnemen") has those one level above the other slides, so each part is a
 * chapter and its slides are its subtopics. A title slide's subtitle, author and date are front matter.
 */
export async function readPptx(bytes: Uint8Array): Promise<SlidePage[]> {
  const zip = await JSZip.loadAsync(bytes).catch(() => {
    throw new PptxError("the file is damaged, password-protected or not a PowerPoint (.pptx) file");
  });
  const slidePaths = await slideOrder(zip);
  const slides = await Promise.all(slidePaths.map((slidePath) => readSlide(zip, slidePath)));
  const hasTitleSlide = slides.some((slide) => slide.titleType === "ctrTitle");
  const inParts = slides.filter((slide) => slide.sectionHeader).length >= MIN_SECTION_HEADERS;
  const levelOf = (slide: Slide) => {
    if (slide.titleType === "ctrTitle") return 1;
    const top = hasTitleSlide ? 2 : 1;
    return inParts && !slide.sectionHeader ? top + 1 : top;
  };
  return slides.map((slide, index) => slidePage(slide, index + 1, levelOf(slide)));
}

function slidePage(slide: Slide, pageNumber: number, level: number): SlidePage {
  const lines: string[] = [];
  const layout = emptyLayout();
  if (slide.title.length > 0) {
    layout.headings.set(0, { level, end: slide.title.length - 1 });
    lines.push(...slide.title);
  }
  let bodyEnd = 0;
  for (const paragraph of [...slide.body, ...slide.notes]) {
    if (lines.length > 0) layout.paragraphs.add(lines.length);
    if (paragraph.code) {
      for (let line = lines.length; line < lines.length + paragraph.lines.length; line++)
        layout.roles.set(line, "code");
    }
    lines.push(...paragraph.lines);
    if (slide.body.includes(paragraph)) bodyEnd = lines.length;
  }
  if (slide.titleType === "ctrTitle")
    markTitleSlide(
      lines,
      layout,
      Array.from({ length: bodyEnd }, (_, index) => index),
    );
  return { page_number: pageNumber, lines, layout };
}

/** The slides' part names in the order the presentation lists them. */
async function slideOrder(zip: JSZip): Promise<string[]> {
  const presentationPath = "ppt/presentation.xml";
  const presentation = await readPart(zip, presentationPath);
  if (!presentation) throw new PptxError("it is not a PowerPoint (.pptx) presentation");
  const relations = await relationsOf(zip, presentationPath);
  const slideIds = descendants(presentation, "p:sldId");
  return slideIds.flatMap((slideId) => {
    const target = relations.get(attributesOf(slideId)["r:id"] ?? "")?.target;
    return target ? [target] : [];
  });
}

async function readSlide(zip: JSZip, slidePath: string): Promise<Slide> {
  const [slide, relations] = await Promise.all([readPart(zip, slidePath), relationsOf(zip, slidePath)]);
  const layoutPath = [...relations.values()].find((rel) => rel.type.endsWith(REL_SLIDE_LAYOUT))?.target;
  const notesPath = [...relations.values()].find((rel) => rel.type.endsWith(REL_NOTES))?.target;
  const layoutPart = layoutPath ? ((await readPart(zip, layoutPath)) ?? []) : [];
  const layoutPositions = placeholderPositions(layoutPart);
  const layoutType = descendants(layoutPart, "p:sldLayout").map((node) => attributesOf(node).type)[0];
  const shapes = shapesOf(slide ?? [], layoutPositions).filter(
    (shape) => !FURNITURE_TYPES.has(shape.placeholder ?? ""),
  );
  const titleShape = shapes.find((shape) => TITLE_TYPES.has(shape.placeholder ?? ""));
  const body = shapes.filter((shape) => shape !== titleShape).sort(byReadingOrder);
  return {
    title: titleShape?.paragraphs.flatMap((paragraph) => paragraph.lines) ?? [],
    titleType: titleShape?.placeholder ?? null,
    sectionHeader: layoutType === "secHead",
    body: body.flatMap((shape) => shape.paragraphs),
    notes: notesPath ? await readNotes(zip, notesPath) : [],
  };
}

/** The speaker notes: the notes page's body placeholder (not the slide image or the slide number). */
async function readNotes(zip: JSZip, notesPath: string): Promise<Paragraph[]> {
  const notes = (await readPart(zip, notesPath)) ?? [];
  return shapesOf(notes, new Map())
    .filter((shape) => shape.placeholder === "body")
    .flatMap((shape) => shape.paragraphs);
}

/** Top to bottom, then left to right. */
function byReadingOrder(a: Shape, b: Shape): number {
  return a.y - b.y || a.x - b.x;
}

type Positions = Map<string, { x: number; y: number }>;

/**
 * Every text-bearing shape of a slide (groups opened), with its position. A placeholder that does not
 * set its own position takes its layout's, matched by index or type.
 */
function shapesOf(part: readonly XmlNode[], layoutPositions: Positions): Shape[] {
  const tree = descendant(part, "p:spTree");
  return tree ? shapesIn(tree, layoutPositions) : [];
}

function shapesIn(container: XmlNode, layoutPositions: Positions): Shape[] {
  return childrenOf(container).flatMap((node): Shape[] => {
    switch (nameOf(node)) {
      case "p:sp":
        return [textShape(node, layoutPositions)];
      case "p:grpSp":
        return shapesIn(node, layoutPositions);
      case "p:graphicFrame":
        return [tableShape(node)];
      default:
        return [];
    }
  });
}

function textShape(shape: XmlNode, layoutPositions: Positions): Shape {
  const placeholder = child(child(child(shape, "p:nvSpPr"), "p:nvPr"), "p:ph");
  const { type, idx } = placeholder ? attributesOf(placeholder) : {};
  // A placeholder without a type is a body placeholder (ECMA-376 §19.3.1.36).
  const placeholderType = placeholder ? (type ?? "body") : null;
  const own = offsetOf(child(child(shape, "p:spPr"), "a:xfrm"));
  const inherited = layoutPositions.get(`idx:${idx}`) ?? layoutPositions.get(`type:${placeholderType}`);
  const position = own ?? inherited ?? { x: 0, y: Number.MAX_SAFE_INTEGER };
  return { placeholder: placeholderType, ...position, paragraphs: paragraphsOf(child(shape, "p:txBody")) };
}

/** A table: one line per row, its cells' text separated by " | ". */
function tableShape(frame: XmlNode): Shape {
  const position = offsetOf(child(frame, "p:xfrm")) ?? { x: 0, y: Number.MAX_SAFE_INTEGER };
  const table = descendant([frame], "a:tbl");
  const rows = table ? childrenNamed(table, "a:tr") : [];
  const paragraphs = rows.flatMap((row) => {
    const cells = childrenNamed(row, "a:tc").map((cell) =>
      paragraphsOf(child(cell, "a:txBody"))
        .flatMap((paragraph) => paragraph.lines)
        .join(" "),
    );
    const line = cells.filter((cell) => cell !== "").join(" | ");
    return line ? [{ lines: [line], code: false }] : [];
  });
  return { placeholder: null, ...position, paragraphs };
}

/** The placeholders' positions on a slide layout, by `idx:<n>` and by `type:<type>`. */
function placeholderPositions(layout: readonly XmlNode[]): Positions {
  const positions: Positions = new Map();
  for (const shape of descendants(layout, "p:sp")) {
    const placeholder = child(child(child(shape, "p:nvSpPr"), "p:nvPr"), "p:ph");
    const offset = offsetOf(child(child(shape, "p:spPr"), "a:xfrm"));
    if (!placeholder || !offset) continue;
    const { type, idx } = attributesOf(placeholder);
    if (idx !== undefined) positions.set(`idx:${idx}`, offset);
    positions.set(`type:${type ?? "body"}`, offset);
  }
  return positions;
}

function offsetOf(transform: XmlNode | undefined): { x: number; y: number } | null {
  const offset = child(transform, "a:off");
  if (!offset) return null;
  const { x, y } = attributesOf(offset);
  return { x: Number(x) || 0, y: Number(y) || 0 };
}

/**
 * A text body's non-empty paragraphs, each split into lines at its line breaks (`a:br`, and line breaks
 * inside a run's text, which some writers put into speaker notes), and whether it is code: at least half
 * of its letters in runs whose typeface is monospace (a run's `a:rPr/a:latin`).
 */
function paragraphsOf(textBody: XmlNode | undefined): Paragraph[] {
  if (!textBody) return [];
  return childrenNamed(textBody, "a:p").flatMap((paragraph) => {
    let monoLetters = 0;
    let letters = 0;
    const text = childrenOf(paragraph)
      .map((part) => {
        const name = nameOf(part);
        if (name === "a:br") return "\n";
        const run = name === "a:r" || name === "a:fld" ? child(part, "a:t") : undefined;
        const runText = run ? ownText(run) : "";
        const count = runText.replace(/\s/gu, "").length;
        letters += count;
        if (isMonospaceFace(typefaceOf(part))) monoLetters += count;
        return runText;
      })
      .join("");
    const lines = text
      .split(/\r\n|\r|\n|\v/)
      .map(normalizeLine)
      .filter((line) => line !== "");
    return lines.length > 0 ? [{ lines, code: letters > 0 && monoLetters * 2 >= letters }] : [];
  });
}

/** A run's own Latin typeface (`a:rPr/a:latin/@typeface`), or "" when it inherits one. */
function typefaceOf(run: XmlNode): string {
  const latin = child(child(run, "a:rPr"), "a:latin");
  return latin ? (attributesOf(latin).typeface ?? "") : "";
}

interface Relation {
  type: string;
  /** The target's part name inside the package. */
  target: string;
}

/** A part's relationships by id, targets resolved to part names. */
async function relationsOf(zip: JSZip, partPath: string): Promise<Map<string, Relation>> {
  const directory = path.posix.dirname(partPath);
  const relsPath = path.posix.join(directory, "_rels", `${path.posix.basename(partPath)}.rels`);
  const rels = (await readPart(zip, relsPath)) ?? [];
  const relations = new Map<string, Relation>();
  for (const rel of descendants(rels, "Relationship")) {
    const { Id, Type, Target, TargetMode } = attributesOf(rel);
    if (!Id || !Target || TargetMode === "External") continue;
    const target = Target.startsWith("/") ? Target.slice(1) : path.posix.join(directory, Target);
    relations.set(Id, { type: Type ?? "", target });
  }
  return relations;
}

async function readPart(zip: JSZip, partPath: string): Promise<XmlNode[] | null> {
  const file = zip.file(partPath);
  return file ? parseXml(await file.async("string")) : null;
}
