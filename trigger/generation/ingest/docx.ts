import JSZip from "jszip";
import mammoth from "mammoth";
import { codeRuns } from "./code-lines.ts";
import { markFrontMatter } from "./front-matter.ts";
import { emptyLayout, type LineRole, type PageLayout } from "./layout.ts";
import { normalizeLine } from "./lines.ts";
import {
  headingKind,
  headingStyleLevel,
  isCaptionStyle,
  isCaptionText,
  isListText,
  isTocEntry,
  isTocStyle,
  referenceShape,
} from "./non-body.ts";
import { attributesOf, child, childrenNamed, childrenOf, nameOf, parseXml, type XmlNode } from "./xml.ts";

/**
 * A Word document as lines: one line per paragraph (a manual line break starts another line of the same
 * paragraph) and a blank line between paragraphs, each table row one line, and the notes the text refers
 * to at the end. Headings come from the document's styles and outline levels, or, in a document without
 * any, from short paragraphs set in bold or larger type. Captions, notes, tables, contents, lists and
 * reference lists get their line role (docs/ingestion.md, "Word").
 */
export async function readDocx(bytes: Uint8Array): Promise<{ lines: string[]; layout: PageLayout }> {
  const buffer = Buffer.from(bytes);
  const [document, styles] = await Promise.all([readModel(buffer), readStyles(buffer)]);
  const notes = new NoteCollector(document.notes);
  const blocks = blocksOf(document.children, { styles, notes });
  classify(blocks, styles);
  const read = emit(blocks, notes.blocks({ styles, notes }));
  // The author block under the title (names, affiliations, e-mail addresses) is a plain paragraph.
  markFrontMatter(read.lines, read.layout);
  return read;
}

// ---------------------------------------------------------------------------------------------------
// mammoth's document model (the part read here), captured through its transformDocument hook.

interface ModelElement {
  type: string;
  children?: ModelElement[];
  value?: string;
  styleId?: string | null;
  styleName?: string | null;
  numbering?: unknown;
  isBold?: boolean;
  fontSize?: number | null;
  verticalAlignment?: string;
  breakType?: string;
  noteType?: "footnote" | "endnote";
  noteId?: string;
  anchor?: string;
  body?: ModelElement[];
}

interface ModelDocument {
  children: ModelElement[];
  notes: { findNoteByKey(key: string): ModelElement | null };
}

async function readModel(buffer: Buffer): Promise<ModelDocument> {
  let document: ModelDocument | null = null;
  await mammoth.convertToHtml({ buffer }, {
    transformDocument: (element: ModelDocument) => {
      document = element;
      return element;
    },
    // The HTML is not used: skip encoding every image.
    convertImage: mammoth.images.imgElement(() => Promise.resolve({ src: "" })),
  } as Parameters<typeof mammoth.convertToHtml>[1]);
  if (!document) throw new Error("the document has no body");
  return document;
}

// ---------------------------------------------------------------------------------------------------
// What mammoth leaves out: outline levels (of a style or a paragraph) and formatting set by a style.

interface StyleInfo {
  name: string | null;
  basedOn: string | null;
  outline: number | null;
  bold: boolean | null;
  size: number | null;
}

interface Styles {
  byId: Map<string, StyleInfo>;
  /** The document's default text size in points (Word's own default is 10 pt). */
  defaultSize: number;
  /** The style of a paragraph that names none ("Normal"). */
  defaultParagraphStyle: string | null;
  /** Paragraphs with an outline level of their own, in document order, to be matched by their text. */
  outlined: Array<{ text: string; level: number }>;
}

const WORD_DEFAULT_SIZE = 10;

async function readStyles(buffer: Buffer): Promise<Styles> {
  const styles: Styles = {
    byId: new Map(),
    defaultSize: WORD_DEFAULT_SIZE,
    defaultParagraphStyle: null,
    outlined: [],
  };
  const zip = await JSZip.loadAsync(buffer).catch(() => null);
  if (!zip) return styles;
  const stylesXml = await zip.file("word/styles.xml")?.async("string");
  if (stylesXml) {
    const root = parseXml(stylesXml).find((node) => nameOf(node) === "w:styles");
    const defaults = child(child(child(root, "w:docDefaults"), "w:rPrDefault"), "w:rPr");
    styles.defaultSize = sizeOf(defaults) ?? WORD_DEFAULT_SIZE;
    for (const style of root ? childrenNamed(root, "w:style") : []) {
      const { "w:styleId": id, "w:type": type, "w:default": isDefault } = attributesOf(style);
      if (id) styles.byId.set(id, styleInfo(style));
      if (id && type === "paragraph" && /^(1|true|on)$/.test(isDefault ?? ""))
        styles.defaultParagraphStyle = id;
    }
  }
  const documentXml = await zip.file("word/document.xml")?.async("string");
  // Parsing the body a second time is only worth it when some paragraph sets its own outline level.
  if (documentXml && /<w:pPr>(?:(?!<\/w:pPr>).)*<w:outlineLvl/s.test(documentXml)) {
    styles.outlined = outlinedParagraphs(parseXml(documentXml));
  }
  return styles;
}

function styleInfo(style: XmlNode): StyleInfo {
  const value = (node: XmlNode | undefined) => (node ? (attributesOf(node)["w:val"] ?? null) : null);
  const outline = value(child(child(style, "w:pPr"), "w:outlineLvl"));
  const bold = child(child(style, "w:rPr"), "w:b");
  return {
    name: value(child(style, "w:name")),
    basedOn: value(child(style, "w:basedOn")),
    outline: outline === null ? null : Number(outline),
    bold: bold ? !/^(0|false|off)$/.test(value(bold) ?? "") : null,
    size: sizeOf(child(style, "w:rPr")),
  };
}

/** A run's size in points (w:sz is in half points). */
function sizeOf(runProperties: XmlNode | undefined): number | null {
  const value = attributesOf(child(runProperties, "w:sz") ?? {})["w:val"];
  return value && /^\d+$/.test(value) ? Number(value) / 2 : null;
}

/** A style's own setting, or the one it inherits through w:basedOn. */
function inherited<K extends "outline" | "bold" | "size">(
  styles: Styles,
  styleId: string | null | undefined,
  key: K,
): StyleInfo[K] | null {
  const seen = new Set<string>();
  for (let id = styleId; id && !seen.has(id); id = styles.byId.get(id)?.basedOn) {
    seen.add(id);
    const setting = styles.byId.get(id)?.[key];
    if (setting !== null && setting !== undefined) return setting;
  }
  return null;
}

/** Paragraphs whose own pPr sets an outline level (0–8), read in the order mammoth reads them. */
function outlinedParagraphs(nodes: readonly XmlNode[]): Array<{ text: string; level: number }> {
  const found: Array<{ text: string; level: number }> = [];
  const visit = (node: XmlNode) => {
    const name = nameOf(node);
    // mammoth reads the VML fallback of an mc:AlternateContent; the same text is in both.
    if (name === "mc:Choice") return;
    if (name !== "w:p") {
      for (const inner of childrenOf(node)) visit(inner);
      return;
    }
    const level = attributesOf(child(child(node, "w:pPr"), "w:outlineLvl") ?? {})["w:val"];
    if (level !== undefined && Number(level) < 9) {
      found.push({ text: normalizeLine(runText(node)), level: Number(level) });
    }
    // Text boxes anchored in the paragraph come after it, as mammoth puts them.
    for (const inner of childrenOf(node)) if (nameOf(inner) !== "w:pPr") visitShapes(inner);
  };
  const visitShapes = (node: XmlNode) => {
    if (nameOf(node) === "w:txbxContent") for (const inner of childrenOf(node)) visit(inner);
    else if (nameOf(node) !== "mc:Choice") for (const inner of childrenOf(node)) visitShapes(inner);
  };
  for (const node of nodes) visit(node);
  return found;
}

/** The text of a paragraph's own runs, leaving out text boxes anchored in it. */
function runText(node: XmlNode): string {
  const name = nameOf(node);
  if (name === "w:t")
    return childrenOf(node)
      .map((text) => String(text["#text"] ?? ""))
      .join("");
  if (name === "w:tab") return " ";
  if (name === "w:txbxContent" || name === "mc:Choice" || name === "w:pPr") return "";
  return childrenOf(node).map(runText).join("");
}

// ---------------------------------------------------------------------------------------------------
// Blocks: a paragraph, or a table's rows (one line per row, no blank line between them), with what the
// document says about them.

interface Block {
  lines: string[];
  styleName: string | null;
  /** From a Heading or Title style, or an outline level. */
  styled: number | "title" | null;
  numbered: boolean;
  /** Every letter in bold; the smallest size of its letters (null when unknown). */
  bold: boolean;
  size: number | null;
  /** Its letters by size, to find the body text's size. */
  sizes: Map<number, number>;
  tocLink: boolean;
  role: LineRole | null;
  heading: number | null;
  /** A bold title set on the paragraph's first line, its text after a line break ("What Not To Do"). */
  runIn?: boolean;
}

interface ReadContext {
  styles: Styles;
  notes: NoteCollector;
}

function blocksOf(elements: readonly ModelElement[], context: ReadContext): Block[] {
  return elements.flatMap((element) => {
    if (element.type === "paragraph") return paragraphBlock(element, context);
    if (element.type === "table") return tableBlocks(element, context);
    return blocksOf(element.children ?? [], context);
  });
}

interface TextState {
  lines: string[];
  text: string;
  letters: number;
  boldLetters: number;
  sizes: Map<number, number>;
  tocLink: boolean;
  /** Per line read so far: every letter of it in bold. */
  boldLines: boolean[];
  lineLetters: number;
  lineBoldLetters: number;
}

function paragraphBlock(paragraph: ModelElement, context: ReadContext): Block[] {
  const { styles } = context;
  const state: TextState = {
    lines: [],
    text: "",
    letters: 0,
    boldLetters: 0,
    sizes: new Map(),
    tocLink: false,
    boldLines: [],
    lineLetters: 0,
    lineBoldLetters: 0,
  };
  const style = paragraph.styleId ?? styles.defaultParagraphStyle;
  const paragraphBold = inherited(styles, style, "bold") ?? false;
  const paragraphSize = inherited(styles, style, "size") ?? styles.defaultSize;
  readInline(paragraph.children ?? [], state, context, { bold: paragraphBold, size: paragraphSize });
  endLine(state);
  if (state.lines.length === 0) return [];
  const styleLevel = headingStyleLevel(paragraph.styleName ?? null);
  const outline = inherited(styles, paragraph.styleId, "outline");
  const direct = matchOutlined(styles.outlined, state.lines.join(" "));
  const level = direct ?? (outline !== null && outline < 9 ? outline + 1 : null);
  const sizes = [...state.sizes.keys()];
  const block: Block = {
    lines: state.lines,
    styleName: paragraph.styleName ?? null,
    styled: styleLevel ?? level,
    numbered: Boolean(paragraph.numbering),
    bold: state.letters > 0 && state.boldLetters === state.letters,
    size: sizes.length > 0 ? Math.min(...sizes) : null,
    sizes: state.sizes,
    tocLink: state.tocLink,
    role: null,
    heading: null,
  };
  return isRunInTitle(state) ? splitRunInTitle(block) : [block];
}

/** Longer than this, a bold first line is a sentence set in bold, not a title. */
const RUN_IN_MAX_WORDS = 8;

/**
 * A paragraph that opens with a short bold line and goes on after a line break ("What Not To Do" ⏎ "We
 * recommend against …", a box's title in the paragraph itself): the title is no part of the sentence.
 */
function isRunInTitle(state: TextState): boolean {
  const [first = "", second] = state.lines;
  return (
    second !== undefined &&
    state.boldLines[0] === true &&
    state.boldLines.slice(1).some((bold) => !bold) &&
    first.split(/\s+/u).length <= RUN_IN_MAX_WORDS &&
    !/[.,;:!?]$/u.test(first)
  );
}

/** The title as a block of its own (the paragraph's numbering stays with its text), then the text. */
function splitRunInTitle(block: Block): Block[] {
  const [title = "", ...text] = block.lines;
  return [
    { ...block, lines: [title], numbered: false, bold: true, runIn: true },
    { ...block, lines: text, bold: false },
  ];
}

/** The outline level of a paragraph that sets its own, found by its text among the next few. */
function matchOutlined(outlined: Array<{ text: string; level: number }>, text: string): number | null {
  const LOOKAHEAD = 4;
  const index = outlined.slice(0, LOOKAHEAD).findIndex((entry) => entry.text === text);
  if (index < 0) return null;
  const [entry] = outlined.splice(0, index + 1).slice(-1);
  return entry ? entry.level + 1 : null;
}

interface Inherited {
  bold: boolean;
  size: number | null;
}

function readInline(
  elements: readonly ModelElement[],
  state: TextState,
  context: ReadContext,
  from: Inherited,
) {
  for (const element of elements) {
    switch (element.type) {
      case "run": {
        if (isNoteMarkStyle(element.styleName)) {
          // A mark typed in the note reference style is dropped like Word's own; its note is kept.
          for (const inner of element.children ?? [])
            if (inner.type === "noteReference") context.notes.refer(inner);
          state.text += DROPPED_MARK;
          break;
        }
        const bold = element.isBold || (inherited(context.styles, element.styleId, "bold") ?? from.bold);
        const size = element.fontSize ?? inherited(context.styles, element.styleId, "size") ?? from.size;
        if (element.verticalAlignment === "superscript" && isTypedNoteMark(element, state.text)) {
          state.text += DROPPED_MARK;
          break;
        }
        readInline(element.children ?? [], state, context, { bold, size });
        break;
      }
      case "text":
        addText(state, element.value ?? "", from);
        break;
      case "tab":
        state.text += "\t";
        break;
      case "break":
        if (element.breakType === "line") endLine(state);
        break;
      case "noteReference":
        // The note's number would break the sentence it sits in; the note itself goes to the end.
        context.notes.refer(element);
        state.text += DROPPED_MARK;
        break;
      case "hyperlink":
        if (element.anchor?.startsWith("_Toc")) state.tocLink = true;
        readInline(element.children ?? [], state, context, from);
        break;
      default:
        readInline(element.children ?? [], state, context, from);
    }
  }
}

function addText(state: TextState, text: string, { bold, size }: Inherited) {
  const letters = text.replace(/\s/g, "").length;
  state.text += text;
  state.letters += letters;
  state.lineLetters += letters;
  if (bold) {
    state.boldLetters += letters;
    state.lineBoldLetters += letters;
  }
  if (size !== null && letters > 0) state.sizes.set(size, (state.sizes.get(size) ?? 0) + letters);
}

/**
 * Where a note mark was taken out. A mark set after a space ("Kinesis ¹.") takes that space along when
 * punctuation follows, so the sentence reads "Kinesis." as it would without the note.
 */
const DROPPED_MARK = "\uE001";
const MARK_BEFORE_PUNCTUATION = /\s*\uE001(?=\s*[.,;:!?)\]])/g;

function endLine(state: TextState) {
  const line = normalizeLine(state.text.replace(MARK_BEFORE_PUNCTUATION, "").replaceAll(DROPPED_MARK, ""));
  state.text = "";
  if (line) {
    state.lines.push(line);
    state.boldLines.push(state.lineLetters > 0 && state.lineBoldLetters === state.lineLetters);
  }
  state.lineLetters = 0;
  state.lineBoldLetters = 0;
}

/** A run in Word's footnote or endnote reference style: a note mark typed or left behind. */
function isNoteMarkStyle(styleName: string | null | undefined): boolean {
  return /^(footnote|endnote) reference$|^(voetnootverwijzing|eindnootverwijzing)$/i.test(styleName ?? "");
}

/** A note number typed by hand in superscript after a word or a full stop ("dijken.3", "dijken3"). */
function isTypedNoteMark(run: ModelElement, before: string): boolean {
  const text = (run.children ?? []).map((inner) => inner.value ?? "").join("");
  // "km2" after a unit stays: only a mark after punctuation, or a number with a comma or dash.
  return /^\s*\d{1,3}([,–-]\d{1,3})*\s*$/.test(text) && /[.,;:!?)”"’]$/.test(before);
}

/**
 * A table: one line per row, its cells joined with " | ". A table of one column, or one whose cells hold
 * whole passages, is a frame around text (a box, a two-column layout): its paragraphs are read as text.
 */
function tableBlocks(table: ModelElement, context: ReadContext): Block[] {
  const rows = (table.children ?? []).filter((row) => row.type === "tableRow");
  const cells = rows.map((row) => (row.children ?? []).filter((cell) => cell.type === "tableCell"));
  const columns = Math.max(0, ...cells.map((row) => row.length));
  const cellBlocks = cells.map((row) => row.map((cell) => blocksOf(cell.children ?? [], context)));
  const words = cellBlocks.flat().map((blocks) =>
    blocks
      .flatMap((block) => block.lines)
      .join(" ")
      .split(" "),
  );
  const passages = words.filter((cellWords) => cellWords.length > MAX_TABLE_CELL_WORDS).length;
  if (columns <= 1 || passages * 2 > words.length) return cellBlocks.flat(2);
  const lines = cellBlocks
    .map((row) =>
      row
        .map((blocks) => blocks.flatMap((block) => block.lines).join(" "))
        .filter((text) => text !== "")
        .join(" | "),
    )
    .filter((line) => line !== "");
  if (lines.length === 0) return [];
  return [
    {
      lines,
      styleName: table.styleName ?? null,
      styled: null,
      numbered: false,
      bold: false,
      size: null,
      sizes: new Map(),
      tocLink: false,
      role: "table",
      heading: null,
    },
  ];
}
const MAX_TABLE_CELL_WORDS = 40;

// ---------------------------------------------------------------------------------------------------
// Notes: the text keeps none of their marks; each note referred to is a paragraph at the end.

class NoteCollector {
  private readonly order: ModelElement[] = [];
  private readonly seen = new Set<string>();
  constructor(private readonly notes: ModelDocument["notes"]) {}

  refer(reference: ModelElement) {
    const key = `${reference.noteType}-${reference.noteId}`;
    const note = this.notes.findNoteByKey(key);
    if (note && !this.seen.has(key)) {
      this.seen.add(key);
      this.order.push(note);
    }
  }

  /** Footnotes, then endnotes, each numbered as Word shows them (in the order the text refers to them). */
  blocks(context: ReadContext): Block[] {
    const numbers = { footnote: 0, endnote: 0 };
    const sorted = [
      ...this.order.filter((note) => note.noteType === "footnote"),
      ...this.order.filter((note) => note.noteType === "endnote"),
    ];
    return sorted.flatMap((note) => {
      const kind = note.noteType === "endnote" ? "endnote" : "footnote";
      numbers[kind] += 1;
      const blocks = blocksOf(note.body ?? [], context);
      const first = blocks[0];
      if (first) first.lines[0] = `${numbers[kind]} ${first.lines[0]}`;
      for (const block of blocks) Object.assign(block, { role: "footnote", styled: null });
      return blocks;
    });
  }
}

// ---------------------------------------------------------------------------------------------------
// Roles and headings.

const MAX_HEADING_WORDS = 14;
const RUN_IN_LEVEL = 6;
const LARGER = 1.15;

function classify(blocks: Block[], styles: Styles) {
  for (const block of blocks) block.role ??= ownRole(block);
  const styled = blocks.some((block) => typeof block.styled === "number" && block.role === null);
  const hasTitle = blocks.some((block) => block.styled === "title" && block.role === null);
  for (const block of blocks) {
    if (block.role !== null || block.styled === null) continue;
    block.heading = block.styled === "title" ? 1 : Math.min(6, block.styled + (hasTitle ? 1 : 0));
  }
  // A paragraph's own title is below every heading the document sets: a subtopic at most.
  for (const block of blocks) if (block.runIn && block.role === null) block.heading = RUN_IN_LEVEL;
  // Many teachers never use Heading styles and set a heading as a short paragraph in bold or larger.
  if (!styled) formattingHeadings(blocks, hasTitle, bodySize(blocks, styles));
  markNamedBlocks(blocks);
  markCodeListings(blocks);
}

/**
 * A listing set in the body style (no code style or monospace face to go by) is code, not prose: a run
 * of paragraphs whose every line reads as code (`codeRuns`), such as a script in a published Word
 * file's appendix that was read as sentences and slides.
 */
function markCodeListings(blocks: Block[]) {
  const plain = (block: Block) => (block.role === null || block.role === "list") && block.heading === null;
  // A heading, table or note between two paragraphs ends a run: it stands in as a line of no code.
  const lines = blocks.flatMap((block) => (plain(block) ? block.lines : [""]));
  const code = codeRuns(lines);
  let first = 0;
  for (const block of blocks) {
    const count = plain(block) ? block.lines.length : 1;
    const own = Array.from({ length: count }, (_, offset) => first + offset);
    if (plain(block) && count > 0 && own.every((index) => code.has(index))) block.role = "code";
    first += count;
  }
}

/** What a block is by its own style and words, before its neighbours are looked at. */
function ownRole(block: Block): LineRole | null {
  const text = block.lines.join(" ");
  if (block.tocLink || isTocStyle(block.styleName)) return "toc";
  if (isCaptionStyle(block.styleName)) return "caption";
  if (block.styled !== null) return null;
  if (isCaptionText(text)) return "caption";
  if (referenceShape(text) === "strong") return "reference";
  if (block.numbered || isListText(text)) return "list";
  return null;
}

/** The size most letters of the text have. */
function bodySize(blocks: readonly Block[], styles: Styles): number {
  const letters = new Map<number, number>();
  for (const block of blocks)
    for (const [size, count] of block.sizes) letters.set(size, (letters.get(size) ?? 0) + count);
  const [top] = [...letters].sort((a, b) => b[1] - a[1]);
  return top?.[0] ?? styles.defaultSize;
}

function formattingHeadings(blocks: readonly Block[], hasTitle: boolean, body: number) {
  const large = (block: Block) => block.size !== null && block.size >= body * LARGER;
  const candidates = blocks.filter((block) => {
    const text = block.lines.join(" ");
    return (
      (block.role === null || block.role === "list") &&
      block.heading === null &&
      (block.bold || large(block)) &&
      text.split(" ").length <= MAX_HEADING_WORDS &&
      !/[.,;:]$/.test(text)
    );
  });
  // The larger the type, the higher the heading; bold at the text's size comes last.
  const sizes = [...new Set(candidates.map((block) => (large(block) ? (block.size ?? 0) : 0)))].sort(
    (a, b) => b - a,
  );
  for (const block of candidates) {
    const rank = sizes.indexOf(large(block) ? (block.size ?? 0) : 0);
    block.role = null;
    block.heading = Math.min(6, rank + 1 + (hasTitle ? 1 : 0));
  }
}

const LOOSE_SHARE = 0.5;

/**
 * A heading (or a short paragraph on its own) named "Literatuur", "Noten" or "Inhoud" opens a reference
 * list, notes or a table of contents. When most of what follows it, up to the next heading of its level,
 * has the shape of such entries, every block of it gets that role, the heading included: it must not
 * become a section.
 */
function markNamedBlocks(blocks: Block[]) {
  blocks.forEach((block, index) => {
    if (block.role !== null && block.role !== "list") return;
    if (block.lines.length !== 1) return;
    const kind = headingKind(block.lines[0] ?? "");
    // An abstract is prose to read, whatever its shape.
    if (!kind || kind === "abstract") return;
    const extent = extentAfter(blocks, index);
    if (kind === "toc") {
      const entries = extent.filter((entry) => entry.role === "toc" || isTocEntry(entry.lines.join(" ")));
      if (entries.length === 0 && extent.length > 0) return;
      block.role = "toc";
      block.heading = null;
      for (const entry of extent) {
        if (entry.role !== "toc" && !isTocEntry(entry.lines.join(" "))) break;
        entry.role = "toc";
        entry.heading = null;
      }
      return;
    }
    // An entry has a mark of a reference, or is a numbered note under "Noten", or is a list item that
    // names a work without being a sentence ("AP-advies geautomatiseerde besluitvorming").
    const looksRight = (entry: Block) => {
      const text = entry.lines.join(" ");
      return (
        referenceShape(text) !== null ||
        (kind === "notes" && /^\[?\d{1,3}[\].)]?\s/.test(text)) ||
        (entry.role === "list" && !/[.!?:]$/.test(text))
      );
    };
    // A reference heading with nothing under it ("Primary sources" right above "Secondary sources") is no
    // section either.
    const prose = extent.filter((entry) => entry.heading === null);
    if (prose.filter(looksRight).length < prose.length * LOOSE_SHARE) return;
    for (const entry of [block, ...extent]) {
      entry.role = "reference";
      entry.heading = null;
    }
  });
}

/** The blocks after a heading up to the next heading of the same or a higher level. */
function extentAfter(blocks: readonly Block[], index: number): Block[] {
  const level = blocks[index]?.heading ?? Number.POSITIVE_INFINITY;
  const extent: Block[] = [];
  for (const block of blocks.slice(index + 1)) {
    if (block.heading !== null && block.heading <= level) break;
    if (block.role === "footnote") break;
    extent.push(block);
  }
  return extent;
}

// ---------------------------------------------------------------------------------------------------

function emit(blocks: readonly Block[], notes: readonly Block[]): { lines: string[]; layout: PageLayout } {
  const lines: string[] = [];
  const layout = emptyLayout();
  for (const block of [...blocks, ...notes]) {
    if (lines.length > 0) lines.push("");
    const start = lines.length;
    lines.push(...block.lines);
    if (block.heading !== null) layout.headings.set(start, { level: block.heading, end: lines.length - 1 });
    else if (block.role !== null)
      for (let line = start; line < lines.length; line++) layout.roles.set(line, block.role);
  }
  return { lines, layout };
}
