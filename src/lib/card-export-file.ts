import { buildAnkiPackage } from "./anki-package.ts";
import { cardsCsv, type ExportChapter, exportFileName, exportRows } from "./card-export.ts";

/**
 * docs/export.md: the export file a learner downloads. Loaded with a dynamic import when they ask for
 * one, so neither sql.js (about 475 kB gzip) nor the CSV writer weighs on any screen's first load.
 */

export type ExportFormat = "apkg" | "csv";

export interface ExportFile {
  name: string;
  blob: Blob;
}

const ANKI_PACKAGE_TYPE = "application/apkg";
const REVOKE_AFTER_MS = 40_000;

/** sql.js's asm.js build: plain JavaScript, which the CSP's `script-src 'self'` allows (sql-asm.d.ts). */
async function loadSqlJs() {
  const { default: initSqlJs } = await import("sql.js/dist/sql-asm.js");
  return initSqlJs();
}

/** The topic's cards as an Anki package (deck named after the topic) or a CSV file. */
export async function cardExportFile(
  format: ExportFormat,
  topicTitle: string,
  chapters: readonly ExportChapter[],
  now = new Date(),
): Promise<ExportFile> {
  const rows = exportRows(chapters);
  const name = exportFileName(topicTitle, format);
  if (format === "csv") return { name, blob: new Blob([cardsCsv(rows)], { type: "text/csv;charset=utf-8" }) };
  const bytes = await buildAnkiPackage(await loadSqlJs(), topicTitle, rows, now);
  return { name, blob: new Blob([bytes as BlobPart], { type: ANKI_PACKAGE_TYPE }) };
}

/** Hands the file to the browser's download, as a link with `download` does. */
export function saveFile({ name, blob }: ExportFile): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  link.click();
  // Revoking at once can cancel a download that has not read the blob yet (Safari); FileSaver.js
  // waits 40 s for the same reason.
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}
