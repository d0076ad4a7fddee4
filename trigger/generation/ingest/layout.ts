import { z } from "zod";
import { MARKDOWN_HEADING } from "../text/headings.ts";
import type { Language } from "../text/language.ts";
import { isNonProse } from "../text/markup.ts";
import { joinAcrossLines, tightJoin } from "./hyphenation.ts";
import { isListText } from "./non-body.ts";

/**
 * Lines that are not running body prose, by what they are. `list` lines are body text, each item a
 * paragraph; captions, footnotes and a table of contents sit between body lines without ending a
 * sentence; tables, references and code (a listing in a monospace font) end one and are never read as
 * prose (docs/ingestion.md, "Line roles").
 */
export const LINE_ROLES = ["caption", "footnote", "table", "list", "reference", "toc", "code"] as const;
export type LineRole = (typeof LINE_ROLES)[number];

/** Roles set beside the running text: a sentence goes on around them. */
/**
 * A line that ends its sentence, or a clause before a list or quote ("… as follows:"), closing quotes
 * and brackets included: the next line may start afresh.
 */
export function endsClause(text: string): boolean {
  return CLAUSE_END.test(text);
}
const CLAUSE_END = /[.!?:;…]["'”’)\]]*$/u;

export function isAside(role: LineRole | undefined): boolean {
  return role === "caption" || role === "footnote" || role === "toc";
}

/** Roles that are never prose: they end the paragraph before them. */
export function isNonBody(role: LineRole | undefined): boolean {
  return role === "table" || role === "reference" || role === "code";
}

/**
 * What ingestion knows about the lines of one page (or unpaged file) beyond their text: which lines are
 * headings and at what level, which lines open a paragraph without a blank line before them, which lines
 * end in a word broken across the line end, and which lines are page furniture (running headers,
 * footers, page numbers). Line numbers are the page's own, 0-based.
 */
export interface PageLayout {
  /** Heading lines by their first line; `end` is the last line of a heading set over several lines. */
  headings: Map<number, { level: number; end: number }>;
  /** Lines that start a paragraph although no blank line precedes them (PDF spacing or indent). */
  paragraphs: Set<number>;
  /** Lines ending in a broken word, joined to the next line without a space; `hyphen` keeps the hyphen. */
  joins: Map<number, { hyphen: boolean }>;
  /** Running headers, footers and page numbers: kept in the page's numbering, left out of every chunk. */
  furniture: Set<number>;
  /** Lines that are not running body prose, by role; body lines and headings have no entry. */
  roles: Map<number, LineRole>;
}

export function emptyLayout(): PageLayout {
  return {
    headings: new Map(),
    paragraphs: new Set(),
    joins: new Map(),
    furniture: new Set(),
    roles: new Map(),
  };
}

/**
 * The layout of one chunk as stored with it (`source_chunks.layout`), lines numbered as the chunk's
 * `line_start`/`line_end` are. Empty lists are left out, so a chunk without headings, paragraph starts or
 * joins stores `{}` — which still says "read by layout": the engine then guesses nothing from line shape.
 * A null layout (plain or pasted text, chunks stored before layouts existed) means: guess.
 */
export const chunkLayoutSchema = z
  .object({
    headings: z
      .array(
        z
          .object({
            line: z.number().int().min(0),
            level: z.number().int().min(1).max(6),
            end: z.number().int().min(0).optional(),
          })
          .strict(),
      )
      .optional(),
    paragraphs: z.array(z.number().int().min(0)).optional(),
    joins: z.array(z.object({ line: z.number().int().min(0), hyphen: z.boolean() }).strict()).optional(),
    roles: z
      .array(
        z
          .object({
            line: z.number().int().min(0),
            end: z.number().int().min(0).optional(),
            role: z.enum(LINE_ROLES),
          })
          .strict(),
      )
      .optional(),
  })
  .strict();
export type ChunkLayout = z.infer<typeof chunkLayoutSchema>;

/** The part of a page's layout that falls in lines lineStart..lineEnd, in the stored form. */
export function chunkLayoutOf(layout: PageLayout, lineStart: number, lineEnd: number): ChunkLayout {
  const inside = (line: number) => line >= lineStart && line <= lineEnd;
  const headings = [...layout.headings]
    .filter(([line]) => inside(line))
    .sort(([a], [b]) => a - b)
    .map(([line, { level, end }]) =>
      end > line ? { line, level, end: Math.min(end, lineEnd) } : { line, level },
    );
  // Kept on the chunk's first line too: without it, that line goes on with the chunk before it (the
  // rest of a paragraph cut by a chunk edge or a page break; corpus.ts reads the two as one paragraph).
  const paragraphs = [...layout.paragraphs].filter(inside).sort((a, b) => a - b);
  // A join needs the next line in the same chunk.
  const joins = [...layout.joins]
    .filter(([line]) => line >= lineStart && line < lineEnd)
    .sort(([a], [b]) => a - b)
    .map(([line, { hyphen }]) => ({ line, hyphen }));
  const roles = roleRuns(layout.roles, lineStart, lineEnd);
  return {
    ...(headings.length > 0 ? { headings } : {}),
    ...(paragraphs.length > 0 ? { paragraphs } : {}),
    ...(joins.length > 0 ? { joins } : {}),
    ...(roles.length > 0 ? { roles } : {}),
  };
}

type RoleRun = NonNullable<ChunkLayout["roles"]>[number];

/** The roles of lines lineStart..lineEnd as runs of consecutive lines with the same role. */
function roleRuns(roles: ReadonlyMap<number, LineRole>, lineStart: number, lineEnd: number): RoleRun[] {
  const runs: Array<{ line: number; end: number; role: LineRole }> = [];
  for (let line = lineStart; line <= lineEnd; line++) {
    const role = roles.get(line);
    const last = runs.at(-1);
    if (!role) continue;
    if (last && last.role === role && last.end === line - 1) last.end = line;
    else runs.push({ line, end: line, role });
  }
  return runs.map(({ line, end, role }) => (end > line ? { line, end, role } : { line, role }));
}

/** A stored layout read back as a lookup by line. */
export interface LineRoles {
  headings: Map<number, { level: number; end: number }>;
  paragraphs: Set<number>;
  joins: Map<number, boolean>;
  /** Lines that are not body prose, by role (see LINE_ROLES). */
  lineRoles: Map<number, LineRole>;
}

export function rolesOf(layout: ChunkLayout): LineRoles {
  const lineRoles = new Map<number, LineRole>();
  for (const { line, end, role } of layout.roles ?? [])
    for (let at = line; at <= Math.max(line, end ?? line); at++) lineRoles.set(at, role);
  return {
    lineRoles,
    headings: new Map(
      (layout.headings ?? []).map(({ line, level, end }) => [
        line,
        { level, end: Math.max(line, end ?? line) },
      ]),
    ),
    paragraphs: new Set(layout.paragraphs ?? []),
    joins: new Map((layout.joins ?? []).map(({ line, hyphen }) => [line, hyphen])),
  };
}

/**
 * Markdown marks its own headings: `#` lines outside code fences, the level by the number of `#`, and a
 * line of its own underlined with `===` (level 1) or `---` (level 2).
 */
export function markdownLayout(lines: readonly string[]): PageLayout {
  const layout = emptyLayout();
  let inFence = false;
  let inListItem = false;
  lines.forEach((line, index) => {
    if (/^(```|~~~)/.test(line)) inFence = !inFence;
    if (inFence) return;
    const marks = MARKDOWN_HEADING.exec(line)?.[1];
    const underline = /^(=+|-+)$/.exec(lines[index + 1] ?? "")?.[1];
    const alone = !lines[index - 1] && line !== "" && !/^(```|~~~|[-*+>|]\s?)/.test(line);
    if (marks) layout.headings.set(index, { level: marks.length, end: index });
    else if (underline && alone)
      layout.headings.set(index, { level: underline.startsWith("=") ? 1 : 2, end: index + 1 });
    // A list item opens a paragraph of its own, even without a blank line before it (CommonMark: a
    // list interrupts a paragraph), and its lines up to the next blank line are the item's.
    const opensItem = !marks && isListText(line.trimStart()) && !THEMATIC_BREAK.test(line);
    if (opensItem) layout.paragraphs.add(index);
    inListItem = line.trim() !== "" && (opensItem || inListItem);
    if (inListItem) layout.roles.set(index, "list");
  });
  return layout;
}
const THEMATIC_BREAK = /^\s*([-*_])(\s*\1){2,}\s*$/;

/**
 * Marks the lines of a page that end in a word broken across the line end, where the next line goes on
 * with the same paragraph, and whether the hyphen stays (see joinAcrossLines).
 */
export function markJoins(
  lines: readonly string[],
  layout: PageLayout,
  language: Language,
  vocabulary: ReadonlySet<string>,
  dictionary?: ReadonlySet<string>,
) {
  const inHeading = new Set<number>();
  for (const [start, { end }] of layout.headings) {
    for (let line = start; line <= end; line++) inHeading.add(line);
    // A word broken over a title's lines ("beheerorgani-" / "saties") is joined as in the text.
    for (let line = start; line < end; line++) {
      const join = joinAcrossLines(
        lines[line] ?? "",
        lines[line + 1] ?? "",
        language,
        vocabulary,
        dictionary,
      );
      if (join) layout.joins.set(line, join);
    }
  }
  const prose = (index: number) => {
    const line = lines[index];
    const role = layout.roles.get(index);
    return (
      Boolean(line) &&
      !layout.furniture.has(index) &&
      !inHeading.has(index) &&
      (role === undefined || role === "list") &&
      !isNonProse(line ?? "")
    );
  };
  // A caption, footnote or furniture between the two halves of a broken word is stepped over.
  const nextBodyLine = (index: number) => {
    let next = index + 1;
    while (next < lines.length && (layout.furniture.has(next) || isAside(layout.roles.get(next)))) next++;
    return next;
  };
  lines.forEach((line, index) => {
    const next = nextBodyLine(index);
    if (!prose(index) || !prose(next) || layout.paragraphs.has(next)) return;
    const join =
      joinAcrossLines(line, lines[next] ?? "", language, vocabulary, dictionary) ??
      tightJoin(line, lines[next] ?? "");
    if (join) layout.joins.set(index, join);
  });
}
