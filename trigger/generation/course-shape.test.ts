import { describe, expect, it } from "vitest";
import { contentTerms, type Sentence } from "./corpus.ts";
import {
  chapterShape,
  ITEM_LIMITS,
  isSlideBullet,
  isTeachable,
  isTeachingBlock,
  RECAP_WORDS,
  shapeOf,
  teachingStatements,
  unteachableReason,
  verbatimShare,
} from "./course-shape.ts";
import { isCompleteSentence } from "./text/sentences.ts";

const sentence = (text: string) => ({ text, complete: isCompleteSentence(text), terms: contentTerms(text) });

describe("unteachableReason", () => {
  it.each([
    ["Magma that reaches the surface through a vent is called lava.", null],
    ["Een dijk is een kunstmatige wal die het land tegen het water beschermt.", null],
    ["Why do volcanoes form along plate boundaries?", "question"],
    ["Waarom liggen de meeste vulkanen langs de randen van platen?", "question"],
    ["Explain why the mid-ocean ridge is volcanically active.", "exercise"],
    ["Leg uit waarom het hart twee kamers heeft.", "exercise"],
    // Learning objectives in a box are what the learner will do, not what the material says.
    ["Enumerate some examples of how genomic surveillance has shaped public health decisions.", "exercise"],
    [
      "Understand the steps involved in the ARTIC protocol and the differences between its versions.",
      "exercise",
    ],
    ["Herken de stappen van het protocol en de verschillen tussen de versies.", "exercise"],
    ["Open source software is software whose code anyone may read and change.", null],
    ["List comprehensions build a new list from the items of another one.", null],
    ["Rewrite your pay computation with time-and-a-half for overtime and create a function.", "exercise"],
    ["Schrijf een functie die het gemiddelde van een lijst getallen berekent.", "exercise"],
    ["Smith, J. (2001). Volcanoes of the world. Cambridge University Press.", "reference"],
    ["Jansen et al. showed the same pattern in older rocks.", "reference"],
    ["Bron: Addendum Vooringenomenheid voorkomen, Algorithm Audit.", "reference"],
    ["Source: Statistics Netherlands, household survey of the year before.", "reference"],
    ["De bron van de rivier ligt hoog in de Zwitserse Alpen, bij de gletsjer.", null],
    ["See chapter 4.", "thin"],
    ["If you are using these materials, you can remove the logo and replace it with your own.", "document"],
    [
      "Please maintain this last slide in all copies to comply with the attribution requirements.",
      "document",
    ],
    ["In dit hoofdstuk leer je hoe een algoritme onderscheid kan maken.", "document"],
    ["This exercise should take about 5 minutes to complete in pairs.", "document"],
    ["Deze oefening duurt ongeveer tien minuten voor de hele groep.", "document"],
    ["Copyright 2010 Charles Severance, licensed under a CC-BY 3.0 licence for all.", "document"],
    [
      "Section 2 defines the main use cases that drive the specification, as well as the requirements.",
      "document",
    ],
    ["Sections 7 and 8 provide the conformance statement and review the multilingual issues.", "document"],
    ["Finally section 8 lists the prefixes and namespaces used throughout the text.", "document"],
    // read: "In Sectie 4.4 vind je … het zoeken van ___" → relevante informatie
    [
      "In Sectie 4.4 vind je enkele concrete tips en startpunten voor het zoeken van relevante informatie.",
      "document",
    ],
    ["In Chapter 3 you will find a worked example of a dependency graph.", "document"],
    ["In hoofdstuk 2 staat de geschiedenis van de dijkbouw centraal.", null],
    ["Table 1 provides an overview of all steps in the process and methodology.", "document"],
    ["The classes and properties defined for the vocabulary are presented in section 4.", "document"],
    ["An overview of the full vocabulary is given in Figure 1 below.", "document"],
    ["Hoofdstuk 3 beschrijft hoe de gemeente de risico's van een algoritme inschat.", "document"],
    ["De 3 stappen worden hieronder verder toegelicht.", "document"],
    ["The three stages of mitosis are described in detail below.", "document"],
    ["Each of these principles is explained further below.", "document"],
    ["Warm air rises above the cold air that sinks below it.", null],
    ["Het water dat hieronder stroomt, wordt door de dijk tegengehouden.", null],
    ["Section 2 of the Data Protection Act defines personal data very broadly.", null],
    ["Figure skaters spin faster when they pull their arms close to the body.", null],
    ["Creative Commons licences let authors decide how others may reuse their work.", null],
    // read as a recap's closing point: "Onthoud vooral dit: BOMOS bestaat uit: * BOMOS Deel 1: …"
    [
      "BOMOS bestaat uit: * BOMOS Deel 1: Het Fundament * BOMOS Deel 2: De Verdieping * Aanvullende modules.",
      "list",
    ],
    ["BOMOS bestaat uit: * het fundament van de standaard * de verdieping voor beheerders.", "list"],
    [
      "De modules zijn: - Linked Data voor semantische standaarden. - Stelsels voor het beheer van afspraken.",
      "list",
    ],
    ["The result - a cleaner text - was easier to read for every pupil in the class.", null],
    [
      "Dit werk valt onder een Creative Commons Naamsvermelding-GelijkDelen 4.0 Internationaallicentie.",
      "document",
    ],
    ["This work is licensed under a Creative Commons Attribution 4.0 International License.", "document"],
    ["The software is licensed under the MIT license, which allows commercial use.", null],
    ["Dit werk is voor de boeren op het land het zwaarst in de oogsttijd.", null],
    ["This process repeats until the cell has copied all of its chromosomes.", null],
    ["Plate tectonics and people", "incomplete"],
    ["Computational poetics, stylometry, neural networks, classical Latin.", "list"],
    ["Do Not Use This Code → Generate the Correct Terms for Your Paper; Generate the Correct Terms.", "list"],
    ["Wind, water, sun and soil all help a young plant to grow.", null],
    ["Amsterdam, Rotterdam, Utrecht and The Hague are the largest cities of the Netherlands.", null],
  ] as const)("%s → %s", (text, expected) => {
    expect(unteachableReason(sentence(text))).toBe(expected);
  });
});

describe("isSlideBullet: an overview slide shows statements, fragments included, never a list or a note", () => {
  it.each([
    ["Magma that reaches the surface through a vent is called lava.", true],
    ["Anonymizes the work and includes line numbers.", true],
    ["Plate tectonics and people", true],
    ["Do, Not, Us, This, Code, Put, the, Correct, Terms, for, Your, Paper", false],
    ["Do Not Use This Code → Generate the Correct Terms for Your Paper; Generate the Correct Terms.", false],
    ["Computational poetics, stylometry, neural networks, classical Latin", false],
    ["If you are new to publishing with ACM, this document is a valuable guide to the process.", false],
    ["In dit hoofdstuk leer je hoe een algoritme onderscheid kan maken.", false],
    ["Smith, J. (2001). Volcanoes of the world. Cambridge University Press.", false],
    ["Leg uit waarom het hart twee kamers heeft.", false],
    ["Waarom liggen de meeste vulkanen langs de randen van platen?", false],
    // read in a recap, its list left out
    ["Bias ontstaat bijvoorbeeld in:", false],
    ["Bias ontstaat in data: de gegevens zijn scheef verdeeld.", true],
    ["(I also show the raw data as points in the background.)", false],
  ] as const)("%s → %s", (text, expected) => {
    expect(isSlideBullet(text)).toBe(expected);
  });
});

describe("shapeOf: counts scale with the teachable statements", () => {
  it.each([
    {
      name: "a section that teaches nothing (titles, references, review questions)",
      bySubtopic: [0, 0],
      words: 0,
      expected: {
        objectives: 0,
        diagnostic: 0,
        mastery: 0,
        cards: 0,
        recap: { min: 0, max: 0 },
        bullets: 0,
        forms: 0,
      },
    },
    {
      name: "one sentence: one of each that can stand on it, no second check",
      bySubtopic: [1],
      words: 24,
      expected: {
        objectives: 1,
        diagnostic: 1,
        mastery: 0,
        cards: 1,
        recap: { min: 18, max: 230 },
        bullets: 1,
        forms: 0,
      },
    },
    {
      name: "two sentences: no room for a final check of two questions",
      bySubtopic: [2],
      words: 40,
      expected: {
        objectives: 1,
        diagnostic: 1,
        mastery: 0,
        cards: 1,
        recap: { min: 30, max: 230 },
        bullets: 2,
        forms: 0,
      },
    },
    {
      name: "a paragraph of three sentences: a final check of two, revisiting what the diagnostic asked",
      bySubtopic: [3],
      words: 60,
      expected: {
        objectives: 1,
        diagnostic: 1,
        mastery: 2,
        cards: 2,
        recap: { min: 45, max: 230 },
        bullets: 3,
        forms: 2,
      },
    },
    {
      name: "a one-paragraph abstract of six sentences",
      bySubtopic: [6],
      words: 188,
      expected: {
        objectives: 2,
        diagnostic: 1,
        mastery: 3,
        cards: 3,
        recap: { min: 141, max: 230 },
        bullets: 5,
        forms: 2,
      },
    },
    {
      name: "two short subtopics",
      bySubtopic: [3, 3],
      words: 60,
      expected: {
        objectives: 2,
        diagnostic: 2,
        mastery: 3,
        cards: 4,
        recap: { min: 45, max: 230 },
        bullets: 5,
        forms: 2,
      },
    },
    {
      name: "a full chapter",
      bySubtopic: [12, 9, 15, 7],
      words: 900,
      expected: {
        objectives: ITEM_LIMITS.objectives,
        diagnostic: 4,
        mastery: ITEM_LIMITS.mastery,
        cards: ITEM_LIMITS.cards,
        recap: RECAP_WORDS,
        bullets: 5,
        forms: 2,
      },
    },
    {
      name: "many subtopics, capped",
      bySubtopic: Array.from({ length: 14 }, () => 2),
      words: 800,
      expected: {
        objectives: 5,
        diagnostic: ITEM_LIMITS.diagnostic,
        mastery: ITEM_LIMITS.mastery,
        cards: 8,
        recap: RECAP_WORDS,
        bullets: 5,
        forms: 2,
      },
    },
  ])("$name", ({ bySubtopic, words, expected }) => {
    const shape = shapeOf(new Map(bySubtopic.map((count, index) => [`s-${index}`, count])), words);
    expect({
      objectives: shape.objectives.max,
      diagnostic: shape.diagnostic,
      mastery: shape.mastery,
      cards: shape.cards,
      recap: shape.recapWords,
      bullets: shape.recapBullets.max,
      forms: shape.forms.length,
    }).toEqual(expected);
  });

  it("lists only the subtopics that teach something", () => {
    const shape = shapeOf(
      new Map([
        ["a", 3],
        ["b", 0],
        ["c", 1],
      ]),
      80,
    );
    expect(shape.teachingSubtopics).toEqual(["a", "c"]);
    expect(shape.diagnosticSubtopics).toEqual(["a", "c"]);
  });

  it("asks the diagnostic about the first twelve teaching subtopics when there are more", () => {
    const ids = Array.from({ length: 13 }, (_, index) => `s-${index}`);
    const shape = shapeOf(new Map(ids.map((id) => [id, 2])), 300);
    expect(shape.diagnosticSubtopics).toEqual(ids.slice(0, ITEM_LIMITS.diagnostic));
    expect(shape.diagnostic).toBe(shape.diagnosticSubtopics.length);
    expect(shape.teachingSubtopics).toEqual(ids);
  });
});

describe("chapterShape: a glossary table or a listing teaches, as prose does", () => {
  const rows: Array<[string, boolean]> = [
    ["anoniem | Niet herleidbaar tot identiteit van persoon en / of telefoon.", true],
    ["TEK | Temporary Exposure Key | Dagelijkse random waarde van 128 bit", true],
    ["MT | Mobiele Telefoon", false],
    ["Jan | 80 | 95 | 102", false],
    ["A single cell that runs on for quite a few words", false],
    // a stand-in model was told a subtopic of a signing script "states nothing a learner can be asked about"
    [
      "openssl ecparam -name secp256k1 -genkey -out key.pem\nopenssl req -new -key key.pem -out req.csr\nopenssl x509 -req -in req.csr -signkey key.pem",
      true,
    ],
    ["openssl ecparam -name secp256k1\nopenssl req -new", false],
  ];
  it.each(rows)("%j teaches → %s", (row, expected) => {
    expect(isTeachingBlock(row)).toBe(expected);
  });

  it("makes a subtopic of table rows alone a teaching subtopic", () => {
    const section = {
      section_id: "s",
      title: "Begrippen",
      description: "",
      subtopics: [
        { subtopic_id: "terms", title: "Begrippen", description: "", key_points: [], citations: [] },
      ],
    };
    const material = {
      bySubtopic: new Map([["terms", []]]),
      blocks: new Map([["terms", rows.map(([row]) => row)]]),
    };
    const shape = chapterShape(section, material);
    expect(shape.teachingSubtopics).toEqual(["terms"]);
    expect(shape.teachable.sentences).toBe(3);
    expect(chapterShape(section, { ...material, blocks: new Map() }).teachingSubtopics).toEqual([]);
  });
});

describe("teachingStatements: a lead-in and its list items are one statement", () => {
  const lines = new Map<number, "list">();
  const chunk = { lineRoles: lines } as unknown as Sentence["chunk"];
  const other = { lineRoles: new Map([[9, "list"]]) } as unknown as Sentence["chunk"];
  // A sentence's index is its line; a list item names the line of the lead-in that frames it, as the
  // corpus does.
  const at = (
    line: number,
    text: string,
    role: "list" | null = null,
    of = chunk,
    framedBy?: number,
  ): Sentence => {
    if (role) lines.set(line, role);
    return {
      ...sentence(text),
      index: line,
      chunk: of,
      line_start: line,
      line_end: line,
      ...(framedBy === undefined ? {} : { framedBy }),
    } as Sentence;
  };
  const item = (line: number, text: string, lead: number) => at(line, text, "list", chunk, lead);

  it.each([
    {
      name: "three sources of bias under a lead-in",
      sentences: () => [
        at(54, "Bias ontstaat bijvoorbeeld in:"),
        item(56, "statistiek en berekeningen (statistische bias)", 54),
        item(58, "systemen en processen in de samenleving of je organisatie (systemische bias)", 54),
        item(60, "het menselijk denken (menselijke bias)", 54),
      ],
      expected: [
        "Bias ontstaat bijvoorbeeld in: statistiek en berekeningen (statistische bias); systemen en processen in de samenleving of je organisatie (systemische bias); het menselijk denken (menselijke bias).",
      ],
      teachable: 1,
    },
    {
      name: "what human bias affects",
      sentences: () => [
        at(84, "Menselijke bias kan invloed hebben op de:"),
        item(86, "verzamelde data", 84),
        item(88, "manier waarop je het algoritme optimaliseert", 84),
        item(90, "besluiten die je neemt op basis van het algoritme", 84),
        at(92, "Voorbeelden:"),
      ],
      expected: [
        "Menselijke bias kan invloed hebben op de: verzamelde data; manier waarop je het algoritme optimaliseert; besluiten die je neemt op basis van het algoritme.",
        "Voorbeelden:",
      ],
      teachable: 1,
    },
    {
      name: "a lead-in without a list stays incomplete",
      sentences: () => [
        at(10, "The steps are:"),
        at(11, "Magma rises through cracks in the crust of the earth."),
      ],
      expected: ["The steps are:", "Magma rises through cracks in the crust of the earth."],
      teachable: 1,
    },
    {
      name: "bullets without a lead-in stay fragments",
      sentences: () => [at(20, "Cross-referencing labels", "list"), at(21, "Numbered equations", "list")],
      expected: ["Cross-referencing labels", "Numbered equations"],
      teachable: 0,
    },
    {
      name: "list items of another chunk are not the lead-in's",
      sentences: () => [
        at(8, "Bias ontstaat bijvoorbeeld in:"),
        at(9, "statistiek en berekeningen", null, other, 8),
      ],
      expected: ["Bias ontstaat bijvoorbeeld in:", "statistiek en berekeningen"],
      teachable: 0,
    },
  ])("$name", ({ sentences, expected, teachable }) => {
    const statements = teachingStatements(sentences());
    expect(statements.map((statement) => statement.text)).toEqual(expected);
    expect(statements.filter(isTeachable)).toHaveLength(teachable);
  });
});

describe("verbatimShare", () => {
  const line = "Magma that reaches the surface through a vent is called lava and cools into rock.";
  it.each([
    { text: line, share: 1 },
    { text: "Lava is what we call magma once it has escaped at the surface.", share: 0 },
    { text: "Too short", share: 0 },
    {
      text: "Magma that reaches the surface through a vent becomes lava, which hardens later.",
      share: 4 / 9,
    },
  ])("$text → $share", ({ text, share }) => {
    expect(verbatimShare(text, [line])).toBeCloseTo(share, 5);
  });

  it("finds a phrase broken across two cited lines", () => {
    expect(
      verbatimShare("the surface through a vent is", ["reaches the surface", "through a vent is called"]),
    ).toBe(1);
  });
});
