import type { Difficulty, Question } from "../../../../src/domain/activity-payload.ts";
import { citeSentence, type Sentence } from "../../corpus.ts";
import { stableId } from "../../ids.ts";
import { comparable } from "../../support.ts";
import type { KeyPhrase } from "../../text/rank.ts";
import type { Labels } from "./labels.ts";

const BLANK = "_____";
const MAX_OPTIONS = 4;
const MIN_DISTRACTORS = 2;

/** What the item builders of one chapter share: its language, its key phrases, and its sentences. */
export interface ItemContext {
  labels: Labels;
  /** Key phrases of the chapter's material, most important first. */
  phrases: KeyPhrase[];
  /** Key phrases of all sources, for distractors when the chapter has too few. */
  topicPhrases: KeyPhrase[];
  /** Every sentence of the chapter as compared, so a made-up wrong statement is never actually true. */
  knownStatements: Set<string>;
}

export interface Cloze {
  stem: string;
  answer: KeyPhrase;
  distractors: string[];
}

/** A fill-in-the-blank item from a sentence: its most important key phrase blanked, with wrong answers. */
export function cloze(sentence: Sentence, context: ItemContext): Cloze | null {
  for (const phrase of context.phrases) {
    const match = phraseIn(phrase, sentence.text);
    if (!match) continue;
    const stem = `${sentence.text.slice(0, match.index)}${BLANK}${sentence.text.slice(match.index + match[0].length)}`;
    if (stem.replace(BLANK, "").split(" ").filter(Boolean).length < 4) continue;
    const distractors = distractorsFor(phrase, sentence.text, context);
    if (distractors.length >= MIN_DISTRACTORS) return { stem, answer: phrase, distractors };
  }
  return null;
}

export function clozeQuestion(
  sentence: Sentence,
  context: ItemContext,
  subtopicId: string | null,
): Question | null {
  const item = cloze(sentence, context);
  if (!item) return null;
  const { options, correct } = placeAnswer(item.answer.display, item.distractors, sentence.text);
  return {
    id: stableId("q", sentence.chunk.id, sentence.line_start, sentence.text, "cloze"),
    stem: context.labels.clozeQuestion(item.stem),
    options,
    correct_option: correct,
    explanation: context.labels.explanation(sentence.text),
    difficulty: difficultyOf(item.answer),
    subtopic_id: subtopicId,
    citations: [citeSentence(sentence)],
  };
}

/**
 * "Which statement is true?": the sentence itself against other sentences of the chapter with one key
 * phrase swapped for another, so the wrong options are plausible but not what the source says.
 */
export function statementQuestion(
  sentence: Sentence,
  others: readonly Sentence[],
  context: ItemContext,
  subtopicId: string | null,
): Question | null {
  const falsified: string[] = [];
  for (const other of others) {
    if (falsified.length === MAX_OPTIONS - 1) break;
    if (other === sentence) continue;
    const statement = falsify(other, context);
    if (statement && !falsified.includes(statement)) falsified.push(statement);
  }
  if (falsified.length < MIN_DISTRACTORS) return null;
  const { options, correct } = placeAnswer(sentence.text, falsified, sentence.text);
  return {
    id: stableId("q", sentence.chunk.id, sentence.line_start, sentence.text, "statement"),
    stem: context.labels.trueStatement,
    options,
    correct_option: correct,
    explanation: context.labels.explanation(sentence.text),
    difficulty: "medium",
    subtopic_id: subtopicId,
    citations: [citeSentence(sentence)],
  };
}

function falsify(sentence: Sentence, context: ItemContext): string | null {
  for (const phrase of context.phrases) {
    const match = phraseIn(phrase, sentence.text);
    if (!match) continue;
    const [replacement] = distractorsFor(phrase, sentence.text, context);
    if (!replacement) continue;
    const swapped = match.index === 0 ? capitalize(replacement) : replacement;
    const statement = `${sentence.text.slice(0, match.index)}${swapped}${sentence.text.slice(match.index + match[0].length)}`;
    if (!context.knownStatements.has(comparable(statement))) return statement;
  }
  return null;
}

const DEFINITION = {
  en: /^(?:(the|a|an)\s+)?([\p{L}][\p{L}\p{N}'’ -]{1,40}?)\s+(is|are|means)\s+(.{8,})$/iu,
  nl: /^(?:(de|het|een)\s+)?([\p{L}][\p{L}\p{N}'’ -]{1,40}?)\s+(is|zijn|betekent)\s+(.{8,})$/iu,
};

export interface Definition {
  question: string;
  answer: string;
  subject: string;
}

/** "X is Y" → "What is X?" / "Y", when X is one of the chapter's key phrases. */
export function definition(
  sentence: Sentence,
  context: ItemContext,
  language: "en" | "nl",
): Definition | null {
  const text = sentence.text.replace(/[.!?…]+$/, "");
  const match = DEFINITION[language].exec(text);
  const [, article, subject, verb, rest] = match ?? [];
  if (!subject || !verb || !rest || subject.split(" ").length > 4) return null;
  if (!context.phrases.some((phrase) => phrase.key === subject.toLowerCase())) return null;
  const shown = context.phrases.find((phrase) => phrase.key === subject.toLowerCase())?.display ?? subject;
  const named = article ? `${article.toLowerCase()} ${shown}` : shown;
  return {
    question: context.labels.definitionQuestion(named, verb.toLowerCase()),
    answer: `${capitalize(rest)}.`,
    subject,
  };
}

/** Wrong answers for a key phrase: other key phrases of the material, of the same length where possible. */
function distractorsFor(answer: KeyPhrase, sentence: string, context: ItemContext): string[] {
  const answerWords = new Set(answer.key.split(" "));
  const usable = [...context.phrases, ...context.topicPhrases].filter(
    (phrase) =>
      phrase.key !== answer.key &&
      !phrase.key.split(" ").some((word) => answerWords.has(word)) &&
      !phraseIn(phrase, sentence),
  );
  const length = answerWords.size;
  const sameLength = usable.filter((phrase) => phrase.key.split(" ").length === length);
  const picked: KeyPhrase[] = [];
  for (const phrase of [...sameLength, ...usable]) {
    if (picked.length === MAX_OPTIONS - 1) break;
    // Options should not overlap each other either ("thylakoid" next to "thylakoid membranes").
    const words = phrase.key.split(" ");
    if (!picked.some((known) => known.key.split(" ").some((word) => words.includes(word))))
      picked.push(phrase);
  }
  return picked.map((phrase) => phrase.display);
}

const patterns = new Map<string, RegExp>();

function phraseIn(phrase: KeyPhrase, text: string): RegExpExecArray | null {
  let pattern = patterns.get(phrase.key);
  if (!pattern) {
    const escaped = phrase.key.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/ /g, "\\s+");
    pattern = new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, "iu");
    patterns.set(phrase.key, pattern);
  }
  return pattern.exec(text);
}

/** The options with the right answer at a position fixed by the sentence (deterministic, not always first). */
function placeAnswer(
  answer: string,
  distractors: string[],
  seed: string,
): { options: string[]; correct: number } {
  const options = distractors.slice(0, MAX_OPTIONS - 1);
  const correct = hashOf(seed) % (options.length + 1);
  options.splice(correct, 0, answer);
  return { options, correct };
}

function hashOf(text: string): number {
  let hash = 2166136261;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 16777619);
  }
  return hash >>> 0;
}

/** A term the material repeats is easy to recall; one it mentions once is hard. */
function difficultyOf(answer: KeyPhrase): Difficulty {
  if (answer.count >= 3) return "easy";
  return answer.count === 2 ? "medium" : "hard";
}

export function capitalize(text: string): string {
  return text.charAt(0).toLocaleUpperCase() + text.slice(1);
}

export const EXAMPLE_MARKER =
  /(?<!\p{L})(for example|for instance|e\.g\.|such as|bijvoorbeeld|bijv\.|zoals|denk aan)(?!\p{L})/iu;
