import type { PracticeCard, Question, StudyBlock } from "../../../../src/domain/activity-payload.ts";
import { citationsOf, uniqueCitations } from "../../../../src/domain/citation.ts";
import type { Section, Subtopic } from "../../../../src/domain/structure.ts";
import { citeSentence, type Sentence } from "../../corpus.ts";
import { stableId } from "../../ids.ts";
import { comparable } from "../../support.ts";
import { isQuotable, type KeyPhrase, keyPhrases, rankSentences, type TermWeights } from "../../text/rank.ts";
import type { ActivityDraft, ChapterDraft, ChapterRequest } from "../types.ts";
import {
  capitalize,
  cloze,
  clozeQuestion,
  definition,
  EXAMPLE_MARKER,
  type ItemContext,
  statementQuestion,
} from "./items.ts";
import { LABELS } from "./labels.ts";

const DIAGNOSTIC_QUESTIONS = 3;
const MASTERY_QUESTIONS = 5;
const CARDS_PER_SUBTOPIC = 3;
const SLIDE_BULLETS = 4;
const CHAPTER_PHRASES = 40;

/** Per subtopic: its sentences worth asking about, most central first. */
interface SubtopicPool {
  subtopic: Subtopic;
  ranked: Sentence[];
}

/**
 * A chapter with the six activities, written from the section's own sentences: slides and objectives
 * from the structure, questions and cards whose answers are quoted from the cited lines.
 */
export function extractiveChapter(
  request: ChapterRequest,
  shared: { weights: TermWeights; topicPhrases: KeyPhrase[] },
): ChapterDraft {
  const { section, material } = request;
  const labels = LABELS[material.language];
  const context: ItemContext = {
    labels,
    phrases: keyPhrases(material.sentences, shared.weights).slice(0, CHAPTER_PHRASES),
    topicPhrases: shared.topicPhrases,
    knownStatements: new Set(material.sentences.map((sentence) => comparable(sentence.text))),
  };
  const pools: SubtopicPool[] = section.subtopics.map((subtopic) => ({
    subtopic,
    ranked: rankSentences(
      (material.bySubtopic.get(subtopic.subtopic_id) ?? []).filter(isQuotable),
      shared.weights,
    ),
  }));
  const questions = quizQuestions(pools, context);
  const diagnosticCount = Math.min(DIAGNOSTIC_QUESTIONS, Math.ceil(questions.length / 2));
  const structureCitations = uniqueCitations(section.subtopics.flatMap((subtopic) => subtopic.citations));
  const blocks = pools.flatMap((pool) => studyBlocks(pool, context, material.language));
  const cards = pools.flatMap((pool) => practiceCards(pool, context, material.language));
  const title = labels.activityTitle;
  const activities: ActivityDraft[] = [
    {
      kind: "overview",
      title: title.overview(section.title),
      payload: overview(section, labels.objective),
      citations: structureCitations,
    },
    quizActivity("diagnostic", title.diagnostic(section.title), questions.slice(0, diagnosticCount)),
    {
      kind: "study",
      title: title.study(section.title),
      payload: { blocks },
      citations: citationsOf(blocks),
    },
    {
      kind: "practice",
      title: title.practice(section.title),
      payload: { cards },
      citations: citationsOf(cards),
    },
    quizActivity(
      "mastery",
      title.mastery(section.title),
      questions.slice(diagnosticCount, diagnosticCount + MASTERY_QUESTIONS),
    ),
    {
      kind: "recap",
      title: title.recap(section.title),
      payload: recap(section, labels),
      citations: structureCitations,
    },
  ];
  return { section_id: section.section_id, title: section.title, summary: section.description, activities };
}

/** One slide per subtopic with its key points; a section without subtopics gets one slide of its own. */
function overview(section: Section, objective: (subtopic: string) => string) {
  const slides = section.subtopics.map((subtopic) => ({
    title: subtopic.title,
    bullets: (subtopic.key_points.length > 0 ? subtopic.key_points : [subtopic.description])
      .filter(Boolean)
      .slice(0, SLIDE_BULLETS),
  }));
  return {
    slides:
      slides.length > 0 ? slides : [{ title: section.title, bullets: [section.description].filter(Boolean) }],
    objectives: section.subtopics.map((subtopic) => objective(subtopic.title)),
  };
}

function recap(section: Section, labels: (typeof LABELS)["en"]) {
  const titles = section.subtopics.map((subtopic) => subtopic.title);
  const transcript = [
    labels.recapOpening(section.title, titles),
    ...section.subtopics.map((subtopic) => subtopic.description).filter(Boolean),
    labels.recapClosing,
  ].join(" ");
  const bullets = section.subtopics.map((subtopic) =>
    [subtopic.title, subtopic.key_points[0] ?? subtopic.description].filter(Boolean).join(": "),
  );
  return { transcript, bullets };
}

/**
 * Questions for the diagnostic and the mastery check: subtopics take turns so every gap is probed,
 * forms alternate between fill-in-the-blank and "which statement is true"; when the sentences run out,
 * a sentence is asked again in the other form.
 */
function quizQuestions(pools: readonly SubtopicPool[], context: ItemContext): Question[] {
  const wanted = DIAGNOSTIC_QUESTIONS + MASTERY_QUESTIONS;
  const all = pools.flatMap((pool) => pool.ranked);
  const questions: Question[] = [];
  const asked = new Set<string>();
  const ask = (pool: SubtopicPool, sentence: Sentence, preferCloze: boolean) => {
    const forms = [
      () => clozeQuestion(sentence, context, pool.subtopic.subtopic_id),
      () => statementQuestion(sentence, all, context, pool.subtopic.subtopic_id),
    ];
    for (const form of preferCloze ? forms : forms.reverse()) {
      const question = form();
      if (question && !asked.has(question.id)) {
        asked.add(question.id);
        questions.push(question);
        return;
      }
    }
  };
  const rounds = Math.max(0, ...pools.map((pool) => pool.ranked.length));
  for (const secondPass of [false, true]) {
    for (let round = 0; round < rounds && questions.length < wanted; round++) {
      for (const pool of pools) {
        const sentence = pool.ranked[round];
        if (!sentence || questions.length >= wanted) continue;
        ask(pool, sentence, (questions.length % 2 === 0) !== secondPass);
      }
    }
  }
  return questions;
}

function quizActivity(kind: "diagnostic" | "mastery", title: string, questions: Question[]): ActivityDraft {
  return {
    kind,
    title,
    payload: { questions },
    citations: uniqueCitations(questions.flatMap((q) => q.citations)),
  };
}

/** Per subtopic: its title, the gist in short, an example from the source if it gives one, a question. */
function studyBlocks(pool: SubtopicPool, context: ItemContext, language: "en" | "nl"): StudyBlock[] {
  const { subtopic, ranked } = pool;
  const id = subtopic.subtopic_id;
  const blocks: StudyBlock[] = [
    { type: "heading", content: subtopic.title, question: null, subtopic_id: id, citations: [] },
  ];
  if (subtopic.description) {
    const gist = subtopic.citations.filter((citation) => citation.snippet === subtopic.description);
    blocks.push({
      type: "text",
      content: context.labels.inShort(subtopic.description),
      question: null,
      subtopic_id: id,
      citations: gist,
    });
  }
  const example = ranked.find(
    (sentence) => EXAMPLE_MARKER.test(sentence.text) && sentence.text !== subtopic.description,
  );
  if (example) {
    blocks.push({
      type: "example",
      content: example.text,
      question: null,
      subtopic_id: id,
      citations: [citeSentence(example)],
    });
  }
  for (const sentence of ranked) {
    const item = definition(sentence, context, language) ?? clozeItem(sentence, context);
    if (!item) continue;
    blocks.push({
      type: "qa",
      content: context.labels.testYourself,
      question: { stem: item.question, answer: item.answer },
      subtopic_id: id,
      citations: [citeSentence(sentence)],
    });
    break;
  }
  return blocks;
}

/** Flashcards per subtopic: definitions first, then fill-in-the-blank cards, each with a hint. */
function practiceCards(pool: SubtopicPool, context: ItemContext, language: "en" | "nl"): PracticeCard[] {
  const cards: PracticeCard[] = [];
  for (const sentence of pool.ranked) {
    if (cards.length === CARDS_PER_SUBTOPIC) break;
    const defined = definition(sentence, context, language);
    const item = defined
      ? { ...defined, hint: context.labels.subtopicHint(pool.subtopic.title) }
      : clozeCard(sentence, context);
    if (!item) continue;
    cards.push({
      id: stableId("card", sentence.chunk.id, sentence.line_start, sentence.text),
      q: item.question,
      a: item.answer,
      hint: item.hint,
      subtopic_id: pool.subtopic.subtopic_id,
      citations: [citeSentence(sentence)],
    });
  }
  return cards;
}

function clozeItem(sentence: Sentence, context: ItemContext) {
  const item = cloze(sentence, context);
  return item
    ? { question: context.labels.clozeQuestion(item.stem), answer: capitalize(item.answer.display) }
    : null;
}

function clozeCard(sentence: Sentence, context: ItemContext) {
  const item = cloze(sentence, context);
  if (!item) return null;
  const answer = item.answer.display;
  return {
    question: context.labels.clozeCard(item.stem),
    answer,
    hint: context.labels.letterHint(answer.charAt(0), answer.replace(/\s/g, "").length),
  };
}
