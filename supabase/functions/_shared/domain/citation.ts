// Generated from src/domain/citation.ts by scripts/functions-domain.ts: edit that file, then run
// `npm run functions:domain` (the edge functions deploy only what lives under supabase/functions).
import { z } from "zod";

/**
 * docs/product.md §3: a citation points to exact lines of one chunk of a learner's source. Line numbers are
 * 0-based and inclusive within the page (PDF) or file; screens show them +1. `exactLines` are the
 * source's lines `line_start..line_end` verbatim, which the generation engine verifies before saving.
 */
export const citationSchema = z.object({
  chunk_id: z.string().min(1),
  /** Object path in the private `sources` bucket; null for pasted text. */
  file_path: z.string().nullable(),
  /** 1-based PDF page; null for sources without pages. */
  page_number: z.number().int().positive().nullable(),
  line_start: z.number().int().nonnegative(),
  line_end: z.number().int().nonnegative(),
  exactLines: z.array(z.string()),
  snippet: z.string().nullable(),
  /** A web address for web sources; null for a learner's own files. */
  source_url: z.string().nullable(),
});
export type Citation = z.infer<typeof citationSchema>;

/** One key per cited range, so the same lines cited twice count once. */
export function citationKey(citation: Pick<Citation, "chunk_id" | "line_start" | "line_end">): string {
  return `${citation.chunk_id}:${citation.line_start}-${citation.line_end}`;
}

/** Citations without repeats of the same range, first occurrence kept, order preserved. */
export function uniqueCitations<T extends Citation>(citations: Iterable<T>): T[] {
  const seen = new Map<string, T>();
  for (const citation of citations) {
    const key = citationKey(citation);
    if (!seen.has(key)) seen.set(key, citation);
  }
  return [...seen.values()];
}

/** The citations of items that carry their own (questions, blocks, cards), each range once. */
export function citationsOf(items: ReadonlyArray<{ citations: readonly Citation[] }>): Citation[] {
  return uniqueCitations(items.flatMap((item) => item.citations));
}

/** The file name of a stored source: the last segment of its object path (`<entity>/<topic>/<name>`). */
export function sourceFileName(filePath: string | null): string | null {
  return filePath?.split("/").pop() || null;
}

/**
 * A source file's URL opened at the cited page: browsers' PDF viewers read the `#page=N` fragment (RFC
 * 8118), which a signed URL keeps because fragments never reach the server. Other files open whole.
 */
export function urlAtPage(url: string, filePath: string | null, page: number | null): string {
  if (page === null || !filePath?.toLowerCase().endsWith(".pdf")) return url;
  return `${url.split("#")[0]}#page=${page}`;
}
