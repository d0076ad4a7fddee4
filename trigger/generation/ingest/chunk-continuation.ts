import type { Language } from "../text/language.ts";
import { joinAcrossLines, tightJoin } from "./hyphenation.ts";
import { endsClause, isAside, isNonBody, type PageLayout } from "./layout.ts";

/**
 * Sentences cut by a page break (docs/ingestion.md, "Sentences across pages"). A reader steps over the
 * page's furniture, footnotes and captions and reads on at the top of the next page; ingestion decides
 * here, from both pages' layouts, whether the text does run on, and how the two lines meet.
 */

/** A page as ingestion read it: its lines and their layout. */
export interface ReadPage {
  lines: readonly string[];
  layout: PageLayout;
}

/** How the last line of one page meets the first of the next: a space, or a broken word's join. */
export interface PageRunOn {
  /** The last line of the page before (a body line, in reading order). */
  from: number;
  /** The first body line of the next page, which goes on with that line's sentence. */
  to: number;
  /** As a line join: undefined is a space, true keeps the hyphen ("well-" + "known"), false drops it. */
  hyphen?: boolean;
}

/** Lines set beside the running text or outside it, which a reader steps over between two pages. */
function steppedOver(layout: PageLayout, line: number): boolean {
  return layout.furniture.has(line) || isAside(layout.roles.get(line));
}

function inHeading(layout: PageLayout, line: number): boolean {
  for (const [start, { end }] of layout.headings) if (line >= start && line <= end) return true;
  return false;
}

/** The page's last line in reading order that is not furniture, a caption or a footnote. */
export function lastReadLine(page: ReadPage): number | undefined {
  for (let line = page.lines.length - 1; line >= 0; line--)
    if (page.lines[line] !== "" && !steppedOver(page.layout, line)) return line;
  return undefined;
}

/** The page's first line in reading order that is not furniture, a caption or a footnote. */
export function firstReadLine(page: ReadPage): number | undefined {
  for (let line = 0; line < page.lines.length; line++)
    if (page.lines[line] !== "" && !steppedOver(page.layout, line)) return line;
  return undefined;
}

/** Running text a sentence can be part of: no heading, table row, reference or code line. */
function isProse(page: ReadPage, line: number): boolean {
  const role = page.layout.roles.get(line);
  return !inHeading(page.layout, line) && !isNonBody(role) && role !== "toc";
}

/**
 * Whether the text at the foot of `before` goes on at the top of `after`, and how the lines meet. No run-on
 * when either line is a heading, a table row, a reference or code; when the page ends a sentence (or a
 * clause before a list); or when the next page opens a paragraph (an indent, a list item). Furniture,
 * captions and footnotes in between are stepped over, as within a page. A word broken at the page end
 * ("com-" / "prise") is joined by the document's spelling and the language's rules, as at a line end.
 */
export function pageRunOn(
  before: ReadPage,
  after: ReadPage,
  language: Language,
  vocabulary: ReadonlySet<string>,
  dictionary?: ReadonlySet<string>,
): PageRunOn | null {
  const from = lastReadLine(before);
  const to = firstReadLine(after);
  if (from === undefined || to === undefined) return null;
  const last = before.lines[from] ?? "";
  const first = after.lines[to] ?? "";
  if (!isProse(before, from) || !isProse(after, to)) return null;
  if (endsClause(last) || after.layout.paragraphs.has(to)) return null;
  if (after.layout.roles.get(to) === "list" && before.layout.roles.get(from) !== "list") return null;
  const join = joinAcrossLines(last, first, language, vocabulary, dictionary) ?? tightJoin(last, first);
  return join ? { from, to, hyphen: join.hyphen } : { from, to };
}
