import { en } from "./en.ts";
import { nl } from "./nl.ts";
import type { Language, WordLists } from "./word-lists.ts";

export type { WordLists, WrongOptionTemplates } from "./word-lists.ts";

export const WORD_LISTS: Record<Language, WordLists> = { en, nl };

const sets = new Map<string, ReadonlySet<string>>();

/** One list of a language as a set, built once. */
/** The lists of words (not the templates), by name. */
type WordListName = Exclude<keyof WordLists, "wrongOption">;

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
