import { PDFDocument, StandardFonts } from "pdf-lib";
import { beforeAll, describe, expect, it } from "vitest";
import { ingestSource, recognitionOf, SourceReadError } from "./index.ts";
import { renderPdfPages } from "./ocr.ts";

const SCANNED_LINES = [
  "Rivers and dikes",
  "The river carries water to the sea.",
  "De dijk beschermt het land.",
];

/** A PDF page with these lines as real text, 14 pt Helvetica. */
async function textPdf(lines: readonly string[], size = 14): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([420, 300]);
  for (const [index, line] of lines.entries())
    page.drawText(line, { x: 30, y: 250 - index * 2 * size, size, font });
  return pdf.save();
}

/** The same page as a scanner makes it: only a picture of the text, plus a printed page number. */
async function scannedPdf(photo: Uint8Array): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  pdf.addPage([420, 300]).drawText("Chapter one is typeset as text.", { x: 30, y: 250, size: 14, font });
  const scan = pdf.addPage([420, 300]);
  scan.drawImage(await pdf.embedPng(photo), { x: 0, y: 0, width: 420, height: 300 });
  scan.drawText("2", { x: 205, y: 12, size: 8, font });
  return pdf.save();
}

const source = { id: "scan", file_path: "e/t/scan", file_name: "scan" };
let photo: Uint8Array;

// One rendered photo of known text serves every test; recognising one page takes about two seconds.
beforeAll(async () => {
  [photo] = (await renderPdfPages(await textPdf(SCANNED_LINES), [1])) as [Uint8Array];
});

describe("text recognition (OCR)", () => {
  it("reads a photo of a page, Dutch and English, as one page of lines", async () => {
    const { chunks, recognition } = await ingestSource({ ...source, kind: "image", content: photo });
    expect(chunks.flatMap((chunk) => chunk.content.split("\n"))).toEqual(SCANNED_LINES);
    expect(chunks.every((chunk) => chunk.page_number === null)).toBe(true);
    expect(recognition).toEqual({ pages: [1], lowConfidencePages: [] });
  });

  it("takes a line set in larger type for a heading, and a short line at body size for text", async () => {
    const pdf = await PDFDocument.create();
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    const page = pdf.addPage([420, 300]);
    page.drawText("Rivers and dikes", { x: 30, y: 250, size: 22, font });
    const body = ["The river carries water to the sea.", "Dikes and dunes", "De dijk beschermt het land."];
    for (const [index, line] of body.entries())
      page.drawText(line, { x: 30, y: 210 - index * 24, size: 14, font });
    const [image] = await renderPdfPages(await pdf.save(), [1]);
    const { chunks } = await ingestSource({ ...source, kind: "image", content: image as Uint8Array });
    expect(chunks.flatMap((chunk) => chunk.layout?.headings ?? [])).toEqual([{ line: 0, level: 1 }]);
  });

  it("recognises only a PDF's scanned pages, which keep their page number", async () => {
    const { chunks, recognition } = await ingestSource({
      ...source,
      kind: "pdf",
      content: await scannedPdf(photo),
    });
    const page = (number: number) =>
      chunks.filter((chunk) => chunk.page_number === number).flatMap((chunk) => chunk.content.split("\n"));
    expect(page(1)).toEqual(["Chapter one is typeset as text."]);
    expect(page(2)).toEqual(SCANNED_LINES);
    expect(recognition.pages).toEqual([2]);
  });

  it("reports a PDF whose text is neither selectable nor recognisable", async () => {
    const blank = await PDFDocument.create();
    blank.addPage([420, 300]);
    const attempt = ingestSource({ ...source, kind: "pdf", content: await blank.save() });
    await expect(attempt).rejects.toThrow(
      '"scan" could not be read as a PDF: it contains no selectable text, and no text could be recognised',
    );
  });

  it("reports a file that is not an image", async () => {
    const attempt = ingestSource({ ...source, kind: "image", content: new TextEncoder().encode("no image") });
    await expect(attempt).rejects.toBeInstanceOf(SourceReadError);
    await expect(attempt).rejects.toThrow(/could not be read as an image of a page: .*PNG or JPEG/);
  });
});

describe("recognitionOf", () => {
  const page = (page_number: number | null, confidence?: number) => ({
    page_number,
    lines: ["x"],
    layout: null,
    ...(confidence === undefined ? {} : { recognised: { confidence } }),
  });

  it.each([
    {
      name: "text read directly",
      pages: [page(1), page(2)],
      expected: { pages: [], lowConfidencePages: [] },
    },
    { name: "a clear scan", pages: [page(1), page(2, 91)], expected: { pages: [2], lowConfidencePages: [] } },
    { name: "at the threshold", pages: [page(3, 60)], expected: { pages: [3], lowConfidencePages: [] } },
    {
      name: "below it",
      pages: [page(3, 59), page(4, 12)],
      expected: { pages: [3, 4], lowConfidencePages: [3, 4] },
    },
    { name: "a photo (unpaged)", pages: [page(null, 40)], expected: { pages: [1], lowConfidencePages: [1] } },
  ])("$name", ({ pages, expected }) => {
    expect(recognitionOf(pages)).toEqual(expected);
  });
});
