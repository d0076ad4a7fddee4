import type { PageLayout } from "./layout.ts";
import { headingKind, referenceShape } from "./non-body.ts";

interface LaidPage {
  lines: readonly string[];
  layout: PageLayout | null;
}

/** At least this share of a reference section's lines must look like entries (a "Bronnen" essay is prose). */
const MIN_ENTRY_SHARE = 0.3;

/**
 * A reference list or bibliography under its own heading ("References", "Literatuur", "Bronnen" …),
 * in any document with a layout (PDF, slides, web pages; Word marks its own): the heading and every line
 * up to the next heading of the same or a higher level, across pages, get the role `reference`, and the
 * heading stops being one, so the list never becomes a section, an item or a recap line.
 */
export function markReferenceSections(pages: readonly LaidPage[]): void {
  const lines = pages.flatMap((page) =>
    page.layout ? page.lines.map((text, index) => ({ text, index, layout: page.layout as PageLayout })) : [],
  );
  for (let at = 0; at < lines.length; at++) {
    const line = lines[at];
    const heading = line?.layout.headings.get(line.index);
    if (!line || !heading || headingKind(headingText(lines, at, heading.end)) !== "reference") continue;
    let end = at + (heading.end - line.index);
    while (end + 1 < lines.length) {
      const next = lines[end + 1];
      const nextHeading = next?.layout.headings.get(next.index);
      if (nextHeading && nextHeading.level <= heading.level) break;
      end++;
    }
    const block = lines.slice(at + (heading.end - line.index) + 1, end + 1);
    const body = block.filter(({ text, index, layout }) => text !== "" && !layout.furniture.has(index));
    const entries = body.filter(({ text }) => referenceShape(text) !== null).length;
    if (body.length === 0 || entries / body.length < MIN_ENTRY_SHARE) continue;
    for (const { index, layout } of lines.slice(at, end + 1)) {
      layout.headings.delete(index);
      if (!layout.furniture.has(index)) layout.roles.set(index, "reference");
    }
    at = end;
  }
}

function headingText(lines: ReadonlyArray<{ text: string }>, at: number, endLine: number): string {
  const first = lines[at] as { text: string; index: number };
  return lines
    .slice(at, at + (endLine - first.index) + 1)
    .map(({ text }) => text)
    .join(" ");
}
