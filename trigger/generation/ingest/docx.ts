import mammoth from "mammoth";
import { emptyLayout, type PageLayout } from "./layout.ts";
import { normalizeLine } from "./lines.ts";

// Word's Title style is the document's title; mammoth maps Heading 1..6 to h1..h6 itself.
const STYLE_MAP = ["p[style-name='Title'] => p.title:fresh"];
const BLOCK = /^<\/?(p|h[1-6]|li|td|th|tr|table|ul|ol|blockquote|div)(\s[^>]*)?>$/;
const MAX_BOLD_HEADING_WORDS = 14;
const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

/**
 * A Word document as lines: one line per paragraph (a manual line break starts another line of the same
 * paragraph) and a blank line between paragraphs, as the raw text reads. Paragraphs in a Heading style
 * become headings of that level; with a Title, the title is level 1 and Heading n is level n + 1. A
 * document without Heading styles often marks its headings by setting a short paragraph all in bold;
 * then those are its headings, one level below the title.
 */
export async function readDocx(bytes: Uint8Array): Promise<{ lines: string[]; layout: PageLayout }> {
  const { value: html } = await mammoth.convertToHtml(
    { buffer: Buffer.from(bytes) },
    { styleMap: STYLE_MAP },
  );
  const lines: string[] = [];
  const headingLines: Array<{ start: number; end: number; level: number | "title" }> = [];
  let text = "";
  let heading: number | "title" | null = null;
  let paragraphStart: number | null = null;
  // Characters of the current paragraph in bold and in all, to find paragraphs set wholly in bold.
  let strong = 0;
  let boldChars = 0;
  let allChars = 0;
  const boldParagraphs: Array<{ start: number; end: number }> = [];
  const endLine = () => {
    const line = normalizeLine(text);
    text = "";
    if (!line) return;
    if (paragraphStart === null) {
      if (lines.length > 0) lines.push("");
      paragraphStart = lines.length;
    }
    lines.push(line);
  };
  const endParagraph = () => {
    endLine();
    if (paragraphStart !== null && heading !== null) {
      headingLines.push({ start: paragraphStart, end: lines.length - 1, level: heading });
    } else if (paragraphStart !== null && allChars > 0 && boldChars === allChars) {
      const paragraph = lines.slice(paragraphStart).join(" ");
      if (paragraph.split(" ").length <= MAX_BOLD_HEADING_WORDS && !/[.,;:]$/.test(paragraph)) {
        boldParagraphs.push({ start: paragraphStart, end: lines.length - 1 });
      }
    }
    paragraphStart = null;
    boldChars = 0;
    allChars = 0;
  };
  for (const token of html.split(/(<[^>]*>)/)) {
    if (!token.startsWith("<")) {
      const decoded = decodeEntities(token);
      const letters = decoded.replace(/\s/g, "").length;
      allChars += letters;
      if (strong > 0) boldChars += letters;
      text += decoded;
      continue;
    }
    if (/^<strong>$/.test(token)) strong++;
    if (/^<\/strong>$/.test(token)) strong = Math.max(0, strong - 1);
    if (/^<br\s*\/?>$/.test(token)) {
      endLine();
      continue;
    }
    const block = BLOCK.exec(token);
    if (!block) {
      // Inline markup (bold, links, images) carries no line structure; a cell or list item boundary does.
      continue;
    }
    endParagraph();
    const closing = token.startsWith("</");
    const headingLevel = /^h([1-6])$/.exec(block[1] ?? "")?.[1];
    if (closing) heading = null;
    else if (headingLevel) heading = Number(headingLevel);
    else if (block[1] === "p" && /class="title"/.test(token)) heading = "title";
    else heading = null;
  }
  endParagraph();
  const hasTitle = headingLines.some((entry) => entry.level === "title");
  if (headingLines.every((entry) => entry.level === "title")) {
    for (const { start, end } of boldParagraphs) headingLines.push({ start, end, level: 1 });
  }
  const layout = emptyLayout();
  for (const { start, end, level } of headingLines) {
    const numeric = level === "title" ? 1 : Math.min(6, level + (hasTitle ? 1 : 0));
    layout.headings.set(start, { level: numeric, end });
  }
  return { lines, layout };
}

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
    if (name.startsWith("#x") || name.startsWith("#X"))
      return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
    if (name.startsWith("#")) return String.fromCodePoint(Number.parseInt(name.slice(1), 10));
    return ENTITIES[name.toLowerCase()] ?? entity;
  });
}
