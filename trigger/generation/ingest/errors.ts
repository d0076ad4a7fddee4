export type SourceKind = "pdf" | "docx" | "pptx" | "image" | "url" | "markdown" | "text" | "pasted";

const KIND_NAMES: Record<SourceKind, string> = {
  pdf: "a PDF",
  docx: "a Word (.docx) document",
  pptx: "a PowerPoint (.pptx) presentation",
  image: "an image of a page",
  url: "a web page",
  markdown: "Markdown text",
  text: "plain text",
  pasted: "pasted text",
};

/** A source that cannot be turned into text; its message is meant for the learner's screen. */
export class SourceReadError extends Error {
  override readonly name = "SourceReadError";

  constructor(
    readonly fileName: string,
    readonly kind: SourceKind,
    readonly reason: string,
  ) {
    super(`"${fileName}" could not be read as ${KIND_NAMES[kind]}: ${reason}`);
  }
}
