import { describe, expect, it } from "vitest";
import { type ModelAnswer, NOT_IN_SOURCES } from "../../../src/domain/ask.ts";
import { offlineAnswer, verifiedModelAnswer } from "./answer.ts";
import { type AskChunk, citationsForNumbers, numberLines, passagesFor, type RankedLine } from "./passages.ts";

const english: AskChunk = {
  id: "chunk-en",
  file_path: "entity/topic/plants.pdf",
  page_number: 3,
  line_start: 10,
  line_end: 16,
  content: [
    "Photosynthesis happens in the chloroplasts.", // 10
    "Chlorophyll absorbs red and blue light.", // 11
    "Leaves reflect green light,", // 12
    "so they look green.", // 13
    "", // 14
    "12", // 15
    "Roots take up water from the soil.", // 16
  ].join("\n"),
  source_url: null,
};
const dutch: AskChunk = {
  id: "chunk-nl",
  file_path: null,
  page_number: null,
  line_start: 0,
  line_end: 1,
  content: "Planten maken suiker met fotosynthese.\nDe wortels nemen water op.",
  source_url: "https://www.example.org/planten",
};
const chunks = new Map([english, dutch].map((chunk) => [chunk.id, chunk]));
const rank = (chunk_id: string, line_number: number, score: number): RankedLine => ({
  chunk_id,
  line_number,
  rank: score,
});

describe("passagesFor: the best lines with their neighbours", () => {
  const cases: Array<{ name: string; ranked: RankedLine[]; limit: number; ranges: string[] }> = [
    {
      name: "a matched line comes with the line before and after it",
      ranked: [rank("chunk-en", 12, 0.9)],
      limit: 3,
      ranges: ["chunk-en:11-13"],
    },
    {
      name: "a passage stops at its chunk's first line",
      ranked: [rank("chunk-en", 10, 0.9)],
      limit: 3,
      ranges: ["chunk-en:10-11"],
    },
    {
      name: "blank lines and page numbers at a passage's ends are trimmed",
      ranked: [rank("chunk-en", 13, 0.9)],
      limit: 3,
      ranges: ["chunk-en:12-13"],
    },
    {
      name: "neighbouring matches merge into the better one's passage",
      ranked: [rank("chunk-en", 12, 0.9), rank("chunk-en", 13, 0.5), rank("chunk-nl", 0, 0.4)],
      limit: 3,
      ranges: ["chunk-en:11-13", "chunk-nl:0-1"],
    },
    {
      name: "a page number before a matched line is trimmed",
      ranked: [rank("chunk-en", 16, 0.9)],
      limit: 3,
      ranges: ["chunk-en:16-16"],
    },
    {
      name: "best first, at most the limit",
      ranked: [rank("chunk-nl", 1, 0.9), rank("chunk-en", 16, 0.8), rank("chunk-en", 10, 0.7)],
      limit: 2,
      ranges: ["chunk-nl:0-1", "chunk-en:16-16"],
    },
    {
      name: "a line of a chunk that was not loaded is skipped",
      ranked: [rank("gone", 1, 0.9), rank("chunk-nl", 0, 0.4)],
      limit: 3,
      ranges: ["chunk-nl:0-1"],
    },
  ];
  it.each(cases)("$name", ({ ranked, limit, ranges }) => {
    const passages = passagesFor(ranked, chunks, limit);
    expect(passages.map((p) => `${p.chunk.id}:${p.line_start}-${p.line_end}`)).toEqual(ranges);
  });
});

describe("offlineAnswer", () => {
  it("quotes the best three passages as they are, each with its exact lines", () => {
    const passages = passagesFor(
      [
        rank("chunk-en", 12, 0.9),
        rank("chunk-nl", 0, 0.5),
        rank("chunk-en", 16, 0.4),
        rank("chunk-nl", 1, 0.1),
      ],
      chunks,
      8,
    );
    const answer = offlineAnswer(passages);
    expect(answer.mode).toBe("passages");
    expect(answer.sentences.map((s) => s.text)).toEqual([
      "Chlorophyll absorbs red and blue light. Leaves reflect green light, so they look green.",
      "Planten maken suiker met fotosynthese. De wortels nemen water op.",
      "Roots take up water from the soil.",
    ]);
    expect(answer.sentences[1]?.citations).toEqual([
      expect.objectContaining({
        chunk_id: "chunk-nl",
        line_start: 0,
        line_end: 1,
        exactLines: ["Planten maken suiker met fotosynthese.", "De wortels nemen water op."],
        source_url: "https://www.example.org/planten",
      }),
    ]);
  });

  it("says the sources do not hold it when nothing matched", () => {
    expect(offlineAnswer([]).sentences).toEqual([{ text: NOT_IN_SOURCES, citations: [] }]);
  });
});

describe("verifiedModelAnswer: every sentence held to its numbered lines", () => {
  // [1] Chlorophyll… [2] Leaves reflect… [3] so they look green. [4] Planten… [5] De wortels…
  const lines = numberLines(passagesFor([rank("chunk-en", 12, 0.9), rank("chunk-nl", 0, 0.5)], chunks, 8));

  it("numbers the passages' lines from 1 and joins consecutive cited lines into one range", () => {
    expect(lines.map((line) => `${line.number}:${line.chunk.id}:${line.line}`)).toEqual([
      "1:chunk-en:11",
      "2:chunk-en:12",
      "3:chunk-en:13",
      "4:chunk-nl:0",
      "5:chunk-nl:1",
    ]);
    expect(
      citationsForNumbers([3, 2, 5], lines)?.map((c) => `${c.chunk_id}:${c.line_start}-${c.line_end}`),
    ).toEqual(["chunk-en:12-13", "chunk-nl:1-1"]);
    expect(citationsForNumbers([2, 9], lines)).toBeNull();
  });

  const sentence = (text: string, cited: number[]) => ({ text, lines: cited });
  const cases: Array<{ name: string; answer: ModelAnswer; kept: string[]; rejected: string[] }> = [
    {
      name: "a sentence its lines state is kept with its citations",
      answer: {
        found: true,
        sentences: [sentence("Leaves reflect green light, so they look green.", [2, 3])],
      },
      kept: ["Leaves reflect green light, so they look green."],
      rejected: [],
    },
    {
      name: "a paraphrase in other inflections of the lines' words is kept",
      answer: { found: true, sentences: [sentence("Chlorophyll absorbed red light.", [1])] },
      kept: ["Chlorophyll absorbed red light."],
      rejected: [],
    },
    {
      name: "a sentence citing a line it was not shown is left out",
      answer: {
        found: true,
        sentences: [sentence("Leaves reflect green light.", [2]), sentence("Roots take up water.", [9])],
      },
      kept: ["Leaves reflect green light."],
      rejected: ["unknown line"],
    },
    {
      name: "a sentence citing nothing is left out",
      answer: { found: true, sentences: [sentence("Plants need sunlight.", [])] },
      kept: [NOT_IN_SOURCES],
      rejected: ["no lines"],
    },
    {
      name: "a sentence its cited lines do not say is left out, and nothing left means not found",
      answer: { found: true, sentences: [sentence("Mitochondria produce energy for the nucleus.", [1, 2])] },
      kept: [NOT_IN_SOURCES],
      rejected: ["lines do not say it"],
    },
    {
      name: "a true sentence with the wrong line is left out",
      answer: { found: true, sentences: [sentence("Planten maken suiker met fotosynthese.", [5])] },
      kept: [NOT_IN_SOURCES],
      rejected: ["lines do not say it"],
    },
    {
      name: "the model saying the lines do not answer gives the not-found sentence",
      answer: { found: false, sentences: [] },
      kept: [NOT_IN_SOURCES],
      rejected: [],
    },
  ];
  it.each(cases)("$name", ({ answer, kept, rejected }) => {
    const result = verifiedModelAnswer(answer, lines, "stand-in-model");
    expect(result.answer.sentences.map((s) => s.text)).toEqual(kept);
    expect(result.rejected.map((r) => r.reason)).toEqual(rejected);
    expect(result.answer.mode).toBe(kept[0] === NOT_IN_SOURCES ? "not_found" : "model");
    for (const s of result.answer.sentences.filter((s) => s.text !== NOT_IN_SOURCES)) {
      expect(s.citations.length).toBeGreaterThan(0);
    }
  });
});
