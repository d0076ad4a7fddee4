const LIST_MARKER = /^(?:[-*+•]|\d{1,3}[.)])\s+/;
const QUOTE_MARKER = /^(?:>\s?)+/;
const IMAGE = /!\[([^\]]*)\]\([^)]*\)/g;
const LINK = /\[([^\]]+)\]\([^)]*\)/g;
const EMPHASIS = /(\*\*|__|\*|_|~~|`)(?=\S)(.+?)(?<=\S)\1/g;

/** A line without its Markdown markup: list and quote markers, links, images and emphasis. */
export function plainText(line: string): string {
  return line
    .replace(QUOTE_MARKER, "")
    .replace(LIST_MARKER, "")
    .replace(IMAGE, "$1")
    .replace(LINK, "$1")
    .replace(EMPHASIS, "$2")
    .trim();
}

/** Lines that hold no prose to learn from: table rows, rules, code fences. */
export function isNonProse(line: string): boolean {
  return /^(\|.*\||[-=*_]{3,}|```.*|~~~.*)$/.test(line);
}

/**
 * Joins consecutive lines of one paragraph into running text, undoing hyphenation at line ends
 * ("photo-" + "synthesis" → "photosynthesis"). Returns the text and where each line starts in it.
 */
export function joinLines(lines: readonly string[]): { text: string; starts: number[] } {
  let text = "";
  const starts: number[] = [];
  for (const line of lines) {
    if (text === "") {
      starts.push(0);
      text = line;
    } else if (/\p{Ll}-$/u.test(text) && /^\p{Ll}/u.test(line)) {
      text = text.slice(0, -1);
      starts.push(text.length);
      text += line;
    } else {
      starts.push(text.length + 1);
      text += ` ${line}`;
    }
  }
  return { text, starts };
}
