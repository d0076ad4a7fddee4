import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import {
  dutchDocx,
  dutchMarkdown,
  englishPasted,
  englishPdf,
  englishText,
  type Fixture,
} from "../fixtures/sources.ts";
import { type Chunk, ingestSource, SourceReadError } from "./index.ts";

/** Each page's lines put back together from its chunks, blank lines where no chunk covers a line. */
function pagesFromChunks(chunks: readonly Chunk[]): Map<number | null, string[]> {
  const pages = new Map<number | null, string[]>();
  for (const chunk of chunks) {
    const page = pages.get(chunk.page_number) ?? [];
    chunk.content.split("\n").forEach((line, offset) => {
      page[chunk.line_start + offset] = line;
    });
    pages.set(chunk.page_number, page);
  }
  return new Map([...pages].map(([page, lines]) => [page, Array.from(lines, (line) => line ?? "")]));
}

async function expectExactPages(fixture: Fixture) {
  const { chunks } = await ingestSource(fixture.input);
  expect(pagesFromChunks(chunks)).toEqual(fixture.lines);
  return chunks;
}

describe("ingestSource", () => {
  it("keeps every PDF page's lines with their page number and 0-based line numbers", async () => {
    const fixture = await englishPdf();
    const chunks = await expectExactPages(fixture);
    expect(new Set(chunks.map((chunk) => chunk.page_number))).toEqual(new Set([1, 2, 3]));
    const calvin = chunks.find((chunk) => chunk.content.includes("Rubisco is the enzyme"));
    const page3 = fixture.lines.get(3) ?? [];
    const line = page3.findIndex((text) => text.includes("Rubisco is the enzyme"));
    expect(calvin?.page_number).toBe(3);
    expect(calvin?.content.split("\n")[line - (calvin?.line_start ?? 0)]).toBe(page3[line]);
  });

  it("numbers Markdown lines as an editor does, blank lines included, headings kept", async () => {
    const chunks = await expectExactPages(dutchMarkdown());
    expect(chunks.every((chunk) => chunk.page_number === null)).toBe(true);
    expect(chunks.some((chunk) => chunk.content.startsWith("## Verdamping"))).toBe(true);
  });

  it("reads Word documents, plain text and pasted text line by line", async () => {
    await expectExactPages(await dutchDocx());
    await expectExactPages(englishText());
    const pasted = await expectExactPages(englishPasted());
    expect(pasted[0]?.file_path).toBeNull();
  });

  it("cuts chunks of at most the given size from whole lines, each starting a heading's section", async () => {
    const fixture = await englishPdf();
    const { chunks } = await ingestSource(fixture.input, 3);
    for (const chunk of chunks) {
      expect(chunk.line_end - chunk.line_start + 1).toBeLessThanOrEqual(3);
      expect(chunk.content.split("\n")).toHaveLength(chunk.line_end - chunk.line_start + 1);
    }
    expect(pagesFromChunks(chunks)).toEqual(fixture.lines);
    expect(chunks.some((chunk) => chunk.content.startsWith("2 The light reactions"))).toBe(true);
  });

  it("gives the same chunk ids for the same text, and other ids when the text changes", async () => {
    const first = await ingestSource((await englishPdf()).input);
    const second = await ingestSource((await englishPdf()).input);
    expect(second.chunks.map((chunk) => chunk.id)).toEqual(first.chunks.map((chunk) => chunk.id));
    const changed = await ingestSource({ ...englishText().input, content: "Another text entirely." });
    expect(changed.chunks[0]?.id).not.toBe(first.chunks[0]?.id);
  });

  it("normalises whitespace and line endings without moving line numbers", async () => {
    const { chunks } = await ingestSource({
      ...englishText().input,
      content: new TextEncoder().encode("\uFEFFFirst\tline  here\r\n\r\nThird\u00a0line\r\n\n\n"),
    });
    expect(chunks.map((chunk) => [chunk.line_start, chunk.line_end, chunk.content])).toEqual([
      [0, 2, "First line here\n\nThird line"],
    ]);
  });

  it.each([
    ["pdf", new TextEncoder().encode("%PDF-1.7 this is not really a PDF"), "could not be read as a PDF"],
    ["docx", new TextEncoder().encode("PK not a zip"), "could not be read as a Word (.docx) document"],
    ["text", new Uint8Array([0xff, 0xfe, 0x00, 0x41]), "could not be read as plain text"],
    ["markdown", new Uint8Array([0x41, 0x00, 0x42]), "it looks like a binary file"],
  ] as const)(
    "reports an unreadable %s file with a readable SourceReadError",
    async (kind, content, message) => {
      const attempt = ingestSource({ id: "x", kind, file_name: `broken.${kind}`, file_path: null, content });
      await expect(attempt).rejects.toBeInstanceOf(SourceReadError);
      await expect(attempt).rejects.toThrow(message);
    },
  );

  it("reports a PDF without any text (a scan) and an empty file", async () => {
    const blank = await PDFDocument.create();
    blank.addPage();
    const scan = ingestSource({
      id: "x",
      kind: "pdf",
      file_name: "scan.pdf",
      file_path: null,
      content: await blank.save(),
    });
    await expect(scan).rejects.toThrow(
      '"scan.pdf" could not be read as a PDF: it contains no selectable text',
    );
    const empty = ingestSource({
      id: "y",
      kind: "pasted",
      file_name: "Pasted text",
      file_path: null,
      content: " \n ",
    });
    await expect(empty).rejects.toThrow("it is empty");
  });
});
