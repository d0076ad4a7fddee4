/**
 * Text rules the truth tools share, kept apart from the tools (which run on import) so they can be
 * tested row by row: what a reader sees printed, never what our reader makes of it.
 */

/**
 * TeX's logos as printed. Classes define them with kerns and font switches that pandoc cannot typeset
 * (IEEEtran's `\BibTeX` came out as "B-0.5emi-0.25em b-0.8emTeX"), or inside `\AtBeginDocument`, which
 * pandoc skips (acmart's `\BibTeX` was dropped, leaving "The use of for the preparation").
 */
const TEX_LOGOS: Record<string, string> = {
  BibTeX: "BibTeX",
  BibLaTeX: "BibLaTeX",
  XeLaTeX: "XeLaTeX",
  LuaLaTeX: "LuaLaTeX",
  pdfLaTeX: "pdfLaTeX",
  AmS: "AMS",
  // pandoc's LaTeX reader knows \LaTeX but prints nothing for \LaTeXe ("(and ) in manuscripts").
  LaTeXe: "LaTeX 2ε",
};

/**
 * A control word and what TeX swallows after it: an empty group, or the spaces (and one line end), so
 * "\BibTeX\ file" and "\BibTeX{} file" print "BibTeX file". pandoc reads `\LaTeX` and `\TeX` itself.
 */
function logoUse(name: string): RegExp {
  return new RegExp(`\\\\${name}(?![A-Za-z@])(?:\\{\\}|[ \\t]*\\n?[ \\t]*)`, "g");
}

/** `\providecommand\X{…}`, `\newcommand{\X}{…}`, `\def\X{…}`: the definition, braces balanced. */
function withoutDefinition(source: string, name: string): string {
  const head = new RegExp(
    `\\\\(?:providecommand|newcommand|renewcommand|DeclareRobustCommand|def)\\*?\\s*(?:\\{\\\\${name}\\}|\\\\${name}(?![A-Za-z@]))\\s*`,
    "g",
  );
  let result = source;
  for (let match = head.exec(result); match; match = head.exec(result)) {
    const end = bracedEnd(result, match.index + match[0].length);
    if (end < 0) break;
    result = result.slice(0, match.index) + result.slice(end);
    head.lastIndex = match.index;
  }
  return result;
}

/** The index after the `{…}` group that opens at `from` (whitespace allowed before it), or -1. */
function bracedEnd(source: string, from: number): number {
  let index = from;
  while (/\s/.test(source[index] ?? "")) index++;
  if (source[index] !== "{") return -1;
  let depth = 0;
  for (; index < source.length; index++) {
    if (source[index] === "\\") index++;
    else if (source[index] === "{") depth++;
    else if (source[index] === "}" && --depth === 0) return index + 1;
  }
  return -1;
}

/** LaTeX source with every TeX logo command written as the word the page prints. */
export function printTexLogos(source: string): string {
  let result = source;
  const names = Object.keys(TEX_LOGOS).sort((a, b) => b.length - a.length);
  for (const name of names) result = withoutDefinition(result, name);
  for (const name of names) result = result.replace(logoUse(name), TEX_LOGOS[name] as string);
  return result;
}

/**
 * LaTeX source without its comments, as TeX reads it: a `%` ends the line there and swallows the line end
 * and the next line's leading spaces, so "cases---%⏎do" prints "cases—do" (pandoc keeps the line end and
 * would print "cases— do"). A blank line after the comment still ends the paragraph; an escaped `\%` is a
 * printed percent sign.
 */
export function withoutComments(source: string): string {
  return source.replace(/(?<!\\)%.*(?:\n(?![ \t]*\n)[ \t]*)?/g, "");
}

/**
 * A list marker typed into a slide paragraph ("- Functions that we define …", "• Item", "1) Step"):
 * the slide shows it as a bullet, as a bulleted paragraph's own marker, and it is not part of the
 * sentence (pandoc leaves list markers out of a Markdown list item's text the same way).
 */
const TYPED_MARKER = /^(?:[-–—•*▪◦‣►▶➢]|\d{1,2}[.)])\s+(?=\S)/u;

export function withoutTypedMarker(paragraph: string): string {
  return paragraph.replace(TYPED_MARKER, "");
}

/**
 * pandoc writes a space wherever the source has one, also before closing punctuation that a line break
 * or a LaTeX command left apart ("the end ."). That space goes, but not before a word that starts with
 * punctuation ("eindigt op .log.", "a .docx file"): the page prints that space.
 */
export function closePunctuation(text: string): string {
  return text.replace(/\s+([,.;:!?])(?=\s|$|["')\]])/g, "$1");
}

/**
 * `\verb+…+` prints its text literally (the REVTeX sample shows "\cite{#1}"), so the commands inside it
 * must not be resolved like the document's own: `hidden` holds each verbatim as a placeholder, `restore`
 * puts them back once citations and references are written out.
 */
export function hideVerbatim(source: string): { hidden: string; restore: (text: string) => string } {
  const verbatims: string[] = [];
  const hidden = source.replace(
    /\\verb\*?([^A-Za-z\s*])(.*?)\1/g,
    (verbatim) => `\uE001${verbatims.push(verbatim) - 1}\uE001`,
  );
  const restore = (text: string) =>
    text.replace(/\uE001(\d+)\uE001/g, (_, index: string) => verbatims[Number(index)] ?? "");
  return { hidden, restore };
}
