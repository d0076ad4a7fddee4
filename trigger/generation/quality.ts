/**
 * Defect counts for generated learning, as code: each function looks for one kind of fault a demanding
 * teacher would mark (a heading glued into a sentence, a word-swapped "false statement", a question its
 * citation does not answer, a blank on a function word, a hint that gives the answer away…). They are
 * pure, take the structure and chapters as saved, and work for either provider. The content bench
 * prints them; the unit tests feed each a deliberately bad item to prove it can fail.
 */

import { distance } from "fastest-levenshtein";
import type { PracticeCard, Question, ScriptTurn, StudyBlock } from "../../src/domain/activity-payload.ts";
import type { Citation } from "../../src/domain/citation.ts";
import type { Structure } from "../../src/domain/structure.ts";
import { type Corpus, contentTerms } from "./corpus.ts";
import {
  ANSWER_LENGTH_HABIT,
  ANSWER_LENGTH_TELL,
  type ChapterShape,
  chapterShape,
  PODCAST_WORDS,
  RECAP_WORDS,
  REQUIRED_FORMS,
  VERBATIM,
  verbatimShare,
} from "./course-shape.ts";
import { assignMaterial } from "./material.ts";
import type { ChapterDraft } from "./providers/types.ts";
import { comparable, isSupported, stem } from "./support.ts";
import { dominantLanguage, escapeRegExp, isStopword, withoutArticle, wordCount } from "./text/language.ts";
import { WORD_LISTS } from "./text/lexicon/index.ts";
import { LAYOUT_POINTERS } from "./text/lexicon/layout-pointers.ts";
import { OPTION_POSITIONS } from "./text/lexicon/option-positions.ts";
import { plainText } from "./text/markup.ts";
import { isDefinitionAnswer } from "./text/phrase-checks.ts";

export { RECAP_WORDS };

/** The items of a chapter, by kind. */
export interface ChapterItems {
  sectionId: string;
  questions: Question[];
  cards: PracticeCard[];
  blocks: StudyBlock[];
  objectives: string[];
  transcript: string | null;
  bullets: string[];
  /** Every citation the chapter carries, in items and on activities. */
  citations: Citation[];
  /** The diagnostic's and the mastery check's questions apart (`questions` holds both). */
  diagnostic: Question[];
  mastery: Question[];
  /** The recap's own citations (those of the activity), and its podcast script. */
  recapCitations: Citation[];
  turns: ScriptTurn[];
}

/** A chapter's items with nothing in them, to fill in for one check. */
export function emptyItems(sectionId: string): ChapterItems {
  return {
    sectionId,
    questions: [],
    cards: [],
    blocks: [],
    objectives: [],
    transcript: null,
    bullets: [],
    citations: [],
    diagnostic: [],
    mastery: [],
    recapCitations: [],
    turns: [],
  };
}

export function chapterItems(chapter: ChapterDraft): ChapterItems {
  const items = emptyItems(chapter.section_id);
  for (const activity of chapter.activities) {
    items.citations.push(...activity.citations);
    switch (activity.kind) {
      case "overview":
        items.objectives.push(...activity.payload.objectives);
        break;
      case "diagnostic":
      case "mastery":
        items.questions.push(...activity.payload.questions);
        items[activity.kind].push(...activity.payload.questions);
        break;
      case "study":
        items.blocks.push(...activity.payload.blocks);
        break;
      case "practice":
        items.cards.push(...activity.payload.cards);
        break;
      case "recap":
        items.transcript = activity.payload.transcript;
        items.bullets.push(...activity.payload.bullets);
        items.recapCitations.push(...activity.citations);
        items.turns.push(...(activity.payload.script ?? []));
        break;
    }
  }
  for (const item of [...items.questions, ...items.cards, ...items.blocks])
    items.citations.push(...item.citations);
  return items;
}

/** Every piece of running text a learner reads in a chapter (not headings or titles themselves). */
export function chapterTexts(items: ChapterItems): string[] {
  return [
    ...items.questions.flatMap((question) => [question.stem, ...question.options, question.explanation]),
    ...items.cards.flatMap((card) => [card.q, card.a]),
    ...items.blocks.flatMap((block) =>
      block.type === "heading"
        ? []
        : [block.content, block.question?.stem ?? "", block.question?.answer ?? ""],
    ),
    ...items.objectives,
    ...(items.transcript ? [items.transcript] : []),
    ...items.bullets,
    ...items.turns.map((turn) => turn.text),
  ].filter((text) => text !== "");
}

function escapePattern(text: string): string {
  return escapeRegExp(text).replace(/\s+/g, "\\s+");
}

/**
 * Texts with a heading or running header glued in: the heading followed directly by the capital of the
 * next sentence ("Verdamping De zon verwarmt…"), or hanging unpunctuated at the end ("… in de lucht.
 * Condensatie en neerslag"). A running header (several words with a separator) counts anywhere.
 */
export function headingGlue(texts: readonly string[], headings: readonly string[]): string[] {
  const patterns = [
    ...new Set(headings.map((heading) => heading.trim()).filter((heading) => heading.length >= 3)),
  ].map((heading) => {
    const body = escapePattern(heading);
    const running = /[·|•]/.test(heading);
    return running
      ? new RegExp(body, "u")
      : new RegExp(`(?:^|[\\s.!?])${body}(?:\\s+[\\p{Lu}\\p{N}]|\\s*$)`, "u");
  });
  return texts.filter((text) =>
    patterns.some((pattern) => {
      const match = pattern.exec(text);
      if (!match) return false;
      // A whole text that is just the heading is a title, not glue.
      return comparable(text) !== comparable(match[0]);
    }),
  );
}

/**
 * Options that are a source sentence with one word changed (the word-swapped "false statement"), by
 * comparing each long option with every source sentence of the same length word by word.
 */
export function corruptedOptions(
  questions: readonly Question[],
  sourceSentences: readonly string[],
): string[] {
  const byLength = new Map<number, string[][]>();
  for (const sentence of sourceSentences) {
    const words = comparable(sentence).split(" ");
    const list = byLength.get(words.length) ?? [];
    list.push(words);
    byLength.set(words.length, list);
  }
  const corrupted: string[] = [];
  for (const option of questions.flatMap((question) => question.options)) {
    const words = comparable(option).split(" ");
    if (words.length < 5) continue;
    const near = (byLength.get(words.length) ?? []).some((sentence) => {
      let differences = 0;
      for (let index = 0; index < words.length && differences < 3; index++) {
        if (words[index] !== sentence[index]) differences++;
      }
      return differences >= 1 && differences <= 2;
    });
    if (near) corrupted.push(option);
  }
  return corrupted;
}

/** How an option reads, for telling whether all options of a question are of one kind. */
function optionShape(option: string) {
  const words = option.trim().split(/\s+/);
  const sentence = /^[\p{Lu}"“„']/u.test(option) && /[.!?…]["”’']?$/.test(option);
  return {
    words: words.length,
    sentence,
    opener: (words[0] ?? "").toLowerCase(),
    article: /^(de|het|een|the|a|an)$/i.test(words[0] ?? "") ? "article" : "none",
    name: words.some((word, index) => /^\p{Lu}/u.test(word) && (index > 0 || words.length === 1)),
    laterCapital: words.some((word, index) => /^\p{Lu}/u.test(word) && index > 0),
  };
}

const CLAUSE_OPENERS = new Set(Object.values(WORD_LISTS).flatMap((lists) => lists.clauseOpeners));

/** Whether exactly one of the values differs from all the others (with three or more to compare). */
function oddOneOut<T>(values: readonly T[]): boolean {
  if (values.length < 3) return new Set(values).size > 1;
  const counts = new Map<T, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts.values()].some((count) => count === 1) && counts.size === 2;
}

/**
 * Questions whose options differ in form, so a learner can rule one out (or pick it) without knowing the
 * answer. A single word among phrases three words longer or more. Short options (terms): one alone with or
 * without an article, or alone written as a name ("de delta / grondwater / Rijn"). Long options (clauses, statements): some full
 * sentences and some not, or some opening with a connective and some not ("Doordat … / de dijk breekt").
 * A word more or less, or options that each open with their own article ("A betacoronavirus … / An
 * influenza virus …"), is no tell: a model's fair options were counted here by the dozen.
 */
export function mixedOptions(questions: readonly Question[]): Question[] {
  return questions.filter((question) => {
    const shapes = question.options.map(optionShape);
    if (shapes.length === 0) return false;
    const lengths = shapes.map((shape) => shape.words);
    const shortest = Math.min(...lengths);
    // A single word among phrases three words longer or more.
    if (shortest === 1 && Math.max(...lengths) - shortest >= 3) return true;
    const long = shapes.some((shape) => shape.words > 4);
    if (!long) {
      // Where every option opens with a capital ("Location / Collection date"), only a capital further
      // on marks a name.
      const capitalised = question.options.every((option) => /^\p{Lu}/u.test(option.trim()));
      const names = shapes.map((shape) => (capitalised ? shape.laterCapital : shape.name));
      return oddOneOut(shapes.map((shape) => shape.article)) || oddOneOut(names);
    }
    if (new Set(shapes.map((shape) => shape.sentence)).size > 1) return true;
    const connected = shapes.filter((shape) => CLAUSE_OPENERS.has(shape.opener)).length;
    return connected > 0 && connected < shapes.length;
  });
}

/** Questions, cards and study questions whose answer is not in the lines they cite. */
export function unanswerable(items: ChapterItems): string[] {
  const lines = (citations: readonly Citation[]) => citations.flatMap((citation) => citation.exactLines);
  const failing: string[] = [];
  for (const question of items.questions) {
    const answer = question.options[question.correct_option] ?? "";
    if (!isSupported(answer, lines(question.citations))) failing.push(question.stem);
  }
  for (const card of items.cards) if (!isSupported(card.a, lines(card.citations))) failing.push(card.q);
  for (const block of items.blocks) {
    if (block.question && !isSupported(block.question.answer, lines(block.citations)))
      failing.push(block.question.stem);
  }
  return failing;
}

const BLANK = /_{3,}/;

/**
 * Blanks on weak targets: a function word, a short word, a number, a fragment that starts or ends with a
 * function word or runs over four words, or a blank that is the first word of the sentence.
 */
export function weakBlanks(items: ChapterItems): string[] {
  const blanks: Array<{ stem: string; answer: string }> = [
    ...items.questions
      .filter((q) => BLANK.test(q.stem))
      .map((q) => ({ stem: q.stem, answer: q.options[q.correct_option] ?? "" })),
    ...items.cards.filter((card) => BLANK.test(card.q)).map((card) => ({ stem: card.q, answer: card.a })),
    ...items.blocks.flatMap((block) =>
      block.question && BLANK.test(block.question.stem)
        ? [{ stem: block.question.stem, answer: block.question.answer }]
        : [],
    ),
  ];
  return blanks
    .filter(({ stem, answer }) => {
      const words = answer
        .toLowerCase()
        .replace(/^(de|het|een|the|a|an)\s+/, "")
        .split(/\s+/)
        .filter(Boolean);
      const first = words[0] ?? "";
      const last = words.at(-1) ?? "";
      const letters = words.join("").replace(/[^\p{L}]/gu, "").length;
      const opensQuote = /[“„"']\s*_{3,}/u.test(stem);
      return (
        words.length === 0 ||
        words.length > 4 ||
        letters < 4 ||
        /^\p{N}+$/u.test(words.join("")) ||
        isStopword(first) ||
        isStopword(last) ||
        opensQuote
      );
    })
    .map(({ stem }) => stem);
}

/** The lines a section's subtopics cite, per file and page: where its chapter may draw from. */
function sectionSpans(structure: Structure): Map<string, Map<string, Array<[number, number]>>> {
  const spans = new Map<string, Map<string, Array<[number, number]>>>();
  for (const section of structure.sections) {
    const byPlace = new Map<string, Array<[number, number]>>();
    for (const citation of section.subtopics.flatMap((subtopic) => subtopic.citations)) {
      const place = `${citation.file_path}|${citation.page_number}`;
      const list = byPlace.get(place) ?? [];
      list.push([citation.line_start, citation.line_end]);
      byPlace.set(place, list);
    }
    spans.set(section.section_id, byPlace);
  }
  return spans;
}

/**
 * Citations of a chapter's items that fall outside its own section: not within the lines the section's
 * subtopics cite on that file and page (from its first cited line to its last).
 */
export function outsideSection(structure: Structure, chapters: readonly ChapterItems[]): Citation[] {
  const spans = sectionSpans(structure);
  const outside: Citation[] = [];
  for (const chapter of chapters) {
    const byPlace = spans.get(chapter.sectionId);
    if (!byPlace) continue;
    for (const citation of chapter.citations) {
      const ranges = byPlace.get(`${citation.file_path}|${citation.page_number}`) ?? [];
      const from = Math.min(...ranges.map(([start]) => start));
      const to = Math.max(...ranges.map(([, end]) => end));
      if (ranges.length === 0 || citation.line_start < from || citation.line_end > to) outside.push(citation);
    }
  }
  return outside;
}

type WordRange = { min: number; max: number };
/** The recap's range for a chapter: its shape's when known, else the full 150–230 words. */
type RangeOf = (chapter: ChapterItems) => WordRange;
const fullRecap: RangeOf = () => RECAP_WORDS;

/**
 * Recap transcripts outside their word range, with their word counts: 150–230 words (60–90 seconds
 * spoken), or fewer where the chapter's shape says its section holds less to tell (course-shape.ts).
 */
export function recapOutOfRange(chapters: readonly ChapterItems[], rangeOf: RangeOf = fullRecap): number[] {
  return chapters.flatMap((chapter) => {
    const words = wordCount(chapter.transcript ?? "");
    const range = rangeOf(chapter);
    return words < range.min || words > range.max ? [words] : [];
  });
}

/** Podcast scripts (all turns) outside their word range, with their word counts; no script, no count. */
export function podcastOutOfRange(
  chapters: readonly ChapterItems[],
  rangeOf: RangeOf = () => PODCAST_WORDS,
): number[] {
  return chapters.flatMap((chapter) => {
    if (chapter.turns.length === 0) return [];
    const words = chapter.turns.reduce((sum, turn) => sum + wordCount(turn.text), 0);
    const range = rangeOf(chapter);
    return words < range.min || words > range.max ? [words] : [];
  });
}

const exactLinesOf = (citations: readonly Citation[]) => citations.flatMap((citation) => citation.exactLines);

/**
 * Recap transcripts that read their cited lines aloud: more than `VERBATIM.maxShare` of their word
 * 5-grams occur word for word in the lines the recap cites. Returns the shares found too high.
 */
export function verbatimRecaps(chapters: readonly ChapterItems[]): number[] {
  return chapters.flatMap((chapter) => {
    if (!chapter.transcript || chapter.recapCitations.length === 0) return [];
    const share = verbatimShare(chapter.transcript, exactLinesOf(chapter.recapCitations));
    return share > VERBATIM.maxShare ? [share] : [];
  });
}

/** Podcast turns (any speaker, with citations) that are mostly their cited lines read aloud. */
export function verbatimTurns(turns: readonly ScriptTurn[]): ScriptTurn[] {
  return turns.filter(
    (turn) =>
      turn.citations.length > 0 && verbatimShare(turn.text, exactLinesOf(turn.citations)) > VERBATIM.maxShare,
  );
}

/** Cards whose hint holds the answer, or for a short answer one of its words. */
export function hintLeaks(cards: readonly PracticeCard[]): PracticeCard[] {
  return cards.filter((card) => (card.hint ? leaksAnswer(card.hint, card.a) : false));
}

/** Whether a hint holds the answer, or for an answer of at most three words one of its content words. */
export function leaksAnswer(hintText: string, answerText: string): boolean {
  const hint = comparable(hintText);
  const answer = comparable(answerText);
  if (answer !== "" && hint.includes(answer)) return true;
  const words = answer.split(" ").filter((word) => word.length >= 4 && !isStopword(word));
  return (
    words.length > 0 &&
    words.length <= 3 &&
    words.some((word) => new RegExp(`(?<![\\p{L}])${escapePattern(word)}(?![\\p{L}])`, "u").test(hint))
  );
}

/** Cards whose hint spells out letters or length ("Starts with “c” (5 letters)"): a giveaway, no idea. */
export function letterHints(cards: readonly PracticeCard[]): PracticeCard[] {
  const spelling =
    /(?<![\p{L}])(letters?|woorden|words|begint met|starts with|starting with)(?![\p{L}])|\(\d+\)|\b\d+\s+(letters?|woorden|words)\b/iu;
  return cards.filter((card) => card.hint !== null && spelling.test(card.hint));
}

// "What does “lava” mean?" / "Wat betekent „lava”?": a card asking for the meaning of a term.
const MEANING_CARD: Array<{ pattern: RegExp; language: "en" | "nl" }> = [
  { pattern: /^What does “[^”]+” mean\?$/u, language: "en" },
  { pattern: /^Wat betekent „[^”]+”\?$/u, language: "nl" },
];

/**
 * Meaning cards whose answer is no definition of the term: a clause ("A long line of islands has
 * formed"), a fragment ("Once it reaches the surface, it") or a name ("Een zogenoemde cooling-down").
 */
export function nonDefinitions(cards: readonly PracticeCard[]): PracticeCard[] {
  return cards.filter((card) => {
    const kind = MEANING_CARD.find(({ pattern }) => pattern.test(card.q));
    return kind !== undefined && !isDefinitionAnswer(card.a.replace(/[.!?]+$/u, ""), kind.language);
  });
}

/** Explanations that only say a wrong option "belongs to another sentence", which teaches nothing. */
export function placeOnlyExplanations(questions: readonly Question[]): Question[] {
  return questions.filter((question) =>
    /belongs to another sentence|hoort bij een andere zin/u.test(question.explanation),
  );
}

const optionLength = (option: string) => plainText(option).trim().length;

/** How the right option stands out by length: "long", "short" or null (see ANSWER_LENGTH_TELL). */
export function lengthTell(
  question: Question,
  ratio: number = ANSWER_LENGTH_TELL.ratio,
): "long" | "short" | null {
  const answer = optionLength(question.options[question.correct_option] ?? "");
  const others = question.options.filter((_, index) => index !== question.correct_option).map(optionLength);
  if (others.length === 0 || answer === 0) return null;
  const longest = Math.max(...others);
  const shortest = Math.min(...others);
  if (answer > longest * ratio && answer - longest >= ANSWER_LENGTH_TELL.minChars) return "long";
  if (answer * ratio < shortest && shortest - answer >= ANSWER_LENGTH_TELL.minChars) return "short";
  return null;
}

/**
 * A chapter's questions whose right option gives itself away by length, when the tell is systematic:
 * more than `ANSWER_LENGTH_TELL.maxShare` of the chapter's questions, and at least `minCount`, have it
 * (one by chance is no habit).
 */
export function lengthTells(questions: readonly Question[]): Question[] {
  const telling = questions.filter((question) => lengthTell(question) !== null);
  const habit =
    telling.length >= ANSWER_LENGTH_TELL.minCount &&
    telling.length > questions.length * ANSWER_LENGTH_TELL.maxShare;
  return habit ? telling : [];
}

type Options = Pick<Question, "options" | "correct_option">;

/** Whether the right option is the uniquely longest or the uniquely shortest of its question. */
export function answerRank(question: Options): "longest" | "shortest" | null {
  const lengths = question.options.map(optionLength);
  const answer = lengths[question.correct_option] ?? 0;
  const others = lengths.filter((_, index) => index !== question.correct_option);
  if (others.length === 0) return null;
  if (others.every((length) => length < answer)) return "longest";
  if (others.every((length) => length > answer)) return "shortest";
  return null;
}

/**
 * How far the right option stands out at one end of the lengths, in characters: for "longest", how much
 * longer it is than the longest other option; for "shortest", how much shorter than the shortest other.
 */
export function answerLengthGap(question: Options, end: "longest" | "shortest"): number {
  const lengths = question.options.map(optionLength);
  const answer = lengths[question.correct_option] ?? 0;
  const others = lengths.filter((_, index) => index !== question.correct_option);
  if (others.length === 0) return 0;
  return end === "longest" ? answer - Math.max(...others) : Math.min(...others) - answer;
}

/** Where the right option is the uniquely longest and the uniquely shortest, for the balance figures. */
export function answerLengthRanks(questions: readonly Options[]): { longest: number; shortest: number } {
  const ranks = questions.map(answerRank);
  return {
    longest: ranks.filter((rank) => rank === "longest").length,
    shortest: ranks.filter((rank) => rank === "shortest").length,
  };
}

/** A chapter's habit of putting the right option at one end of the lengths (see ANSWER_LENGTH_HABIT). */
export function lengthHabit(questions: readonly Options[]): "longest" | "shortest" | null {
  if (questions.length < ANSWER_LENGTH_HABIT.minQuestions) return null;
  const { longest, shortest } = answerLengthRanks(questions);
  const limit = questions.length * ANSWER_LENGTH_HABIT.maxShare;
  if (longest > limit) return "longest";
  if (shortest > limit) return "shortest";
  return null;
}

/**
 * The content words of a text by stem: an option's, for telling a repeat of the answer in other words,
 * and a question's or a slide line's, for telling a slide that answers it (engine.ts).
 */
export const stemsOf = (option: string) =>
  new Set(contentTerms(comparable(withoutArticle(plainText(option)))).map(stem));

/**
 * Questions with a wrong option that repeats the answer: the same words (also with another article or
 * inflection), or the answer inside it or it inside the answer ("de bron" beside "de voedselbron" is not
 * caught here, "bron" beside "de bron van het water" is). Two right answers make a question unfair.
 */
export function answerEchoes(questions: readonly Question[]): Question[] {
  return questions.filter((question) => {
    const answer = stemsOf(question.options[question.correct_option] ?? "");
    if (answer.size === 0) return false;
    return question.options.some((option, index) => {
      if (index === question.correct_option) return false;
      const other = stemsOf(option);
      if (other.size === 0) return false;
      const within = (a: Set<string>, b: Set<string>) => [...a].every((word) => b.has(word));
      // A short option whose every word the other holds says the same (a longer pair may differ in one).
      return (within(answer, other) && answer.size <= 3) || (within(other, answer) && other.size <= 3);
    });
  });
}

/** Absolute words a test-wise learner rules an option out by: the lexicon's, of either language. */
const ABSOLUTE_WORDS = new RegExp(
  `(?<![\\p{L}])(?:${[...WORD_LISTS.en.absoluteWords, ...WORD_LISTS.nl.absoluteWords].join("|")})(?![\\p{L}])`,
  "iu",
);

/**
 * Questions where absolute words ("always", "nooit", "alleen") occur only in wrong options: a learner
 * who knows that such options are usually wrong scores without knowing the answer.
 */
export function absoluteTells(questions: readonly Question[]): Question[] {
  return questions.filter((question) => {
    const answer = question.options[question.correct_option] ?? "";
    if (ABSOLUTE_WORDS.test(answer)) return false;
    return question.options.some(
      (option, index) => index !== question.correct_option && ABSOLUTE_WORDS.test(option),
    );
  });
}

/** Whether an explanation points at an option by its place ("the first option", "optie B"), in any language. */
export function namesPosition(explanation: string): boolean {
  const text = plainText(explanation);
  return Object.values(OPTION_POSITIONS).some((patterns) => patterns.some((pattern) => pattern.test(text)));
}

/**
 * Whether a text points at a place in the source the learner never sees ("de tweede alinea", "according
 * to the table", "Figure 3"), in any language the lexicon knows.
 */
export function pointsAtLayout(text: string): boolean {
  const plain = plainText(text);
  return Object.values(LAYOUT_POINTERS).some((patterns) => patterns.some((pattern) => pattern.test(plain)));
}

/** The learner-facing texts of a chapter, card hints included, that point at the source's layout. */
export function layoutPointers(items: ChapterItems): string[] {
  const hints = items.cards.flatMap((card) => (card.hint ? [card.hint] : []));
  return [...chapterTexts(items), ...hints].filter(pointsAtLayout);
}

/**
 * Questions whose explanation names an option by its place: options are reordered after they are
 * written, so "the first option is right" misleads whenever the right one moved.
 */
export function positionalExplanations(questions: readonly Question[]): Question[] {
  return questions.filter((question) => namesPosition(question.explanation));
}

/**
 * Two options closer than this share of the longer one's characters (edits per character, case and
 * diacritics folded) are one option written twice, such as a typo beside its correct spelling
 * ("discrimerende" 2/15 from "discriminerende"), compared word by word. Real minimal pairs sit above it ("hypertension" is 2/12
 * from "hypotension", "mitosis" 2/7 from "meiosis"); "absorption"/"adsorption" (1/10) is refused too: a
 * question that turns on one letter tests spelling, not understanding.
 */
export const NEAR_DUPLICATE_SHARE = 0.15;

/** An option as compared for near-duplicates: no markup, case, diacritics or punctuation. */
function folded(option: string): string {
  return plainText(option)
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/** Whether two words (or spaceless phrases) are one up to a typo: within `NEAR_DUPLICATE_SHARE`. */
function sameUpToTypo(left: string, right: string): boolean {
  const longest = Math.max(left.length, right.length);
  return longest > 0 && distance(left, right) / longest <= NEAR_DUPLICATE_SHARE;
}

/**
 * Whether two options are the same words up to a typo, case or diacritics. Word by word where both have
 * as many words, so a short prefix in a long phrase still counts ("direct onderscheid" is not
 * "indirect onderscheid": "direct" is 2/8 from "indirect"); else as one string without spaces.
 */
export function nearDuplicate(a: string, b: string): boolean {
  const left = folded(a).split(" ");
  const right = folded(b).split(" ");
  if (left.length === right.length) {
    return left.every((word, index) => sameUpToTypo(word, right[index] as string));
  }
  return sameUpToTypo(left.join(""), right.join(""));
}

/** Questions with two options that are near-duplicates of each other (see `NEAR_DUPLICATE_SHARE`). */
export function nearDuplicateOptions(questions: readonly Question[]): Question[] {
  return questions.filter((question) =>
    question.options.some((option, index) =>
      question.options.slice(index + 1).some((other) => nearDuplicate(option, other)),
    ),
  );
}

/** The fewest words a hint needs to point somewhere ("Think about the heart." is enough). */
const HINT_MIN_WORDS = 3;

/**
 * Cards without a hint that helps: none, an empty or one-word hint, or the question repeated. (A hint
 * that holds the answer or spells it is `hintLeaks` and `letterHints`.)
 */
export function missingHints(cards: readonly PracticeCard[]): PracticeCard[] {
  return cards.filter((card) => {
    const hint = card.hint?.trim() ?? "";
    return wordCount(hint) < HINT_MIN_WORDS || comparable(hint) === comparable(card.q);
  });
}

/**
 * Questions whose explanation passes over a wrong option: it names neither the option nor half of its
 * content words, so the learner who chose it is not told why it is wrong.
 */
export function unexplainedOptions(questions: readonly Question[]): Question[] {
  return questions.filter((question) => {
    const explanation = comparable(plainText(question.explanation));
    const said = new Set(contentTerms(explanation).map(stem));
    return question.options.some((option, index) => {
      if (index === question.correct_option) return false;
      const text = comparable(withoutArticle(plainText(option)));
      if (text !== "" && explanation.includes(text)) return false;
      const terms = [...stemsOf(option)];
      return terms.length === 0 || terms.filter((term) => said.has(term)).length * 2 < terms.length;
    });
  });
}

/** Mastery questions that repeat a diagnostic question of the same chapter (same stem, or an "-again" id). */
export function repeatedQuestions(chapter: ChapterItems): Question[] {
  const asked = new Set(chapter.diagnostic.map((question) => comparable(question.stem)));
  return chapter.mastery.filter(
    (question) => asked.has(comparable(question.stem)) || question.id.endsWith("-again"),
  );
}

/** How many items a chapter holds beyond what its shape allows (diagnostic, mastery, cards). */
export function itemsOverShape(chapter: ChapterItems, shape: ChapterShape): number {
  return (
    Math.max(0, chapter.diagnostic.length - shape.diagnostic) +
    Math.max(0, chapter.mastery.length - shape.mastery) +
    Math.max(0, chapter.cards.length - shape.cards)
  );
}

export type QuestionForm = "cloze" | "cause" | "definition" | "statement" | "other";

/** Which template a question follows, read from its stem. */
export function questionForm(stem: string): QuestionForm {
  if (BLANK.test(stem)) return "cloze";
  if (/^(waarom|why|hoe komt het|what causes|wat is de oorzaak)\b/i.test(stem)) return "cause";
  if (/^(welk begrip|which term|wat betekent|what does|what is meant|wat is)\b/i.test(stem))
    return "definition";
  if (/^(welke bewering|which statement|welke uitspraak)\b/i.test(stem)) return "statement";
  return "other";
}

export function questionForms(questions: readonly Question[]): Record<QuestionForm, number> {
  const counts: Record<QuestionForm, number> = { cloze: 0, cause: 0, definition: 0, statement: 0, other: 0 };
  for (const question of questions) counts[questionForm(question.stem)]++;
  return counts;
}

/** Questions whose explanation only quotes the source and never says why the other options are wrong. */
export function bareExplanations(questions: readonly Question[]): Question[] {
  return questions.filter((question) => {
    const outside = question.explanation.replace(/[“„"][^”"]*[”"]/gu, " ").replace(/[:.]/g, " ");
    return wordCount(outside) < 6;
  });
}

export interface StructureShape {
  sections: number;
  subtopics: number;
  /** Sections whose text spans several paragraphs but that have one subtopic. */
  singleSubtopicSections: number;
  /** Subtopic titles equal to their section's title. */
  titlesRepeatingSection: number;
  /** Subtopic titles that read as sentence fragments: ending in a function word or punctuation, or long. */
  fragmentTitles: number;
  /** Subtopics whose description is not a sentence of their own cited text. */
  uncitedDescriptions: number;
}

export function structureShape(structure: Structure, corpus: Corpus): StructureShape {
  const paragraphs = corpus.items.flatMap((item) => (item.type === "paragraph" ? [item.sentences] : []));
  let single = 0;
  let repeating = 0;
  let fragments = 0;
  let uncited = 0;
  for (const section of structure.sections) {
    const citations = section.subtopics.flatMap((subtopic) => subtopic.citations);
    const touched = paragraphs.filter((sentences) =>
      sentences.some((sentence) =>
        citations.some(
          (citation) =>
            citation.chunk_id === sentence.chunk.id &&
            sentence.line_start >= citation.line_start &&
            sentence.line_end <= citation.line_end,
        ),
      ),
    ).length;
    if (touched >= 2 && section.subtopics.length < 2) single++;
    for (const subtopic of section.subtopics) {
      if (comparable(withoutArticle(subtopic.title)) === comparable(withoutArticle(section.title)))
        repeating++;
      const words = subtopic.title.split(/\s+/);
      const last = (words.at(-1) ?? "").toLowerCase();
      if (words.length > 6 || isStopword(last) || /[.,;:!?]$/.test(subtopic.title)) fragments++;
      const cited = subtopic.citations.flatMap((citation) => citation.exactLines);
      if (subtopic.citations.length > 0 && subtopic.description && !isSupported(subtopic.description, cited))
        uncited++;
    }
  }
  return {
    sections: structure.sections.length,
    subtopics: structure.sections.reduce((sum, section) => sum + section.subtopics.length, 0),
    singleSubtopicSections: single,
    titlesRepeatingSection: repeating,
    fragmentTitles: fragments,
    uncitedDescriptions: uncited,
  };
}

/** Subtopics the diagnostic cannot map a wrong answer to (no question tied to them). */
export function unmappedSubtopics(structure: Structure, chapters: readonly ChapterDraft[]): string[] {
  const unmapped: string[] = [];
  for (const chapter of chapters) {
    const section = structure.sections.find((candidate) => candidate.section_id === chapter.section_id);
    const diagnostic = chapter.activities.find((activity) => activity.kind === "diagnostic");
    const tied = new Set(
      diagnostic?.kind === "diagnostic"
        ? diagnostic.payload.questions.map((question) => question.subtopic_id)
        : [],
    );
    for (const subtopic of section?.subtopics ?? [])
      if (!tied.has(subtopic.subtopic_id)) unmapped.push(subtopic.subtopic_id);
  }
  return unmapped;
}

/** Whether a regenerate changed the structure (it must: the learner asked for another version). */
export function regenerateChanged(before: Structure, after: Structure): boolean {
  return JSON.stringify(before) !== JSON.stringify(after);
}

export interface QualityCounts {
  headingGlue: number;
  corruptedOptions: number;
  mixedOptions: number;
  unanswerable: number;
  weakBlanks: number;
  outsideSection: number;
  recapOutOfRange: number;
  hintLeaks: number;
  letterHints: number;
  nonDefinitions: number;
  placeOnlyExplanations: number;
  statementQuestions: number;
  bareExplanations: number;
  /** Of cloze, cause and definition questions, how many forms the course lacks. */
  missingForms: number;
  singleSubtopicSections: number;
  titlesRepeatingSection: number;
  fragmentTitles: number;
  uncitedDescriptions: number;
  regenerateUnchanged: number;
  /** Questions whose right option is much longer or shorter than the others, where a chapter does so often. */
  lengthTells: number;
  /** Chapters whose right option is the longest (or the shortest) in too many questions. */
  lengthHabits: number;
  /** Questions with a wrong option that repeats the answer in other words. */
  answerEchoes: number;
  /** Questions with "always/never/only" ("altijd/nooit/alleen") in wrong options only. */
  absoluteTells: number;
  /** Questions whose explanation names an option by its place ("the first option", "optie B"). */
  positionalExplanations: number;
  /** Questions with two options that differ only by a typo, case or diacritics. */
  nearDuplicateOptions: number;
  /** Texts the learner reads that point at a place in the source they never see ("de tweede alinea"). */
  layoutPointers: number;
  /** Cards without a hint that helps. */
  missingHints: number;
  /** Questions whose explanation passes over a wrong option. */
  unexplainedOptions: number;
  /** Recaps, and podcast turns, that mostly read their cited lines aloud. */
  verbatimRecaps: number;
  verbatimTurns: number;
  /** Podcast scripts outside their word range. */
  podcastOutOfRange: number;
  /** Mastery questions that repeat the diagnostic's. */
  repeatedQuestions: number;
  /** Items beyond what the chapter's shape allows for its material. */
  itemsOverShape: number;
}

export interface QualityReport {
  counts: QualityCounts;
  forms: Record<QuestionForm, number>;
  shape: StructureShape;
  recapWords: number[];
  /** Of all questions, how many have the right option as the uniquely longest or shortest. */
  balance: { questions: number; longest: number; shortest: number };
  /** Per chapter, the share of its recap's 5-grams found word for word in its cited lines. */
  recapVerbatim: number[];
  /** Per chapter, the items its shape asked for: diagnostic/mastery/cards. */
  shapes: Array<{ diagnostic: number; mastery: number; cards: number }>;
  /**
   * Subtopics no diagnostic question asks about. A figure, not a defect: the learner's focus keeps
   * their study text and cards after the diagnostic (src/domain/microlearning.ts), and a question
   * that is not worth asking would be the only way to lower it.
   */
  unprobedSubtopics: number;
}

/** Every count for one generated structure and course (and the structure its regenerate gave). */
export function qualityReport(input: {
  structure: Structure;
  chapters: readonly ChapterDraft[];
  corpus: Corpus;
  /** Heading texts and running headers of the sources. */
  headings: readonly string[];
  regenerated?: Structure;
}): QualityReport {
  const items = input.chapters.map(chapterItems);
  const questions = items.flatMap((chapter) => chapter.questions);
  const cards = items.flatMap((chapter) => chapter.cards);
  const structureTexts = input.structure.sections.flatMap((section) => [
    section.description,
    ...section.subtopics.flatMap((subtopic) => [subtopic.description, ...subtopic.key_points]),
  ]);
  const texts = [
    ...input.corpus.sentences.map((sentence) => sentence.text),
    ...structureTexts,
    ...items.flatMap(chapterTexts),
  ];
  const forms = questionForms(questions);
  const shape = structureShape(input.structure, input.corpus);
  const shapes = chapterShapes(input.structure, input.corpus);
  const shapeOf = (chapter: ChapterItems) => shapes.get(chapter.sectionId);
  const recapRange = (chapter: ChapterItems) => shapeOf(chapter)?.recapWords ?? RECAP_WORDS;
  const podcastRange = (chapter: ChapterItems) => shapeOf(chapter)?.podcastWords ?? PODCAST_WORDS;
  const sum = (count: (chapter: ChapterItems) => number) =>
    items.reduce((total, chapter) => total + count(chapter), 0);
  return {
    counts: {
      headingGlue: headingGlue(texts, input.headings).length,
      corruptedOptions: corruptedOptions(
        questions,
        input.corpus.sentences.map((sentence) => sentence.text),
      ).length,
      mixedOptions: mixedOptions(questions).length,
      unanswerable: items.reduce((sum, chapter) => sum + unanswerable(chapter).length, 0),
      weakBlanks: items.reduce((sum, chapter) => sum + weakBlanks(chapter).length, 0),
      outsideSection: outsideSection(input.structure, items).length,
      recapOutOfRange: recapOutOfRange(items, recapRange).length,
      hintLeaks: hintLeaks(cards).length,
      letterHints: letterHints(cards).length,
      nonDefinitions: nonDefinitions(cards).length,
      placeOnlyExplanations: placeOnlyExplanations(questions).length,
      statementQuestions: forms.statement,
      bareExplanations: bareExplanations(questions).length,
      missingForms: REQUIRED_FORMS.filter((form) => forms[form] === 0).length,
      singleSubtopicSections: shape.singleSubtopicSections,
      titlesRepeatingSection: shape.titlesRepeatingSection,
      fragmentTitles: shape.fragmentTitles,
      uncitedDescriptions: shape.uncitedDescriptions,
      regenerateUnchanged:
        input.regenerated && !regenerateChanged(input.structure, input.regenerated) ? 1 : 0,
      lengthTells: sum((chapter) => lengthTells(chapter.questions).length),
      lengthHabits: sum((chapter) => (lengthHabit(chapter.questions) ? 1 : 0)),
      answerEchoes: answerEchoes(questions).length,
      absoluteTells: absoluteTells(questions).length,
      positionalExplanations: positionalExplanations(questions).length,
      nearDuplicateOptions: nearDuplicateOptions(questions).length,
      layoutPointers: sum((chapter) => layoutPointers(chapter).length),
      missingHints: missingHints(cards).length,
      unexplainedOptions: unexplainedOptions(questions).length,
      verbatimRecaps: verbatimRecaps(items).length,
      verbatimTurns: sum((chapter) => verbatimTurns(chapter.turns).length),
      podcastOutOfRange: podcastOutOfRange(items, podcastRange).length,
      repeatedQuestions: sum((chapter) => repeatedQuestions(chapter).length),
      itemsOverShape: sum((chapter) => {
        const known = shapeOf(chapter);
        return known ? itemsOverShape(chapter, known) : 0;
      }),
    },
    forms,
    shape,
    recapWords: items.map((chapter) => wordCount(chapter.transcript ?? "")),
    balance: { questions: questions.length, ...answerLengthRanks(questions) },
    recapVerbatim: items.map((chapter) =>
      chapter.transcript ? verbatimShare(chapter.transcript, exactLinesOf(chapter.recapCitations)) : 0,
    ),
    shapes: items.map((chapter) => {
      const known = shapeOf(chapter);
      return { diagnostic: known?.diagnostic ?? 0, mastery: known?.mastery ?? 0, cards: known?.cards ?? 0 };
    }),
    unprobedSubtopics: unmappedSubtopics(input.structure, input.chapters).length,
  };
}

/** The shape of every section's chapter, from the material the engine would give it. */
export function chapterShapes(structure: Structure, corpus: Corpus): Map<string, ChapterShape> {
  const language = dominantLanguage(
    corpus.sources.map((source) => ({ language: source.language, weight: 1 })),
  );
  const materials = assignMaterial(structure, corpus, language);
  const shapes = new Map<string, ChapterShape>();
  for (const section of structure.sections) {
    const material = materials.get(section.section_id);
    if (material) shapes.set(section.section_id, chapterShape(section, material));
  }
  return shapes;
}

/** The total number of defects in a report (every count that should be zero). */
export function defectTotal(counts: QualityCounts): number {
  return Object.values(counts).reduce((sum, value) => sum + value, 0);
}
