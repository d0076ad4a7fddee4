import Papa from "papaparse";
import type { PracticeCard } from "@/domain/activity-payload.ts";
import { type Citation, uniqueCitations } from "@/domain/citation.ts";
import { citationLabel, lineRangeText } from "./citation-display.ts";

/**
 * docs/export.md: a topic's practice cards as a learner takes them elsewhere (Anki, a spreadsheet), each
 * with the source lines it rests on, named as the citation chip names them.
 */

/** One chapter's practice activity, as the overview's outline and the practice payloads give it. */
export interface ExportChapter {
  title: string;
  position: number;
  activityId: string;
  cards: readonly PracticeCard[];
}

/** One exported card: plain text in every field (each format escapes for itself). */
export interface ExportRow {
  /** `activityId/cardId`: stable across exports, so a re-import updates a card rather than copying it. */
  key: string;
  front: string;
  back: string;
  hint: string;
  citation: string;
  chapter: string;
  chapterPosition: number;
}

/** The CSV's columns, in order (docs/export.md). */
export const CSV_COLUMNS = ["front", "back", "hint", "citation", "chapter"] as const;

/**
 * Excel reads a CSV without a byte-order mark in the system code page (Windows-1252 in the Netherlands),
 * which garbles UTF-8 accents ("cafÃ©"); the mark makes it read UTF-8.
 */
export const UTF8_BOM = "\uFEFF";

/** A citation as the chip and its dialog show it: "biologie.pdf p.3 (Lines: 4-6)". */
export function citationText(citation: Citation): string {
  return `${citationLabel(citation)} (${lineRangeText(citation)})`;
}

/** A card's citations, each range once, joined with "; " (empty when the card cites nothing). */
export function cardCitationText(citations: readonly Citation[]): string {
  return uniqueCitations(citations).map(citationText).join("; ");
}

/** The cards of all chapters in chapter order, each card in its deck's order. */
export function exportRows(chapters: readonly ExportChapter[]): ExportRow[] {
  return [...chapters]
    .sort((a, b) => a.position - b.position)
    .flatMap((chapter) =>
      chapter.cards.map((card) => ({
        key: `${chapter.activityId}/${card.id}`,
        front: card.q,
        back: card.a,
        hint: card.hint ?? "",
        citation: cardCitationText(card.citations),
        chapter: chapter.title,
        chapterPosition: chapter.position,
      })),
    );
}

/**
 * RFC 4180 CSV (every field quoted, CRLF line ends) with a header row and a UTF-8 byte-order mark.
 * Cells that start like a spreadsheet formula (=, +, -, @) get a leading apostrophe, as OWASP advises
 * against CSV injection: card text comes from uploaded and web sources.
 */
export function cardsCsv(rows: readonly ExportRow[]): string {
  const csv = Papa.unparse(
    {
      fields: [...CSV_COLUMNS],
      data: rows.map((row) => CSV_COLUMNS.map((column) => row[column])),
    },
    { quotes: true, newline: "\r\n", escapeFormulae: true },
  );
  // Papa ends a header-only file with a line break but not the last record; RFC 4180 allows both.
  return `${UTF8_BOM}${csv.endsWith("\r\n") ? csv : `${csv}\r\n`}`;
}

/**
 * A chapter as one Anki tag: Anki splits tags on spaces and reads "::" as a hierarchy, so both become
 * "_"; the zero-padded position keeps chapters in order in Anki's tag list ("03_Rivieren_en_delta's").
 */
export function chapterTag(position: number, title: string): string {
  const name = title.trim().replace(/::/g, "_").replace(/\s+/g, "_");
  return `${String(position).padStart(2, "0")}_${name}`.replace(/_+$/, "");
}

/** "Rivieren van Europa" → "rivieren-van-europa-kaarten.apkg"; accents dropped so every system takes the name. */
export function exportFileName(topicTitle: string, extension: "apkg" | "csv"): string {
  const slug = topicTitle
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60);
  return `${slug || "onderwerp"}-kaarten.${extension}`;
}
