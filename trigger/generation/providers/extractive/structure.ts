import type { Citation } from "../../../../src/domain/citation.ts";
import type { Section, Structure, Subtopic } from "../../../../src/domain/structure.ts";
import {
  type Corpus,
  type CorpusItem,
  type CorpusSource,
  citeSentence,
  citeSentenceParts,
  linesOf,
  type Sentence,
} from "../../corpus.ts";
import { isDocumentNote, isSlideBullet, isTeachable, SUBTOPICS_PER_PART } from "../../course-shape.ts";
import { Random } from "../../random.ts";
import { stem } from "../../support.ts";
import type { Heading } from "../../text/headings.ts";
import {
  compoundOf,
  detectLanguage,
  dominantLanguage,
  examplePattern,
  isStopword,
  type Language,
  withoutArticle,
  words,
} from "../../text/language.ts";
import { WORD_LISTS, wordSet } from "../../text/lexicon/index.ts";
import { imageIn, isConceptPhrase, onlyInFixedExpressions } from "../../text/phrase-checks.ts";
import {
  isQuotable,
  type KeyPhrase,
  keyPhrases,
  leansOnContext,
  rankSentences,
  segment,
  segmentBlocks,
  TermWeights,
  tokensOf,
} from "../../text/rank.ts";
import { looksMisspelled } from "../../text/spelling.ts";
import { WrittenCase } from "../../text/written-case.ts";
import type { TopicBrief } from "../types.ts";
import { definitions } from "./clauses.ts";
import { groupUnits, type Unit } from "./grouping.ts";
import { LABELS } from "./labels.ts";
import { headsBeforeOf, PassageIndex } from "./passage.ts";

/** A section before it is written out: the author's heading (if any) and its passages. */
interface DraftSection {
  title: string | null;
  language: Language;
  units: Unit[];
}

const SENTENCES_PER_SECTION = 30;
const MAX_SEGMENTED_SECTIONS = 12;
const KEY_POINTS = 3;
// Variants a regenerate may walk through before it stops checking against the one before in full.
const CHECKED_VARIANTS = 64;

/**
 * The learning structure of a topic, taken from its sources: sections from the authors' top-level
 * headings (or from where the vocabulary shifts when there are none), subtopics from sub-headings and
 * paragraphs, titled by their key phrase, described by their lead sentence, and cited in full.
 * `topic.variant` picks another valid grouping, titling and order; each variant differs from the one
 * before it and is the same every time it is asked for.
 */
export function extractiveStructure(topic: TopicBrief, corpus: Corpus): Structure {
  if (corpus.sentences.length === 0) return structureWithoutSources(topic);
  const variant = Math.max(0, Math.floor(topic.variant ?? 0));
  // The material's statistics do not depend on the variant: a regenerate that builds several variants
  // tags the material once.
  const weights = new TermWeights(corpus.sentences);
  const build = (which: number, nudge: number) => writeStructure(topic, corpus, weights, which, nudge);
  let previous = variant > 0 ? settledVariant(build, variant - 1) : null;
  if (previous === null) return build(variant, 0);
  const previousText = JSON.stringify(previous);
  for (let nudge = 0; nudge < 8; nudge++) {
    const candidate = build(variant, nudge);
    if (JSON.stringify(candidate) !== previousText) return candidate;
  }
  // Every nudge gave the same structure (a source with one short passage): say it differently.
  previous = build(variant, 0);
  return { ...previous, description: `${previous.description} (${variant + 1})`.trim() };
}

/** The structure a variant settled on, walking up from the nearest variant it need not compare. */
function settledVariant(build: (variant: number, nudge: number) => Structure, variant: number): Structure {
  const from = Math.max(0, variant - CHECKED_VARIANTS);
  let settled = build(from, 0);
  for (let which = from + 1; which <= variant; which++) {
    const before = JSON.stringify(settled);
    let next = build(which, 0);
    for (let nudge = 1; nudge < 8 && JSON.stringify(next) === before; nudge++) next = build(which, nudge);
    settled = next;
  }
  return settled;
}

function writeStructure(
  topic: TopicBrief,
  corpus: Corpus,
  weights: TermWeights,
  variant: number,
  nudge: number,
): Structure {
  const random = variant > 0 ? new Random(variant * 7919 + nudge * 104729 + 1) : null;
  const titles = new UsedTitles();
  const drafts = corpus.sources.flatMap((source) =>
    draftSections(
      source,
      corpus.items.filter((item) => item.source === source),
      weights,
    ),
  );
  // The source's typos are never a title ("Discrimerende effecten"): judged against all its words.
  const vocabulary = new Set(corpus.sentences.flatMap((sentence) => words(sentence.text)));
  const smallNames = namesWrittenSmall(corpus.sentences);
  const sections = drafts.map((draft, index) =>
    writeSection(draft, index, { weights, vocabulary, smallNames }, titles, random),
  );
  const language = dominantLanguage(
    corpus.sources.map((source) => ({
      language: source.language,
      weight: corpus.sentences.filter((sentence) => sentence.source === source).length,
    })),
  );
  const leads = sections.flatMap((section) => (section.description ? [section.description] : []));
  return {
    title: topic.title.trim() || sections[0]?.title || LABELS[language].introduction,
    description:
      topic.description?.trim() ||
      leads[random ? random.below(Math.min(2, leads.length)) : 0] ||
      LABELS[language].learningPathAbout(topic.title),
    sections,
  };
}

/** Sections of one source: by its headings, or by segmentation when it has none. */
function draftSections(source: CorpusSource, items: CorpusItem[], weights: TermWeights): DraftSection[] {
  const headings = items.flatMap((item) => (item.type === "heading" ? [item.heading] : []));
  if (headings.length === 0) {
    const sentences = items.flatMap((item) => (item.type === "paragraph" ? item.sentences : []));
    const count = clamp(Math.round(sentences.length / SENTENCES_PER_SECTION), 1, MAX_SEGMENTED_SECTIONS);
    return segment(sentences, count, weights).map((passage) => ({
      title: null,
      language: source.language,
      units: paragraphsOf(passage),
    }));
  }
  const documentTitle = documentTitleOf(items, headings);
  const sectionLevel = Math.min(
    ...headings
      .filter((heading) => heading !== documentTitle && !isLeftOutHeading(heading.text))
      .map((heading) => heading.level),
  );
  // Titles set in capitals show as the text writes their words ("USE CASES" → "Use cases").
  const written = new WrittenCase(
    items.flatMap((item) =>
      item.type === "paragraph" ? item.sentences.map((sentence) => sentence.text) : [],
    ),
  );
  const sections: DraftSection[] = [];
  const open = (title: string | null): DraftSection => {
    const section: DraftSection = { title, language: source.language, units: [] };
    sections.push(section);
    return section;
  };
  let leftOut = false;
  for (const item of items) {
    if (item.type === "heading") leftOut = isLeftOutHeading(item.heading.text);
    if (leftOut) continue;
    if (item.type === "heading" && item.heading === documentTitle) continue;
    // A box's label ("Tip") is no topic: its text joins the section it stands in, untitled.
    if (item.type === "heading" && isCalloutHeading(item.heading.text) && sections.length > 0) {
      sections.at(-1)?.units.push({ heading: null, sentences: [] });
      continue;
    }
    if (item.type === "heading" && item.heading.level <= sectionLevel) {
      // A slide that repeats the title of the one before goes on with it ("Max Function" on two slides).
      const title = written.of(item.heading.text);
      if (!continuesTitle(sections.at(-1)?.title ?? null, title)) open(title);
      continue;
    }
    const section = sections.at(-1) ?? open(null);
    if (item.type === "heading") {
      // A deeper heading opens a subtopic of its own; the paragraphs under it belong to it. A slide that
      // repeats the title of the one before goes on with it, as at the top level.
      const heading = written.of(item.heading.text);
      if (!continuesTitle(section.units.at(-1)?.heading ?? null, heading))
        section.units.push({ heading, sentences: [] });
      continue;
    }
    const last = section.units.at(-1);
    if (last && last.heading !== null) {
      last.sentences.push(...item.sentences);
    } else {
      section.units.push({ heading: null, sentences: [...item.sentences] });
    }
  }
  // A unit of numbers alone (a chapter's number set apart, a stray page number) says nothing.
  const says = (unit: DraftSection["units"][number]) =>
    unit.sentences.some((sentence) => /\p{L}/u.test(sentence.text));
  // A section of notes on the document alone (its licence, what its chapters hold) teaches nothing, nor
  // do the lines before the first heading when none states anything (a title page's author and date).
  const teaches = (section: DraftSection) =>
    section.units.some((unit) =>
      unit.sentences.some((sentence) =>
        section.title === null ? isTeachable(sentence) : !isDocumentNote(sentence.text),
      ),
    );
  return chaptersOfThinSections(
    sections
      .map((section) => ({ ...section, units: section.units.filter(says) }))
      .filter((section) => section.units.length > 0 && teaches(section)),
    weights,
  );
}

/** More sections than this, each of a few sentences, are a slide deck's or a FAQ's: too many chapters. */
const MAX_THIN_SECTIONS = 8;
/** A section of at most this many sentences (the median one; code lines count) is thin: a slide. */
const THIN_SECTION_SENTENCES = 6;
/** A chapter of thin sections gathers about this many sentences, two to six of the sections. */
const SENTENCES_PER_THIN_CHAPTER = 20;
const THIN_CHAPTER_SECTIONS = { minimum: 2, maximum: SUBTOPICS_PER_PART };

/**
 * Many thin sections in a row (a deck of 40 slides, each its own title) are grouped into chapters where
 * their vocabulary shifts, as a teacher groups slides into lessons: each chapter is titled by its first
 * section, and the sections after it become its subtopics under their own titles. A document whose
 * sections say more keeps its author's chapters.
 */
function chaptersOfThinSections(sections: DraftSection[], weights: TermWeights): DraftSection[] {
  const sentenceCounts = sections.map((section) =>
    section.units.reduce((sum, unit) => sum + unit.sentences.length, 0),
  );
  const median = sentenceCounts.toSorted((a, b) => a - b)[Math.floor(sections.length / 2)] ?? 0;
  if (sections.length <= MAX_THIN_SECTIONS || median > THIN_SECTION_SENTENCES) return sections;
  const total = sentenceCounts.reduce((sum, count) => sum + count, 0);
  const parts = clamp(
    Math.round(total / SENTENCES_PER_THIN_CHAPTER),
    Math.ceil(sections.length / THIN_CHAPTER_SECTIONS.maximum),
    MAX_THIN_SECTIONS,
  );
  const sentencesOf = (section: DraftSection) => section.units.flatMap((unit) => unit.sentences);
  // One subtopic per section: the first under a title of its own (the chapter has the section's).
  return segmentBlocks(sections, sentencesOf, parts, weights, THIN_CHAPTER_SECTIONS).map((run) => ({
    title: run[0]?.title ? withoutContinuation(run[0].title) : null,
    language: run[0]?.language ?? "en",
    units: run.map((section, index) => ({
      heading: index === 0 ? null : section.title,
      sentences: sentencesOf(section),
    })),
  }));
}

/**
 * Whether a section heading only continues the section before: the same title again, or with "(cont.)",
 * "(continued)" or "(vervolg)" after it.
 */
export function continuesTitle(previous: string | null, heading: string): boolean {
  const bare = (title: string) => withoutContinuation(title).toLowerCase().replace(/\s+/gu, " ");
  return previous !== null && bare(previous) === bare(heading);
}

/** A title without the mark of a slide carried on: "(cont.)", "cont.", "(vervolg)". */
export function withoutContinuation(title: string): string {
  return title
    .replace(/\s*(?:\((?:cont\.?|cont'd|continued|vervolg|vervolgd)\)|\bcont\.|\bcont'd)\s*$/iu, "")
    .trim();
}

/** A heading that labels a box or aside in either language ("Tip", "Let op:", "Note"). */
export function isCalloutHeading(text: string): boolean {
  return Object.values(WORD_LISTS).some((lists) => lists.calloutHeadings.includes(labelOf(text)));
}

/** A box of learning objectives: left out with its text, up to the next heading. */
export function isObjectivesHeading(text: string): boolean {
  return Object.values(WORD_LISTS).some((lists) => lists.objectivesHeadings.includes(labelOf(text)));
}

/** A heading of the document's front matter ("Contents", "List of Tables", "Colofon"). */
export function isFrontMatterHeading(text: string): boolean {
  // "Acknowledgements / Contributions": every part of a joined title is front matter.
  const parts = labelOf(text).split(/\s*[/&]\s*/u);
  return Object.values(WORD_LISTS).some((lists) =>
    parts.every((part) => lists.frontMatterHeadings.includes(part)),
  );
}

/** A heading left out of the structure with its text, up to the next heading. */
const isLeftOutHeading = (text: string) => isObjectivesHeading(text) || isFrontMatterHeading(text);

const labelOf = (text: string) =>
  text
    .toLowerCase()
    .replace(/[\s:!.?…]+$/u, "")
    .trim();

/**
 * A run of sentences cut at its paragraph starts, except where a list item goes on with the lead-in
 * that frames it: a passage never starts with a list its lead-in is not part of.
 */
function paragraphsOf(sentences: readonly Sentence[]): Unit[] {
  const units: Unit[] = [];
  for (const sentence of sentences) {
    const last = units.at(-1);
    if (!last || (sentence.opensParagraph && sentence.framedBy === undefined))
      units.push({ heading: null, sentences: [sentence] });
    else last.sentences.push(sentence);
  }
  return units;
}

/**
 * A single top-level heading that opens a document with deeper headings is its title, not a section;
 * front-matter headings set as large ("Contents" under a report's title) do not count.
 */
function documentTitleOf(items: readonly CorpusItem[], headings: readonly Heading[]): Heading | null {
  const first = items[0];
  if (first?.type !== "heading" || headings.length < 2) return null;
  const deeper = (heading: Heading) => heading.level > first.heading.level || isLeftOutHeading(heading.text);
  return headings.every((heading, index) => index === 0 || deeper(heading)) ? first.heading : null;
}

function writeSection(
  draft: DraftSection,
  index: number,
  reading: TitleReading,
  titles: UsedTitles,
  random: Random | null,
): Section {
  const sentences = draft.units.flatMap((unit) => unit.sentences);
  const labels = LABELS[draft.language];
  const title =
    draft.title ?? takeTitle(sentences, reading, titles, titles, null, null) ?? labels.introduction;
  titles.add(title);
  const local = new UsedTitles();
  local.add(title);
  const sectionId = `section-${index + 1}`;
  const named = groupUnits(draft.units, reading.weights, random).map((group) => {
    const subtitle = group.heading ?? takeTitle(group.sentences, reading, titles, local, title, random);
    if (subtitle) {
      titles.add(subtitle);
      local.add(subtitle);
    }
    return { sentences: group.sentences, title: subtitle, headed: group.heading !== null };
  });
  // A passage under no heading of the document's own that states nothing on its own (every sentence a
  // fragment, an aside or pointing back) is no idea a learner can be taught or asked about: graded
  // subtopics such as "Package" and "Own accord" had an empty description and no item.
  const silent = (group: (typeof named)[number]) =>
    group.title === null || (!group.headed && !group.sentences.some(standsAlone));
  const subtopics = joinUntitled(named, silent).map((group, position) => {
    // Only when two passages are all there is and one has no title of its own left.
    const subtitle =
      group.title ??
      takeTitle(group.sentences, reading, titles, new UsedTitles(), title, random) ??
      labels.partOf(title, position + 1);
    return writeSubtopic(`${sectionId}-${position + 1}`, subtitle, group.sentences, reading.weights, random);
  });
  return { section_id: sectionId, title, description: describedBy(sentences), subtopics };
}

/**
 * A passage that adds no idea of its own joins the passage before it (the first joins the one after), as
 * long as the section keeps two subtopics. By default that is a passage no title can name apart from its
 * siblings (every phrase it has names one of them already): a title such as "Wat is ongewenst
 * onderscheid?, deel 4" told the learner nothing.
 */
export function joinUntitled<T extends { sentences: Sentence[]; title: string | null }>(
  groups: readonly T[],
  addsNothing: (group: T) => boolean = (group) => group.title === null,
): T[] {
  const joined = groups.map((group) => ({ ...group, sentences: [...group.sentences] }));
  for (let at = joined.findIndex(addsNothing); at >= 0 && joined.length > 2; ) {
    const untitled = joined[at] as T;
    const into = (at > 0 ? joined[at - 1] : joined[at + 1]) as T;
    into.sentences =
      at > 0 ? [...into.sentences, ...untitled.sentences] : [...untitled.sentences, ...into.sentences];
    joined.splice(at, 1);
    at = joined.findIndex(addsNothing);
  }
  return joined;
}

/** A sentence that asks rather than states. */
function isQuestion(text: string): boolean {
  return /\?["'”’)]*$/u.test(text.trim());
}

/** The sentence a passage opens with, unless it leans on what came before; then the first that does not. */
/**
 * A statement fit to be shown on its own: whole, not a lead-in or an aside, pointing at nothing before
 * it, and not the author speaking of themselves.
 */
export function standsAlone(sentence: Sentence): boolean {
  return states(sentence) && !leansOnContext(sentence.text) && !inAuthorVoice(sentence);
}

/**
 * The author speaking of themselves ("I hope to distill …", "Mijn advies is …"): what the offline path
 * quotes becomes a slide, a question or the recap expert's words, and "in 2020 I spun off … into a new
 * package" in the expert's mouth is false (a blind grading counted four such statements).
 */
export function inAuthorVoice(sentence: Sentence): boolean {
  const author = wordSet(sentence.source.language, "authorWords");
  return words(sentence.text).some((word) => author.has(word));
}
const states = (sentence: Sentence) => isQuotable(sentence) && isSlideBullet(sentence.text);

/**
 * A passage's description: its lead where that stands alone, else nothing. Read under a title, a lead
 * that points back says something else ("Different proteins: This last point is the focus of our
 * workshop", graded false), and a header row says nothing ("Item Toelichting").
 */
function describedBy(passage: readonly Sentence[]): string {
  const lead = leadOf(passage);
  return lead && standsAlone(lead) ? lead.text : "";
}

export function leadOf(passage: readonly Sentence[]): Sentence | undefined {
  // A question ("Meer weten over dit onderwerp?") asks; a lead states what the passage is about, and a
  // teaching statement does that best (not a note about the slides themselves, not a code label).
  // A credit or a note on the document ("Bron: …") says what the passage is about least of all, and a
  // list item read without its lead-in may say the opposite of what the passage means.
  const sentences = passage.filter((sentence) => sentence.framedBy === undefined);
  return (
    sentences.find((sentence) => standsAlone(sentence) && isTeachable(sentence)) ??
    sentences.find(standsAlone) ??
    sentences.find(states) ??
    sentences.find((sentence) => isQuotable(sentence) && !leansOnContext(sentence.text)) ??
    sentences.find(isQuotable) ??
    sentences.find((sentence) => sentence.terms.length > 0)
  );
}

function writeSubtopic(
  id: string,
  title: string,
  sentences: Sentence[],
  weights: TermWeights,
  random: Random | null,
): Subtopic {
  const lead = leadOf(sentences);
  const ranked = rankSentences(
    // A question of the source is no key point ("Maakt je algoritme … onderscheid?"), nor a list item
    // without the lead-in that frames it.
    sentences.filter(
      (sentence) =>
        sentence !== lead &&
        sentence.framedBy === undefined &&
        isQuotable(sentence) &&
        !isQuestion(sentence.text),
    ),
    weights,
  ).slice(0, KEY_POINTS);
  const keyPoints = random ? random.shuffled(ranked) : ranked;
  return {
    subtopic_id: id,
    title,
    description: describedBy(sentences),
    key_points: (keyPoints.length > 0 ? keyPoints : lead ? [lead] : []).map((sentence) => sentence.text),
    citations: citeRuns(sentences),
  };
}

/**
 * Citations covering every sentence of a passage: consecutive sentences of one chunk share one citation
 * of their lines, so the reader sees the whole passage and generation can find each sentence's subtopic.
 */
export function citeRuns(sentences: readonly Sentence[]): Citation[] {
  const citations: Citation[] = [];
  let run: Sentence[] = [];
  const close = () => {
    const first = run[0];
    const last = run.at(-1);
    if (!first || !last) return;
    if (run.length === 1) citations.push(...citeSentenceParts(first));
    else {
      citations.push({
        ...citeSentence(first),
        line_end: last.line_end,
        exactLines: linesOf(first.chunk, first.line_start, last.line_end),
        snippet: [...run.slice(0, -1).map((sentence) => sentence.text), citeSentence(last).snippet].join(" "),
      });
      // Only the run's last sentence can go on in another chunk (the next page): cite the rest there.
      citations.push(...citeSentenceParts(last).slice(1));
    }
    run = [];
  };
  for (const sentence of sentences) {
    const last = run.at(-1);
    if (last && (last.chunk !== sentence.chunk || last.index !== sentence.index - 1)) close();
    run.push(sentence);
  }
  close();
  return citations;
}

/** A key without inflection: "Werkster" beside "Werksters" is the same title twice. */
function stemmed(key: string): string {
  return key.split(" ").map(stem).join(" ");
}

/**
 * Titles used so far, in lower case and without inflection, kept as they are added, so a title's
 * check against every title of the structure costs one lookup, not a pass over them all.
 */
class UsedTitles {
  private readonly lower = new Set<string>();
  readonly stemmed = new Set<string>();

  add(title: string) {
    const key = title.toLowerCase();
    if (this.lower.has(key)) return;
    this.lower.add(key);
    this.stemmed.add(stemmed(key));
  }
}

/**
 * A title for a passage, in the order a teacher would name it: the term its lead sentence defines; the
 * noun phrase its lead sentence opens with (what the passage is about: "Bij een ontsteking …", "The
 * supply curve slopes …"), unless the whole material keeps using it; a term the passage defines; then
 * its best-scored key noun phrase. Never one of its section's titles, rather not one used elsewhere in
 * the structure. A variant may take the runner-up.
 */
/** What titling reads of the whole text: its term weights, its words, and its names written small. */
interface TitleReading {
  weights: TermWeights;
  vocabulary: ReadonlySet<string>;
  smallNames: ReadonlySet<string>;
}

function takeTitle(
  sentences: readonly Sentence[],
  { weights, vocabulary, smallNames }: TitleReading,
  usedElsewhere: UsedTitles,
  used: UsedTitles,
  sectionTitle: string | null,
  random: Random | null,
): string | null {
  const leadSentence = leadOf(sentences);
  const lead = leadSentence?.text.toLowerCase() ?? "";
  const language = sentences[0]?.source.language ?? "en";
  const index = new PassageIndex(sentences);
  const section = sectionTitle ? withoutArticle(sectionTitle.toLowerCase()) : null;
  // "Werkster" beside "Werksters" is the same title twice, and "Bron" beside "Voedselbron" names the
  // same thing: titles are compared without inflection and by their head.
  const taken = [...new Set([...used.stemmed, ...(section ? [stemmed(section)] : [])])];
  const elsewhere = usedElsewhere.stemmed;
  // Same head: "Bron" beside "Voedselbron", "Goede voedselbron" or "Verre bron".
  const sameHead = (a: string, b: string) => {
    const [x = "", y = ""] = [a.split(" ").at(-1), b.split(" ").at(-1)];
    return compoundOf(x, y) || (x === y && !(a.includes(" ") && b.includes(" ")));
  };
  const free = (key: string) =>
    key.length >= 4 &&
    // "Ene zorgaanbieder", "Concreet voorbeeld hiervan", "Belangrijk": fragments, not what is taught.
    isConceptPhrase(key, language) &&
    // Nor a general noun alone ("Groepen", "Gebruik"): too general to name a passage.
    !wordSet(language, "generalNouns").has(key) &&
    !taken.some((title) => title === stemmed(key) || sameHead(title, stemmed(key))) &&
    !words(key).some((word) => looksMisspelled(word, vocabulary, language));
  const defined = definitions(sentences, language, (term) => term.split(" ").length <= 3).filter((pair) =>
    free(pair.term.toLowerCase()),
  );
  // The words of an image ("Een moer is waardeloos zonder een bout") name nothing the passage teaches.
  const literal = sentences.map((sentence, at) => withoutImage(sentence, sentences[at + 1], language));
  const literalTexts = literal.map((sentence) => sentence.text);
  const phrases = keyPhrases(literal, weights).filter(
    // "Toepassing" only in "van toepassing" names nothing the passage teaches.
    (phrase) => free(phrase.key) && !onlyInFixedExpressions(phrase.key, literalTexts, language),
  );
  // Noun phrases first; when a passage has none left, any phrase whose last word heads a noun phrase
  // somewhere in the material.
  const nounPhrases = phrases.filter(
    (phrase) => phrase.nounPhrase && !onlyAnExample(phrase.key, index, language),
  );
  const pool =
    nounPhrases.length > 0
      ? nounPhrases
      : phrases.filter((phrase) => weights.isNominal(phrase.key.split(" ").at(-1) ?? ""));
  const scored = pool
    .map((phrase) => {
      const boost =
        (phrase.key.includes(" ") ? 1.4 : 1) *
        (index.wordsIn(phrase.key, lead) ? 2 : 1) *
        // Another section's title again only when nothing else fits.
        (elsewhere.has(stemmed(phrase.key)) ? 0.2 : 1);
      return { title: phrase.display, score: phrase.score * boost };
    })
    .sort((a, b) => b.score - a.score || a.title.localeCompare(b.title))
    .map(({ title }) => title);
  const fresh = (title: string) => !elsewhere.has(stemmed(title.toLowerCase()));
  // A term the passage defines beats the lead's opening phrase when the passage keeps coming back to
  // it ("Diep onder de aardkorst …" opens a passage about magma).
  const mentionsIn = (term: string) => index.mentions(term.toLowerCase());
  const opening = openingPhrase(lead, pool, weights, index);
  const openingMentions = Math.max(0, ...opening.map(mentionsIn));
  const central = defined
    .filter((pair) => index.mentionedMoreThan(pair.term.toLowerCase(), openingMentions))
    .map((pair) => pair.term);
  const ordered = [
    ...defined
      .filter((pair) => leadSentence && pair.sentences.includes(leadSentence))
      .map((pair) => pair.term),
    ...central,
    ...opening,
    ...defined.map((pair) => pair.term),
  ].filter(fresh);
  const definedTerms = new Set(defined.map((pair) => pair.term.toLowerCase()));
  // A single common word the passage names only once ("Rond het begin van …", "uit het gebied") means
  // nothing out of context: it comes after every phrase that does, as a last resort.
  // A name the passage mentions once is where or who, rarely what it teaches ("Italië", "Grote Oceaan").
  const specific = (title: string) =>
    (title.includes(" ") && !/\p{Lu}/u.test(title)) ||
    definedTerms.has(title.toLowerCase()) ||
    index.mentionedMoreThan(title.toLowerCase(), 1);
  // Then a name of several words ("Romeinse Rijk"); a word that heads "… van …"/"… of …" in the
  // passage, or only sets the lead's time or place, only when nothing else is left.
  const headsOfLonger = headsBeforeOf(index.texts.join(" "));
  const setting = settingOf(lead, weights);
  const ranked = [
    ...new Set([
      ...ordered,
      ...scored.filter(specific),
      ...scored.filter((title) => title.includes(" ")),
      ...scored.filter(
        (title) => !headOfLongerIn(title, headsOfLonger) && !index.wordsIn(title.toLowerCase(), setting),
      ),
      ...scored,
    ]),
  ];
  const candidates = [
    ...new Set([...ranked.filter(fresh), ...ranked].map((title) => asTitle(title, smallNames))),
  ];
  const pick = random && candidates.length > 1 && random.chance(0.5) ? 1 : 0;
  return candidates[pick] ?? null;
}

/** A sentence with its image left out ("…, like an onion" → "…, ,"), so no title comes from it. */
function withoutImage(sentence: Sentence, next: Sentence | undefined, language: Language): Sentence {
  const image = imageIn(sentence.text, next?.text, language);
  if (!image) return sentence;
  return { ...sentence, text: `${sentence.text.slice(0, image.start)} , ${sentence.text.slice(image.end)}` };
}

// A single word the material uses in more sentences than this share names the topic, not one passage.
const TOPIC_WORD_SHARE = 0.2;

/** The key noun phrase that comes first in the lead sentence, before its first verb, if any. */
function openingPhrase(
  lead: string,
  pool: readonly KeyPhrase[],
  weights: TermWeights,
  index: PassageIndex,
): string[] {
  const words = tokensOf(lead);
  const opening = openingOf(lead, weights);
  const inOrder = pool
    .filter((phrase) => index.wordsIn(phrase.key, opening))
    .filter((phrase) => phrase.key.includes(" ") || weights.share(phrase.key) <= TOPIC_WORD_SHARE)
    .map((phrase) => ({ phrase, at: opening.search(index.pattern(phrase.key)) }))
    .sort((a, b) => a.at - b.at || b.phrase.key.length - a.phrase.key.length);
  // "Na een maaltijd wordt de spijsvertering …" is about digestion: a fronted time says when, not what.
  // The setting runs on through "van"/"of" ("Rond het begin van de jaartelling …").
  const first = SETTING_PREPOSITIONS.has(words[0]?.toLowerCase() ?? "")
    ? inOrder.find(({ at }) => at > (inOrder[0]?.at ?? 0) && !COMPLEMENT_BEFORE.test(opening.slice(0, at)))
    : inOrder[0];
  return first && !headOfLonger(first.phrase.display, opening) ? [first.phrase.display] : [];
}

/** The words of a lead before its first verb (at most six when none is found). */
function openingOf(lead: string, weights: TermWeights): string {
  const words = tokensOf(lead);
  // Function words can look verbal to the material's statistics ("bij een …"); only content words count.
  const firstVerb = words.findIndex(
    (word, index) => index > 0 && !isStopword(word) && weights.isVerbal(word),
  );
  return words.slice(0, firstVerb === -1 ? 6 : firstVerb).join(" ");
}

/** The time or place a lead opens with ("rond het begin van de jaartelling"), or "" when it has none. */
function settingOf(lead: string, weights: TermWeights): string {
  const first = tokensOf(lead)[0]?.toLowerCase() ?? "";
  return SETTING_PREPOSITIONS.has(first) ? (openingOf(lead, weights).split(/\s*,\s*/u)[0] ?? "") : "";
}

// A lead that opens with a time or a place ("Na een maaltijd …", "Langs de rivier bouwden …") says
// when or where, not what the passage is about.
const SETTING_PREPOSITIONS = new Set(
  "na voor tijdens sinds vanaf rond omstreeks langs naast after before during since around along beside".split(
    " ",
  ),
);

const COMPLEMENT_BEFORE = /(?<![\p{L}])(?:van|of)\s+(?:(?:de|het|een|the|a|an)\s+)?$/u;

/**
 * "het begin van de jaartelling", "the end of the war": a single word before "van"/"of" is only the
 * head of a longer phrase, and on its own names nothing.
 */
function headOfLonger(phrase: string, text: string): boolean {
  return headOfLongerIn(phrase, headsBeforeOf(text));
}

/** `headOfLonger`, with the words that head "… van …"/"… of …" in the text found beforehand. */
function headOfLongerIn(phrase: string, heads: ReadonlySet<string>): boolean {
  // A name runs on through "of" ("the Committee of Public Safety").
  if (phrase.includes(" ") || /\p{Lu}/u.test(phrase)) return false;
  return heads.has(phrase);
}

/**
 * Whether every mention of a phrase in the passage comes after an example marker ("zoals de vulkanen op
 * Hawaï", "such as Japan"): no title then.
 */
function onlyAnExample(key: string, index: PassageIndex, language: Language): boolean {
  return index.onlyAfter(key, examplePattern(language));
}

/**
 * A phrase as a title: with a capital, unless its first word is a name written in small letters, one
 * with a capital inside ("xDIST", "iPhone") or one of `smallNames` ("ggdist"): "Ggdist" and "XDIST" were
 * read as misspelled titles.
 */
export function asTitle(phrase: string, smallNames: ReadonlySet<string>): string {
  const first = phrase.split(" ")[0] ?? "";
  return /^\p{Ll}+\p{Lu}/u.test(first) || smallNames.has(first) ? phrase : capitalize(phrase);
}

/**
 * The names a text writes in small letters even where a sentence opens ("… discoverability. ggdist's
 * shortcut geometries …") and never with a capital: such a name keeps its small letters in a title.
 */
export function namesWrittenSmall(sentences: readonly Sentence[]): Set<string> {
  const capitalised = new Set<string>();
  const openers = new Set<string>();
  for (const { text } of sentences) {
    for (const [word] of text.matchAll(/(?<![\p{L}\p{N}])\p{Lu}[\p{Ll}\p{N}]+/gu))
      capitalised.add(word.toLowerCase());
    for (const [, word] of text.matchAll(/(?:^|[.!?]\s+)(\p{Ll}[\p{Ll}\p{N}]*)/gu))
      if (word) openers.add(word);
  }
  return new Set([...openers].filter((word) => !capitalised.has(word)));
}

export function capitalize(text: string): string {
  return text.charAt(0).toLocaleUpperCase() + text.slice(1);
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

/** A topic without sources: a plain path from its title and description, with nothing to cite. */
export function structureWithoutSources(topic: TopicBrief): Structure {
  const title = topic.title.trim();
  const description = topic.description?.trim() ?? "";
  const labels = LABELS[detectLanguage(`${title} ${description}`)].noSources;
  const subtopic = (id: string, subtitle: string, text: string): Subtopic => ({
    subtopic_id: id,
    title: subtitle,
    description: text,
    key_points: [],
    citations: [],
  });
  const intro = description || labels.explore(title);
  const variant = topic.variant ?? 0;
  return {
    title,
    description:
      (description || LABELS[detectLanguage(title)].learningPathAbout(title)) +
      (variant > 0 ? ` (${variant + 1})` : ""),
    sections: [
      {
        section_id: "section-1",
        title: labels.introduction(title),
        description: intro,
        subtopics: [
          subtopic("section-1-1", labels.whatIs(title), intro),
          subtopic("section-1-2", labels.whyItMatters(title), labels.explore(title)),
        ],
      },
      {
        section_id: "section-2",
        title: labels.keyConcepts,
        description: labels.explore(title),
        subtopics: [subtopic("section-2-1", labels.coreIdeas, labels.explore(title))],
      },
      {
        section_id: "section-3",
        title: labels.inPractice(title),
        description: labels.explore(title),
        subtopics: [
          subtopic("section-3-1", labels.examples, labels.explore(title)),
          subtopic("section-3-2", labels.exercises, labels.explore(title)),
        ],
      },
    ],
  };
}
