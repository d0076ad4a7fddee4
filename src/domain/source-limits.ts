import type { SourceFileKind } from "./source-kinds.ts";

/**
 * How much one source may ask of generation (docs/ingestion.md, Limits). Checked in the browser before
 * upload where the file shows it (its size), and again while a source is read in its own process
 * (trigger/generation/ingest/isolate.ts), where pages, text, time and memory show. The numbers are
 * generous for real learners: a 1,000-page textbook passes with room to spare; what they stop is a file
 * built to exhaust the reader (thousands of empty pages, a stream or zip that inflates to gigabytes).
 */

const MB = 1024 * 1024;

export interface SourceLimits {
  /** The largest file per kind, in bytes. Text is read whole, so its limit follows `characters`. */
  bytes: Record<SourceFileKind, number>;
  /** PDF pages or PowerPoint slides. */
  pages: number;
  /** Characters of text read from one source. */
  characters: number;
  /** Zip-based documents (Word, PowerPoint): the sizes their parts declare once unpacked, together. */
  unzippedBytes: number;
  /** How long reading one source may take, in seconds. */
  seconds: number;
  /** Memory for reading one source (the reading process's resident memory), in MB. */
  memoryMb: number;
}

export const SOURCE_LIMITS: SourceLimits = {
  bytes: { pdf: 50 * MB, docx: 50 * MB, pptx: 50 * MB, image: 20 * MB, markdown: 8 * MB, text: 8 * MB },
  pages: 2_000,
  characters: 10_000_000,
  unzippedBytes: 256 * MB,
  seconds: 120,
  memoryMb: 1_024,
};

/** The limits a reader can run into besides a file's size, each with the learner-facing reason. */
export type SourceLimit = "bytes" | "pages" | "characters" | "unzippedBytes" | "seconds" | "memoryMb";

const count = (value: number) => value.toLocaleString("en-US");

/** "50 MB", "8 MB", "512 KB": a byte limit as the learner reads it. */
export function formatLimitBytes(bytes: number): string {
  return bytes >= MB ? `${count(Math.round(bytes / MB))} MB` : `${count(Math.round(bytes / 1024))} KB`;
}

/**
 * Why a source went over a limit, as the words after its file name: `"book.pdf" is too large to read:
 * more than 2,000 pages`. The byte limit is the one for the file's kind.
 */
export function limitReason(
  limit: SourceLimit,
  kind: SourceFileKind | "pasted" | "url",
  limits: SourceLimits = SOURCE_LIMITS,
): string {
  switch (limit) {
    case "bytes":
      return `is too large to read: more than ${formatLimitBytes(byteLimitOf(kind, limits))}`;
    case "pages":
      return `is too large to read: more than ${count(limits.pages)} ${kind === "pptx" ? "slides" : "pages"}`;
    case "characters":
      return `is too large to read: more than ${count(limits.characters)} characters of text`;
    case "unzippedBytes":
      return `is too large to read: its parts unpack to more than ${formatLimitBytes(limits.unzippedBytes)}`;
    case "seconds":
      return `took longer than ${count(limits.seconds)} s to read`;
    case "memoryMb":
      return `needs more memory than allowed to read (${count(limits.memoryMb)} MB)`;
  }
}

/** The byte limit of a source of this kind; text that is not a file (pasted, a web page) has text's. */
export function byteLimitOf(
  kind: SourceFileKind | "pasted" | "url",
  limits: SourceLimits = SOURCE_LIMITS,
): number {
  return kind === "pasted" || kind === "url" ? limits.bytes.text : limits.bytes[kind];
}

const KIND_LABELS: Record<SourceFileKind, string> = {
  pdf: "PDF",
  docx: "Word (.docx)",
  pptx: "PowerPoint (.pptx)",
  image: "photos of pages (PNG, JPEG)",
  markdown: "Markdown",
  text: "text",
};

/**
 * The short hint beside the file picker, in the limits' own numbers: kinds that share a size limit are
 * named together ("PDF, Word (.docx) or PowerPoint (.pptx) up to 50 MB each; Markdown or text up to 8 MB
 * each. At most 2,000 pages or slides per file.").
 */
export function sourceLimitsHint(limits: SourceLimits = SOURCE_LIMITS): string {
  const groups = new Map<number, string[]>();
  for (const [kind, label] of Object.entries(KIND_LABELS) as Array<[SourceFileKind, string]>) {
    groups.set(limits.bytes[kind], [...(groups.get(limits.bytes[kind]) ?? []), label]);
  }
  const sizes = [...groups].map(
    ([bytes, labels]) => `${orList(labels)} up to ${formatLimitBytes(bytes)} each`,
  );
  return `${sizes.join("; ")}. At most ${count(limits.pages)} pages or slides per file.`;
}

function orList(items: readonly string[]): string {
  return items.length < 2 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} or ${items.at(-1)}`;
}
