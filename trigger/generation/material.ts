import type { Structure } from "../../src/domain/structure.ts";
import type { Corpus, Sentence } from "./corpus.ts";
import type { Language } from "./text/language.ts";
import { dominantLanguage } from "./text/language.ts";

export interface SectionMaterial {
  /** Sentences per subtopic id, in reading order. */
  bySubtopic: Map<string, Sentence[]>;
  /** All sentences of the section, in reading order. */
  sentences: Sentence[];
  language: Language;
}

interface Anchor {
  sentence: number;
  section: string;
  subtopic: string;
}

/**
 * Which sentences of the sources each section and subtopic covers. A structure (extractive, from an LLM,
 * or edited by the learner) only says which lines its subtopics cite; every sentence in the span of
 * chunks a section cites goes to the subtopic whose cited sentence is nearest in reading order.
 */
export function assignMaterial(
  structure: Structure,
  corpus: Corpus,
  fallback: Language,
): Map<string, SectionMaterial> {
  const sentencesByChunk = new Map<string, Sentence[]>();
  for (const sentence of corpus.sentences) {
    const list = sentencesByChunk.get(sentence.chunk.id) ?? [];
    list.push(sentence);
    sentencesByChunk.set(sentence.chunk.id, list);
  }
  const anchors: Anchor[] = [];
  const spans: Array<[number, number]> = [];
  for (const section of structure.sections) {
    let span: [number, number] | null = null;
    for (const subtopic of section.subtopics) {
      for (const citation of subtopic.citations) {
        const chunk = corpus.chunks.get(citation.chunk_id);
        const inChunk = sentencesByChunk.get(citation.chunk_id) ?? [];
        const cited =
          inChunk.find((s) => s.line_end >= citation.line_start && s.line_start <= citation.line_end) ??
          inChunk[0];
        if (!chunk || !cited) continue;
        anchors.push({ sentence: cited.index, section: section.section_id, subtopic: subtopic.subtopic_id });
        span = span
          ? [Math.min(span[0], chunk.order), Math.max(span[1], chunk.order)]
          : [chunk.order, chunk.order];
      }
    }
    if (span) spans.push(span);
  }
  anchors.sort((a, b) => a.sentence - b.sentence);

  const materials = new Map<string, SectionMaterial>();
  for (const section of structure.sections) {
    materials.set(section.section_id, {
      bySubtopic: new Map(section.subtopics.map((subtopic) => [subtopic.subtopic_id, []])),
      sentences: [],
      language: fallback,
    });
  }
  if (anchors.length === 0) return materials;
  const covered = coveredChunks(spans, corpus.chunks.size);
  for (const sentence of corpus.sentences) {
    if (!covered[sentence.chunk.order]) continue;
    const anchor = nearestAnchor(anchors, sentence.index);
    const material = materials.get(anchor.section);
    material?.sentences.push(sentence);
    material?.bySubtopic.get(anchor.subtopic)?.push(sentence);
  }
  for (const material of materials.values()) {
    material.language = languageOf(material.sentences, fallback);
  }
  return materials;
}

/** Which chunk positions lie inside at least one span (a difference array: linear, not spans × chunks). */
function coveredChunks(spans: ReadonlyArray<[number, number]>, chunkCount: number): boolean[] {
  const delta = new Array<number>(chunkCount + 1).fill(0);
  for (const [from, to] of spans) {
    delta[from] = (delta[from] ?? 0) + 1;
    delta[to + 1] = (delta[to + 1] ?? 0) - 1;
  }
  const covered: boolean[] = [];
  let open = 0;
  for (let order = 0; order < chunkCount; order++) {
    open += delta[order] ?? 0;
    covered.push(open > 0);
  }
  return covered;
}

/** The anchor closest to a sentence (the earlier one on a tie); anchors are sorted and not empty. */
function nearestAnchor(anchors: readonly Anchor[], sentence: number): Anchor {
  let low = 0;
  let high = anchors.length - 1;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((anchors[middle]?.sentence ?? 0) < sentence) low = middle + 1;
    else high = middle;
  }
  const after = anchors[low] as Anchor;
  const before = anchors[low - 1];
  if (before && sentence - before.sentence <= after.sentence - sentence) return before;
  return after;
}

function languageOf(sentences: readonly Sentence[], fallback: Language): Language {
  if (sentences.length === 0) return fallback;
  return dominantLanguage(
    sentences.map((sentence) => ({ language: sentence.source.language, weight: sentence.text.length })),
  );
}
