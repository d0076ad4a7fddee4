import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { exportChapters, pdfCitation, webCitation } from "./card-export.fixtures.ts";
import {
  CSV_COLUMNS,
  cardCitationText,
  cardsCsv,
  chapterTag,
  exportFileName,
  exportRows,
  UTF8_BOM,
} from "./card-export.ts";

/** Reads the CSV back with a strict RFC 4180 parser: any stray quote or ragged row throws. */
function readCsv(csv: string): string[][] {
  return parse(csv, { bom: true, relax_quotes: false, relax_column_count: false }) as string[][];
}

describe("cardsCsv", () => {
  const rows = exportRows(exportChapters);
  const csv = cardsCsv(rows);

  it("starts with a UTF-8 byte-order mark and ends every record with CRLF", () => {
    expect(csv.startsWith(UTF8_BOM)).toBe(true);
    expect(csv.replace(/"[^"]*"/g, "").replace(/[,\uFEFF]/g, "")).toBe("\r\n".repeat(rows.length + 1));
  });

  it("reads back as a header and one record per card, chapters in order", () => {
    const [header, ...records] = readCsv(csv);
    expect(header).toEqual([...CSV_COLUMNS]);
    expect(records).toEqual([
      [
        "Wat is een café-bron?",
        "Een bron bij een café.",
        "Denk aan de bodem",
        "rivieren.pdf p.3 (Lines: 4-6); rivieren.pdf p.4 (Lines: 1-1)",
        "Bronnen",
      ],
      ["Vraag c2?", "Antwoord c2.", "", "", "Bronnen"],
      [
        "'=SUM(A1) of niet?",
        'Een "delta" ontstaat, zegt men, waar <rivier> & zee elkaar raken.\nTweede regel.',
        "",
        "example.nl (Lines: 1-2)",
        "Delta's en zeeën",
      ],
    ]);
  });

  it("writes only a header for a topic without cards", () => {
    expect(readCsv(cardsCsv([]))).toEqual([[...CSV_COLUMNS]]);
  });
});

describe("spreadsheet formulas are defused", () => {
  it.each([
    ["=1+1", "'=1+1"],
    ["+31 20", "'+31 20"],
    ["-5 graden", "'-5 graden"],
    ["@rivier", "'@rivier"],
    ["Gewone tekst", "Gewone tekst"],
  ])("%s is written as %s", (front, written) => {
    const card = { id: "c", q: front, a: "a", hint: null, subtopic_id: null, citations: [] };
    const rows = exportRows([{ title: "H", position: 1, activityId: "a", cards: [card] }]);
    expect(readCsv(cardsCsv(rows))[1]?.[0]).toBe(written);
  });
});

describe("exportRows", () => {
  it("keys each card by its activity, so equal card ids in two chapters stay apart", () => {
    expect(exportRows(exportChapters).map((row) => row.key)).toEqual(["act-1/c1", "act-1/c2", "act-2/c1"]);
  });
});

describe("cardCitationText", () => {
  it.each([
    ["a PDF page", [pdfCitation(3, 3, 5)], "rivieren.pdf p.3 (Lines: 4-6)"],
    ["a web page", [webCitation], "example.nl (Lines: 1-2)"],
    ["a repeated range once", [pdfCitation(1, 0, 2), pdfCitation(1, 0, 2)], "rivieren.pdf p.1 (Lines: 1-3)"],
    ["nothing", [], ""],
  ])("names %s as the citation chip does", (_case, citations, text) => {
    expect(cardCitationText(citations)).toBe(text);
  });
});

describe("chapterTag", () => {
  it.each([
    [1, "Bronnen", "01_Bronnen"],
    [12, "Delta's en  zeeën", "12_Delta's_en_zeeën"],
    [3, "Deel::A ", "03_Deel_A"],
  ])("chapter %i %j is tagged %s", (position, title, tag) => {
    expect(chapterTag(position, title)).toBe(tag);
  });
});

describe("exportFileName", () => {
  it.each([
    ["Rivieren van Europa", "csv", "rivieren-van-europa-kaarten.csv"],
    ["Économie & café", "apkg", "economie-cafe-kaarten.apkg"],
    ["???", "csv", "onderwerp-kaarten.csv"],
  ] as const)("%s as %s is %s", (title, extension, name) => {
    expect(exportFileName(title, extension)).toBe(name);
  });
});
