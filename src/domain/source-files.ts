import { z } from "zod";

/** The kinds of `topic_sources` a learner can add; `pasted` has text instead of a file. */
export const SOURCE_KINDS = ["pdf", "docx", "markdown", "text", "pasted"] as const;
export const sourceKindSchema = z.enum(SOURCE_KINDS);
export type SourceKind = z.infer<typeof sourceKindSchema>;
export type SourceFileKind = Exclude<SourceKind, "pasted">;

/** Files larger than this are refused before upload (generation reads them whole). */
export const MAX_SOURCE_BYTES = 50 * 1024 * 1024;
export const MAX_THUMBNAIL_BYTES = 5 * 1024 * 1024;

const KIND_BY_EXTENSION: Record<string, SourceFileKind> = {
  pdf: "pdf",
  docx: "docx",
  md: "markdown",
  markdown: "markdown",
  txt: "text",
  text: "text",
};

const KIND_BY_MIME: Record<string, SourceFileKind> = {
  "application/pdf": "pdf",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": "docx",
  "text/markdown": "markdown",
  "text/x-markdown": "markdown",
  "text/plain": "text",
};

/** The accept attribute of the file picker. */
export const SOURCE_ACCEPT = ".pdf,.docx,.md,.markdown,.txt,application/pdf,text/markdown,text/plain";

/** A file's source kind by extension, else by type; null for anything generation cannot read. */
export function sourceKindOf(fileName: string, mimeType = ""): SourceFileKind | null {
  const extension = fileName.toLowerCase().split(".").pop() ?? "";
  return KIND_BY_EXTENSION[extension] ?? KIND_BY_MIME[mimeType.toLowerCase()] ?? null;
}

/** Why a file cannot be a source, or null when it can. */
export function sourceFileProblem(file: { name: string; type: string; size: number }): string | null {
  if (!sourceKindOf(file.name, file.type))
    return `${file.name}: only PDF, Word (.docx), Markdown and text files can be sources.`;
  if (file.size === 0) return `${file.name} is empty.`;
  if (file.size > MAX_SOURCE_BYTES) return `${file.name} is larger than 50 MB.`;
  return null;
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
