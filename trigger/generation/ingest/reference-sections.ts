import type { PageLayout } from "./layout.ts";
import { headingKind, opensReferenceEntry, referenceShape } from "./non-body.ts";

interface LaidPage {
  lines: readonly string[];
  layout: PageLayout | null;
}

/** At least this share of a reference section's lines must look like entries (a "Bronnen" essay is prose). */
const MIN_ENTRY_SHARE = 0.3;

/**
 * A paper's back matter that teaches nothing: its declarations, then its reference list by heading or,
 * where the heading was missed, by the shape of its entries. Declarations go first: a reference list's
 * heading ends their section before it stops being a heading.
 */
export function markBackMatter(pages: readonly LaidPage[]): void {
  markNoticeSections(pages);
  markReferenceSections(pages);
  markReferenceRuns(pages);
}

/**
 * A reference list or bibliography under its own heading ("References", "Literatuur", "Bronnen" …),
 * in any document with a layout (PDF, slides, web pages; Word marks its own): the heading and every line
 * up to the next heading of the same or a higher level, across pages, get the role `reference`, and the
 * heading stops being one, so the list never becomes a section, an item or a recap line.
 */
export function markReferenceSections(pages: readonly LaidPage[]): void {
  const lines = laidLines(pages);
  for (const { at, headingEnd, end } of sectionsOf(lines, "reference")) {
    const block = lines.slice(headingEnd + 1, end + 1);
    const body = block.filter(({ text, index, layout }) => text !== "" && !layout.furniture.has(index));
    const entries = body.filter(({ text }) => referenceShape(text) !== null).length;
    if (body.length === 0 || entries / body.length < MIN_ENTRY_SHARE) continue;
    for (const { index, layout } of lines.slice(at, end + 1)) {
      layout.headings.delete(index);
      if (!layout.furniture.has(index)) layout.roles.set(index, "reference");
    }
  }
}

/**
 * A publication's declarations under their own heading ("Competing interests", "Code and data
 * availability", "Copyright statement"): the heading and its section are furniture, notices to the
 * paper's reader with nothing to learn.
 */
export function markNoticeSections(pages: readonly LaidPage[]): void {
  const lines = laidLines(pages);
  for (const { at, end } of sectionsOf(lines, "notice")) {
    for (const { index, layout } of lines.slice(at, end + 1)) {
      layout.headings.delete(index);
      layout.roles.delete(index);
      layout.furniture.add(index);
    }
  }
}

/**
 * The sections whose heading reads as `kind`, one after another: where the heading starts and ends,
 * and the section's last line. A section its caller marks loses its headings, so none inside it is
 * found again.
 */
function* sectionsOf(
  lines: readonly LaidLine[],
  kind: NonNullable<ReturnType<typeof headingKind>>,
): Generator<{ at: number; headingEnd: number; end: number }> {
  for (let at = 0; at < lines.length; at++) {
    const line = lines[at];
    const heading = line?.layout.headings.get(line.index);
    if (!line || !heading || headingKind(headingText(lines, at, heading.end)) !== kind) continue;
    yield { at, headingEnd: at + (heading.end - line.index), end: sectionEnd(lines, at) };
  }
}

type LaidLine = { text: string; index: number; layout: PageLayout };

function laidLines(pages: readonly LaidPage[]): LaidLine[] {
  return pages.flatMap((page) =>
    page.layout ? page.lines.map((text, index) => ({ text, index, layout: page.layout as PageLayout })) : [],
  );
}

/** The last line of the section whose heading is at `at`: up to the next heading of its level or higher. */
function sectionEnd(lines: readonly LaidLine[], at: number): number {
  const line = lines[at] as LaidLine;
  const heading = line.layout.headings.get(line.index);
  if (!heading) return at;
  let end = at + (heading.end - line.index);
  while (end + 1 < lines.length) {
    const next = lines[end + 1];
    const nextHeading = next?.layout.headings.get(next.index);
    if (nextHeading && nextHeading.level <= heading.level) break;
    end++;
  }
  return end;
}

function headingText(lines: ReadonlyArray<{ text: string }>, at: number, endLine: number): string {
  const first = lines[at] as { text: string; index: number };
  return lines
    .slice(at, at + (endLine - first.index) + 1)
    .map(({ text }) => text)
    .join(" ");
}

/** A run of entries needs this many to be a reference list by shape alone. */
const MIN_RUN_ENTRIES = 4;
/** An entry wraps onto at most this many lines (a long IEEE entry in a narrow column takes five). */
const MAX_ENTRY_LINES = 6;

type RunLine = LaidLine;

/**
 * A reference list whose heading was missed (or set as a plain line, "REFERENCES"): a run of entries
 * recognised by their shape — "[12] A. Author, …", an author with initials and a year, a year with a
 * DOI or "pp." — each wrapping onto a few lines, with no heading between them. Every line of the run,
 * and a reference heading right above it, gets the role `reference`, so the list is never read as
 * content even when the heading is not found.
 */
export function markReferenceRuns(pages: readonly LaidPage[]): void {
  const lines: RunLine[] = pages.flatMap((page) =>
    page.layout
      ? page.lines
          .map((text, index) => ({ text, index, layout: page.layout as PageLayout }))
          .filter(({ text, index, layout }) => text.trim() !== "" && !layout.furniture.has(index))
      : [],
  );
  let at = 0;
  while (at < lines.length) {
    const run = entryRun(lines, at);
    if (!run) {
      at++;
      continue;
    }
    const heading = lines[at - 1];
    if (heading && headingKind(heading.text) === "reference") markReference(heading);
    for (const line of lines.slice(at, run.end + 1)) markReference(line);
    at = run.end + 1;
  }
}

/** The run of reference entries that starts at `at`, if one does (at least MIN_RUN_ENTRIES of them). */
function entryRun(lines: readonly RunLine[], at: number): { end: number } | null {
  if (!lines[at] || !opensEntry(lines, at)) return null;
  let entries = 1;
  let lastStart = at;
  for (let next = at + 1; next < lines.length && next - lastStart < MAX_ENTRY_LINES; next++) {
    const line = lines[next] as RunLine;
    if (line.layout.headings.has(line.index)) break;
    if (opensEntry(lines, next)) {
      entries++;
      lastStart = next;
    }
  }
  return entries >= MIN_RUN_ENTRIES ? { end: lastEntryEnd(lines, lastStart) } : null;
}

/** An entry's first line, read with the two lines after it (where a wrapped entry has its year). */
function opensEntry(lines: readonly RunLine[], at: number): boolean {
  const following = lines
    .slice(at + 1, at + 3)
    .map(({ text }) => text)
    .join(" ");
  return opensReferenceEntry((lines[at] as RunLine).text, following);
}

/** The last entry's own lines: it goes on while lines do not open a paragraph or a heading. */
function lastEntryEnd(lines: readonly RunLine[], end: number): number {
  let last = end;
  while (last + 1 < lines.length && last - end < MAX_ENTRY_LINES - 1) {
    const next = lines[last + 1] as RunLine;
    if (next.layout.headings.has(next.index) || next.layout.paragraphs.has(next.index)) break;
    if (next.layout !== lines[last]?.layout) break;
    last++;
  }
  return last;
}

function markReference({ index, layout }: RunLine): void {
  layout.headings.delete(index);
  layout.roles.set(index, "reference");
}
