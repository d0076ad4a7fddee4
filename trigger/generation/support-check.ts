import { contentTerms } from "./corpus.ts";
import { comparable, stem } from "./support.ts";
import { plainText } from "./text/markup.ts";

/**
 * Checks on a written item that need no source: whether a hint or a stem hands the learner the answer,
 * and whether options repeat. Whether the answer is in the cited lines is `isSupported` (support.ts).
 */

/**
 * Whether `text` gives the answer away: it holds the whole answer, or every content word of a short
 * answer (three words or fewer; a longer answer can share words with its question without being told).
 */
export function revealsAnswer(text: string, answer: string): boolean {
  const haystack = comparable(plainText(text));
  const needle = comparable(plainText(answer));
  if (needle === "" || haystack === "") return false;
  if (haystack.includes(needle) && needle.length > 3) return true;
  const terms = contentTerms(plainText(answer));
  if (terms.length === 0 || terms.length > 3) return false;
  const present = new Set(contentTerms(haystack).map(stem));
  return terms.every((term) => present.has(stem(term)));
}

/**
 * Options without repeats (compared as the learner reads them) and where the correct one ended up;
 * null when fewer than two different options remain.
 */
export function distinctOptions(
  options: readonly string[],
  correct: number,
): { options: string[]; correct: number } | null {
  const seen = new Map<string, number>();
  const kept: string[] = [];
  let position = -1;
  options.forEach((option, index) => {
    const key = comparable(plainText(option));
    if (key === "") return;
    const existing = seen.get(key);
    if (existing === undefined) {
      seen.set(key, kept.length);
      kept.push(option.trim());
    }
    if (index === correct) position = existing ?? kept.length - 1;
  });
  if (position < 0 || kept.length < 2) return null;
  return { options: kept, correct: position };
}

/**
 * The options with the correct one moved to `slot` (modulo their number), the others keeping their
 * order: models tend to put the answer first, and a learner should not win by position.
 */
export function placeAnswer(options: readonly string[], correct: number, slot: number) {
  const answer = options[correct] as string;
  const others = options.filter((_, index) => index !== correct);
  const target = ((slot % options.length) + options.length) % options.length;
  others.splice(target, 0, answer);
  return { options: others, correct: target };
}
