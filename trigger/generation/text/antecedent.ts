import type { Language } from "./language.ts";
import { wordSet } from "./lexicon/index.ts";
import { isDutchVerbForm, posTags } from "./pos.ts";
import { namesATime } from "./rank.ts";
import { DUTCH_SUBJECT_TAGS, dutchNounNumber, dutchVerbNumbers, SUBJECT_TAGS } from "./why-question.ts";

/**
 * The plural noun phrase a sentence opens with, as its subject, when a plural pronoun in the next
 * sentence ("they", "ze") can only mean it: "Steamships followed a few years later." → "Steamships".
 * Null unless the sentence is one clause (no comma), its subject is a plain noun phrase (determiners,
 * adjectives, nouns) with a plural head before a plural finite verb, and nothing after the verb could
 * be meant instead: no other plural noun (a time such as "a few years later" says when, it is no one)
 * and no plural pronoun, which would point further back.
 */
export function pluralOpeningSubject(sentence: string, language: Language): string | null {
  const text = sentence.replace(/[.!?]+["'”’)]*$/u, "").trim();
  if (/[,;:()]/u.test(text)) return null;
  const tokens = text.split(/\s+/u);
  const tags = posTags(tokens, language);
  const verbAt = tags.findIndex((tag, index) => isVerbTag(tag, tokens[index] ?? "", language));
  if (verbAt < 1) return null;
  const subjectTags = tags.slice(0, verbAt);
  if (!subjectTags.every((tag, index) => isSubjectTag(tag, tokens[index] ?? "", language))) return null;
  const head = tokens[verbAt - 1] ?? "";
  if (!isPluralNoun(head, tags[verbAt - 1] ?? "", language)) return null;
  if (!isPluralVerb(tokens[verbAt] ?? "", tags[verbAt] ?? "", language)) return null;
  const pronouns = wordSet(language, "pluralPronounForms");
  const rest = tokens.slice(verbAt + 1);
  const another = rest.some(
    (token, index) =>
      pronouns.has(token.toLowerCase()) ||
      (isPluralNoun(token, tags[verbAt + 1 + index] ?? "", language) && !namesATime(token, language)),
  );
  return another ? null : tokens.slice(0, verbAt).join(" ");
}

function isVerbTag(tag: string, token: string, language: Language): boolean {
  if (language === "en") return /^(VB|MD)/u.test(tag);
  return tag.startsWith("V(") || (tag === "?" && isDutchVerbForm(token));
}

function isSubjectTag(tag: string, token: string, language: Language): boolean {
  if (language === "en") return SUBJECT_TAGS.test(tag) && tag !== "CD";
  // A word the Dutch lexicon does not know counts when it is no verb form ("Stoomschepen").
  return DUTCH_SUBJECT_TAGS.test(tag) || (tag === "?" && /^\p{L}+$/u.test(token) && !isDutchVerbForm(token));
}

function isPluralNoun(token: string, tag: string, language: Language): boolean {
  if (language === "en") return /^NNP?S$/u.test(tag);
  if (!(tag === "?" || tag.startsWith("N("))) return false;
  return dutchNounNumber(token, tag) === "plural";
}

/** A finite verb for a plural subject: an English past, plural present (often read as a base form) or modal; a Dutch plural form. */
function isPluralVerb(token: string, tag: string, language: Language): boolean {
  if (language === "en") return /^(VBD|VBP|VB|MD)$/u.test(tag);
  const numbers = dutchVerbNumbers(token.toLowerCase());
  return numbers.has("plural") && !numbers.has("singular");
}
