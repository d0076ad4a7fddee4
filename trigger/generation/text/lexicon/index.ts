import type { Language } from "../language.ts";
import { en } from "./en.ts";
import { nl } from "./nl.ts";
import type { WordLists } from "./word-lists.ts";

export type { WordLists } from "./word-lists.ts";

export const WORD_LISTS: Record<Language, WordLists> = { en, nl };

const sets = new Map<string, ReadonlySet<string>>();

/** One list of a language as a set, built once. */
export function wordSet(language: Language, list: keyof WordLists): ReadonlySet<string> {
  const key = `${language}:${list}`;
  let set = sets.get(key);
  if (!set) {
    set = new Set(WORD_LISTS[language][list]);
    sets.set(key, set);
  }
  return set;
}
