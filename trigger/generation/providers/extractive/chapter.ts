import type { PracticeCard, Question, StudyBlock } from "../../../../src/domain/activity-payload.ts";
import { citationsOf, uniqueCitations } from "../../../../src/domain/citation.ts";
import type { Section, Subtopic } from "../../../../src/domain/structure.ts";
import type { Sentence } from "../../corpus.ts";
import {
  type ChapterShape,
  chapterShape,
  ITEM_LIMITS,
  isSlideBullet,
  isTeachable,
  unteachableReason,
} from "../../course-shape.ts";
import { stableId } from "../../ids.ts";
import type { SectionMaterial } from "../../material.ts";
import { comparable } from "../../support.ts";
import { withoutLeadingLink } from "../../text/compress.ts";
import {
  examplePattern,
  inOtherLanguage,
  isStopword,
  type Language,
  readsAsDutchOrEnglish,
  words,
} from "../../text/language.ts";
import { namesTaughtConcept } from "../../text/phrase-checks.ts";
import {
  isQuotable,
  type KeyPhrase,
  keyPhrases,
  leansOnContext,
  rankSentences,
  type TermWeights,
} from "../../text/rank.ts";
import type { ActivityDraft, ChapterDraft, ChapterRequest } from "../types.ts";
import { type CausalPair, causalPairs, definitions } from "./clauses.ts";
import {
  askableTerms,
  causeItem,
  citationsFor,
  clozeItem,
  definitionItem,
  hasMisspelling,
  type Item,
  type ItemContext,
  type ItemForm,
  isAskable,
  type StatementIndex,
} from "./items.ts";
import { LABELS, type Labels } from "./labels.ts";
import { recapScript } from "./recap.ts";
import { inAuthorVoice, leadOf, standsAlone } from "./structure.ts";

const CLOZES_PER_SUBTOPIC = 3;
const SLIDE_BULLETS = 4;

/** A subtopic with its own sentences and the items built from them. */
interface Pool {
  subtopic: Subtopic;
  sentences: Sentence[];
  items: Item[];
}

/**
 * The section's material that can be quoted on its own: without passages in a language the word lists
 * do not know (placeholder Latin in an English paper), sentences quoted in the other one (English in a
 * Dutch report), list items that only their lead-in makes true ("things you should not do: Talk
 * contemptuously …") or the author speaking of themselves (`inAuthorVoice`). No item, study text or
 * recap is written from those here.
 */
function offlineMaterial(material: SectionMaterial): SectionMaterial {
  const known = (sentence: Sentence) =>
    sentence.framedBy === undefined &&
    !inAuthorVoice(sentence) &&
    readsAsDutchOrEnglish(sentence.text, sentence.chunk) &&
    !inOtherLanguage(sentence.text, sentence.source.language);
  return {
    ...material,
    sentences: material.sentences.filter(known),
    bySubtopic: new Map([...material.bySubtopic].map(([id, sentences]) => [id, sentences.filter(known)])),
    // Table rows and code listings are no sentences: nothing here can be written from them.
    blocks: new Map(),
  };
}

/**
 * A chapter with the six activities, written from the section's own sentences only: objectives and
 * slides per subtopic, one diagnostic question per subtopic, study text that explains (lead, example,
 * question and answer), cards whose hints never hold the answer, a mastery check mixing cause,
 * definition and fill-in questions, and a spoken recap (course-shape.ts: 150–230 words, fewer for a
 * short section). Every count stops at the chapter's shape, which scales with the section's teachable
 * sentences: a section that teaches little gets few items, one that teaches nothing none.
 */
export function extractiveChapter(
  request: ChapterRequest,
  shared: {
    weights: TermWeights;
    topicTerms: (language: Language) => KeyPhrase[];
    topicPlaces: (language: Language) => ReadonlySet<string>;
    topicCauses: (language: Language) => CausalPair[];
    topicStatements: (language: Language) => StatementIndex;
  },
): ChapterDraft {
  const { section } = request;
  const material = offlineMaterial(request.material);
  const language = material.language;
  const labels = LABELS[language];
  const subtopicOf = new Map<number, { id: string; title: string }>();
  for (const subtopic of section.subtopics) {
    for (const sentence of material.bySubtopic.get(subtopic.subtopic_id) ?? []) {
      subtopicOf.set(sentence.index, { id: subtopic.subtopic_id, title: subtopic.title });
    }
  }
  const phrases = keyPhrases(material.sentences, shared.weights);
  const topicSentences = request.corpus.sentences.filter((sentence) => sentence.source.language === language);
  const context: ItemContext = {
    language,
    labels,
    weights: shared.weights,
    terms: askableTerms(phrases, shared.weights, language),
    topicTerms: shared.topicTerms(language),
    places: shared.topicPlaces(language),
    phrases,
    subtopicOf,
    sentences: material.sentences,
    topicSentences,
    knownStatements: new Set(material.sentences.map((sentence) => comparable(sentence.text))),
    topicStatements: shared.topicStatements(language),
    defined: new Map(),
    sourceWords: sourceWordsOf(request.corpus.sentences, language),
  };
  const pools: Pool[] = section.subtopics.map((subtopic) => ({
    subtopic,
    sentences: material.bySubtopic.get(subtopic.subtopic_id) ?? [],
    items: [],
  }));
  const poolOf = (sentence: Sentence | undefined) =>
    pools.find((pool) => pool.subtopic.subtopic_id === subtopicOf.get(sentence?.index ?? -1)?.id);

  // Causes and definitions may span two sentences, so they are read over the whole section and filed
  // under the subtopic of their last sentence; an item never reaches outside its section.
  const pairs = causalPairs(material.sentences, language, (word) => shared.weights.isNominal(word));
  // Wrong options come from this chapter's causes first, then from the rest of the topic's.
  const ownEffects = new Set(pairs.map((pair) => pair.effect));
  const candidates = [
    ...pairs,
    ...shared.topicCauses(language).filter((pair) => !ownEffects.has(pair.effect)),
  ];
  for (const pair of pairs) {
    if (!isAskable(pair, labels) || pair.sentences.some(isAboutTheDocument)) continue;
    const pool = poolOf(pair.sentences.at(-1));
    if (pool && pair.sentences.every((sentence) => subtopicOf.has(sentence.index)))
      pool.items.push(causeItem(pair, candidates, pool.subtopic.subtopic_id, context));
  }
  const isTerm = (term: string) => {
    const key = term.toLowerCase();
    const words = key.split(" ");
    // A key phrase of the chapter, or a name the text gives right after "heet"/"noemen we"/"is called"
    // (which the phrase statistics do not see as a noun phrase): content words only, not a verb.
    return (
      words.length <= 3 &&
      key.replace(/\s/g, "").length >= 4 &&
      (phrases.some((phrase) => phrase.key === key) ||
        words.every((word) => word.length >= 3 && !isStopword(word) && !shared.weights.isVerbal(word)))
    );
  };
  const defined = context.defined;
  for (const definition of definitions(material.sentences, language, isTerm)) {
    const pool = poolOf(definition.sentences.at(-1));
    const key = definition.term.toLowerCase();
    if (!pool || defined.has(key) || !definition.sentences.every((s) => subtopicOf.has(s.index))) continue;
    if (definition.sentences.some(isAboutTheDocument)) continue;
    if (hasMisspelling(definition.term, context)) continue;
    defined.set(key, definition.meaning);
    pool.items.push(definitionItem(definition, pool.subtopic.subtopic_id, context));
  }
  clozeItems(pools, poolOf, context, shared.weights);

  const shape = chapterShape(section, material);
  const teaching = pools.filter((pool) => shape.teachingSubtopics.includes(pool.subtopic.subtopic_id));
  const diagnostic = diagnosticQuestions(teaching).slice(0, shape.diagnostic);
  // Mastery asks only what the diagnostic did not: a section with too little for both gets a smaller
  // check or none (the engine then leaves it out), never the diagnostic's questions again.
  const mastery = masteryQuestions(teaching, new Set(diagnostic.map((question) => question.id)), shape);
  // Study and practice show their answers, so they never hold a mastery question (a card word for word
  // the question asked later makes the check a memory test of the card). The study text's own question
  // is never the diagnostic's either, which the learner has just answered; practice goes back over a
  // diagnostic question only for a subtopic that has no other card, as a learner re-tests a missed card
  // (graders read every card of a chapter as its diagnostic again).
  const askedIn = (questions: readonly Question[]) => {
    const ids = new Set(questions.map((question) => question.id));
    return (item: Item) => item.question !== null && ids.has(item.question.id);
  };
  const [diagnosed, mastered] = [askedIn(diagnostic), askedIn(mastery)];
  const untested = (item: Item) => !diagnosed(item) && !mastered(item);
  const blocks = teaching.flatMap((pool) => studyBlocks(pool, labels, untested));
  // A card that asks the study text's own question, whose answer it has just shown, practises nothing.
  const studied = new Set(blocks.flatMap((block) => (block.question ? [block.question.stem] : [])));
  const cards = teaching
    .flatMap((pool) => {
      const fresh = practiceCards({ ...pool, items: pool.items.filter(untested) });
      return fresh.length > 0 ? fresh : practiceCards({ ...pool, items: pool.items.filter(diagnosed) });
    })
    .filter((card) => !studied.has(card.q))
    .slice(0, shape.cards);
  const structureCitations = uniqueCitations(section.subtopics.flatMap((subtopic) => subtopic.citations));
  const reflection = pools.flatMap((pool) =>
    pool.items.flatMap((item) => (item.form !== "cloze" && item.qa ? [item.qa.stem] : [])),
  );
  const sections = request.structure.sections;
  const next = sections[sections.findIndex((candidate) => candidate.section_id === section.section_id) + 1];
  const onward = next ? labels.recapNext(next.title) : labels.recapLast(request.structure.title);
  const recap =
    shape.teachable.sentences > 0
      ? recapScript(section, pools, pairs, labels, shared.weights, { reflection, onward })
      : { transcript: "", bullets: [], turns: [], sentences: [] };
  const title = labels.activityTitle;
  const activities: ActivityDraft[] = [
    {
      kind: "overview",
      title: title.overview(section.title),
      payload: overview(
        section,
        teaching,
        labels,
        shape.objectives.max,
        slideFilter(request.material, askedSentences(teaching, diagnostic)),
        request.material.sentences,
      ),
      citations: structureCitations,
    },
    quizActivity("diagnostic", title.diagnostic(section.title), diagnostic),
    { kind: "study", title: title.study(section.title), payload: { blocks }, citations: citationsOf(blocks) },
    {
      kind: "practice",
      title: title.practice(section.title),
      payload: { cards },
      citations: citationsOf(cards),
    },
    quizActivity("mastery", title.mastery(section.title), mastery),
    {
      kind: "recap",
      title: title.recap(section.title),
      payload: {
        transcript: recap.transcript,
        bullets: recap.bullets,
        script: recap.turns.map((turn) => ({
          speaker: turn.speaker,
          text: turn.text,
          citations: uniqueCitations(citationsFor(turn.sentences)),
        })),
        language,
      },
      citations: uniqueCitations(citationsFor(recap.sentences)),
    },
  ];
  return { section_id: section.section_id, title: section.title, summary: section.description, activities };
}

// The topic's vocabulary per language, built once per corpus (a long source has many chapters).
const vocabularies = new WeakMap<readonly Sentence[], Map<Language, ReadonlySet<string>>>();

function sourceWordsOf(sentences: readonly Sentence[], language: Language): ReadonlySet<string> {
  const byLanguage = vocabularies.get(sentences) ?? new Map<Language, ReadonlySet<string>>();
  vocabularies.set(sentences, byLanguage);
  let vocabulary = byLanguage.get(language);
  if (!vocabulary) {
    vocabulary = new Set(
      sentences.filter((sentence) => sentence.source.language === language).flatMap((s) => words(s.text)),
    );
    byLanguage.set(language, vocabulary);
  }
  return vocabulary;
}

/**
 * Fill-in items, at most one per answer term in the whole chapter (four cards blanking "onderscheid"
 * teach one word four times) and where the chapter states it best: the chapter's sentences are tried
 * in order of centrality, a few per subtopic. Past a subtopic's few, a sentence is only used while the
 * subtopic has no question yet, so the diagnostic can probe every subtopic; failing a key term, one the
 * chapter names once or a common noun of a list will do (never an amount, a general noun, a name in a
 * list or a modifier), still never a term already asked.
 */
function isAboutTheDocument(sentence: Sentence): boolean {
  return unteachableReason(sentence) === "document";
}

function clozeItems(
  pools: readonly Pool[],
  poolOf: (sentence: Sentence | undefined) => Pool | undefined,
  context: ItemContext,
  weights: TermWeights,
): void {
  const used = new Set<string>(context.defined.keys());
  // Only what the chapter's shape counts as teaching: never a sentence about the document itself, an
  // exercise or a reference, whatever its terms.
  const sentences = pools.flatMap((pool) => pool.sentences).filter(isTeachable);
  const ranked = rankSentences(sentences.filter(isQuotable), weights);
  const rest = sentences.filter((sentence) => !ranked.includes(sentence) && sentence.complete);
  const clozes = new Map<Pool, number>();
  const hasQuestion = (pool: Pool) => pool.items.some((item) => item.question !== null);
  for (const sentence of [...ranked, ...rest]) {
    const pool = poolOf(sentence);
    if (!pool) continue;
    const count = clozes.get(pool) ?? 0;
    if (count >= CLOZES_PER_SUBTOPIC && hasQuestion(pool)) continue;
    const item = clozeItem(sentence, pool.subtopic.subtopic_id, context, used);
    if (!item || (count >= CLOZES_PER_SUBTOPIC && item.question === null)) continue;
    used.add(item.key);
    pool.items.push(item);
    clozes.set(pool, count + 1);
  }
  for (const pool of pools.filter((candidate) => !hasQuestion(candidate))) {
    const own = [...ranked, ...rest].filter((sentence) => poolOf(sentence) === pool);
    for (const sentence of own) {
      const item = clozeItem(sentence, pool.subtopic.subtopic_id, context, used, true);
      if (!item?.question) continue;
      used.add(item.key);
      pool.items.push(item);
      break;
    }
  }
}

/**
 * Which lines an overview slide may show, by the filters the items use: a line in a language the word
 * lists cannot read (placeholder Latin, judged in its passage as `offlineMaterial` does), one that
 * states nothing (a list of keywords or titles, a note on the document: `isSlideBullet`; a label or a
 * table's header row the structure fell back to, which is no complete sentence), a list item
 * only its lead-in makes true, the author speaking of themselves, or a sentence the diagnostic right
 * after the slides asks about (the slide would show its answer) is left off.
 */
function slideFilter(material: SectionMaterial, asked: ReadonlySet<Sentence>): (text: string) => boolean {
  const byText = new Map(material.sentences.map((sentence) => [sentence.text.trim(), sentence]));
  return (text) => {
    const sentence = byText.get(text.trim());
    return (
      isSlideBullet(text) &&
      readsAsDutchOrEnglish(text, sentence?.chunk) &&
      sentence?.framedBy === undefined &&
      !(sentence && (!sentence.complete || asked.has(sentence) || inAuthorVoice(sentence)))
    );
  };
}

/** The sentences the given questions were made from. */
function askedSentences(pools: readonly Pool[], questions: readonly Question[]): Set<Sentence> {
  const ids = new Set(questions.map((question) => question.id));
  return new Set(
    pools.flatMap((pool) =>
      pool.items.flatMap((item) => (item.question && ids.has(item.question.id) ? item.sentences : [])),
    ),
  );
}

/** Objectives named after what each subtopic lets a learner do; one slide per subtopic. */
function overview(
  section: Section,
  pools: readonly Pool[],
  labels: Labels,
  maxObjectives: number,
  fitsASlide: (text: string) => boolean,
  sentences: readonly Sentence[],
) {
  const objectives: string[] = [];
  const language = sentences[0]?.source.language ?? "en";
  for (const pool of pools) {
    // A "Daardoor …" sentence quoted in a goal reads oddly; goals name effects the text states whole.
    const cause = pool.items.find((item) => item.form === "cause" && item.stated);
    const definition = pool.items.find((item) => item.form === "definition");
    // Only a concept the section teaches makes an objective ("het begrip „bijna” herkennen" teaches
    // nothing): a recurring phrase, or a word its titles carry.
    const titles = [section.title, ...section.subtopics.map((subtopic) => subtopic.title)];
    const cloze = pool.items.find(
      (item) => item.form === "cloze" && item.keyTerm && namesTaughtConcept(item.about, titles),
    );
    if (definition) objectives.push(labels.objectiveDefine(definition.about));
    if (cause) objectives.push(cause.objective ?? labels.objectiveCause(cause.about));
    if (cloze && !definition && !cause) objectives.push(labels.objectiveTerm(cloze.about));
    else if (!definition && !cause && namesAnIdea(pool.subtopic.title, language))
      objectives.push(labels.objectiveDescribe(pool.subtopic.title));
  }
  const byText = new Map(sentences.map((sentence) => [sentence.text.trim(), sentence]));
  const slides = section.subtopics.map((subtopic) => ({
    title: subtopic.title,
    bullets: inReadingOrder(
      [subtopic.description, ...subtopic.key_points].filter(
        (text, index, all) => text !== "" && all.indexOf(text) === index && fitsASlide(text),
      ),
      byText,
    ).slice(0, SLIDE_BULLETS),
  }));
  // A slide of a title alone says nothing a learner can read; only when no subtopic has a line to show
  // do the titles stay, as the chapter's map.
  const said = slides.filter((slide) => slide.bullets.length > 0);
  const shown = said.length > 0 ? said : slides;
  const sectionSlide = {
    title: section.title,
    bullets: [section.description].filter((text) => text && fitsASlide(text)),
  };
  return {
    slides: shown.length > 0 ? shown : [sectionSlide],
    objectives: [...new Set(objectives)].slice(0, maxObjectives),
  };
}

/**
 * Whether a subtopic title names an idea a learner can describe: a phrase of a few words, not a name
 * ("Objectieve rechtvaardiging", "Quantile dotplots"). A single word picked as a label ("Bedoeling",
 * "Onderwerp", "Package", "Layer") or a name ("Binnenlandse Zaken") made objectives graders called
 * meaningless: "Je kunt de kern van „Onderwerp” in eigen woorden beschrijven." Dutch writes titles in
 * sentence case, so capitals on every word there mark a name; English titles may be in title case.
 */
export function namesAnIdea(title: string, language: Language): boolean {
  const titleWords = title.split(/\s+/u).filter((word) => /\p{L}/u.test(word));
  const capitalised = titleWords.every((word) => /^\p{Lu}/u.test(word));
  return titleWords.length >= 2 && !(language === "nl" && capitalised);
}

/**
 * A slide's lines in the order the text says them, and a line that points back ("However, they require
 * …", "These methods …") only right after the sentence it points to. Shuffled, "they" on a Nanopore
 * slide read as Nanopore where the text said it of Illumina: a false statement in a graded course.
 */
function inReadingOrder(texts: readonly string[], byText: ReadonlyMap<string, Sentence>): string[] {
  const placed = texts.map((text) => ({ text, sentence: byText.get(text.trim()) }));
  const ordered = [...placed].sort(
    (a, b) => (a.sentence?.index ?? Number.MAX_SAFE_INTEGER) - (b.sentence?.index ?? Number.MAX_SAFE_INTEGER),
  );
  const kept: typeof ordered = [];
  for (const line of ordered) {
    const before = kept.at(-1)?.sentence;
    const follows = line.sentence !== undefined && before?.index === line.sentence.index - 1;
    if (!leansOnContext(line.text) || follows) kept.push(line);
  }
  return kept.map((line) => line.text);
}

const FORM_ORDER: ItemForm[] = ["definition", "cloze", "cause"];

/** One question per subtopic, tied to it, so a wrong answer points at exactly that gap. */
function diagnosticQuestions(pools: readonly Pool[]): Question[] {
  return pools.flatMap((pool, index) => {
    // Forms take turns across subtopics, so the check is not one kind of question throughout.
    const order = [...FORM_ORDER.slice(index % 3), ...FORM_ORDER.slice(0, index % 3)];
    for (const form of order) {
      const item = pool.items.find((candidate) => candidate.form === form && candidate.question);
      if (item?.question) return [item.question];
    }
    return [];
  });
}

/**
 * The remaining questions, forms and subtopics interleaved, easy to hard mixed as they come, up to the
 * shape's count; fewer than the shape's minimum make no check at all.
 */
function masteryQuestions(
  pools: readonly Pool[],
  asked: ReadonlySet<string>,
  shape: ChapterShape,
): Question[] {
  const queues = new Map<ItemForm, Question[]>();
  for (const form of ["cause", "definition", "cloze"] as const) {
    const rounds = pools.map((pool) =>
      pool.items.flatMap((item) =>
        item.form === form && item.question && !asked.has(item.question.id) ? [item.question] : [],
      ),
    );
    const interleaved: Question[] = [];
    for (let round = 0; rounds.some((list) => list.length > round); round++) {
      for (const list of rounds) if (list[round]) interleaved.push(list[round] as Question);
    }
    queues.set(form, interleaved);
  }
  const questions: Question[] = [];
  while (questions.length < shape.mastery && [...queues.values()].some((queue) => queue.length > 0)) {
    for (const queue of queues.values()) {
      const next = queue.shift();
      if (next && questions.length < shape.mastery) questions.push(next);
    }
  }
  return questions.length >= ITEM_LIMITS.masteryMin ? questions : [];
}

function quizActivity(kind: "diagnostic" | "mastery", title: string, questions: Question[]): ActivityDraft {
  return { kind, title, payload: { questions }, citations: citationsOf(questions) };
}

/**
 * An example sentence may follow from its passage's point ("For example, …"), but must be whole prose
 * that points nowhere else: graded study text showed a cut formula ("as follows: median(M) → x") and a
 * cross-reference read as a claim ("Er is geen beveiliging voor RPI’s zoals beschreven bij Apple.").
 */
function showsAsExample(sentence: Sentence): boolean {
  return (
    sentence.complete &&
    !inAuthorVoice(sentence) &&
    !leansOnContext(withoutLeadingLink(sentence.text, sentence.source.language))
  );
}

/** Per subtopic: its title, its lead, a definition, an example where the source gives one, a question. */
function studyBlocks(pool: Pool, labels: Labels, askable: (item: Item) => boolean): StudyBlock[] {
  const id = pool.subtopic.subtopic_id;
  const blocks: StudyBlock[] = [
    { type: "heading", content: pool.subtopic.title, question: null, subtopic_id: id, citations: [] },
  ];
  // Study text shows a lead only where it reads on its own: a graded course taught "Of je hebt een goede
  // reden." and "Dit zijn fouten in de:" as explanations.
  const lead = [leadOf(pool.sentences)].find((sentence) => sentence !== undefined && standsAlone(sentence));
  if (lead)
    blocks.push({
      type: "text",
      content: lead.text,
      question: null,
      subtopic_id: id,
      citations: citationsFor([lead]),
    });
  const definition = pool.items.find((item) => item.form === "definition");
  if (definition?.qa && !definition.sentences.includes(lead as Sentence)) {
    blocks.push({
      type: "text",
      content: labels.meaningText(definition.about, definition.qa.answer.replace(/[.!?]+$/, "")),
      question: null,
      subtopic_id: id,
      citations: citationsFor(definition.sentences),
    });
  }
  const example = pool.sentences.find(
    (sentence) =>
      examplePattern(sentence.source.language).test(sentence.text) &&
      sentence !== lead &&
      showsAsExample(sentence),
  );
  if (example)
    blocks.push({
      type: "example",
      content: example.text,
      question: null,
      subtopic_id: id,
      citations: citationsFor([example]),
    });
  // The question asks about a sentence the study text has not just shown: one right below its own
  // sentence shows its answer, and cites the same lines again.
  const shown = new Set<Sentence>([lead, example].flatMap((sentence) => (sentence ? [sentence] : [])));
  if (definition?.qa) for (const sentence of definition.sentences) shown.add(sentence);
  const unseen = pool.items.filter(
    (item) => askable(item) && !item.sentences.some((sentence) => shown.has(sentence)),
  );
  const qa =
    unseen.find((item) => item.form === "cause") ??
    unseen.find((item) => item.form === "definition") ??
    unseen.find((item) => item.form === "cloze");
  if (qa?.qa) {
    blocks.push({
      type: "qa",
      content: labels.testYourself,
      question: { stem: qa.qa.stem, answer: qa.qa.answer },
      subtopic_id: id,
      citations: citationsFor(qa.sentences),
    });
  }
  return blocks;
}

/** Cards per subtopic: meaning and term for each definition, the causes, then fill-in cards. */
function practiceCards(pool: Pool): PracticeCard[] {
  const cards: PracticeCard[] = [];
  const add = (item: Item, card: { q: string; a: string; hint: string } | null) => {
    if (!card || cards.length >= ITEM_LIMITS.cardsPerSubtopic) return;
    const first = item.sentences[0] as Sentence;
    cards.push({
      id: stableId("card", first.chunk.id, first.line_start, card.q),
      q: card.q,
      a: card.a,
      hint: card.hint,
      subtopic_id: item.subtopicId,
      citations: citationsFor(item.sentences),
    });
  };
  const byForm = (form: ItemForm) => pool.items.filter((item) => item.form === form);
  for (const item of byForm("definition")) {
    add(item, item.card);
    add(item, item.reverseCard);
  }
  for (const item of byForm("cause")) add(item, item.card);
  for (const item of byForm("cloze")) add(item, item.card);
  return cards;
}
