import { describe, expect, it } from "vitest";
import type { Question } from "../../src/domain/activity-payload.ts";
import type { Citation } from "../../src/domain/citation.ts";
import type { Structure } from "../../src/domain/structure.ts";
import { CitationVerifier } from "./citations.ts";
import type { Chunk } from "./ingest/index.ts";
import type { ChapterDraft } from "./providers/index.ts";

const chunk: Chunk = {
  id: "c1",
  source_id: "s1",
  file_path: "e/t/notes.pdf",
  file_name: "notes.pdf",
  page_number: 2,
  line_start: 10,
  line_end: 13,
  content: [
    "Chlorophyll is a green pigment.",
    "It absorbs red and blue light.",
    "",
    "Rubisco fixes carbon dioxide.",
  ].join("\n"),
};
const chunks = new Map([[chunk.id, chunk]]);

const good: Citation = {
  chunk_id: "c1",
  file_path: "e/t/notes.pdf",
  page_number: 2,
  line_start: 10,
  line_end: 11,
  exactLines: ["Chlorophyll is a green pigment.", "It absorbs red and blue light."],
  snippet: "Chlorophyll is a green pigment.",
  source_url: null,
};

describe("CitationVerifier.citation", () => {
  it("keeps a citation of real lines quoted exactly", () => {
    const verifier = new CitationVerifier(chunks);
    expect(verifier.citation(good)).toEqual(good);
    expect(verifier.counts.citations).toEqual({ verified: 1, dropped: 0 });
  });

  it.each<[string, Partial<Citation>]>([
    ["an unknown chunk", { chunk_id: "c2" }],
    ["another file", { file_path: "e/t/other.pdf" }],
    ["another page", { page_number: 3 }],
    ["lines before the chunk", { line_start: 9 }],
    [
      "lines after the chunk",
      { line_end: 14, exactLines: [...good.exactLines, "", "Rubisco fixes carbon dioxide.", "x"] },
    ],
    ["a reversed range", { line_start: 11, line_end: 10 }],
    [
      "paraphrased lines",
      { exactLines: ["Chlorophyll is a green pigment", "It absorbs red and blue light."] },
    ],
    ["too few lines", { exactLines: ["Chlorophyll is a green pigment."] }],
    ["only a blank line", { line_start: 12, line_end: 12, exactLines: [""] }],
  ])("drops and counts a citation of %s", (_, change) => {
    const verifier = new CitationVerifier(chunks);
    expect(verifier.citation({ ...good, ...change })).toBeNull();
    expect(verifier.counts.citations).toEqual({ verified: 0, dropped: 1 });
  });

  it("replaces a snippet the lines do not contain, and an invented web address", () => {
    const verifier = new CitationVerifier(chunks);
    const checked = verifier.citation({
      ...good,
      snippet: "Plants love music.",
      source_url: "https://example.com",
    });
    expect(checked?.snippet).toBe("Chlorophyll is a green pigment. It absorbs red and blue light.");
    expect(checked?.source_url).toBeNull();
  });
});

describe("CitationVerifier on structures and chapters", () => {
  it("keeps subtopics but only their verified citations", () => {
    const structure: Structure = {
      title: "T",
      description: "",
      sections: [
        {
          section_id: "s",
          title: "S",
          description: "",
          subtopics: [
            {
              subtopic_id: "a",
              title: "A",
              description: "",
              key_points: [],
              citations: [good, { ...good, chunk_id: "nope" }],
            },
            {
              subtopic_id: "b",
              title: "B",
              description: "",
              key_points: [],
              citations: [{ ...good, page_number: 9 }],
            },
          ],
        },
      ],
    };
    const verifier = new CitationVerifier(chunks);
    const checked = verifier.structure(structure);
    expect(checked.sections[0]?.subtopics.map((subtopic) => subtopic.citations.length)).toEqual([1, 0]);
    expect(verifier.counts).toEqual({
      citations: { verified: 1, dropped: 2 },
      items: { kept: 1, dropped: 1 },
    });
  });

  it("drops questions, cards and qa blocks whose answer the cited lines do not support", () => {
    const question = (id: string, options: string[], citations: Citation[]): Question => ({
      id,
      stem: "Which pigment is green?",
      options,
      correct_option: 0,
      explanation: "",
      difficulty: "easy",
      subtopic_id: null,
      citations,
    });
    const chapter: ChapterDraft = {
      section_id: "s",
      title: "S",
      summary: "",
      activities: [
        {
          kind: "overview",
          title: "O",
          payload: { slides: [], objectives: [] },
          citations: [good, { ...good, chunk_id: "x" }],
        },
        {
          kind: "diagnostic",
          title: "D",
          payload: {
            questions: [
              question("supported", ["chlorophyll", "rubisco"], [good]),
              question("unsupported", ["carotene", "chlorophyll"], [good]),
              question("uncited", ["chlorophyll", "rubisco"], []),
              question(
                "invented",
                ["chlorophyll", "rubisco"],
                [{ ...good, exactLines: ["Chlorophyll is green.", "x"] }],
              ),
            ],
          },
          citations: [],
        },
        {
          kind: "study",
          title: "St",
          payload: {
            blocks: [
              { type: "heading", content: "H", question: null, subtopic_id: null, citations: [] },
              {
                type: "qa",
                content: "",
                question: { stem: "Colour?", answer: "Purple" },
                subtopic_id: null,
                citations: [good],
              },
              {
                type: "example",
                content: "E",
                question: null,
                subtopic_id: null,
                citations: [{ ...good, chunk_id: "x" }],
              },
            ],
          },
          citations: [],
        },
        {
          kind: "practice",
          title: "P",
          payload: {
            cards: [
              {
                id: "1",
                q: "What absorbs red light?",
                a: "Chlorophyll",
                hint: null,
                subtopic_id: null,
                citations: [good],
              },
              {
                id: "2",
                q: "What fixes carbon?",
                a: "Rubisco",
                hint: null,
                subtopic_id: null,
                citations: [good],
              },
            ],
          },
          citations: [],
        },
      ],
    };
    const verifier = new CitationVerifier(chunks);
    const checked = verifier.chapter(chapter);
    const [overview, diagnostic, study, practice] = checked.activities;
    expect(overview?.citations).toEqual([good]);
    expect(diagnostic?.kind === "diagnostic" && diagnostic.payload.questions.map((q) => q.id)).toEqual([
      "supported",
    ]);
    expect(diagnostic?.citations).toEqual([good]);
    expect(study?.kind === "study" && study.payload.blocks.map((block) => block.type)).toEqual(["heading"]);
    expect(practice?.kind === "practice" && practice.payload.cards.map((card) => card.id)).toEqual(["1"]);
    expect(verifier.counts.items).toEqual({ kept: 2, dropped: 6 });
  });
});
