import { formatLimitBytes, SOURCE_LIMITS } from "./source-limits.ts";

export {
  SOURCE_KINDS,
  type SourceFileKind,
  type SourceKind,
  sourceKindSchema,
} from "./source-kinds.ts";

import type { SourceFileKind } from "./source-kinds.ts";

/** The largest file of any kind; each kind has its own limit in SOURCE_LIMITS (source-limits.ts). */
export const MAX_SOURCE_BYTES = Math.max(...Object.values(SOURCE_LIMITS.bytes));
export const MAX_THUMBNAIL_BYTES = 5 * 1024 * 1024;

const KIND_BY_EXTENSION: Record<string, SourceFileKind> = {
  pdf: "pdf",
  docx: "docx",
  pptx: "pptx",
  png: "image",
  jpg: "image",
  jpeg: "image",
  md: "markdown",
  markdown: "markdown",
  txt: "text",
  text: "text",
};

const KIND_BY_MIME: Record<string, SourceFileKind> = {
  "application/pdf": "pdf",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": "docx",
  "application/vnd.openxmlformats-officedocument.presentationml.presentation": "pptx",
  "image/png": "image",
  "image/jpeg": "image",
  "text/markdown": "markdown",
  "text/x-markdown": "markdown",
  "text/plain": "text",
};

/** The accept attribute of the file picker. */
export const SOURCE_ACCEPT = [
  ".pdf",
  ".docx",
  ".pptx",
  ".md",
  ".markdown",
  ".txt",
  ".png",
  ".jpg",
  ".jpeg",
  "application/pdf",
  "application/vnd.openxmlformats-officedocument.presentationml.presentation",
  "image/png",
  "image/jpeg",
  "text/markdown",
  "text/plain",
].join(",");

/** A file's source kind by extension, else by type; null for anything generation cannot read. */
export function sourceKindOf(fileName: string, mimeType = ""): SourceFileKind | null {
  const extension = fileName.toLowerCase().split(".").pop() ?? "";
  return KIND_BY_EXTENSION[extension] ?? KIND_BY_MIME[mimeType.toLowerCase()] ?? null;
}

/** Why a file cannot be a source, or null when it can. */
export function sourceFileProblem(file: { name: string; type: string; size: number }): string | null {
  const kind = sourceKindOf(file.name, file.type);
  if (!kind)
    return `${file.name}: only PDF, Word (.docx), PowerPoint (.pptx), Markdown, text and photos of pages (PNG, JPEG) can be sources.`;
  if (file.size === 0) return `${file.name} is empty.`;
  const limit = SOURCE_LIMITS.bytes[kind];
  if (file.size > limit) return `${file.name} is larger than ${formatLimitBytes(limit)}.`;
  return null;
}

/** Web pages one topic may read (each is fetched while the structure is built). */
export const MAX_WEB_SOURCES = 10;

/**
 * The web page addresses of the new-topic form, one per line (blank lines skipped, repeats once), or
 * why they cannot be sources. Only http and https pages can be read; whether one is reachable and has
 * an article shows when the structure task fetches it.
 */
export function webSourceUrls(text: string): { urls: string[]; problem: string | null } {
  const lines = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  const invalid = lines.find((line) => !isWebUrl(line));
  if (invalid)
    return { urls: [], problem: `${invalid} is not a web address; it must start with https:// or http://.` };
  const urls = [...new Set(lines.map((line) => new URL(line).toString()))];
  if (urls.length > MAX_WEB_SOURCES)
    return { urls: [], problem: `At most ${MAX_WEB_SOURCES} web pages can be sources of one topic.` };
  return { urls, problem: null };
}

function isWebUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === "https:" || url.protocol === "http:") && url.hostname !== "" && !/\s/.test(text);
  } catch {
    return false;
  }
}

/**
 * An object name that is safe in a storage path and a URL: accents folded, anything but letters,
 * digits, dot, dash and underscore replaced, length capped with the extension kept.
 */
export function safeObjectName(fileName: string): string {
  const baseName = fileName.split(/[/\\]/).pop() ?? "";
  const folded = baseName.normalize("NFKD").replace(/[\u0300-\u036f]/g, "");
  const dot = folded.lastIndexOf(".");
  const base = (dot > 0 ? folded.slice(0, dot) : folded)
    .replace(/[^A-Za-z0-9_-]+/g, "-")
    .replace(/^-+|-+$/g, "");
  const extension =
    dot > 0
      ? folded
          .slice(dot + 1)
          .replace(/[^A-Za-z0-9]+/g, "")
          .toLowerCase()
      : "";
  const name = (base || "file").slice(0, 100);
  return extension ? `${name}.${extension}` : name;
}

/** `<entity_id>/<topic_id>/<file>`: the object path of a topic's file in its bucket. */
export function topicObjectPath(entityId: string, topicId: string, fileName: string): string {
  return `${entityId}/${topicId}/${fileName}`;
}

/** Object names for several files, made unique by a numeric prefix where names repeat. */
export function uniqueObjectNames(fileNames: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return fileNames.map((fileName) => {
    const name = safeObjectName(fileName);
    const count = seen.get(name) ?? 0;
    seen.set(name, count + 1);
    return count === 0 ? name : `${count + 1}-${name}`;
  });
}
