/**
 * Letterspaced capitals ("A L L C A P S"). Classes that track capitals (tufte-latex's \allcaps, microtype's
 * \textls) set each letter apart, and PDF.js reads every such gap as a space; the word spaces between
 * them are lost in the same way. The letters are joined and cut into the fewest words of the first word
 * test that covers them all: the language's word list before the document's own words, which also hold
 * the names of its commands ("\allcaps" would make "ALL CAPS" one word). Where no test covers the letters
 * the line stays as read: a guess would change what the page says.
 */

/** Three or more single capitals, each set one space apart. */
const RUN = String.raw`(?<![\p{L}\p{N}])\p{Lu}(?: \p{Lu}){2,}(?![\p{L}\p{N}])`;
const LETTERSPACED = new RegExp(RUN, "gu");
// Without the global flag, so a test keeps no position from one line to the next.
const HAS_LETTERSPACED = new RegExp(RUN, "u");

/** Whether a line holds letterspaced capitals (so the English word list is worth loading). */
export function hasLetterspacing(line: string): boolean {
  return HAS_LETTERSPACED.test(line);
}

type WordTest = (word: string) => boolean;

/** The line with each run of letterspaced capitals read as words, where the words are known. */
export function withoutLetterspacing(line: string, wordTests: readonly WordTest[]): string {
  return line.replace(LETTERSPACED, (run) => {
    const letters = run.replace(/ /g, "");
    for (const isWord of wordTests) {
      const words = fewestWords(letters, isWord);
      if (words) return words.join(" ");
    }
    return run;
  });
}

/** The letters cut into the fewest known words of two letters or more, or null when none covers them. */
function fewestWords(letters: string, isWord: WordTest): string[] | null {
  // best[end]: the fewest words that spell letters[0..end), as the starts of their words.
  const best: (number[] | null)[] = [[]];
  for (let end = 1; end <= letters.length; end++) {
    best[end] = null;
    for (let start = 0; start <= end - 2; start++) {
      const before = best[start];
      if (!before || !isWord(letters.slice(start, end).toLowerCase())) continue;
      if (!best[end] || before.length + 1 < (best[end] as number[]).length) best[end] = [...before, start];
    }
  }
  const starts = best[letters.length];
  if (!starts) return null;
  return starts.map((start, index) => letters.slice(start, starts[index + 1] ?? letters.length));
}
