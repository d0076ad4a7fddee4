import { describe, expect, it } from "vitest";
import type { PracticeCard, Question } from "../../src/domain/activity-payload.ts";
import type { Citation } from "../../src/domain/citation.ts";
import type { Structure } from "../../src/domain/structure.ts";
import { buildCorpus } from "./corpus.ts";
import { shapeOf } from "./course-shape.ts";
import { ingestSource } from "./ingest/index.ts";
import type { ChapterDraft } from "./providers/types.ts";
import {
  absoluteTells,
  answerEchoes,
  bareExplanations,
  type ChapterItems,
  corruptedOptions,
  emptyItems,
  headingGlue,
  hintLeaks,
  itemsOverShape,
  layoutPointers,
  lengthHabit,
  lengthTell,
  lengthTells,
  letterHints,
  missingHints,
  mixedOptions,
  namesPosition,
  nearDuplicate,
  nearDuplicateOptions,
  nonDefinitions,
  outsideSection,
  placeOnlyExplanations,
  podcastOutOfRange,
  pointsAtLayout,
  positionalExplanations,
  questionForms,
  recapOutOfRange,
  regenerateChanged,
  repeatedQuestions,
  structureShape,
  unanswerable,
  unexplainedOptions,
  unmappedSubtopics,
  verbatimRecaps,
  verbatimTurns,
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
  ...emptyItems("section-1"),
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

  it.each<[string[], boolean]>([
    [["dijk", "polder", "sloot"], false],
    [["Doordat het water stijgt.", "Doordat de dijk breekt."], false],
    // One option alone with an article, or alone a name, stands out.
    [["de delta", "grondwater", "Rijn"], true],
    [["de dijk", "de polder", "de sloot", "grondwater"], true],
    [["metagenomic", "amplicon", "nanopore", "Sanger"], true],
    // A word more or less stands out from nothing.
    [
      [
        "The GISAID nomenclature",
        "The Pango nomenclature",
        "The Nextstrain nomenclature",
        "The WHO variant nomenclature",
      ],
      false,
    ],
    [["documentation", "source code", "licence terms", "release history"], false],
    [["Location", "Collection date", "Virus name", "Sequencing technology"], false],
    [
      ["Temporary Exposure Key (TEK)", "ConfirmationKey (CK)", "Rolling Proximity Identifier Key (RPIK)"],
      false,
    ],
    [["RNA", "the spike protein of the virus", "ACE2", "lineage"], true],
    // Long options: each may open with its own article; a clause among phrases, or a connective among
    // plain phrases, stands out.
    [
      [
        "A betacoronavirus responsible for COVID-19",
        "An influenza virus responsible for COVID-19",
        "A bacterium that causes severe pneumonia",
        "A DNA virus first isolated from animals",
      ],
      false,
    ],
    [["Doordat het water stijgt.", "de dijk breekt", "Omdat het regent."], true],
    [["because the water rises", "because the dike breaks", "the pumps fail at night"], true],
    [["because the water rises", "since the dike breaks", "when the pumps fail at night"], false],
    [["Zodra alle partijen de dienst gebruiken", "Zolang de dienst geen eisen oplegt aan anderen"], false],
  ])("mixedOptions %j → %s", (options, mixed) => {
    expect(mixedOptions([question({ options })])).toHaveLength(mixed ? 1 : 0);
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

// The checks of issue 22 point 3, each a table of input → expected.
describe("option and hint checks", () => {
  const mc = (options: string[], correct = 0, explanation = "") =>
    question({ options, correct_option: correct, explanation: explanation || question({}).explanation });

  it.each([
    { options: ["dijk", "polder", "sloot"], tell: null },
    { options: ["magmakamer", "lava", "krater"], tell: null },
    { options: ["een kunstmatige wal langs het water", "wal", "sloot"], tell: "long" },
    {
      options: ["wal", "een kunstmatige wal langs het water", "een gegraven sloot tussen weilanden"],
      tell: "short",
    },
    { options: ["a raised bank of earth", "a ditch full of water", "a low field"], tell: null },
  ] as const)("lengthTell $options → $tell", ({ options, tell }) => {
    expect(lengthTell(mc([...options]))).toBe(tell);
  });

  it.each([
    { name: "no question has the tell", long: 0, fair: 4, expected: 0 },
    { name: "one in five is chance, not a habit", long: 1, fair: 4, expected: 0 },
    { name: "one in one is still a single case", long: 1, fair: 0, expected: 0 },
    { name: "two in four is a habit: both count", long: 2, fair: 2, expected: 2 },
  ])("lengthTells: $name", ({ long, fair, expected }) => {
    const questions = [
      ...Array.from({ length: long }, () => mc(["een kunstmatige wal langs het water", "wal", "sloot"])),
      ...Array.from({ length: fair }, () => mc(["dijk", "polder", "sloot"])),
    ];
    expect(lengthTells(questions)).toHaveLength(expected);
  });

  it.each([
    { name: "a quarter the longest is chance", longest: 2, shortest: 2, middle: 4, expected: null },
    {
      name: "two in five the longest is within the share",
      longest: 2,
      shortest: 0,
      middle: 3,
      expected: null,
    },
    {
      name: "three in five the longest, each by a little, is a habit",
      longest: 3,
      shortest: 0,
      middle: 2,
      expected: "longest",
    },
    {
      name: "three in five the shortest is a habit too",
      longest: 0,
      shortest: 3,
      middle: 2,
      expected: "shortest",
    },
    { name: "four questions are too few to tell", longest: 3, shortest: 0, middle: 1, expected: null },
  ] as const)("lengthHabit: $name", ({ longest, shortest, middle, expected }) => {
    const questions = [
      ...Array.from({ length: longest }, () => mc(["dijken", "wal", "sloot"])),
      ...Array.from({ length: shortest }, () => mc(["wal", "dijken", "sloot"])),
      ...Array.from({ length: middle }, () => mc(["dijk", "polder", "wal"])),
    ];
    expect(lengthHabit(questions)).toBe(expected);
  });

  it.each([
    { options: ["dijk", "polder", "sloot"], echoes: false },
    { options: ["de dijk", "dijken", "sloot"], echoes: true },
    { options: ["bron", "de bron van het water", "sloot"], echoes: true },
    {
      options: ["Because the plates move apart", "Because magma cools slowly", "Because water boils"],
      echoes: false,
    },
  ])("answerEchoes $options → $echoes", ({ options, echoes }) => {
    expect(answerEchoes([mc(options)]).length > 0).toBe(echoes);
  });

  it.each([
    { options: ["Warm lucht stijgt op", "Warme lucht daalt altijd", "Koude lucht stijgt"], tell: true },
    { options: ["It only happens at night", "It always happens by day", "It never happens"], tell: false },
    { options: ["dijk", "polder", "sloot"], tell: false },
    { options: ["The heart pumps blood", "The heart never rests", "The lungs pump blood"], tell: true },
  ])("absoluteTells $options → $tell", ({ options, tell }) => {
    expect(absoluteTells([mc(options)]).length > 0).toBe(tell);
  });

  it.each([
    {
      hint: "Denk aan het deel over „Waterbeheer”: welk begrip beschrijft de rest van de zin?",
      missing: false,
    },
    { hint: null, missing: true },
    { hint: "  ", missing: true },
    { hint: "Water.", missing: true },
    { hint: "Vul aan: „Een ___ is een kunstmatige wal.”", missing: true },
  ])("missingHints $hint → $missing", ({ hint, missing }) => {
    expect(missingHints([card({ hint })]).length > 0).toBe(missing);
  });

  it.each([
    {
      explanation:
        "Een dijk is een kunstmatige wal. Een polder is drooggemaakt land en een sloot is gegraven.",
      unexplained: false,
    },
    { explanation: "In de tekst staat: „Een dijk is een kunstmatige wal.”", unexplained: true },
    { explanation: "Een dijk is een wal; „polder” is iets anders: drooggemaakt land.", unexplained: true },
  ])("unexplainedOptions → $unexplained", ({ explanation, unexplained }) => {
    expect(unexplainedOptions([mc(["dijk", "polder", "sloot"], 0, explanation)]).length > 0).toBe(
      unexplained,
    );
  });

  it.each([
    { mastery: [question({ id: "m-1", stem: "Waarom bouwde men dijken?" })], repeated: 0 },
    { mastery: [question({ id: "m-1" })], repeated: 1 },
    { mastery: [question({ id: "q-1-again", stem: "Anders gevraagd?" })], repeated: 1 },
  ])("repeatedQuestions → $repeated", ({ mastery, repeated }) => {
    expect(repeatedQuestions(items({ diagnostic: [question({})], mastery }))).toHaveLength(repeated);
  });

  it.each([
    { diagnostic: 1, mastery: 0, cards: 1, over: 0 },
    { diagnostic: 2, mastery: 3, cards: 2, over: 5 },
  ])("itemsOverShape: $diagnostic/$mastery/$cards → $over", ({ diagnostic, mastery, cards, over }) => {
    const shape = shapeOf(new Map([["section-1-1", 2]]), 40); // 1 diagnostic, no mastery, 1 card
    const chapter = items({
      diagnostic: Array.from({ length: diagnostic }, () => question({})),
      mastery: Array.from({ length: mastery }, () => question({})),
      cards: Array.from({ length: cards }, () => card({})),
    });
    expect(itemsOverShape(chapter, shape)).toBe(over);
  });
});

describe("recap and podcast checks", () => {
  const line = "Een dijk is een kunstmatige wal die het achterland tegen hoog water beschermt.";
  it.each([
    { transcript: line, verbatim: true },
    {
      transcript: "Dijken houden het water tegen, zodat het land erachter droog blijft bij storm.",
      verbatim: false,
    },
    { transcript: null, verbatim: false },
  ])("verbatimRecaps $transcript → $verbatim", ({ transcript, verbatim }) => {
    const chapter = items({ transcript, recapCitations: [citation([line])] });
    expect(verbatimRecaps([chapter]).length > 0).toBe(verbatim);
  });

  it.each([
    { speaker: "expert" as const, text: line, cited: true, verbatim: true },
    {
      speaker: "expert" as const,
      text: "Zo'n wal houdt het water buiten, ook als het hoog staat.",
      cited: true,
      verbatim: false,
    },
    { speaker: "host" as const, text: line, cited: false, verbatim: false },
  ])("verbatimTurns $speaker: $text → $verbatim", ({ speaker, text, cited, verbatim }) => {
    const turn = { speaker, text, citations: cited ? [citation([line])] : [] };
    expect(verbatimTurns([turn]).length > 0).toBe(verbatim);
  });

  it.each([
    { words: 0, range: { min: 150, max: 300 }, out: 0 },
    { words: 200, range: { min: 150, max: 300 }, out: 0 },
    { words: 320, range: { min: 150, max: 300 }, out: 1 },
    { words: 60, range: { min: 150, max: 300 }, out: 1 },
    { words: 40, range: { min: 30, max: 300 }, out: 0 },
  ])("podcastOutOfRange: $words words in $range → $out", ({ words, range, out }) => {
    const turns =
      words > 0 ? [{ speaker: "expert" as const, text: "woord ".repeat(words), citations: [] }] : [];
    expect(podcastOutOfRange([items({ turns })], () => range)).toHaveLength(out);
  });

  it("recapOutOfRange holds a short section to its own, shorter range", () => {
    const chapter = items({ transcript: "woord ".repeat(60) });
    expect(recapOutOfRange([chapter])).toEqual([60]);
    expect(recapOutOfRange([chapter], () => ({ min: 45, max: 230 }))).toEqual([]);
  });
});

describe("explanations that name an option by its place", () => {
  it.each([
    // English: ordinals, letters, numbers
    { explanation: "The first option is right: magma cools slowly.", names: true },
    { explanation: "The last answer confuses lava with magma.", names: true },
    { explanation: "Option B is wrong because plates move apart.", names: true },
    { explanation: "Answer (C) mixes up cause and effect.", names: true },
    { explanation: "Options A and D describe the mantle.", names: true },
    { explanation: "Choice 3 is a misconception.", names: true },
    { explanation: "Option two names the crust.", names: true },
    { explanation: "Right. B is wrong because it names the crust.", names: true },
    { explanation: "The 2nd option names the crust.", names: true },
    { explanation: "“Magma” is right. The second is wrong because lava is outside.", names: true },
    { explanation: "“Magma” is right. The second and fourth are wrong: both are rocks.", names: true },
    // English: options named by their words, and look-alikes that are no place
    { explanation: "“Magma” is right; “lava” is magma that reached the surface.", names: false },
    { explanation: "The first eruption formed the island, so “hotspot” is right.", names: false },
    { explanation: "Answer a question about the crust first.", names: false },
    { explanation: "The answer 4 is right: two pairs of two.", names: false },
    { explanation: "A plate is a piece of the crust, so “plate” is right.", names: false },
    { explanation: "Vitamin B is wrong here: it is not a mineral.", names: false },
    { explanation: "The second law is right: entropy grows.", names: false },
    { explanation: "The owner is the obvious first choice, so “owner” is right.", names: false },
    // Dutch: ordinals, letters, numbers
    { explanation: "De eerste optie klopt: de dijk houdt het water tegen.", names: true },
    { explanation: "Het laatste antwoord verwart een dijk met een polder.", names: true },
    { explanation: "Optie C is fout omdat een sloot water afvoert.", names: true },
    { explanation: "Antwoord B noemt een sloot.", names: true },
    { explanation: "Opties A en D gaan over de polder.", names: true },
    { explanation: "Keuze 2 is een misvatting.", names: true },
    { explanation: "Het tweede antwoord is te ruim.", names: true },
    { explanation: "Juist. D is fout, want een sloot voert water af.", names: true },
    { explanation: "De 3e optie noemt een sloot.", names: true },
    { explanation: "„Dijk” klopt. De tweede is fout: een polder is land.", names: true },
    { explanation: "„Dijk” klopt. De tweede en vierde zijn onjuist.", names: true },
    // Dutch: options named by their words
    { explanation: "„Dijk” is juist; een „polder” is het land achter de dijk.", names: false },
    { explanation: "De eerste dijken werden in de middeleeuwen gebouwd.", names: false },
    { explanation: "Het antwoord staat in de tweede alinea: een dijk.", names: false },
    { explanation: "Vitamine B is hier fout: het is geen mineraal.", names: false },
    { explanation: "De tekst noemt de eigenaar als voor de hand liggende eerste keuze.", names: false },
  ])("namesPosition: $explanation → $names", ({ explanation, names }) => {
    expect(namesPosition(explanation)).toBe(names);
  });

  it("positionalExplanations keeps only the questions that name a place", () => {
    const byPlace = question({ explanation: "The second option is right." });
    const byWords = question({ explanation: "“Dijk” is right; a “polder” is the land behind it." });
    expect(positionalExplanations([byPlace, byWords])).toEqual([byPlace]);
  });
});

describe("texts that point at a place in the source the learner never sees", () => {
  it.each([
    // read in graded hints and stems
    { text: "Denk aan de inschatting waarmee de tweede alinea opent.", points: true },
    { text: "Het Engelse woord waarop je volgens de openingsalinea steeds moet letten.", points: true },
    { text: "Wat moet je volgens de tip doen als een algoritme onderscheid maakt?", points: true },
    { text: "Welke optie voorkomt volgens de vergelijkingstabel wilde uploads?", points: true },
    { text: "According to the table, which protocol encrypts the payload?", points: true },
    { text: "As Figure 3 shows, the slab widens where the density is high.", points: true },
    { text: "Think of the opening paragraph's claim about graphics.", points: true },
    { text: "Zie figuur 2 voor de opbouw van een dijk.", points: true },
    // document parts that point at nothing
    { text: "A table in a database holds rows of the same kind.", points: false },
    { text: "Het hoofdstuk over privacy beschrijft de rechten van burgers.", points: false },
    { text: "De eerste stap is het verzamelen van de gegevens.", points: false },
    { text: "In the table of results, each row is one participant.", points: false },
    { text: "The second law of thermodynamics forbids it.", points: false },
  ])("pointsAtLayout: $text → $points", ({ text, points }) => {
    expect(pointsAtLayout(text)).toBe(points);
  });

  it("layoutPointers reads card hints as well as stems", () => {
    const chapter = items({
      questions: [question({ stem: "Welke optie biedt volgens de tabel anonimiteit?" })],
      cards: [
        card({ hint: "Denk aan de tweede alinea." }),
        card({ hint: "Denk aan wat een dijk tegenhoudt." }),
      ],
    });
    expect(layoutPointers(chapter)).toEqual([
      "Welke optie biedt volgens de tabel anonimiteit?",
      "Denk aan de tweede alinea.",
    ]);
  });
});

describe("near-duplicate options", () => {
  it.each([
    // a typo beside its correct spelling (the source's own misspelling)
    { a: "discrimerende", b: "discriminerende", near: true },
    { a: "discrimerende effecten", b: "discriminerende effecten", near: true },
    // case, diacritics and punctuation folded
    { a: "Café", b: "cafe", near: true },
    { a: "een ‘reële’ kans", b: "een reele kans", near: true },
    { a: "the mid-ocean ridge", b: "The mid ocean ridge.", near: true },
    { a: "photosynthesis", b: "photosynthesys", near: true },
    { a: "absorption", b: "adsorption", near: true },
    // real distractors: different words, minimal pairs that differ in meaning
    { a: "hypertension", b: "hypotension", near: false },
    { a: "mitosis", b: "meiosis", near: false },
    { a: "dijk", b: "dijken", near: false },
    { a: "magma", b: "lava", near: false },
    { a: "direct onderscheid", b: "indirect onderscheid", near: false },
    { a: "", b: "", near: false },
  ])("nearDuplicate($a, $b) → $near", ({ a, b, near }) => {
    expect(nearDuplicate(a, b)).toBe(near);
  });

  it.each([
    { options: ["discrimerende", "discriminerende", "neutrale", "gelijke"], refused: true },
    { options: ["neutrale", "gelijke", "Discriminérende", "discriminerende"], refused: true },
    { options: ["discriminerende", "neutrale", "gelijke", "willekeurige"], refused: false },
  ])("nearDuplicateOptions $options → $refused", ({ options, refused }) => {
    const item = question({ options, correct_option: 0 });
    expect(nearDuplicateOptions([item]).length > 0).toBe(refused);
  });
});
