import { uniqueCitations } from "../../../../src/domain/citation.ts";
import type { Section, Structure, Subtopic } from "../../../../src/domain/structure.ts";
import {
  type Corpus,
  type CorpusItem,
  type CorpusSource,
  citeSentence,
  type Sentence,
} from "../../corpus.ts";
import type { Heading } from "../../text/headings.ts";
import { detectLanguage, dominantLanguage, type Language } from "../../text/language.ts";
import { isQuotable, keyPhrases, rankSentences, segment, TermWeights } from "../../text/rank.ts";
import type { TopicBrief } from "../types.ts";
import { LABELS } from "./labels.ts";

/** A section before it is written out: titled passages of the source. */
interface DraftSection {
  title: string | null;
  language: Language;
  parts: DraftPart[];
}

interface DraftPart {
  title: string | null;
  sentences: Sentence[];
}

const SENTENCES_PER_SECTION = 30;
const SENTENCES_PER_SUBTOPIC = 8;
const MAX_SEGMENTED_SECTIONS = 12;
const MAX_SEGMENTED_SUBTOPICS = 4;
const KEY_POINTS = 3;

/**
 * The learning structure of a topic, taken from its sources: sections from the authors' headings (or
 * from where the vocabulary shifts when there are none), subtopics from subheadings (or segments),
 * descriptions and key points by sentence ranking, each cited to its exact lines.
 */
export function extractiveStructure(topic: TopicBrief, corpus: Corpus): Structure {
  if (corpus.sentences.length === 0) return structureWithoutSources(topic);
  const weights = new TermWeights(corpus.sentences);
  const titles = new UniqueTitles(weights);
  const drafts = corpus.sources.flatMap((source) =>
    draftSections(
      source,
      corpus.items.filter((item) => item.source === source),
      weights,
    ),
  );
  const sections = drafts.map((draft, index) => writeSection(draft, index, weights, titles));
  const language = dominantLanguage(
    corpus.sources.map((source) => ({
      language: source.language,
      weight: corpus.sentences.filter((sentence) => sentence.source === source).length,
    })),
  );
  const best = rankSentences(corpus.sentences.filter(isQuotable), weights)[0];
  return {
    title: topic.title.trim() || sections[0]?.title || LABELS[language].introduction,
    description: topic.description?.trim() || best?.text || LABELS[language].learningPathAbout(topic.title),
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
      parts: [{ title: null, sentences: passage }],
    }));
  }
  const documentTitle = documentTitleOf(items, headings);
  const sectionLevel = Math.min(
    ...headings.filter((heading) => heading !== documentTitle).map((h) => h.level),
  );
  const sections: DraftSection[] = [];
  const open = (title: string | null): DraftSection => {
    const section: DraftSection = { title, language: source.language, parts: [] };
    sections.push(section);
    return section;
  };
  for (const item of items) {
    if (item.type === "heading" && item.heading === documentTitle) continue;
    if (item.type === "heading" && item.heading.level <= sectionLevel) {
      open(item.heading.text);
      continue;
    }
    const section = sections.at(-1) ?? open(null);
    if (item.type === "heading") {
      section.parts.push({ title: item.heading.text, sentences: [] });
      continue;
    }
    const part = section.parts.at(-1) ?? { title: null, sentences: [] };
    if (section.parts.length === 0) section.parts.push(part);
    part.sentences.push(...item.sentences);
  }
  return sections
    .map((section) => ({ ...section, parts: section.parts.filter((part) => part.sentences.length > 0) }))
    .filter((section) => section.parts.length > 0);
}

/** A single top-level heading that opens a document with deeper headings is its title, not a section. */
function documentTitleOf(items: readonly CorpusItem[], headings: readonly Heading[]): Heading | null {
  const first = items[0];
  if (first?.type !== "heading" || headings.length < 2) return null;
  return headings.every((heading, index) => index === 0 || heading.level > first.heading.level)
    ? first.heading
    : null;
}

function writeSection(
  draft: DraftSection,
  index: number,
  weights: TermWeights,
  titles: UniqueTitles,
): Section {
  const sentences = draft.parts.flatMap((part) => part.sentences);
  const labels = LABELS[draft.language];
  const title = draft.title ?? titles.take(sentences) ?? labels.introduction;
  const parts =
    draft.parts.length === 1 && draft.parts[0]
      ? segment(
          draft.parts[0].sentences,
          clamp(Math.round(sentences.length / SENTENCES_PER_SUBTOPIC), 1, MAX_SEGMENTED_SUBTOPICS),
          weights,
        ).map((passage, part) => ({
          title: part === 0 ? (draft.parts[0]?.title ?? null) : null,
          sentences: passage,
        }))
      : draft.parts;
  const sectionId = `section-${index + 1}`;
  // A section that is one passage is its own single subtopic, under the section's title.
  const titleOf = (part: DraftPart) =>
    part.title ?? (parts.length === 1 ? title : (titles.take(part.sentences) ?? title));
  const subtopics = parts.map((part, position) =>
    writeSubtopic(`${sectionId}-${position + 1}`, titleOf(part), part.sentences, weights),
  );
  const usedDescriptions = new Set(subtopics.map((subtopic) => subtopic.description));
  const ranked = rankSentences(quotableOrAll(sentences), weights);
  const description =
    (ranked.find((sentence) => !usedDescriptions.has(sentence.text)) ?? ranked[0])?.text ?? "";
  return { section_id: sectionId, title, description, subtopics };
}

function writeSubtopic(id: string, title: string, sentences: Sentence[], weights: TermWeights): Subtopic {
  const [lead, ...rest] = rankSentences(quotableOrAll(sentences), weights);
  const keyPoints = (rest.length > 0 ? rest.slice(0, KEY_POINTS) : lead ? [lead] : []).sort(
    (a, b) => a.index - b.index,
  );
  const cited = [lead, ...keyPoints].filter((sentence): sentence is Sentence => sentence !== undefined);
  return {
    subtopic_id: id,
    title,
    description: lead?.text ?? "",
    key_points: keyPoints.map((sentence) => sentence.text),
    citations: uniqueCitations(cited.sort((a, b) => a.index - b.index).map(citeSentence)),
  };
}

function quotableOrAll(sentences: Sentence[]): Sentence[] {
  const quotable = sentences.filter(isQuotable);
  if (quotable.length > 0) return quotable;
  return sentences.filter((sentence) => sentence.terms.length > 0);
}

/** Titles made from key phrases, never the same title twice in one structure. */
class UniqueTitles {
  private readonly used = new Set<string>();

  constructor(private readonly weights: TermWeights) {}

  take(sentences: readonly Sentence[]): string | null {
    // A phrase of two or three words ("printing press") names a passage better than one word ("press").
    const phrase = keyPhrases(sentences, this.weights)
      .filter((candidate) => !this.used.has(candidate.key))
      .map((candidate) => ({ candidate, score: candidate.score * (candidate.key.includes(" ") ? 1.6 : 1) }))
      .sort((a, b) => b.score - a.score)[0]?.candidate;
    if (!phrase) return null;
    this.used.add(phrase.key);
    return capitalize(phrase.display);
  }
}

function capitalize(text: string): string {
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
  return {
    title,
    description: description || LABELS[detectLanguage(title)].learningPathAbout(title),
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
