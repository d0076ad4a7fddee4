import { describe, expect, it } from "vitest";
import type { PracticeCard, Question } from "../../src/domain/activity-payload.ts";
import type { Citation } from "../../src/domain/citation.ts";
import type { Structure } from "../../src/domain/structure.ts";
import { buildCorpus } from "./corpus.ts";
import { ingestSource } from "./ingest/index.ts";
import type { ChapterDraft } from "./providers/types.ts";
import {
  bareExplanations,
  type ChapterItems,
  corruptedOptions,
  headingGlue,
  hintLeaks,
  letterHints,
  mixedOptions,
  nonDefinitions,
  outsideSection,
  placeOnlyExplanations,
  questionForms,
  recapOutOfRange,
  regenerateChanged,
  structureShape,
  unanswerable,
  unmappedSubtopics,
  weakBlanks,
} from "./quality.ts";

// Every checker is shown a clean item (no defect) and a deliberately bad one (a defect), so a bench
// figure of zero means the fault is absent, not that the checker cannot see it.

const citation = (lines: string[], lineStart = 0, overrides: Partial<Citation> = {}): Citation => ({
  chunk_id: "chunk-1",
  file_path: "topic/source.md",
  page_number: null,
  line_start: lineStart,
  line_end: lineStart + lines.length - 1,
  exactLines: lines,
  snippet: lines.join(" "),
  source_url: null,
  ...overrides,
});

const question = (overrides: Partial<Question>): Question => ({
  id: "q-1",
  stem: "Vul het ontbrekende begrip in: „Een ___ is een kunstmatige wal.”",
  options: ["dijk", "polder", "sloot"],
  correct_option: 0,
  explanation:
    "In de tekst staat: „Een dijk is een kunstmatige wal.” „polder” hoort bij „Polders”, niet hier.",
  difficulty: "easy",
  subtopic_id: "section-1-1",
  citations: [citation(["Een dijk is een kunstmatige wal."])],
  ...overrides,
});

const card = (overrides: Partial<PracticeCard>): PracticeCard => ({
  id: "card-1",
  q: "Vul aan: „Een ___ is een kunstmatige wal.”",
  a: "dijk",
  hint: "Denk aan het deel over „Waterbeheer”: welk begrip beschrijft de rest van de zin?",
  subtopic_id: "section-1-1",
  citations: [citation(["Een dijk is een kunstmatige wal."])],
  ...overrides,
});

const items = (overrides: Partial<ChapterItems>): ChapterItems => ({
  sectionId: "section-1",
  questions: [],
  cards: [],
  blocks: [],
  objectives: [],
  transcript: null,
  bullets: [],
  citations: [],
  ...overrides,
});

const structure = (subtopics: number, title = "Dijken"): Structure => ({
  title: "Topic",
  description: "",
  sections: [
    {
      section_id: "section-1",
      title,
      description: "",
      subtopics: Array.from({ length: subtopics }, (_, index) => ({
        subtopic_id: `section-1-${index + 1}`,
        title: index === 0 ? "Dijk" : `Polder ${index}`,
        description: "Een dijk is een kunstmatige wal.",
        key_points: [],
        citations: [citation(["Een dijk is een kunstmatige wal."], index * 4)],
      })),
    },
  ],
});

describe("quality checkers", () => {
  it("headingGlue finds a heading run into the next sentence or hanging at the end, and a running header", () => {
    const headings = ["Verdamping", "Aardrijkskunde · klas 2"];
    expect(headingGlue(["Verdamping is het sterkst op warme dagen."], headings)).toEqual([]);
    expect(headingGlue(["Verdamping"], headings)).toEqual([]);
    expect(headingGlue(["Verdamping De zon verwarmt het water."], headings)).toHaveLength(1);
    expect(headingGlue(["De zon verwarmt het water. Verdamping"], headings)).toHaveLength(1);
    expect(headingGlue(["Aardrijkskunde · klas 2 De zon schijnt."], headings)).toHaveLength(1);
  });

  it("corruptedOptions finds a source sentence with one word swapped", () => {
    const source = [
      "Nederland ligt ten zuiden van de Noordzee.",
      "Fog is a cloud that forms at ground level.",
    ];
    expect(corruptedOptions([question({})], source)).toEqual([]);
    const swapped = question({
      options: [
        "Nederland ligt ten zuiden van de Nederland.",
        "Fog is a atmosphere that forms at ground level.",
      ],
    });
    expect(corruptedOptions([swapped], source)).toHaveLength(2);
  });

  it("mixedOptions finds options a learner can rule out by their form", () => {
    expect(mixedOptions([question({})])).toEqual([]);
    expect(
      mixedOptions([question({ options: ["Doordat het water stijgt.", "Doordat de dijk breekt."] })]),
    ).toEqual([]);
    expect(mixedOptions([question({ options: ["de delta", "grondwater", "Rijn"] })])).toHaveLength(1);
    expect(
      mixedOptions([
        question({ options: ["Doordat het water stijgt.", "de dijk breekt", "Omdat het regent."] }),
      ]),
    ).toHaveLength(1);
  });

  it("unanswerable finds questions and cards whose answer is not in their cited lines", () => {
    expect(unanswerable(items({ questions: [question({})], cards: [card({})] }))).toEqual([]);
    const wrong = items({
      questions: [question({ correct_option: 1 })],
      cards: [card({ a: "grondwater" })],
    });
    expect(unanswerable(wrong)).toHaveLength(2);
  });

  it("weakBlanks finds blanks on function words, short words, fragments and first words", () => {
    expect(weakBlanks(items({ questions: [question({})], cards: [card({})] }))).toEqual([]);
    const weak = items({
      questions: [
        question({ stem: "Fill in the missing term: “Fog is ___ cloud.”", options: ["a", "the"] }),
        question({
          stem: "Fill in the missing term: “___ the rivers flow.”",
          options: ["Together", "Apart"],
        }),
      ],
      cards: [card({ q: "Complete: “The river ___ from the Alps.”", a: "comes from the" })],
    });
    expect(weakBlanks(weak)).toHaveLength(3);
  });

  it("outsideSection finds item citations outside the lines their section cites", () => {
    const inside = items({ citations: [citation(["Een dijk is een kunstmatige wal."], 4)] });
    expect(outsideSection(structure(2), [inside])).toEqual([]);
    const outside = items({ citations: [citation(["Iets uit een ander hoofdstuk."], 40)] });
    expect(outsideSection(structure(2), [outside])).toHaveLength(1);
  });

  it("recapOutOfRange finds transcripts shorter than 150 or longer than 230 words", () => {
    expect(recapOutOfRange([items({ transcript: "woord ".repeat(180) })])).toEqual([]);
    expect(recapOutOfRange([items({ transcript: "Een zin. En een opsomming." })])).toEqual([5]);
    expect(recapOutOfRange([items({ transcript: "woord ".repeat(260) })])).toEqual([260]);
  });

  it("hintLeaks finds hints that hold the answer", () => {
    expect(hintLeaks([card({})])).toEqual([]);
    expect(hintLeaks([card({ hint: "Denk aan de dijk" })])).toHaveLength(1);
    expect(
      hintLeaks([card({ a: "Dry area.", hint: "The term comes up in the part about “Dry area”." })]),
    ).toHaveLength(1);
  });

  it("letterHints finds hints that spell out letters or length instead of pointing to the idea", () => {
    expect(letterHints([card({})])).toEqual([]);
    expect(letterHints([card({ hint: "Begint met „d” (4 letters)" })])).toHaveLength(1);
    expect(letterHints([card({ hint: "2 words, starting with “w” (11 letters)" })])).toHaveLength(1);
  });

  it("nonDefinitions finds meaning cards answered by a clause, a fragment or a name", () => {
    const meaning = (q: string, a: string) => card({ q, a, hint: "Denk aan het deel over „Vulkanen”." });
    expect(
      nonDefinitions([meaning("Wat betekent „dijk”?", "Een kunstmatige wal van zand en klei.")]),
    ).toEqual([]);
    expect(
      nonDefinitions([meaning("What does “hotspot” mean?", "A long line of islands has formed.")]),
    ).toHaveLength(1);
    expect(
      nonDefinitions([meaning("What does “lava” mean?", "Once it reaches the surface, it.")]),
    ).toHaveLength(1);
    expect(nonDefinitions([meaning("Wat betekent „sporten”?", "Een zogenoemde cooling-down.")])).toHaveLength(
      1,
    );
  });

  it("placeOnlyExplanations finds explanations that only say an option belongs elsewhere", () => {
    expect(placeOnlyExplanations([question({})])).toEqual([]);
    expect(
      placeOnlyExplanations([
        question({
          explanation: "In de tekst staat: „…” „polder” hoort bij een andere zin: „Een polder is …”",
        }),
      ]),
    ).toHaveLength(1);
  });

  it("questionForms counts templates, including the unsafe 'which statement is true'", () => {
    const forms = questionForms([
      question({}),
      question({ stem: "Waarom is dit zo volgens de tekst: „Het land daalde”?" }),
      question({ stem: "Welk begrip past bij deze omschrijving: „Een kunstmatige wal”?" }),
      question({ stem: "Welke bewering is juist?" }),
    ]);
    expect(forms).toEqual({ cloze: 1, cause: 1, definition: 1, statement: 1, other: 0 });
  });

  it("bareExplanations finds explanations that only quote the source", () => {
    expect(bareExplanations([question({})])).toEqual([]);
    expect(
      bareExplanations([question({ explanation: "De bron zegt: „Een dijk is een kunstmatige wal.”" })]),
    ).toHaveLength(1);
  });

  it("structureShape finds a section of several paragraphs with one subtopic, and titles repeating it", async () => {
    const text = "Een dijk is een kunstmatige wal.\n\nEen polder is omringd door dijken.\n";
    const ingested = await ingestSource({
      id: "s",
      kind: "markdown",
      file_name: "dijken.md",
      file_path: "topic/source.md",
      content: text,
    });
    const corpus = buildCorpus([
      { id: "s", kind: "markdown", file_name: "dijken.md", chunks: ingested.chunks },
    ]);
    const chunk = ingested.chunks[0];
    const cover = (one: Structure): Structure => ({
      ...one,
      sections: one.sections.map((section) => ({
        ...section,
        subtopics: section.subtopics.map((subtopic) => ({
          ...subtopic,
          citations: [
            citation(chunk?.content.split("\n") ?? [], 0, { chunk_id: chunk?.id ?? "", snippet: null }),
          ],
        })),
      })),
    });
    const good = structureShape(cover(structure(2)), corpus);
    expect(good.singleSubtopicSections).toBe(0);
    expect(good.titlesRepeatingSection).toBe(0);
    const bad = structureShape(cover(structure(1, "Dijk")), corpus);
    expect(bad.singleSubtopicSections).toBe(1);
    expect(bad.titlesRepeatingSection).toBe(1);
  });

  it("unmappedSubtopics finds subtopics no diagnostic question is tied to", () => {
    const chapter = (subtopicIds: string[]): ChapterDraft => ({
      section_id: "section-1",
      title: "Dijken",
      summary: "",
      activities: [
        {
          kind: "diagnostic",
          title: "Diagnostiek",
          payload: { questions: subtopicIds.map((id) => question({ id, subtopic_id: id })) },
          citations: [],
        },
      ],
    });
    expect(unmappedSubtopics(structure(2), [chapter(["section-1-1", "section-1-2"])])).toEqual([]);
    expect(unmappedSubtopics(structure(2), [chapter(["section-1-1"])])).toEqual(["section-1-2"]);
  });

  it("regenerateChanged tells an identical regenerate from a new version", () => {
    expect(regenerateChanged(structure(2), structure(2))).toBe(false);
    expect(regenerateChanged(structure(2), structure(3))).toBe(true);
  });
});
