import { escapeRegExp } from "./language.ts";

const WORD = /[\p{L}\p{N}]+/gu;
/** Capitals inside a word, or a word in capitals: an acronym or a name as the text writes it. */
const CASED_INSIDE = /^.+\p{Lu}/u;

/**
 * A heading set in capitals (a Word style's "All caps", a report's chapter titles) written as the text
 * itself writes its words: capitals on the page say nothing of case, and a title in capitals reads as
 * shouting on every slide and card. The whole phrase as the body writes it ("CONFORMANCE STATEMENT" →
 * "Conformance Statement"), else each word as the body writes it when that is with capitals inside it
 * ("CLASS: PUBLICEVENT" → "Class: PublicEvent", "THE CPEV PROCESS" → "The CPEV process"), else lower
 * case, the first letter a capital. A heading with any lower-case letter is left as it is.
 */
export class WrittenCase {
  private readonly body: string;
  private readonly forms = new Map<string, { cased: Map<string, number>; plain: number }>();

  constructor(texts: readonly string[]) {
    this.body = texts.join(" ");
    for (const text of texts) {
      // The first word of a sentence is capitalised by position, not by how the word is written.
      for (const match of text.matchAll(WORD)) {
        if (match.index === 0) continue;
        const word = match[0];
        const form = this.forms.get(word.toLowerCase()) ?? { cased: new Map(), plain: 0 };
        if (CASED_INSIDE.test(word)) form.cased.set(word, (form.cased.get(word) ?? 0) + 1);
        else form.plain += 1;
        this.forms.set(word.toLowerCase(), form);
      }
    }
  }

  of(heading: string): string {
    const letters = heading.match(/\p{L}/gu) ?? [];
    if (letters.length < 4 || /\p{Ll}/u.test(heading)) return heading;
    const phrase = this.body.match(
      new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(heading)}(?![\\p{L}\\p{N}])`, "iu"),
    );
    const written = phrase?.[0] ?? heading.replace(WORD, (word) => this.wordOf(word));
    return written.replace(/\p{L}/u, (first) => first.toUpperCase());
  }

  private wordOf(word: string): string {
    const form = this.forms.get(word.toLowerCase());
    const [cased, count] = [...(form?.cased ?? [])].sort((p, q) => q[1] - p[1])[0] ?? [];
    return cased && (count ?? 0) >= (form?.plain ?? 0) ? cased : word.toLowerCase();
  }
}
