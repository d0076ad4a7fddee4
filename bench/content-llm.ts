/**
 * The checks of trigger/generation/quality.ts that need no pipeline, applied to a model's chapter answers
 * as recorded by the relay (bench/llm-relay.ts: `<dir>/requests/<n>.json` and `<dir>/answers/<n>.json`).
 * The answers are read raw, before the provider refuses or the engine trims anything, so the figures say
 * what the model wrote for the prompts it was sent; citations are resolved against the chunks each
 * request showed.
 *
 *   npm run bench:content -- --relay <dir> [--relay <dir> …]
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { PracticeCard, Question, ScriptTurn } from "../src/domain/activity-payload.ts";
import type { Citation } from "../src/domain/citation.ts";
import {
  absoluteTells,
  answerEchoes,
  answerLengthRanks,
  bareExplanations,
  type ChapterItems,
  emptyItems,
  hintLeaks,
  lengthHabit,
  lengthTells,
  letterHints,
  missingHints,
  mixedOptions,
  nearDuplicateOptions,
  podcastOutOfRange,
  positionalExplanations,
  recapOutOfRange,
  repeatedQuestions,
  unexplainedOptions,
  verbatimRecaps,
  verbatimTurns,
} from "../trigger/generation/quality.ts";

/** The counts measurable on raw answers (a subset of QualityCounts, same names). */
export type RelayCounts = Record<
  | "lengthTells"
  | "lengthHabits"
  | "answerEchoes"
  | "absoluteTells"
  | "missingHints"
  | "hintLeaks"
  | "letterHints"
  | "unexplainedOptions"
  | "bareExplanations"
  | "mixedOptions"
  | "positionalExplanations"
  | "nearDuplicateOptions"
  | "verbatimRecaps"
  | "verbatimTurns"
  | "recapOutOfRange"
  | "podcastOutOfRange"
  | "repeatedQuestions",
  number
>;

export interface RelayReport {
  dir: string;
  chapters: number;
  questions: number;
  cards: number;
  counts: RelayCounts;
  balance: { longest: number; shortest: number };
}

interface RawRef {
  chunk_id: string;
  line_start: number;
  line_end: number;
}
interface RawQuestion {
  stem: string;
  options: string[];
  correct_option: number;
  explanation: string;
  subtopic_id: string | null;
  citations: RawRef[];
}
interface RawChapter {
  diagnostic: { questions: RawQuestion[] };
  mastery: { questions: RawQuestion[] };
  practice: { cards: Array<{ q: string; a: string; hint: string | null; citations: RawRef[] }> };
  recap: {
    transcript: string;
    script: Array<{ speaker: "host" | "expert"; text: string; citations: RawRef[] }>;
  };
}

/** The lines of every chunk a request showed, by chunk id and line number. */
function shownLines(request: { messages: Array<{ content: string }> }): Map<string, Map<number, string>> {
  const chunks = new Map<string, Map<number, string>>();
  const text = request.messages.map((message) => message.content).join("\n");
  for (const match of text.matchAll(/<chunk id="([^"]+)"[^>]*>\n([\s\S]*?)\n<\/chunk>/g)) {
    const lines = new Map<number, string>();
    for (const line of (match[2] ?? "").split("\n")) {
      const parsed = /^(\d+)(?: \[[^\]]+\])?: ?(.*)$/.exec(line);
      if (parsed) lines.set(Number(parsed[1]), parsed[2] ?? "");
    }
    chunks.set(match[1] ?? "", lines);
  }
  return chunks;
}

function citationsOf(refs: readonly RawRef[], shown: Map<string, Map<number, string>>): Citation[] {
  return refs.flatMap((ref) => {
    const lines = shown.get(ref.chunk_id);
    if (!lines) return [];
    const exactLines: string[] = [];
    for (let line = ref.line_start; line <= ref.line_end; line++) exactLines.push(lines.get(line) ?? "");
    return [
      {
        chunk_id: ref.chunk_id,
        file_path: null,
        page_number: null,
        line_start: ref.line_start,
        line_end: ref.line_end,
        exactLines,
        snippet: null,
        source_url: null,
      },
    ];
  });
}

function chapterItemsOf(
  answer: RawChapter,
  shown: Map<string, Map<number, string>>,
  id: string,
): ChapterItems {
  const question = (raw: RawQuestion, index: number): Question => ({
    id: `${id}-${index}`,
    stem: raw.stem,
    options: raw.options,
    correct_option: raw.correct_option,
    explanation: raw.explanation,
    difficulty: "medium",
    subtopic_id: raw.subtopic_id,
    citations: citationsOf(raw.citations, shown),
  });
  const items = emptyItems(id);
  items.diagnostic = answer.diagnostic.questions.map(question);
  items.mastery = answer.mastery.questions.map(question);
  items.questions = [...items.diagnostic, ...items.mastery];
  items.cards = answer.practice.cards.map(
    (card, index): PracticeCard => ({
      id: `${id}-card-${index}`,
      q: card.q,
      a: card.a,
      hint: card.hint,
      subtopic_id: null,
      citations: citationsOf(card.citations, shown),
    }),
  );
  items.transcript = answer.recap.transcript;
  // A model's recap cites its whole section: every line the request showed.
  items.recapCitations = [...shown].map(([chunk, lines]) => ({
    ...(citationsOf([{ chunk_id: chunk, line_start: 0, line_end: 0 }], shown)[0] as Citation),
    exactLines: [...lines.values()],
  }));
  items.turns = answer.recap.script.map(
    (turn): ScriptTurn => ({
      speaker: turn.speaker,
      text: turn.text,
      citations: citationsOf(turn.citations, shown),
    }),
  );
  return items;
}

/** Every check of quality.ts that raw answers allow, over one relay directory's chapter answers. */
export function relayReport(dir: string): RelayReport {
  const chapters: ChapterItems[] = [];
  const answers = join(dir, "answers");
  for (const file of existsSync(answers) ? readdirSync(answers).sort() : []) {
    const answer = JSON.parse(readFileSync(join(answers, file), "utf8"));
    if (!answer?.diagnostic || !answer?.recap) continue; // outline and reduce answers
    const request = JSON.parse(readFileSync(join(dir, "requests", file), "utf8"));
    chapters.push(chapterItemsOf(answer as RawChapter, shownLines(request), file));
  }
  const questions = chapters.flatMap((chapter) => chapter.questions);
  const cards = chapters.flatMap((chapter) => chapter.cards);
  const sum = (count: (chapter: ChapterItems) => number) =>
    chapters.reduce((total, chapter) => total + count(chapter), 0);
  return {
    dir,
    chapters: chapters.length,
    questions: questions.length,
    cards: cards.length,
    counts: {
      lengthTells: sum((chapter) => lengthTells(chapter.questions).length),
      lengthHabits: sum((chapter) => (lengthHabit(chapter.questions) ? 1 : 0)),
      answerEchoes: answerEchoes(questions).length,
      absoluteTells: absoluteTells(questions).length,
      missingHints: missingHints(cards).length,
      hintLeaks: hintLeaks(cards).length,
      letterHints: letterHints(cards).length,
      unexplainedOptions: unexplainedOptions(questions).length,
      bareExplanations: bareExplanations(questions).length,
      mixedOptions: mixedOptions(questions).length,
      positionalExplanations: positionalExplanations(questions).length,
      nearDuplicateOptions: nearDuplicateOptions(questions).length,
      verbatimRecaps: verbatimRecaps(chapters).length,
      verbatimTurns: sum((chapter) => verbatimTurns(chapter.turns).length),
      recapOutOfRange: recapOutOfRange(chapters).length,
      podcastOutOfRange: podcastOutOfRange(chapters).length,
      repeatedQuestions: sum((chapter) => repeatedQuestions(chapter).length),
    },
    balance: answerLengthRanks(questions),
  };
}
