import { type Citation, sourceFileName } from "@/domain/citation.ts";

/** The file name of a citation: the last segment of its file_path. */
export function citationFileName(citation: Pick<Citation, "file_path">): string | null {
  return sourceFileName(citation.file_path);
}

/** The site host of a citation's source_url without a leading "www.". */
export function citationHost(citation: Pick<Citation, "source_url">): string | null {
  if (!citation.source_url) return null;
  try {
    return new URL(citation.source_url).hostname.replace(/^www\./, "") || null;
  } catch {
    return null;
  }
}

/** docs/product.md §2: the file name, else the site host without www, else "Web"; plus " p.{page}" when known. */
export function citationLabel(citation: Pick<Citation, "file_path" | "source_url" | "page_number">): string {
  const name = citationFileName(citation) ?? citationHost(citation) ?? "Web";
  return citation.page_number === null ? name : `${name} p.${citation.page_number}`;
}

export interface NumberedLine {
  number: number;
  text: string;
}

/** docs/product.md §2: the exact lines, numbered from line_start + 1 (line_start is 0-based). */
export function numberedLines(citation: Pick<Citation, "exactLines" | "line_start">): NumberedLine[] {
  return citation.exactLines.map((text, index) => ({ number: citation.line_start + 1 + index, text }));
}

/** docs/product.md §2: "Lines: start+1-end+1". */
export function lineRangeText(citation: Pick<Citation, "line_start" | "line_end">): string {
  return `Lines: ${citation.line_start + 1}-${citation.line_end + 1}`;
}
