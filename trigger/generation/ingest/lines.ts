// Characters that carry no text: soft hyphens, zero-width marks and the byte-order mark.
const INVISIBLE = /[\u00ad\u200b-\u200d\u2060\ufeff]/g;
// Control characters (tabs, form feeds from printers…) become spaces.
const CONTROL = /\p{Cc}/gu;

/**
 * The lines of a text as the engine numbers and quotes them: Unicode NFC, whitespace inside a line
 * collapsed to one space, no leading or trailing spaces, no trailing blank lines. Blank lines in between
 * stay, so line numbers of a Markdown or text file match what an editor shows.
 */
export function normalizeLines(text: string): string[] {
  const lines = text.split(/\r\n|\r|\n|\u2028|\u2029/).map(normalizeLine);
  while (lines.length > 0 && lines[lines.length - 1] === "") lines.pop();
  return lines;
}

/** One line as the engine stores it (see normalizeLines); it must not contain a line break. */
export function normalizeLine(line: string): string {
  return line.normalize("NFC").replace(INVISIBLE, "").replace(CONTROL, " ").replace(/\s+/g, " ").trim();
}
