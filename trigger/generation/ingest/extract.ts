import mammoth from "mammoth";
import { extractText } from "unpdf";
import { type SourceKind, SourceReadError } from "./errors.ts";

/** The text of one page of a PDF (page_number from 1), or of a whole file (page_number null). */
export interface SourcePage {
  page_number: number | null;
  text: string;
}

export interface SourceContent {
  kind: SourceKind;
  file_name: string;
  /** The file's bytes; for pasted text, the text itself. */
  content: Uint8Array | string;
}

/** The text of a source, page by page; a file that cannot be read throws a SourceReadError. */
export async function extractPages(source: SourceContent): Promise<SourcePage[]> {
  const fail = (reason: string) => new SourceReadError(source.file_name, source.kind, reason);
  if (typeof source.content === "string") return [{ page_number: null, text: source.content }];
  switch (source.kind) {
    case "pdf":
      return pdfPages(source.content).catch((error) => Promise.reject(fail(readableReason(error))));
    case "docx":
      return docxPages(source.content).catch((error) => Promise.reject(fail(readableReason(error))));
    default:
      return [{ page_number: null, text: decodeText(source.content, fail) }];
  }
}

async function pdfPages(bytes: Uint8Array): Promise<SourcePage[]> {
  // PDF.js takes ownership of the buffer it is given; hand it a copy.
  const { text } = await extractText(new Uint8Array(bytes), { mergePages: false });
  return text.map((pageText, index) => ({ page_number: index + 1, text: pageText }));
}

async function docxPages(bytes: Uint8Array): Promise<SourcePage[]> {
  const { value } = await mammoth.extractRawText({ buffer: Buffer.from(bytes) });
  return [{ page_number: null, text: value }];
}

function decodeText(bytes: Uint8Array, fail: (reason: string) => SourceReadError): string {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw fail("it is not UTF-8 text");
  }
  if (text.includes("\u0000")) throw fail("it looks like a binary file, not text");
  return text;
}

function readableReason(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  if (/central directory|zip/i.test(message)) return "the file is damaged or not a Word document";
  if (/password/i.test(message)) return "the file is password-protected";
  if (/invalid pdf|pdf header|xref|startxref/i.test(message)) return "the file is damaged or not a PDF";
  return message;
}
