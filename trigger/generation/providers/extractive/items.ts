import type { Difficulty, Question } from "../../../../src/domain/activity-payload.ts";
import type { Citation } from "../../../../src/domain/citation.ts";
import { citeSentenceParts, contentTerms, type Sentence } from "../../corpus.ts";
import { isTeachable } from "../../course-shape.ts";
import { stableId } from "../../ids.ts";
import { leaksAnswer } from "../../quality.ts";
import { hashOf } from "../../random.ts";
import { comparable, stem } from "../../support.ts";
import {
  compoundOf,
  escapeRegExp,
  isInstance,
  isStopword,
  type Language,
  lowerInitial,
  withoutArticle,
  words,
} from "../../text/language.ts";
import { fillTemplate, WORD_LISTS } from "../../text/lexicon/index.ts";
import {
  cannotHeadNounPhrase,
  imageIn,
  isAgentSlot,
  isMainClauseStem,
  isTrivialBlank,
  isVerbDerived,
  isWorthAsking,
  joinedToNounAfter,
  joinedToNounBefore,
  namesAnAgent,
  sameOptionForm,
} from "../../text/phrase-checks.ts";
import { type KeyPhrase, leansOnContext, namesATime, type TermWeights } from "../../text/rank.ts";
import { looksMisspelled } from "../../text/spelling.ts";
import { looksLikeAName } from "../../text/why-question.ts";
import {
  type CausalPair,
  type DefinitionPair,
  lowerFirst,
  mentions,
  needsContext,
  withoutEnd,
} from "./clauses.ts";
import type { Labels } from "./labels.ts";

export const BLANK = "___";
const MAX_OPTIONS = 4;
const MIN_DISTRACTORS = 2;
// A term in more than this share of all sentences is the topic itself ("water" in a text on the water
// cycle): asking for it tests nothing.
const TOO_COMMON = 0.25;

/** What the item builders of one chapter share. */
export interface ItemContext {
  language: Language;
  labels: Labels;
  weights: TermWeights;
  /** Noun phrases of the chapter's own material worth asking for, most important first. */
  terms: KeyPhrase[];
  /** Askable terms of all sources in the chapter's language, when the chapter has too few of a kind. */
  topicTerms: KeyPhrase[];
  /** Keys of the names the material writes as places, so a place is offered beside a place. */
  places: ReadonlySet<string>;
  /** Every key phrase of the chapter, for recognising defined terms. */
  phrases: KeyPhrase[];
  /** The subtopic each sentence of the chapter belongs to (by sentence index). */
  subtopicOf: Map<number, { id: string; title: string }>;
  /** The chapter's sentences, to say where a wrong option belongs. */
  sentences: readonly Sentence[];
  /**
   * Every sentence of the topic's sources in the chapter's language: where a wrong option taken from
   * `topicTerms` is used, when the chapter never uses it.
   */
  topicSentences?: readonly Sentence[];
  /** Every sentence of the chapter as compared, so a filled-in wrong option is never actually true. */
  knownStatements: Set<string>;
  /** The topic's sentences, for the wrong options picked (`fitsElsewhereInTopic`). */
  topicStatements?: StatementIndex;
  /** The terms the chapter defines (by key), with their meaning: worth a blank, and explained by it. */
  defined: Map<string, string>;
  /**
   * The lower-case words of the topic's sources in the chapter's language, for telling the source's
   * typos from its terms (`looksMisspelled`); without it no word is judged misspelled.
   */
  sourceWords?: ReadonlySet<string>;
}

/** A phrase with a word that looks like a misspelling of the source's: never an answer or an option. */
export function hasMisspelling(phrase: string, context: ItemContext): boolean {
  const vocabulary = context.sourceWords;
  return (
    vocabulary !== undefined &&
    words(phrase).some((word) => looksMisspelled(word, vocabulary, context.language))
  );
}

export type ItemForm = "cloze" | "cause" | "definition";

/** A question, card and study question built from one passage, each only where it is sound. */
export interface Item {
  form: ItemForm;
  key: string;
  subtopicId: string;
  sentences: Sentence[];
  question: Question | null;
  card: { q: string; a: string; hint: string } | null;
  /** A second card (the term for its meaning), for definitions. */
  reverseCard: { q: string; a: string; hint: string } | null;
  qa: { stem: string; answer: string } | null;
  /** The term or effect the item is about, for objectives. */
  about: string;
  /** A cause whose effect is a statement of its own ("A doordat B", "A. Dat komt doordat B"). */
  stated?: boolean;
  /** A learning objective of its own, where `about` does not fit the usual template. */
  objective?: string;
  /** A blank on a key noun phrase (not a name, used more than once): fit for an objective. */
  keyTerm?: boolean;
}

/**
 * Phrases a chapter may ask for: noun phrases, long enough, not the topic's omnipresent word, no amount
 * or general noun ("thousands", "land", "today").
 */
export function askableTerms(
  phrases: readonly KeyPhrase[],
  weights: TermWeights,
  language: Language,
): KeyPhrase[] {
  return phrases.filter(
    (phrase) =>
      phrase.nounPhrase &&
      isWorthAsking(phrase.key, language) &&
      !cannotHeadNounPhrase(phrase.key.split(" ").at(-1) ?? "", language) &&
      phrase.key.replace(/\s/g, "").length >= 4 &&
      !phrase.key.split(" ").some((word) => isStopword(word)) &&
      !/\p{N}/u.test(phrase.key) &&
      !phrase.key.split(" ").every((word) => weights.share(word) > TOO_COMMON),
  );
}

/** Whether a wrong option has the answer's form (word class, number, article, length): see `sameOptionForm`. */
export function sameKind(answer: string, option: string, language: Language, spread?: number): boolean {
  return sameOptionForm(answer, option, language, spread);
}

// A subtopic's last-resort question may take options up to twice the answer's length rather than leave
// the diagnostic without a question there; word class, number and article still match.
const LAST_RESORT_SPREAD = 1;

// Patterns per phrase, kept: the same terms are looked up in many sentences of a long source.
const patterns = new Map<string, RegExp>();

function phraseIn(key: string, text: string): RegExpExecArray | null {
  return patternFor(key).exec(text);
}

function patternFor(key: string): RegExp {
  let pattern = patterns.get(key);
  if (!pattern) {
    const escaped = escapeRegExp(key).replace(/ /g, "\\s+");
    pattern = new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, "iu");
    if (patterns.size > 50_000) patterns.clear();
    patterns.set(key, pattern);
  }
  return pattern;
}

/**
 * Whether the term is only part of a longer name or phrase here ("Calvin cycle", "five-carbon sugar"):
 * blanking "cycle" there would leave half a term in the stem.
 */
// A capitalised word joined to another by a name particle is part of one name: never blank "Rijn" of
// "Rembrandt van Rijn" or "Ring" of "Ring van Vuur".
const PARTICLE = "(?:van|der|den|de|ter|von|of|du|la|le)";
const NAME_BEFORE = new RegExp(`\\p{Lu}[\\p{L}'’-]*\\s+${PARTICLE}\\s+$`, "u");
const NAME_AFTER = new RegExp(`^\\s+${PARTICLE}\\s+\\p{Lu}`, "u");

/** A capitalised term the chapter only ever writes as part of a longer name ("Rijn", "Vuur"). */
export function isNameFragment(phrase: KeyPhrase, sentences: readonly Sentence[]): boolean {
  if (!/^\p{Lu}/u.test(phrase.display)) return false;
  const uses = sentences.flatMap((sentence) => {
    const match = phraseIn(phrase.key, sentence.text);
    return match ? [{ text: sentence.text, match }] : [];
  });
  return (
    uses.length > 0 &&
    uses.every(
      ({ text, match }) =>
        NAME_BEFORE.test(text.slice(0, match.index)) ||
        NAME_AFTER.test(text.slice(match.index + match[0].length)),
    )
  );
}

function partOfLongerPhrase(before: string, after: string, term: KeyPhrase, context: ItemContext): boolean {
  const previous = /([\p{L}\p{N}'’-]+)\s*$/u.exec(before)?.[1];
  const next = /^\s*([\p{L}\p{N}'’-]+)/u.exec(after)?.[1];
  if (previous && /^\p{Lu}/u.test(previous) && before.trim().length > previous.length) return true;
  if (previous && /-/.test(previous)) return true;
  // "the general Napoleon Bonaparte": a name followed by another capitalised word is one name.
  const nextIsName = next !== undefined && /^\p{Lu}/u.test(next);
  if (/^\p{Lu}/u.test(term.display) && (nextIsName || NAME_BEFORE.test(before) || NAME_AFTER.test(after)))
    return true;
  const longer = new Set(context.phrases.filter((phrase) => phrase.nounPhrase).map((phrase) => phrase.key));
  return (
    (previous !== undefined && longer.has(`${previous.toLowerCase()} ${term.key}`)) ||
    (next !== undefined && longer.has(`${term.key} ${next.toLowerCase()}`))
  );
}

function capitalize(text: string): string {
  return text.charAt(0).toLocaleUpperCase() + text.slice(1);
}

/** A wrong option as shown, with the key of the term it renders, for explaining it. */
interface Distractor {
  option: string;
  key: string;
}

/**
 * The text around an item that no wrong option may come from: its sentences with the one on each side,
 * and the whole lines they stand on. A word found there may be a second right answer: the lines shown may
 * give it ("tenzij hiervoor een wettelijke uitzondering geldt. Of je hebt een goede reden"), and a passage
 * names one thing in several ways ("understand errors in a positive way" beside "learner mistakes" in the
 * next sentence, where a graded course marked "mistakes" wrong).
 */
function surroundingText(sentences: readonly Sentence[], all: readonly Sentence[]): string {
  const first = sentences[0]?.index ?? 0;
  const last = sentences.at(-1)?.index ?? 0;
  const neighbours = all.filter((sentence) => sentence.index === first - 1 || sentence.index === last + 1);
  const lines = sentences.flatMap(citeSentenceParts).flatMap((citation) => citation.exactLines);
  return [...sentences, ...neighbours]
    .map((sentence) => sentence.text)
    .concat(lines)
    .join(" ");
}

/**
 * Wrong options for a term: other askable terms of the same chapter, of the same kind (word count,
 * name or not, number, length, no time for a thing; for a place, places first), sharing no word with the
 * answer nor occurring around its sentence, and never making the sentence one the text itself contains.
 * Each is one the chapter defines or uses in a sentence it can quote, so its explanation says something
 * true (a term of another chapter is skipped).
 */
function termDistractors(
  answer: KeyPhrase,
  shownAnswer: string,
  surrounding: string,
  context: ItemContext,
  render: (phrase: KeyPhrase) => string | null,
  fillsTo?: (option: string) => string,
  spread?: number,
  subtopicId?: string,
): Distractor[] {
  const overlaps = (a: string[], b: string[]) => optionsOverlap(a, b, context.language);
  const answerWords = answer.key.split(" ");
  const answerIsTime = namesATime(answer.key, context.language);
  const answerIsActivity = namesAnActivity(answer.key, context);
  const picked: Distractor[] = [];
  const pickedKeys: string[][] = [];
  const seen = new Set<string>();
  // Beside a place, other places first ("vanuit Madrid": Holland, Delft, not Alva). That a name is
  // never written as a place says little, so other names get no such preference.
  const candidates = bySubtopicFirst([...context.terms, ...context.topicTerms], subtopicId, context);
  const alike = context.places.has(answer.key)
    ? candidates.filter((phrase) => context.places.has(phrase.key))
    : [];
  // A wrong option is a concept the text teaches too, like the answer: key terms only (a place beside a
  // place is of the answer's kind by the text's own evidence, however rare). Only a text too short to
  // repeat its terms, where fewer than two qualify, falls back to the words it names once.
  const passes = [
    (phrase: KeyPhrase) => alike.includes(phrase) || isKeyTerm(phrase, context),
    (phrase: KeyPhrase) => !isKeyTerm(phrase, context),
  ];
  for (const admits of passes) {
    if (picked.length >= MIN_DISTRACTORS) break;
    seen.clear();
    for (const key of pickedKeys) seen.add(key.join(" "));
    for (const phrase of [...alike, ...candidates]) {
      if (picked.length === MAX_OPTIONS - 1) break;
      if (seen.has(phrase.key)) continue;
      seen.add(phrase.key);
      if (!admits(phrase)) continue;
      const words = phrase.key.split(" ");
      if (
        phrase.key === answer.key ||
        overlaps(words, answerWords) ||
        pickedKeys.some((known) => overlaps(words, known))
      )
        continue;
      if (phraseIn(phrase.key, surrounding) || isNameFragment(phrase, context.sentences)) continue;
      if (onlyTrivialUses(phrase, context) || hasMisspelling(phrase.key, context)) continue;
      if (onlyPartOfALongerName(phrase, context)) continue;
      // A time among things is ruled out by its kind alone (a time answer may still get things: a
      // question with too few options is no question at all).
      if (!answerIsTime && namesATime(phrase.key, context.language)) continue;
      // A place beside an answer that is none ("Europa" for a projection) is ruled out by its kind.
      if (context.places.has(phrase.key) && !context.places.has(answer.key)) continue;
      // An activity ("het ontwikkelen") beside a thing ("organisaties") is ruled out by its kind.
      if (namesAnActivity(phrase.key, context) !== answerIsActivity) continue;
      const shown = render(phrase);
      if (!shown || !sameKind(shownAnswer, shown, context.language, spread)) continue;
      if (
        fillsTo &&
        (context.knownStatements.has(comparable(fillsTo(shown))) ||
          fitsElsewhere(fillsTo, shown, context.knownStatements))
      )
        continue;
      if (!context.defined.has(phrase.key) && !homeOf(phrase.key, context)) continue;
      picked.push({ option: shown, key: phrase.key });
      pickedKeys.push(words);
    }
  }
  return picked;
}

/**
 * A picked wrong option the text writes in the blank's place in another chapter is as right: "[x] de
 * privacy … [ ] de anonimiteit" where the introduction says "beoogt anonimiteit van deelnemers". Only
 * the few options picked are checked against the whole topic: checking every candidate made a 200-page
 * course thirty times slower. Without enough left, there is no question.
 */
function fitsElsewhereInTopic(
  fillsTo: (option: string) => string,
  option: string,
  context: ItemContext,
): boolean {
  const statements = context.topicStatements;
  return (
    statements !== undefined && fitsElsewhere(fillsTo, option, statements.containing(withoutArticle(option)))
  );
}

/** Sentences as `comparable` texts, and those that hold a given part. */
export interface StatementIndex {
  containing(part: string): readonly string[];
}

/** The statements of a topic, looked up through the statements of a part's rarest word. */
export function statementIndex(texts: readonly string[]): StatementIndex {
  const byWord = new Map<string, string[]>();
  for (const statement of new Set(texts.map(comparable))) {
    for (const word of new Set(statement.split(" "))) {
      const list = byWord.get(word);
      if (list) list.push(statement);
      else byWord.set(word, [statement]);
    }
  }
  return {
    containing(part) {
      const key = comparable(part);
      const lists = key.split(" ").map((word) => byWord.get(word) ?? []);
      const rarest = lists.reduce((best, list) => (list.length < best.length ? list : best), lists[0] ?? []);
      return rarest.filter((statement) => statement.includes(key));
    },
  };
}

/** Words of the stem on each side of the blank that a wrong option is read in. */
const FRAME_WORDS = 2;
/** Fewer words around the blank ("the ___ of") say too little to rule an option right. */
const FRAME_MIN_WORDS = 3;

/**
 * A wrong option that the source itself writes in the blank's place: the stem's words around the blank
 * with the option between them occur in one of its sentences ("Submit ___ to a reputable repository":
 * "code" is as right as "data", since the text says "Submit code to a reputable …").
 */
export function fitsElsewhere(
  fillsTo: (option: string) => string,
  option: string,
  /** The chapter's sentences as `comparable` texts (`ItemContext.knownStatements`). */
  statements: Iterable<string>,
): boolean {
  const marker = "\u0000";
  const [before = "", after = ""] = fillsTo(marker).split(marker);
  const wordsBefore = before.trim().split(/\s+/u).filter(Boolean).slice(-FRAME_WORDS);
  const wordsAfter = after.trim().split(/\s+/u).filter(Boolean).slice(0, FRAME_WORDS);
  if (wordsBefore.length + wordsAfter.length < FRAME_MIN_WORDS) return false;
  // The option as shown and without its article: "beoogt de anonimiteit van" fits where the text says
  // "beoogt anonimiteit van deelnemers" (a graded course marked "de anonimiteit" wrong there).
  const frames = [...new Set([option, withoutArticle(option)])].map((shown) =>
    comparable([...wordsBefore, shown, ...wordsAfter].join(" ")),
  );
  for (const statement of statements) if (frames.some((frame) => statement.includes(frame))) return true;
  return false;
}

/** A Dutch infinitive the chapter uses as a noun ("het ontwikkelen van standaarden"): an activity. */
function namesAnActivity(key: string, context: ItemContext): boolean {
  if (isVerbDerived(key, "", context.language)) return true;
  return (
    /en$/u.test(key) &&
    context.sentences.some((sentence) => isVerbDerived(key, sentence.text, context.language))
  );
}

/**
 * The candidates with those the item's own subtopic uses first (stable otherwise): its wrong options are
 * then the neighbouring concepts of the same idea, of the answer's kind, before the rest of the chapter.
 */
function bySubtopicFirst(phrases: KeyPhrase[], subtopicId: string | undefined, context: ItemContext) {
  if (subtopicId === undefined) return phrases;
  const own = context.sentences.filter(
    (sentence) => context.subtopicOf.get(sentence.index)?.id === subtopicId,
  );
  const usedHere = new Set(
    phrases.filter((phrase) => own.some((sentence) => phraseIn(phrase.key, sentence.text) !== null)),
  );
  return [...usedHere, ...phrases.filter((phrase) => !usedHere.has(phrase))];
}

/** Where a term stands in the sentences that use it: its chapter's, else (a term of another chapter) the topic's. */
function usesOf(phrase: KeyPhrase, context: ItemContext): Array<{ text: string; match: RegExpExecArray }> {
  const own = context.sentences.filter((sentence) => phraseIn(phrase.key, sentence.text) !== null);
  const sentences = own.length > 0 ? own : (context.topicSentences ?? []);
  return usesIn(
    phrase,
    sentences.map((sentence) => sentence.text),
  );
}

function usesIn(
  phrase: KeyPhrase,
  texts: readonly string[],
): Array<{ text: string; match: RegExpExecArray }> {
  return texts.flatMap((text) => {
    const match = phraseIn(phrase.key, text);
    return match ? [{ text, match }] : [];
  });
}

/**
 * A term the chapter only uses where a blank would be trivia ("aan de hand van", "op grond van", "twee
 * jaar"): as a wrong option it is ruled out by being no idea of the text at all.
 */
function onlyTrivialUses(phrase: KeyPhrase, context: ItemContext): boolean {
  // A term of another chapter is judged by its uses there ("hand" only in "aan de hand van").
  const uses = usesOf(phrase, context);
  return (
    uses.length > 0 &&
    uses.every(({ text, match }) =>
      isTrivialBlank(
        text.slice(0, match.index),
        match[0],
        text.slice(match.index + match[0].length),
        context.language,
        true,
      ),
    )
  );
}

/**
 * A term the text only ever writes as part of a longer name: as its head ("low degrees" of freedom,
 * "grammar" of graphics), or, in two uses or more, always after the same noun and link ("graphics" in
 * "grammar of graphics"; one "share of the probability" is no name). Alone it is a fragment: as an
 * option ruled out by form, as a blank no idea of its own.
 */
function onlyPartOfALongerName(phrase: KeyPhrase, context: ItemContext): boolean {
  // The answer is the topic's, and every chapter asks it of the same candidates: it is worked out once.
  const index = context.topicStatements;
  const known = index ? nameParts.get(index)?.get(phrase.key) : undefined;
  if (known !== undefined) return known;
  const answer = readsAsPartOfAName(phrase, context);
  if (index) {
    const memo = nameParts.get(index) ?? new Map<string, boolean>();
    memo.set(phrase.key, answer);
    nameParts.set(index, memo);
  }
  return answer;
}
const nameParts = new WeakMap<StatementIndex, Map<string, boolean>>();

function readsAsPartOfAName(phrase: KeyPhrase, context: ItemContext): boolean {
  // A name is the document's: its uses are read over the whole topic (through the topic's index of
  // statements by word: scanning every sentence for every candidate made a 200-page course 3.5× slower).
  const texts =
    context.topicStatements?.containing(phrase.key) ??
    (context.topicSentences ?? context.sentences).map((sentence) => sentence.text);
  const uses = usesIn(phrase, texts);
  if (uses.length === 0) return false;
  const after = uses.map(({ text, match }) => words(text.slice(match.index + match[0].length)));
  if (after.every((following) => joinedToNounAfter(following, context.language))) return true;
  const before = uses.map(({ text, match }) => words(text.slice(0, match.index)).slice(-2));
  const [first] = before;
  return (
    uses.length >= 2 &&
    first !== undefined &&
    joinedToNounBefore(first, context.language) &&
    before.every((preceding) => preceding.join(" ") === first.join(" "))
  );
}

// "in Vlaanderen", "naar Duitsland", "from Scandinavia": a name after one of these is a place.
const PLACE_BEFORE = "(?:in|naar|uit|vanuit|to|from|into|across|through)\\s+(?:(?:de|het|the)\\s+)?";

/** The names the material writes as places somewhere ("in Vlaanderen", "naar Duitsland"), by key. */
export function placeNames(phrases: readonly KeyPhrase[], sentences: readonly Sentence[]): Set<string> {
  const text = sentences.map((sentence) => sentence.text).join(" ");
  return new Set(
    phrases
      .filter((phrase) => /^\p{Lu}/u.test(phrase.display))
      .filter((phrase) =>
        new RegExp(`(?<![\\p{L}])${PLACE_BEFORE}${escapeRegExp(phrase.display)}(?![\\p{L}])`, "u").test(text),
      )
      .map((phrase) => phrase.key),
  );
}

/** The options with the right answer at a place fixed by the item (deterministic, spread out). */
/**
 * Whether two options (their words, lower case) could both be right. Options may share a head word when
 * they differ in what modifies it ("divergent boundary", "convergent boundary"), but one may not contain
 * another ("thylakoid", "thylakoid membranes"), also within a word: a compound names a kind of its last
 * part, so beside "de voedselbron" the option "de bron" would be right as well. A participle says what
 * happened to the thing, and such phrases often name the same one ("het gemaakte onderscheid", "het
 * geconstateerde onderscheid"), so beside it no option shares the head.
 */
export function optionsOverlap(a: readonly string[], b: readonly string[], language: Language): boolean {
  const participle = (words: readonly string[]) =>
    words.slice(0, -1).some((word) => PARTICIPLE[language].test(word));
  return (
    a.every((word) => b.includes(word)) ||
    b.every((word) => a.includes(word)) ||
    (a.length === 1 && b.length === 1 && a[0] === b[0]) ||
    (a.length !== b.length && a.some((word) => b.includes(word))) ||
    (a.at(-1) === b.at(-1) && (participle(a) || participle(b))) ||
    compoundOf(a.at(-1) ?? "", b.at(-1) ?? "")
  );
}

/** A past participle used as a modifier: "gemaakte", "geconstateerd", "analysed", "observed". */
const PARTICIPLE: Record<Language, RegExp> = {
  nl: /^(ge|be|ver|ont|her)\p{L}{2,}(d|t|de|te|en)$/u,
  en: /^\p{L}{3,}ed$/u,
};

function placeAnswer(answer: string, distractors: readonly string[], seed: string) {
  const options = distractors.slice(0, MAX_OPTIONS - 1);
  const correct = hashOf(seed) % (options.length + 1);
  options.splice(correct, 0, answer);
  return { options, correct };
}

// A quoted sentence longer than this is cut around the option, so the explanation stays short.
const MAX_QUOTED_WORDS = 20;

/**
 * The sentence shortened to at most `maxWords` words at word boundaries, keeping the span from `start`
 * to `end` (the option) near the middle, with an ellipsis where it was cut.
 */
export function excerptAround(
  text: string,
  start: number,
  end: number,
  ellipsis: string,
  maxWords = MAX_QUOTED_WORDS,
): string {
  const words = text.split(/\s+/u).filter(Boolean);
  if (words.length <= maxWords) return text;
  const wordsIn = (part: string) => part.split(/\s+/u).filter(Boolean).length;
  const first = wordsIn(text.slice(0, start));
  const around = Math.floor((maxWords - Math.max(1, wordsIn(text.slice(start, end)))) / 2);
  const from = Math.max(0, Math.min(first - around, words.length - maxWords));
  const to = from + maxWords;
  const cut = words
    .slice(from, to)
    .join(" ")
    .replace(/[,;:]+$/u, "");
  // A cut after a full sentence leaves out whole sentences only: no ellipsis after its full stop.
  const cutAfter = to < words.length && !/[.!?]$/u.test(cut);
  return `${from > 0 ? ellipsis : ""}${cut}${cutAfter ? ellipsis : ""}`;
}

/**
 * The sentence that best shows a term in use: the chapter's own first, else one of the topic's sources;
 * complete, standing on its own where one does, else the shortest; null when the sources have none.
 */
function homeOf(key: string, context: ItemContext): { text: string; match: RegExpExecArray } | null {
  return homeIn(key, context.sentences) ?? homeIn(key, context.topicSentences ?? []);
}

function homeIn(
  key: string,
  sentences: readonly Sentence[],
): { text: string; match: RegExpExecArray } | null {
  let best: { text: string; match: RegExpExecArray; rank: number } | null = null;
  for (const sentence of sentences) {
    if (!sentence.complete) continue;
    const match = phraseIn(key, sentence.text);
    if (!match) continue;
    // A sentence that leans on the one before ("Ze …") reads worse out of context: it comes last.
    const rank = sentence.text.length + (leansOnContext(sentence.text) ? 100_000 : 0);
    if (!best || rank < best.rank) best = { text: sentence.text, match, rank };
  }
  return best;
}

/** Where the chapter uses a term, quoted and shortened around it; null when it uses it nowhere. */
function quoteOf(key: string, context: ItemContext): string | null {
  const home = homeOf(key, context);
  if (!home) return null;
  const { ellipsis } = WORD_LISTS[context.language].wrongOption;
  return excerptAround(home.text, home.match.index, home.match.index + home.match[0].length, ellipsis);
}

/**
 * Why each wrong option is wrong, saying only what is true: what the text says the option means (its
 * own definition in the chapter), else the sentence of the chapter where it occurs, quoted (shortened);
 * when neither exists (never for a `termDistractors` option), why the right answer is right.
 */
export function whyWrong(distractors: readonly Distractor[], context: ItemContext): string[] {
  const templates = WORD_LISTS[context.language].wrongOption;
  const lines = distractors.flatMap(({ option, key }) => {
    const meaning = context.defined.get(key);
    if (meaning) return [context.labels.optionMeans(option, withoutEnd(meaning))];
    const quote = quoteOf(key, context);
    // The term as the quote writes it: "the text uses “a thickness”" beside "…mapped onto thickness…"
    // was read as false by a grader.
    if (!quote) return [];
    const named = comparable(quote).includes(comparable(option)) ? option : withoutArticle(option);
    return [fillTemplate(templates.termElsewhere, { option: named, quote })];
  });
  return lines.length > 0 ? lines : [context.labels.onlyTermThatFits];
}

/**
 * A hint that points to the idea, never to letters: another sentence of the chapter where the same term
 * is used, with the term masked ("Elders staat: „… ___ …”"), true because it quotes the source; else the
 * subtopic it comes from, unless that names it. Else null: a prompt that only says "read the whole
 * sentence" adds nothing, and a card whose hint cannot help is not made.
 */
function termHint(
  key: string,
  answer: string,
  quoted: readonly Sentence[],
  subtopicId: string,
  subtopic: string,
  context: ItemContext,
): string | null {
  const elsewhere = maskedUse(key, answer, quoted, subtopicId, context);
  if (elsewhere) return context.labels.elsewhereHint(elsewhere);
  if (subtopic !== "" && !sharesAWord(subtopic, answer)) return context.labels.clozeHint(subtopic);
  const neighbour = contextAround(answer, quoted, context);
  return neighbour ? context.labels.contextHint(neighbour) : null;
}

/**
 * The sentence just before the quoted lines in the same subtopic (else just after), shortened: what the
 * text says around the blank, so the learner can place the idea. Only one that goes on about the same
 * thing (it shares a content word with the quoted lines, other than the answer's): "Do not insert line
 * breaks in your title." beside "define it with the ___" places nothing. Null when there is none, or
 * it would hold a word of the answer.
 */
function contextAround(answer: string, quoted: readonly Sentence[], context: ItemContext): string | null {
  const first = quoted[0];
  const last = quoted.at(-1);
  if (!first || !last) return null;
  const subtopic = context.subtopicOf.get(first.index)?.id;
  const { ellipsis } = WORD_LISTS[context.language].wrongOption;
  for (const index of [first.index - 1, last.index + 1]) {
    const neighbour = context.sentences.find((sentence) => sentence.index === index);
    if (!neighbour?.complete || context.subtopicOf.get(index)?.id !== subtopic) continue;
    const excerpt = excerptAround(neighbour.text, 0, 0, ellipsis, MAX_HINT_WORDS);
    if (!leaksAnswer(excerpt, answer) && sharesTopic(excerpt, quoted, answer)) return excerpt;
  }
  return null;
}

// A hint's quote is shorter than an explanation's: it only has to show the term in use.
const MAX_HINT_WORDS = 16;

/**
 * Another teachable sentence of the chapter that uses the term, shortened around it with every use
 * masked: from the same subtopic first, standing on its own first, then the shortest. Null when the
 * chapter has none, or each would still hold a word of the answer.
 */
export function maskedUse(
  key: string,
  answer: string,
  exclude: readonly Sentence[],
  subtopicId: string,
  context: ItemContext,
): string | null {
  const skipped = new Set(exclude.map((sentence) => sentence.index));
  const everyUse = new RegExp(patternFor(key).source, "giu");
  // Only a sentence that states something shows the term in use; "Section 6 describes the ___" does not.
  const candidates = context.sentences
    .filter((sentence) => isTeachable(sentence) && !skipped.has(sentence.index))
    .filter((sentence) => patternFor(key).test(sentence.text))
    .map((sentence) => ({
      sentence,
      rank:
        (context.subtopicOf.get(sentence.index)?.id === subtopicId ? 0 : 1_000_000) +
        (leansOnContext(sentence.text) ? 100_000 : 0) +
        sentence.text.length,
    }))
    .sort((a, b) => a.rank - b.rank);
  const { ellipsis } = WORD_LISTS[context.language].wrongOption;
  for (const { sentence } of candidates) {
    const masked = sentence.text.replace(everyUse, BLANK);
    const at = masked.indexOf(BLANK);
    const excerpt = excerptAround(masked, at, at + BLANK.length, ellipsis, MAX_HINT_WORDS);
    if (!leaksAnswer(excerpt, answer)) return excerpt;
  }
  return null;
}

/** Whether a text shares a content word (by stem) with the quoted lines, the answer's words left out. */
function sharesTopic(text: string, quoted: readonly Sentence[], answer: string): boolean {
  const answerStems = new Set(contentTerms(answer).map(stem));
  const quotedStems = new Set(
    quoted
      .flatMap((sentence) => contentTerms(sentence.text).map(stem))
      .filter((word) => !answerStems.has(word)),
  );
  return contentTerms(text).some((word) => quotedStems.has(stem(word)));
}

/** Whether two phrases share a content word, also inside a compound ("Bloedsomloop", "dubbele bloedsomloop"). */
function sharesAWord(a: string, b: string): boolean {
  const words = (text: string) => contentTerms(text).concat(text.toLowerCase().split(/\s+/u));
  const left = words(a);
  const right = words(b);
  return left.some(
    (word) =>
      word.length >= 3 &&
      right.some((other) => other.length >= 3 && (other.includes(word) || word.includes(other))),
  );
}

function difficultyOf(answer: KeyPhrase): Difficulty {
  if (answer.count >= 3) return "easy";
  return answer.count === 2 ? "medium" : "hard";
}

function question(
  form: ItemForm,
  sentences: readonly Sentence[],
  stem: string,
  answer: string,
  distractors: readonly string[],
  explanation: string,
  difficulty: Difficulty,
  subtopicId: string,
): Question {
  const seed = `${form}:${sentences.map((sentence) => sentence.text).join(" ")}:${answer}`;
  const { options, correct } = placeAnswer(answer, distractors, seed);
  const first = sentences[0] as Sentence;
  return {
    id: stableId("q", first.chunk.id, first.line_start, seed),
    stem,
    options,
    correct_option: correct,
    explanation,
    difficulty,
    subtopic_id: subtopicId,
    citations: citationsFor(sentences),
  };
}

export function citationsFor(sentences: readonly Sentence[]): Citation[] {
  return sentences.flatMap(citeSentenceParts);
}

/**
 * A fill-in-the-blank item: the real sentence with one key term blanked (never its first word), so the
 * stem is the source's own grammar. A Dutch "de"/"het" or English "a"/"an" before the term is blanked
 * with it and every option carries its own, so the article cannot betray the answer.
 */
export function clozeItem(
  sentence: Sentence,
  subtopicId: string,
  context: ItemContext,
  avoid: ReadonlySet<string>,
  /**
   * For a subtopic that has no question otherwise (so the diagnostic can probe it): also a noun phrase
   * the chapter names once, and wrong options may differ more in length. Never an item of a list, a
   * name's head, a label before a number or a verb slot.
   */
  anyTerm = false,
): Item | null {
  if (!sentence.complete || sentence.text.split(" ").length < 6) return null;
  // "Een ___ met gezichtsherkenning herkent bijvoorbeeld …": an example's details illustrate, they are
  // not what the text teaches, and another thing of their kind in the blank is often just as true.
  if (isInstance(sentence.text, context.language)) return null;
  // "Vul aan: „Of een ___ selecteert …”": a stem is a complete main clause, never a question.
  if (!isMainClauseStem(sentence.text, context.language)) return null;
  // "Een ___ is waardeloos zonder een bout", "as fast as your ___ grow": the words of an image are not
  // what the text teaches.
  const next = context.sentences.find((candidate) => candidate.index === sentence.index + 1);
  const image = imageIn(sentence.text, next?.text, context.language);
  // "Ze binden aan ___ op de volgende cel": the sentence its pronoun points to goes before the stem.
  const leans = leansOnContext(sentence.text);
  const lead = leans ? sentenceBefore(sentence, context.sentences) : undefined;
  // Without the sentence it points to, the stem cannot be understood (or answered) on its own.
  if (leans && !lead) return null;
  const shown = lead ? `${lead.text} ` : "";
  const quoted = [...(lead ? [lead] : []), sentence];
  const quotedText = quoted.map((quotedSentence) => quotedSentence.text).join(" ");
  for (const term of context.terms) {
    if (avoid.has(term.key) || (lead && phraseIn(term.key, lead.text))) continue;
    if (!anyTerm && !isKeyTerm(term, context)) continue;
    // The source's own typo is never the answer to learn ("discrimerende effecten").
    if (hasMisspelling(term.key, context) || onlyPartOfALongerName(term, context)) continue;
    const match = phraseIn(term.key, sentence.text);
    if (!match || match.index === 0) continue;
    // "geschikt voor het ___ met LATEX" → werken: an activity named by its verb, not a term.
    if (namesAnActivity(term.key, context)) continue;
    if (image && match.index >= image.start && match.index < image.end) continue;
    const surface = match[0];
    // A name written in capitals, or a common word: the options follow how the sentence writes it.
    if (/^\p{Lu}/u.test(surface) !== /^\p{Lu}/u.test(term.display)) continue;
    const before = sentence.text.slice(0, match.index);
    const after = sentence.text.slice(match.index + surface.length);
    // "een (set van) standaard(en)": a blank glued to "(en)" is half a word.
    if (phraseIn(term.key, after) || /^[-’'\p{L}(]/u.test(after)) continue;
    if (partOfLongerPhrase(before, after, term, context)) continue;
    if (isTrivialBlank(before, surface, after, context.language)) continue;
    const article = /(?:^|\s)(de|het|a|an)\s+$/iu.exec(before);
    const articleWord = article?.[1];
    if (articleWord && /^\p{Lu}/u.test(articleWord)) continue;
    const withArticle = articleWord !== undefined;
    const stemBefore = withArticle
      ? before.slice(0, before.length - (article?.[0].length ?? 0)) +
        (article?.[0].startsWith(" ") ? " " : "")
      : before;
    if (stemBefore.trim() === "") continue;
    // "\paragraph, and \___": a blank glued to a sign is part of code or a symbol, no term.
    if (!/(?:^|[\s(“‘"'„])$/u.test(stemBefore)) continue;
    const answer = withArticle ? `${articleWord} ${surface}` : surface;
    const renderAny = (phrase: KeyPhrase): string | null => {
      if (!withArticle) return phrase.display;
      if (context.language === "nl")
        return phrase.article && phrase.article !== "the" ? `${phrase.article} ${phrase.display}` : null;
      return phrase.indefinite ? `${phrase.indefinite} ${phrase.display}` : null;
    };
    const fills = (option: string) => `${stemBefore}${option}${after}`;
    const spread = anyTerm ? LAST_RESORT_SPREAD : undefined;
    // "opgesteld door ___": the blank is an actor, so every wrong option must be one the lexicon knows
    // as an actor (an abstract noun beside it is ruled out by its kind), else there is no question.
    const agentOnly = isAgentSlot(stemBefore, context.language) && !/^\p{Lu}/u.test(surface);
    const render = agentOnly
      ? (phrase: KeyPhrase) => (namesAnAgent(phrase.key, context.language) ? renderAny(phrase) : null)
      : renderAny;
    const distractors = termDistractors(
      term,
      answer,
      surroundingText(quoted, context.sentences),
      context,
      render,
      fills,
      spread,
      subtopicId,
    ).filter(({ option }) => !fitsElsewhereInTopic(fills, option, context));
    const labels = context.labels;
    const explanation = [labels.textSays(quotedText), ...whyWrong(distractors, context)].join(" ");
    const subtopic = context.subtopicOf.get(sentence.index)?.title ?? "";
    const stem = `${shown}${stemBefore}${BLANK}${after}`;
    const cardStem = `${shown}${before}${BLANK}${after}`;
    const hint = termHint(term.key, surface, quoted, subtopicId, subtopic, context);

    return {
      form: "cloze",
      key: term.key,
      subtopicId,
      sentences: quoted,
      question:
        distractors.length >= MIN_DISTRACTORS
          ? question(
              "cloze",
              quoted,
              labels.clozeStem(stem),
              answer,
              distractors.map(({ option }) => option),
              explanation,
              difficultyOf(term),
              subtopicId,
            )
          : null,
      card: hint ? { q: labels.clozeCard(cardStem), a: surface, hint } : null,
      reverseCard: null,
      qa: { stem: labels.clozeCard(cardStem), answer: surface },
      about: surface,
      keyTerm: !/^\p{Lu}/u.test(term.display) && term.count >= 2,
    };
  }
  return null;
}

/**
 * Whether a term is one the material teaches, so worth a blank or a wrong option: one the chapter
 * defines or uses more than once, a key phrase of several words ("wettelijke uitzondering"), or a word
 * a subtopic's title names. A single word it drops once ("camera", "individuen") is a detail of its
 * sentence, however rare the word.
 */
function isKeyTerm(term: KeyPhrase, context: ItemContext): boolean {
  return term.count >= 2 || namesATerm(term, context);
}

/** Whether a term is named as one rather than only used: a phrase of several words, a term the chapter defines, or one a subtopic's title names. */
function namesATerm(term: KeyPhrase, context: ItemContext): boolean {
  if (term.key.includes(" ") || context.defined.has(term.key)) return true;
  return titlesOf(context).some((title) => phraseIn(term.key, title) !== null);
}

const titleCache = new WeakMap<ItemContext["subtopicOf"], string[]>();

/** The chapter's subtopic titles, collected once per chapter. */
function titlesOf(context: ItemContext): string[] {
  let titles = titleCache.get(context.subtopicOf);
  if (!titles) {
    titles = [...new Set([...context.subtopicOf.values()].map((subtopic) => subtopic.title))];
    titleCache.set(context.subtopicOf, titles);
  }
  return titles;
}

/**
 * Whether a stated cause can be asked about on its own: a fronted Dutch cause only as a plain
 * why-question, and never when the effect or its answer leans on the sentences around it.
 */
export function isAskable(pair: CausalPair, labels: Labels): boolean {
  if (pair.form === "front" && labels.whyQuestion(pair.effect, pair.form) === null) return false;
  return !needsContext(pair);
}

/** The question a cause asks: a plain why-question where the language allows, else a quoting one. */
export function causeQuestion(
  pair: CausalPair,
  labels: Labels,
  language: Language,
  isName?: (word: string) => boolean,
): string {
  const effectIsClause =
    language === "nl" && pair.cause === null && pair.causeStatement !== null && !/^\p{Lu}/u.test(pair.effect);
  return (
    labels.whyQuestion(pair.effect, pair.form, isName) ??
    (effectIsClause ? labels.causeStemClause(pair.effect) : labels.causeStem(pair.effect))
  );
}

/** The complete sentence right before this one, when it stands on its own. */
function sentenceBefore(sentence: Sentence, sentences: readonly Sentence[]): Sentence | undefined {
  const previous = sentences.find((candidate) => candidate.index === sentence.index - 1);
  return previous?.complete && !leansOnContext(previous.text) ? previous : undefined;
}

/**
 * Whether a capitalised word that opens a clause is a name: not when the text also writes it in lower
 * case ("dopamine"), yes when it capitalises it inside a sentence too ("de Vikingen"), else by its form.
 */
function isNameIn(word: string, sentences: readonly Sentence[]): boolean {
  const lowered = lowerInitial(word);
  const inLowerCase = new RegExp(`(?<![\\p{L}])${escapeRegExp(lowered)}(?![\\p{L}])`, "u");
  const insideSentence = new RegExp(`[\\p{L}\\p{N},;:]\\s+${escapeRegExp(word)}(?![\\p{L}])`, "u");
  if (sentences.some((sentence) => inLowerCase.test(sentence.text))) return false;
  return sentences.some((sentence) => insideSentence.test(sentence.text)) || looksLikeAName(word);
}

/** Short, self-contained statements of the chapter's other subtopics, away from a cause's sentences. */
function otherStatements(pair: CausalPair, subtopicId: string, context: ItemContext): Sentence[] {
  const near = new Set(
    pair.sentences.flatMap((sentence) => [sentence.index - 1, sentence.index, sentence.index + 1]),
  );
  return context.sentences.filter((sentence) => {
    const words = sentence.text.split(/\s+/).length;
    return (
      !near.has(sentence.index) &&
      context.subtopicOf.get(sentence.index)?.id !== subtopicId &&
      sentence.complete &&
      words >= 5 &&
      words <= 14 &&
      !leansOnContext(sentence.text) &&
      !/[,;:]/.test(sentence.text) &&
      /^\p{Lu}\p{Ll}*\s/u.test(sentence.text)
    );
  });
}

/** More than this share of a wrong option's content words in the answer or the question: the same claim. */
const RESTATED_SHARE = 0.5;

/**
 * A wrong option that says mostly what the answer or the question says: a reason from the same chain
 * of argument, right as well. Two graded Wabvpz questions marked each other's right reason wrong ("niet
 * voldoen aan de definitie van een Elektronisch Uitwisselingssysteem" beside "de Wabvpz-definitie van
 * een elektronisch uitwisselingssysteem niet van toepassing").
 */
export function restates(option: string, claims: readonly string[]): boolean {
  const own = [...new Set(contentTerms(option).map(stem))];
  if (own.length === 0) return false;
  const known = new Set(claims.flatMap((claim) => contentTerms(claim).map(stem)));
  return own.filter((word) => known.has(word)).length / own.length > RESTATED_SHARE;
}

/** A wrong option of a cause question, with why it is wrong. */
interface CauseOption {
  option: string;
  why: string;
}

/**
 * The sentences of a cause and its effect, shortened around one clause: the one the option is not, as
 * the option is quoted already and the learner needs what it explains (or what explains it).
 */
function pairQuote(pair: CausalPair, clause: string, ellipsis: string): string {
  const text = pair.sentences.map((sentence) => sentence.text).join(" ");
  const at = Math.max(0, text.indexOf(clause));
  return excerptAround(text, at, at + clause.length, ellipsis);
}

/**
 * A "why" item from a stated cause: the effect quoted, the cause as the answer with the source's
 * connective, and as wrong options the chapter's other causes and effects in the same clause form.
 */
export function causeItem(
  pair: CausalPair,
  others: readonly CausalPair[],
  subtopicId: string,
  context: ItemContext,
): Item {
  const { labels, language } = context;
  const subtopic = context.subtopicOf.get(pair.sentences.at(-1)?.index ?? -1)?.title ?? "";
  const isName = (word: string) => isNameIn(word, context.sentences);
  const why = labels.whyQuestion(pair.effect, pair.form, isName);
  const stem = causeQuestion(pair, labels, language, isName);
  const connective = capitalize(pair.connective);
  const answer =
    pair.cause !== null ? `${connective} ${pair.cause}.` : `${capitalize(pair.causeStatement ?? "")}.`;
  let mcq: Question | null = null;
  const difficulty: Difficulty = pair.sentences.length > 1 ? "hard" : "medium";
  const templates = WORD_LISTS[language].wrongOption;
  const fromPair = (other: CausalPair, option: string, clause: string, template: string): CauseOption => ({
    option,
    why: fillTemplate(template, { option, quote: pairQuote(other, clause, templates.ellipsis) }),
  });
  // The cause as a sentence of its own: the options are the chapter's other stated causes, whole and
  // unchanged, so each is a real sentence of the text and only one is the reason for this effect. The
  // cause as a clause: the other causes and effects in the same clause form after the same connective
  // (in Dutch only clauses with subordinate order, which "waardoor" effects have). Each says where the
  // text gives it: the cause or effect of something else, quoted.
  const options: CauseOption[] =
    pair.cause === null
      ? others
          .filter((other) => other !== pair && other.causeStatement !== null)
          .map((other) =>
            fromPair(
              other,
              `${capitalize(other.causeStatement ?? "")}.`,
              other.effect,
              templates.causeOfOther,
            ),
          )
      : others
          .filter((other) => other !== pair)
          .flatMap((other) => {
            if (other.cause !== null)
              return [fromPair(other, `${connective} ${other.cause}.`, other.effect, templates.causeOfOther)];
            const effect =
              language === "en"
                ? lowerInitial(other.effect)
                : /^\p{Ll}/u.test(other.effect)
                  ? other.effect
                  : null;
            return effect
              ? [
                  fromPair(
                    other,
                    `${connective} ${effect}.`,
                    other.cause ?? other.causeStatement ?? "",
                    templates.effectOfOther,
                  ),
                ]
              : [];
          });
  // When the text states too few other causes, other short statements of the chapter's other
  // subtopics (never the sentences around this one) serve: whole, as the text words them, for a cause
  // that is a statement; after "Because" in English, which takes any statement. Their explanation
  // names the part of the text they come from.
  const asStatement = pair.cause === null;
  if (asStatement || language === "en") {
    for (const sentence of otherStatements(pair, subtopicId, context)) {
      const first = sentence.text.split(" ")[0] ?? "";
      // The explanation names the part of the text the statement comes from: none, no option.
      const part = context.subtopicOf.get(sentence.index)?.title;
      if (!part) continue;
      const statement = (option: string): CauseOption => ({
        option,
        why: fillTemplate(templates.statementElsewhere, { option, part }),
      });
      if (asStatement) options.push(statement(sentence.text));
      else if (!context.phrases.some((phrase) => phrase.display === first))
        // "Swedish Vikings …" keeps the capital the lexicon only knows it with.
        options.push(statement(`${connective} ${lowerFirst(sentence.text.replace(/[.!?]+$/, ""))}.`));
    }
  }
  const distractors = options
    .filter(
      ({ option }, index, all) =>
        all.findIndex((other) => other.option === option) === index &&
        comparable(option) !== comparable(answer) &&
        !restates(option, [answer, pair.effect]),
    )
    .slice(0, MAX_OPTIONS - 1);
  const explanation = [
    labels.textSays(pair.sentences.map((sentence) => sentence.text).join(" ")),
    ...distractors.map(({ why }) => why),
  ].join(" ");
  if (distractors.length >= MIN_DISTRACTORS && (pair.cause !== null || pair.causeStatement !== null)) {
    const shown = distractors.map(({ option }) => option);
    mcq = question("cause", pair.sentences, stem, answer, shown, explanation, difficulty, subtopicId);
  }
  return {
    form: "cause",
    key: `cause:${pair.effect}`,
    subtopicId,
    sentences: pair.sentences,
    question: mcq,
    card: {
      q: stem,
      a: answer,
      hint: mentions(answer, subtopic) ? labels.causeHintPlain : labels.causeHint(subtopic),
    },
    reverseCard: null,
    qa: { stem, answer },
    about: pair.effect,
    objective: why ? labels.objectiveWhy(why) : undefined,
    stated: pair.form === "mid" || pair.form === "back",
  };
}

/**
 * A definition item: "which term fits this description" with the chapter's other terms as options, a
 * card asking what the term means, and one asking the term for its meaning.
 */
export function definitionItem(definition: DefinitionPair, subtopicId: string, context: ItemContext): Item {
  const { labels } = context;
  const known = context.phrases.find((phrase) => phrase.key === definition.term.toLowerCase());
  const term = known?.display ?? definition.term;
  const meaning = capitalize(withoutEnd(definition.meaning));
  const subtopic = context.subtopicOf.get(definition.sentences.at(-1)?.index ?? -1)?.title ?? "";
  const phrase: KeyPhrase = known ?? {
    key: term.toLowerCase(),
    display: term,
    count: 1,
    score: 0,
    article: null,
    nounPhrase: true,
    indefinite: null,
  };
  const distractors = termDistractors(
    phrase,
    term,
    surroundingText(definition.sentences, context.sentences),
    context,
    (other) => other.display,
    undefined,
    undefined,
    subtopicId,
  );
  const stem = labels.definitionStem(meaning);
  const explanation = [
    labels.textSays(definition.sentences.map((sentence) => sentence.text).join(" ")),
    ...whyWrong(distractors, context),
  ].join(" ");
  // Naming the subtopic helps, unless its title shares a word with the meaning or the term itself.
  const hint = sharesAWord(subtopic, meaning) ? labels.meaningHintPlain : labels.meaningHint(subtopic);
  const elsewhere = maskedUse(phrase.key, term, definition.sentences, subtopicId, context);
  // A term card whose hint could only say "think of the terms of this part" is not made.
  const reverseHint = elsewhere
    ? labels.elsewhereHint(elsewhere)
    : subtopic !== "" && !sharesAWord(subtopic, term)
      ? labels.termHint(subtopic)
      : null;
  return {
    form: "definition",
    key: `definition:${phrase.key}`,
    subtopicId,
    sentences: definition.sentences,
    question:
      distractors.length >= MIN_DISTRACTORS
        ? question(
            "definition",
            definition.sentences,
            stem,
            term,
            distractors.map(({ option }) => option),
            explanation,
            known && known.count >= 2 ? "easy" : "medium",
            subtopicId,
          )
        : null,
    card: { q: labels.meaningCard(term), a: `${meaning}.`, hint },
    reverseCard: reverseHint ? { q: labels.termCard(meaning), a: term, hint: reverseHint } : null,
    qa: { stem: labels.meaningCard(term), answer: `${meaning}.` },
    about: term,
  };
}
