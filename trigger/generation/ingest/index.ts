import { type Chunk, chunkPage, DEFAULT_CHUNK_LINES } from "./chunk.ts";
import { type SourceKind, SourceReadError } from "./errors.ts";
import { extractPages, type SourcePage } from "./extract.ts";
import { LOW_CONFIDENCE } from "./ocr.ts";

export type { Chunk } from "./chunk.ts";
export { type SourceKind, SourceReadError } from "./errors.ts";
export {
  type ChunkLayout,
  chunkLayoutSchema,
  isAside,
  isNonBody,
  type LineRole,
  type LineRoles,
  rolesOf,
} from "./layout.ts";

/** One learner source with its content: a file's bytes, or pasted text. */
export interface SourceInput {
  id: string;
  kind: SourceKind;
  file_name: string;
  /** Object path in the `sources` bucket; null for pasted text. */
  file_path: string | null;
  content: Uint8Array | string;
}

export interface IngestedSource {
  source: Omit<SourceInput, "content">;
  chunks: Chunk[];
  /** Pages whose text was recognised from images (OCR; a photo is page 1), and those hard to read. */
  recognition: Recognition;
}

export interface Recognition {
  pages: number[];
  lowConfidencePages: number[];
}

const EMPTY_REASONS: Partial<Record<SourceKind, string>> = {
  pdf: "it contains no selectable text, and no text could be recognised in its images",
  image: "no text could be recognised in it",
};

/** Which pages were recognised from images, and which of those Tesseract was unsure of. */
export function recognitionOf(pages: readonly SourcePage[]): Recognition {
  const recognised = pages.filter((page) => page.recognised);
  const pageNumber = (page: SourcePage) => page.page_number ?? 1;
  return {
    pages: recognised.map(pageNumber),
    lowConfidencePages: recognised
      .filter((page) => (page.recognised?.confidence ?? 100) < LOW_CONFIDENCE)
      .map(pageNumber),
  };
}

/**
 * Reads a source into chunks of whole, normalised lines that keep file, page and line numbers, each with
 * the layout the document gives its lines (headings, paragraph starts, words broken at line ends).
 * Throws a SourceReadError when the file cannot be read or holds no text at all.
 */
export async function ingestSource(
  input: SourceInput,
  maxLines = DEFAULT_CHUNK_LINES,
): Promise<IngestedSource> {
  const { content, ...source } = input;
  const pages = await extractPages(input);
  const chunkSource = { ...source, markup: source.kind === "markdown" };
  const chunks = pages.flatMap((page) => chunkPage(chunkSource, page, maxLines));
  if (chunks.length === 0) {
    throw new SourceReadError(source.file_name, source.kind, EMPTY_REASONS[source.kind] ?? "it is empty");
  }
  return { source, chunks, recognition: recognitionOf(pages) };
}
