import { activitySchema, type Question, type StudyBlock } from "../../src/domain/activity-payload.ts";
import { type Structure, structureSchema } from "../../src/domain/structure.ts";
import { CitationVerifier, type VerificationCounts } from "./citations.ts";
import { buildCorpus, type Corpus, type CorpusSourceInput, contentTerms } from "./corpus.ts";
import { type ChapterShape, chapterShape } from "./course-shape.ts";
import { assignMaterial } from "./material.ts";
import { mapPool } from "./pool.ts";
import type { ActivityDraft, ChapterDraft, GenerationProvider, TopicBrief } from "./providers/index.ts";
import {
  answerLengthGap,
  answerRank,
  lengthHabit,
  lengthTell,
  lengthTells,
  nearDuplicateOptions,
  pointsAtLayout,
  positionalExplanations,
  stemsOf,
} from "./quality.ts";
import { hashOf, Random } from "./random.ts";
import { comparable, isSupported } from "./support.ts";
import { placeAnswer } from "./support-check.ts";
import { detectLanguage, dominantLanguage, type Language } from "./text/language.ts";
import { withoutLeaningOnDropped } from "./text/rank.ts";

export interface StructureResult {
  structure: Structure;
  counts: VerificationCounts;
}

export interface CourseResult {
  chapters: ChapterDraft[];
  counts: VerificationCounts;
  shape: ShapeCounts;
}

/** What fitting the chapters to their shape (course-shape.ts) removed, beyond the citation verifier. */
export interface ShapeCounts {
  /** Items past the counts a section's material allows (diagnostic, mastery, cards). */
  overShape: number;
  /** Mastery questions that repeated one of the diagnostic's. */
  repeated: number;
  /**
   * Questions dropped because their right option gave itself away by length: much the longest, in a
   * chapter where that was a habit, or at one end of the lengths in too many of the chapter's questions.
   */
  lengthTells: number;
  /**
   * Questions and cards dropped as unfair, whichever provider wrote them: two options that are one word
   * spelled twice (a source's typo beside its right spelling), an explanation naming an option by its
   * place, or a stem, option, explanation, card or hint pointing at a place in the source the learner
   * never sees ("de tweede alinea", "volgens de tabel").
   */
  unfair: number;
  /** Overview slide lines that stated a diagnostic question's answer just before it was asked. */
  giveaways: number;
}

/** A structure for a topic from its sources' chunks, with every citation verified against them. */
export async function generateStructure(
  topic: TopicBrief,
  sources: readonly CorpusSourceInput[],
  provider: GenerationProvider,
): Promise<StructureResult> {
  const corpus = buildCorpus(sources);
  const written = structureSchema.parse(await provider.structure(topic, corpus));
  const verifier = new CitationVerifier(corpus.chunks);
  const structure = withSequentialIds(withoutUngrounded(written, verifier.structure(written)));
  return { structure, counts: verifier.counts };
}

/**
 * The verified structure without the subtopics that cited something but kept no citation (the verifier
 * counted them dropped), and without sections left empty that way: a subtopic whose every line was
 * invented would give its chapter nothing true to teach. Uncited subtopics (a topic without sources) stay.
 */
function withoutUngrounded(written: Structure, verified: Structure): Structure {
  return {
    ...verified,
    sections: verified.sections.flatMap((section, index) => {
      const before = written.sections[index]?.subtopics ?? [];
      const subtopics = section.subtopics.filter(
        (subtopic, position) =>
          subtopic.citations.length > 0 || (before[position]?.citations.length ?? 0) === 0,
      );
      return subtopics.length > 0 || section.subtopics.length === 0 ? [{ ...section, subtopics }] : [];
    }),
  };
}

/** How many chapters are written at once when the caller does not say. */
export const DEFAULT_CHAPTER_CONCURRENCY = 5;

export interface CourseOptions {
  /** Chapters written at the same time (an LLM call each); order and content do not depend on it. */
  concurrency?: number;
  /** Only these sections' chapters (one chapter regenerated alone); material is still assigned over all. */
  sections?: ReadonlySet<string>;
}

/**
 * One chapter per section of an (accepted) structure, six activities each, with every citation and
 * every answer checked against the chunks. Chapters are written by a bounded pool, so a long structure
 * does not add its calls' latencies end to end; the output keeps the sections' order. `onChapter`
 * reports how many chapters are done, one report at a time and always counting up.
 */
export async function generateCourse(
  topic: TopicBrief,
  structure: Structure,
  sources: readonly CorpusSourceInput[],
  provider: GenerationProvider,
  onChapter: (done: number, total: number) => Promise<void> = async () => {},
  options: CourseOptions = {},
): Promise<CourseResult> {
  const corpus = buildCorpus(sources);
  const materials = assignMaterial(structure, corpus, topicLanguage(topic, corpus));
  const verifier = new CitationVerifier(corpus.chunks);
  const shapeCounts: ShapeCounts = { overShape: 0, repeated: 0, lengthTells: 0, unfair: 0, giveaways: 0 };
  const sections = structure.sections.flatMap((section) => {
    const material = materials.get(section.section_id);
    if (options.sections && !options.sections.has(section.section_id)) return [];
    return material ? [{ section, material }] : [];
  });
  let done = 0;
  let reported = Promise.resolve();
  const written = await mapPool(
    sections,
    options.concurrency ?? DEFAULT_CHAPTER_CONCURRENCY,
    async ({ section, material }) => {
      const draft = await provider.chapter({ topic, structure, section, material, corpus });
      const shape = chapterShape(section, material);
      const chapter = withoutEmptyActivities(fitToShape(verifier.chapter(draft), shape, shapeCounts));
      for (const activity of chapter.activities) activitySchema.parse(activity);
      done++;
      const count = done;
      // Reports go out in sequence so a slow progress write never lets a later count overtake it.
      reported = reported.then(() => onChapter(count, structure.sections.length));
      await reported;
      return chapter;
    },
  );
  return { chapters: written, counts: verifier.counts, shape: shapeCounts };
}

/**
 * A verified chapter held to its shape, whichever provider wrote it: a mastery question that repeats the
 * diagnostic's goes, and so does an unfair question (near-duplicate options, an explanation naming a
 * place, a text pointing at a place in the source the learner never sees) or card; when the right option is much the longest in more than the allowed share of the
 * chapter's questions (a habit a test-wise learner exploits), those questions go; then each quiz and the
 * practice stop at the counts the section's material allows, and while the right option is still the
 * longest or the shortest in too many questions, the one that stands out most goes (`withoutLengthHabit`).
 * Never added to: fewer items is fine.
 */
export function fitToShape(chapter: ChapterDraft, shape: ChapterShape, counts: ShapeCounts): ChapterDraft {
  const quizzes = chapter.activities.flatMap((activity) =>
    activity.kind === "diagnostic" || activity.kind === "mastery" ? activity.payload.questions : [],
  );
  const telling = new Set(lengthTells(quizzes).filter((question) => lengthTell(question) === "long"));
  const pointing = quizzes.filter((question) =>
    [question.stem, ...question.options, question.explanation].some(pointsAtLayout),
  );
  const unfair = new Set([...nearDuplicateOptions(quizzes), ...positionalExplanations(quizzes), ...pointing]);
  const diagnosticStems = new Set(
    chapter.activities.flatMap((activity) =>
      activity.kind === "diagnostic"
        ? activity.payload.questions.map((question) => question.stem.trim())
        : [],
    ),
  );
  const givesAway = slideGiveaway(
    chapter.activities.flatMap((activity) =>
      activity.kind === "diagnostic" ? activity.payload.questions : [],
    ),
  );
  const limit = <T>(list: readonly T[], count: number): T[] => {
    counts.overShape += Math.max(0, list.length - count);
    return list.slice(0, count);
  };
  const checked = new Map<ActivityDraft, Question[]>();
  for (const activity of chapter.activities) {
    if (activity.kind !== "diagnostic" && activity.kind !== "mastery") continue;
    const fair = activity.payload.questions.filter((question) => {
      if (unfair.has(question)) {
        counts.unfair++;
        return false;
      }
      if (telling.has(question)) {
        counts.lengthTells++;
        return false;
      }
      if (activity.kind === "mastery" && diagnosticStems.has(question.stem.trim())) {
        counts.repeated++;
        return false;
      }
      return true;
    });
    checked.set(activity, limit(fair, activity.kind === "diagnostic" ? shape.diagnostic : shape.mastery));
  }
  const diagnostic = new Set(
    [...checked.entries()].flatMap(([activity, questions]) =>
      activity.kind === "diagnostic" ? questions : [],
    ),
  );
  const fitting = [...checked.values()].flat();
  const balanced = withoutLengthHabit(fitting, diagnostic);
  counts.lengthTells += fitting.length - balanced.size;
  const activities = chapter.activities.map((activity): ActivityDraft => {
    switch (activity.kind) {
      case "diagnostic":
      case "mastery": {
        const questions = (checked.get(activity) ?? []).filter((question) => balanced.has(question));
        return { ...activity, payload: { questions: spreadAnswers(questions) } };
      }
      case "study":
        return { ...activity, payload: { blocks: withoutBareHeadings(activity.payload.blocks) } };
      case "practice": {
        const kept = activity.payload.cards.filter(
          (card) => ![card.q, card.a, card.hint ?? ""].some(pointsAtLayout),
        );
        counts.unfair += activity.payload.cards.length - kept.length;
        return { ...activity, payload: { cards: limit(kept, shape.cards) } };
      }
      case "overview": {
        // A slide left with no line to show goes: a title alone summarises nothing.
        const slides = activity.payload.slides.flatMap((slide) => {
          const given = slide.bullets.filter(givesAway).length;
          counts.giveaways += given;
          const bullets = given > 0 ? withoutLeaningOnDropped(slide.bullets, givesAway) : slide.bullets;
          return bullets.length > 0 ? [{ ...slide, bullets }] : [];
        });
        return { ...activity, payload: { ...activity.payload, slides } };
      }
      default:
        return activity;
    }
  });
  return { ...chapter, activities };
}

/**
 * Study blocks without a heading that heads nothing: graded study phases showed "Package" or
 * "Leveranciers" with no text under it, where a subtopic's lines gave nothing to explain or the verifier
 * dropped what did.
 */
function withoutBareHeadings(blocks: readonly StudyBlock[]): StudyBlock[] {
  return blocks.filter((block, index) => {
    const next = blocks[index + 1];
    return block.type !== "heading" || (next !== undefined && next.type !== "heading");
  });
}

/**
 * A chapter's questions less those that keep a length habit alive (ANSWER_LENGTH_HABIT): while the right
 * option is the longest (or the shortest) in too many of them, the question where it stands out most goes,
 * a mastery question before a diagnostic one (the diagnostic asks one question per subtopic, and a
 * subtopic it does not ask about is never found to be a gap). A provider that can rewrite options has
 * done so before this (the model path's `checkedBalance`).
 */
function withoutLengthHabit(
  questions: readonly Question[],
  diagnostic: ReadonlySet<Question>,
): Set<Question> {
  const left = new Set(questions);
  for (let habit = lengthHabit([...left]); habit !== null; habit = lengthHabit([...left])) {
    const atEnd = [...left].filter((question) => answerRank(question) === habit);
    const gap = (question: Question) => answerLengthGap(question, habit);
    const first = (question: Question) => (diagnostic.has(question) ? 1 : 0);
    const [most] = atEnd.sort((a, b) => first(a) - first(b) || gap(b) - gap(a));
    if (!most) break;
    left.delete(most);
  }
  return left;
}

/**
 * Whether an overview slide line answers one of the diagnostic's questions, which come right after the
 * slides (whichever provider wrote them): it states the right option's content words (an answer of
 * three or more; a single term a slide may well name), or it is the blanked sentence filled in. A
 * blind grading read "Authentic tasks are real tasks performed by someone doing their work" on a
 * slide just before "What are authentic tasks?".
 */
function slideGiveaway(questions: readonly Question[]): (line: string) => boolean {
  const answers = questions.flatMap((question) => {
    const answer = question.options[question.correct_option] ?? "";
    const filled = question.stem.includes("___") ? [comparable(filledStem(question.stem, answer))] : [];
    return [
      {
        answer: contentTerms(answer).length >= 3 ? answer : null,
        filled,
        pair: ownAndAsked(answer, question.stem),
      },
    ];
  });
  return (line) => {
    const said = stemsOf(line);
    const has = (terms: readonly string[]) => terms.filter((term) => said.has(term)).length;
    return answers.some(
      ({ answer, filled, pair }) =>
        (answer !== null && isSupported(answer, [line])) ||
        filled.some((sentence) => sentence !== "" && comparable(line).includes(sentence)) ||
        // The answer's own words with most of the question's: "Pango groups share a common ancestor
        // and a distinctive sequence feature" before "Which nomenclature defines its groups as
        // sequences that share a common ancestor and a distinctive sequence feature?" (graded).
        (pair.answer.length > 0 &&
          has(pair.answer) === pair.answer.length &&
          has(pair.stem) * 2 > pair.stem.length),
    );
  };
}

/** The words an answer adds to its question ("pango" to "Which nomenclature …?"), and the question's. */
function ownAndAsked(answer: string, question: string): { answer: string[]; stem: string[] } {
  const asked = stemsOf(question);
  return { answer: [...stemsOf(answer)].filter((term) => !asked.has(term)), stem: [...asked] };
}

/**
 * The questions of one check with their right options spread over the places evenly, in an order seeded
 * by the questions themselves: per-question placement left 11 of a model's 19 answers on D in one
 * graded course. Explanations name options by their words, so moving them changes nothing else.
 */
function spreadAnswers(questions: readonly Question[]): Question[] {
  const random = new Random(hashOf(questions.map((question) => question.id).join(" ")));
  const slots = random.shuffled(questions.map((_, index) => index % ANSWER_PLACES));
  return questions.map((question, index) => {
    const placed = placeAnswer(question.options, question.correct_option, slots[index] ?? 0);
    return { ...question, options: placed.options, correct_option: placed.correct };
  });
}
const ANSWER_PLACES = 4;

/** A fill-in stem's quoted sentence with its blank filled ("Vul aan: „A ___ B”" → "A answer B"). */
function filledStem(stem: string, answer: string): string {
  const quoted = /[“„"](.+)[”"]/u.exec(stem)?.[1] ?? stem;
  return quoted.replace("___", answer);
}

/**
 * A chapter without the activities that were left with nothing to do: a check whose every question the
 * verifier removed (an empty mastery check would say "Score: 0 van 0 — Geslaagd!"), practice without
 * cards, study without blocks, a recap with nothing to say (a section that teaches nothing). The phase then shows that it has no content, as any missing phase does.
 */
function withoutEmptyActivities(chapter: ChapterDraft): ChapterDraft {
  const hasContent = (activity: ActivityDraft) => {
    switch (activity.kind) {
      case "diagnostic":
      case "mastery":
        return activity.payload.questions.length > 0;
      case "practice":
        return activity.payload.cards.length > 0;
      case "study":
        return activity.payload.blocks.length > 0;
      case "recap":
        return activity.payload.transcript.trim() !== "" || (activity.payload.script?.length ?? 0) > 0;
      default:
        return true;
    }
  };
  return { ...chapter, activities: chapter.activities.filter(hasContent) };
}

/** The language of a topic: that of most of its source text, else of its title and description. */
export function topicLanguage(topic: TopicBrief, corpus: Corpus): Language {
  if (corpus.sentences.length === 0) return detectLanguage(`${topic.title} ${topic.description ?? ""}`);
  return dominantLanguage(
    corpus.sentences.map((sentence) => ({ language: sentence.source.language, weight: 1 })),
  );
}

/**
 * Section and subtopic ids numbered in order, so chapters (keyed by section_id) never collide even when
 * a model repeats an id.
 */
function withSequentialIds(structure: Structure): Structure {
  return {
    ...structure,
    sections: structure.sections.map((section, index) => ({
      ...section,
      section_id: `section-${index + 1}`,
      subtopics: section.subtopics.map((subtopic, position) => ({
        ...subtopic,
        subtopic_id: `section-${index + 1}-${position + 1}`,
      })),
    })),
  };
}
