import type { Citation } from "@/domain/citation.ts";
import type { SourceKind } from "@/domain/source-files.ts";

/**
 * What the review screen knows of a topic's source: its name and, when ingestion recognised text from
 * images (scanned PDF pages, photos), which pages and which of those Tesseract was unsure of
 * (topic_sources.ocr_pages and ocr_low_confidence_pages, docs/ingestion.md "Scanned pages and photos").
 */
export interface ReviewSource {
  id: string;
  kind: SourceKind;
  /** The file name, or the address for a web page; null for pasted text. */
  name: string | null;
  filePath: string | null;
  sourceUrl: string | null;
  status: string;
  error: string | null;
  ocrPages: number[];
  ocrLowConfidencePages: number[];
}

export const OCR_NOTE = "Text recognised from images (OCR)";
const CHECK_AGAINST_ORIGINAL = "Check the cited lines against the original.";

/** A photo of a page is one unpaged source; ingestion records its text as page 1. */
const isUnpaged = (source: Pick<ReviewSource, "kind">) => source.kind === "image";

/** Page numbers as a reader scans them: ascending, runs of three or more as a range ("3, 5, 7–9"). */
export function pageList(pages: readonly number[]): string {
  const sorted = [...new Set(pages)].sort((a, b) => a - b);
  const runs: Array<[number, number]> = [];
  for (const page of sorted) {
    const last = runs.at(-1);
    if (last && page === last[1] + 1) last[1] = page;
    else runs.push([page, page]);
  }
  return runs
    .flatMap(([first, end]) => {
      if (end - first >= 2) return [`${first}–${end}`];
      return first === end ? [`${first}`] : [`${first}`, `${end}`];
    })
    .join(", ");
}

/** The notes for a source in the Sources list; empty when all of its text was read as text. */
export function sourceRecognitionNotes(source: ReviewSource): string[] {
  if (source.ocrPages.length === 0) return [];
  if (isUnpaged(source)) {
    const hard = source.ocrLowConfidencePages.length > 0;
    return hard ? [OCR_NOTE, `The image was hard to read. ${CHECK_AGAINST_ORIGINAL}`] : [OCR_NOTE];
  }
  const notes = [`${OCR_NOTE}: p. ${pageList(source.ocrPages)}`];
  if (source.ocrLowConfidencePages.length > 0)
    notes.push(
      `Some pages were hard to read: p. ${pageList(source.ocrLowConfidencePages)}. ${CHECK_AGAINST_ORIGINAL}`,
    );
  return notes;
}

/** The source a citation quotes: the same stored file, or the same web address. */
export function sourceOfCitation(
  citation: Pick<Citation, "file_path" | "source_url">,
  sources: readonly ReviewSource[],
): ReviewSource | null {
  return (
    sources.find((source) =>
      citation.file_path ? source.filePath === citation.file_path : source.sourceUrl === citation.source_url,
    ) ?? null
  );
}

/** The notes for the cited page in the "Source Citation" dialog; empty when its text was read as text. */
export function citationRecognitionNotes(
  citation: Pick<Citation, "file_path" | "source_url" | "page_number">,
  sources: readonly ReviewSource[],
): string[] {
  const source = citation.file_path || citation.source_url ? sourceOfCitation(citation, sources) : null;
  if (!source) return [];
  // An unpaged citation of a photo quotes its only page.
  const page = citation.page_number ?? (isUnpaged(source) ? 1 : null);
  if (page === null || !source.ocrPages.includes(page)) return [];
  if (!source.ocrLowConfidencePages.includes(page)) return [OCR_NOTE];
  const what = isUnpaged(source) ? "The image" : `Page ${page}`;
  return [OCR_NOTE, `${what} was hard to read. ${CHECK_AGAINST_ORIGINAL}`];
}

/** How the Sources list names a source: its file name or address; pasted text has none of its own. */
export function sourceDisplayName(source: Pick<ReviewSource, "kind" | "name">): string {
  return source.name ?? (source.kind === "pasted" ? "Pasted text" : "Source");
}
