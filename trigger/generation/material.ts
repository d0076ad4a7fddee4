import type { Citation } from "../../src/domain/citation.ts";
import type { Structure } from "../../src/domain/structure.ts";
import type { Corpus, Sentence } from "./corpus.ts";
import { comparable } from "./support.ts";
import type { Language } from "./text/language.ts";
import { dominantLanguage } from "./text/language.ts";

export interface SectionMaterial {
  /** Sentences per subtopic id, in reading order. */
  bySubtopic: Map<string, Sentence[]>;
  /** All sentences of the section, in reading order. */
  sentences: Sentence[];
  /**
   * The table rows and code listings each subtopic cites, by subtopic id: one entry per row ("anoniem |
   * Niet herleidbaar tot identiteit …") and one per listing (its lines joined by line breaks). A
   * glossary, a table of facts or a script teaches as much as prose, though it holds no sentences: a
   * model is shown them and the course shape counts them; the offline generator makes nothing of them.
   */
  blocks: Map<string, string[]>;
  language: Language;
}

interface Anchor {
  sentence: number;
  section: string;
  subtopic: string;
}

/**
 * Which sentences of the sources each section and subtopic covers. A structure (extractive, from an LLM,
 * or edited by the learner) only says which lines its subtopics cite. A sentence inside cited lines
 * belongs to that subtopic. Any other sentence belongs to a section only when it lies between that
 * section's first and last cited sentence of the same source, or when no heading separates it from
 * the nearest cited sentence; there it joins the nearest subtopic. So a chapter never draws on the
 * text of another section, which its own sentences do not reach.
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
  const materials = new Map<string, SectionMaterial>();
  for (const section of structure.sections) {
    materials.set(section.section_id, {
      bySubtopic: new Map(section.subtopics.map((subtopic) => [subtopic.subtopic_id, []])),
      sentences: [],
      blocks: new Map(
        section.subtopics.map((subtopic) => [subtopic.subtopic_id, citedBlocks(subtopic.citations, corpus)]),
      ),
      language: fallback,
    });
  }

  // 1. Sentences the citations hold. Where two subtopics cite the same line (a line shared by the end of
  //    one sentence and the start of the next), the one whose snippet quotes the sentence wins.
  const owner = new Map<number, Anchor & { quoted: boolean }>();
  for (const section of structure.sections) {
    for (const subtopic of section.subtopics) {
      for (const citation of subtopic.citations) {
        for (const sentence of sentencesByChunk.get(citation.chunk_id) ?? []) {
          if (!within(sentence, citation)) continue;
          const quoted = quotes(citation, sentence);
          const known = owner.get(sentence.index);
          if (known && (known.quoted || !quoted)) continue;
          owner.set(sentence.index, {
            sentence: sentence.index,
            section: section.section_id,
            subtopic: subtopic.subtopic_id,
            quoted,
          });
        }
      }
    }
  }
  const anchors: Anchor[] = [...owner.values()].sort((a, b) => a.sentence - b.sentence);
  if (anchors.length === 0) return materials;

  // 2. Where each section's cited text starts and ends, per source; and which heading block each
  //    sentence sits in (a heading closes one block and opens the next).
  const ranges = new Map<string, [number, number]>();
  for (const anchor of anchors) {
    const source = corpus.sentences[anchor.sentence]?.source.index ?? -1;
    const key = `${anchor.section}|${source}`;
    const range = ranges.get(key);
    ranges.set(
      key,
      range
        ? [Math.min(range[0], anchor.sentence), Math.max(range[1], anchor.sentence)]
        : [anchor.sentence, anchor.sentence],
    );
  }
  const block = headingBlocks(corpus);

  for (const sentence of corpus.sentences) {
    const direct = owner.get(sentence.index);
    const anchor = direct ?? localAnchor(sentence, anchors, ranges, block, corpus);
    if (!anchor) continue;
    const material = materials.get(anchor.section);
    material?.sentences.push(sentence);
    material?.bySubtopic.get(anchor.subtopic)?.push(sentence);
  }
  for (const material of materials.values()) {
    material.language = languageOf(material.sentences, fallback);
  }
  return materials;
}

/**
 * The table rows the citations hold, and the code listings (runs of consecutive code lines), each once,
 * in citation order.
 */
function citedBlocks(citations: readonly Citation[], corpus: Corpus): string[] {
  const blocks = new Set<string>();
  for (const citation of citations) {
    const chunk = corpus.chunks.get(citation.chunk_id);
    if (!chunk) continue;
    let listing: string[] = [];
    const closeListing = () => {
      if (listing.length > 0) blocks.add(listing.join("\n"));
      listing = [];
    };
    const last = Math.min(citation.line_end, chunk.line_end);
    for (let line = Math.max(citation.line_start, chunk.line_start); line <= last; line++) {
      const text = chunk.lines[line - chunk.line_start] ?? "";
      const role = chunk.lineRoles.get(line);
      if (role === "code") listing.push(text);
      else closeListing();
      if (role === "table" && text.trim() !== "") blocks.add(text);
    }
    closeListing();
  }
  return [...blocks];
}

/** Whether a sentence lies inside a citation's lines. */
function within(sentence: Sentence, citation: Citation): boolean {
  return sentence.line_start >= citation.line_start && sentence.line_end <= citation.line_end;
}

function quotes(citation: Citation, sentence: Sentence): boolean {
  return citation.snippet !== null && comparable(citation.snippet).includes(comparable(sentence.text));
}

/** The nearest anchor a sentence that no citation holds may join without leaving its section. */
function localAnchor(
  sentence: Sentence,
  anchors: readonly Anchor[],
  ranges: ReadonlyMap<string, [number, number]>,
  block: ReadonlyMap<number, number>,
  corpus: Corpus,
): Anchor | null {
  const insideOf = new Set<string>();
  for (const [key, [from, to]] of ranges) {
    const [section, source] = key.split("|");
    if (Number(source) === sentence.source.index && sentence.index > from && sentence.index < to && section)
      insideOf.add(section);
  }
  const position = lowerBound(anchors, sentence.index);
  const candidates = [anchors[position - 1], anchors[position]].filter(
    (anchor): anchor is Anchor => anchor !== undefined,
  );
  const sameSource = (anchor: Anchor) => corpus.sentences[anchor.sentence]?.source === sentence.source;
  const allowed = candidates.filter((anchor) =>
    insideOf.size > 0
      ? insideOf.has(anchor.section)
      : sameSource(anchor) && block.get(anchor.sentence) === block.get(sentence.index),
  );
  if (allowed.length === 0 && insideOf.size > 0) {
    // Between two sections' cited text but with anchors of others nearer: the closest of its own section.
    const own = anchors.filter((anchor) => insideOf.has(anchor.section));
    own.sort((a, b) => Math.abs(a.sentence - sentence.index) - Math.abs(b.sentence - sentence.index));
    return own[0] ?? null;
  }
  allowed.sort(
    (a, b) =>
      Math.abs(a.sentence - sentence.index) - Math.abs(b.sentence - sentence.index) ||
      a.sentence - b.sentence,
  );
  return allowed[0] ?? null;
}

/** The first anchor at or after a sentence position (anchors are sorted). */
function lowerBound(anchors: readonly Anchor[], sentence: number): number {
  let low = 0;
  let high = anchors.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((anchors[middle]?.sentence ?? 0) < sentence) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Per sentence index, the number of headings read before it (within its source). */
function headingBlocks(corpus: Corpus): Map<number, number> {
  const blocks = new Map<number, number>();
  let count = 0;
  for (const item of corpus.items) {
    if (item.type === "heading") count++;
    else for (const sentence of item.sentences) blocks.set(sentence.index, count);
  }
  return blocks;
}

function languageOf(sentences: readonly Sentence[], fallback: Language): Language {
  if (sentences.length === 0) return fallback;
  return dominantLanguage(
    sentences.map((sentence) => ({ language: sentence.source.language, weight: sentence.text.length })),
  );
}
