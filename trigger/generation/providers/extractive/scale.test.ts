import { describe, expect, it } from "vitest";
import { buildCorpus, type Sentence } from "../../corpus.ts";
import { SUBTOPICS_PER_PART } from "../../course-shape.ts";
import { longSource } from "../../fixtures/long-source.ts";
import { Random } from "../../random.ts";
import { escapeRegExp } from "../../text/language.ts";
import { segment, TermWeights } from "../../text/rank.ts";
import { groupUnits, type Unit } from "./grouping.ts";
import { headsBeforeOf, PassageIndex } from "./passage.ts";

// The linear structuring must answer exactly what the scans it replaced answered; these are those scans.
const wordPattern = (key: string) => new RegExp(`(?<![\\p{L}])${escapeRegExp(key)}(?![\\p{L}])`, "u");
const scannedMentions = (texts: readonly string[], key: string) =>
  texts.filter((text) => wordPattern(key).test(text)).length;
const scannedHeadOf = (word: string, text: string) =>
  new RegExp(`${wordPattern(word).source}\\s+(?:van|of)\\s`, "u").test(text);

const sentence = (text: string, index = 0) =>
  ({ text, index, terms: [], opensParagraph: true }) as unknown as Sentence;

describe("PassageIndex", () => {
  const texts = [
    "The well-known cell membrane of the cell-based model.",
    "CO2 and co2-rich air; the cells, not the cell.",
    "Italië ligt aan de Middellandse Zee, zoals Griekenland.",
    "For example, the membrane protects the cell.",
    "Xcell and cellx are other words.",
    "Bij een ontsteking van de huid, bijvoorbeeld een wond.",
  ];
  const index = new PassageIndex(texts.map((text, position) => sentence(text, position)));
  it.each([
    ["cell", 3],
    ["cell membrane", 1],
    ["known", 1],
    ["well-known", 1],
    ["co2", 1],
    ["cells", 1],
    ["italië", 1],
    ["zee, zoals", 1],
    ["membrane", 2],
    ["ontsteking", 1],
    ["absent", 0],
    ["2", 0],
  ])("counts the sentences holding %j as whole words as a scan does (%i)", (key, count) => {
    const lower = texts.map((text) => text.toLowerCase());
    expect(scannedMentions(lower, key)).toBe(count);
    expect(index.mentions(key)).toBe(count);
    expect(index.mentionedMoreThan(key, 1)).toBe(count > 1);
    expect(index.mentionedMoreThan(key, 0)).toBe(count > 0);
  });

  const marker = /for example|bijvoorbeeld/u;
  it.each([
    ["membrane", false], // also outside an example
    ["wond", true], // only after "bijvoorbeeld"
    ["protects", true],
    ["absent", false],
  ])("finds whether %j comes only after an example marker (%s)", (key, only) => {
    expect(index.onlyAfter(key, marker)).toBe(only);
  });
});

describe("headsBeforeOf", () => {
  const text =
    "het begin van de jaartelling, the well-known of them, the end  of\tthe war, blend ofte, the rest of";
  it.each([
    ["begin", true],
    ["well-known", true],
    ["known", true],
    ["end", true],
    ["blend", false],
    ["rest", false], // nothing after "of"
    ["het", false],
    ["jaartelling", false],
  ])("finds %j as the head of '… van/of …' as a scan does (%s)", (word, heads) => {
    expect(scannedHeadOf(word, text)).toBe(heads);
    expect(headsBeforeOf(text).has(word)).toBe(heads);
  });
});

/** The grouping as it was: every merge compares every neighbouring pair again (n² per section). */
function scannedGroupUnits(units: readonly Unit[], weights: TermWeights, random: Random | null): Unit[] {
  let groups = units.map((unit) => ({ heading: unit.heading, sentences: [...unit.sentences] }));
  const paragraphs = groups.length;
  const mergeable = (index: number) => {
    const a = groups[index];
    const b = groups[index + 1];
    return (
      a !== undefined &&
      b !== undefined &&
      b.heading === null &&
      (a.heading === null || b.sentences.length < 2)
    );
  };
  const merge = (index: number) => {
    const a = groups[index] as Unit;
    const b = groups[index + 1] as Unit;
    groups = [
      ...groups.slice(0, index),
      { heading: a.heading, sentences: [...a.sentences, ...b.sentences] },
      ...groups.slice(index + 2),
    ];
  };
  const similarity = (index: number) => {
    const left = new Set(groups[index]?.sentences.flatMap((one) => one.terms));
    const right = new Set(groups[index + 1]?.sentences.flatMap((one) => one.terms));
    let shared = 0;
    for (const term of left) if (right.has(term)) shared++;
    const union = left.size + right.size - shared;
    return union === 0 ? 0 : shared / union;
  };
  for (let index = 0; index < groups.length && groups.length > 2; ) {
    if ((groups[index]?.sentences.length ?? 0) === 1 && groups[index]?.heading === null) {
      const withNext = index + 1 < groups.length && mergeable(index) ? similarity(index) : -1;
      const withPrevious = index > 0 && mergeable(index - 1) ? similarity(index - 1) : -1;
      if (withNext < 0 && withPrevious < 0) {
        index++;
        continue;
      }
      merge(withPrevious > withNext ? index - 1 : index);
      continue;
    }
    index++;
  }
  while (groups.length > SUBTOPICS_PER_PART) {
    const candidates = groups.slice(0, -1).flatMap((_, index) => (mergeable(index) ? [index] : []));
    if (candidates.length === 0) break;
    merge(candidates.reduce((a, b) => (similarity(b) > similarity(a) ? b : a)));
  }
  if (groups.length === 1) {
    const only = groups[0] as Unit;
    const parts = only.sentences.length >= 9 ? 3 : only.sentences.length >= 4 ? 2 : 1;
    const cut = segment(only.sentences, parts, weights);
    if (cut.length > 1)
      groups = cut.map((sentences, index) => ({ heading: index === 0 ? only.heading : null, sentences }));
  }
  if (random) {
    const candidates = groups.slice(0, -1).flatMap((_, index) => (mergeable(index) ? [index] : []));
    const minimum = paragraphs > 1 ? 2 : 1;
    if (candidates.length > 0 && groups.length > Math.max(minimum, 2) && random.chance(0.6)) {
      merge(candidates[random.below(candidates.length)] as number);
    } else {
      const long = groups.flatMap((group, index) =>
        group.sentences.length >= 4 && groups.length < SUBTOPICS_PER_PART ? [index] : [],
      );
      if (long.length > 0) {
        const index = long[random.below(long.length)] as number;
        const group = groups[index] as Unit;
        const cut = segment(group.sentences, 2, weights);
        if (cut.length === 2)
          groups = [
            ...groups.slice(0, index),
            { heading: group.heading, sentences: cut[0] as Sentence[] },
            { heading: null, sentences: cut[1] as Sentence[] },
            ...groups.slice(index + 1),
          ];
      }
    }
  }
  return groups;
}

describe("groupUnits", () => {
  const sentences = buildCorpus([longSource(12)]).sentences;
  const weights = new TermWeights(sentences);
  /**
   * Sentences cut into passages of 1–4 sentences, some under a sub-heading, as the seed says; from a few
   * sentences only (`pool`), many passages share all their words and merges tie. Without sub-headings,
   * merging stops at six passages, so which pairs merge first decides the result.
   */
  const unitsOf = (seed: number, count: number, pool = 0, headings = 0.15): Unit[] => {
    const random = new Random(seed);
    const units: Unit[] = [];
    let at = random.below(sentences.length);
    for (let unit = 0; unit < count; unit++) {
      const size = random.chance(0.35) ? 1 : 2 + random.below(3);
      const heading = random.chance(headings) ? `Heading ${unit}` : null;
      units.push({
        heading,
        sentences: Array.from(
          { length: size },
          () => sentences[pool > 0 ? random.below(pool) : at++ % sentences.length] as Sentence,
        ),
      });
    }
    return units;
  };
  const shape = (units: readonly Unit[]) =>
    units.map((unit) => [unit.heading, ...unit.sentences.map((one) => one.index)]);

  it.each([
    [1, 1, 0, 0.15],
    [2, 2, 0, 0.15],
    [3, 3, 0, 0.15],
    [4, 7, 0, 0.15],
    [5, 12, 0, 0.15],
    [6, 40, 0, 0.15],
    [7, 150, 0, 0.15],
    [8, 60, 3, 0.15],
    [9, 200, 2, 0.15],
    [10, 80, 0, 0],
    [11, 120, 3, 0],
    [12, 200, 2, 0.02],
  ])(
    "groups the passages of seed %i (%i passages, pool %i, headings %f) exactly as comparing every pair did",
    (seed, count, pool, headings) => {
      const units = unitsOf(seed, count, pool, headings);
      expect(shape(groupUnits(units, weights, null))).toEqual(shape(scannedGroupUnits(units, weights, null)));
      for (const variant of [1, 2, 3]) {
        const grouped = groupUnits(units, weights, new Random(seed * 31 + variant));
        const scanned = scannedGroupUnits(units, weights, new Random(seed * 31 + variant));
        expect(shape(grouped)).toEqual(shape(scanned));
      }
    },
  );

  it("keeps every sentence, in order, however long the section", () => {
    const units = unitsOf(8, 3000);
    const grouped = groupUnits(units, weights, null);
    expect(grouped.flatMap((unit) => unit.sentences)).toEqual(units.flatMap((unit) => unit.sentences));
    // Beyond six subtopics, no two neighbours may merge any more (an untitled passage of several
    // sentences stays apart from a sub-heading's).
    const mergeable = (a: Unit, b: Unit) =>
      b.heading === null && (a.heading === null || b.sentences.length < 2);
    expect(grouped.length).toBeGreaterThan(SUBTOPICS_PER_PART);
    expect(grouped.slice(1).some((unit, index) => mergeable(grouped[index] as Unit, unit))).toBe(false);
  });
});
