import type { Sentence } from "../../corpus.ts";
import { escapeRegExp } from "../../text/language.ts";

const LETTERS = /\p{L}+/gu;
const LETTER = /\p{L}/u;

/** A phrase as whole words: no letter right before or after it. */
export function wordPattern(key: string): RegExp {
  return new RegExp(`(?<![\\p{L}])${escapeRegExp(key)}(?![\\p{L}])`, "u");
}

/**
 * The sentences of a passage (in lower case), indexed by the words they hold, for the many "which
 * sentences mention this phrase" questions that titling a passage asks. A phrase matched as whole words
 * only occurs where every run of letters in it is a whole run of letters of the text, so only the
 * sentences holding its rarest such run are searched, with the same pattern as a full scan: the answers
 * are exactly those of testing every sentence, without costing the passage's length for every phrase.
 */
export class PassageIndex {
  readonly texts: readonly string[];
  private readonly sentencesWith = new Map<string, number[]>();
  private readonly patterns = new Map<string, RegExp>();
  private readonly mentionCounts = new Map<string, number>();

  constructor(sentences: readonly Sentence[]) {
    this.texts = sentences.map((sentence) => sentence.text.toLowerCase());
    this.texts.forEach((text, position) => {
      for (const run of new Set(text.match(LETTERS))) {
        const list = this.sentencesWith.get(run);
        if (list) list.push(position);
        else this.sentencesWith.set(run, [position]);
      }
    });
  }

  /** The whole-word pattern of a (lower-case) phrase, compiled once per passage. */
  pattern(key: string): RegExp {
    let pattern = this.patterns.get(key);
    if (!pattern) {
      pattern = wordPattern(key);
      this.patterns.set(key, pattern);
    }
    return pattern;
  }

  /** Whether a (lower-case) phrase occurs as whole words in a text. */
  wordsIn(key: string, text: string): boolean {
    return this.pattern(key).test(text);
  }

  /** How many sentences hold a (lower-case) phrase as whole words. */
  mentions(key: string): number {
    let count = this.mentionCounts.get(key);
    if (count === undefined) {
      count = this.countMentions(key, Number.POSITIVE_INFINITY);
      this.mentionCounts.set(key, count);
    }
    return count;
  }

  /** Whether more than `count` sentences hold a (lower-case) phrase: stops counting once they do. */
  mentionedMoreThan(key: string, count: number): boolean {
    const known = this.mentionCounts.get(key);
    return (known ?? this.countMentions(key, count + 1)) > count;
  }

  /**
   * Whether a (lower-case) phrase occurs in the passage, and in every sentence that holds it only after
   * the first match of `before` there: stops at the first sentence where it does not.
   */
  onlyAfter(key: string, before: RegExp): boolean {
    const pattern = this.pattern(key);
    let found = false;
    for (const position of this.candidates(key)) {
      const text = this.texts[position] as string;
      const at = text.search(pattern);
      if (at < 0) continue;
      found = true;
      const marker = text.search(before);
      if (marker < 0 || marker >= at) return false;
    }
    return found;
  }

  /** Sentences holding the phrase, counted up to `limit`. */
  private countMentions(key: string, limit: number): number {
    const pattern = this.pattern(key);
    let count = 0;
    for (const position of this.candidates(key)) {
      if (pattern.test(this.texts[position] as string)) count++;
      if (count >= limit) break;
    }
    return count;
  }

  /** Positions of the sentences that hold every run of letters of a phrase (all, for one without). */
  private candidates(key: string): readonly number[] {
    const runs = key.match(LETTERS);
    if (!runs) return this.texts.map((_, position) => position);
    let fewest: readonly number[] | undefined;
    for (const run of runs) {
      const list = this.sentencesWith.get(run) ?? [];
      if (!fewest || list.length < fewest.length) fewest = list;
    }
    return fewest ?? [];
  }
}

/**
 * Every word that heads "… van …"/"… of …" somewhere in a text ("begin" in "het begin van de
 * jaartelling"), found in one pass: the same words a whole-word search for each word followed by
 * "van"/"of" would find, so asking about many words costs the text once.
 */
export function headsBeforeOf(text: string): Set<string> {
  const heads = new Set<string>();
  for (const [run] of text.matchAll(/\S+(?=\s+(?:van|of)\s)/gu)) {
    // A whole-word match may start after any non-letter inside the run ("well-known of" holds "known").
    const characters = Array.from(run);
    characters.forEach((_, start) => {
      if (start === 0 || !LETTER.test(characters[start - 1] as string))
        heads.add(characters.slice(start).join(""));
    });
  }
  return heads;
}
