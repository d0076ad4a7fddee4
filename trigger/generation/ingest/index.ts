import { type Chunk, chunkPage, DEFAULT_CHUNK_LINES } from "./chunk.ts";
import { type SourceKind, SourceReadError } from "./errors.ts";
import { extractPages } from "./extract.ts";

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
    const reason =
      source.kind === "pdf" ? "it contains no selectable text (is it a scanned document?)" : "it is empty";
    throw new SourceReadError(source.file_name, source.kind, reason);
  }
  return { source, chunks };
}
