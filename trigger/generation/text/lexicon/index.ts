import { en } from "./en.ts";
import { nl } from "./nl.ts";
import type { Language, WordLists } from "./word-lists.ts";

export type { WordLists, WrongOptionTemplates } from "./word-lists.ts";

export const WORD_LISTS: Record<Language, WordLists> = { en, nl };

const sets = new Map<string, ReadonlySet<string>>();

/** One list of a language as a set, built once. */
/** The lists of words (not the templates), by name. */
export type WordListName = Exclude<keyof WordLists, "wrongOption">;

export function wordSet(language: Language, list: WordListName): ReadonlySet<string> {
  const key = `${language}:${list}`;
  let set = sets.get(key);
  if (!set) {
    set = new Set(WORD_LISTS[language][list]);
    sets.set(key, set);
  }
  return set;
}

/** A template with its `{slot}`s filled; a slot without a value stays as written, so a gap shows. */
export function fillTemplate(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(/\{(\w+)\}/g, (slot, name: string) => values[name] ?? slot);
}

/**
 * The tokens that belong to one of the language's fixed expressions ("in elk geval", "aan de hand van"):
 * their nouns name nothing, so no key phrase holds one ("in elk geval realistische bedrijfscasus" has
 * no phrase "geval realistische bedrijfscasus").
 */
export function fixedExpressionTokens(lower: readonly string[], language: Language): Set<number> {
  const byFirstWord = fixedExpressionsByFirstWord(language);
  const covered = new Set<number>();
  lower.forEach((token, start) => {
    for (const words of byFirstWord.get(token) ?? [])
      if (words.every((word, offset) => lower[start + offset] === word))
        for (let offset = 0; offset < words.length; offset++) covered.add(start + offset);
  });
  return covered;
}

const expressionIndex = new Map<Language, Map<string, string[][]>>();

/** The language's fixed expressions as word lists, by their first word, built once. */
function fixedExpressionsByFirstWord(language: Language): Map<string, string[][]> {
  let index = expressionIndex.get(language);
  if (!index) {
    index = new Map();
    for (const expression of WORD_LISTS[language].fixedExpressions) {
      const words = expression.split(" ");
      const first = words[0] ?? "";
      index.set(first, [...(index.get(first) ?? []), words]);
    }
    expressionIndex.set(language, index);
  }
  return index;
}
