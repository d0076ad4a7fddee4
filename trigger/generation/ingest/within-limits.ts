import { getDocumentProxy } from "unpdf";
import { byteLimitOf } from "../../../src/domain/source-limits.ts";
import type { SourceKind } from "./errors.ts";
import { type IngestedSource, ingestSource, type SourceInput } from "./index.ts";
import { SOURCE_LIMITS, SourceLimitError, type SourceLimits, withReadBudget } from "./limits.ts";
import { zipDeclaration } from "./zip-guard.ts";

/** Kinds stored as a zip of XML parts, which a reader inflates before it reads a word. */
const ZIP_KINDS: ReadonlySet<SourceKind> = new Set(["docx", "pptx"]);

/**
 * ingestSource with the limits that show before or while reading: the file's size for its kind, the
 * unpacked size a Word or PowerPoint zip declares, a PDF's page count (read before any page is), the
 * characters read (charged page by page where the reader does, counted at the end otherwise) and the
 * pages or slides read. Time and memory can only be held by the process that reads (isolate.ts).
 */
export async function ingestWithinLimits(
  input: SourceInput,
  maxLines?: number,
  limits: SourceLimits = SOURCE_LIMITS,
): Promise<IngestedSource> {
  const over = (limit: SourceLimitError["limit"]) =>
    new SourceLimitError(input.file_name, input.kind, limit, limits);
  assertSizeWithinLimits(input, limits);
  if (typeof input.content !== "string" && ZIP_KINDS.has(input.kind)) {
    const declared = zipDeclaration(input.content);
    if (declared && declared.unzippedBytes > limits.unzippedBytes) throw over("unzippedBytes");
  }
  if (typeof input.content !== "string" && input.kind === "pdf") {
    const pages = await pdfPageCount(input.content);
    if (pages !== null && pages > limits.pages) throw over("pages");
  }
  const ingested = await withReadBudget(input, limits, () => ingestSource(input, maxLines));
  const pages = Math.max(0, ...ingested.chunks.map((chunk) => chunk.page_number ?? 0));
  if (pages > limits.pages) throw over("pages");
  const characters = ingested.chunks.reduce((sum, chunk) => sum + chunk.content.length, 0);
  if (characters > limits.characters) throw over("characters");
  return ingested;
}

/** The file's (or pasted text's) size against its kind's limit: cheap, so checked before anything else. */
export function assertSizeWithinLimits(input: SourceInput, limits: SourceLimits = SOURCE_LIMITS): void {
  if (byteLength(input.content) > byteLimitOf(input.kind, limits)) {
    throw new SourceLimitError(input.file_name, input.kind, "bytes", limits);
  }
}

function byteLength(content: Uint8Array | string): number {
  return typeof content === "string" ? Buffer.byteLength(content) : content.byteLength;
}

/**
 * A PDF's page count from its page tree, before any page is parsed; null when PDF.js cannot open the
 * file (the reader then says why).
 */
async function pdfPageCount(bytes: Uint8Array): Promise<number | null> {
  try {
    const pdf = await getDocumentProxy(new Uint8Array(bytes));
    try {
      return pdf.numPages;
    } finally {
      await pdf.loadingTask.destroy();
    }
  } catch {
    return null;
  }
}
